;@kernel valu_div_f64
; kernarg: a (f64[n]), b (f64[n]), out (f64[n]); out[i] = a[i] / b[i] through the exact instruction
; sequence LLVM (triton 3.6.0's, -mcpu=gfx942) emits for `fdiv double %a, %b`.
  s_load_dwordx4 s[4:7], s[0:1], 0x0
  s_load_dwordx2 s[8:9], s[0:1], 0x10
  v_and_b32_e32 v0, 0x3ff, v0
  v_lshlrev_b32_e32 v12, 3, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx2 v[0:1], v12, s[4:5]
  global_load_dwordx2 v[2:3], v12, s[6:7]
  s_waitcnt vmcnt(0)
  v_div_scale_f64 v[4:5], s[0:1], v[2:3], v[2:3], v[0:1]
  v_rcp_f64_e32 v[6:7], v[4:5]
  v_div_scale_f64 v[8:9], vcc, v[0:1], v[2:3], v[0:1]
  v_fma_f64 v[10:11], -v[4:5], v[6:7], 1.0
  v_fmac_f64_e32 v[6:7], v[6:7], v[10:11]
  v_fma_f64 v[10:11], -v[4:5], v[6:7], 1.0
  v_fmac_f64_e32 v[6:7], v[6:7], v[10:11]
  v_mul_f64 v[10:11], v[8:9], v[6:7]
  v_fma_f64 v[4:5], -v[4:5], v[10:11], v[8:9]
  v_div_fmas_f64 v[4:5], v[4:5], v[6:7], v[10:11]
  v_div_fixup_f64 v[0:1], v[4:5], v[2:3], v[0:1]
  global_store_dwordx2 v12, v[0:1], s[8:9]
  s_endpgm
