;@kernel waitcnt_violation
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_waitcnt lgkmcnt(0)
  v_lshlrev_b32 v1, 2, v0
  global_load_dword v2, v1, s[4:5]
  v_add_u32 v3, 1, v2                      ; reads v2 before s_waitcnt vmcnt(0)
  s_endpgm
