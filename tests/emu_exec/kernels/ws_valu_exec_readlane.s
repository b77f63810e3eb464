;@kernel ws_valu_exec_readlane
; v_cmpx writes EXEC -> v_readlane: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_cmpx_le_u32_e32 vcc, 0, v0
;@insert_after ; consumer => v_readlane_b32 s13, v0, 5
