// A runaway kernel for `ingot emu --timeout`: every wave counts up forever. Takes one (unused) argument,
// so the CLI has a kernarg to pack.
.text
.globl spin_forever
.p2align 8
.type spin_forever,@function
spin_forever:
  s_mov_b32 s8, 0
.Lforever:
  s_add_u32 s8, s8, 1
  s_branch .Lforever
.Lend_spin_forever:
.size spin_forever, .Lend_spin_forever-spin_forever
.rodata
.p2align 6
.amdhsa_kernel spin_forever
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_next_free_vgpr 4
  .amdhsa_next_free_sgpr 16
  .amdhsa_accum_offset 4
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: spin_forever
    .symbol: spin_forever.kd
    .kernarg_segment_size: 4
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 16
    .vgpr_count: 4
    .agpr_count: 0
    .max_flat_workgroup_size: 64
    .args:
      - { .name: count, .offset: 0, .size: 4, .value_kind: by_value }
...
.end_amdgpu_metadata
