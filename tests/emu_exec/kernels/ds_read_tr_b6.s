;@kernel ds_read_tr_b6
;@arch gfx950
;@lds 2048
; kernarg: data (2048 bytes, copied to LDS), addresses (u32[64], one LDS address per lane), out
; (u32[64*6]): out[d*64 + l] is dword d of lane l; d = 0..2 from ds_read_b96_tr_b6 at the lane's
; address, d = 3..5 from a second one at offset:256.
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[8:9], s[0:1], 16
  v_lshlrev_b32 v1, 5, v0
  v_lshlrev_b32 v2, 2, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[4:7], v1, s[4:5]
  global_load_dwordx4 v[12:15], v1, s[4:5] offset:16
  global_load_dword v3, v2, s[6:7]
  s_waitcnt vmcnt(0)
  ds_write_b128 v1, v[4:7]
  ds_write_b128 v1, v[12:15] offset:16
  s_waitcnt lgkmcnt(0)
  s_barrier
  ds_read_b96_tr_b6 v[8:10], v3
  ds_read_b96_tr_b6 v[16:18], v3 offset:256
  s_waitcnt lgkmcnt(0)
  global_store_dword v2, v8, s[8:9]
  global_store_dword v2, v9, s[8:9] offset:256
  global_store_dword v2, v10, s[8:9] offset:512
  global_store_dword v2, v16, s[8:9] offset:768
  global_store_dword v2, v17, s[8:9] offset:1024
  global_store_dword v2, v18, s[8:9] offset:1280
  s_endpgm
