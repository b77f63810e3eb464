;@from smfmac_fp8_gfx950.s
;@kernel smfmac_f16_gfx950
;@delete   v_smfmac_f32_16x16x128_fp8_fp8 a[0:3], v[2:5], v[6:13], v14 cbsz:2 abid:3
;@insert_after   s_nop 2 =>   v_smfmac_f32_16x16x64_f16 a[0:3], v[2:5], v[6:13], v14 abid:1
; smfmac_fp8_gfx950.s with a gfx950 v_smfmac_f32_16x16x64_f16 (same widths: A 4, B 8 dwords per lane) whose
; indices are the upper 16-bit set of the index VGPR (abid:1).
