#include "dispatch/compiled_pack.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "ingot/tooling/arch.h"

namespace ingot::dispatch {
namespace {

using Tag = Slot::Tag;

MatchRule match_rule(uint32_t slot, const ParamValue& wanted) {
  MatchRule rule;
  rule.slot = slot;
  if (const auto* text = std::get_if<std::string>(&wanted)) {
    rule.is_string = true;
    rule.text = *text;
  } else if (const auto* flag = std::get_if<bool>(&wanted)) {
    rule.number = *flag ? 1 : 0;
  } else {
    rule.number = std::get<int64_t>(wanted);
  }
  return rule;
}

bool same_rules(const std::vector<MatchRule>& a, const std::vector<MatchRule>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].slot != b[i].slot || a[i].is_string != b[i].is_string || a[i].number != b[i].number ||
        a[i].text != b[i].text) {
      return false;
    }
  }
  return true;
}

bool rules_hold(const std::vector<MatchRule>& rules, const Slot* frame) {
  for (const MatchRule& rule : rules) {
    const Slot& actual = frame[rule.slot];
    if (rule.is_string) {
      if (actual.tag != Tag::kString || actual.s() != rule.text) return false;
    } else if (actual.tag != Tag::kInt || actual.i != rule.number) {
      return false;
    }
  }
  return true;
}

CompiledKernel compile_kernel(const ManifestKernel& kernel, SlotNames& names) {
  CompiledKernel compiled;
  compiled.kernel = &kernel;
  for (const Constraint& constraint : kernel.constraints) {
    compiled.constraints.push_back(CompiledExpr::compile(constraint.expr, names));
  }
  compiled.cost = CompiledExpr::compile(kernel.cost, names);
  for (size_t i = 0; i < 3; ++i) compiled.grid[i] = CompiledExpr::compile(kernel.launch.grid[i], names);
  compiled.dynamic_lds = CompiledExpr::compile(kernel.launch.dynamic_lds, names);
  compiled.workspace = CompiledExpr::compile(kernel.launch.workspace, names);
  for (const KernargArg& arg : kernel.kernarg.args) {
    CompiledArg out;
    out.type = arg.type;
    out.offset = arg.offset;
    out.value = CompiledExpr::compile(arg.value, names);
    out.bare = out.value.bare_slot();
    compiled.args.push_back(std::move(out));
    if (uint64_t{arg.offset} + arg.size > kernel.kernarg.size || arg.size != arg_type_size(arg.type)) {
      compiled.layout_fits = false;
    }
  }
  return compiled;
}

template <typename T>
void store_le(std::vector<uint8_t>& out, uint32_t offset, T value) {
  std::memcpy(out.data() + offset, &value, sizeof value);  // host is little-endian, like the GPU
}

// launch.cpp's store_integer without the messages.
bool store_integer(ArgType type, uint32_t offset, int64_t value, std::vector<uint8_t>& out) {
  switch (type) {
    case ArgType::kI32:
      if (value < std::numeric_limits<int32_t>::min() || value > std::numeric_limits<int32_t>::max()) return false;
      store_le(out, offset, static_cast<int32_t>(value));
      return true;
    case ArgType::kU32:
      if (value < 0 || value > std::numeric_limits<uint32_t>::max()) return false;
      store_le(out, offset, static_cast<uint32_t>(value));
      return true;
    case ArgType::kI64:
      store_le(out, offset, value);
      return true;
    case ArgType::kU64:
      if (value < 0) return false;
      store_le(out, offset, static_cast<uint64_t>(value));
      return true;
    case ArgType::kPtr:
      store_le(out, offset, static_cast<uint64_t>(value));
      return true;
    case ArgType::kF32:
      store_le(out, offset, static_cast<float>(value));
      return true;
  }
  return false;
}

bool evaluate_count(const CompiledExpr& expr, const Slot* frame, int64_t& out) {
  Slot value;
  if (!expr.evaluate(frame, value) || value.tag != Tag::kInt) return false;
  out = value.i;
  return true;
}

}  // namespace

