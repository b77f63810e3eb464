;@kernel split_k_reduce_buffer
; split_k_reduce through MUBUF: partials stored with buffer_store_dword, the counter bumped with
; buffer_atomic_add ... sc0 (returns the old value into vdata), partials read back with
; buffer_load_dword. Same kernargs as split_k_reduce.
  s_load_dwordx8 s[4:11], s[0:1], 0
  s_load_dword s12, s[0:1], 32
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s20, s6
  s_and_b32 s21, s7, 0xffff
  s_lshl_b32 s22, s12, 8
  s_mov_b32 s23, 0x00020000
  s_mov_b32 s24, s8
  s_and_b32 s25, s9, 0xffff
  s_mov_b32 s26, 4
  s_mov_b32 s27, 0x00020000
  s_lshl_b32 s13, s2, 8
  v_lshlrev_b32 v1, 2, v0
  v_add_u32 v2, s13, v1
  global_load_dword v3, v2, s[4:5]
  s_waitcnt vmcnt(0)
  v_mul_f32 v3, 0x3fc00000, v3
  buffer_store_dword v3, v2, s[20:23], 0 offen sc0 sc1 nt
  s_waitcnt vmcnt(0)
  buffer_wbl2 sc1
  s_waitcnt vmcnt(0)
  v_mov_b32 v4, 0
  v_mov_b32 v5, 1
  v_cmp_eq_u32 vcc, 0, v0
  s_and_saveexec_b64 s[14:15], vcc
  buffer_atomic_add v5, v4, s[24:27], 0 offen sc0
  s_waitcnt vmcnt(0)
  v_readfirstlane_b32 s16, v5
  s_mov_b64 exec, s[14:15]
  s_sub_u32 s17, s12, 1
  s_cmp_eq_u32 s16, s17
  s_cbranch_scc0 .Ldone
  buffer_inv sc1
  v_mov_b32 v7, 0
  v_mov_b32 v8, v1
  s_mov_b32 s18, 0
.Lloop:
  buffer_load_dword v9, v8, s[20:23], 0 offen
  s_waitcnt vmcnt(0)
  v_add_f32 v7, v7, v9
  v_add_u32 v8, 0x100, v8
  s_add_u32 s18, s18, 1
  s_cmp_lt_u32 s18, s12
  s_cbranch_scc1 .Lloop
  global_store_dword v1, v7, s[10:11]
  v_mov_b32 v6, 0
  buffer_store_dword v6, v4, s[24:27], 0 offen
.Ldone:
  s_endpgm
