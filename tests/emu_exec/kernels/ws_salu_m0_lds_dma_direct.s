;@kernel ws_salu_m0_lds_dma_direct
;@lds 4096
; ws_salu_m0_lds_dma with the load right after the M0 write (no wait state), as AMD's GEMMs issue it.
;@from ws_slide.s
;@insert_after ; producer => s_add_u32 m0, s12, 0x100
;@insert_after s_add_u32 m0, s12, 0x100 => buffer_load_dword v1, s[8:11], 0 offen lds