CompiledPack CompiledPack::compile(const Manifest& manifest) {
  CompiledPack pack;
  pack.device_ = {pack.names_.intern("cus"), pack.names_.intern("max_lds"), pack.names_.intern("wavefront_size"),
                  pack.names_.intern("xcds"), pack.names_.intern("clock_mhz")};
  // Kernels in id order within each (op, arch), as Pack::candidates lists them.
  std::vector<const ManifestKernel*> ordered;
  for (const ManifestKernel& kernel : manifest.kernels) ordered.push_back(&kernel);
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const ManifestKernel* a, const ManifestKernel* b) { return a->id < b->id; });
  for (const ManifestKernel* kernel : ordered) {
    CandidateSet& set = pack.sets_[{kernel->op, kernel->arch}];
    const auto index = static_cast<uint32_t>(set.kernels.size());
    set.kernels.push_back(compile_kernel(*kernel, pack.names_));
    std::vector<MatchRule> rules;
    for (const auto& [key, wanted] : kernel->match) rules.push_back(match_rule(pack.names_.intern(key), wanted));
    auto group = std::find_if(set.groups.begin(), set.groups.end(),
                              [&](const MatchGroup& g) { return same_rules(g.rules, rules); });
    if (group == set.groups.end()) {
      set.groups.push_back({std::move(rules), {}});
      group = set.groups.end() - 1;
    }
    group->kernels.push_back(index);
  }
  for (auto& [key, set] : pack.sets_) {
    std::vector<uint32_t> slots;
    for (const MatchGroup& group : set.groups) {
      for (const MatchRule& rule : group.rules) slots.push_back(rule.slot);
    }
    for (const CompiledKernel& kernel : set.kernels) {
      for (const CompiledExpr& constraint : kernel.constraints) constraint.collect_slots(slots);
      kernel.cost.collect_slots(slots);
      for (const CompiledExpr& axis : kernel.grid) axis.collect_slots(slots);
      kernel.dynamic_lds.collect_slots(slots);
      kernel.workspace.collect_slots(slots);
    }
    // The device's values are fixed per Runtime, whose caches are its own: they need no place in the key.
    const DeviceSlots& d = pack.device_;
    auto is_device = [&](uint32_t slot) {
      return slot == d.cus || slot == d.max_lds || slot == d.wavefront_size || slot == d.xcds || slot == d.clock_mhz;
    };
    std::sort(slots.begin(), slots.end());
    slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
    slots.erase(std::remove_if(slots.begin(), slots.end(), is_device), slots.end());
    set.key_slots = std::move(slots);
    for (CompiledKernel& kernel : set.kernels) {
      for (size_t index = 0; index < kernel.args.size(); ++index) {
        CompiledArg& arg = kernel.args[index];
        std::vector<uint32_t> reads;
        arg.value.collect_slots(reads);
        arg.per_call = std::any_of(reads.begin(), reads.end(), [&](uint32_t slot) {
          return !is_device(slot) && !std::binary_search(set.key_slots.begin(), set.key_slots.end(), slot);
        });
        if (!arg.per_call) continue;
        if (arg.bare && arg.type == ArgType::kPtr) {
          kernel.per_call_addresses.push_back({*arg.bare, arg.offset});
        } else {
          kernel.per_call_args.push_back(static_cast<uint32_t>(index));
        }
      }
    }
  }
  return pack;
}

const CandidateSet* CompiledPack::candidates(std::string_view op, std::string_view arch) const {
  auto found = sets_.find(std::make_pair(std::string(op), std::string(arch)));
  return found == sets_.end() ? nullptr : &found->second;
}

std::vector<std::string> CompiledPack::ops_for_arch(std::string_view arch) const {
  std::vector<std::string> ops;
  for (const auto& [key, set] : sets_) {
    if (key.second == arch) ops.push_back(key.first);
  }
  return ops;
}

std::vector<Slot> device_frame(const CompiledPack& pack, const DeviceInfo& device) {
  std::vector<Slot> frame(pack.names().size());
  int64_t max_lds = device.max_lds;
  if (max_lds == 0) {
    if (const ArchInfo* arch = find_arch(device.arch)) max_lds = arch->lds_bytes;
  }
  const DeviceSlots& slots = pack.device_slots();
  frame[slots.cus] = Slot::of_int(device.cus);
  frame[slots.max_lds] = Slot::of_int(max_lds);
  frame[slots.wavefront_size] = Slot::of_int(device.wavefront_size);
  frame[slots.xcds] = Slot::of_int(device.xcds);
  frame[slots.clock_mhz] = Slot::of_int(device.clock_mhz);
  return frame;
}

