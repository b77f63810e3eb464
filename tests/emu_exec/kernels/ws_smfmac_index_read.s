;@kernel ws_smfmac_index_read
; v_smfmac writes v[12:15] -> v_smfmac reads v12 as its index (SRC2, read like SrcA/B): the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_smfmac_f32_16x16x32_f16 v[12:15], v[2:3], v[4:7], v8
;@insert_after ; consumer => v_smfmac_f32_16x16x32_f16 a[0:3], v[2:3], v[4:7], v12
