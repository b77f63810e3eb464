;@kernel gpr_idx
; kernarg: out (u32[64*10]), idx (u32). VGPR index mode as LLVM writes it for a dynamic extractelement
; (s_set_gpr_idx_on sN, gpr_idx(SRC0) ; v_mov_b32 ; s_set_gpr_idx_off), plus DST / SRC1 / mode changes.
; v10..v17 = lane*16 + k; v20..v23 = 0xdead0000 + k. Slot k of out holds one dword per lane.
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_load_dword s2, s[0:1], 8
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v2, 4, v0
  v_add_u32 v10, 0, v2
  v_add_u32 v11, 1, v2
  v_add_u32 v12, 2, v2
  v_add_u32 v13, 3, v2
  v_add_u32 v14, 4, v2
  v_add_u32 v15, 5, v2
  v_add_u32 v16, 6, v2
  v_add_u32 v17, 7, v2
  v_mov_b32 v20, 0xdead0000
  v_mov_b32 v21, 0xdead0001
  v_mov_b32 v22, 0xdead0002
  v_mov_b32 v23, 0xdead0003
  s_mov_b32 m0, 0xabcd5f00
  s_waitcnt lgkmcnt(0)
  ; 0: v3 = v[10 + idx]
  s_set_gpr_idx_on s2, gpr_idx(SRC0)
  v_mov_b32 v3, v10
  s_set_gpr_idx_off
  global_store_dword v1, v3, s[4:5]
  ; 1..4: v[20 + idx] = v[12 + idx] + v[14 + idx] (SRC0, SRC1 and DST)
  s_set_gpr_idx_on s2, gpr_idx(SRC0,SRC1,DST)
  v_add_u32 v20, v12, v14
  s_set_gpr_idx_off
  global_store_dword v1, v20, s[4:5] offset:256
  global_store_dword v1, v21, s[4:5] offset:512
  global_store_dword v1, v22, s[4:5] offset:768
  global_store_dword v1, v23, s[4:5] offset:1024
  ; 5: s_set_gpr_idx_mode switches to DST only: v4 = v11 + 100 is not moved, v[5 + idx] = v4 is
  s_set_gpr_idx_on s2, gpr_idx(SRC0)
  s_set_gpr_idx_mode gpr_idx()
  v_add_u32 v4, 100, v11
  s_set_gpr_idx_mode gpr_idx(DST)
  v_mov_b32 v5, v4
  s_set_gpr_idx_off
  global_store_dword v1, v4, s[4:5] offset:1280
  ; 6: v[5 + idx], read back with index mode once more (9: v5 itself, still 0 unless idx == 0)
  s_set_gpr_idx_on s2, gpr_idx(SRC0)
  v_mov_b32 v25, v5
  s_set_gpr_idx_off
  global_store_dword v1, v25, s[4:5] offset:1536
  ; 7: M0 after the sequence: bits other than [7:0] and [15:12] are kept
  v_mov_b32 v26, m0
  global_store_dword v1, v26, s[4:5] offset:1792
  ; 8: index mode off: v3 = v10 again; 9: v5
  v_mov_b32 v3, v10
  global_store_dword v1, v3, s[4:5] offset:2048
  global_store_dword v1, v5, s[4:5] offset:2304
  s_endpgm
