;@kernel ws_cvt_byte_sel
; v_cvt_sr_fp8_f32 writes byte 1 of v6 (op_sel[2]) -> v_add_u32 reads v6: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_cvt_sr_fp8_f32 v6, v2, v3 op_sel:[0,0,1,0]
;@insert_after ; consumer => v_add_u32 v7, v6, v6
