;@kernel lds_b128_phases
;@lds 2048
; One ds_read_b128 (write = 0) or ds_write_b128 (write = 1) at each lane's LDS byte address, for the
; bank-conflict count in the profile. kernarg: addresses (u32[64]), write (u32 at byte 8).
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_load_dword s6, s[0:1], 8
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v4, v0
  v_mov_b32 v5, v0
  v_mov_b32 v6, v0
  v_mov_b32 v7, v0
  s_waitcnt lgkmcnt(0)
  global_load_dword v2, v1, s[4:5]
  s_waitcnt vmcnt(0)
  s_cmp_eq_u32 s6, 0
  s_cbranch_scc1 .Lread
  ds_write_b128 v2, v[4:7]
  s_waitcnt lgkmcnt(0)
  s_endpgm
.Lread:
  ds_read_b128 v[4:7], v2
  s_waitcnt lgkmcnt(0)
  s_endpgm
