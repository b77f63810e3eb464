;@kernel mfma_scale
;@arch gfx950
;@vgprs 64
; kernarg: a (8 dwords per lane, lane-major), b (same), scales (scale_a, scale_b per lane), d (36 rows
; of 64 dwords, register-major). Four 16x16x128 fp8 x fp8 MFMAs whose op_sel / op_sel_hi pick scale
; byte n of A and 3-n of B (n = 0..3), one 16x16x128 fp4 x fp6 (A bytes 2, B byte 1) and one 32x32x64
; fp8 x bf8 (A byte 3, B byte 2); C = 0.
  s_load_dwordx8 s[4:11], s[0:1], 0
  v_lshlrev_b32 v1, 5, v0
  v_lshlrev_b32 v20, 3, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v1, s[4:5]
  global_load_dwordx4 v[6:9], v1, s[4:5] offset:16
  global_load_dwordx4 v[10:13], v1, s[6:7]
  global_load_dwordx4 v[14:17], v1, s[6:7] offset:16
  global_load_dwordx2 v[18:19], v20, s[8:9]
  s_waitcnt vmcnt(0)
  v_mfma_scale_f32_16x16x128_f8f6f4 v[24:27], v[2:9], v[10:17], 0, v18, v19 op_sel:[0,1,0] op_sel_hi:[0,1,0]
  v_mfma_scale_f32_16x16x128_f8f6f4 v[28:31], v[2:9], v[10:17], 0, v18, v19 op_sel:[1,0,0] op_sel_hi:[0,1,0]
  v_mfma_scale_f32_16x16x128_f8f6f4 v[32:35], v[2:9], v[10:17], 0, v18, v19 op_sel:[0,1,0] op_sel_hi:[1,0,0]
  v_mfma_scale_f32_16x16x128_f8f6f4 v[36:39], v[2:9], v[10:17], 0, v18, v19 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  v_mfma_scale_f32_16x16x128_f8f6f4 v[40:43], v[2:5], v[10:15], 0, v18, v19 op_sel:[0,1,0] op_sel_hi:[1,0,0] cbsz:4 blgp:2
  v_mfma_scale_f32_32x32x64_f8f6f4 v[44:59], v[2:9], v[10:17], 0, v18, v19 op_sel:[1,0,0] op_sel_hi:[1,1,0] blgp:1
  s_nop 15
  s_nop 3
  v_lshlrev_b32 v21, 2, v0
  global_store_dword v21, v24, s[10:11]
  global_store_dword v21, v25, s[10:11] offset:256
  global_store_dword v21, v26, s[10:11] offset:512
  global_store_dword v21, v27, s[10:11] offset:768
  global_store_dword v21, v28, s[10:11] offset:1024
  global_store_dword v21, v29, s[10:11] offset:1280
  global_store_dword v21, v30, s[10:11] offset:1536
  global_store_dword v21, v31, s[10:11] offset:1792
  global_store_dword v21, v32, s[10:11] offset:2048
  global_store_dword v21, v33, s[10:11] offset:2304
  global_store_dword v21, v34, s[10:11] offset:2560
  global_store_dword v21, v35, s[10:11] offset:2816
  global_store_dword v21, v36, s[10:11] offset:3072
  global_store_dword v21, v37, s[10:11] offset:3328
  global_store_dword v21, v38, s[10:11] offset:3584
  global_store_dword v21, v39, s[10:11] offset:3840
  s_add_u32 s10, s10, 0x1000
  s_addc_u32 s11, s11, 0
  global_store_dword v21, v40, s[10:11]
  global_store_dword v21, v41, s[10:11] offset:256
  global_store_dword v21, v42, s[10:11] offset:512
  global_store_dword v21, v43, s[10:11] offset:768
  global_store_dword v21, v44, s[10:11] offset:1024
  global_store_dword v21, v45, s[10:11] offset:1280
  global_store_dword v21, v46, s[10:11] offset:1536
  global_store_dword v21, v47, s[10:11] offset:1792
  global_store_dword v21, v48, s[10:11] offset:2048
  global_store_dword v21, v49, s[10:11] offset:2304
  global_store_dword v21, v50, s[10:11] offset:2560
  global_store_dword v21, v51, s[10:11] offset:2816
  global_store_dword v21, v52, s[10:11] offset:3072
  global_store_dword v21, v53, s[10:11] offset:3328
  global_store_dword v21, v54, s[10:11] offset:3584
  global_store_dword v21, v55, s[10:11] offset:3840
  s_add_u32 s10, s10, 0x1000
  s_addc_u32 s11, s11, 0
  global_store_dword v21, v56, s[10:11]
  global_store_dword v21, v57, s[10:11] offset:256
  global_store_dword v21, v58, s[10:11] offset:512
  global_store_dword v21, v59, s[10:11] offset:768
  s_endpgm
