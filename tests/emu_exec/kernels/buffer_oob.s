;@kernel buffer_oob
; kernarg: in, out_loads (u32[64*6]), out_store (u32[64]), in_records, store_records.
  s_load_dwordx4 s[4:7], s[0:1], 0        ; in, out_loads
  s_load_dwordx2 s[20:21], s[0:1], 16     ; out_store
  s_load_dwordx2 s[22:23], s[0:1], 24     ; in_records, store_records
  s_waitcnt lgkmcnt(0)
  ; raw V# over `in`
  s_mov_b32 s8, s4
  s_and_b32 s9, s5, 0xffff
  s_mov_b32 s10, s22
  s_mov_b32 s11, 0x00020000
  ; raw V# over out_store
  s_mov_b32 s12, s20
  s_and_b32 s13, s21, 0xffff
  s_mov_b32 s14, s23
  s_mov_b32 s15, 0x00020000
  ; structured V#: stride 8 bytes, 10 records
  s_mov_b32 s16, s4
  s_and_b32 s17, s5, 0xffff
  s_or_b32 s17, s17, 0x80000
  s_mov_b32 s18, 10
  s_mov_b32 s19, 0x00020000
  v_lshlrev_b32 v1, 2, v0                  ; lane * 4
  v_lshlrev_b32 v3, 4, v0                  ; lane * 16
  buffer_load_dword v2, v1, s[8:11], 0 offen
  buffer_load_dwordx4 v[4:7], v3, s[8:11], 0 offen
  buffer_load_dword v8, v0, s[16:19], 0 idxen
  v_add_u32 v9, 1000, v0
  buffer_store_dword v9, v1, s[12:15], 0 offen
  s_waitcnt vmcnt(0)
  global_store_dword v1, v2, s[6:7]
  global_store_dword v1, v4, s[6:7] offset:256
  global_store_dword v1, v5, s[6:7] offset:512
  global_store_dword v1, v6, s[6:7] offset:768
  global_store_dword v1, v7, s[6:7] offset:1024
  global_store_dword v1, v8, s[6:7] offset:1280
  s_endpgm
