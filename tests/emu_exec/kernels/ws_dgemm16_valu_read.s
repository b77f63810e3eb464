;@kernel ws_dgemm16_valu_read
; DGEMM 16x16 writes v[12:19] -> VALU reads v12: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f64_16x16x4_f64 v[12:19], v[2:3], v[4:5], 0
;@insert_after ; consumer => v_mov_b32 v7, v12
