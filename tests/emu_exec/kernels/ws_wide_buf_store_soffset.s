;@kernel ws_wide_buf_store_soffset
; buffer_store_dwordx4 with an SGPR soffset -> VALU overwrites its data: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => buffer_store_dwordx4 v[2:5], v1, s[8:11], s12 offen
;@insert_after ; consumer => v_mov_b32 v3, 0
