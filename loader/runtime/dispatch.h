// The Runtime's dispatch state: per op on this device's arch, the compiled candidates and a thread-safe
// per-shape selection cache; per registered op, its problem variables resolved to frame slots.
// A warm call fills a slot frame through the op's writer, hashes the selection-relevant slots, finds
// kernel, launch dimensions and module handle in the cache, and packs kernargs by the kernel's plan.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "dispatch/compiled_pack.h"
#include "ingot/runtime.h"

namespace ingot {

struct Runtime::Dispatch {
  // What one selection decided for one shape.
  struct Entry {
    const dispatch::CompiledKernel* kernel = nullptr;
    dispatch::LaunchDims dims;
    KernelHandle handle;
    std::vector<uint8_t> kernargs;  // the arguments the shape fixes, packed; per-call ones are added on top
  };
  // One op on this device's arch.
  struct OpSet {
    const dispatch::CandidateSet* candidates = nullptr;  // nullptr: the pack has none (select says so)
    std::shared_mutex mutex;                             // guards cache
    std::unordered_map<std::string, Entry> cache;        // key: the selection slots' bytes
  };
  // A registered op bound to this pack: its problem variables' slots (-1: no kernel reads the name).
  struct Binding {
    const Op* op = nullptr;
    OpSet* set = nullptr;
    std::vector<int32_t> var_slots;
  };

  // A bound on each op's cache: a workload with more distinct shapes starts over (shapes are few in
  // practice: the layers of one model times the batch sizes it serves).
  static constexpr size_t kMaxCachedShapes = 4096;

  // A non-owning callable giving the call's Problem: only a failed call builds it (for its message).
  class ProblemSource {
   public:
    template <typename F>
    ProblemSource(const F& make)  // NOLINT(google-explicit-constructor)
        : object_(&make), call_([](const void* object) { return (*static_cast<const F*>(object))(); }) {}
    Problem operator()() const { return call_(object_); }

   private:
    const void* object_;
    Problem (*call_)(const void*);
  };
  enum class Stage { kSelect, kLaunchDims, kKernargs };

  // A shape this thread dispatched lately: a warm call hashes the key slots, finds its shape here and
  // compares the slots themselves (no serialized key, no lock). Tagged with the Dispatch's serial, so an
  // entry of a destroyed Runtime is never found again.
  struct Recent {
    uint64_t serial = 0;
    const OpSet* set = nullptr;
    uint64_t hash = 0;
    std::vector<dispatch::Slot> key;  // the key slots' values; strings point into `text`
    std::string text;
    Entry entry;
  };
  // A thread's buffers for its calls, reused so a warm call allocates nothing.
  struct Scratch {
    std::vector<dispatch::Slot> frame;
    // The workspace buffer of the stream this thread last leased on, in the Dispatch `workspace_serial`.
    uint64_t workspace_serial = 0;
    hipStream_t workspace_stream = nullptr;
    WorkspacePool::Buffer* workspace_buffer = nullptr;
    std::string key;  // the serialized key of the shared cache (on a miss of `recent`)
    LaunchConfig config;
    std::array<Recent, 64> recent;  // direct-mapped by the key's hash
  };
  static Scratch& scratch();  // this thread's

  Dispatch(const Pack& pack, const DeviceInfo& device);
  // Selection (cached per shape), workspace, kernargs by plan, launch: the path of every call.
  // scratch.frame holds the call's problem; it gets the workspace's address.
  Status launch(Runtime& runtime, OpSet& set, Scratch& scratch, hipStream_t stream, CallerWorkspace workspace,
                ProblemSource problem);
  // Why the compiled path failed, from the interpreted one (which builds the messages); kInternal if that
  // one succeeds.
  static Status explain(const Runtime& runtime, const Problem& problem, const dispatch::CompiledKernel* kernel,
                        Stage stage);
  const Binding* binding(const Op& op) const;
  OpSet* op_set(std::string_view op);

  const uint64_t serial;  // unique per Dispatch in this process (the thread caches' key prefix)
  const dispatch::CompiledPack& compiled;
  std::vector<dispatch::Slot> device_frame;  // device values set, everything else absent
  std::optional<uint32_t> workspace_slot;        // buffer "workspace", when some kernel reads it
  std::optional<uint32_t> workspace_bytes_slot;  // a Problem's own workspace size
  std::unordered_map<std::string, std::unique_ptr<OpSet>> sets;  // by op name; fixed after construction
  std::vector<Binding> bindings;                                 // one per registered op
};

}  // namespace ingot
