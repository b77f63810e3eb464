;@kernel own_store_load
; A workgroup reading back its own global stores, including another wave's (two waves, 128 lanes):
; out[g] = 3*g + 1 for g = workgroup*128 + lane; s_waitcnt vmcnt(0); s_barrier; then
; result[g] = out[workgroup*128 + (lane ^ 64)]. No release or acquire: none is needed inside a
; workgroup, so the memory-model checker must not report anything.
; kernarg: out (u32[groups*128]), result (u32[groups*128]).
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_waitcnt lgkmcnt(0)
  s_lshl_b32 s8, s2, 9
  v_lshlrev_b32 v1, 2, v0
  v_add_u32 v2, s8, v1
  s_lshl_b32 s9, s2, 7
  v_add_u32 v3, s9, v0
  v_mul_u32_u24 v4, 3, v3
  v_add_u32 v4, 1, v4
  global_store_dword v2, v4, s[4:5]
  s_waitcnt vmcnt(0)
  s_barrier
  v_xor_b32 v5, 0x100, v1
  v_add_u32 v5, s8, v5
  global_load_dword v6, v5, s[4:5]
  s_waitcnt vmcnt(0)
  global_store_dword v2, v6, s[6:7]
  s_endpgm
