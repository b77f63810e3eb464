;@kernel mode_from_descriptor_fp16_ovfl
;@from mode_from_descriptor.s
;@enable no_ieee_mode no_dx10_clamp fp16_overflow
