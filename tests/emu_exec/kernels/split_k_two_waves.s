;@kernel split_k_two_waves
; split_k_reduce with two waves per workgroup (128 lanes) where only wave 0 releases and arrives: each
; wave stores its partial and waits for it (vmcnt(0)), and the s_barrier orders wave 1's completed stores
; before wave 0's buffer_wbl2 sc1, which then covers them too. The last arriver's wave 0 sums all 128
; columns (lane l and l+64) in workgroup order.
; kernarg: inputs (f32[groups*128]), partials (f32[groups*128]), counter (u32[1], zero), result
; (f32[128]), groups (u32 at byte 32).
  s_load_dwordx8 s[4:11], s[0:1], 0
  s_load_dword s12, s[0:1], 32
  s_waitcnt lgkmcnt(0)
  s_lshl_b32 s13, s2, 9
  v_lshlrev_b32 v1, 2, v0
  v_add_u32 v2, s13, v1
  global_load_dword v3, v2, s[4:5]
  s_waitcnt vmcnt(0)
  v_mul_f32 v3, 0x3fc00000, v3
  global_store_dword v2, v3, s[6:7]
  s_waitcnt vmcnt(0)
  s_barrier
  v_readfirstlane_b32 s19, v0
  s_cmp_lt_u32 s19, 64
  s_cbranch_scc0 .Ldone
  buffer_wbl2 sc1
  s_waitcnt vmcnt(0)
  v_mov_b32 v4, 0
  v_mov_b32 v5, 1
  v_cmp_eq_u32 vcc, 0, v0
  s_and_saveexec_b64 s[14:15], vcc
  global_atomic_add v6, v4, v5, s[8:9] sc0
  s_waitcnt vmcnt(0)
  v_readfirstlane_b32 s16, v6
  s_mov_b64 exec, s[14:15]
  s_sub_u32 s17, s12, 1
  s_cmp_eq_u32 s16, s17
  s_cbranch_scc0 .Ldone
  buffer_inv sc1
  v_mov_b32 v7, 0
  v_mov_b32 v10, 0
  v_mov_b32 v8, v1
  s_mov_b32 s18, 0
.Lloop:
  global_load_dword v9, v8, s[6:7]
  global_load_dword v11, v8, s[6:7] offset:256
  s_waitcnt vmcnt(0)
  v_add_f32 v7, v7, v9
  v_add_f32 v10, v10, v11
  v_add_u32 v8, 0x200, v8
  s_add_u32 s18, s18, 1
  s_cmp_lt_u32 s18, s12
  s_cbranch_scc1 .Lloop
  global_store_dword v1, v7, s[10:11]
  global_store_dword v1, v10, s[10:11] offset:256
  global_store_dword v4, v4, s[8:9]
.Ldone:
  s_endpgm
