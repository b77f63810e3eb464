;@kernel cvt_sr_fnuz
;@arch gfx942
; kernarg as cvt_narrow (b, h, g and scale unused; out u32[3*n]). gfx942 stochastic rounding to FNUZ
; FP8 / BF8 into a destination pre-filled with a pattern (kept bytes); row 2 negates the source.
  s_load_dwordx16 s[4:19], s[0:1], 0
  s_lshl_b32 s20, s2, 8
  v_lshlrev_b32 v1, 2, v0
  s_waitcnt lgkmcnt(0)
  v_add_u32 v1, s20, v1
  s_lshl_b32 s21, s18, 2
  global_load_dword v2, v1, s[4:5]
  global_load_dword v6, v1, s[12:13]
  v_mov_b32 v10, 0x11223344
  v_mov_b32 v11, 0x55667788
  v_mov_b32 v12, 0x99aabbcc
  s_waitcnt vmcnt(0)
  v_cvt_sr_fp8_f32 v10, v2, v6 op_sel:[0,0,1,1]
  v_cvt_sr_bf8_f32 v11, v2, v6 op_sel:[0,0,1,0]
  v_cvt_sr_fp8_f32 v12, -v2, v6
  global_store_dword v1, v10, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v11, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v12, s[16:17]
  s_endpgm
