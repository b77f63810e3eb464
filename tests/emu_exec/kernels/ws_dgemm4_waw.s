;@kernel ws_dgemm4_waw
; DGEMM 4x4 writes v[12:13] -> VALU writes v13: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f64_4x4x4_4b_f64 v[12:13], v[2:3], v[4:5], 0
;@insert_after ; consumer => v_mov_b32 v13, 0
