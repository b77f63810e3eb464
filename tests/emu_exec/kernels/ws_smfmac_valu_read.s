;@kernel ws_smfmac_valu_read
; v_smfmac (4 passes) writes v[12:15] -> v_add_f32 reads v12: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_smfmac_f32_16x16x32_f16 v[12:15], v[2:3], v[4:7], v8
;@insert_after ; consumer => v_add_f32 v9, v12, v12
