;@kernel ws_valu_smfmac_acc
; VALU writes v14 -> v_smfmac accumulates into v[12:15]: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mov_b32 v14, 0
;@insert_after ; consumer => v_smfmac_f32_16x16x32_f16 v[12:15], v[2:3], v[4:7], v8
