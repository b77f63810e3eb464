;@kernel barrier_deadlock
; Wave 0 ends; wave 1 waits at a barrier nobody else will reach.
  v_readfirstlane_b32 s4, v0
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc1 .Ldone
  s_barrier
.Ldone:
  s_endpgm
