;@kernel buffer_swizzle_format
;@vgprs 48
; kernarg: buf (u32[1024], zero), in (256 random bytes), out (u32[19*64]), atom (u64[2*64] memory),
; atom_data (u64[2*64]). Result k of lane l at out[k*64 + l] (see buffer_test.cc for the list).
  s_load_dwordx8 s[20:27], s[0:1], 0             ; buf s[20:21], in s[22:23], out s[24:25], atom s[26:27]
  s_load_dwordx2 s[28:29], s[0:1], 32            ; atom_data
  v_lshlrev_b32 v1, 2, v0                        ; 4l
  v_and_b32 v2, 3, v0
  v_lshlrev_b32 v3, 2, v2                        ; 4 * (l % 4)
  v_sub_u32 v4, 63, v0                           ; 63 - l
  s_waitcnt lgkmcnt(0)
  ; swizzled V#: stride 16, INDEX_STRIDE 8, SWIZZLE_ENABLE, 64 records (store), 40 records (load)
  s_mov_b32 s8, s20
  s_and_b32 s9, s21, 0xffff
  s_or_b32 s9, s9, 0x80100000
  s_mov_b32 s10, 64
  s_mov_b32 s11, 0x00020000
  v_add_u32 v5, 0x1000, v0
  v_mov_b32 v6, v0
  v_mov_b32 v7, v3
  buffer_store_dword v5, v[6:7], s[8:11], 0 idxen offen
  s_waitcnt vmcnt(0)
  s_mov_b32 s10, 40
  v_mov_b32 v8, v4
  v_mov_b32 v9, v3
  buffer_load_dword v10, v[8:9], s[8:11], 0 idxen offen          ; k0
  ; ADD_TID swizzled V#: stride 16, INDEX_STRIDE 16, no idxen (private: no range check)
  s_mov_b32 s12, s20
  s_and_b32 s13, s21, 0xffff
  s_or_b32 s13, s13, 0x80100000
  s_mov_b32 s14, 0
  s_mov_b32 s15, 0x00a00000
  v_mul_u32_u24 v11, 0xab, v0
  v_lshrrev_b32 v11, 9, v11                      ; l / 3
  v_mul_u32_u24 v11, 3, v11
  v_sub_u32 v11, v0, v11                         ; l % 3
  v_lshlrev_b32 v11, 2, v11                      ; 4 * (l % 3)
  buffer_load_dword v12, v11, s[12:15], 0 offen                  ; k1
  ; typed loads from `in` (200 records, raw)
  s_mov_b32 s16, s22
  s_and_b32 s17, s23, 0xffff
  s_mov_b32 s18, 200
  s_mov_b32 s19, 0x00050977                      ; 8_8_8_8 UNORM, dst_sel W,Z,Y,X
  buffer_load_format_xyzw v[20:23], v1, s[16:19], 0 offen        ; k2-5
  s_mov_b32 s19, 0x0002d06c                      ; 16_16 SINT, dst_sel X,Y,1,0
  buffer_load_format_xyzw v[24:27], v1, s[16:19], 0 offen        ; k6-9
  s_mov_b32 s19, 0x00017004                      ; 16 FLOAT, dst_sel X,0
  v_lshlrev_b32 v13, 1, v0
  buffer_load_format_xy v[28:29], v13, s[16:19], 0 offen         ; k10-11
  s_mov_b32 s19, 0x00009004                      ; 8 SNORM, dst_sel X
  buffer_load_format_x v30, v0, s[16:19], 0 offen                ; k12
  ; 64-bit inc/dec atomics with return on atom (raw V#)
  s_mov_b32 s32, s26
  s_and_b32 s33, s27, 0xffff
  s_mov_b32 s34, 0x400
  s_mov_b32 s35, 0x00020000
  v_lshlrev_b32 v14, 3, v0
  global_load_dwordx2 v[32:33], v14, s[28:29]
  global_load_dwordx2 v[34:35], v14, s[28:29] offset:512
  s_waitcnt vmcnt(0)
  buffer_atomic_inc_x2 v[32:33], v14, s[32:35], 0 offen sc0      ; k13-14
  s_nop 0                         ; XNACK soft clause: no returning atomic right after another (wait_states_test.cc)
  buffer_atomic_dec_x2 v[34:35], v14, s[32:35], 0 offen offset:512 sc0   ; k15-16
  ; typed stores into out rows 17 (16_16 UINT, xy) and 18 (16 FLOAT, x)
  s_mov_b32 s36, s24
  s_and_b32 s37, s25, 0xffff
  s_mov_b32 s38, 0x10000
  s_mov_b32 s39, 0x0002c000
  v_mul_u32_u24 v36, 3, v0
  v_or_b32 v36, 0xabcd0000, v36
  v_mov_b32 v37, v0
  s_movk_i32 s40, 0x1100                         ; row 17 (soffset: the instruction offset has 12 bits)
  buffer_store_format_xy v[36:37], v1, s[36:39], s40 offen
  s_mov_b32 s39, 0x00017000
  v_cvt_f32_u32 v38, v0
  v_mul_f32 v38, 0x3ebd70a4, v38                 ; 0.37 * l
  s_movk_i32 s41, 0x1200                         ; row 18
  buffer_store_format_x v38, v13, s[36:39], s41 offen
  s_waitcnt vmcnt(0)
  global_store_dword v1, v10, s[24:25]
  global_store_dword v1, v12, s[24:25] offset:256
  global_store_dword v1, v20, s[24:25] offset:512
  global_store_dword v1, v21, s[24:25] offset:768
  global_store_dword v1, v22, s[24:25] offset:1024
  global_store_dword v1, v23, s[24:25] offset:1280
  global_store_dword v1, v24, s[24:25] offset:1536
  global_store_dword v1, v25, s[24:25] offset:1792
  global_store_dword v1, v26, s[24:25] offset:2048
  global_store_dword v1, v27, s[24:25] offset:2304
  global_store_dword v1, v28, s[24:25] offset:2560
  global_store_dword v1, v29, s[24:25] offset:2816
  global_store_dword v1, v30, s[24:25] offset:3072
  global_store_dword v1, v32, s[24:25] offset:3328
  global_store_dword v1, v33, s[24:25] offset:3584
  global_store_dword v1, v34, s[24:25] offset:3840
  s_add_u32 s24, s24, 0x1000
  s_addc_u32 s25, s25, 0
  global_store_dword v1, v35, s[24:25]
  s_endpgm
