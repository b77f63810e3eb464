;@kernel ws_xdl_srcab
; XDL writes v[12:15] -> MFMA reads v[12:13] as SrcA: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f32_16x16x16_f16 v[12:15], v[2:3], v[4:5], 0
;@insert_after ; consumer => v_mfma_f32_16x16x16_f16 a[0:3], v[12:13], v[4:5], 0
