;@kernel oob_global
; Lanes store past the end of a 256-byte buffer.
  s_load_dwordx2 s[4:5], s[0:1], 0
  v_lshlrev_b32 v1, 3, v0                  ; lane * 8: lanes >= 32 are past 256 bytes
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v0, s[4:5]
  s_endpgm
