;@kernel split_k_spin
; Split-K partners that wait on each other through memory (lane 0 only).
; kernarg: sync (u32[2]: arrivals, done), partials (u32[groups]), result (u32[1]), partners (u32 at byte 24).
; Workgroup g > 0 stores partials[g] = g + 1, releases it, counts its arrival with an atomic and spins until
; done != 0. Workgroup (0,0,0) spins until `partners` arrivals, acquires, stores the sum of partials[1..partners]
; and sets done. Dispatched in index order and run one at a time to completion, workgroup 0 spins forever.
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[8:9], s[0:1], 16
  s_load_dword s10, s[0:1], 24
  s_mov_b64 exec, 1
  v_mov_b32 v1, 0
  v_mov_b32 v2, 4
  v_mov_b32 v3, 0
  v_mov_b32 v6, 1
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s2, 0
  s_cbranch_scc1 .Lwait_arrivals
  s_add_u32 s11, s2, 1
  v_mov_b32 v4, s11
  s_lshl_b32 s12, s2, 2
  v_mov_b32 v5, s12
  global_store_dword v5, v4, s[6:7] sc1
  s_waitcnt vmcnt(0)
  buffer_wbl2 sc1
  s_waitcnt vmcnt(0)
  global_atomic_add v1, v6, s[4:5]
.Lwait_done:
  s_sleep 1
  global_atomic_add v7, v2, v3, s[4:5] sc0
  s_waitcnt vmcnt(0)
  v_readfirstlane_b32 s13, v7
  s_cmp_eq_u32 s13, 0
  s_cbranch_scc1 .Lwait_done
  s_endpgm
.Lwait_arrivals:
  s_sleep 1
  global_atomic_add v7, v1, v3, s[4:5] sc0
  s_waitcnt vmcnt(0)
  v_readfirstlane_b32 s13, v7
  s_cmp_lt_u32 s13, s10
  s_cbranch_scc1 .Lwait_arrivals
  buffer_inv sc1
  v_mov_b32 v8, 0
  v_mov_b32 v5, 4
  s_mov_b32 s14, 1
.Lsum:
  global_load_dword v9, v5, s[6:7]
  s_waitcnt vmcnt(0)
  v_add_u32 v8, v8, v9
  v_add_u32 v5, 4, v5
  s_add_u32 s14, s14, 1
  s_cmp_le_u32 s14, s10
  s_cbranch_scc1 .Lsum
  global_store_dword v3, v8, s[8:9]
  s_waitcnt vmcnt(0)
  buffer_wbl2 sc1
  s_waitcnt vmcnt(0)
  global_atomic_swap v2, v6, s[4:5]
  s_endpgm
