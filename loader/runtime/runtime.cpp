#include "ingot/runtime.h"

#include "ingot/ops/gemm.h"
#include "ingot/tooling/select.h"
#include "runtime/runtime_state.h"

namespace ingot {
namespace {

using dispatch::Slot;

// A generic Problem in a slot frame, in ProblemEnv's order (a later kind wins a shared name; a name that
// is a buffer stays one for pointer kernargs, as pack_kernargs checks problem.buffers).
void fill_frame(const dispatch::SlotNames& names, const Problem& problem, Slot* frame) {
  auto put = [&](const std::string& name, Slot value) {
    if (auto slot = names.find(name)) {
      value.buffer = value.buffer || frame[*slot].buffer;
      frame[*slot] = value;
    }
  };
  for (const auto& [name, address] : problem.buffers) put(name, Slot::of_buffer(address));
  for (const auto& [name, value] : problem.keys) put(name, Slot::of_string(value));
  for (const auto& [name, value] : problem.scalars) put(name, Slot::of_double(value));
  for (const auto& [name, value] : problem.ints) put(name, Slot::of_int(value));
}

}  // namespace

Runtime::Runtime(std::unique_ptr<State> state) : state_(std::move(state)) {}

Runtime::~Runtime() = default;

Result<std::unique_ptr<Runtime>> Runtime::open(const RuntimeOptions& options) {
  std::filesystem::path dir = options.pack_dir;
  if (dir.empty()) {
    auto found = find_pack_dir();
    if (!found) return found.status();
    dir = found.value();
  }
  auto pack = Pack::open(dir);
  if (!pack) return pack.status();
  auto device = open_device(options.device);
  if (!device) return device.status();
  return create(std::move(pack).value(), std::move(device).value());
}

std::unique_ptr<Runtime> Runtime::create(Pack pack, std::unique_ptr<Device> device) {
  return std::unique_ptr<Runtime>(new Runtime(std::make_unique<State>(std::move(pack), std::move(device))));
}

const DeviceInfo& Runtime::device_info() const { return state_->device->info(); }
const Pack& Runtime::pack() const { return state_->pack; }
Device& Runtime::device() { return *state_->device; }
ModuleCache& Runtime::modules() { return state_->cache; }

Result<Selection> Runtime::select(const Problem& problem) const {
  return ingot::select(state_->pack, problem, device_info());
}

Result<uint64_t> Runtime::workspace_bytes(const Problem& problem) const {
  auto selection = select(problem);
  if (!selection) return selection.status();
  return ingot::workspace_bytes(*selection.value().kernel, problem, device_info());
}

Status Runtime::run(const Problem& problem, hipStream_t stream) {
  Dispatch::ShapeCache* cache = state_->dispatch.problem_cache(problem.op);
  if (cache == nullptr) return Dispatch::explain(*this, problem, nullptr, Dispatch::Stage::kSelect);
  Dispatch::Scratch& scratch = Dispatch::scratch();
  fill_frame(state_->dispatch.compiled.names(), problem, state_->dispatch.frame_for(scratch, nullptr));
  return state_->dispatch.launch(*this, *cache, scratch, stream, {}, [&] { return problem; });
}

Result<Problem> Runtime::problem(const OpArgs& args) const {
  INGOT_RETURN_IF_ERROR(args.check_required(/*for_launch=*/false));
  const Op& op = args.op();
  return build_problem(op, [&](ProblemWriter& out) { return op.write_problem(args, device_info(), out); });
}

Result<Selection> Runtime::select(const OpArgs& args) const {
  auto built = problem(args);
  if (!built) return built.status();
  return select(built.value());
}

Status Runtime::run(const OpArgs& args, hipStream_t stream, CallerWorkspace workspace) {
  INGOT_RETURN_IF_ERROR(args.check_required(/*for_launch=*/true));
  const Op& op = args.op();
  const DeviceInfo& device = device_info();
  return dispatch(op, [&](ProblemWriter& out) { return op.write_problem(args, device, out); }, stream, workspace);
}

Status Runtime::dispatch(const Op& op, ProblemFill fill, hipStream_t stream, CallerWorkspace workspace) {
  // The Problem form, for an op outside the registry and for the messages of a failed call.
  auto generic = [&]() -> Problem {
    auto built = build_problem(op, fill, /*for_launch=*/true);
    return built ? std::move(built).value() : Problem(std::string(op.name()));
  };
  const Dispatch::Binding* binding = state_->dispatch.binding(op);
  if (binding == nullptr || binding->cache == nullptr) {
    auto built = build_problem(op, fill, /*for_launch=*/true);
    if (!built) return built.status();
    if (workspace.address != 0) {
      built->buffer("workspace", workspace.address);
      built->integer("workspace_bytes", static_cast<int64_t>(workspace.bytes));
    }
    return run(built.value(), stream);
  }
  Dispatch::Scratch& scratch = Dispatch::scratch();
  ProblemWriter writer(state_->dispatch.frame_for(scratch, binding), binding->var_places.data(), /*for_launch=*/true);
  Status filled = fill(writer);
  state_->dispatch.reset_stale(scratch, *binding, writer.written());
  INGOT_RETURN_IF_ERROR(filled);
  return state_->dispatch.launch(*this, *binding->cache, scratch, stream, workspace, generic);
}

Status Runtime::gemm(const GemmArgs& args, hipStream_t stream) { return ingot::gemm(*this, args, stream); }

Result<uint64_t> Runtime::allocate(size_t bytes) { return state_->device->allocate(bytes); }
Status Runtime::free(uint64_t address) { return state_->device->free(address); }
Status Runtime::copy_to_device(uint64_t dst, const void* src, size_t bytes) {
  return state_->device->copy_to_device(dst, src, bytes);
}
Status Runtime::copy_to_host(void* dst, uint64_t src, size_t bytes) {
  return state_->device->copy_to_host(dst, src, bytes);
}
Status Runtime::synchronize(hipStream_t stream) { return state_->device->synchronize(stream); }

}  // namespace ingot
