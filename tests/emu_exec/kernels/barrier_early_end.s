;@kernel barrier_early_end
;@lds 512
; Four waves; waves 2 and 3 count down `delay` (u32 at kernarg byte 8) loop trips and end without a
; barrier. kernarg: out (u32[128]), delay. Waves 0 and 1 swap values (work-item + 7) through LDS across an
; s_barrier that the ended waves no longer count toward, whether they end before or after it is reached.
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_load_dword s7, s[0:1], 8
  v_lshrrev_b32 v1, 6, v0
  s_nop 0
  v_readfirstlane_b32 s6, v1
  s_waitcnt lgkmcnt(0)
  s_cmp_ge_u32 s6, 2
  s_cbranch_scc1 .Ldelay
  v_lshlrev_b32 v2, 2, v0
  v_add_u32 v3, 7, v0
  ds_write_b32 v2, v3
  s_waitcnt lgkmcnt(0)
  s_barrier
  v_xor_b32 v4, 0x100, v2
  ds_read_b32 v5, v4
  s_waitcnt lgkmcnt(0)
  global_store_dword v2, v5, s[4:5]
  s_endpgm
.Ldelay:
  s_cmp_eq_u32 s7, 0
  s_cbranch_scc1 .Lend
  s_sub_u32 s7, s7, 1
  s_branch .Ldelay
.Lend:
  s_endpgm
