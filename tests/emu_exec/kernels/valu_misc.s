;@kernel valu_misc
; kernarg: out (u32[64*4]). v_cmpx narrows EXEC; VOP3 op_sel picks f16 halves; VOP3 v_cndmask with neg.
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  s_waitcnt lgkmcnt(0)
  ; 0: lanes with id > 40 store 1, the others keep 5 (EXEC narrowed by v_cmpx, saved and restored)
  v_mov_b32 v2, 5
  s_mov_b64 s[6:7], exec
  v_mov_b32 v3, 40
  v_cmpx_gt_u32 vcc, v0, v3
  v_mov_b32 v2, 1
  s_mov_b64 exec, s[6:7]
  global_store_dword v1, v2, s[4:5]
  ; 1: the v_cmpx mask also went to VCC: low dword stored by every lane
  v_mov_b32 v4, vcc_hi
  global_store_dword v1, v4, s[4:5] offset:256
  ; 2: f16 fma: high half of v5 times low half of v6 plus 0, written to the high half of v7
  v_mov_b32 v5, 0x40003c00                 ; hi 2.0, lo 1.0
  v_mov_b32 v6, 0x3c004400                 ; hi 1.0, lo 4.0
  v_mov_b32 v7, 0x1234abcd
  v_fma_f16 v7, v5, v6, 0 op_sel:[1,0,0,1]
  global_store_dword v1, v7, s[4:5] offset:512
  ; 3: VOP3 cndmask with a negated float source, selecting by lane parity
  v_and_b32 v8, 1, v0
  v_cmp_eq_u32 s[8:9], 1, v8
  v_cvt_f32_u32 v9, v0
  s_nop 0                                  ; VALU writes s[8:9] -> VALU reads it: 2 wait states
  v_cndmask_b32_e64 v10, v9, -v9, s[8:9]
  global_store_dword v1, v10, s[4:5] offset:768
  s_endpgm