const CompiledKernel* select_kernel(const CandidateSet& set, const Slot* frame) {
  const CompiledKernel* best = nullptr;
  double best_cost = 0.0;
  for (const MatchGroup& group : set.groups) {
    if (!rules_hold(group.rules, frame)) continue;
    for (uint32_t index : group.kernels) {
      const CompiledKernel& kernel = set.kernels[index];
      bool accepted = true;
      for (const CompiledExpr& constraint : kernel.constraints) {
        Slot value;
        if (!constraint.evaluate(frame, value)) {
          accepted = false;
          break;
        }
        // A string is not a truth value: the interpreter rejects the kernel.
        const bool holds = value.tag == Tag::kInt ? value.i != 0 : value.tag == Tag::kDouble && value.d != 0.0;
        if (!holds) {
          accepted = false;
          break;
        }
      }
      if (!accepted) continue;
      Slot cost;
      if (!kernel.cost.evaluate(frame, cost) || (cost.tag != Tag::kInt && cost.tag != Tag::kDouble)) continue;
      const double value = cost.tag == Tag::kInt ? static_cast<double>(cost.i) : cost.d;
      if (best == nullptr || value < best_cost || (value == best_cost && kernel.kernel->id < best->kernel->id)) {
        best = &kernel;
        best_cost = value;
      }
    }
  }
  return best;
}

bool launch_dims(const CompiledKernel& kernel, const Slot* frame, LaunchDims& out) {
  for (size_t i = 0; i < 3; ++i) {
    int64_t size = 0;
    if (!evaluate_count(kernel.grid[i], frame, size)) return false;
    if (size < 1 || size > std::numeric_limits<uint32_t>::max()) return false;
    out.grid_workgroups[i] = static_cast<uint32_t>(size);
  }
  int64_t lds = 0;
  if (!evaluate_count(kernel.dynamic_lds, frame, lds)) return false;
  if (lds < 0 || lds > std::numeric_limits<uint32_t>::max()) return false;
  out.dynamic_lds = static_cast<uint32_t>(lds);
  int64_t workspace = 0;
  if (!evaluate_count(kernel.workspace, frame, workspace) || workspace < 0) return false;
  out.workspace_bytes = static_cast<uint64_t>(workspace);
  return true;
}

namespace {

bool pack_arg(const CompiledArg& arg, const Slot* frame, std::vector<uint8_t>& out) {
  Slot value;
  if (arg.bare) {
    value = frame[*arg.bare];
    if (value.tag == Tag::kAbsent) return false;
    if (arg.type == ArgType::kPtr && !value.buffer) return false;  // a pointer takes only a buffer
  } else if (!arg.value.evaluate(frame, value)) {
    return false;
  }
  if (value.tag == Tag::kInt) return store_integer(arg.type, arg.offset, value.i, out);
  if (value.tag == Tag::kDouble) {
    if (arg.type != ArgType::kF32) return false;
    if (std::isfinite(value.d) && std::fabs(value.d) > std::numeric_limits<float>::max()) return false;
    store_le(out, arg.offset, static_cast<float>(value.d));
    return true;
  }
  return false;
}

}  // namespace

bool pack_kernargs(const CompiledKernel& kernel, const Slot* frame, ArgPass pass, std::vector<uint8_t>& out) {
  if (!kernel.layout_fits) return false;
  if (pass == ArgPass::kPerCall) {
    const uint64_t buffer_head = head_word(Slot::of_buffer(0));
    for (const CompiledKernel::AddressCopy& copy : kernel.per_call_addresses) {
      const Slot& value = frame[copy.slot];
      if (head_word(value) != buffer_head) return false;  // a pointer takes only a buffer
      store_le(out, copy.offset, value.i);
    }
    for (uint32_t index : kernel.per_call_args) {
      if (!pack_arg(kernel.args[index], frame, out)) return false;
    }
    return true;
  }
  out.assign(kernel.kernel->kernarg.size, 0);
  for (const CompiledArg& arg : kernel.args) {
    if (!arg.per_call && !pack_arg(arg, frame, out)) return false;
  }
  return true;
}

}  // namespace ingot::dispatch
