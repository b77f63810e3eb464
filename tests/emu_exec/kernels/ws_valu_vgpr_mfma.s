;@kernel ws_valu_vgpr_mfma
; VALU writes v3 -> MFMA reads it as SrcA: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mov_b32 v3, 1.0
;@insert_after ; consumer => v_mfma_f32_16x16x16_f16 a[0:3], v[2:3], v[4:5], 0
