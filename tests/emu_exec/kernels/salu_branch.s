;@kernel salu_branch
; kernarg: out (u32[16]), n. Scalar results stored from lane 0.
  s_load_dwordx2 s[4:5], s[0:1], 0
  s_load_dword s6, s[0:1], 8
  s_mov_b64 exec, 1
  v_mov_b32 v0, 0
  s_waitcnt lgkmcnt(0)
  ; r0: sum 1..n with a counted loop
  s_mov_b32 s7, 0
  s_mov_b32 s8, 1
.Lloop:
  s_add_u32 s7, s7, s8
  s_add_u32 s8, s8, 1
  s_cmp_le_u32 s8, s6
  s_cbranch_scc1 .Lloop
  v_mov_b32 v1, s7
  global_store_dword v0, v1, s[4:5]
  ; r1: carry out of s_add_u32 selects 7
  s_add_u32 s9, -1, 2
  s_cselect_b32 s10, 7, 9
  v_mov_b32 v1, s10
  global_store_dword v0, v1, s[4:5] offset:4
  ; r2: s_bfe_u32 offset 8 width 12
  s_mov_b32 s11, 0x12345678
  s_bfe_u32 s12, s11, 0xc0008
  v_mov_b32 v1, s12
  global_store_dword v0, v1, s[4:5] offset:8
  ; r3: find first one
  s_ff1_i32_b32 s12, 0x100
  v_mov_b32 v1, s12
  global_store_dword v0, v1, s[4:5] offset:12
  ; r4: popcount of a 64-bit value
  s_mov_b32 s14, 0xf0f0
  s_mov_b32 s15, 0x7
  s_bcnt1_i32_b64 s12, s[14:15]
  v_mov_b32 v1, s12
  global_store_dword v0, v1, s[4:5] offset:16
  ; r5: arithmetic shift
  s_ashr_i32 s12, -64, 3
  v_mov_b32 v1, s12
  global_store_dword v0, v1, s[4:5] offset:20
  ; r6: mul_hi
  s_mov_b32 s13, 0x87654321
  s_mul_hi_u32 s12, s11, s13
  v_mov_b32 v1, s12
  global_store_dword v0, v1, s[4:5] offset:24
  ; r7: branch not taken / taken paths
  s_movk_i32 s12, 0x100
  s_cmpk_gt_i32 s12, 0x50
  s_cbranch_scc0 .Lwrong
  s_mov_b32 s16, 11
  s_branch .Ljoin
.Lwrong:
  s_mov_b32 s16, 22
.Ljoin:
  v_mov_b32 v1, s16
  global_store_dword v0, v1, s[4:5] offset:28
  ; r8: lshl2_add
  s_lshl2_add_u32 s12, s6, 5
  v_mov_b32 v1, s12
  global_store_dword v0, v1, s[4:5] offset:32
  ; r9, r10: 64-bit shift and 64-bit subtract with borrow
  s_mov_b64 s[18:19], 3
  s_lshl_b64 s[18:19], s[18:19], 33
  s_sub_u32 s20, 0, 1
  s_subb_u32 s21, 5, 0
  v_mov_b32 v1, s19
  global_store_dword v0, v1, s[4:5] offset:36
  v_mov_b32 v1, s21
  global_store_dword v0, v1, s[4:5] offset:40
  ; r11: saveexec / execz branch: exec & 0 -> skip store of 99
  s_mov_b64 s[22:23], 0
  s_and_saveexec_b64 s[24:25], s[22:23]
  s_cbranch_execz .Lskip
  v_mov_b32 v1, 99
  global_store_dword v0, v1, s[4:5] offset:44
.Lskip:
  s_mov_b64 exec, s[24:25]
  ; r12: getpc / setpc round trip lands after the jump
  s_getpc_b64 s[26:27]
  s_add_u32 s26, s26, 16
  s_addc_u32 s27, s27, 0
  s_setpc_b64 s[26:27]
  s_nop 0
  v_mov_b32 v1, 42
  global_store_dword v0, v1, s[4:5] offset:48
  s_endpgm
