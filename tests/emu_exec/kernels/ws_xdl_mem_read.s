;@kernel ws_xdl_mem_read
; XDL writes v[12:15] -> global_store reads v12: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f32_16x16x16_f16 v[12:15], v[2:3], v[4:5], 0
;@insert_after ; consumer => global_store_dword v1, v12, s[4:5]
