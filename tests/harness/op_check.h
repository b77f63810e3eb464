// The checking harness's one interface: what every op implements once so that `ingot run OP`, the e2e
// suite and the family's emulator tests all check it the same way. An op's check says
//   - options(): the options of `ingot run OP` (the op's fields; `ingot select OP` takes the same),
//   - problem(): the op's Problem for those options (what `ingot select OP` selects for),
//   - make_case(): a seeded HostCase for one op call described by those options (inputs, the problem as
//     the op builds it, the output's initial bytes with padding, and the check: CPU reference + tolerance
//     + untouched padding, filling the case's ErrorStats),
//   - kernel_shapes() / kernel_case(): the shapes that exercise one kernel (its tails, strides, decode
//     and split cases), each made legal for that kernel, and the seeded case for one of them.
// Running is generic (device_run.h): guard bytes after every buffer, inputs must stay unchanged, a kernel
// with a workspace runs twice on it. Registration: one line per op in op_checks.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "device_run.h"
#include "element_check.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/manifest.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"
#include "ingot/status.h"

namespace ingot::harness {

// One option of an op's check, as `ingot run OP --help` shows it.
struct CheckOption {
  std::string name;           // without "--"
  std::string value;          // placeholder of its value ("M", "bf16|f16|fp8"); empty for a flag
  std::string help;
};

// Option values as given on the command line or by a test: name -> text ("" for a flag that is set).
using CaseOptions = std::map<std::string, std::string, std::less<>>;

// One shape that exercises a kernel: a name for test output and the options that describe it.
struct KernelShape {
  std::string name;      // "tails", "m1", "deep_k", ...
  CaseOptions options;   // e.g. m, n, k, lda, ldb, ldc for gemm
  std::string describe() const;  // "tails: k=264 lda=280 ..."
};

class OpCheck {
 public:
  virtual ~OpCheck() = default;
  // The op this checks ("gemm"): the manifest's `op` of its kernels.
  virtual std::string_view op() const = 0;
  // The op's options (not the common ones: --seed, --device, --arch, --cus, --pack, --profile, --json).
  virtual std::vector<CheckOption> options() const = 0;
  // The problem of one op call, as the op builds it (what `ingot select OP` selects for); no buffers.
  virtual Result<Problem> problem(const CaseOptions& options, const DeviceInfo& device) const = 0;
  // A seeded case for one op call: its problem is problem(options, device). `device` is the device the call runs on (arch, CUs: defaults such
  // as the fp8 format come from it through the op). kInvalidArgument names the option at fault.
  virtual Result<HostCase> make_case(const CaseOptions& options, const DeviceInfo& device, uint32_t seed) const = 0;
  // The shapes that exercise `kernel` (each accepted by it on `device`); empty when the op has no
  // reference for the kernel's family.
  virtual Result<std::vector<KernelShape>> kernel_shapes(const ManifestKernel& kernel, const DeviceInfo& device,
                                                         uint32_t seed) const = 0;
  // The seeded case for `kernel` on one of its shapes: the problem carries the kernel's own match keys.
  virtual Result<HostCase> kernel_case(const ManifestKernel& kernel, const KernelShape& shape, uint32_t seed) const = 0;
};

// Every op with a check, and the one for an op (nullptr when it has none).
std::span<const OpCheck* const> op_checks();
const OpCheck* find_op_check(std::string_view op);

// A case run through selection: the kernel a call would get, and what run_forced found.
struct SelectedRun {
  Selection selection;
  std::vector<std::string> failures;  // empty = pass
};
// Selects the kernel for hc.problem on `device` and runs the case on it (run_forced: guards, unchanged
// inputs, the output check, a workspace relaunch). `on_selected` (optional) sees the selection before
// anything is allocated, e.g. to print it.
Result<SelectedRun> run_selected(const Pack& pack, ModuleCache& modules, Device& device, HostCase& hc,
                                 const std::function<void(const Selection&)>& on_selected = {});

}  // namespace ingot::harness
