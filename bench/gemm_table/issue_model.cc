#include "issue_model.h"

namespace ingot::bench {

IssueCycles issue_cycles(const emu::LaunchProfile& profile) {
  const emu::InstructionMix& mix = profile.instructions;
  IssueCycles c;
  c.mfma_busy = static_cast<double>(profile.mfma_busy_cycles);
  c.other = static_cast<double>(mix.valu) * kIssueCosts.valu + static_cast<double>(mix.lds) * kIssueCosts.lds +
            static_cast<double>(mix.vmem) * kIssueCosts.vmem + static_cast<double>(mix.salu) * kIssueCosts.salu +
            static_cast<double>(mix.smem) * kIssueCosts.smem + static_cast<double>(mix.branch) * kIssueCosts.branch;
  return c;
}

IssueCycles operator-(const IssueCycles& a, const IssueCycles& b) {
  return {a.mfma_busy - b.mfma_busy, a.other - b.other};
}

}  // namespace ingot::bench
