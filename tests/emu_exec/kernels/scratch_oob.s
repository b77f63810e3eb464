;@kernel scratch_oob
;@scratch 256
; Lane l stores at private offset 8*l: lane 32 is the first past the 256-byte segment.
  v_lshlrev_b32 v1, 3, v0
  scratch_store_dword v1, v0, off
  s_endpgm
