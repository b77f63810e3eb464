;@kernel ws_permlane_cmpx
; v_cmpx writes EXEC -> v_permlane32_swap: the two instructions with `wait` wait states between them.
;@arch gfx950
;@from ws_slide.s
;@insert_after ; producer => v_cmpx_le_u32_e32 vcc, 0, v0
;@insert_after ; consumer => v_permlane32_swap_b32 v6, v7
