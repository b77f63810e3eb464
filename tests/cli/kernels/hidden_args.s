// A hand-written kernel for `ingot emu`'s hidden arguments: lane 0 of every wave copies the 40 bytes of
// its kernarg segment after the `out` pointer (the code object V5 hidden arguments this metadata
// declares, and the gaps between them) to out[0..40). Every wave writes the same bytes.
// Kernarg: out @0; hidden_block_count_x/y/z @8/12/16 (4 bytes), hidden_group_size_x/y/z @20/22/24,
// hidden_remainder_x/y/z @26/28/30 (2 bytes), hidden_grid_dims @32 (2 bytes; 34..35 a gap),
// hidden_dynamic_lds_size @36 (4 bytes), hidden_heap_v1 @40 (8 bytes).
.text
.globl hidden_args
.p2align 8
.type hidden_args,@function
hidden_args:
  s_load_dwordx2 s[2:3], s[0:1], 0
  s_load_dwordx8 s[4:11], s[0:1], 8
  s_load_dwordx2 s[12:13], s[0:1], 40
  s_mov_b64 exec, 1
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v0, s4
  v_mov_b32 v1, s5
  v_mov_b32 v2, s6
  v_mov_b32 v3, s7
  v_mov_b32 v4, s8
  v_mov_b32 v5, s9
  v_mov_b32 v6, s10
  v_mov_b32 v7, s11
  v_mov_b32 v8, s12
  v_mov_b32 v9, s13
  v_mov_b32 v10, 0
  global_store_dwordx4 v10, v[0:3], s[2:3]
  global_store_dwordx4 v10, v[4:7], s[2:3] offset:16
  global_store_dwordx2 v10, v[8:9], s[2:3] offset:32
  s_endpgm
.Lend_hidden_args:
.size hidden_args, .Lend_hidden_args-hidden_args
.rodata
.p2align 6
.amdhsa_kernel hidden_args
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 1
  .amdhsa_next_free_vgpr 12
  .amdhsa_next_free_sgpr 16
  .amdhsa_accum_offset 12
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: hidden_args
    .symbol: hidden_args.kd
    .kernarg_segment_size: 48
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 16
    .vgpr_count: 12
    .agpr_count: 0
    .max_flat_workgroup_size: 256
    .args:
      - { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .offset: 8, .size: 4, .value_kind: hidden_block_count_x }
      - { .offset: 12, .size: 4, .value_kind: hidden_block_count_y }
      - { .offset: 16, .size: 4, .value_kind: hidden_block_count_z }
      - { .offset: 20, .size: 2, .value_kind: hidden_group_size_x }
      - { .offset: 22, .size: 2, .value_kind: hidden_group_size_y }
      - { .offset: 24, .size: 2, .value_kind: hidden_group_size_z }
      - { .offset: 26, .size: 2, .value_kind: hidden_remainder_x }
      - { .offset: 28, .size: 2, .value_kind: hidden_remainder_y }
      - { .offset: 30, .size: 2, .value_kind: hidden_remainder_z }
      - { .offset: 32, .size: 2, .value_kind: hidden_grid_dims }
      - { .offset: 36, .size: 4, .value_kind: hidden_dynamic_lds_size }
      - { .offset: 40, .size: 8, .value_kind: hidden_heap_v1 }
...
.end_amdgpu_metadata
