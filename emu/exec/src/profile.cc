#include <algorithm>
#include <cstdio>
#include <string>

#include "profile_math.h"

namespace ingot::emu {
namespace {

uint32_t round_up(uint32_t value, uint32_t granule) {
  return granule == 0 ? value : (value + granule - 1) / granule * granule;
}

// SGPRs the hardware allocates beyond those the kernel names: VCC, FLAT_SCRATCH, XNACK_MASK.
constexpr uint32_t kExtraSgprs = 6;

}  // namespace

void fill_resources_and_occupancy(const ExecTargetFacts& facts, const CodeObjectKernel& kernel,
                                  uint32_t lds_bytes, uint32_t workgroup_items, LaunchProfile& profile) {
  const KernelMetadata& meta = kernel.metadata;
  const KernelDescriptor& kd = kernel.descriptor;
  profile.vgprs = meta.vgpr_count;
  profile.agprs = meta.agpr_count;
  profile.sgprs = meta.sgpr_count;
  profile.lds_bytes = lds_bytes;
  profile.waves_per_workgroup = (workgroup_items + 63) / 64;

  uint32_t waves = facts.max_waves_per_simd;
  std::string limiter = "hardware";
  uint32_t lds_groups_per_cu = UINT32_MAX;
  auto limit = [&](uint32_t candidate, const char* why) {
    if (candidate < waves) {
      waves = candidate;
      limiter = why;
    }
  };
  const uint32_t unified = std::max(kd.allocated_vgprs, round_up(meta.vgpr_count + meta.agpr_count, facts.vgpr_alloc_granule));
  if (unified > 0) limit(facts.vgprs_per_simd_lane / unified, "vgprs");
  const uint32_t sgprs = round_up(meta.sgpr_count + kExtraSgprs, facts.sgpr_alloc_granule);
  if (sgprs > 0) limit(facts.sgprs_per_simd / sgprs, "sgprs");
  const uint32_t register_waves = waves;  // per SIMD, before the CU-wide LDS limit
  if (lds_bytes > 0) {
    const uint32_t groups_per_cu = facts.lds_bytes_per_cu / round_up(lds_bytes, facts.lds_alloc_granule);
    lds_groups_per_cu = groups_per_cu;
    const uint32_t waves_per_cu = groups_per_cu * profile.waves_per_workgroup;
    limit(waves_per_cu / facts.simds_per_cu, "lds");
  }
  // Register and wave-slot limits are per SIMD, the LDS limit per CU: apply each where it holds.
  const uint32_t by_registers = register_waves * facts.simds_per_cu / std::max<uint32_t>(profile.waves_per_workgroup, 1);
  profile.workgroups_per_cu = std::max<uint32_t>(1, std::min(by_registers, lds_groups_per_cu));
  // A workgroup lives on one CU: its waves must fit the CU's SIMDs at the registers' occupancy.
  const uint32_t needed = (profile.waves_per_workgroup + facts.simds_per_cu - 1) / facts.simds_per_cu;
  if (needed > register_waves) limiter = "workgroup size";
  profile.waves_per_simd = waves;
  profile.occupancy_limiter = limiter;
}

std::string LaunchProfile::to_text() const {
  std::string text;
  char line[256];
  auto add = [&](const char* format, auto... values) {
    std::snprintf(line, sizeof line, format, values...);
    text += line;
  };
  auto u = [](uint64_t value) { return static_cast<unsigned long long>(value); };
  add("kernel %s on %s (emulator counts)\n", kernel.c_str(), arch.c_str());
  add("  workgroups %llu, waves %llu (%u per workgroup)\n", u(workgroups), u(waves), waves_per_workgroup);
  const InstructionMix& m = instructions;
  add("  instructions %llu: salu %llu, valu %llu, mfma %llu, lds %llu, vmem %llu, smem %llu, branch %llu\n",
      u(m.total()), u(m.salu), u(m.valu), u(m.mfma), u(m.lds), u(m.vmem), u(m.smem), u(m.branch));
  add("  mfma busy cycles %llu, mfma flops %llu\n", u(mfma_busy_cycles), u(mfma_flops));
  add("  lds bank-conflict cycles %llu (in %llu instructions)\n", u(lds_bank_conflict_cycles),
      u(lds_conflicted_instructions));
  add("  global bytes read %llu, written %llu; 64-byte segments %llu, %.1f%% of fetched bytes used\n",
      u(global_bytes_read), u(global_bytes_written), u(global_segments), 100.0 * segment_efficiency());
  add("  resources: vgpr %u, agpr %u, sgpr %u, lds %u bytes\n", vgprs, agprs, sgprs, lds_bytes);
  add("  occupancy: %u waves per SIMD, %u workgroups per CU (limited by %s)\n", waves_per_simd, workgroups_per_cu,
      occupancy_limiter.c_str());
  for (const WaitStateWarning& warning : wait_state_warnings) text += warning.message + "\n";
  if (timing) text += "  " + timing->to_text();
  return text;
}

}  // namespace ingot::emu
