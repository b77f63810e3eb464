;@kernel f16_overflow
; f16-result VALU ops with MODE.FP16_OVFL clear (f16_overflow_saturate.s: the same body with it set).
; kernarg: in (u32[64*8] per lane: a|b<<16, b|c<<16, c, x f32, t, r, e, u), out (u32[64*13]); slot k of
; out holds the k-th result per lane (f16_overflow_test.cc). v2..v9 = the eight input dwords.
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v20, 5, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v20, s[4:5]
  global_load_dwordx4 v[6:9], v20, s[4:5] offset:16
  s_waitcnt vmcnt(0)
  ; 0: a + b
  v_add_f16 v10, v2, v3
  global_store_dword v1, v10, s[6:7] offset:0
  ; 1: a * b
  v_mul_f16 v10, v2, v3
  global_store_dword v1, v10, s[6:7] offset:256
  ; 2: a * b + c
  v_fma_f16 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:512
  ; 3: packed (a + b, b + c)
  v_pk_add_f16 v10, v2, v3
  global_store_dword v1, v10, s[6:7] offset:768
  ; 4: packed (a * b, b * c)
  v_pk_mul_f16 v10, v2, v3
  global_store_dword v1, v10, s[6:7] offset:1024
  ; 5: packed (a * b + a, b * c + b)
  v_pk_fma_f16 v10, v2, v3, v2
  global_store_dword v1, v10, s[6:7] offset:1280
  ; 6: cvt_f16_f32(x)
  v_cvt_f16_f32 v10, v5
  global_store_dword v1, v10, s[6:7] offset:1536
  ; 7: exp2(t)
  v_exp_f16 v10, v6
  global_store_dword v1, v10, s[6:7] offset:1792
  ; 8: 1 / r
  v_rcp_f16 v10, v7
  global_store_dword v1, v10, s[6:7] offset:2048
  ; 9: ldexp(a, e)
  v_ldexp_f16 v10, v2, v8
  global_store_dword v1, v10, s[6:7] offset:2304
  ; 10: cvt_f16_u16(u)
  v_cvt_f16_u16 v10, v9
  global_store_dword v1, v10, s[6:7] offset:2560
  ; 11: fma_mixlo(x, x, x), f32 sources, high half of D kept (0)
  v_mov_b32 v10, 0
  v_fma_mixlo_f16 v10, v5, v5, v5 op_sel_hi:[0,0,0]
  global_store_dword v1, v10, s[6:7] offset:2816
  ; 12: (a + b) with omod x2
  v_add_f16_e64 v10, v2, v3 mul:2
  global_store_dword v1, v10, s[6:7] offset:3072
  s_endpgm
