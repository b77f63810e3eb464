;@kernel unemulated_unreached
;@arch gfx950
; A decodable instruction without semantics (gfx950's standalone v_mfma_ld_scale_b32: emu/isa/not_emulated.tsv,
; its last row) behind a branch no wave takes: load_module must still refuse the code object, naming it.
; gfx942 has no such instruction left (the coverage test keeps not_emulated.tsv equal to the handler table).
  s_branch .Lend
  v_mfma_ld_scale_b32 v0, s0
.Lend:
  s_endpgm
