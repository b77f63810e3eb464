;@kernel ws_salu_m0_addtid
; SALU writes M0 -> ds_read_addtid_b32 reads it: the two instructions with `wait` wait states between them.
;@lds 256
;@from ws_slide.s
;@insert_after ; producer => s_mov_b32 m0, 0
;@insert_after ; consumer => ds_read_addtid_b32 v6
