;@kernel ws_wide_store_valu
; global_store_dwordx4 -> VALU overwrites its data: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => global_store_dwordx4 v1, v[2:5], s[4:5]
;@insert_after ; consumer => v_mov_b32 v3, 0
