;@kernel ws_smfmac_acc_same_direct
; two v_smfmac accumulating into the same v[12:15] (vdst is SrcC; same registers, 4 passes): no hazard.
;@from ws_slide.s
;@insert_after ; producer => v_smfmac_f32_16x16x32_f16 v[12:15], v[2:3], v[4:7], v8
;@insert_after v_smfmac_f32_16x16x32_f16 v[12:15], v[2:3], v[4:7], v8 => v_smfmac_f32_16x16x32_f16 v[12:15], v[2:3], v[4:7], v8
