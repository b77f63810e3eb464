;@kernel scratch_lds_negative
;@from scratch_lds_narrow.s
; scratch_lds_narrow with its sbyte load moved to private byte 0 (0x80, negative): refused.
;@replace v_mov_b32 v6, 1 => v_mov_b32 v6, 0
