;@kernel mode_from_descriptor
;@enable no_ieee_mode
; Stores MODE as the wave starts (s_getreg of all 32 bits) and one v_cvt_pk_fp8_f32 of an f32 far out of
; FP8 range, whose overflow result depends on MODE.FP16_OVFL: out[0] = the packed bytes, out[1] = MODE.
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_getreg_b32 s6, hwreg(HW_REG_MODE, 0, 32)
  v_mov_b32 v1, 0x49742400                ; 1.0e6
  v_cvt_pk_fp8_f32 v2, v1, v1
  v_mov_b32 v3, s6
  v_mov_b32 v0, 0
  s_waitcnt lgkmcnt(0)
  global_store_dwordx2 v0, v[2:3], s[4:5]
  s_endpgm
