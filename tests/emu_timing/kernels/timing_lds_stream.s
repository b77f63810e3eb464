;@kernel timing_lds_stream
;@vgprs 40
;@lds 2048
; An LDS stream: every wave issues 8 DS instructions of one kind per iteration, then waits for them.
; Lane l touches 16 bytes at 16 l (b128, b96), 8 at 8 l (b64) or 4 at 4 l and 4 l + 256 (read2_b32):
; conflict-free on both targets but for b96 on gfx942 (10-lane phases over 32 banks). All waves share
; the same bytes. kernarg: kind (u32 at 0: 0 ds_read_b128, 1 ds_write_b128, 2 ds_read_b64,
; 3 ds_read_b96, 4 ds_read2_b32), iterations (u32 at 4).
.macro lds_stream kind, op:vararg
.L\kind:
  .rept 8
  \op
  .endr
  s_waitcnt lgkmcnt(0)
  s_sub_u32 s5, s5, 1
  s_cmp_lg_u32 s5, 0
  s_cbranch_scc1 .L\kind
  s_endpgm
.endm
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_and_b32 v0, 63, v0
  v_lshlrev_b32 v1, 4, v0
  v_lshlrev_b32 v34, 3, v0
  v_lshlrev_b32 v35, 2, v0
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc1 .Lread_b128
  s_cmp_eq_u32 s4, 1
  s_cbranch_scc1 .Lwrite_b128
  s_cmp_eq_u32 s4, 2
  s_cbranch_scc1 .Lread_b64
  s_cmp_eq_u32 s4, 3
  s_cbranch_scc1 .Lread_b96
  s_cmp_eq_u32 s4, 4
  s_cbranch_scc1 .Lread2_b32
  s_endpgm
  lds_stream read_b128, ds_read_b128 v[2:5], v1
  lds_stream write_b128, ds_write_b128 v1, v[2:5]
  lds_stream read_b64, ds_read_b64 v[2:3], v34
  lds_stream read_b96, ds_read_b96 v[2:4], v1
  lds_stream read2_b32, ds_read2_b32 v[2:3], v35 offset1:64
