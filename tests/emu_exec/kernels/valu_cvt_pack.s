;@kernel valu_cvt_pack
; kernarg: in (u32[64*8]: per lane x f32, sel, old, y f32, a, b, -, -), out (u32[64*10]). Slot k of out
; holds the k-th result per lane (valu_cvt_pack_test.cc). v2 = x, v3 = sel, v4 = old, v5 = y, v6 = a, v7 = b.
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v20, 5, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v20, s[4:5]
  global_load_dwordx4 v[6:9], v20, s[4:5] offset:16
  s_waitcnt vmcnt(0)
  ; 0: cvt_pk_u8_f32(x, sel, old), MODE round to nearest even
  v_cvt_pk_u8_f32 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:0
  ; 1: cvt_pk_u8_f32(-x, 2, old)
  v_cvt_pk_u8_f32 v10, -v2, 2, v4
  global_store_dword v1, v10, s[6:7] offset:256
  ; 2: cvt_pk_u8_f32(|y|, sel, old)
  v_cvt_pk_u8_f32 v10, |v5|, v3, v4
  global_store_dword v1, v10, s[6:7] offset:512
  ; 3: pkaccum from old: x into byte 0, then y into byte 3
  v_mov_b32 v10, v4
  v_cvt_pkaccum_u8_f32 v10, v2, 0
  v_cvt_pkaccum_u8_f32 v10, v5, 3
  global_store_dword v1, v10, s[6:7] offset:768
  ; 4: pkaccum of x into old at byte sel[1:0]
  v_mov_b32 v10, v4
  v_cvt_pkaccum_u8_f32 v10, v2, v3
  global_store_dword v1, v10, s[6:7] offset:1024
  ; 5: cvt_pk_u16_u32(a, b)
  v_cvt_pk_u16_u32 v10, v6, v7
  global_store_dword v1, v10, s[6:7] offset:1280
  ; 6: cvt_pk_i16_i32(a, b)
  v_cvt_pk_i16_i32 v10, v6, v7
  global_store_dword v1, v10, s[6:7] offset:1536
  ; 7: cvt_pk_u8_f32(x, sel, old) with MODE.FP_ROUND f32 = toward +inf
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 1
  v_cvt_pk_u8_f32 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:1792
  ; 8: ... toward -inf
  s_nop 1
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 2
  v_cvt_pk_u8_f32 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:2048
  ; 9: ... toward zero
  s_nop 1
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 3
  v_cvt_pk_u8_f32 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:2304
  s_endpgm
