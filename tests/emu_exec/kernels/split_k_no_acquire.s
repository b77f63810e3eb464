;@kernel split_k_no_acquire
; split_k_reduce without the buffer_inv sc1 in the last arriver: the releases were observed through the
; counter but never acquired ("no acquire before this load").
;@from split_k_reduce.s
;@delete buffer_inv sc1
