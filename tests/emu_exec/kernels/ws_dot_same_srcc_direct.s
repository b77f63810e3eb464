;@kernel ws_dot_same_srcc_direct
; v_dot2_f32_f16 accumulating into v6 twice (SrcC of the same opcode): no hazard, consumer right after.
;@from ws_slide.s
;@insert_after ; producer => v_dot2_f32_f16 v6, v2, v3, v6
;@insert_after v_dot2_f32_f16 v6, v2, v3, v6 => v_dot2_f32_f16 v6, v2, v3, v6
