;@kernel split_k_two_waves
; split_k_reduce with two waves per workgroup (128 lanes) where only wave 0 releases and arrives: each
; wave stores its partial and waits for it (vmcnt(0)), and the s_barrier orders wave 1's completed stores
; before wave 0's buffer_wbl2 sc1, which then covers them too. The last arriver's wave 0 sums all 128
; columns (lane l and l+64) in workgroup order.
; kernarg: inputs (f32[groups*128]), partials (f32[groups*128]), counter (u32[1], zero), result
; (f32[128]), groups (u32 at byte 32).
;@from split_k_reduce.s
;@replace s_lshl_b32 s13, s2, 8 => s_lshl_b32 s13, s2, 9
;@replace global_store_dword v2, v3, s[6:7] sc1 => global_store_dword v2, v3, s[6:7]
;@insert_before buffer_wbl2 sc1 => s_barrier
;@insert_before buffer_wbl2 sc1 => v_readfirstlane_b32 s19, v0
;@insert_before buffer_wbl2 sc1 => s_cmp_lt_u32 s19, 64
;@insert_before buffer_wbl2 sc1 => s_cbranch_scc0 .Ldone
;@insert_after v_mov_b32 v7, 0 => v_mov_b32 v10, 0
;@insert_after global_load_dword v9, v8, s[6:7] => global_load_dword v11, v8, s[6:7] offset:256
;@insert_after v_add_f32 v7, v7, v9 => v_add_f32 v10, v10, v11
;@replace v_add_u32 v8, 0x100, v8 => v_add_u32 v8, 0x200, v8
;@insert_after global_store_dword v1, v7, s[10:11] => global_store_dword v1, v10, s[10:11] offset:256
