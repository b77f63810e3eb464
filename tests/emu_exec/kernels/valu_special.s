;@kernel valu_special
; kernarg: in (u32[64*4]: per lane x.lo, x.hi, segment, seed), out (u32[64*12]).
; v_trig_preop_f64 and v_exp/log_legacy_f32 on both targets (valu_special_test.cc). Slot k of out holds
; dword k per lane; `seed` doubles as the f32 input of the legacy ops.
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v20, 4, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx4 v[2:5], v20, s[4:5]
  s_waitcnt vmcnt(0)
  ; 0, 1: trig_preop(x, segment)
  v_trig_preop_f64 v[10:11], v[2:3], v4
  global_store_dword v1, v10, s[6:7]
  global_store_dword v1, v11, s[6:7] offset:256
  ; 2, 3: trig_preop(-|x|, 2): the sign is not read
  v_trig_preop_f64 v[10:11], -|v[2:3]|, 2
  global_store_dword v1, v10, s[6:7] offset:512
  global_store_dword v1, v11, s[6:7] offset:768
  ; 4, 5: trig_preop(x, seed): only S1[4:0] selects the segment
  v_trig_preop_f64 v[10:11], v[2:3], v5
  global_store_dword v1, v10, s[6:7] offset:1024
  global_store_dword v1, v11, s[6:7] offset:1280
  ; 6: exp_legacy(seed as f32)
  v_exp_legacy_f32 v10, v5
  global_store_dword v1, v10, s[6:7] offset:1536
  ; 7: log_legacy(|seed|)
  v_log_legacy_f32_e64 v10, |v5|
  global_store_dword v1, v10, s[6:7] offset:1792
  ; 8: log_legacy(+0)
  v_log_legacy_f32 v10, 0
  global_store_dword v1, v10, s[6:7] offset:2048
  ; 9: log_legacy(-1.0)
  v_log_legacy_f32 v10, -1.0
  global_store_dword v1, v10, s[6:7] offset:2304
  ; 10: exp_legacy(-inf)
  v_exp_legacy_f32 v10, 0xff800000
  global_store_dword v1, v10, s[6:7] offset:2560
  ; 11: exp_legacy(+inf)
  v_exp_legacy_f32 v10, 0x7f800000
  global_store_dword v1, v10, s[6:7] offset:2816
  s_endpgm
