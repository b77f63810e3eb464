;@kernel timing_spin_partner
; Two workgroups that meet through memory (lane 0 only). kernarg: flag (u32[1], zero at launch).
; Workgroup 1 sets the flag; workgroup 0 spins (an atomic add of 0 reads it) until it is set. How many
; times workgroup 0 spins is whatever the functional run's schedule made it: on one host thread it runs
; turns of 2^18 instructions before workgroup 1 is dispatched beside it, on two host threads workgroup 1
; starts at once on the other thread and the count depends on the threads' race.
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_mov_b64 exec, 1
  v_mov_b32 v1, 0
  v_mov_b32 v2, 1
  v_mov_b32 v3, 0
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s2, 0
  s_cbranch_scc1 .Lwait
  global_atomic_swap v1, v2, s[4:5]
  s_endpgm
.Lwait:
  global_atomic_add v7, v1, v3, s[4:5] sc0
  s_waitcnt vmcnt(0)
  v_readfirstlane_b32 s6, v7
  s_cmp_eq_u32 s6, 0
  s_cbranch_scc1 .Lwait
  s_endpgm
