;@kernel f16_overflow_saturate
;@from f16_overflow.s
;@enable fp16_overflow
; f16_overflow.s with MODE.FP16_OVFL set from the descriptor (rsrc1 bit 26 -> MODE bit 23).
