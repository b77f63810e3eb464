;@kernel cvt_fp6
;@arch gfx950
;@vgprs 256
; kernarg: in (80 dwords per lane, lane-major), out (224 dwords per lane, lane-major).
; in: dwords 0-31 f32 elements, 32-47 f16 pairs, 48-63 bf16 pairs, 64-69 packed FP6 codes, 70 seed,
;     71 scale. out: twelve 8-dword slots of packed results (down-conversions, in the order below), then
;     the up-conversions f32_fp6 (96), f32_bf6 (128), f16_fp6 (160), bf16_fp6 (176), f16_bf6 (192),
;     bf16_bf6 (208). 2xpk16 takes f32 dwords 0-15 as src0 and 16-31 as src1.
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_mul_u32_u24 v1, 0x140, v0
  v_mul_u32_u24 v2, 0x380, v0
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
  s_waitcnt vmcnt(0)
  v_cvt_scalef32_2xpk16_fp6_f32 v[80:85], v[8:23], v[24:39], v79
  v_cvt_scalef32_2xpk16_bf6_f32 v[86:91], v[8:23], v[24:39], v79
  v_cvt_scalef32_sr_pk32_fp6_f32 v[92:97], v[8:39], v78, v79
  v_cvt_scalef32_sr_pk32_bf6_f32 v[98:103], v[8:39], v78, v79
  v_cvt_scalef32_pk32_fp6_f16 v[104:109], v[40:55], v79
  v_cvt_scalef32_pk32_fp6_bf16 v[110:115], v[56:71], v79
  v_cvt_scalef32_pk32_bf6_f16 v[116:121], v[40:55], v79
  v_cvt_scalef32_pk32_bf6_bf16 v[122:127], v[56:71], v79
  v_cvt_scalef32_sr_pk32_fp6_f16 v[8:13], v[40:55], v78, v79
  v_cvt_scalef32_sr_pk32_fp6_bf16 v[14:19], v[56:71], v78, v79
  v_cvt_scalef32_sr_pk32_bf6_f16 v[20:25], v[40:55], v78, v79
  v_cvt_scalef32_sr_pk32_bf6_bf16 v[26:31], v[56:71], v78, v79
  v_cvt_scalef32_pk32_f32_fp6 v[128:159], v[72:77], v79
  v_cvt_scalef32_pk32_f32_bf6 v[160:191], v[72:77], v79
  v_cvt_scalef32_pk32_f16_fp6 v[192:207], v[72:77], v79
  v_cvt_scalef32_pk32_bf16_fp6 v[208:223], v[72:77], v79
  v_cvt_scalef32_pk32_f16_bf6 v[224:239], v[72:77], v79
  v_cvt_scalef32_pk32_bf16_bf6 v[240:255], v[72:77], v79
  global_store_dwordx4 v2, v[80:83], s[6:7]
  global_store_dwordx2 v2, v[84:85], s[6:7] offset:16
  global_store_dwordx4 v2, v[86:89], s[6:7] offset:32
  global_store_dwordx2 v2, v[90:91], s[6:7] offset:48
  global_store_dwordx4 v2, v[92:95], s[6:7] offset:64
  global_store_dwordx2 v2, v[96:97], s[6:7] offset:80
  global_store_dwordx4 v2, v[98:101], s[6:7] offset:96
  global_store_dwordx2 v2, v[102:103], s[6:7] offset:112
  global_store_dwordx4 v2, v[104:107], s[6:7] offset:128
  global_store_dwordx2 v2, v[108:109], s[6:7] offset:144
  global_store_dwordx4 v2, v[110:113], s[6:7] offset:160
  global_store_dwordx2 v2, v[114:115], s[6:7] offset:176
  global_store_dwordx4 v2, v[116:119], s[6:7] offset:192
  global_store_dwordx2 v2, v[120:121], s[6:7] offset:208
  global_store_dwordx4 v2, v[122:125], s[6:7] offset:224
  global_store_dwordx2 v2, v[126:127], s[6:7] offset:240
  global_store_dwordx4 v2, v[8:11], s[6:7] offset:256
  global_store_dwordx2 v2, v[12:13], s[6:7] offset:272
  global_store_dwordx4 v2, v[14:17], s[6:7] offset:288
  global_store_dwordx2 v2, v[18:19], s[6:7] offset:304
  global_store_dwordx4 v2, v[20:23], s[6:7] offset:320
  global_store_dwordx2 v2, v[24:25], s[6:7] offset:336
  global_store_dwordx4 v2, v[26:29], s[6:7] offset:352
  global_store_dwordx2 v2, v[30:31], s[6:7] offset:368
  global_store_dwordx4 v2, v[128:131], s[6:7] offset:384
  global_store_dwordx4 v2, v[132:135], s[6:7] offset:400
  global_store_dwordx4 v2, v[136:139], s[6:7] offset:416
  global_store_dwordx4 v2, v[140:143], s[6:7] offset:432
  global_store_dwordx4 v2, v[144:147], s[6:7] offset:448
  global_store_dwordx4 v2, v[148:151], s[6:7] offset:464
  global_store_dwordx4 v2, v[152:155], s[6:7] offset:480
  global_store_dwordx4 v2, v[156:159], s[6:7] offset:496
  global_store_dwordx4 v2, v[160:163], s[6:7] offset:512
  global_store_dwordx4 v2, v[164:167], s[6:7] offset:528
  global_store_dwordx4 v2, v[168:171], s[6:7] offset:544
  global_store_dwordx4 v2, v[172:175], s[6:7] offset:560
  global_store_dwordx4 v2, v[176:179], s[6:7] offset:576
  global_store_dwordx4 v2, v[180:183], s[6:7] offset:592
  global_store_dwordx4 v2, v[184:187], s[6:7] offset:608
  global_store_dwordx4 v2, v[188:191], s[6:7] offset:624
  global_store_dwordx4 v2, v[192:195], s[6:7] offset:640
  global_store_dwordx4 v2, v[196:199], s[6:7] offset:656
  global_store_dwordx4 v2, v[200:203], s[6:7] offset:672
  global_store_dwordx4 v2, v[204:207], s[6:7] offset:688
  global_store_dwordx4 v2, v[208:211], s[6:7] offset:704
  global_store_dwordx4 v2, v[212:215], s[6:7] offset:720
  global_store_dwordx4 v2, v[216:219], s[6:7] offset:736
  global_store_dwordx4 v2, v[220:223], s[6:7] offset:752
  global_store_dwordx4 v2, v[224:227], s[6:7] offset:768
  global_store_dwordx4 v2, v[228:231], s[6:7] offset:784
  global_store_dwordx4 v2, v[232:235], s[6:7] offset:800
  global_store_dwordx4 v2, v[236:239], s[6:7] offset:816
  global_store_dwordx4 v2, v[240:243], s[6:7] offset:832
  global_store_dwordx4 v2, v[244:247], s[6:7] offset:848
  global_store_dwordx4 v2, v[248:251], s[6:7] offset:864
  global_store_dwordx4 v2, v[252:255], s[6:7] offset:880
  s_endpgm
