// Initial wave state at dispatch, from the kernel descriptor (LLVM AMDGPUUsage, "Initial Kernel
// Execution State"): user SGPRs packed from s0 in a fixed order, each only if enabled, then system
// SGPRs from USER_SGPR_COUNT; v0 holds packed work-item ids on gfx90a+.
#include <algorithm>
#include <cstring>

#include "executor.h"

namespace ingot::emu {

void init_wave_state(const LaunchContext& launch, const Workgroup& group, uint32_t wave_in_group,
                     Wave& wave) {
  const KernelDescriptor& kd = launch.descriptor;
  wave.s.fill(0);
  wave.scc = false;
  wave.mode = kd.compute_pgm_rsrc1 >> 12 & 0xff;  // round + denorm fields
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
    // gfx940+ use architected flat scratch (scratch_* instructions); a private segment buffer
    // descriptor is not modelled, so it has no records: every access through it is out of range
    // (loads give 0, stores are dropped).
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
