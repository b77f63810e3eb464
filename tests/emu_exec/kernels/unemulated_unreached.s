;@kernel unemulated_unreached
; A decodable instruction without semantics (v_cvt_pk_u16_u32: the guide leaves u32_to_u16 undefined, see
; emu/isa/not_emulated.tsv)
; behind a branch no wave takes: load_module must still refuse the code object, naming it.
  s_branch .Lend
  v_cvt_pk_u16_u32 v1, v2, v3
.Lend:
  s_endpgm
