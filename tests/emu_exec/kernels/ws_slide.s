;@kernel ws_slide
;@agprs 16
; Wait-state checker tests (wait_states_test.cc): the `; producer` and `; consumer` lines are where a
; variant of this file puts the two instructions of a hazard. Between them the kernel issues exactly `wait`
; wait states: s_setpc_b64 (one) jumps into a slide of s_nop 0, wait - 1 of them before the consumer.
; kernarg: out (4 KiB scratch buffer the consumers may store to), wait (1..24).
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_load_dword s2, s[0:1], 8
  v_lshlrev_b32 v1, 4, v0
  v_mov_b32 v2, 1.0
  v_mov_b32 v3, 1.0
  v_mov_b32 v4, 1.0
  v_mov_b32 v5, 1.0
  s_waitcnt lgkmcnt(0)
  s_getpc_b64 s[6:7]
.Lpc:
  s_lshl_b32 s3, s2, 2
  s_add_u32 s6, s6, .Lslide_end-.Lpc+4
  s_addc_u32 s7, s7, 0
  s_sub_u32 s6, s6, s3
  s_subb_u32 s7, s7, 0
  s_mov_b32 s8, s4                         ; a buffer descriptor of out in s[8:11] for MUBUF consumers
  s_and_b32 s9, s5, 0xffff
  s_movk_i32 s10, 0x1000
  s_mov_b32 s11, 0x00020000
  s_mov_b32 s12, 0
  ; setup
  s_nop 7
  s_nop 7
  s_nop 7
  ; producer
  s_setpc_b64 s[6:7]
  .rept 24
  s_nop 0
  .endr
.Lslide_end:
  ; consumer
  s_endpgm
