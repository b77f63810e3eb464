;@kernel ws_salu_m0
; s_mov writes M0 -> s_movrels reads it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => s_mov_b32 m0, 0
;@insert_after ; consumer => s_movrels_b32 s13, s4
