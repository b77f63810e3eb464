;@kernel f16_overflow_gfx950_saturate
;@from f16_overflow_gfx950.s
;@enable fp16_overflow
; f16_overflow_gfx950.s with MODE.FP16_OVFL set from the descriptor.
