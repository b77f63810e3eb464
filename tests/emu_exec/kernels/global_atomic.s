;@kernel global_atomic
; kernarg: sum (f32[1]), counter (u32[1]), tickets (u32[groups*64]). Every lane adds 1.0 to sum and
; takes a ticket from counter (atomic add with return).
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[8:9], s[0:1], 16
  v_mov_b32 v1, 0
  v_mov_b32 v2, 1.0
  v_mov_b32 v3, 1
  s_waitcnt lgkmcnt(0)
  global_atomic_add_f32 v1, v2, s[4:5]
  global_atomic_add v4, v1, v3, s[6:7] sc0
  s_lshl_b32 s10, s2, 8                    ; workgroup * 64 lanes * 4 bytes
  v_lshlrev_b32 v5, 2, v0
  v_add_u32 v5, s10, v5
  s_waitcnt vmcnt(0)
  global_store_dword v5, v4, s[8:9]
  s_endpgm
