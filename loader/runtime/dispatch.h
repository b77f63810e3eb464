// The Runtime's dispatch state: per op on this device's arch, the compiled candidates and thread-safe
// per-shape selection caches; per registered op, its problem variables' places in the call frame.
// A warm call lets the op write its places (no virtual call), resets those its previous call wrote and
// this one did not, encodes the selection-relevant places as 64-bit words (strings by their bytes), finds
// the shape among this thread's recent ones, and patches the per-call kernargs into the shape's template.
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
#include "ingot/tooling/device.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/workspace.h"

namespace ingot {

struct Runtime::Dispatch {
  // What one selection decided for one shape.
  struct Entry {
    const dispatch::CompiledKernel* kernel = nullptr;
    dispatch::LaunchDims dims;
    KernelHandle handle;
    std::vector<uint8_t> kernargs;  // the arguments the shape fixes, packed; per-call ones are added on top
  };
  // The selections of one op on this device's arch, keyed by the values of `key_slots`.
  struct ShapeCache {
    const dispatch::CandidateSet* candidates = nullptr;
    // The candidate set's key slots (a Problem may name anything), or for an op's typed calls only those
    // the op writes (the others are absent on every such call).
    std::vector<uint32_t> key_slots;
    std::shared_mutex mutex;                        // guards entries
    std::unordered_map<std::string, Entry> entries;  // key: the encoded key words' bytes
  };
  // A registered op bound to this pack.
  struct Binding {
    const Op* op = nullptr;
    // Frame place of each problem variable; a name no kernel reads goes to the spare place past the slots.
    std::vector<uint32_t> var_places;
    // Places reset before every call: the workspace's (the launch writes it) and those of variables past
    // the 64 a ProblemWriter tracks. A tracked variable's place is reset only after a call that did not
    // write it, when the call before did (see reset_stale).
    std::vector<uint32_t> reset_always;
    std::unique_ptr<ShapeCache> cache;  // nullptr: the pack has no kernels of the op for this arch
  };

  // A bound on each cache: a workload with more distinct shapes starts over (shapes are few in
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

  // A shape this thread dispatched lately, found by its key's hash and compared word by word (no lock).
  // Tagged with the Dispatch's serial, so an entry of a destroyed Runtime is never found again.
  struct Recent {
    uint64_t serial = 0;
    const ShapeCache* cache = nullptr;
    uint64_t hash = 0;
    std::vector<uint64_t> key;
    Entry entry;
    uint64_t fill = 0;  // which of the thread's fills put `entry` here
  };
  // A thread's buffers for its calls, reused so a warm call allocates nothing.
  struct Scratch {
    std::vector<dispatch::Slot> frame;  // the slots, then the spare place
    // Who filled the frame last (Dispatch serial, binding; nullptr: a Problem): the same binding again
    // only resets the places it writes.
    uint64_t frame_serial = 0;
    const Binding* frame_binding = nullptr;
    uint64_t frame_written = 0;  // the variables frame_binding's last call wrote (ProblemWriter::written)
    // The workspace buffer of the stream this thread last leased on, in the Dispatch `workspace_serial`.
    uint64_t workspace_serial = 0;
    hipStream_t workspace_stream = nullptr;
    WorkspacePool::Buffer* workspace_buffer = nullptr;
    std::vector<uint64_t> key;  // the call's encoded key
    LaunchConfig config;
    // Fills of `recent` so far, and the fill whose kernarg template `config` holds (a call of the same
    // shape again only overwrites the per-call arguments).
    uint64_t fills = 0;
    uint64_t config_fill = 0;
    std::array<Recent, 64> recent;  // direct-mapped by the key's hash
  };
  static Scratch& scratch();  // this thread's

  Dispatch(const Pack& pack, const DeviceInfo& device);
  // The frame for a call of `binding` (nullptr: a Problem's call, which fills every slot itself): the
  // device's values, every place the call writes absent, or else holding what the same binding's last
  // call wrote there (the call overwrites it, or reset_stale resets it).
  dispatch::Slot* frame_for(Scratch& scratch, const Binding* binding) const;
  // After a binding's call wrote `written`: the places its last call wrote and this one did not get
  // back their device value or absence.
  void reset_stale(Scratch& scratch, const Binding& binding, uint64_t written) const;
  // Selection (cached per shape), workspace, kernargs by plan, launch: the path of every call.
  // scratch.frame holds the call's problem; it gets the workspace's address.
  Status launch(Runtime& runtime, ShapeCache& cache, Scratch& scratch, hipStream_t stream, CallerWorkspace workspace,
                ProblemSource problem);
  // Why the compiled path failed, from the interpreted one (which builds the messages); kInternal if that
  // one succeeds.
  static Status explain(const Runtime& runtime, const Problem& problem, const dispatch::CompiledKernel* kernel,
                        Stage stage);
  const Binding* binding(const Op& op) const;
  ShapeCache* problem_cache(std::string_view op);

  const uint64_t serial;  // unique per Dispatch in this process (the thread caches' key prefix)
  const dispatch::CompiledPack& compiled;
  std::vector<dispatch::Slot> device_frame;  // device values set, everything else absent; with the spare place
  std::optional<uint32_t> workspace_slot;        // buffer "workspace", when some kernel reads it
  std::optional<uint32_t> workspace_bytes_slot;  // a Problem's own workspace size
  std::unordered_map<std::string, std::unique_ptr<ShapeCache>> problem_caches;  // by op name; fixed after construction
  std::vector<Binding> bindings;  // one per registered op
};

}  // namespace ingot
