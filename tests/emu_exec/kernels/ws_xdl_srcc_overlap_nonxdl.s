;@kernel ws_xdl_srcc_overlap_nonxdl
; XDL writes a[0:3] -> SGEMM reads a[2:5] as SrcC: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_mfma_f32_16x16x16_f16 a[0:3], v[2:3], v[4:5], a[0:3]
;@insert_after ; consumer => v_mfma_f32_16x16x4_f32 a[2:5], v2, v3, a[2:5]
