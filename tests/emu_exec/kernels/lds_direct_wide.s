;@kernel lds_direct_wide
;@arch gfx950
;@lds 4096
; kernarg: in (u32[]), out (u32[1024]), records. LDS is first filled with 0xa5a5a5a5; then four
; gfx950 3- and 4-dword direct-to-LDS loads fill slot k (LDS bytes 1024k..1024k+1023), lane l at
; 1024k + 16l:
;   k=0 global_load_lds_dwordx3 from in + 12l     k=1 global_load_lds_dwordx4 from in + 16l
;   k=2 buffer_load_dwordx3 ... lds, voffset 12l  k=3 buffer_load_dwordx4 ... lds, voffset 16l
; (buffers: num_records = records). out = the whole LDS image.
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dword s14, s[0:1], 16
  v_lshlrev_b32 v1, 4, v0
  v_mul_u32_u24 v2, 12, v0
  v_mov_b32 v4, 0xa5a5a5a5
  v_mov_b32 v5, v4
  v_mov_b32 v6, v4
  v_mov_b32 v7, v4
  ds_write_b128 v1, v[4:7]
  ds_write_b128 v1, v[4:7] offset:1024
  ds_write_b128 v1, v[4:7] offset:2048
  ds_write_b128 v1, v[4:7] offset:3072
  s_waitcnt lgkmcnt(0)
  s_mov_b32 m0, 0
  s_nop 0
  global_load_lds_dwordx3 v2, s[4:5]
  s_movk_i32 m0, 0x400
  s_nop 0
  global_load_lds_dwordx4 v1, s[4:5]
  s_mov_b32 s8, s4
  s_and_b32 s9, s5, 0xffff
  s_mov_b32 s10, s14
  s_mov_b32 s11, 0x00020000
  s_movk_i32 m0, 0x800
  s_nop 0
  buffer_load_dwordx3 v2, s[8:11], 0 offen lds
  s_movk_i32 m0, 0xc00
  s_nop 0
  buffer_load_dwordx4 v1, s[8:11], 0 offen lds
  s_waitcnt vmcnt(0)
  ds_read_b128 v[8:11], v1
  ds_read_b128 v[12:15], v1 offset:1024
  ds_read_b128 v[16:19], v1 offset:2048
  ds_read_b128 v[20:23], v1 offset:3072
  s_waitcnt lgkmcnt(0)
  global_store_dwordx4 v1, v[8:11], s[6:7]
  global_store_dwordx4 v1, v[12:15], s[6:7] offset:1024
  global_store_dwordx4 v1, v[16:19], s[6:7] offset:2048
  global_store_dwordx4 v1, v[20:23], s[6:7] offset:3072
  s_endpgm
