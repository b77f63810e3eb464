;@kernel smfmac_fp8_gfx950
;@arch gfx950
;@agprs 4
; kernarg: a (4 dwords per lane, lane-major), b (8 dwords per lane, lane-major), idx (1 dword per lane),
; d (4 rows of 64 dwords, register-major). One gfx950 v_smfmac_f32_16x16x128_fp8_fp8 (OCP e4m3) with
; C = D = 0 in AGPRs (one 32-bit index set: cbsz:2 reads it, ABID ignored), read back with v_accvgpr_read.
  s_load_dwordx8 s[4:11], s[0:1], 0
  v_lshlrev_b32 v1, 4, v0
  v_lshlrev_b32 v20, 5, v0
  v_lshlrev_b32 v21, 2, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v1, s[4:5]
  global_load_dwordx4 v[6:9], v20, s[6:7]
  global_load_dwordx4 v[10:13], v20, s[6:7] offset:16
  global_load_dword v14, v21, s[8:9]
  v_accvgpr_write_b32 a0, 0
  v_accvgpr_write_b32 a1, 0
  v_accvgpr_write_b32 a2, 0
  v_accvgpr_write_b32 a3, 0
  s_waitcnt vmcnt(0)
  s_nop 2
  v_smfmac_f32_16x16x128_fp8_fp8 a[0:3], v[2:5], v[6:13], v14 cbsz:2 abid:3
  s_nop 15
  s_nop 3
  v_accvgpr_read_b32 v15, a0
  global_store_dword v21, v15, s[10:11]
  v_accvgpr_read_b32 v15, a1
  global_store_dword v21, v15, s[10:11] offset:256
  v_accvgpr_read_b32 v15, a2
  global_store_dword v21, v15, s[10:11] offset:512
  v_accvgpr_read_b32 v15, a3
  global_store_dword v21, v15, s[10:11] offset:768
  s_endpgm
