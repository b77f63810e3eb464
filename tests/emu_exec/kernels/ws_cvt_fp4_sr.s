;@kernel ws_cvt_fp4_sr
; v_cvt_scalef32_sr_pk_fp4_f32 writes v6 (selector 0) -> v_add_u32 reads v6: the two instructions with `wait` wait states between them.
;@arch gfx950
;@from ws_slide.s
;@insert_after ; producer => v_cvt_scalef32_sr_pk_fp4_f32 v6, v[2:3], v4, v5
;@insert_after ; consumer => v_add_u32 v7, v6, v6
