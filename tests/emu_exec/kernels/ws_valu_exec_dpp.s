;@kernel ws_valu_exec_dpp
; v_cmpx writes EXEC -> DPP: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_cmpx_le_u32_e32 vcc, 0, v0
;@insert_after ; consumer => v_mov_b32_dpp v7, v0 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
