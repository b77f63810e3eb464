;@kernel valu_div_fmas_hazard
; v_div_fmas two wait states after a VALU write of VCC: enough for the SGPR rule (2), not for the
; v_div_fmas one (4), so the wait-state checker must fault naming the latter.
  v_mov_b32 v2, 1.0
  v_div_scale_f32 v5, vcc, v2, v2, v2
  s_nop 1
  v_div_fmas_f32 v4, v5, v5, v5
  s_endpgm
