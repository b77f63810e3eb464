;@kernel valu_extra_gfx950
;@arch gfx950
; kernarg: in (u32[64*8], as for valu_extra), out (u32[64*12]). gfx950-only VALU: bitop3, IEEE minimum3 /
; maximum3, v_cvt_pk_f16_f32, v_cvt_f32_bf16 (VOP1 and SDWA), bf16 dot products.
; v2 = w0 (f32 a), v3 = w1, v4 = w2, v5 = w3, v13 = -a, v14 = w1 read as f32.
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v20, 5, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v20, s[4:5]
  s_waitcnt vmcnt(0)
  v_xor_b32 v13, 0x80000000, v2
  v_mov_b32 v14, v3
  ; 0: bitop3 0x96 (S0 ^ S1 ^ S2 by the table's definition)
  v_bitop3_b32 v10, v3, v4, v5 bitop3:0x96
  global_store_dword v1, v10, s[6:7]
  ; 1: bitop3 0x1e
  v_bitop3_b32 v10, v3, v4, v5 bitop3:0x1e
  global_store_dword v1, v10, s[6:7] offset:256
  ; 2: bitop3_b16 0x6c (low halves)
  v_bitop3_b16 v10, v3, v4, v5 bitop3:0x6c
  global_store_dword v1, v10, s[6:7] offset:512
  ; 3: minimum3(a, -a, w1 as f32)
  v_minimum3_f32 v10, v2, v13, v14
  global_store_dword v1, v10, s[6:7] offset:768
  ; 4: maximum3(a, -a, w1 as f32)
  v_maximum3_f32 v10, v2, v13, v14
  global_store_dword v1, v10, s[6:7] offset:1024
  ; 5: cvt_pk_f16_f32(a, w1 as f32)
  v_cvt_pk_f16_f32 v10, v2, v14
  global_store_dword v1, v10, s[6:7] offset:1280
  ; 6: cvt_f32_bf16(w2.lo)
  v_cvt_f32_bf16 v10, v4
  global_store_dword v1, v10, s[6:7] offset:1536
  ; 7: cvt_f32_bf16(w2.hi) through SDWA
  v_cvt_f32_bf16_sdwa v10, v4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1
  global_store_dword v1, v10, s[6:7] offset:1792
  ; 8: dot2_f32_bf16(w2, w3, a)
  v_dot2_f32_bf16 v10, v4, v5, v2
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:2048
  ; 9: dot2c_f32_bf16: a + dot(w2, w3)
  v_mov_b32 v10, v2
  v_dot2c_f32_bf16 v10, v4, v5
  s_nop 2                                  ; a v_dot result read by another opcode (the store): 3 wait states
  global_store_dword v1, v10, s[6:7] offset:2304
  s_endpgm
