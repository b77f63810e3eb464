;@kernel cvt_fp6_exec
;@arch gfx950
;@vgprs 80
; kernarg: out (24 dwords per lane, lane-major): 0-5 the packed result of 32 halves of 1.0, 8-23 the 32
; halves unpacked from 32 codes of 1.0; both written with EXEC = even lanes only, over 0xdeadbeef.
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_mul_u32_u24 v1, 0x60, v0
  v_mov_b32 v36, 1.0
  v_mov_b32 v60, 0x8208208
  v_mov_b32 v61, 0x82082082
  v_mov_b32 v62, 0x20820820
  v_mov_b32 v63, 0x8208208
  v_mov_b32 v64, 0x82082082
  v_mov_b32 v65, 0x20820820
  v_mov_b32 v2, 0x3c003c00
  v_mov_b32 v3, 0xdeadbeef
  v_mov_b32 v20, v2
  v_mov_b32 v21, v2
  v_mov_b32 v22, v2
  v_mov_b32 v23, v2
  v_mov_b32 v24, v2
  v_mov_b32 v25, v2
  v_mov_b32 v26, v2
  v_mov_b32 v27, v2
  v_mov_b32 v28, v2
  v_mov_b32 v29, v2
  v_mov_b32 v30, v2
  v_mov_b32 v31, v2
  v_mov_b32 v32, v2
  v_mov_b32 v33, v2
  v_mov_b32 v34, v2
  v_mov_b32 v35, v2
  v_mov_b32 v10, v3
  v_mov_b32 v11, v3
  v_mov_b32 v12, v3
  v_mov_b32 v13, v3
  v_mov_b32 v14, v3
  v_mov_b32 v15, v3
  v_mov_b32 v40, v3
  v_mov_b32 v41, v3
  v_mov_b32 v42, v3
  v_mov_b32 v43, v3
  v_mov_b32 v44, v3
  v_mov_b32 v45, v3
  v_mov_b32 v46, v3
  v_mov_b32 v47, v3
  v_mov_b32 v48, v3
  v_mov_b32 v49, v3
  v_mov_b32 v50, v3
  v_mov_b32 v51, v3
  v_mov_b32 v52, v3
  v_mov_b32 v53, v3
  v_mov_b32 v54, v3
  v_mov_b32 v55, v3
  s_mov_b32 exec_lo, 0x55555555
  s_mov_b32 exec_hi, 0x55555555
  v_cvt_scalef32_pk32_fp6_f16 v[10:15], v[20:35], v36
  v_cvt_scalef32_pk32_f16_fp6 v[40:55], v[60:65], v36
  s_mov_b64 exec, -1
  s_waitcnt lgkmcnt(0)
  global_store_dwordx4 v1, v[10:13], s[4:5]
  global_store_dwordx2 v1, v[14:15], s[4:5] offset:16
  global_store_dwordx4 v1, v[40:43], s[4:5] offset:32
  global_store_dwordx4 v1, v[44:47], s[4:5] offset:48
  global_store_dwordx4 v1, v[48:51], s[4:5] offset:64
  global_store_dwordx4 v1, v[52:55], s[4:5] offset:80
  s_endpgm
