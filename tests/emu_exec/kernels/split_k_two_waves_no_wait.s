;@kernel split_k_two_waves_no_wait
; split_k_two_waves without the s_waitcnt vmcnt(0) before the s_barrier: wave 1's partial store may still
; be in flight when wave 0's buffer_wbl2 sc1 issues, and a wbl2 covers only its own wave's stores in
; order (another wave's once they completed), so the partial is not released ("no release after the
; store at pc ...").
;@from split_k_two_waves.s
;@delete_after global_store_dword v2, v3, s[6:7]
