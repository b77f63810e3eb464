;@kernel ws_dgemm16_srcc_overlap
; DGEMM 16x16 writes v[12:19] -> DGEMM reads v[14:21] as SrcC: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f64_16x16x4_f64 v[12:19], v[2:3], v[4:5], v[12:19]
;@insert_after ; consumer => v_mfma_f64_16x16x4_f64 v[14:21], v[2:3], v[4:5], v[14:21]
