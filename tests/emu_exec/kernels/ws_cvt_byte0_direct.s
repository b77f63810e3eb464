;@kernel ws_cvt_byte0_direct
; v_cvt_sr_fp8_f32 into byte 0 (op_sel 0): not a forwarded partial write, the consumer follows at once.
;@from ws_slide.s
;@insert_after ; producer => v_cvt_sr_fp8_f32 v6, v2, v3
;@insert_after v_cvt_sr_fp8_f32 v6, v2, v3 => v_add_u32 v7, v6, v6
