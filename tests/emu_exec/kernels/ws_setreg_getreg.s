;@kernel ws_setreg_getreg
; s_setreg MODE -> s_getreg MODE: the two instructions with `wait` wait states between them.
;@from ws_slide.s
;@insert_after ; producer => s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0
;@insert_after ; consumer => s_getreg_b32 s13, hwreg(HW_REG_MODE, 0, 4)
