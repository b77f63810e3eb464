;@kernel ws_mfma_srcc_same_direct
; ws_mfma_srcc_same with the consumer right after the producer (no wait state).
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f32_16x16x16_f16 a[0:3], v[2:3], v[4:5], a[0:3]
;@insert_after v_mfma_f32_16x16x16_f16 a[0:3], v[2:3], v[4:5], a[0:3] => v_mfma_f32_16x16x16_f16 a[0:3], v[2:3], v[4:5], a[0:3]
