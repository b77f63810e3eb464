;@kernel barrier_spin_hang
;@lds 64
; A true hang: wave 1 waits at an s_barrier before it sets an LDS flag, and wave 0 spins on that flag
; before its own barrier. Only the instruction bound ends it.
  v_lshrrev_b32 v1, 6, v0
  s_nop 0
  v_readfirstlane_b32 s6, v1
  v_mov_b32 v2, 0
  s_cmp_eq_u32 s6, 0
  s_cbranch_scc1 .Lspin
  s_barrier
  v_mov_b32 v3, 1
  ds_write_b32 v2, v3
  s_waitcnt lgkmcnt(0)
  s_endpgm
.Lspin:
  ds_read_b32 v3, v2
  s_waitcnt lgkmcnt(0)
  v_readfirstlane_b32 s7, v3
  s_cmp_eq_u32 s7, 0
  s_cbranch_scc1 .Lspin
  s_barrier
  s_endpgm
