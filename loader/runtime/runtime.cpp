#include "ingot/runtime.h"

#include "ingot/ops/gemm.h"

namespace ingot {

// The per-Runtime dispatch state (filled by the fast path).
struct Runtime::Dispatch {};

Runtime::Runtime(Pack pack, std::unique_ptr<Device> device)
    : pack_(std::move(pack)), device_(std::move(device)), cache_(pack_, *device_), workspaces_(*device_) {}

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
  return std::unique_ptr<Runtime>(new Runtime(std::move(pack), std::move(device)));
}

Result<Selection> Runtime::select(const Problem& problem) const {
  return ingot::select(pack_, problem, device_->info());
}

Result<uint64_t> Runtime::workspace_bytes(const Problem& problem) const {
  auto selection = select(problem);
  if (!selection) return selection.status();
  return ingot::workspace_bytes(*selection.value().kernel, problem, device_->info());
}

Status Runtime::launch(const ManifestKernel& kernel, const Problem& problem, hipStream_t stream) {
  auto config = prepare_launch(kernel, problem, device_->info());
  if (!config) return config.status();
  auto handle = cache_.kernel(kernel);
  if (!handle) return handle.status();
  return device_->launch(handle.value(), config.value(), stream);
}

Status Runtime::run(const Problem& problem, hipStream_t stream) {
  auto selection = select(problem);
  if (!selection) return selection.status();
  const ManifestKernel& kernel = *selection.value().kernel;
  auto needed = ingot::workspace_bytes(kernel, problem, device_->info());
  if (!needed) return needed.status();
  if (needed.value() == 0) return launch(kernel, problem, stream);

  if (problem.buffers.contains("workspace")) {  // the caller's own
    auto given = problem.ints.find("workspace_bytes");
    const int64_t bytes = given == problem.ints.end() ? 0 : given->second;
    if (bytes < 0 || static_cast<uint64_t>(bytes) < needed.value()) {
      return Status(StatusCode::kInvalidArgument,
                    "kernel " + kernel.id + " needs a workspace of " + std::to_string(needed.value()) +
                        " bytes; the caller's is " + std::to_string(bytes));
    }
    return launch(kernel, problem, stream);
  }
  // The lease is held until the launch returns: on the emulator the kernel has then finished; on HIP
  // the next launch on the same stream is ordered after it by the stream itself.
  auto lease = workspaces_.lease(stream, needed.value());
  if (!lease) return lease.status();
  Problem bound = problem;
  bound.buffer("workspace", lease.value().address());
  return launch(kernel, bound, stream);
}

Result<Problem> Runtime::problem(const OpArgs& args) const {
  INGOT_RETURN_IF_ERROR(args.check_required(/*for_launch=*/false));
  const Op& op = args.op();
  return build_problem(op, [&](ProblemWriter& out) { return op.write_problem(args, device_->info(), out); });
}

Result<Selection> Runtime::select(const OpArgs& args) const {
  auto built = problem(args);
  if (!built) return built.status();
  return select(built.value());
}

Status Runtime::run(const OpArgs& args, hipStream_t stream, CallerWorkspace workspace) {
  INGOT_RETURN_IF_ERROR(args.check_required(/*for_launch=*/true));
  const Op& op = args.op();
  const DeviceInfo& device = device_->info();
  return dispatch(op, [&](ProblemWriter& out) { return op.write_problem(args, device, out); }, stream, workspace);
}

Status Runtime::dispatch(const Op& op, ProblemFill fill, hipStream_t stream, CallerWorkspace workspace) {
  auto built = build_problem(op, fill, /*for_launch=*/true);
  if (!built) return built.status();
  Problem& problem = built.value();
  if (workspace.address != 0) {
    problem.buffer("workspace", workspace.address);
    problem.integer("workspace_bytes", static_cast<int64_t>(workspace.bytes));
  }
  return run(problem, stream);
}

Status Runtime::gemm(const GemmArgs& args, hipStream_t stream) { return ingot::gemm(*this, args, stream); }

}  // namespace ingot
