;@kernel ws_accvgpr_write_mfma
; v_accvgpr_write a0 -> MFMA reads it as SrcC: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_accvgpr_write_b32 a0, 0
;@insert_after ; consumer => v_mfma_f32_16x16x16_f16 a[0:3], v[2:3], v[4:5], a[0:3]
