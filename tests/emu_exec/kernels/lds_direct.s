;@kernel lds_direct
;@lds 256
; kernarg: in, out (u32[64]), records. buffer_load_dword ... lds puts lane l's dword at M0 + 4*l.
  s_load_dwordx4 s[4:7], s[0:1], 0
  s_load_dword s12, s[0:1], 16
  v_lshlrev_b32 v1, 2, v0
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s8, s4
  s_and_b32 s9, s5, 0xffff
  s_mov_b32 s10, s12
  s_mov_b32 s11, 0x00020000
  s_mov_b32 m0, 0
  s_nop 0                                  ; SALU writes M0 -> LDS DMA reads it: 1 wait state
  buffer_load_dword v1, s[8:11], 0 offen lds
  s_waitcnt vmcnt(0)
  ds_read_b32 v2, v1
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v2, s[6:7]
  s_endpgm
