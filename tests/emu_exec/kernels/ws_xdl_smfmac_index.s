;@kernel ws_xdl_smfmac_index
; XDL MFMA writes v[8:11] -> v_smfmac reads v8 as its index: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f32_16x16x16_f16 v[8:11], v[2:3], v[4:5], 0
;@insert_after ; consumer => v_smfmac_f32_16x16x32_f16 v[12:15], v[2:3], v[4:7], v8
