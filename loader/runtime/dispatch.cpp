#include "runtime/dispatch.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>

namespace ingot {
namespace {

using dispatch::Slot;

// The selection-relevant slots as bytes: the per-shape cache key.
void cache_key(const std::vector<uint32_t>& key_slots, const Slot* frame, std::string& key) {
  size_t size = 0;
  for (uint32_t slot : key_slots) {
    const Slot& value = frame[slot];
    size += 1 + (value.tag == Slot::Tag::kAbsent ? 0 : value.tag == Slot::Tag::kString ? 4 + value.length : 8);
  }
  key.resize(size);  // within the thread's reused capacity once warm
  char* out = key.data();
  auto put = [&](const void* bytes, size_t count) {
    std::memcpy(out, bytes, count);
    out += count;
  };
  for (uint32_t slot : key_slots) {
    const Slot& value = frame[slot];
    *out++ = static_cast<char>(value.tag);
    switch (value.tag) {
      case Slot::Tag::kAbsent: break;
      case Slot::Tag::kInt: put(&value.i, sizeof value.i); break;
      case Slot::Tag::kDouble: put(&value.d, sizeof value.d); break;
      case Slot::Tag::kString: {
        put(&value.length, sizeof value.length);
        put(value.text, value.length);
        break;
      }
    }
  }
}

std::atomic<uint64_t> next_serial{1};

// One multiply per 8 bytes of key (strings in 8-byte words), one finalizer: the hash only spreads shapes
// over the thread's 64 recent slots; same_key decides.
uint64_t hash_key(const std::vector<uint32_t>& key_slots, const Slot* frame) {
  constexpr uint64_t kOdd = 0x9e3779b97f4a7c15ull;
  uint64_t hash = 0;
  for (uint32_t slot : key_slots) {
    const Slot& value = frame[slot];
    uint64_t word = static_cast<uint64_t>(value.tag);
    if (value.tag == Slot::Tag::kString) {
      for (uint32_t at = 0; at < value.length; at += 8) {
        uint64_t chunk = 0;
        std::memcpy(&chunk, value.text + at, std::min<uint32_t>(8, value.length - at));
        hash = (hash ^ chunk) * kOdd;
      }
      word ^= uint64_t{value.length} << 8;
    } else if (value.tag != Slot::Tag::kAbsent) {
      word ^= static_cast<uint64_t>(value.i);  // the int, or the double's bits (same storage)
    }
    hash = (hash ^ word) * kOdd;
  }
  return hash ^ (hash >> 32);
}

template <typename Recent>  // Runtime::Dispatch::Recent (private to the Runtime)
bool same_key(const Recent& recent, const std::vector<uint32_t>& key_slots, const Slot* frame) {
  const Slot* key = recent.key.data();
  for (size_t i = 0; i < key_slots.size(); ++i) {
    const Slot& a = frame[key_slots[i]];
    const Slot& b = key[i];
    // Every slot kind keeps its value's bits in `i` (a string its pointer, a double its bits, absent 0)
    // and a length of 0 unless a string: equal tags, lengths and bits decide, strings aside.
    if (a.tag != b.tag || a.length != b.length) return false;
    if (a.tag != Slot::Tag::kString) {
      if (a.i != b.i) return false;
      continue;
    }
    for (uint32_t at = 0; at < a.length; ++at) {  // match keys are short ("bf16"): no call to memcmp
      if (a.text[at] != b.text[at]) return false;
    }
  }
  return true;
}

template <typename Recent>
void remember(Recent& recent, const std::vector<uint32_t>& key_slots, const Slot* frame) {
  recent.key.clear();
  recent.text.clear();
  for (uint32_t slot : key_slots) {
    recent.key.push_back(frame[slot]);
    if (frame[slot].tag == Slot::Tag::kString) recent.text.append(frame[slot].text, frame[slot].length);
  }
  size_t offset = 0;  // point the strings into the copy only now: appending may have moved it
  for (Slot& value : recent.key) {
    if (value.tag != Slot::Tag::kString) continue;
    value.text = recent.text.data() + offset;
    offset += value.length;
  }
}

Status disagreement(const std::string& what, const Problem& problem) {
  return Status(StatusCode::kInternal, "dispatch: the compiled " + what + " failed where the interpreter succeeds for " +
                                           problem.describe() + " (please report)");
}

}  // namespace


Runtime::Dispatch::Dispatch(const Pack& pack, const DeviceInfo& device)
    : serial(next_serial.fetch_add(1)),
      compiled(pack.compiled()), device_frame(dispatch::device_frame(compiled, device)) {
  workspace_slot = compiled.names().find("workspace");
  workspace_bytes_slot = compiled.names().find("workspace_bytes");
  for (const std::string& op : compiled.ops_for_arch(device.arch)) {
    auto set = std::make_unique<OpSet>();
    set->candidates = compiled.candidates(op, device.arch);
    sets.emplace(op, std::move(set));
  }
  for (const Op* op : all_ops()) {
    Binding binding;
    binding.op = op;
    binding.set = op_set(op->name());
    for (const ProblemVar& var : op->problem_vars()) {
      auto slot = compiled.names().find(var.name);
      binding.var_slots.push_back(slot ? static_cast<int32_t>(*slot) : -1);
    }
    bindings.push_back(std::move(binding));
  }
}

const Runtime::Dispatch::Binding* Runtime::Dispatch::binding(const Op& op) const {
  for (const Binding& binding : bindings) {
    if (binding.op == &op) return &binding;
  }
  return nullptr;
}

Runtime::Dispatch::OpSet* Runtime::Dispatch::op_set(std::string_view op) {
  auto found = sets.find(std::string(op));
  return found == sets.end() ? nullptr : found->second.get();
}

Status Runtime::Dispatch::explain(const Runtime& runtime, const Problem& problem, const dispatch::CompiledKernel* kernel,
                                  Stage stage) {
  const DeviceInfo& device = runtime.device_->info();
  if (stage == Stage::kSelect) {
    auto selection = runtime.select(problem);
    if (!selection) return selection.status();
    return disagreement("selection", problem);
  }
  if (stage == Stage::kLaunchDims) {
    auto bytes = ingot::workspace_bytes(*kernel->kernel, problem, device);
    if (!bytes) return bytes.status();
  }
  auto config = prepare_launch(*kernel->kernel, problem, device);
  if (!config) return config.status();
  return disagreement(stage == Stage::kLaunchDims ? "launch rule" : "kernarg plan", problem);
}

Runtime::Dispatch::Scratch& Runtime::Dispatch::scratch() {
  thread_local Scratch scratch;
  return scratch;
}

Status Runtime::Dispatch::launch(Runtime& runtime, OpSet& set, Scratch& scratch, hipStream_t stream,
                                 CallerWorkspace workspace, ProblemSource problem) {
  Slot* frame = scratch.frame.data();
  const std::vector<uint32_t>& key_slots = set.candidates->key_slots;
  LaunchConfig& config = scratch.config;
  const uint64_t hash = hash_key(key_slots, frame);
  Recent& recent = scratch.recent[hash % scratch.recent.size()];
  if (recent.serial != serial || recent.set != &set || recent.hash != hash || !same_key(recent, key_slots, frame)) {
    std::string& key = scratch.key;
    cache_key(key_slots, frame, key);
    std::optional<Entry> shared;
    {
      std::shared_lock lock(set.mutex);
      auto found = set.cache.find(key);
      if (found != set.cache.end()) shared = found->second;
    }
    if (!shared) {
      Entry entry;
      entry.kernel = dispatch::select_kernel(*set.candidates, frame);
      if (entry.kernel == nullptr) return explain(runtime, problem(), nullptr, Stage::kSelect);
      if (!dispatch::launch_dims(*entry.kernel, frame, entry.dims) ||
          !dispatch::pack_kernargs(*entry.kernel, frame, dispatch::ArgPass::kShapeTemplate, entry.kernargs)) {
        return explain(runtime, problem(), entry.kernel, Stage::kLaunchDims);
      }
      auto loaded = runtime.cache_.kernel(*entry.kernel->kernel);
      if (!loaded) return loaded.status();
      entry.handle = loaded.value();
      std::unique_lock lock(set.mutex);
      if (set.cache.size() >= kMaxCachedShapes) set.cache.clear();
      set.cache.emplace(key, entry);
      shared = std::move(entry);
    }
    recent.serial = serial;
    recent.set = &set;
    recent.hash = hash;
    remember(recent, key_slots, frame);
    recent.entry = std::move(*shared);
  }
  const Entry& entry = recent.entry;
  const dispatch::CompiledKernel* selected = entry.kernel;
  const dispatch::LaunchDims& dims = entry.dims;
  config.kernargs.assign(entry.kernargs.begin(), entry.kernargs.end());

  const ManifestKernel& kernel = *selected->kernel;
  std::optional<WorkspacePool::Lease> lease;
  const uint64_t needed = dims.workspace_bytes;
  if (needed > 0) {
    const std::optional<uint32_t>& slot = workspace_slot;
    uint64_t given_bytes = workspace.bytes;
    bool given = workspace.address != 0;
    if (!given && slot && frame[*slot].buffer) {  // a Problem that names its own workspace
      given = true;
      const auto& bytes_slot = workspace_bytes_slot;
      const Slot* bytes = bytes_slot ? &frame[*bytes_slot] : nullptr;
      given_bytes = bytes != nullptr && bytes->tag == Slot::Tag::kInt && bytes->i > 0 ? static_cast<uint64_t>(bytes->i) : 0;
    }
    if (given && given_bytes < needed) {
      return Status(StatusCode::kInvalidArgument, "kernel " + kernel.id + " needs a workspace of " +
                                                      std::to_string(needed) + " bytes; the caller's is " +
                                                      std::to_string(given_bytes));
    }
    uint64_t address = workspace.address;
    if (!given) {
      // Held until the launch returns: on the emulator the kernel has then finished; on HIP the next launch
      // on the same stream is ordered after it by the stream itself.
      if (scratch.workspace_serial != serial || scratch.workspace_stream != stream) {
        scratch.workspace_buffer = &runtime.workspaces_.buffer_for(stream);
        scratch.workspace_serial = serial;
        scratch.workspace_stream = stream;
      }
      auto leased = runtime.workspaces_.lease(*scratch.workspace_buffer, stream, needed);
      if (!leased) return leased.status();
      lease.emplace(std::move(leased).value());
      address = lease->address();
    }
    if (slot && address != 0) frame[*slot] = Slot::of_buffer(address);
  }

  config.workgroup = kernel.launch.workgroup;
  config.grid_workgroups = dims.grid_workgroups;
  config.dynamic_lds = dims.dynamic_lds;
  if (!dispatch::pack_kernargs(*selected, frame, dispatch::ArgPass::kPerCall, config.kernargs)) {
    Problem failed = problem();
    if (lease) failed.buffer("workspace", lease->address());
    if (workspace.address != 0) failed.buffer("workspace", workspace.address);
    return explain(runtime, failed, selected, Stage::kKernargs);
  }
  return runtime.device_->launch(entry.handle, config, stream);
}

}  // namespace ingot
