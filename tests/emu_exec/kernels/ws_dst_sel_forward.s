;@kernel ws_dst_sel_forward
; SDWA dst_sel:WORD_1 write of v6 -> VALU reads it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mov_b32_sdwa v6, v0 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0
;@insert_after ; consumer => v_add_u32_e32 v7, v6, v6
