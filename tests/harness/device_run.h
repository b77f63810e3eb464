// Host-side test cases and running them on a device: every buffer the kernel sees is allocated with
// guard bytes after it, and after the run every input buffer must be unchanged, the output's guard
// bytes intact, and the output itself must pass the case's check (reference + padding columns).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "element_check.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/manifest.h"
#include "ingot/tooling/pack.h"
#include "ingot/problem.h"
#include "ingot/status.h"

namespace ingot::harness {

// One problem with its host data. `problem` carries op, match keys, integers and scalars; the device
// addresses of `buffers` are added when the case runs.
struct HostCase {
  Problem problem;
  std::map<std::string, std::vector<uint8_t>> buffers;  // name -> initial bytes (inputs and output)
  std::string output = "C";
  // Failure lines for the output buffer (before = initial bytes, after = what the kernel left).
  std::function<std::vector<std::string>(const std::vector<uint8_t>& before, const std::vector<uint8_t>& after)>
      check_output;
  // Other buffers the kernel writes (e.g. mla_decode's LSE beside O): not inputs, so not required to stay
  // unchanged; verify() reads them back into `written` before it calls check_output, which checks them.
  std::vector<std::string> also_written;
  std::shared_ptr<std::map<std::string, std::vector<uint8_t>>> written =
      std::make_shared<std::map<std::string, std::vector<uint8_t>>>();
  // What check_output found element by element (largest errors, elements outside tolerance), when the
  // op's check keeps it: `ingot run` prints it. Filled when the case runs.
  std::shared_ptr<ErrorStats> stats;
};

class DeviceBuffers;
// Test seam for the harness self-test: runs between the two launches of a workspace kernel (see
// run_forced), e.g. to plant a fault the relaunch comparison must catch. Empty in every real case.
using BeforeRelaunch = std::function<Status(DeviceBuffers&)>;

// Bytes after each buffer that nobody may write: a tile store that ignores M/N bounds, or a row stride
// mistaken for a column count, lands here.
inline constexpr size_t kGuardBytes = 4096;

// Allocates and fills the case's buffers (plus guards) on a device; frees them on destruction.
class DeviceBuffers {
 public:
  DeviceBuffers(Device& device) : device_(device) {}
  ~DeviceBuffers();
  DeviceBuffers(const DeviceBuffers&) = delete;
  DeviceBuffers& operator=(const DeviceBuffers&) = delete;

  // Uploads every buffer and records its address in hc.problem.buffers.
  Status upload(HostCase& hc);
  // Reads everything back: failure lines for written inputs, written guards and the output check.
  Result<std::vector<std::string>> verify(const HostCase& hc);
  uint64_t address(const std::string& name) const { return addresses_.at(name); }
  Device& device() { return device_; }
  // A zero-filled device buffer of `bytes` (freed with the others), bound in `problem` under `name`.
  Status zeroed(const std::string& name, uint64_t bytes, Problem& problem);
  // Puts a buffer's initial bytes (and guard) back, as upload() left them.
  Status restore(const HostCase& hc, const std::string& name);
  // The first `bytes` of a buffer as the device holds them now.
  Result<std::vector<uint8_t>> read(const std::string& name, size_t bytes);

 private:
  Device& device_;
  std::map<std::string, uint64_t> addresses_;
};

// Launches exactly `kernel` (no selection) for the case: match and constraints must accept it, the
// code object comes through the module cache (Pack::load_code_object verification), the launch
// through prepare_launch. Returns the failure lines (empty = pass) or the status of the step that failed.
// A kernel whose launch.workspace is > 0 gets what the workspace contract promises (manifest/README.md):
// a zero-filled buffer of that size bound as "workspace"; it is then launched a second time on the same
// workspace (outputs restored first), and that C must be byte-identical to the first: a kernel that
// leaves its arrival counters dirty fails here.
Result<std::vector<std::string>> run_forced(const ManifestKernel& kernel, ModuleCache& modules, Device& device,
                                            HostCase& hc, const BeforeRelaunch& before_relaunch = {});

}  // namespace ingot::harness
