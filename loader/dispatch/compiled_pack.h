// A pack's kernels compiled for fast dispatch, once at Pack::open: every expression against one table of
// variable slots, kernels of each (op, arch) grouped by their match keys, kernarg layouts as packing
// plans. Selection and kernarg packing over a call's slot frame build no messages; a failure falls back
// to the interpreted path (select.cpp, launch.cpp), which says why. Private to libingot.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dispatch/compiled_expr.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/manifest.h"
#include "ingot/problem.h"

namespace ingot::dispatch {

struct CompiledArg {
  ArgType type = ArgType::kI32;
  uint32_t offset = 0;
  CompiledExpr value;
  std::optional<uint32_t> bare;  // a bare name: copied from the frame
  // Reads a value outside the selection cache's key and the device (a buffer, alpha...): packed on every
  // call. The other arguments are fixed by the cached shape and come from the entry's kernarg template.
  bool per_call = true;
};

struct CompiledKernel {
  const ManifestKernel* kernel = nullptr;
  std::vector<CompiledExpr> constraints;
  CompiledExpr cost;
  std::array<CompiledExpr, 3> grid;
  CompiledExpr dynamic_lds;
  CompiledExpr workspace;
  std::vector<CompiledArg> args;
  // The arguments packed on every call: buffer addresses copied from their slot (most of them), then
  // the others by index into args.
  struct AddressCopy {
    uint32_t slot = 0;
    uint32_t offset = 0;
  };
  std::vector<AddressCopy> per_call_addresses;
  std::vector<uint32_t> per_call_args;
  bool layout_fits = true;  // every argument inside the segment at its type's size (else: the slow path says so)
};

// A match key's wanted value: a string, or an integer (booleans as 0/1), as select.cpp compares them.
struct MatchRule {
  uint32_t slot = 0;
  bool is_string = false;
  int64_t number = 0;
  std::string text;
};

// Kernels with identical match rules: one test of the rules admits or rejects them all.
struct MatchGroup {
  std::vector<MatchRule> rules;
  std::vector<uint32_t> kernels;  // indexes into CandidateSet::kernels
};

// The kernels of one (op, arch).
struct CandidateSet {
  std::vector<CompiledKernel> kernels;  // id order
  std::vector<MatchGroup> groups;
  // Slots that decide the selection and the launch dimensions, the device's left out (fixed per Runtime):
  // the per-shape cache key.
  std::vector<uint32_t> key_slots;
};

// Values of the device the expressions may read (problem.h: cus, max_lds, wavefront_size, xcds,
// clock_mhz), written into a frame before the problem's own values.
struct DeviceSlots {
  uint32_t cus, max_lds, wavefront_size, xcds, clock_mhz;
};

class CompiledPack {
 public:
  static CompiledPack compile(const Manifest& manifest);

  const SlotNames& names() const { return names_; }
  const DeviceSlots& device_slots() const { return device_; }
  const CandidateSet* candidates(std::string_view op, std::string_view arch) const;
  // Every op with kernels for the arch.
  std::vector<std::string> ops_for_arch(std::string_view arch) const;

 private:
  SlotNames names_;
  DeviceSlots device_{};
  std::map<std::pair<std::string, std::string>, CandidateSet, std::less<>> sets_;
};

// A frame with the device's values set and everything else absent; a call copies it and writes its problem.
std::vector<Slot> device_frame(const CompiledPack& pack, const DeviceInfo& device);

// The selected kernel (lowest cost, ties to the smaller id, as select.cpp) or nullptr when none accepts
// the problem (the interpreted select then says why).
const CompiledKernel* select_kernel(const CandidateSet& set, const Slot* frame);

// Launch dimensions and workspace bytes; false on any failure the interpreted prepare_launch reports.
struct LaunchDims {
  std::array<uint32_t, 3> grid_workgroups{1, 1, 1};
  uint32_t dynamic_lds = 0;
  uint64_t workspace_bytes = 0;
};
bool launch_dims(const CompiledKernel& kernel, const Slot* frame, LaunchDims& out);

// Kernarg bytes into `out`; false on any failure pack_kernargs reports. kShapeTemplate zero-fills `out`
// to the segment's size and packs the arguments the shape fixes; kPerCall packs the rest into a copy of
// that template.
enum class ArgPass { kShapeTemplate, kPerCall };
bool pack_kernargs(const CompiledKernel& kernel, const Slot* frame, ArgPass pass, std::vector<uint8_t>& out);

}  // namespace ingot::dispatch
