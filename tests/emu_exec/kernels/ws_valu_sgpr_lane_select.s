;@kernel ws_valu_sgpr_lane_select
; VALU writes s12 -> v_readlane uses it as lane select: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; setup => v_mov_b32 v6, 3
;@insert_after ; producer => v_readfirstlane_b32 s12, v6
;@insert_after ; consumer => v_readlane_b32 s13, v0, s12
