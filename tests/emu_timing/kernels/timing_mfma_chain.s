;@kernel timing_mfma_chain
;@agprs 16
; Each wave runs `iterations` (u32 at kernarg 0) x 8 v_mfma_f32_32x32x8_f16 accumulating into a[0:15]
; (SrcC = vDst: a dependent chain). Inputs are zero: only the time matters.
  s_load_dword s4, s[0:1], 0
  v_mov_b32 v2, 0
  v_mov_b32 v3, 0
  v_mov_b32 v4, 0
  v_mov_b32 v5, 0
  s_waitcnt lgkmcnt(0)
  s_nop 1
.Lloop:
  v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], a[0:15]
  v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], a[0:15]
  s_sub_u32 s4, s4, 1
  s_cmp_lg_u32 s4, 0
  s_cbranch_scc1 .Lloop
  s_endpgm
