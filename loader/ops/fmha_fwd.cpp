// The fmha_fwd op: field table, problem variables (the names gen/families/fmha_fwd.py's manifest entries
// use), and the one problem function with every default.
#include "ingot/ops/fmha_fwd.h"

#include <cmath>

#include "ingot/tooling/arch.h"
#include "ingot/runtime.h"

namespace ingot {
namespace {

constexpr std::string_view kDtypes[] = {"bf16", "f16", "fp8"};
constexpr std::string_view kFp8Formats[] = {"e4m3fnuz", "e4m3fn"};

// Field indexes: the order of kFields.
enum Field : size_t {
  kFieldQ, kFieldK, kFieldV, kFieldO, kFieldLse, kFieldCuQ, kFieldCuK, kFieldQd, kFieldKd, kFieldVd,
  kFieldB, kFieldHq, kFieldHkv, kFieldSq, kFieldSk, kFieldDqk, kFieldDv,
  kFieldQb, kFieldQs, kFieldQh, kFieldKb, kFieldKs, kFieldKh, kFieldVb, kFieldVs, kFieldVh, kFieldOb, kFieldOs, kFieldOh,
  kFieldScale, kFieldCausal, kFieldLeft, kFieldRight, kFieldDtype, kFieldFp8Format,
};

constexpr OpField kFields[] = {
    {.name = "Q", .kind = FieldKind::kBuffer, .help = "Q [B, Sq, Hq, Dqk] (varlen: [total_q, Hq, Dqk])", .required = true},
    {.name = "K", .kind = FieldKind::kBuffer, .help = "K [B, Sk, Hkv, Dqk]", .required = true},
    {.name = "V", .kind = FieldKind::kBuffer, .help = "V [B, Sk, Hkv, Dv]", .required = true},
    {.name = "O", .kind = FieldKind::kBuffer, .help = "O [B, Sq, Hq, Dv] (bf16 for fp8 inputs)", .required = true},
    {.name = "LSE", .kind = FieldKind::kBuffer, .help = "fp32 [B, Hq, Sq] (varlen [Hq, total_q]); 0 = not written"},
    {.name = "cu_seqlens_q", .kind = FieldKind::kBuffer, .help = "varlen: int32 [B+1]; 0 = batched"},
    {.name = "cu_seqlens_k", .kind = FieldKind::kBuffer, .help = "varlen: int32 [B+1]; 0 = batched"},
    {.name = "Q_descale", .kind = FieldKind::kBuffer, .help = "fp8: fp32 [1] descale of Q"},
    {.name = "K_descale", .kind = FieldKind::kBuffer, .help = "fp8: fp32 [1] descale of K"},
    {.name = "V_descale", .kind = FieldKind::kBuffer, .help = "fp8: fp32 [1] descale of V"},
    {.name = "B", .kind = FieldKind::kInt, .help = "batch (varlen: sequences)", .default_value = "1"},
    {.name = "Hq", .kind = FieldKind::kInt, .help = "query heads", .required = true},
    {.name = "Hkv", .kind = FieldKind::kInt, .help = "KV heads (Hq a multiple of it)", .required = true},
    {.name = "Sq", .kind = FieldKind::kInt, .help = "queries per sequence (varlen: the longest)", .required = true},
    {.name = "Sk", .kind = FieldKind::kInt, .help = "keys per sequence (varlen: the longest)", .required = true},
    {.name = "Dqk", .kind = FieldKind::kInt, .help = "Q/K head dim", .required = true},
    {.name = "Dv", .kind = FieldKind::kInt, .help = "V/O head dim; 0 = Dqk", .default_value = "0"},
    {.name = "stride_q_b", .kind = FieldKind::kInt, .help = "Q batch stride (elements); 0 = packed", .default_value = "0"},
    {.name = "stride_q_s", .kind = FieldKind::kInt, .help = "Q sequence stride; 0 = Hq*Dqk", .default_value = "0"},
    {.name = "stride_q_h", .kind = FieldKind::kInt, .help = "Q head stride; 0 = Dqk", .default_value = "0"},
    {.name = "stride_k_b", .kind = FieldKind::kInt, .help = "K batch stride; 0 = packed", .default_value = "0"},
    {.name = "stride_k_s", .kind = FieldKind::kInt, .help = "K sequence stride; 0 = Hkv*Dqk", .default_value = "0"},
    {.name = "stride_k_h", .kind = FieldKind::kInt, .help = "K head stride; 0 = Dqk", .default_value = "0"},
    {.name = "stride_v_b", .kind = FieldKind::kInt, .help = "V batch stride; 0 = packed", .default_value = "0"},
    {.name = "stride_v_s", .kind = FieldKind::kInt, .help = "V sequence stride; 0 = Hkv*Dv", .default_value = "0"},
    {.name = "stride_v_h", .kind = FieldKind::kInt, .help = "V head stride; 0 = Dv", .default_value = "0"},
    {.name = "stride_o_b", .kind = FieldKind::kInt, .help = "O batch stride; 0 = packed", .default_value = "0"},
    {.name = "stride_o_s", .kind = FieldKind::kInt, .help = "O sequence stride; 0 = Hq*Dv", .default_value = "0"},
    {.name = "stride_o_h", .kind = FieldKind::kInt, .help = "O head stride; 0 = Dv", .default_value = "0"},
    {.name = "scale", .kind = FieldKind::kFloat, .help = "softmax scale; unset = 1/sqrt(Dqk)"},
    {.name = "causal", .kind = FieldKind::kBool, .help = "bottom-right causal (window_right 0)", .default_value = "false"},
    {.name = "window_left", .kind = FieldKind::kInt, .help = "keys left of the diagonal; -1 = unbounded", .default_value = "-1"},
    {.name = "window_right", .kind = FieldKind::kInt, .help = "keys right of the diagonal; -1 = unbounded", .default_value = "-1"},
    {.name = "dtype", .kind = FieldKind::kKey, .help = "Q/K/V element type", .choices = kDtypes, .default_value = "bf16"},
    {.name = "fp8_format", .kind = FieldKind::kKey,
     .help = "fp8 element encoding; unset = the device arch's own (e4m3fnuz on gfx942, e4m3fn on gfx950)",
     .choices = kFp8Formats},
};

enum Var : size_t {
  kVarDtype, kVarFp8Format, kVarB, kVarHq, kVarHkv, kVarSq, kVarSk, kVarDqk, kVarDv, kVarLeft, kVarRight,
  kVarQb, kVarQs, kVarQh, kVarKb, kVarKs, kVarKh, kVarVb, kVarVs, kVarVh, kVarOb, kVarOs, kVarOh, kVarScale,
  kVarQ, kVarK, kVarV, kVarO, kVarLse, kVarCuQ, kVarCuK, kVarQd, kVarKd, kVarVd,
};

constexpr ProblemVar kVars[] = {
    {"dtype", VarKind::kKey}, {"fp8_format", VarKind::kKey}, {"B", VarKind::kInt}, {"Hq", VarKind::kInt},
    {"Hkv", VarKind::kInt}, {"Sq", VarKind::kInt}, {"Sk", VarKind::kInt}, {"Dqk", VarKind::kInt},
    {"Dv", VarKind::kInt}, {"window_left", VarKind::kInt}, {"window_right", VarKind::kInt},
    {"stride_q_b", VarKind::kInt}, {"stride_q_s", VarKind::kInt}, {"stride_q_h", VarKind::kInt},
    {"stride_k_b", VarKind::kInt}, {"stride_k_s", VarKind::kInt}, {"stride_k_h", VarKind::kInt},
    {"stride_v_b", VarKind::kInt}, {"stride_v_s", VarKind::kInt}, {"stride_v_h", VarKind::kInt},
    {"stride_o_b", VarKind::kInt}, {"stride_o_s", VarKind::kInt}, {"stride_o_h", VarKind::kInt},
    {"scale", VarKind::kFloat}, {"Q", VarKind::kBuffer}, {"K", VarKind::kBuffer}, {"V", VarKind::kBuffer},
    {"O", VarKind::kBuffer}, {"LSE", VarKind::kBuffer}, {"cu_seqlens_q", VarKind::kBuffer},
    {"cu_seqlens_k", VarKind::kBuffer}, {"Q_descale", VarKind::kBuffer}, {"K_descale", VarKind::kBuffer},
    {"V_descale", VarKind::kBuffer},
};

class FmhaFwdOp final : public Op {
 public:
  std::string_view name() const override { return "fmha_fwd"; }
  std::string_view summary() const override {
    return "O = softmax(scale * Q.K^T + mask) . V; BSHD, GQA, causal / sliding window, varlen, LSE; bf16/f16/fp8";
  }
  std::span<const OpField> fields() const override { return kFields; }
  std::span<const ProblemVar> problem_vars() const override { return kVars; }
  Status write_problem(const OpArgs& args, const DeviceInfo& device, ProblemWriter& out) const override {
    out.copy_strings();  // `typed` below dies when this returns, before the writer's values are read
    auto typed = fmha_fwd_args(args);
    if (!typed) return typed.status();
    return write_fmha_fwd_problem(typed.value(), device, out);
  }
};

Status invalid(const std::string& message) { return Status(StatusCode::kInvalidArgument, "fmha_fwd: " + message); }

}  // namespace

const Op& fmha_fwd_op() {
  static const FmhaFwdOp op;
  return op;
}

Status write_fmha_fwd_problem(const FmhaFwdArgs& args, const DeviceInfo& device, ProblemWriter& out) {
  const bool fp8 = args.dtype == "fp8";
  const bool varlen = args.cu_seqlens_q != 0 || args.cu_seqlens_k != 0;
  if (out.for_launch()) {
    if (args.Q == 0 || args.K == 0 || args.V == 0 || args.O == 0) {
      return invalid("Q, K, V and O must be device addresses (got a null pointer)");
    }
    if (fp8 && (args.Q_descale == 0 || args.K_descale == 0 || args.V_descale == 0)) {
      return invalid("fp8 inputs need Q_descale, K_descale and V_descale device addresses (got a null pointer)");
    }
  }
  if (varlen && (args.cu_seqlens_q == 0 || args.cu_seqlens_k == 0)) {
    return invalid("varlen needs both cu_seqlens_q and cu_seqlens_k");
  }
  if (args.Dqk <= 0) return invalid("Dqk must be at least 1");
  const int64_t dv = args.Dv != 0 ? args.Dv : args.Dqk;
  out.key(kVarDtype, args.dtype);
  if (fp8) {
    if (!args.fp8_format.empty()) {
      out.key(kVarFp8Format, args.fp8_format);
    } else {
      const ArchInfo* arch = find_arch(device.arch);
      if (arch == nullptr || arch->fp8_format.empty()) {
        return Status(StatusCode::kUnsupported, "fmha_fwd: no FP8 format known for arch '" + device.arch + "'");
      }
      out.key(kVarFp8Format, arch->fp8_format);
    }
  } else if (!args.fp8_format.empty()) {
    out.key(kVarFp8Format, args.fp8_format);
  }
  out.integer(kVarB, args.B);
  out.integer(kVarHq, args.Hq);
  out.integer(kVarHkv, args.Hkv);
  out.integer(kVarSq, args.Sq);
  out.integer(kVarSk, args.Sk);
  out.integer(kVarDqk, args.Dqk);
  out.integer(kVarDv, dv);
  out.integer(kVarLeft, args.window_left);
  out.integer(kVarRight, args.causal && args.window_right < 0 ? 0 : args.window_right);
  // packed BSHD by default; the batch stride is unused under varlen (rows are found through cu_seqlens)
  const struct { Var b, s, h; int64_t sb, ss, sh, heads, d, seq; } tensors[] = {
      {kVarQb, kVarQs, kVarQh, args.stride_q_b, args.stride_q_s, args.stride_q_h, args.Hq, args.Dqk, args.Sq},
      {kVarKb, kVarKs, kVarKh, args.stride_k_b, args.stride_k_s, args.stride_k_h, args.Hkv, args.Dqk, args.Sk},
      {kVarVb, kVarVs, kVarVh, args.stride_v_b, args.stride_v_s, args.stride_v_h, args.Hkv, dv, args.Sk},
      {kVarOb, kVarOs, kVarOh, args.stride_o_b, args.stride_o_s, args.stride_o_h, args.Hq, dv, args.Sq}};
  for (const auto& t : tensors) {
    const int64_t head = t.sh != 0 ? t.sh : t.d;
    const int64_t seq = t.ss != 0 ? t.ss : t.heads * head;
    out.integer(t.h, head);
    out.integer(t.s, seq);
    out.integer(t.b, t.sb != 0 ? t.sb : (varlen ? 0 : t.seq * seq));
  }
  out.scalar(kVarScale, std::isnan(args.scale) ? 1.0 / std::sqrt(static_cast<double>(args.Dqk)) : args.scale);
  out.buffer(kVarQ, args.Q);
  out.buffer(kVarK, args.K);
  out.buffer(kVarV, args.V);
  out.buffer(kVarO, args.O);
  // The kernels take these addresses whether or not they are used (0 = no LSE / batched)
  out.buffer(kVarLse, args.LSE);
  out.buffer(kVarCuQ, args.cu_seqlens_q);
  out.buffer(kVarCuK, args.cu_seqlens_k);
  if (fp8) {
    out.buffer(kVarQd, args.Q_descale);
    out.buffer(kVarKd, args.K_descale);
    out.buffer(kVarVd, args.V_descale);
  }
  return Status::ok();
}

Result<Problem> fmha_fwd_problem(const FmhaFwdArgs& args, const DeviceInfo& device) {
  return build_problem(fmha_fwd_op(), [&](ProblemWriter& out) { return write_fmha_fwd_problem(args, device, out); });
}

Result<FmhaFwdArgs> fmha_fwd_args(const OpArgs& args) {
  if (&args.op() != &fmha_fwd_op()) {
    return invalid("the argument bag is for op '" + std::string(args.op().name()) + "'");
  }
  FmhaFwdArgs t;
  t.Q = args.buffer_at(kFieldQ), t.K = args.buffer_at(kFieldK), t.V = args.buffer_at(kFieldV), t.O = args.buffer_at(kFieldO);
  t.LSE = args.buffer_at(kFieldLse);
  t.cu_seqlens_q = args.buffer_at(kFieldCuQ), t.cu_seqlens_k = args.buffer_at(kFieldCuK);
  t.Q_descale = args.buffer_at(kFieldQd), t.K_descale = args.buffer_at(kFieldKd), t.V_descale = args.buffer_at(kFieldVd);
  t.B = args.int_at(kFieldB), t.Hq = args.int_at(kFieldHq), t.Hkv = args.int_at(kFieldHkv);
  t.Sq = args.int_at(kFieldSq), t.Sk = args.int_at(kFieldSk), t.Dqk = args.int_at(kFieldDqk), t.Dv = args.int_at(kFieldDv);
  t.stride_q_b = args.int_at(kFieldQb), t.stride_q_s = args.int_at(kFieldQs), t.stride_q_h = args.int_at(kFieldQh);
  t.stride_k_b = args.int_at(kFieldKb), t.stride_k_s = args.int_at(kFieldKs), t.stride_k_h = args.int_at(kFieldKh);
  t.stride_v_b = args.int_at(kFieldVb), t.stride_v_s = args.int_at(kFieldVs), t.stride_v_h = args.int_at(kFieldVh);
  t.stride_o_b = args.int_at(kFieldOb), t.stride_o_s = args.int_at(kFieldOs), t.stride_o_h = args.int_at(kFieldOh);
  if (args.is_set(kFieldScale)) t.scale = static_cast<float>(args.float_at(kFieldScale));
  t.causal = args.bool_at(kFieldCausal);
  t.window_left = args.int_at(kFieldLeft), t.window_right = args.int_at(kFieldRight);
  t.dtype = args.key_at(kFieldDtype);
  t.fp8_format = args.key_at(kFieldFp8Format);
  return t;
}

Status fmha_fwd(Runtime& runtime, const FmhaFwdArgs& args, hipStream_t stream) {
  const DeviceInfo& device = runtime.device_info();
  return runtime.dispatch(
      fmha_fwd_op(), [&](ProblemWriter& out) { return write_fmha_fwd_problem(args, device, out); }, stream,
      CallerWorkspace{});
}

}  // namespace ingot
