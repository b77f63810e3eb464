;@kernel split_k_no_release_wait
; split_k_reduce without the s_waitcnt vmcnt(0) between buffer_wbl2 sc1 and the counter atomic: the
; write-back has not completed when the atomic publishes the arrival, so the release does not count
; ("no release after the store at pc ...").
;@from split_k_reduce.s
;@delete_after buffer_wbl2 sc1
