;@kernel valu_legacy
; kernarg: in (u32[64*8]: per lane w0..w7), out (u32[64*31]). Slot k of out holds the k-th result per
; lane (valu_legacy_test.cc). v2..v5 = w0..w3 (integers), v6..v8 = w4..w6 (f32 x, y, z),
; v9 = w7 (two f16: lo, hi).
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v20, 5, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v20, s[4:5]
  global_load_dwordx4 v[6:9], v20, s[4:5] offset:16
  s_waitcnt vmcnt(0)
  ; 0: sad_u8(w0, w1, w2)
  v_sad_u8 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:0
  ; 1: sad_hi_u8(w0, w1, w2)
  v_sad_hi_u8 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:256
  ; 2: sad_u16(w0, w1, w2)
  v_sad_u16 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:512
  ; 3: msad_u8(w0, w1, w2)
  v_msad_u8 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:768
  ; 4: qsad_pk_u16_u8({w1,w0}, w2, {w3,w2}): low dword
  v_qsad_pk_u16_u8 v[10:11], v[2:3], v4, v[4:5]
  global_store_dword v1, v10, s[6:7] offset:1024
  ; 5: ... high dword
  global_store_dword v1, v11, s[6:7] offset:1280
  ; 6: mqsad_pk_u16_u8({w1,w0}, w2, {w3,w2}): low dword
  v_mqsad_pk_u16_u8 v[10:11], v[2:3], v4, v[4:5]
  global_store_dword v1, v10, s[6:7] offset:1536
  ; 7: ... high dword
  global_store_dword v1, v11, s[6:7] offset:1792
  ; 8: mqsad_u32_u8({w1,w0}, w2, {w3,w2,w1,w0}): dword 0
  v_mqsad_u32_u8 v[12:15], v[2:3], v4, v[2:5]
  global_store_dword v1, v12, s[6:7] offset:2048
  ; 9: ... dword 1
  global_store_dword v1, v13, s[6:7] offset:2304
  ; 10: ... dword 2
  global_store_dword v1, v14, s[6:7] offset:2560
  ; 11: ... dword 3
  global_store_dword v1, v15, s[6:7] offset:2816
  ; 12: cubeid(x, y, z)
  v_cubeid_f32 v10, v6, v7, v8
  global_store_dword v1, v10, s[6:7] offset:3072
  ; 13: cubesc(x, y, z)
  v_cubesc_f32 v10, v6, v7, v8
  global_store_dword v1, v10, s[6:7] offset:3328
  ; 14: cubetc(x, y, z)
  v_cubetc_f32 v10, v6, v7, v8
  global_store_dword v1, v10, s[6:7] offset:3584
  ; 15: cubema(x, y, z)
  v_cubema_f32 v10, v6, v7, v8
  global_store_dword v1, v10, s[6:7] offset:3840
  ; 16: cvt_off_f32_i4(w0)
  v_cvt_off_f32_i4 v10, v2
  v_add_u32 v21, 4096, v1
  global_store_dword v21, v10, s[6:7]
  ; 17: sat_pk_u8_i16(w1) (VOP1: high half zeroed)
  v_sat_pk_u8_i16 v10, v3
  v_add_u32 v21, 4352, v1
  global_store_dword v21, v10, s[6:7]
  ; 18: mad_legacy_u16(w0.lo, w1.lo, w2.lo), high half zeroed
  v_mov_b32 v10, -1
  v_mad_legacy_u16 v10, v2, v3, v4
  v_add_u32 v21, 4608, v1
  global_store_dword v21, v10, s[6:7]
  ; 19: mad_legacy_i16(w0.lo, w1.lo, w2.lo), high half zeroed (LLVM accepts no op_sel on the legacy forms)
  v_mov_b32 v10, v5
  v_mad_legacy_i16 v10, v2, v3, v4
  v_add_u32 v21, 4864, v1
  global_store_dword v21, v10, s[6:7]
  ; 20: mad_legacy_u16 with clamp
  v_mad_legacy_u16 v10, v2, v3, v4 clamp
  v_add_u32 v21, 5120, v1
  global_store_dword v21, v10, s[6:7]
  ; 21: sin_f16(h.lo)
  v_sin_f16 v10, v9
  v_add_u32 v21, 5376, v1
  global_store_dword v21, v10, s[6:7]
  ; 22: cos_f16(h.lo)
  v_cos_f16 v10, v9
  v_add_u32 v21, 5632, v1
  global_store_dword v21, v10, s[6:7]
  ; 23: mad_legacy_f16(h.lo, h.hi, h.lo), high half zeroed (v16 = h.hi)
  v_lshrrev_b32 v16, 16, v9
  v_mov_b32 v10, -1
  v_mad_legacy_f16 v10, v9, v16, v9
  v_add_u32 v21, 5888, v1
  global_store_dword v21, v10, s[6:7]
  ; 24: fma_legacy_f16(h.hi, h.lo, h.hi), high half zeroed
  v_mov_b32 v10, v5
  v_fma_legacy_f16 v10, v16, v9, v16
  v_add_u32 v21, 6144, v1
  global_store_dword v21, v10, s[6:7]
  ; 25: pknorm_i16_f32(w3, x)
  v_cvt_pknorm_i16_f32 v10, v5, v6
  v_add_u32 v21, 6400, v1
  global_store_dword v21, v10, s[6:7]
  ; 26: pknorm_u16_f32(w3, x)
  v_cvt_pknorm_u16_f32 v10, v5, v6
  v_add_u32 v21, 6656, v1
  global_store_dword v21, v10, s[6:7]
  ; 27: pknorm_i16_f16(h.lo, h.hi)
  v_cvt_pknorm_i16_f16 v10, v9, v16
  v_add_u32 v21, 6912, v1
  global_store_dword v21, v10, s[6:7]
  ; 28: pknorm_u16_f16(h.lo, h.hi)
  v_cvt_pknorm_u16_f16 v10, v9, v16
  v_add_u32 v21, 7168, v1
  global_store_dword v21, v10, s[6:7]
  ; 29: cvt_norm_i16_f16(h.lo), high half zeroed
  v_mov_b32 v10, -1
  v_cvt_norm_i16_f16 v10, v9
  v_add_u32 v21, 7424, v1
  global_store_dword v21, v10, s[6:7]
  ; 30: cvt_norm_u16_f16(h.lo), high half zeroed
  v_mov_b32 v10, -1
  v_cvt_norm_u16_f16 v10, v9
  v_add_u32 v21, 7680, v1
  global_store_dword v21, v10, s[6:7]
  s_endpgm
