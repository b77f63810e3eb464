;@kernel ds_read_tr
;@arch gfx950
;@lds 1024
; kernarg: data (1024 bytes, copied to LDS), addresses (u32[64], one LDS address per lane), out
; (u32[64*4]): out[d*64 + l] is dword d of lane l; d = 0,1 from ds_read_b64_tr_b16 and d = 2,3 from
; ds_read_b64_tr_b8 (offset:8 on the same addresses).
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[8:9], s[0:1], 16
  v_lshlrev_b32 v1, 4, v0
  v_lshlrev_b32 v2, 2, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[4:7], v1, s[4:5]
  global_load_dword v3, v2, s[6:7]
  s_waitcnt vmcnt(0)
  ds_write_b128 v1, v[4:7]
  s_waitcnt lgkmcnt(0)
  s_barrier
  ds_read_b64_tr_b16 v[8:9], v3
  ds_read_b64_tr_b8 v[10:11], v3 offset:8
  s_waitcnt lgkmcnt(0)
  global_store_dword v2, v8, s[8:9]
  global_store_dword v2, v9, s[8:9] offset:256
  global_store_dword v2, v10, s[8:9] offset:512
  global_store_dword v2, v11, s[8:9] offset:768
  s_endpgm
