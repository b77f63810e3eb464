;@kernel valu_div_f32
; kernarg: a (f32[n]), b (f32[n]), out (f32[n]); out[i] = a[i] / b[i] through the exact instruction
; sequence LLVM (triton 3.6.0's, -mcpu=gfx942, default denormal mode) emits for `fdiv float %a, %b`.
  s_load_dwordx4 s[4:7], s[0:1], 0x0
  s_load_dwordx2 s[8:9], s[0:1], 0x10
  v_and_b32_e32 v0, 0x3ff, v0
  v_lshlrev_b32_e32 v0, 2, v0
  s_waitcnt lgkmcnt(0)
  global_load_dword v1, v0, s[4:5]
  global_load_dword v2, v0, s[6:7]
  s_waitcnt vmcnt(0)
  v_div_scale_f32 v3, s[0:1], v2, v2, v1
  v_rcp_f32_e32 v4, v3
  v_div_scale_f32 v5, vcc, v1, v2, v1
  v_fma_f32 v6, -v3, v4, 1.0
  v_fmac_f32_e32 v4, v6, v4
  v_mul_f32_e32 v6, v5, v4
  v_fma_f32 v7, -v3, v6, v5
  v_fmac_f32_e32 v6, v7, v4
  v_fma_f32 v3, -v3, v6, v5
  v_div_fmas_f32 v3, v3, v4, v6
  v_div_fixup_f32 v1, v3, v2, v1
  global_store_dword v0, v1, s[8:9]
  s_endpgm
