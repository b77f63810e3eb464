;@kernel ds_exchange
;@lds 8192
;@vgprs 64
; kernarg: in (u32[4*64]: A, B, C, D per lane), out (u32[26*64]): result k of lane l at out[k*64 + l].
; Two-address exchanges, ds_condxchg32_rtn_b64, the addtid forms (M0-relative) and the d16 halves.
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v4, 2, v0                       ; 4l
  v_lshlrev_b32 v1, 3, v0                       ; 8l
  v_add_u32 v2, 0x200, v1                       ; 512 + 8l
  v_add_u32 v3, 0x800, v1                       ; 2048 + 8l
  v_add_u32 v5, 0x1000, v4                      ; 4096 + 4l
  s_waitcnt lgkmcnt(0)
  global_load_dword v40, v4, s[4:5]
  global_load_dword v41, v4, s[4:5] offset:256
  global_load_dword v42, v4, s[4:5] offset:512
  global_load_dword v43, v4, s[4:5] offset:768
  s_waitcnt vmcnt(0)
  ; k0-3: wrxchg2_rtn_b32 on (8l, 8l+4): returns (A, B), leaves (C, D)
  ds_write2_b32 v1, v40, v41 offset1:1
  ds_wrxchg2_rtn_b32 v[10:11], v1, v42, v43 offset1:1
  ds_read_b64 v[12:13], v1
  ; k4-11: wrxchg2st64_rtn_b64 on 512+8l and 512+8l+512: (A,B),(C,D) -> (B,A),(D,C)
  v_mov_b32 v20, v41
  v_mov_b32 v21, v40
  v_mov_b32 v22, v43
  v_mov_b32 v23, v42
  ds_write_b64 v2, v[40:41]
  ds_write_b64 v2, v[42:43] offset:512
  ds_wrxchg2st64_rtn_b64 v[24:27], v2, v[20:21], v[22:23] offset1:1
  ds_read_b64 v[32:33], v2
  ds_read_b64 v[34:35], v2 offset:512
  ; k12-15: condxchg32_rtn_b64 at 2048+8l: memory (A, B), data (C, D)
  ds_write_b64 v3, v[40:41]
  ds_condxchg32_rtn_b64 v[28:29], v3, v[42:43]
  ds_read_b64 v[36:37], v3
  ; k16, k17: addtid with M0 = 3072, offset 16: lane l's dword at 3088 + 4l
  s_mov_b32 m0, 0xc00
  v_add_u32 v6, 0xc10, v4
  s_nop 0
  ds_write_addtid_b32 v40 offset:16
  ds_write_b32 v6, v41 offset:256
  ds_read_b32 v38, v6
  ds_read_addtid_b32 v39 offset:272
  ; k18-23: d16 loads from A at 4096 + 4l into registers holding C
  ds_write_b32 v5, v40
  v_mov_b32 v50, v42
  v_mov_b32 v51, v42
  v_mov_b32 v52, v42
  v_mov_b32 v53, v42
  v_mov_b32 v54, v42
  v_mov_b32 v55, v42
  ds_read_u8_d16 v50, v5
  ds_read_u8_d16_hi v51, v5 offset:1
  ds_read_i8_d16 v52, v5 offset:2
  ds_read_i8_d16_hi v53, v5 offset:3
  ds_read_u16_d16 v54, v5
  ds_read_u16_d16_hi v55, v5 offset:2
  ; k24, k25: d16_hi stores of A into zeroed LDS (byte 1 of 4352 + 4l, half 1 of 4608 + 4l)
  ds_write_b8_d16_hi v5, v40 offset:257
  ds_write_b16_d16_hi v5, v40 offset:514
  ds_read_b32 v56, v5 offset:256
  ds_read_b32 v57, v5 offset:512
  s_waitcnt lgkmcnt(0)
  global_store_dword v4, v10, s[6:7]
  global_store_dword v4, v11, s[6:7] offset:256
  global_store_dword v4, v12, s[6:7] offset:512
  global_store_dword v4, v13, s[6:7] offset:768
  global_store_dword v4, v24, s[6:7] offset:1024
  global_store_dword v4, v25, s[6:7] offset:1280
  global_store_dword v4, v26, s[6:7] offset:1536
  global_store_dword v4, v27, s[6:7] offset:1792
  global_store_dword v4, v32, s[6:7] offset:2048
  global_store_dword v4, v33, s[6:7] offset:2304
  global_store_dword v4, v34, s[6:7] offset:2560
  global_store_dword v4, v35, s[6:7] offset:2816
  global_store_dword v4, v28, s[6:7] offset:3072
  global_store_dword v4, v29, s[6:7] offset:3328
  global_store_dword v4, v36, s[6:7] offset:3584
  global_store_dword v4, v37, s[6:7] offset:3840
  s_add_u32 s6, s6, 0x1000
  s_addc_u32 s7, s7, 0
  global_store_dword v4, v38, s[6:7]
  global_store_dword v4, v39, s[6:7] offset:256
  global_store_dword v4, v50, s[6:7] offset:512
  global_store_dword v4, v51, s[6:7] offset:768
  global_store_dword v4, v52, s[6:7] offset:1024
  global_store_dword v4, v53, s[6:7] offset:1280
  global_store_dword v4, v54, s[6:7] offset:1536
  global_store_dword v4, v55, s[6:7] offset:1792
  global_store_dword v4, v56, s[6:7] offset:2048
  global_store_dword v4, v57, s[6:7] offset:2304
  s_endpgm
