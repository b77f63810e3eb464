;@kernel cvt_narrow
;@arch gfx950
; kernarg: a, b (f32[n]), h (u32[n]: two f16), g (u32[n]: two bf16), seed (u32[n]), scale (f32 bits[n]),
; out (u32[18*n]: row r of element i at out[r*n + i]), n (u32 at byte 56). One element per work-item.
; gfx950 down-conversions that round once: scaled RNE to FP8/BF8/FP4, scaled and unscaled stochastic
; rounding to FP8/BF8/FP4/f16/bf16, each into a destination pre-filled with a pattern (kept bytes).
  s_load_dwordx16 s[4:19], s[0:1], 0
  s_lshl_b32 s20, s2, 8
  v_lshlrev_b32 v1, 2, v0
  s_waitcnt lgkmcnt(0)
  v_add_u32 v1, s20, v1
  s_lshl_b32 s21, s18, 2
  global_load_dword v2, v1, s[4:5]
  global_load_dword v3, v1, s[6:7]
  global_load_dword v4, v1, s[8:9]
  global_load_dword v5, v1, s[10:11]
  global_load_dword v6, v1, s[12:13]
  global_load_dword v7, v1, s[14:15]
  v_mov_b32 v10, 0x11223344
  v_mov_b32 v11, 0x55667788
  v_mov_b32 v12, 0x99aabbcc
  v_mov_b32 v13, 0x11223344
  v_mov_b32 v14, 0x55667788
  v_mov_b32 v15, 0x99aabbcc
  v_mov_b32 v16, 0x11223344
  v_mov_b32 v17, 0x55667788
  v_mov_b32 v18, 0x99aabbcc
  v_mov_b32 v19, 0x11223344
  v_mov_b32 v20, 0x55667788
  v_mov_b32 v21, 0x99aabbcc
  v_mov_b32 v22, 0x11223344
  v_mov_b32 v23, 0x55667788
  v_mov_b32 v24, 0x99aabbcc
  v_mov_b32 v25, 0x11223344
  v_mov_b32 v26, 0x55667788
  v_mov_b32 v27, 0x99aabbcc
  s_waitcnt vmcnt(0)
  v_cvt_scalef32_pk_fp8_f32 v10, v2, v3, v7 op_sel:[0,0,0,1]
  v_cvt_scalef32_pk_bf8_f32 v11, v2, v3, v7
  v_cvt_scalef32_pk_fp8_f16 v12, v4, v7
  v_cvt_scalef32_pk_bf8_bf16 v13, v5, v7 op_sel:[0,0,1]
  v_cvt_scalef32_pk_fp8_bf16 v14, v5, v7
  v_cvt_scalef32_pk_bf8_f16 v15, v4, v7 op_sel:[0,0,1]
  v_cvt_scalef32_sr_fp8_f32 v16, v2, v6, v7 op_sel:[0,0,1,0]
  v_cvt_scalef32_sr_bf8_f32 v17, v2, v6, v7 op_sel:[0,0,1,1]
  v_cvt_scalef32_sr_fp8_f16 v18, v4, v6, v7
  v_cvt_scalef32_sr_bf8_bf16 v19, v5, v6, v7 op_sel:[0,0,0,1]
  v_cvt_scalef32_sr_pk_fp4_f32 v20, v[2:3], v6, v7 op_sel:[0,0,1,0]
  v_cvt_scalef32_sr_pk_fp4_bf16 v21, v5, v6, v7 op_sel:[0,0,0,1]
  v_cvt_sr_fp8_f32 v22, v2, v6 op_sel:[0,0,0,1]
  v_cvt_sr_bf8_f32 v23, v2, v6
  v_cvt_sr_f16_f32 v24, v2, v6 op_sel:[0,0,1]
  v_cvt_sr_bf16_f32 v25, v2, v6
  v_cvt_scalef32_sr_pk_fp4_f16 v26, v4, v6, v7
  v_cvt_scalef32_pk_fp4_f32 v27, v2, v3, v7 op_sel:[0,0,1,1]
  global_store_dword v1, v10, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v11, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v12, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v13, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v14, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v15, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v16, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v17, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v18, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v19, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v20, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v21, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v22, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v23, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v24, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v25, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v26, s[16:17]
  s_add_u32 s16, s16, s21
  s_addc_u32 s17, s17, 0
  global_store_dword v1, v27, s[16:17]
  s_endpgm
