;@kernel ws_dgemm4_srcc
; DGEMM 4x4 accumulates into v[12:13] twice: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f64_4x4x4_4b_f64 v[12:13], v[2:3], v[4:5], v[12:13]
;@insert_after ; consumer => v_mfma_f64_4x4x4_4b_f64 v[12:13], v[2:3], v[4:5], v[12:13]
