;@kernel ws_salu_m0_direct
; ws_salu_m0 with the consumer right after the producer (no wait state).
;@from ws_slide.s
;@insert_after ; producer => s_mov_b32 m0, 0
;@insert_after s_mov_b32 m0, 0 => s_movrels_b32 s13, s4
