;@kernel ws_trans_forward_direct
; ws_trans_forward with the consumer right after the producer (no wait state).
;@from ws_slide.s
;@insert_after ; producer => v_exp_f32 v6, v2
;@insert_after v_exp_f32 v6, v2 => v_add_f32 v7, v6, v6
