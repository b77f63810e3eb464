;@kernel ws_valu_sgpr_vmem
; VALU writes SGPR s4 (the address) -> global_store reads it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; setup => v_mov_b32 v6, s4
;@insert_after ; producer => v_readfirstlane_b32 s4, v6
;@insert_after ; consumer => global_store_dword v1, v2, s[4:5]
