;@kernel cvt_narrow_sat
; cvt_narrow with MODE.FP16_OVFL (MODE bit 23) set first: the narrowing conversions saturate.
;@from cvt_narrow.s
;@insert_after s_load_dwordx16 s[4:19], s[0:1], 0 => s_setreg_imm32_b32 hwreg(HW_REG_MODE, 23, 1), 1
