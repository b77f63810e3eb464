;@kernel split_k_no_release
; split_k_reduce without the buffer_wbl2 sc1: the partial stores are waited for but never released, so
; the last arriver's loads of the other partials must be reported by the memory-model checker
; ("no release after the store at pc ...").
;@from split_k_reduce.s
;@delete buffer_wbl2 sc1
