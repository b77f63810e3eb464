;@kernel f16_overflow_gfx950
;@arch gfx950
; gfx950's packed f32 -> f16 / bf16 conversions with MODE.FP16_OVFL clear (f16_overflow_gfx950_saturate.s:
; set). Inputs as kernels/f16_overflow.s (v5 = x, f32); out (u32[64*2]) (f16_overflow_test.cc).
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v20, 5, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v20, s[4:5]
  s_waitcnt vmcnt(0)
  ; 0: cvt_pk_f16_f32(x, -x)
  v_cvt_pk_f16_f32 v10, v5, -v5
  global_store_dword v1, v10, s[6:7] offset:0
  ; 1: cvt_pk_bf16_f32(x, -x)
  v_cvt_pk_bf16_f32 v10, v5, -v5
  global_store_dword v1, v10, s[6:7] offset:256
  s_endpgm
