; Seeds for the decoder fuzz target: one instruction per line from every encoding family the decoder
; knows (SOP1/SOP2/SOPC/SOPK/SOPP, SMEM, VOP1/VOP2/VOPC/VOP3/VOP3P, DPP, SDWA, MFMA/SMFMAC, DS,
; MUBUF, global/flat/scratch). make_decoder_seeds.py assembles them for each arch at build time (no
; binaries in the repo) and writes a whole-program seed plus one seed per group of lines.
s_mov_b32 s0, s1
s_mov_b64 s[2:3], exec
s_add_u32 s4, s5, 0x12345678
s_lshl_b64 s[6:7], s[8:9], 3
s_cmp_eq_u32 s0, 7
s_movk_i32 s10, 0x1234
s_waitcnt vmcnt(0) lgkmcnt(0)
s_nop 4
s_cbranch_scc1 2
s_barrier
s_load_dwordx2 s[4:5], s[0:1], 0x0
s_load_dwordx4 s[8:11], s[0:1], 0x10
s_buffer_load_dword s12, s[4:7], 0x20
v_mov_b32 v0, v1
v_add_f32 v2, v3, v4
v_mul_u32_u24 v5, 4, v6
v_cmp_gt_u32 vcc, v0, v1
v_cndmask_b32 v7, v8, v9, vcc
v_fma_f32 v10, v11, v12, v13
v_add3_u32 v14, v15, v16, v17
v_pk_fma_f16 v18, v19, v20, v21
v_pk_add_f32 v[22:23], v[24:25], v[26:27]
v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
v_add_f32_sdwa v3, v4, v5 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:WORD_0
v_cvt_f32_f16 v6, v7
v_exp_f32 v8, v9
v_readfirstlane_b32 s13, v10
v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
v_mfma_f32_16x16x16_bf16 v[0:3], v[4:5], v[6:7], v[0:3]
v_accvgpr_read_b32 v0, a1
ds_read_b128 v[0:3], v4 offset:64
ds_write_b32 v5, v6
ds_add_u32 v7, v8
ds_bpermute_b32 v9, v10, v11
buffer_load_dword v0, v1, s[4:7], 0 offen
buffer_store_dwordx4 v[0:3], v4, s[8:11], s12 offen offset:16
global_load_dwordx4 v[0:3], v[4:5], off
global_store_dword v[6:7], v8, off offset:-16
global_atomic_add v9, v[10:11], v12, off sc0
flat_load_dword v0, v[2:3]
scratch_load_dword v3, off, s0 offset:8
s_endpgm
