;@kernel ws_valu_vgpr_readlane_direct
; ws_valu_vgpr_readlane with the consumer right after the producer (no wait state).
;@from ws_slide.s
;@insert_after ; producer => v_mov_b32 v6, 7
;@insert_after v_mov_b32 v6, 7 => v_readlane_b32 s13, v6, 1
