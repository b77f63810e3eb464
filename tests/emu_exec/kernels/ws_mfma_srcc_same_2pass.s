;@kernel ws_mfma_srcc_same_2pass
; 2-pass XDL accumulates into a[0:3] twice: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f32_4x4x4_16b_f16 a[0:3], v[2:3], v[4:5], a[0:3]
;@insert_after ; consumer => v_mfma_f32_4x4x4_16b_f16 a[0:3], v[2:3], v[4:5], a[0:3]
