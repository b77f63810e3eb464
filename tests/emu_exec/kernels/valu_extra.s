;@kernel valu_extra
; kernarg: in (u32[64*8]: per lane w0..w7), out (u32[64*49]), out64 (u64[64*18]), sbuf (u32[4])
; Generated slot by slot: slot k of out / out64 holds the k-th result per lane (valu_extra_test.cc).
; v2 = w0 (f32 a), v3 = w1, v4 = w2, v5 = w3 (f16 pairs / integers), v[6:7] = A, v[8:9] = B (f64),
; v12 = (w1 & 63) - 32 (an exponent).
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx4 s[20:23], s[0:1], 16
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v20, 5, v0
  v_lshlrev_b32 v21, 3, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v20, s[4:5]
  global_load_dwordx4 v[6:9], v20, s[4:5] offset:16
  s_waitcnt vmcnt(0)
  v_and_b32 v12, 63, v3
  v_subrev_u32 v12, 32, v12
  ; 0: ldexp_f32(a, e)
  v_ldexp_f32 v10, v2, v12
  global_store_dword v1, v10, s[6:7] offset:0
  ; 1: frexp_mant_f32(a)
  v_frexp_mant_f32 v10, v2
  global_store_dword v1, v10, s[6:7] offset:256
  ; 2: frexp_exp_i32_f32(a)
  v_frexp_exp_i32_f32 v10, v2
  global_store_dword v1, v10, s[6:7] offset:512
  ; 3: fmamk: a*1.5 + a
  v_fmamk_f32 v10, v2, 0x3fc00000, v2
  global_store_dword v1, v10, s[6:7] offset:768
  ; 4: fmaak: a*a - 2.25
  v_fmaak_f32 v10, v2, v2, 0xc0100000
  global_store_dword v1, v10, s[6:7] offset:1024
  ; 5: floor_f16(h0)
  v_floor_f16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:1280
  ; 6: ceil_f16(h0)
  v_ceil_f16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:1536
  ; 7: trunc_f16(h0)
  v_trunc_f16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:1792
  ; 8: rndne_f16(h0)
  v_rndne_f16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:2048
  ; 9: fract_f16(h0)
  v_fract_f16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:2304
  ; 10: ldexp_f16(h0, e)
  v_ldexp_f16 v10, v4, v12
  global_store_dword v1, v10, s[6:7] offset:2560
  ; 11: frexp_mant_f16(h0)
  v_frexp_mant_f16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:2816
  ; 12: frexp_exp_i16_f16(h0)
  v_frexp_exp_i16_f16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:3072
  ; 13: min3_f16(h0, h1, h0hi)
  v_min3_f16 v10, v4, v5, v4 op_sel:[0,0,1,0]
  global_store_dword v1, v10, s[6:7] offset:3328
  ; 14: max3_f16(h0, h1, h0hi)
  v_max3_f16 v10, v4, v5, v4 op_sel:[0,0,1,0]
  global_store_dword v1, v10, s[6:7] offset:3584
  ; 15: med3_f16(h0, h1, h0hi)
  v_med3_f16 v10, v4, v5, v4 op_sel:[0,0,1,0]
  global_store_dword v1, v10, s[6:7] offset:3840
  s_add_u32 s6, s6, 0x1000
  s_addc_u32 s7, s7, 0
  ; 16: cvt_f16_i16(w1.lo)
  v_cvt_f16_i16 v10, v3
  global_store_dword v1, v10, s[6:7] offset:0
  ; 17: cvt_f16_u16(w1.lo)
  v_cvt_f16_u16 v10, v3
  global_store_dword v1, v10, s[6:7] offset:256
  ; 18: cvt_i16_f16(h0)
  v_cvt_i16_f16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:512
  ; 19: cvt_u16_f16(h0)
  v_cvt_u16_f16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:768
  ; 20: add_i16 clamp(w1.lo, w2.lo)
  v_add_i16 v10, v3, v4 clamp
  global_store_dword v1, v10, s[6:7] offset:1024
  ; 21: sub_i16(w1.lo, w2.lo)
  v_sub_i16 v10, v3, v4
  global_store_dword v1, v10, s[6:7] offset:1280
  ; 22: min3_i16(w1, w2, w3)
  v_min3_i16 v10, v3, v4, v5
  global_store_dword v1, v10, s[6:7] offset:1536
  ; 23: max3_u16(w1, w2, w3)
  v_max3_u16 v10, v3, v4, v5
  global_store_dword v1, v10, s[6:7] offset:1792
  ; 24: med3_i16(w1, w2, w3)
  v_med3_i16 v10, v3, v4, v5
  global_store_dword v1, v10, s[6:7] offset:2048
  ; 25: med3_u16(w1, w2, w3)
  v_med3_u16 v10, v3, v4, v5
  global_store_dword v1, v10, s[6:7] offset:2304
  ; 26: mad_u32_u16(w1.lo, w2.lo, w3)
  v_mad_u32_u16 v10, v3, v4, v5
  global_store_dword v1, v10, s[6:7] offset:2560
  ; 27: mad_i32_i16(w1.hi, w2.hi, w3)
  v_mad_i32_i16 v10, v3, v4, v5 op_sel:[1,1,0,0]
  global_store_dword v1, v10, s[6:7] offset:2816
  ; 28: dot2_i32_i16(w1, w2, w3)
  v_dot2_i32_i16 v10, v3, v4, v5
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:3072
  ; 29: dot4_i32_i8(w1, w2, w3)
  v_dot4_i32_i8 v10, v3, v4, v5
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:3328
  ; 30: dot8_i32_i4(w1, w2, w3)
  v_dot8_i32_i4 v10, v3, v4, v5
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:3584
  ; 31: dot2c_i32_i16: w3 + dot(w1, w2)
  v_mov_b32 v10, v5
  v_dot2c_i32_i16 v10, v3, v4
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:3840
  s_add_u32 s6, s6, 0x1000
  s_addc_u32 s7, s7, 0
  ; 32: dot4c_i32_i8: w3 + dot(w1, w2)
  v_mov_b32 v10, v5
  v_dot4c_i32_i8 v10, v3, v4
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:0
  ; 33: dot8_u32_u4(w1, w2, w3)
  v_dot8_u32_u4 v10, v3, v4, v5
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:256
  ; 34: dot2_u32_u16 clamp(w1, w2, w3)
  v_dot2_u32_u16 v10, v3, v4, v5 clamp
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:512
  ; 35: dot4_u32_u8(w1, w2, w3)
  v_dot4_u32_u8 v10, v3, v4, v5
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:768
  ; 36: dot2_f32_f16(w2, w3, a)
  v_dot2_f32_f16 v10, v4, v5, v2
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:1024
  ; 37: fma_mix_f32(w2.hi f16, a f32, w3.lo f16)
  v_fma_mix_f32 v10, v4, v2, v5 op_sel:[1,0,0] op_sel_hi:[1,0,1]
  global_store_dword v1, v10, s[6:7] offset:1280
  ; 38: fma_mixlo_f16(h0, h1, w2.hi) over w1
  v_mov_b32 v10, v3
  v_fma_mixlo_f16 v10, v4, v5, v4 op_sel:[0,0,1] op_sel_hi:[1,1,1]
  global_store_dword v1, v10, s[6:7] offset:1536
  ; 39: fma_mixhi_f16(-h0, |h1|, w3.hi) over w1
  v_mov_b32 v10, v3
  v_fma_mixhi_f16 v10, -v4, |v5|, v5 op_sel:[0,0,1] op_sel_hi:[1,1,1]
  global_store_dword v1, v10, s[6:7] offset:1792
  ; 40: pk_mad_i16(w1, w2, w3)
  v_pk_mad_i16 v10, v3, v4, v5
  global_store_dword v1, v10, s[6:7] offset:2048
  ; 41: mad_i16(w1, w2, w3)
  v_mad_i16 v10, v3, v4, v5
  global_store_dword v1, v10, s[6:7] offset:2304
  ; 42: swap: first (gets w1)
  v_mov_b32 v10, v2
  v_mov_b32 v11, v3
  v_nop
  v_clrexcp
  v_swap_b32 v10, v11
  global_store_dword v1, v10, s[6:7] offset:2560
  ; 43: swap: second (gets a)
  v_mov_b32 v10, v11
  global_store_dword v1, v10, s[6:7] offset:2816
  ; 44: movrels_b64 low: s[14:15] = s[12:13] (M0 = 2)
  s_mov_b32 s12, 0x11111111
  s_mov_b32 s13, 0x22222222
  s_mov_b32 m0, 2
  s_nop 0  ; SALU writes M0 -> s_movrel: 1 wait state
  s_movrels_b64 s[14:15], s[10:11]
  s_set_gpr_idx_off
  v_mov_b32 v10, s14
  global_store_dword v1, v10, s[6:7] offset:3072
  ; 45: movrels_b64 high
  v_mov_b32 v10, s15
  global_store_dword v1, v10, s[6:7] offset:3328
  ; 46: movreld_b64: s[18:19] = s[14:15] (M0 = 2)
  s_mov_b64 s[18:19], 0
  s_movreld_b64 s[16:17], s[14:15]
  v_mov_b32 v10, s19
  global_store_dword v1, v10, s[6:7] offset:3584
  ; 47: lerp_u8(w1, w2, w3)
  v_lerp_u8 v10, v3, v4, v5
  global_store_dword v1, v10, s[6:7] offset:3840
  s_add_u32 s6, s6, 0x1000
  s_addc_u32 s7, s7, 0
  ; 48: pk_fmac_f16: w2 * w3 + w3 per half
  v_mov_b32 v10, v5
  v_pk_fmac_f16 v10, v4, v5
  global_store_dword v1, v10, s[6:7] offset:0
  ; f64 0: add_f64(A, B)
  v_add_f64 v[10:11], v[6:7], v[8:9]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:0
  ; f64 1: mul_f64(A, B)
  v_mul_f64 v[10:11], v[6:7], v[8:9]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:512
  ; f64 2: fma_f64(A, B, A)
  v_fma_f64 v[10:11], v[6:7], v[8:9], v[6:7]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:1024
  ; f64 3: fmac_f64: B*B + A
  v_mov_b64 v[10:11], v[6:7]
  v_fmac_f64 v[10:11], v[8:9], v[8:9]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:1536
  ; f64 4: max_f64(A, -B)
  v_max_f64 v[10:11], v[6:7], -v[8:9]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:2048
  ; f64 5: min_f64(|A|, B)
  v_min_f64 v[10:11], |v[6:7]|, v[8:9]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:2560
  ; f64 6: ldexp_f64(A, e)
  v_ldexp_f64 v[10:11], v[6:7], v12
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:3072
  ; f64 7: fract_f64(A)
  v_fract_f64 v[10:11], v[6:7]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:3584
  s_add_u32 s20, s20, 0x1000
  s_addc_u32 s21, s21, 0
  ; f64 8: floor_f64(A)
  v_floor_f64 v[10:11], v[6:7]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:0
  ; f64 9: ceil_f64(A)
  v_ceil_f64 v[10:11], v[6:7]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:512
  ; f64 10: rndne_f64(A)
  v_rndne_f64 v[10:11], v[6:7]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:1024
  ; f64 11: trunc_f64(A)
  v_trunc_f64 v[10:11], v[6:7]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:1536
  ; f64 12: frexp_mant_f64(A)
  v_frexp_mant_f64 v[10:11], v[6:7]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:2048
  ; f64 13: frexp_exp_i32_f64(A) (high dword 0)
  v_mov_b32 v11, 0
  v_frexp_exp_i32_f64 v10, v[6:7]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:2560
  ; f64 14: cvt_f64_i32(w1)
  v_cvt_f64_i32 v[10:11], v3
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:3072
  ; f64 15: cvt_f64_u32(w1)
  v_cvt_f64_u32 v[10:11], v3
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:3584
  s_add_u32 s20, s20, 0x1000
  s_addc_u32 s21, s21, 0
  ; f64 16: cvt_i32_f64(A), cvt_u32_f64(B)
  v_cvt_i32_f64 v10, v[6:7]
  v_cvt_u32_f64 v11, v[8:9]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:0
  ; f64 17: add_f64(4.0 inline, A)
  v_add_f64 v[10:11], 4.0, v[6:7]
  global_store_dwordx2 v21, v[10:11], s[20:21] offset:512
  ; s_buffer_store: descriptor over sbuf with num_records 8: the first pair lands, the second is dropped
  s_mov_b32 s24, s22
  s_and_b32 s25, s23, 0xffff
  s_mov_b32 s26, 8
  s_mov_b32 s27, 0x00020000
  s_mov_b32 s28, 0x0a0b0c0d
  s_mov_b32 s29, 0x01020304
  s_buffer_store_dwordx2 s[28:29], s[24:27], 0
  s_buffer_store_dwordx2 s[28:29], s[24:27], 8
  s_waitcnt lgkmcnt(0)
  s_endpgm
