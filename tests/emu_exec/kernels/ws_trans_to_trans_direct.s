;@kernel ws_trans_to_trans_direct
; transcendental -> transcendental: no hazard (LLVM exempts a TRANS consumer), so the consumer follows at once.
;@from ws_slide.s
;@insert_after ; producer => v_exp_f32 v6, v2
;@insert_after v_exp_f32 v6, v2 => v_rcp_f32 v7, v6
