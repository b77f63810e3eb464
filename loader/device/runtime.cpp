#include "ingot/ops.h"

#include "ingot/arch.h"

namespace ingot {

Problem gemm_problem(const GemmArgs& args) {
  Problem problem("gemm");
  problem.key("dtype_a", args.dtype_a).key("dtype_b", args.dtype_b).key("dtype_c", args.dtype_c);
  problem.integer("M", args.M).integer("N", args.N).integer("K", args.K);
  problem.integer("lda", args.lda).integer("ldb", args.ldb).integer("ldc", args.ldc);
  problem.buffer("A", args.A).buffer("B", args.B).buffer("C", args.C);
  // has_bias is a match key (bias and no-bias kernels are different variants); bias is their argument.
  problem.integer("has_bias", args.bias != 0 ? 1 : 0).scalar("alpha", args.alpha);
  if (args.bias != 0) problem.buffer("bias", args.bias);
  if (!args.scaling.empty()) problem.key("scaling", args.scaling);
  if (!args.fp8_format.empty()) problem.key("fp8_format", args.fp8_format);
  if (args.A_scale != 0) problem.buffer("A_scale", args.A_scale);
  if (args.B_scale != 0) problem.buffer("B_scale", args.B_scale);
  if (args.workspace != 0) {
    problem.buffer("workspace", args.workspace);
    problem.integer("workspace_bytes", static_cast<int64_t>(args.workspace_bytes));
  }
  return problem;
}

Result<std::string> fp8_format_for_arch(std::string_view arch) {
  // The arch table says how its MFMAs read fp8 bytes (FNUZ on CDNA3, OCP on CDNA4).
  const ArchInfo* info = find_arch(arch);
  if (info == nullptr || info->fp8_format.empty()) {
    return Status(StatusCode::kUnsupported, "no FP8 format known for arch '" + std::string(arch) + "'");
  }
  return std::string(info->fp8_format);
}

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

Status Runtime::launch(const ManifestKernel& kernel, const Problem& problem, void* stream) {
  auto config = prepare_launch(kernel, problem, device_->info());
  if (!config) return config.status();
  auto handle = cache_.kernel(kernel);
  if (!handle) return handle.status();
  return device_->launch(handle.value(), config.value(), stream);
}

Status Runtime::run(const Problem& problem, void* stream) {
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

Status Runtime::gemm(const GemmArgs& args, void* stream) {
  if (args.A == 0 || args.B == 0 || args.C == 0) {
    return Status(StatusCode::kInvalidArgument, "gemm: A, B and C must be device addresses (got a null pointer)");
  }
  if (args.dtype_a == "fp8" && args.fp8_format.empty()) {
    // The encoding is the device's, not the caller's choice: fill it so selection matches this arch.
    auto format = fp8_format_for_arch(device_->info().arch);
    if (!format) return format.status();
    GemmArgs filled = args;
    filled.fp8_format = format.value();
    return run(gemm_problem(filled), stream);
  }
  return run(gemm_problem(args), stream);
}

Status Runtime::fmha_fwd(const FmhaFwdArgs& /*args*/, void* /*stream*/) {
  return Status(StatusCode::kUnsupported, "fmha_fwd: no kernel family in ingot implements it yet");
}

Status Runtime::mla_decode(const MlaDecodeArgs& /*args*/, void* /*stream*/) {
  return Status(StatusCode::kUnsupported, "mla_decode: no kernel family in ingot implements it yet");
}

}  // namespace ingot
