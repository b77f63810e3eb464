;@kernel split_k_acquire_early
; split_k_reduce with the buffer_inv sc1 issued right after the counter atomic, before the s_waitcnt
; vmcnt(0) that completes it (every workgroup executes it): the invalidate may finish before the atomic
; has read the counter, so it does not acquire ("no acquire before this load").
;@from split_k_reduce.s
;@delete buffer_inv sc1
;@insert_after global_atomic_add v6, v4, v5, s[8:9] sc0 => buffer_inv sc1
