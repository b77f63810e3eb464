;@kernel ws_vgpr_dpp
; VALU writes v6 -> DPP reads it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mov_b32 v6, v0
;@insert_after ; consumer => v_mov_b32_dpp v7, v6 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
