;@kernel valu_cvt_pack_clamp
;@from valu_cvt_pack.s
;@replace v_cvt_pk_u8_f32 v10, -v2, 2, v4 => v_cvt_pk_u8_f32 v10, -v2, 2, v4 clamp
; valu_cvt_pack.s with clamp on one v_cvt_pk_u8_f32: refused at run time (valu_cvt_pack_test.cc).
