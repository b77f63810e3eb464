;@kernel valu_div_ops
; kernarg: a (f32[64]), b (f32[64]), d (f64[64]), out (u32[64*14]); result k of lane l at out[k*64 + l].
; The division helpers one at a time, and the f64 reciprocal family.
  s_load_dwordx8 s[4:11], s[0:1], 0x0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v10, 3, v0
  s_waitcnt lgkmcnt(0)
  global_load_dword v2, v1, s[4:5]
  global_load_dword v3, v1, s[6:7]
  global_load_dwordx2 v[12:13], v10, s[8:9]
  s_waitcnt vmcnt(0)
  ; denominator scaled (mask in s[12:13]), numerator scaled (mask in vcc)
  v_div_scale_f32 v4, s[12:13], v3, v3, v2
  v_div_scale_f32 v5, vcc, v2, v3, v2
  s_nop 1
  v_cndmask_b32_e64 v6, 0, 1, s[12:13]
  v_cndmask_b32_e64 v7, 0, 2, vcc
  v_or_b32 v6, v6, v7
  global_store_dword v1, v4, s[10:11]
  global_store_dword v1, v5, s[10:11] offset:256
  global_store_dword v1, v6, s[10:11] offset:512
  ; v_div_fmas with VCC from the numerator's scale: a * 1.0 + b, post-scaled per lane
  s_nop 4  ; VALU writes VCC -> v_div_fmas: 4 wait states (valu_div_fmas_hazard.s tests the rule)
  v_div_fmas_f32 v4, v2, 1.0, v3
  global_store_dword v1, v4, s[10:11] offset:768
  ; v_div_fixup(quotient = 3.0, denominator = b, numerator = a)
  v_mov_b32 v8, 0x40400000
  v_div_fixup_f32 v4, v8, v3, v2
  global_store_dword v1, v4, s[10:11] offset:1024
  ; f64 reciprocal, square root, reciprocal square root (low and high dwords at consecutive slots)
  v_rcp_f64 v[14:15], v[12:13]
  v_sqrt_f64 v[16:17], v[12:13]
  v_rsq_f64 v[18:19], v[12:13]
  v_add_u32 v20, 0x500, v10
  global_store_dwordx2 v20, v[14:15], s[10:11]
  global_store_dwordx2 v20, v[16:17], s[10:11] offset:512
  global_store_dwordx2 v20, v[18:19], s[10:11] offset:1024
  ; f16 fixup (quotient 3.0 = 0x4200) on a, b converted to f16; inputs packed at slot 11 (a low, b high)
  v_cvt_f16_f32 v21, v2
  v_cvt_f16_f32 v22, v3
  v_lshl_or_b32 v23, v22, 16, v21
  global_store_dword v1, v23, s[10:11] offset:2816
  v_mov_b32 v24, 0x4200
  v_mov_b32 v25, 0x12345678
  v_div_fixup_f16 v25, v24, v22, v21
  global_store_dword v1, v25, s[10:11] offset:3072
  ; legacy form (LLVM accepts no op_sel on it)
  v_mov_b32 v25, 0x12345678
  v_div_fixup_legacy_f16 v25, v24, v22, v21
  global_store_dword v1, v25, s[10:11] offset:3328
  s_endpgm
