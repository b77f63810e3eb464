;@kernel ws_valu_exec_mfma
; v_cmpx writes EXEC -> MFMA: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => v_cmpx_le_u32_e32 vcc, 0, v0
;@insert_after ; consumer => v_mfma_f32_16x16x16_f16 a[0:3], v[2:3], v[4:5], 0
