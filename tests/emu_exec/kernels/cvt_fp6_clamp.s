;@kernel cvt_fp6_clamp
;@arch gfx950
;@vgprs 64
; v_cvt_scalef32_pk32_f32_fp6 v[2:33], v[2:7], v6 with the VOP3 clamp bit (bit 15) set, hand-encoded
; because LLVM rejects every modifier on these opcodes: the emulator must refuse it, not guess.
  .long 0xd2568002, 0x00020d02
  s_endpgm
