;@kernel valu_int
; kernarg: a (u32[64]), b (u32[64]), out (u32[64*16]). Per lane l, results r[k] at out[k*64 + l].
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[8:9], s[0:1], 16
  v_lshlrev_b32 v1, 2, v0
  s_waitcnt lgkmcnt(0)
  global_load_dword v2, v1, s[4:5]
  global_load_dword v3, v1, s[6:7]
  s_waitcnt vmcnt(0)
  ; 0: 64-bit add with carry through VCC (VOP2) and an SGPR pair (VOP3B)
  v_add_co_u32 v4, vcc, v2, v3
  s_nop 1                                  ; VALU writes VCC -> VALU reads it: 2 wait states
  v_addc_co_u32 v5, vcc, 0, 0, vcc
  global_store_dword v1, v4, s[8:9]
  global_store_dword v1, v5, s[8:9] offset:256
  v_add_co_u32 v4, s[10:11], v2, v3
  s_nop 1                                  ; VALU writes s[10:11] -> VALU reads it: 2 wait states
  v_cndmask_b32 v5, 5, 7, s[10:11]
  global_store_dword v1, v5, s[8:9] offset:512
  ; 3..5: multiplies
  v_mul_lo_u32 v4, v2, v3
  global_store_dword v1, v4, s[8:9] offset:768
  v_mul_hi_u32 v4, v2, v3
  global_store_dword v1, v4, s[8:9] offset:1024
  v_mad_u32_u24 v4, v2, v3, 17
  global_store_dword v1, v4, s[8:9] offset:1280
  ; 6..9: bit ops
  v_lshl_add_u32 v4, v2, 3, v3
  global_store_dword v1, v4, s[8:9] offset:1536
  v_bfe_u32 v4, v2, 5, 9
  global_store_dword v1, v4, s[8:9] offset:1792
  s_mov_b32 s14, 0xff00ff00
  v_bfi_b32 v4, s14, v2, v3
  global_store_dword v1, v4, s[8:9] offset:2048
  v_alignbit_b32 v4, v2, v3, 13
  global_store_dword v1, v4, s[8:9] offset:2304
  ; 10: signed compare to VCC then select
  v_cmp_lt_i32 vcc, v2, v3
  s_nop 1                                  ; VALU writes an SGPR -> VALU reads it: 2 wait states
  v_cndmask_b32 v4, v3, v2, vcc
  global_store_dword v1, v4, s[8:9] offset:2560
  ; 11: unsigned compare in VOP3 form to an SGPR pair, as a lane mask stored by lane 0
  v_cmp_gt_u32 s[12:13], v2, v3
  s_nop 1                                  ; VALU writes an SGPR -> VALU reads it: 2 wait states
  v_mov_b32 v4, s12
  v_mov_b32 v5, s13
  v_cndmask_b32 v4, v5, v4, s[12:13]
  global_store_dword v1, v4, s[8:9] offset:2816
  ; 12: v_sub_co with borrow, 13: v_med3_i32, 14: v_perm_b32, 15: mbcnt lane id
  v_sub_co_u32 v4, vcc, v2, v3
  s_nop 1                                  ; VALU writes an SGPR -> VALU reads it: 2 wait states
  v_subb_co_u32 v5, vcc, 0, 0, vcc
  global_store_dword v1, v5, s[8:9] offset:3072
  s_movk_i32 s15, 1000
  v_med3_i32 v4, v2, v3, s15
  global_store_dword v1, v4, s[8:9] offset:3328
  s_mov_b32 s16, 0x0c050400
  v_perm_b32 v4, v2, v3, s16
  global_store_dword v1, v4, s[8:9] offset:3584
  v_mbcnt_lo_u32_b32 v4, -1, 0
  v_mbcnt_hi_u32_b32 v4, -1, v4
  global_store_dword v1, v4, s[8:9] offset:3840
  s_endpgm
