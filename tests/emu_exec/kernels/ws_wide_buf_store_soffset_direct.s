;@kernel ws_wide_buf_store_soffset_direct
; ws_wide_buf_store_soffset with the consumer right after the producer (no wait state).
;@from ws_slide.s
;@insert_after ; producer => buffer_store_dwordx4 v[2:5], v1, s[8:11], s12 offen
;@insert_after buffer_store_dwordx4 v[2:5], v1, s[8:11], s12 offen => v_mov_b32 v3, 0
