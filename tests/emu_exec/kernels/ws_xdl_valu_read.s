;@kernel ws_xdl_valu_read
; XDL writes a[0:15] -> v_accvgpr_read a0: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], 0
;@insert_after ; consumer => v_accvgpr_read_b32 v7, a0
