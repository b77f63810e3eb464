;@kernel ws_permlane_vgpr
; VALU writes v7 -> v_permlane32_swap reads it: the two instructions with `wait` wait states between them.
;@arch gfx950
;@from ws_slide.s
;@insert_after ; producer => v_mov_b32 v7, v0
;@insert_after ; consumer => v_permlane32_swap_b32 v6, v7
