;@kernel ws_xdl_smfmac_acc_overlap
; XDL MFMA writes v[12:15] -> v_smfmac accumulates into v[14:17] (overlapping SrcC): the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f32_16x16x16_f16 v[12:15], v[2:3], v[4:5], 0
;@insert_after ; consumer => v_smfmac_f32_16x16x32_f16 v[14:17], v[2:3], v[4:7], v8
