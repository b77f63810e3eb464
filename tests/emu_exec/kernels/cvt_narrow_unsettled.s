;@kernel cvt_narrow_unsettled
;@arch gfx950
; A down-conversion with a modifier no source settles (op_sel[0] on a 16-bit source: LLVM accepts it
; but never emits it): the emulator must stop with "not emulated", not guess.
  v_cvt_scalef32_sr_fp8_f16 v1, v2, v3, v4 op_sel:[1,0,0,0]
  s_endpgm
