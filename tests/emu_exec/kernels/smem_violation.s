;@kernel smem_violation
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_load_dword s6, s[0:1], 8
  s_waitcnt lgkmcnt(1)                     ; SMEM returns out of order: only lgkmcnt(0) is safe
  s_add_u32 s7, s4, 1
  s_endpgm
