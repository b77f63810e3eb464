// Kernel selection: one generic function over the manifest's match / constraints / cost data.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "ingot/tooling/manifest.h"
#include "ingot/problem.h"
#include "ingot/status.h"

namespace ingot {

class Pack;

// The evaluation environment of a problem on a device (selection, launch rules, kernargs): problem ints,
// scalars, keys and buffers (a buffer name yields its device address, as an int64 bit pattern), then
// device values.
class ProblemEnv : public Env {
 public:
  ProblemEnv(const Problem& problem, const DeviceInfo* device);
  const Value* lookup(std::string_view name) const override;

 private:
  MapEnv values_;
};

struct Selection {
  const ManifestKernel* kernel = nullptr;  // points into the Pack
  double cost = 0.0;
  size_t candidates = 0;  // kernels of the op and arch
  size_t accepted = 0;    // of those, how many passed match and constraints
  std::string why;        // "cost 12.0, lowest of 3 accepted; runner-up gemm_..._t64x64 at 18.0"
};

// Picks the lowest-cost kernel of problem.op for device.arch whose match and constraints hold;
// ties go to the smaller id (byte order). A miss is kNoKernel naming op, arch and the failed rule
// of the closest candidate ("no gemm kernel for gfx942: K=100: K must be a multiple of 8 (id)").
Result<Selection> select(const Pack& pack, const Problem& problem, const DeviceInfo& device);

// Why one kernel accepts or rejects a problem: ok, or kNoKernel with the first failed rule.
Status check_kernel_accepts(const ManifestKernel& kernel, const Problem& problem, const DeviceInfo& device);

}  // namespace ingot
