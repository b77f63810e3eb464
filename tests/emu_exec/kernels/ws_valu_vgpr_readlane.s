;@kernel ws_valu_vgpr_readlane
; VALU writes v6 -> v_readlane reads it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mov_b32 v6, 7
;@insert_after ; consumer => v_readlane_b32 s13, v6, 1
