;@kernel ws_valu_sgpr_valu
; VALU writes s[12:13] -> VALU reads it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_cmp_eq_u32_e64 s[12:13], v0, v0
;@insert_after ; consumer => v_cndmask_b32_e64 v6, 0, 1, s[12:13]
