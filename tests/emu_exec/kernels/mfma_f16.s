;@kernel mfma_f16
;@agprs 16
; kernarg: a (2 dwords per lane, lane-major), b (same), d (16 dwords per lane, register-major).
; v_mfma_f32_32x32x8_f16 with C = 0, D in AGPRs, read back with v_accvgpr_read.
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[8:9], s[0:1], 16
  v_lshlrev_b32 v1, 3, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx2 v[2:3], v1, s[4:5]
  global_load_dwordx2 v[4:5], v1, s[6:7]
  s_waitcnt vmcnt(0)
  v_mfma_f32_32x32x8_f16 a[0:15], v[2:3], v[4:5], 0
  s_nop 15
  s_nop 2
  v_lshlrev_b32 v6, 2, v0
  v_accvgpr_read_b32 v7, a0
  global_store_dword v6, v7, s[8:9]
  v_accvgpr_read_b32 v7, a1
  global_store_dword v6, v7, s[8:9] offset:256
  v_accvgpr_read_b32 v7, a2
  global_store_dword v6, v7, s[8:9] offset:512
  v_accvgpr_read_b32 v7, a3
  global_store_dword v6, v7, s[8:9] offset:768
  v_accvgpr_read_b32 v7, a4
  global_store_dword v6, v7, s[8:9] offset:1024
  v_accvgpr_read_b32 v7, a5
  global_store_dword v6, v7, s[8:9] offset:1280
  v_accvgpr_read_b32 v7, a6
  global_store_dword v6, v7, s[8:9] offset:1536
  v_accvgpr_read_b32 v7, a7
  global_store_dword v6, v7, s[8:9] offset:1792
  v_accvgpr_read_b32 v7, a8
  global_store_dword v6, v7, s[8:9] offset:2048
  v_accvgpr_read_b32 v7, a9
  global_store_dword v6, v7, s[8:9] offset:2304
  v_accvgpr_read_b32 v7, a10
  global_store_dword v6, v7, s[8:9] offset:2560
  v_accvgpr_read_b32 v7, a11
  global_store_dword v6, v7, s[8:9] offset:2816
  v_accvgpr_read_b32 v7, a12
  global_store_dword v6, v7, s[8:9] offset:3072
  v_accvgpr_read_b32 v7, a13
  global_store_dword v6, v7, s[8:9] offset:3328
  v_accvgpr_read_b32 v7, a14
  global_store_dword v6, v7, s[8:9] offset:3584
  v_accvgpr_read_b32 v7, a15
  global_store_dword v6, v7, s[8:9] offset:3840
  s_endpgm
