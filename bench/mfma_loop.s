;@kernel mfma_loop
;@agprs 16
;@vgprs 8
; A chain of v_mfma_f32_32x32x8_f16 accumulating in AGPRs: 64 iterations of 8 MFMAs per wave.
  v_mov_b32 v0, 0x3c003c00                 ; f16 1.0 pairs
  v_mov_b32 v1, 0x3c003c00
  v_mov_b32 v2, 0x38003800                 ; f16 0.5 pairs
  v_mov_b32 v3, 0x38003800
  s_mov_b32 s4, 64
  s_nop 0                                  ; VALU writes v3 -> MFMA reads it: 2 wait states
.Lloop:
  v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
  s_sub_u32 s4, s4, 1
  s_cmp_lg_u32 s4, 0
  s_cbranch_scc1 .Lloop
  s_endpgm
