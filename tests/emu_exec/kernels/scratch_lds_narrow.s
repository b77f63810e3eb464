;@kernel scratch_lds_narrow
;@scratch 16
;@lds 1024
; kernarg: out (u32[4*64]). Each lane stores A = 0xc0000080 | l << 8 | l << 16 at private offset 0 and
; B = 0x0101 * l at offset 4; LDS is filled with 0xa5a5a5a5; then scratch_load_lds_* put lane l's
; element at 256k + 4l: k=0 ubyte at 0 (0x80), k=1 sbyte at 1 (l), k=2 ushort at 2 (0xc0 << 8 | l),
; k=3 sshort at 4 (0x0101 * l). out[k*64 + l] = the dword at 256k + 4l.
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v2, 8, v0
  v_lshlrev_b32 v3, 16, v0
  v_or_b32 v2, v2, v3
  v_or_b32 v2, 0xc0000080, v2
  v_mul_u32_u24 v3, 0x101, v0
  v_mov_b32 v4, 0
  scratch_store_dwordx2 v4, v[2:3], off
  v_mov_b32 v5, 0xa5a5a5a5
  ds_write_b32 v1, v5
  ds_write_b32 v1, v5 offset:256
  ds_write_b32 v1, v5 offset:512
  ds_write_b32 v1, v5 offset:768
  s_waitcnt vmcnt(0) lgkmcnt(0)
  v_mov_b32 v6, 1
  v_mov_b32 v7, 2
  v_mov_b32 v8, 4
  s_mov_b32 m0, 0
  s_nop 0
  scratch_load_lds_ubyte v4, off
  s_movk_i32 m0, 0x100
  s_nop 0
  scratch_load_lds_sbyte v6, off
  s_movk_i32 m0, 0x200
  s_nop 0
  scratch_load_lds_ushort v7, off
  s_movk_i32 m0, 0x300
  s_nop 0
  scratch_load_lds_sshort v8, off
  s_waitcnt vmcnt(0)
  ds_read_b32 v10, v1
  ds_read_b32 v11, v1 offset:256
  ds_read_b32 v12, v1 offset:512
  ds_read_b32 v13, v1 offset:768
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v10, s[4:5]
  global_store_dword v1, v11, s[4:5] offset:256
  global_store_dword v1, v12, s[4:5] offset:512
  global_store_dword v1, v13, s[4:5] offset:768
  s_endpgm
