;@kernel valu_special_gfx950
;@arch gfx950
; kernarg: in (u32[64*4]: per lane a, b, shift, seed), out (u32[64*6]). gfx950's v_prng_b32 and
; v_ashr_pk_i8/u8_i32 (valu_special_test.cc).
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v20, 4, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v20, s[4:5]
  s_waitcnt vmcnt(0)
  ; 0: prng(seed)
  v_prng_b32 v10, v5
  global_store_dword v1, v10, s[6:7]
  ; 1: prng(prng(seed)), VOP3 form
  v_prng_b32_e64 v10, v10
  global_store_dword v1, v10, s[6:7] offset:256
  ; 2: ashr_pk_i8_i32(a, b, shift)
  v_ashr_pk_i8_i32 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:512
  ; 3: ashr_pk_u8_i32(a, b, shift)
  v_ashr_pk_u8_i32 v10, v2, v3, v4
  global_store_dword v1, v10, s[6:7] offset:768
  ; 4: ashr_pk_u8_i32(a, b, shift) into the high half of seed (op_sel[3]; low half kept)
  v_mov_b32 v10, v5
  v_ashr_pk_u8_i32 v10, v2, v3, v4 op_sel:[0,0,0,1]
  global_store_dword v1, v10, s[6:7] offset:1024
  ; 5: ashr_pk_i8_i32(b, a, 7) with a constant shift
  v_ashr_pk_i8_i32 v10, v3, v2, 7
  global_store_dword v1, v10, s[6:7] offset:1280
  s_endpgm
