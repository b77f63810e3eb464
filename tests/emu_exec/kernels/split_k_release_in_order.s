;@kernel split_k_release_in_order
; split_k_reduce with the pack's release (asm/common/splitk.s.j2): no s_waitcnt between the partial
; store and buffer_wbl2 sc1, which still covers it (a wave's memory operations stay in order with a
; following wbl2; the s_waitcnt vmcnt(0) after it completes both).
;@from split_k_reduce.s
;@delete_after global_store_dword v2, v3, s[6:7] sc1
