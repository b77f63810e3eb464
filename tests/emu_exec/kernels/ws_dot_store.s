;@kernel ws_dot_store
; v_dot4_i32_i8 writes v6 -> global_store_dword stores it: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_dot4_i32_i8 v6, v2, v3, v4
;@insert_after ; consumer => global_store_dword v1, v6, s[4:5]
