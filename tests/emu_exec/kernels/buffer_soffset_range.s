;@kernel buffer_soffset_range
; The attention KV-tail pattern: a row position in soffset, the lane's column in voffset, plus an
; instruction offset of 16. kernarg: in, out (u32[64*3]), records (u32 at byte 16), soffset (u32 at 20).
; out[0..63]: raw load with soffset; out[64..127]: the same without soffset; out[128..191]: structured
; (stride 4, records/4 records, idxen) with soffset.
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dwordx2 s[12:13], s[0:1], 16
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s8, s4
  s_and_b32 s9, s5, 0xffff
  s_mov_b32 s10, s12
  s_mov_b32 s11, 0x00020000
  s_mov_b32 s16, s4
  s_or_b32 s17, s9, 0x40000
  s_lshr_b32 s18, s12, 2
  s_mov_b32 s19, 0x00020000
  v_lshlrev_b32 v1, 2, v0
  buffer_load_dword v2, v1, s[8:11], s13 offen offset:16
  buffer_load_dword v3, v1, s[8:11], 0 offen offset:16
  buffer_load_dword v4, v0, s[16:19], s13 idxen offset:16
  s_waitcnt vmcnt(0)
  global_store_dword v1, v2, s[6:7]
  global_store_dword v1, v3, s[6:7] offset:256
  global_store_dword v1, v4, s[6:7] offset:512
  s_endpgm
