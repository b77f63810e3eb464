;@kernel cvt_scalef32
;@arch gfx950
; kernarg: src (u32[64]), scale (f32 bits[64]), out (u32[64*14]): result r of lane l at out[r*64 + l],
; floats (f32[64*2]: two per lane, lane-major).
; gfx950 scaled conversions with each kind of select (byte, word, destination half, destination byte).
  s_load_dwordx8 s[4:11], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v26, 3, v0
  s_waitcnt lgkmcnt(0)
  global_load_dword v2, v1, s[4:5]
  global_load_dword v3, v1, s[6:7]
  global_load_dwordx2 v[22:23], v26, s[10:11]
  s_waitcnt vmcnt(0)
  v_cvt_scalef32_f32_fp8 v10, v2, v3 op_sel:[0,1,0]
  v_cvt_scalef32_f32_bf8 v11, v2, v3 op_sel:[1,1,0]
  v_cvt_scalef32_pk_f32_fp8 v[12:13], v2, v3 op_sel:[1,0,0]
  v_cvt_scalef32_pk_f32_fp4 v[14:15], v2, v3 op_sel:[1,0,0]
  v_cvt_scalef32_pk_f16_bf8 v16, v2, v3
  v_cvt_scalef32_pk_bf16_fp4 v17, v2, v3 op_sel:[1,1,0]
  v_mov_b32 v18, 0x12345678
  v_cvt_scalef32_f16_fp8 v18, v2, v3 op_sel:[1,0,1]
  v_cvt_scalef32_pk_bf16_bf8 v19, v2, v3 op_sel:[1,0,0]
  v_cvt_scalef32_pk_f16_fp4 v20, v2, v3
  v_mov_b32 v21, 0x11223344
  v_cvt_scalef32_pk_fp4_f32 v21, v22, v23, v3 op_sel:[0,0,1,0]
  v_mov_b32 v24, 0x55667788
  v_cvt_scalef32_pk_fp4_f16 v24, v2, v3 op_sel:[0,0,0,1]
  v_mov_b32 v25, 0
  v_cvt_scalef32_pk_fp4_bf16 v25, v2, v3 op_sel:[0,0,1,1]
  global_store_dword v1, v10, s[8:9]
  global_store_dword v1, v11, s[8:9] offset:256
  global_store_dword v1, v12, s[8:9] offset:512
  global_store_dword v1, v13, s[8:9] offset:768
  global_store_dword v1, v14, s[8:9] offset:1024
  global_store_dword v1, v15, s[8:9] offset:1280
  global_store_dword v1, v16, s[8:9] offset:1536
  global_store_dword v1, v17, s[8:9] offset:1792
  global_store_dword v1, v18, s[8:9] offset:2048
  global_store_dword v1, v19, s[8:9] offset:2304
  global_store_dword v1, v20, s[8:9] offset:2560
  global_store_dword v1, v21, s[8:9] offset:2816
  global_store_dword v1, v24, s[8:9] offset:3072
  global_store_dword v1, v25, s[8:9] offset:3328
  s_endpgm
