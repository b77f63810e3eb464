;@kernel ws_dot_same_srcab
; v_dot2c_f32_f16 writes v6 -> the same opcode reads v6 as SrcA: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_dot2c_f32_f16 v6, v2, v3
;@insert_after ; consumer => v_dot2c_f32_f16 v7, v6, v3
