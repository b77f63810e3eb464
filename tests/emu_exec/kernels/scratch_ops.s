;@kernel scratch_ops
;@scratch 256
; kernarg: out (u32[64*5]): result r of lane l at out[r*64 + l].
; Every lane writes its own private segment through the three SCRATCH address forms (vaddr, saddr,
; neither) and reads it back with wider, narrower and unaligned-in-dword loads.
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_and_b32 v2, 7, v0
  v_lshlrev_b32 v2, 4, v2
  v_add_u32 v4, 1000, v0
  v_add_u32 v5, 2000, v0
  v_add_u32 v6, 3000, v0
  v_add_u32 v7, 4000, v0
  scratch_store_dwordx4 v2, v[4:7], off offset:32
  v_mul_u32_u24 v8, v0, 3
  scratch_store_dword off, v8, off
  s_mov_b32 s6, 8
  scratch_store_short off, v0, s6 offset:200
  s_waitcnt vmcnt(0)
  scratch_load_dwordx2 v[10:11], v2, off offset:36
  scratch_load_dword v12, off, off
  scratch_load_ushort v13, off, s6 offset:200
  scratch_load_sbyte v14, v2, off offset:33
  s_waitcnt vmcnt(0) lgkmcnt(0)
  global_store_dword v1, v10, s[4:5]
  global_store_dword v1, v11, s[4:5] offset:256
  global_store_dword v1, v12, s[4:5] offset:512
  global_store_dword v1, v13, s[4:5] offset:768
  global_store_dword v1, v14, s[4:5] offset:1024
  s_endpgm
