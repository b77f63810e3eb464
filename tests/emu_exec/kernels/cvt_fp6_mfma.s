;@kernel cvt_fp6_mfma
;@arch gfx950
;@vgprs 160
; kernarg: in (100 dwords per lane, lane-major), out (20 dwords per lane, lane-major).
; in: dwords 0-31 A1 f32 (2xpk16: 0-15 src0, 16-31 src1), 32-47 B1 f16 pairs, 48-79 A2 f32, 80-95 B2
;     bf16 pairs, 96 A1 scale, 97 B1 scale (f32), 98 / 99 A1 / B1 E8M0 words for the scaled MFMA.
; FP6 / BF6 conversions feed f8f6f4 MFMAs directly: D1 = 16x16x128 fp6 x bf6 with scales (out 0-3),
; D2 = 32x32x64 bf6 x fp6 from unscaled conversions (inline-constant scale 1.0, out 4-19).
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_mul_u32_u24 v1, 0x190, v0
  v_mul_u32_u24 v2, 0x50, v0
  s_mov_b32 s8, 0x9e3779b9
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[8:11], v1, s[4:5]
  global_load_dwordx4 v[12:15], v1, s[4:5] offset:16
  global_load_dwordx4 v[16:19], v1, s[4:5] offset:32
  global_load_dwordx4 v[20:23], v1, s[4:5] offset:48
  global_load_dwordx4 v[24:27], v1, s[4:5] offset:64
  global_load_dwordx4 v[28:31], v1, s[4:5] offset:80
  global_load_dwordx4 v[32:35], v1, s[4:5] offset:96
  global_load_dwordx4 v[36:39], v1, s[4:5] offset:112
  global_load_dwordx4 v[40:43], v1, s[4:5] offset:128
  global_load_dwordx4 v[44:47], v1, s[4:5] offset:144
  global_load_dwordx4 v[48:51], v1, s[4:5] offset:160
  global_load_dwordx4 v[52:55], v1, s[4:5] offset:176
  global_load_dwordx4 v[56:59], v1, s[4:5] offset:192
  global_load_dwordx4 v[60:63], v1, s[4:5] offset:208
  global_load_dwordx4 v[64:67], v1, s[4:5] offset:224
  global_load_dwordx4 v[68:71], v1, s[4:5] offset:240
  global_load_dwordx4 v[72:75], v1, s[4:5] offset:256
  global_load_dwordx4 v[76:79], v1, s[4:5] offset:272
  global_load_dwordx4 v[80:83], v1, s[4:5] offset:288
  global_load_dwordx4 v[84:87], v1, s[4:5] offset:304
  global_load_dwordx4 v[88:91], v1, s[4:5] offset:320
  global_load_dwordx4 v[92:95], v1, s[4:5] offset:336
  global_load_dwordx4 v[96:99], v1, s[4:5] offset:352
  global_load_dwordx4 v[100:103], v1, s[4:5] offset:368
  global_load_dwordx4 v[104:107], v1, s[4:5] offset:384
  s_waitcnt vmcnt(0)
  v_cvt_scalef32_2xpk16_fp6_f32 v[108:113], v[8:23], v[24:39], v104
  v_cvt_scalef32_pk32_bf6_f16 v[114:119], v[40:55], v105
  v_cvt_scalef32_sr_pk32_bf6_f32 v[120:125], v[56:87], s8, 1.0
  v_cvt_scalef32_pk32_fp6_bf16 v[126:131], v[88:103], 1.0
  s_nop 4
  v_mfma_scale_f32_16x16x128_f8f6f4 v[132:135], v[108:113], v[114:119], 0, v106, v107 cbsz:2 blgp:3
  v_mfma_f32_32x32x64_f8f6f4 v[136:151], v[120:125], v[126:131], 0 cbsz:3 blgp:2
  s_nop 15
  s_nop 15
  s_nop 3
  global_store_dwordx4 v2, v[132:135], s[6:7]
  global_store_dwordx4 v2, v[136:139], s[6:7] offset:16
  global_store_dwordx4 v2, v[140:143], s[6:7] offset:32
  global_store_dwordx4 v2, v[144:147], s[6:7] offset:48
  global_store_dwordx4 v2, v[148:151], s[6:7] offset:64
  s_endpgm
