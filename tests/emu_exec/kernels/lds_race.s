;@kernel lds_race
;@lds 64
; Each wave writes its first work-item id to LDS word 0 with no ordering between waves, then after a
; barrier every lane reads it back: which write wins depends on the interleaving.
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_readfirstlane_b32 s6, v0
  v_mov_b32 v1, 0
  s_nop 0                                  ; VALU writes s6 -> VALU reads it: 2 wait states
  v_mov_b32 v2, s6
  ds_write_b32 v1, v2
  s_waitcnt lgkmcnt(0)
  s_barrier
  ds_read_b32 v3, v1
  s_lshl_b32 s7, s2, 10                    ; workgroup * 256 items * 4 bytes
  v_lshlrev_b32 v4, 2, v0
  v_add_u32 v4, s7, v4
  s_waitcnt lgkmcnt(0)
  global_store_dword v4, v3, s[4:5]
  s_endpgm
