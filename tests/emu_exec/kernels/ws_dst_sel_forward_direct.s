;@kernel ws_dst_sel_forward_direct
; ws_dst_sel_forward with the consumer right after the producer (no wait state).
;@from ws_slide.s
;@insert_after ; producer => v_mov_b32_sdwa v6, v0 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0
;@insert_after v_mov_b32_sdwa v6, v0 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0 => v_add_u32_e32 v7, v6, v6
