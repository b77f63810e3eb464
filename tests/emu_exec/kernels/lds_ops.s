;@kernel lds_ops
;@lds 8192
; kernarg: out (u32[64*8]). Result k of lane l at out[k*64 + l].
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0                 ; lane * 4
  v_mul_u32_u24 v2, v0, 3
  v_add_u32 v2, 1, v2                     ; 3*lane + 1
  ds_write_b32 v1, v2
  s_waitcnt lgkmcnt(0)
  v_sub_u32 v3, 63, v0
  v_lshlrev_b32 v3, 2, v3
  ds_read_b32 v4, v3                      ; 0: value of lane 63-l
  ; 1..4: b128 round trip at 256 + lane*16
  v_lshlrev_b32 v5, 4, v0
  v_add_u32 v10, 100, v0
  v_add_u32 v11, 200, v0
  v_add_u32 v12, 300, v0
  v_add_u32 v13, 400, v0
  ds_write_b128 v5, v[10:13] offset:256
  s_waitcnt lgkmcnt(0)
  ds_read_b128 v[14:17], v5 offset:256
  ; 5, 6: read2 of elements l and l+1
  ds_read2_b32 v[18:19], v1 offset0:0 offset1:1
  ; 7: strided read, every lane in one bank (stride 32 dwords): conflicts
  v_lshlrev_b32 v20, 7, v0
  ds_read_b32 v21, v20 offset:0
  s_waitcnt lgkmcnt(0)
  v_lshlrev_b32 v1, 2, v0
  global_store_dword v1, v4, s[4:5]
  global_store_dword v1, v14, s[4:5] offset:256
  global_store_dword v1, v15, s[4:5] offset:512
  global_store_dword v1, v16, s[4:5] offset:768
  global_store_dword v1, v17, s[4:5] offset:1024
  global_store_dword v1, v18, s[4:5] offset:1280
  global_store_dword v1, v19, s[4:5] offset:1536
  ; 7: LDS atomic add with return: every lane adds 1 to one word; returns are 0..63 in lane order
  v_mov_b32 v22, 0x1000
  v_mov_b32 v23, 1
  ds_write_b32 v22, v0 offset:4           ; lane 63 wins: 63
  v_mov_b32 v24, 0
  ds_write_b32 v22, v24
  ds_add_rtn_u32 v25, v22, v23
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v25, s[4:5] offset:1792
  s_endpgm
