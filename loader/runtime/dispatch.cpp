#include "runtime/dispatch.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <mutex>

#include "ingot/tooling/select.h"
#include "runtime/runtime_state.h"

namespace ingot {
namespace {

using dispatch::Slot;

std::atomic<uint64_t> next_serial{1};

// Up to 8 bytes of a string as one little-endian word, without a library call (match keys are short).
inline uint64_t string_word(const char* text, uint32_t length) {
  if (length >= 4) {  // two 4-byte loads, overlapping when shorter than 8: the shared bytes agree
    uint32_t low = 0, high = 0;
    std::memcpy(&low, text, 4);
    std::memcpy(&high, text + length - 4, 4);
    return low | uint64_t{high} << (8 * (length - 4));
  }
  if (length == 0) return 0;
  // 1 to 3 bytes: the first, the middle and the last (the same byte twice when shorter).
  const auto byte = [&](uint32_t at) { return uint64_t{static_cast<uint8_t>(text[at])} << (8 * at); };
  return byte(0) | byte(length / 2) | byte(length - 1);
}

// The key slots' values as 64-bit words: per slot its head word (tag, buffer flag, string length) and its
// value (an int's or a double's bits, a string's first 8 bytes); the rest of longer strings follows at the
// end. Equal words are equal keys. Returns a hash that only spreads shapes over a thread's recent slots:
// a sum of the values rotated by their position, mixed once at the end, so the values are hashed side by
// side rather than through a chain of multiplies.
uint64_t encode_key(const std::vector<uint32_t>& key_slots, const Slot* frame, std::vector<uint64_t>& words) {
  constexpr uint64_t kOdd = 0x9e3779b97f4a7c15ull;
  words.resize(2 * key_slots.size());  // within the thread's reused capacity once warm
  uint64_t* out = words.data();
  uint64_t hash = 0;
  int turn = 0;
  bool long_strings = false;
  for (uint32_t slot : key_slots) {
    const Slot& value = frame[slot];
    const uint64_t head = dispatch::head_word(value);
    uint64_t bits = static_cast<uint64_t>(value.i);  // an int, a double's bits, 0 when absent
    if (value.tag == Slot::Tag::kString) {
      bits = string_word(value.text, std::min<uint32_t>(value.length, 8));
      long_strings = long_strings || value.length > 8;
    }
    *out++ = head;
    *out++ = bits;
    hash += std::rotl(bits, turn);  // the head only matters for equality, which the words decide
    turn = (turn + 13) & 63;
  }
  if (long_strings) {
    for (uint32_t slot : key_slots) {
      const Slot& value = frame[slot];
      if (value.tag != Slot::Tag::kString) continue;
      for (uint32_t at = 8; at < value.length; at += 8) {
        words.push_back(string_word(value.text + at, std::min<uint32_t>(value.length - at, 8)));
        hash += std::rotl(words.back(), turn);
        turn = (turn + 13) & 63;
      }
    }
  }
  hash *= kOdd;
  return hash ^ (hash >> 32);
}

Status disagreement(const std::string& what, const Problem& problem) {
  return Status(StatusCode::kInternal, "dispatch: the compiled " + what + " failed where the interpreter succeeds for " +
                                           problem.describe() + " (please report)");
}

}  // namespace


Runtime::Dispatch::Dispatch(const Pack& pack, const DeviceInfo& device)
    : serial(next_serial.fetch_add(1)),
      compiled(pack.compiled()), device_frame(dispatch::device_frame(compiled, device)) {
  const auto spare = static_cast<uint32_t>(device_frame.size());
  device_frame.emplace_back();
  workspace_slot = compiled.names().find("workspace");
  workspace_bytes_slot = compiled.names().find("workspace_bytes");
  for (const std::string& op : compiled.ops_for_arch(device.arch)) {
    auto cache = std::make_unique<ShapeCache>();
    cache->candidates = compiled.candidates(op, device.arch);
    cache->key_slots = cache->candidates->key_slots;
    problem_caches.emplace(op, std::move(cache));
  }
  for (const Op* op : all_ops()) {
    Binding binding;
    binding.op = op;
    std::vector<uint32_t> written;  // the places a call may write
    for (const ProblemVar& var : op->problem_vars()) {
      auto slot = compiled.names().find(var.name);
      binding.var_places.push_back(slot ? *slot : spare);
      if (!slot) continue;
      written.push_back(*slot);
      if (binding.var_places.size() > 64) binding.reset_always.push_back(*slot);
    }
    if (workspace_slot) {
      written.push_back(*workspace_slot);
      binding.reset_always.push_back(*workspace_slot);
    }
    if (ShapeCache* all = problem_cache(op->name())) {
      binding.cache = std::make_unique<ShapeCache>();
      binding.cache->candidates = all->candidates;
      for (uint32_t slot : all->key_slots) {
        if (std::find(written.begin(), written.end(), slot) != written.end()) binding.cache->key_slots.push_back(slot);
      }
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

Runtime::Dispatch::ShapeCache* Runtime::Dispatch::problem_cache(std::string_view op) {
  auto found = problem_caches.find(std::string(op));
  return found == problem_caches.end() ? nullptr : found->second.get();
}

Slot* Runtime::Dispatch::frame_for(Scratch& scratch, const Binding* binding) const {
  if (binding == nullptr || scratch.frame_serial != serial || scratch.frame_binding != binding) {
    scratch.frame.assign(device_frame.begin(), device_frame.end());
    scratch.frame_serial = serial;
    scratch.frame_binding = binding;
    scratch.frame_written = 0;
  } else {
    Slot* frame = scratch.frame.data();
    for (uint32_t place : binding->reset_always) frame[place] = device_frame[place];
  }
  return scratch.frame.data();
}

void Runtime::Dispatch::reset_stale(Scratch& scratch, const Binding& binding, uint64_t written) const {
  Slot* frame = scratch.frame.data();
  // Usually none: an op's calls write the same variables, except the optional ones (bias, scales...).
  for (uint64_t stale = scratch.frame_written & ~written; stale != 0; stale &= stale - 1) {
    const uint32_t place = binding.var_places[static_cast<size_t>(std::countr_zero(stale))];
    frame[place] = device_frame[place];
  }
  scratch.frame_written = written;
}

Status Runtime::Dispatch::explain(const Runtime& runtime, const Problem& problem, const dispatch::CompiledKernel* kernel,
                                  Stage stage) {
  const DeviceInfo& device = runtime.state_->device->info();
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

Status Runtime::Dispatch::launch(Runtime& runtime, ShapeCache& cache, Scratch& scratch, hipStream_t stream,
                                 CallerWorkspace workspace, ProblemSource problem) {
  Slot* frame = scratch.frame.data();
  LaunchConfig& config = scratch.config;
  std::vector<uint64_t>& key = scratch.key;
  const uint64_t hash = encode_key(cache.key_slots, frame, key);
  Recent& recent = scratch.recent[hash % scratch.recent.size()];
  if (recent.serial != serial || recent.cache != &cache || recent.hash != hash || recent.key.size() != key.size() ||
      std::memcmp(recent.key.data(), key.data(), key.size() * sizeof(uint64_t)) != 0) {
    const std::string bytes(reinterpret_cast<const char*>(key.data()), key.size() * sizeof(uint64_t));
    std::optional<Entry> shared;
    {
      std::shared_lock lock(cache.mutex);
      auto found = cache.entries.find(bytes);
      if (found != cache.entries.end()) shared = found->second;
    }
    if (!shared) {
      Entry entry;
      entry.kernel = dispatch::select_kernel(*cache.candidates, frame);
      if (entry.kernel == nullptr) return explain(runtime, problem(), nullptr, Stage::kSelect);
      if (!dispatch::launch_dims(*entry.kernel, frame, entry.dims) ||
          !dispatch::pack_kernargs(*entry.kernel, frame, dispatch::ArgPass::kShapeTemplate, entry.kernargs)) {
        return explain(runtime, problem(), entry.kernel, Stage::kLaunchDims);
      }
      auto loaded = runtime.state_->cache.kernel(*entry.kernel->kernel);
      if (!loaded) return loaded.status();
      entry.handle = loaded.value();
      std::unique_lock lock(cache.mutex);
      if (cache.entries.size() >= kMaxCachedShapes) cache.entries.clear();
      cache.entries.emplace(bytes, entry);
      shared = std::move(entry);
    }
    recent.serial = serial;
    recent.cache = &cache;
    recent.hash = hash;
    recent.key = key;
    recent.entry = std::move(*shared);
    recent.fill = ++scratch.fills;
  }
  const Entry& entry = recent.entry;
  const dispatch::CompiledKernel* selected = entry.kernel;
  const dispatch::LaunchDims& dims = entry.dims;
  if (scratch.config_fill != recent.fill) {
    config.kernargs.assign(entry.kernargs.begin(), entry.kernargs.end());
    scratch.config_fill = recent.fill;
  }

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
        scratch.workspace_buffer = &runtime.state_->workspaces.buffer_for(stream);
        scratch.workspace_serial = serial;
        scratch.workspace_stream = stream;
      }
      auto leased = runtime.state_->workspaces.lease(*scratch.workspace_buffer, stream, needed);
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
  return runtime.state_->device->launch(entry.handle, config, stream);
}

}  // namespace ingot
