;@kernel initial_state
;@enable dispatch_ptr wgid_y wgid_z
;@workitem_ids 2
; s[0:1] dispatch ptr, s[2:3] kernarg ptr, s4..s6 workgroup id x/y/z.
; Writes per lane: v0 (packed ids), exec lo/hi, and the SGPRs, to out[wave_linear*64 + lane][8].
  s_load_dwordx2 s[8:9], s[2:3], 0
  s_load_dword s10, s[0:1], 4          ; dispatch packet: workgroup_size_x | y << 16
  v_mov_b32 v1, s4
  v_mov_b32 v2, s5
  v_mov_b32 v3, s6
  v_mov_b32 v4, exec_lo
  v_mov_b32 v5, exec_hi
  v_mbcnt_lo_u32_b32 v6, -1, 0
  v_mbcnt_hi_u32_b32 v6, -1, v6        ; lane id
  ; flat work-item id within the group = x + y*4 + z*8 for a 4x2xN group: slot = (linear wg * 64 + tid)
  v_and_b32 v7, 0x3ff, v0
  v_bfe_u32 v8, v0, 10, 10
  v_bfe_u32 v9, v0, 20, 10
  v_lshl_add_u32 v10, v8, 2, v7
  v_lshl_add_u32 v10, v9, 3, v10        ; tid
  s_mul_i32 s11, s5, 2                  ; grid (2,2,1): linear wg = x + y*2
  s_add_u32 s11, s11, s4
  s_lshl_b32 s11, s11, 6
  v_add_u32 v10, s11, v10
  v_lshlrev_b32 v10, 5, v10             ; 8 dwords per slot
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v11, s10
  global_store_dwordx4 v10, v[0:3], s[8:9]
  global_store_dwordx4 v10, v[4:7], s[8:9] offset:16
  s_nop 1                                  ; wide store -> VALU overwrites its data: 2 wait states
  v_mov_b32 v7, v11
  global_store_dword v10, v7, s[8:9] offset:28
  s_endpgm
