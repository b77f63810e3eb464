;@kernel fp8_convert
; kernarg: a (f32[64]), out (u32[64*2]). Round trip f32 -> fp8 (byte 0) -> f32, and -> bf8 -> f32.
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  s_waitcnt lgkmcnt(0)
  global_load_dword v2, v1, s[4:5]
  s_waitcnt vmcnt(0)
  v_mov_b32 v3, 0
  v_cvt_pk_fp8_f32 v3, v2, v2
  v_cvt_f32_fp8_e32 v4, v3
  global_store_dword v1, v4, s[6:7]
  v_mov_b32 v3, 0
  v_cvt_pk_bf8_f32 v3, v2, v2
  v_cvt_f32_bf8_e32 v4, v3
  global_store_dword v1, v4, s[6:7] offset:256
  s_endpgm
