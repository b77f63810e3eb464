;@kernel scratch_lds
;@scratch 64
;@lds 1024
; kernarg: out (u32[64]). Each lane stores 5000 + l at private offset 4 * (l % 8) + 8, then
; scratch_load_lds_dword (M0 = 256, offset 8, vaddr 4 * (l % 8)) moves it to LDS at 256 + 8 + 4l.
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_and_b32 v2, 7, v0
  v_lshlrev_b32 v2, 2, v2
  v_add_u32 v3, 0x1388, v0
  scratch_store_dword v2, v3, off offset:8
  s_waitcnt vmcnt(0)
  s_movk_i32 m0, 0x100
  s_nop 0
  scratch_load_lds_dword v2, off offset:8
  s_waitcnt vmcnt(0)
  ds_read_b32 v4, v1 offset:264
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v4, s[4:5]
  s_endpgm
