;@kernel lane_ops
; kernarg: a (u32[64]), out (u32[64*6]).
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  s_waitcnt lgkmcnt(0)
  global_load_dword v2, v1, s[4:5]
  s_waitcnt vmcnt(0)
  v_readlane_b32 s8, v2, 5
  v_mov_b32 v3, 0
  s_nop 0                                  ; VALU writes s8 -> VALU reads it: 2 wait states
  v_writelane_b32 v3, s8, 9                ; v3 = a[5] in lane 9, 0 elsewhere
  global_store_dword v1, v3, s[6:7]
  s_mov_b64 s[10:11], exec
  s_mov_b32 exec_lo, 0xfff0                ; first active lane is 4
  v_readfirstlane_b32 s9, v2
  s_mov_b64 exec, s[10:11]
  s_nop 0                                  ; VALU writes s9 -> VALU reads it: 2 wait states
  v_mov_b32 v3, s9
  global_store_dword v1, v3, s[6:7] offset:256
  ds_swizzle_b32 v4, v2 offset:0x041f      ; and 0x1f, or 0, xor 1: swap neighbours
  v_add_u32 v5, 1, v0
  v_and_b32 v5, 63, v5
  v_lshlrev_b32 v5, 2, v5
  ds_bpermute_b32 v6, v5, v2               ; a[(l+1) % 64]
  ds_permute_b32 v7, v5, v2                ; lane (l+1)%64 receives a[l]
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v4, s[6:7] offset:512
  global_store_dword v1, v6, s[6:7] offset:768
  global_store_dword v1, v7, s[6:7] offset:1024
  s_endpgm
