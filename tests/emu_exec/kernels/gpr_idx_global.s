;@kernel gpr_idx_global
; kernarg: out (u32[64]). Index mode left on across a global store: not emulated (a fault).
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  s_mov_b32 s2, 1
  s_waitcnt lgkmcnt(0)
  s_set_gpr_idx_on s2, gpr_idx(SRC0,DST)
  global_store_dword v1, v0, s[4:5]
  s_set_gpr_idx_off
  s_endpgm
