;@kernel timing_pointer_chase
; Pointer chasing: v1 = buf[v1] `hops` times, each load waiting for the previous one; then every lane
; stores v1. kernarg: buf (u32 byte offsets), hops (u32 at 8), out (u32 per lane, at 16).
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[8:9], s[0:1], 16
  v_mov_b32 v1, 0
  s_waitcnt lgkmcnt(0)
.Lloop:
  global_load_dword v1, v1, s[4:5]
  s_waitcnt vmcnt(0)
  s_sub_u32 s6, s6, 1
  s_cmp_lg_u32 s6, 0
  s_cbranch_scc1 .Lloop
  v_lshlrev_b32 v2, 2, v0
  global_store_dword v2, v1, s[8:9]
  s_endpgm
