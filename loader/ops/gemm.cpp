// The gemm op (16-bit and FP8): field table, problem variables, and the one problem function.
#include "ingot/ops/gemm.h"

#include "ingot/tooling/arch.h"
#include "ingot/runtime.h"

namespace ingot {
namespace {

constexpr std::string_view kInputDtypes[] = {"bf16", "f16", "fp8"};
constexpr std::string_view kOutputDtypes[] = {"f32", "bf16", "f16"};
constexpr std::string_view kScalings[] = {"block128", "per_token"};
constexpr std::string_view kFp8Formats[] = {"e4m3fnuz", "e4m3fn"};

// Field indexes: the order of kFields.
enum Field : size_t {
  kFieldA, kFieldB, kFieldC, kFieldM, kFieldN, kFieldK, kFieldLda, kFieldLdb, kFieldLdc,
  kFieldDtypeA, kFieldDtypeB, kFieldDtypeC, kFieldAlpha, kFieldBias,
  kFieldScaling, kFieldFp8Format, kFieldAScale, kFieldBScale,
};

constexpr OpField kFields[] = {
    {.name = "A", .kind = FieldKind::kBuffer, .help = "A[M,K], row stride lda", .required = true},
    {.name = "B", .kind = FieldKind::kBuffer, .help = "B[N,K], row stride ldb (C = A.B^T)", .required = true},
    {.name = "C", .kind = FieldKind::kBuffer, .help = "C[M,N], row stride ldc", .required = true},
    {.name = "M", .kind = FieldKind::kInt, .help = "rows of A and C", .required = true},
    {.name = "N", .kind = FieldKind::kInt, .help = "rows of B, columns of C", .required = true},
    {.name = "K", .kind = FieldKind::kInt, .help = "the reduced dimension", .required = true},
    {.name = "lda", .kind = FieldKind::kInt, .help = "row stride of A in elements; 0 = K", .default_value = "0"},
    {.name = "ldb", .kind = FieldKind::kInt, .help = "row stride of B in elements; 0 = K", .default_value = "0"},
    {.name = "ldc", .kind = FieldKind::kInt, .help = "row stride of C in elements; 0 = N", .default_value = "0"},
    {.name = "dtype_a", .kind = FieldKind::kKey, .help = "element type of A", .choices = kInputDtypes,
     .default_value = "bf16"},
    {.name = "dtype_b", .kind = FieldKind::kKey, .help = "element type of B; unset = dtype_a",
     .choices = kInputDtypes},
    {.name = "dtype_c", .kind = FieldKind::kKey, .help = "element type of C; unset = f32, or bf16 for fp8 inputs",
     .choices = kOutputDtypes},
    {.name = "alpha", .kind = FieldKind::kFloat, .help = "C = alpha * A.B^T (16-bit gemms only)",
     .default_value = "1"},
    {.name = "bias", .kind = FieldKind::kBuffer, .help = "bias[N] in C's dtype, added to every row; 0 = none"},
    {.name = "scaling", .kind = FieldKind::kKey,
     .help = "fp8: block128 (A_scale [M, K/128], B_scale [N/128, K/128]) or per_token (A_scale [M], B_scale [N]); "
             "unset = block128",
     .choices = kScalings},
    {.name = "fp8_format", .kind = FieldKind::kKey,
     .help = "fp8 element encoding; unset = the device arch's own (e4m3fnuz on gfx942, e4m3fn on gfx950)",
     .choices = kFp8Formats},
    {.name = "A_scale", .kind = FieldKind::kBuffer, .help = "fp8: fp32 scales of A (layout by scaling)"},
    {.name = "B_scale", .kind = FieldKind::kBuffer, .help = "fp8: fp32 scales of B (layout by scaling)"},
};

// Problem variable indexes: the order of kVars (the names the gemm families' manifest entries use).
enum Var : size_t {
  kVarDtypeA, kVarDtypeB, kVarDtypeC, kVarScaling, kVarFp8Format,
  kVarM, kVarN, kVarK, kVarLda, kVarLdb, kVarLdc, kVarHasBias, kVarAlpha,
  kVarA, kVarB, kVarC, kVarBias, kVarAScale, kVarBScale,
};

constexpr ProblemVar kVars[] = {
    {"dtype_a", VarKind::kKey}, {"dtype_b", VarKind::kKey},   {"dtype_c", VarKind::kKey},
    {"scaling", VarKind::kKey}, {"fp8_format", VarKind::kKey}, {"M", VarKind::kInt},
    {"N", VarKind::kInt},       {"K", VarKind::kInt},          {"lda", VarKind::kInt},
    {"ldb", VarKind::kInt},     {"ldc", VarKind::kInt},        {"has_bias", VarKind::kInt},
    {"alpha", VarKind::kFloat}, {"A", VarKind::kBuffer},       {"B", VarKind::kBuffer},
    {"C", VarKind::kBuffer},    {"bias", VarKind::kBuffer},    {"A_scale", VarKind::kBuffer},
    {"B_scale", VarKind::kBuffer},
};

class GemmOp final : public Op {
 public:
  std::string_view name() const override { return "gemm"; }
  std::string_view summary() const override {
    return "C = alpha * A.B^T (+ bias); bf16/f16 inputs, or fp8 with block128 / per_token scales";
  }
  std::span<const OpField> fields() const override { return kFields; }
  std::span<const ProblemVar> problem_vars() const override { return kVars; }
  Status write_problem(const OpArgs& args, const DeviceInfo& device, ProblemWriter& out) const override {
    out.copy_strings();  // `typed` below dies when this returns, before the writer's values are read
    auto typed = gemm_args(args);
    if (!typed) return typed.status();
    return write_gemm_problem(typed.value(), device, out);
  }
};

Status invalid(const std::string& message) { return Status(StatusCode::kInvalidArgument, "gemm: " + message); }

}  // namespace

const Op& gemm_op() {
  static const GemmOp op;
  return op;
}

Result<std::string> fp8_format_for_arch(std::string_view arch) {
  // The arch table says how its MFMAs read fp8 bytes (FNUZ on CDNA3, OCP on CDNA4).
  const ArchInfo* info = find_arch(arch);
  if (info == nullptr || info->fp8_format.empty()) {
    return Status(StatusCode::kUnsupported, "no FP8 format known for arch '" + std::string(arch) + "'");
  }
  return std::string(info->fp8_format);
}

Status write_gemm_problem(const GemmArgs& args, const DeviceInfo& device, ProblemWriter& out) {
  const bool fp8 = args.dtype_a == "fp8";
  if (out.for_launch()) {
    if (args.A == 0 || args.B == 0 || args.C == 0) {
      return invalid("A, B and C must be device addresses (got a null pointer)");
    }
    if (fp8 && (args.A_scale == 0 || args.B_scale == 0)) {
      return invalid("fp8 inputs need A_scale and B_scale device addresses (got a null pointer)");
    }
  }
  out.key(kVarDtypeA, args.dtype_a);
  out.key(kVarDtypeB, args.dtype_b);
  out.key(kVarDtypeC, args.dtype_c);
  out.integer(kVarM, args.M);
  out.integer(kVarN, args.N);
  out.integer(kVarK, args.K);
  // Packed strides by default: a row of A or B is K elements, a row of C is N.
  out.integer(kVarLda, args.lda != 0 ? args.lda : args.K);
  out.integer(kVarLdb, args.ldb != 0 ? args.ldb : args.K);
  out.integer(kVarLdc, args.ldc != 0 ? args.ldc : args.N);
  // has_bias is a match key (bias and no-bias kernels are different variants); bias is their argument.
  out.integer(kVarHasBias, args.bias != 0 ? 1 : 0);
  out.scalar(kVarAlpha, args.alpha);
  out.buffer(kVarA, args.A);
  out.buffer(kVarB, args.B);
  out.buffer(kVarC, args.C);
  if (args.bias != 0) out.buffer(kVarBias, args.bias);
  if (fp8) {
    out.key(kVarScaling, args.scaling.empty() ? std::string_view("block128") : std::string_view(args.scaling));
    if (!args.fp8_format.empty()) {
      out.key(kVarFp8Format, args.fp8_format);
    } else {
      // The encoding is the device's, not the caller's choice: the device's arch decides it.
      const ArchInfo* arch = find_arch(device.arch);
      if (arch == nullptr || arch->fp8_format.empty()) {
        return Status(StatusCode::kUnsupported, "gemm: no FP8 format known for arch '" + device.arch + "'");
      }
      out.key(kVarFp8Format, arch->fp8_format);
    }
  } else {
    if (!args.scaling.empty()) out.key(kVarScaling, args.scaling);
    if (!args.fp8_format.empty()) out.key(kVarFp8Format, args.fp8_format);
  }
  if (args.A_scale != 0) out.buffer(kVarAScale, args.A_scale);
  if (args.B_scale != 0) out.buffer(kVarBScale, args.B_scale);
  return Status::ok();
}

Result<Problem> gemm_problem(const GemmArgs& args, const DeviceInfo& device) {
  return build_problem(gemm_op(), [&](ProblemWriter& out) { return write_gemm_problem(args, device, out); });
}

Result<GemmArgs> gemm_args(const OpArgs& args) {
  if (&args.op() != &gemm_op()) {
    return invalid("the argument bag is for op '" + std::string(args.op().name()) + "'");
  }
  GemmArgs typed;
  typed.A = args.buffer_at(kFieldA);
  typed.B = args.buffer_at(kFieldB);
  typed.C = args.buffer_at(kFieldC);
  typed.M = args.int_at(kFieldM);
  typed.N = args.int_at(kFieldN);
  typed.K = args.int_at(kFieldK);
  typed.lda = args.int_at(kFieldLda);
  typed.ldb = args.int_at(kFieldLdb);
  typed.ldc = args.int_at(kFieldLdc);
  typed.dtype_a = args.key_at(kFieldDtypeA);
  typed.dtype_b = args.is_set(kFieldDtypeB) ? args.key_at(kFieldDtypeB) : typed.dtype_a;
  typed.dtype_c = args.is_set(kFieldDtypeC) ? args.key_at(kFieldDtypeC) : (typed.dtype_a == "fp8" ? "bf16" : "f32");
  typed.alpha = static_cast<float>(args.float_at(kFieldAlpha));
  typed.bias = args.buffer_at(kFieldBias);
  typed.scaling = args.key_at(kFieldScaling);
  typed.fp8_format = args.key_at(kFieldFp8Format);
  typed.A_scale = args.buffer_at(kFieldAScale);
  typed.B_scale = args.buffer_at(kFieldBScale);
  return typed;
}

Status gemm(Runtime& runtime, const GemmArgs& args, hipStream_t stream) {
  const DeviceInfo& device = runtime.device_info();
  return runtime.dispatch(
      gemm_op(), [&](ProblemWriter& out) { return write_gemm_problem(args, device, out); }, stream,
      CallerWorkspace{args.workspace, args.workspace_bytes});
}

}  // namespace ingot
