;@kernel ws_cvt_fp4_sr_direct
; ws_cvt_fp4_sr with the consumer right after the producer (no wait state).
;@arch gfx950
;@from ws_slide.s
;@insert_after ; producer => v_cvt_scalef32_sr_pk_fp4_f32 v6, v[2:3], v4, v5
;@insert_after v_cvt_scalef32_sr_pk_fp4_f32 v6, v[2:3], v4, v5 => v_add_u32 v7, v6, v6
