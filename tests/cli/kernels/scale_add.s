// A small hand-written kernel for `ingot emu` tests: one workgroup, lanes i < count compute
//   out[i] = a[i] * scale + acc[i]   and   acc[i] += 1.0   (acc is read and written: an inout buffer)
// and every active lane stores the 64-bit tag at out + 256 (as two dwords), so each scalar width the
// CLI packs (f32, i32, u64) and each buffer kind (in, out, inout) is observable in the files.
// Kernarg (metadata below): a @0, acc @8, out @16 (8-byte pointers), scale f32 @24, count i32 @28,
// tag u64 @32. (Not x/y/n: YAML 1.1 reads those bare names as booleans.)
.text
.globl scale_add
.p2align 8
.type scale_add,@function
scale_add:
  s_load_dwordx4 s[4:7], s[0:1], 0       // a, acc
  s_load_dwordx4 s[8:11], s[0:1], 16     // out, scale, count
  s_load_dwordx2 s[12:13], s[0:1], 32    // tag
  s_waitcnt lgkmcnt(0)
  v_cmp_gt_i32 vcc, s11, v0              // lane < count
  s_and_saveexec_b64 s[14:15], vcc
  s_cbranch_execz .Ldone
  v_lshlrev_b32 v1, 2, v0
  global_load_dword v2, v1, s[4:5]
  global_load_dword v3, v1, s[6:7]
  s_waitcnt vmcnt(0)
  v_fma_f32 v4, v2, s10, v3
  global_store_dword v1, v4, s[8:9]
  v_add_f32 v3, 1.0, v3
  global_store_dword v1, v3, s[6:7]
  v_mov_b32 v6, s12
  v_mov_b32 v7, s13
  v_mov_b32 v5, 0
  global_store_dwordx2 v5, v[6:7], s[8:9] offset:256
  s_waitcnt vmcnt(0)
.Ldone:
  s_endpgm
.Lend_scale_add:
.size scale_add, .Lend_scale_add-scale_add
.rodata
.p2align 6
.amdhsa_kernel scale_add
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_vgpr_workitem_id 0
  .amdhsa_next_free_vgpr 8
  .amdhsa_next_free_sgpr 16
  .amdhsa_accum_offset 8
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: scale_add
    .symbol: scale_add.kd
    .kernarg_segment_size: 40
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: 16
    .vgpr_count: 8
    .agpr_count: 0
    .max_flat_workgroup_size: 64
    .args:
      - { .name: a, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: acc, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: out, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: scale, .offset: 24, .size: 4, .value_kind: by_value }
      - { .name: count, .offset: 28, .size: 4, .value_kind: by_value }
      - { .name: tag, .offset: 32, .size: 8, .value_kind: by_value }
...
.end_amdgpu_metadata
