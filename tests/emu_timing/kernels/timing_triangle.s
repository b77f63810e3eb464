;@kernel timing_triangle
;@from timing_mfma_chain.s
;@insert_after s_waitcnt lgkmcnt(0) => s_add_u32 s5, s2, 1
;@insert_after s_add_u32 s5, s2, 1 => s_mul_i32 s4, s4, s5
; Workgroup x runs (x + 1) times the chain of timing_mfma_chain (a causal-triangle-like launch: every
; workgroup differs from workgroup 0). s2 = workgroup id x.
