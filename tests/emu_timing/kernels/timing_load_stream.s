;@kernel timing_load_stream
;@vgprs 40
; Every wave loads 8 x global_load_dwordx4 (8 KiB per wave) per iteration, then waits: a pure load stream.
; kernarg: buf (16 bytes per work-item), iterations (u32 at 8).
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_load_dword s6, s[0:1], 8
  v_lshlrev_b32 v1, 4, v0
  s_waitcnt lgkmcnt(0)
.Lloop:
  global_load_dwordx4 v[2:5], v1, s[4:5]
  global_load_dwordx4 v[6:9], v1, s[4:5]
  global_load_dwordx4 v[10:13], v1, s[4:5]
  global_load_dwordx4 v[14:17], v1, s[4:5]
  global_load_dwordx4 v[18:21], v1, s[4:5]
  global_load_dwordx4 v[22:25], v1, s[4:5]
  global_load_dwordx4 v[26:29], v1, s[4:5]
  global_load_dwordx4 v[30:33], v1, s[4:5]
  s_waitcnt vmcnt(0)
  s_sub_u32 s6, s6, 1
  s_cmp_lg_u32 s6, 0
  s_cbranch_scc1 .Lloop
  s_endpgm
