;@kernel ws_xdl_waw
; XDL writes a[0:3] -> v_accvgpr_write a1: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f32_16x16x16_f16 a[0:3], v[2:3], v[4:5], 0
;@insert_after ; consumer => v_accvgpr_write_b32 a1, 0
