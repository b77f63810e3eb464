;@kernel ws_smfmac32_mem_read
; v_smfmac 32x32 (8 passes) writes v[12:27] -> global_store_dword stores v27: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_smfmac_f32_32x32x16_f16 v[12:27], v[2:3], v[4:7], v8
;@insert_after ; consumer => global_store_dword v1, v27, s[4:5]
