;@kernel valu_float
; kernarg: a (f32[64]), b (f32[64]), out (u32[64*16]); result k of lane l at out[k*64 + l].
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[8:9], s[0:1], 16
  v_lshlrev_b32 v1, 2, v0
  s_waitcnt lgkmcnt(0)
  global_load_dword v2, v1, s[4:5]
  global_load_dword v3, v1, s[6:7]
  s_waitcnt vmcnt(0)
  v_fma_f32 v4, v2, v3, 1.0
  global_store_dword v1, v4, s[8:9]
  v_fma_f32 v4, -v2, |v3|, 0.5
  global_store_dword v1, v4, s[8:9] offset:256
  v_add_f32_e64 v4, v2, v3 clamp
  global_store_dword v1, v4, s[8:9] offset:512
  v_mul_f32_e64 v4, v2, v3 mul:2
  global_store_dword v1, v4, s[8:9] offset:768
  v_max_f32 v4, v2, v3
  global_store_dword v1, v4, s[8:9] offset:1024
  v_exp_f32 v4, v2
  global_store_dword v1, v4, s[8:9] offset:1280
  ; f16: convert, add, convert back
  v_cvt_f16_f32 v5, v2
  v_cvt_f16_f32 v6, v3
  v_add_f16 v5, v5, v6
  v_cvt_f32_f16 v4, v5
  global_store_dword v1, v4, s[8:9] offset:1536
  ; packed f16 fma on (a, b) pairs
  v_cvt_pkrtz_f16_f32 v5, v2, v3
  v_pk_fma_f16 v6, v5, v5, v5
  global_store_dword v1, v6, s[8:9] offset:1792
  ; packed f32 multiply of the pair (a, b)
  v_mov_b32 v8, v2
  v_mov_b32 v9, v3
  v_pk_mul_f32 v[10:11], v[8:9], v[8:9]
  global_store_dword v1, v11, s[8:9] offset:2048
  ; DPP row_shr:1 with bound_ctrl (invalid source lanes read 0)
  v_mov_b32 v4, 77
  v_mov_b32_dpp v4, v2 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
  global_store_dword v1, v4, s[8:9] offset:2304
  ; DPP quad_perm on an add's src0
  v_add_f32_dpp v4, v2, v3 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
  global_store_dword v1, v4, s[8:9] offset:2560
  ; DPP row_mirror
  v_mov_b32_dpp v4, v2 row_mirror row_mask:0xf bank_mask:0xf
  global_store_dword v1, v4, s[8:9] offset:2816
  ; DPP row_bcast:15 into rows 1 and 3 only; rows 0 and 2 keep 77
  v_mov_b32 v4, 77
  v_mov_b32_dpp v4, v2 row_bcast:15 row_mask:0xa bank_mask:0xf
  global_store_dword v1, v4, s[8:9] offset:3072
  ; SDWA: byte 1 of a plus word 0 of b into word 1 of v4, word 0 preserved
  v_mov_b32 v4, 0x12345678
  v_add_u32_sdwa v4, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 src1_sel:WORD_0
  global_store_dword v1, v4, s[8:9] offset:3328
  v_cvt_i32_f32 v4, v2
  global_store_dword v1, v4, s[8:9] offset:3584
  ; DPP row_shr:1 without bound_ctrl: lanes with no source keep their old value
  v_mov_b32 v4, 77
  v_mov_b32_dpp v4, v2 row_shr:1 row_mask:0xf bank_mask:0xf
  global_store_dword v1, v4, s[8:9] offset:3840
  s_endpgm
