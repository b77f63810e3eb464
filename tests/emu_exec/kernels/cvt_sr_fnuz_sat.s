;@kernel cvt_sr_fnuz_sat
; cvt_sr_fnuz with MODE.FP16_OVFL (MODE bit 23) set first: the conversions saturate.
;@from cvt_sr_fnuz.s
;@insert_after s_load_dwordx16 s[4:19], s[0:1], 0 => s_setreg_imm32_b32 hwreg(HW_REG_MODE, 23, 1), 1
