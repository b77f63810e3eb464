;@kernel ws_trans_forward
; transcendental v_exp_f32 writes v6 -> v_add_f32 reads it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_exp_f32 v6, v2
;@insert_after ; consumer => v_add_f32 v7, v6, v6
