;@kernel barrier_ping_pong
;@lds 1024
; Wave-specialised ("ping-pong") workgroup of four waves. kernarg: out (u32[128]).
; Waves 0-1 produce four rounds into a double-buffered LDS slot, value (round+1)*(lane+1) + 1000*wave;
; waves 2-3 consume them and store their sums. The two groups take different paths and meet at barriers
; at different PCs: producers at .Lfull/.Lconsumed, consumers at .Lwait_full/.Lwait_consumed.
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_lshrrev_b32 v1, 6, v0
  s_nop 0
  v_readfirstlane_b32 s6, v1
  v_and_b32 v2, 63, v0
  v_add_u32 v3, 1, v2
  s_mov_b32 s7, 0
  s_cmp_ge_u32 s6, 2
  s_cbranch_scc1 .Lconsumer
  v_lshlrev_b32 v4, 2, v0
  s_mul_i32 s8, s6, 1000
.Lproduce:
  s_add_u32 s9, s7, 1
  v_mul_u32_u24 v5, s9, v3
  v_add_u32 v5, s8, v5
  s_and_b32 s10, s7, 1
  s_lshl_b32 s10, s10, 9
  v_add_u32 v6, s10, v4
  ds_write_b32 v6, v5
  s_waitcnt lgkmcnt(0)
.Lfull:
  s_barrier
.Lconsumed:
  s_barrier
  s_add_u32 s7, s7, 1
  s_cmp_lt_u32 s7, 4
  s_cbranch_scc1 .Lproduce
  s_endpgm
.Lconsumer:
  v_add_u32 v4, 0xffffff80, v0
  v_lshlrev_b32 v4, 2, v4
  v_mov_b32 v7, 0
.Lwait_full:
  s_barrier
  s_and_b32 s10, s7, 1
  s_lshl_b32 s10, s10, 9
  v_add_u32 v6, s10, v4
  ds_read_b32 v5, v6
  s_waitcnt lgkmcnt(0)
  v_add_u32 v7, v7, v5
.Lwait_consumed:
  s_barrier
  s_add_u32 s7, s7, 1
  s_cmp_lt_u32 s7, 4
  s_cbranch_scc1 .Lwait_full
  global_store_dword v4, v7, s[4:5]
  s_endpgm
