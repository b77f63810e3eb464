;@kernel smfmac_f16
; kernarg: a (2 dwords per lane, lane-major), b (4 dwords per lane, lane-major), idx (1 dword per lane),
; c (4 rows of 64 dwords, register-major), d (same). One v_smfmac_f32_16x16x32_f16 that accumulates into
; the loaded C (vdst is C and D) with its sparse indices in the second 8-bit set of the index VGPR (abid:1).
  s_load_dwordx8 s[4:11], s[0:1], 0
  s_load_dwordx2 s[12:13], s[0:1], 32
  v_lshlrev_b32 v1, 3, v0
  v_lshlrev_b32 v20, 4, v0
  v_lshlrev_b32 v21, 2, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx2 v[2:3], v1, s[4:5]
  global_load_dwordx4 v[4:7], v20, s[6:7]
  global_load_dword v8, v21, s[8:9]
  global_load_dword v10, v21, s[10:11]
  global_load_dword v11, v21, s[10:11] offset:256
  global_load_dword v12, v21, s[10:11] offset:512
  global_load_dword v13, v21, s[10:11] offset:768
  s_waitcnt vmcnt(0)
  v_smfmac_f32_16x16x32_f16 v[10:13], v[2:3], v[4:7], v8 abid:1
  s_nop 15
  s_nop 2
  global_store_dword v21, v10, s[12:13]
  global_store_dword v21, v11, s[12:13] offset:256
  global_store_dword v21, v12, s[12:13] offset:512
  global_store_dword v21, v13, s[12:13] offset:768
  s_endpgm
