;@kernel ws_dot_different_write
; v_dot8_u32_u4 writes v6 -> v_mov_b32 overwrites it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_dot8_u32_u4 v6, v2, v3, v4
;@insert_after ; consumer => v_mov_b32 v6, 0
