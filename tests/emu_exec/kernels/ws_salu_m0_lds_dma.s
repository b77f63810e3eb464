;@kernel ws_salu_m0_lds_dma
;@lds 4096
; SALU writes M0 -> buffer_load_dword ... lds reads it (AMD's GEMM pattern: `s_add_u32 m0, ...` right
; before the load): the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => s_add_u32 m0, s12, 0x100
;@insert_after ; consumer => buffer_load_dword v1, s[8:11], 0 offen lds
