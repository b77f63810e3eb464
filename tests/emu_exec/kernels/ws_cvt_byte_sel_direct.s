;@kernel ws_cvt_byte_sel_direct
; ws_cvt_byte_sel with the consumer right after the producer (no wait state).
;@from ws_slide.s
;@insert_after ; producer => v_cvt_sr_fp8_f32 v6, v2, v3 op_sel:[0,0,1,0]
;@insert_after v_cvt_sr_fp8_f32 v6, v2, v3 op_sel:[0,0,1,0] => v_add_u32 v7, v6, v6
