;@kernel ds_atomics_wide
;@lds 1024
; kernarg: in (u64[3*64]: memory value M, DATA, DATA2 per lane, as three 64-lane arrays), out
; (u64[2*64] per operation, operations in the order below): out[k] holds, per lane, the value the
; operation returned (0 for the forms without return) and then the LDS value after it. Every lane works
; on its own LDS qword (lane * 8), written with M before each operation.
.macro STORE_RESULT
  s_waitcnt lgkmcnt(0)
  global_store_dwordx2 v1, v[10:11], s[6:7]
  global_store_dwordx2 v1, v[12:13], s[6:7] offset:512
  s_add_u32 s6, s6, 1024
  s_addc_u32 s7, s7, 0
.endm
.macro RTN64 op
  ds_write_b64 v1, v[2:3]
  \op v[10:11], v1, v[4:5]
  ds_read_b64 v[12:13], v1
  STORE_RESULT
.endm
.macro RTN64_2 op
  ds_write_b64 v1, v[2:3]
  \op v[10:11], v1, v[4:5], v[6:7]
  ds_read_b64 v[12:13], v1
  STORE_RESULT
.endm
.macro NORTN64 op
  ds_write_b64 v1, v[2:3]
  \op v1, v[4:5]
  ds_read_b64 v[12:13], v1
  v_mov_b32 v10, 0
  v_mov_b32 v11, 0
  STORE_RESULT
.endm
.macro RTN32 op
  ds_write_b64 v1, v[2:3]
  \op v10, v1, v4
  ds_read_b32 v12, v1
  v_mov_b32 v11, 0
  v_mov_b32 v13, 0
  STORE_RESULT
.endm
.macro RTN32_2 op
  ds_write_b64 v1, v[2:3]
  \op v10, v1, v4, v6
  ds_read_b32 v12, v1
  v_mov_b32 v11, 0
  v_mov_b32 v13, 0
  STORE_RESULT
.endm
.macro NORTN32 op
  ds_write_b64 v1, v[2:3]
  \op v1, v4
  ds_read_b32 v12, v1
  v_mov_b32 v10, 0
  v_mov_b32 v11, 0
  v_mov_b32 v13, 0
  STORE_RESULT
.endm
  s_load_dwordx4 s[4:7], s[0:1], 0
  v_lshlrev_b32 v1, 3, v0
  s_waitcnt lgkmcnt(0)
  global_load_dwordx2 v[2:3], v1, s[4:5]
  global_load_dwordx2 v[4:5], v1, s[4:5] offset:512
  global_load_dwordx2 v[6:7], v1, s[4:5] offset:1024
  s_waitcnt vmcnt(0)
  RTN64 ds_add_rtn_u64
  RTN64 ds_sub_rtn_u64
  RTN64 ds_rsub_rtn_u64
  RTN64 ds_inc_rtn_u64
  RTN64 ds_dec_rtn_u64
  RTN64 ds_min_rtn_i64
  RTN64 ds_max_rtn_i64
  RTN64 ds_min_rtn_u64
  RTN64 ds_max_rtn_u64
  RTN64 ds_and_rtn_b64
  RTN64 ds_or_rtn_b64
  RTN64 ds_xor_rtn_b64
  RTN64_2 ds_mskor_rtn_b64
  RTN64 ds_wrxchg_rtn_b64
  RTN64_2 ds_cmpst_rtn_b64
  RTN64_2 ds_cmpst_rtn_f64
  RTN64 ds_min_rtn_f64
  RTN64 ds_max_rtn_f64
  RTN64 ds_add_rtn_f64
  NORTN64 ds_add_u64
  NORTN64 ds_max_f64
  NORTN64 ds_add_f64
  RTN32 ds_rsub_rtn_u32
  RTN32_2 ds_mskor_rtn_b32
  RTN32_2 ds_cmpst_rtn_f32
  RTN32 ds_min_rtn_f32
  RTN32 ds_max_rtn_f32
  RTN32 ds_pk_add_rtn_f16
  RTN32 ds_pk_add_rtn_bf16
  RTN32_2 ds_wrap_rtn_b32
  NORTN32 ds_pk_add_f16
  NORTN32 ds_rsub_u32
  s_endpgm
