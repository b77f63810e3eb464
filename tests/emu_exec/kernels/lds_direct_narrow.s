;@kernel lds_direct_narrow
;@lds 2048
; kernarg: in, pos (bytes), out (u32[8*64]), records. LDS is first filled with 0xa5a5a5a5; then eight
; direct-to-LDS loads put lane l's element in slot k (LDS bytes 256k..256k+255), at 256k + 4l:
;   k=0 global_load_lds_ubyte in[l]         k=1 global_load_lds_ushort in[2l], M0 = 0x103 (low bits dropped)
;   k=2 global_load_lds_sbyte pos[l]        k=3 global_load_lds_sshort pos[2l]
;   k=4 buffer_load_ubyte in[l] lds         k=5 buffer_load_ushort in[2l] lds (num_records = records)
;   k=6 buffer_load_sbyte pos[l] lds        k=7 buffer_load_sshort pos[2l] lds (num_records = records)
; out[k*64 + l] = the dword at 256k + 4l.
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[12:13], s[0:1], 16
  s_load_dword s14, s[0:1], 24
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v2, 1, v0
  v_mov_b32 v3, 0xa5a5a5a5
  ds_write_b32 v1, v3
  ds_write_b32 v1, v3 offset:256
  ds_write_b32 v1, v3 offset:512
  ds_write_b32 v1, v3 offset:768
  ds_write_b32 v1, v3 offset:1024
  ds_write_b32 v1, v3 offset:1280
  ds_write_b32 v1, v3 offset:1536
  ds_write_b32 v1, v3 offset:1792
  s_waitcnt lgkmcnt(0)
  s_mov_b32 m0, 0
  s_nop 0
  global_load_lds_ubyte v0, s[4:5]
  s_movk_i32 m0, 0x103
  s_nop 0
  global_load_lds_ushort v2, s[4:5]
  s_movk_i32 m0, 0x200
  s_nop 0
  global_load_lds_sbyte v0, s[6:7]
  s_movk_i32 m0, 0x300
  s_nop 0
  global_load_lds_sshort v2, s[6:7]
  s_mov_b32 s8, s4
  s_and_b32 s9, s5, 0xffff
  s_mov_b32 s10, s14
  s_mov_b32 s11, 0x00020000
  s_mov_b32 s16, s6
  s_and_b32 s17, s7, 0xffff
  s_mov_b32 s18, s14
  s_mov_b32 s19, 0x00020000
  s_movk_i32 m0, 0x400
  s_nop 0
  buffer_load_ubyte v0, s[8:11], 0 offen lds
  s_movk_i32 m0, 0x500
  s_nop 0
  buffer_load_ushort v2, s[8:11], 0 offen lds
  s_movk_i32 m0, 0x600
  s_nop 0
  buffer_load_sbyte v0, s[16:19], 0 offen lds
  s_movk_i32 m0, 0x700
  s_nop 0
  buffer_load_sshort v2, s[16:19], 0 offen lds
  s_waitcnt vmcnt(0)
  ds_read_b32 v4, v1
  ds_read_b32 v5, v1 offset:256
  ds_read_b32 v6, v1 offset:512
  ds_read_b32 v7, v1 offset:768
  ds_read_b32 v8, v1 offset:1024
  ds_read_b32 v9, v1 offset:1280
  ds_read_b32 v10, v1 offset:1536
  ds_read_b32 v11, v1 offset:1792
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v4, s[12:13]
  global_store_dword v1, v5, s[12:13] offset:256
  global_store_dword v1, v6, s[12:13] offset:512
  global_store_dword v1, v7, s[12:13] offset:768
  global_store_dword v1, v8, s[12:13] offset:1024
  global_store_dword v1, v9, s[12:13] offset:1280
  global_store_dword v1, v10, s[12:13] offset:1536
  global_store_dword v1, v11, s[12:13] offset:1792
  s_endpgm
