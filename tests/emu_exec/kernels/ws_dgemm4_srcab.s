;@kernel ws_dgemm4_srcab
; DGEMM 4x4 writes v[12:13] -> DGEMM reads it as SrcA: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f64_4x4x4_4b_f64 v[12:13], v[2:3], v[4:5], 0
;@insert_after ; consumer => v_mfma_f64_4x4x4_4b_f64 v[14:15], v[12:13], v[4:5], 0
