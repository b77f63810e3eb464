;@kernel ws_salu_m0_addtid_direct
; ws_salu_m0_addtid with the consumer right after the producer (no wait state).
;@lds 256
;@from ws_slide.s
;@insert_after ; producer => s_mov_b32 m0, 0
;@insert_after s_mov_b32 m0, 0 => ds_read_addtid_b32 v6
