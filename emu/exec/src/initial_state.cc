// Initial wave state at dispatch, from the kernel descriptor (LLVM AMDGPUUsage, "Initial Kernel
// Execution State"): user SGPRs packed from s0 in a fixed order, each only if enabled, then system
// SGPRs from USER_SGPR_COUNT; v0 holds packed work-item ids on gfx90a+.
#include <algorithm>
#include <cstring>

#include "executor.h"
#include "initial_state.h"

namespace ingot::emu {

Status check_initial_state_supported(const KernelDescriptor& kd, const std::string& kernel) {
  const char* field = kd.enable_private_segment_buffer ? "ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER"
                      : kd.enable_flat_scratch_init    ? "ENABLE_SGPR_FLAT_SCRATCH_INIT"
                                                       : nullptr;
  if (field == nullptr) return Status::ok();
  return Status(StatusCode::kInvalidArgument,
                "kernel " + kernel + ": the descriptor sets " + field +
                    ", which gfx942/gfx950 do not support (architected flat scratch: the field must be 0; "
                    "use scratch_* instructions for private memory)");
}

namespace {

// MODE as the dispatcher sets it from COMPUTE_PGM_RSRC1 (AMDGPUUsage, "compute_pgm_rsrc1 for GFX6-GFX12"):
// round and denorm modes (rsrc1 bits 12..19 -> MODE 0..7), DX10_CLAMP (21 -> 8), IEEE (23 -> 9),
// DEBUG (22 -> 11) and FP16_OVFL (26 -> 23).
uint32_t mode_from_rsrc1(uint32_t rsrc1) {
  const uint32_t round_and_denorm = rsrc1 >> 12 & 0xff;
  const uint32_t dx10_clamp = rsrc1 >> 21 & 1;
  const uint32_t ieee = rsrc1 >> 23 & 1;
  const uint32_t debug = rsrc1 >> 22 & 1;
  const uint32_t fp16_ovfl = rsrc1 >> 26 & 1;
  return round_and_denorm | dx10_clamp << 8 | ieee << 9 | debug << 11 | fp16_ovfl << 23;
}

}  // namespace

void init_wave_state(const LaunchContext& launch, const Workgroup& group, uint32_t wave_in_group,
                     Wave& wave) {
  const KernelDescriptor& kd = launch.descriptor;
  wave.s.fill(0);
  wave.scc = false;
  wave.gpr_idx_on = false;
  wave.mode = mode_from_rsrc1(kd.compute_pgm_rsrc1);
  wave.accum_offset = kd.accum_offset;
  wave.status = WaveStatus::kReady;
  wave.id_in_group = wave_in_group;
  wave.instructions = 0;
  wave.waits.clear();
  wave.scratch.assign(size_t{kd.private_segment_fixed_size} * kWaveSize, 0);
  // Registers start as zero rather than as whatever the previous workgroup on this host thread left:
  // a kernel reading an unwritten register then gives the same answer for any thread count.
  const size_t rows = kd.allocated_vgprs == 0 ? kVgprRows : std::min<size_t>(kVgprRows, kd.allocated_vgprs);
  std::fill(wave.v.begin(), wave.v.begin() + static_cast<std::ptrdiff_t>(rows * kWaveSize), 0u);

  uint32_t slot = 0;
  auto put64 = [&](uint64_t value) {
    wave.s[slot++] = static_cast<uint32_t>(value);
    wave.s[slot++] = static_cast<uint32_t>(value >> 32);
  };
  if (kd.enable_private_segment_buffer) {
    // Not provided on gfx942/gfx950 (check_initial_state_supported rejects it at launch); the slots
    // are kept so that the other user SGPRs land where such a descriptor would put them.
    for (int i = 0; i < 4; ++i) wave.s[slot++] = 0;
  }
  if (kd.enable_dispatch_ptr) put64(launch.dispatch_packet_address);
  if (kd.enable_queue_ptr) put64(0);
  if (kd.enable_kernarg_segment_ptr) put64(launch.kernarg_address);
  if (kd.enable_dispatch_id) put64(0);
  if (kd.enable_flat_scratch_init) put64(0);
  // Preloaded kernargs (gfx940+): kernarg_preload[6:0] dwords starting at dword [15:7].
  const uint32_t preload_count = kd.kernarg_preload & 0x7f;
  const uint32_t preload_offset = (kd.kernarg_preload >> 7) & 0x1ff;
  if (preload_count > 0 && launch.memory != nullptr) {
    for (uint32_t i = 0; i < preload_count && slot < 16; ++i) {
      const uint8_t* word =
          launch.memory->translate(launch.kernarg_address + 4ull * (preload_offset + i), 4);
      uint32_t value = 0;
      if (word != nullptr) std::memcpy(&value, word, 4);
      wave.s[slot++] = value;
    }
  }
  if (kd.enable_private_segment_size) wave.s[slot++] = kd.private_segment_fixed_size;

  slot = kd.user_sgpr_count;
  if (kd.workgroup_id_x) wave.s[slot++] = group.id[0];
  if (kd.workgroup_id_y) wave.s[slot++] = group.id[1];
  if (kd.workgroup_id_z) wave.s[slot++] = group.id[2];
  if (kd.workgroup_info) wave.s[slot++] = 0;
  if (kd.private_segment_wave_offset) wave.s[slot++] = 0;

  // Work-items of this wave in x-fastest order; v0 packs the ids (X | Y << 10 | Z << 20).
  const uint32_t wx = launch.workgroup[0], wy = launch.workgroup[1], wz = launch.workgroup[2];
  const uint32_t items = wx * wy * wz;
  const uint32_t first = wave_in_group * kWaveSize;
  const uint32_t live = std::min<uint32_t>(kWaveSize, items - first);
  uint32_t* v0 = wave.vrow(0);
  for (uint32_t lane = 0; lane < kWaveSize; ++lane) {
    const uint32_t flat = first + std::min(lane, live - 1);
    const uint32_t x = flat % wx, y = flat / wx % wy, z = flat / (wx * wy);
    v0[lane] = lane < live ? (x | y << 10 | z << 20) : 0;
  }
  wave.set_exec(lanes_below(live));
  wave.set_vcc(0);
}

}  // namespace ingot::emu
