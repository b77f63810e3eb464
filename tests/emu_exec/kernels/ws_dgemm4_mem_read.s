;@kernel ws_dgemm4_mem_read
; DGEMM 4x4 writes v[12:13] -> global_store reads v12: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f64_4x4x4_4b_f64 v[12:13], v[2:3], v[4:5], 0
;@insert_after ; consumer => global_store_dword v1, v12, s[4:5]
