;@kernel unemulated_unreached
; A decodable instruction without semantics (v_cubeid_f32, graphics-only, see emu/isa/not_emulated.tsv)
; behind a branch no wave takes: load_module must still refuse the code object, naming it.
  s_branch .Lend
  v_cubeid_f32 v1, v2, v3, v4
.Lend:
  s_endpgm
