;@kernel ws_dgemm_fma64
; DGEMM (any registers) -> v_fma_f64 on unrelated registers: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f64_4x4x4_4b_f64 a[0:1], v[2:3], v[4:5], 0
;@insert_after ; consumer => v_fma_f64 v[8:9], v[2:3], v[4:5], v[2:3]
