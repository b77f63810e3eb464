;@kernel ws_dot_different_read
; v_dot2c_f32_f16 writes v6 -> v_dot4c_i32_i8 (another opcode) reads it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_dot2c_f32_f16 v6, v2, v3
;@insert_after ; consumer => v_dot4c_i32_i8 v7, v6, v3
