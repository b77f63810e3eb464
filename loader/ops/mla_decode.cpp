// The mla_decode op: field table, problem variables, and the one problem function.
#include "ingot/ops/mla_decode.h"

#include <cmath>

#include "ingot/tooling/arch.h"
#include "ingot/runtime.h"

namespace ingot {
namespace {

constexpr std::string_view kDtypes[] = {"bf16", "fp8"};
constexpr std::string_view kFp8Formats[] = {"e4m3fnuz", "e4m3fn"};

// Field indexes: the order of kFields.
enum Field : size_t {
  kFieldQ, kFieldPages, kFieldBlockTable, kFieldSeqLens, kFieldO, kFieldLse,
  kFieldBatch, kFieldHeads, kFieldSeqlenQ, kFieldPageSize, kFieldMaxSeqLen, kFieldMaxPages,
  kFieldKvLoraRank, kFieldRopeDim, kFieldQDtype, kFieldKvDtype, kFieldFp8Format,
  kFieldQScale, kFieldKvScale, kFieldSoftmaxScale, kFieldKvSplits,
};

constexpr OpField kFields[] = {
    {.name = "Q", .kind = FieldKind::kBuffer, .help = "Q[B, Sq, H, kv_lora_rank + rope_dim]", .required = true},
    {.name = "pages", .kind = FieldKind::kBuffer, .help = "latent cache [num_pages, page_size, kv_lora_rank + rope_dim]",
     .required = true},
    {.name = "block_table", .kind = FieldKind::kBuffer, .help = "int32 [B, max_pages_per_seq] page ids",
     .required = true},
    {.name = "seq_lens", .kind = FieldKind::kBuffer, .help = "int32 [B] KV lengths (read on the device)",
     .required = true},
    {.name = "O", .kind = FieldKind::kBuffer, .help = "O[B, Sq, H, kv_lora_rank] bf16", .required = true},
    {.name = "LSE", .kind = FieldKind::kBuffer, .help = "fp32 [B, H, Sq] log-sum-exp; 0 = not written"},
    {.name = "batch", .kind = FieldKind::kInt, .help = "batch entries B", .required = true},
    {.name = "heads", .kind = FieldKind::kInt, .help = "query heads per latent KV head, 1..128", .required = true},
    {.name = "seqlen_q", .kind = FieldKind::kInt, .help = "new tokens per entry (MTP), 1..8", .default_value = "1"},
    {.name = "page_size", .kind = FieldKind::kInt, .help = "tokens per page, a power of two", .required = true},
    {.name = "max_seq_len", .kind = FieldKind::kInt, .help = "the longest KV length in the batch (a bound)",
     .required = true},
    {.name = "max_pages_per_seq", .kind = FieldKind::kInt,
     .help = "block_table's row stride; 0 = ceil(max_seq_len / page_size)", .default_value = "0"},
    {.name = "kv_lora_rank", .kind = FieldKind::kInt, .help = "latent width (V's width)", .default_value = "512"},
    {.name = "rope_dim", .kind = FieldKind::kInt, .help = "rotary part of K and Q", .default_value = "64"},
    {.name = "q_dtype", .kind = FieldKind::kKey, .help = "element type of Q", .choices = kDtypes,
     .default_value = "bf16"},
    {.name = "kv_dtype", .kind = FieldKind::kKey, .help = "element type of the cache", .choices = kDtypes,
     .default_value = "bf16"},
    {.name = "fp8_format", .kind = FieldKind::kKey,
     .help = "fp8 element encoding; unset = the device arch's own (e4m3fnuz on gfx942, e4m3fn on gfx950)",
     .choices = kFp8Formats},
    {.name = "q_scale", .kind = FieldKind::kFloat, .help = "per-tensor scale of fp8 Q", .default_value = "1"},
    {.name = "kv_scale", .kind = FieldKind::kFloat, .help = "per-tensor scale of the fp8 cache", .default_value = "1"},
    {.name = "softmax_scale", .kind = FieldKind::kFloat,
     .help = "softmax scale (DeepSeek-V3: 192^-0.5 * mscale^2 ~ 0.1352); no default", .required = true},
    {.name = "kv_splits", .kind = FieldKind::kInt, .help = "KV splits per sequence; 0 = the kernels' rule",
     .default_value = "0"},
};

// Problem variable indexes: the order of kVars (the names gen/families/mla_decode.py uses).
enum Var : size_t {
  kVarQDtype, kVarKvDtype, kVarODtype, kVarFp8Format,
  kVarB, kVarH, kVarSq, kVarPageSize, kVarMaxPages, kVarMaxSeqLen, kVarKvLoraRank, kVarRopeDim, kVarKvSplits,
  kVarSoftmaxScale, kVarQScale, kVarKvScale,
  kVarQ, kVarPages, kVarBlockTable, kVarSeqLens, kVarO, kVarLse,
};

constexpr ProblemVar kVars[] = {
    {"q_dtype", VarKind::kKey},         {"kv_dtype", VarKind::kKey},         {"o_dtype", VarKind::kKey},
    {"fp8_format", VarKind::kKey},      {"B", VarKind::kInt},                {"H", VarKind::kInt},
    {"Sq", VarKind::kInt},              {"page_size", VarKind::kInt},        {"max_pages_per_seq", VarKind::kInt},
    {"max_seq_len", VarKind::kInt},     {"kv_lora_rank", VarKind::kInt},     {"rope_dim", VarKind::kInt},
    {"kv_splits", VarKind::kInt},       {"softmax_scale", VarKind::kFloat},  {"q_scale", VarKind::kFloat},
    {"kv_scale", VarKind::kFloat},      {"Q", VarKind::kBuffer},             {"pages", VarKind::kBuffer},
    {"block_table", VarKind::kBuffer},  {"seq_lens", VarKind::kBuffer},      {"O", VarKind::kBuffer},
    {"LSE", VarKind::kBuffer},
};

class MlaDecodeOp final : public Op {
 public:
  std::string_view name() const override { return "mla_decode"; }
  std::string_view summary() const override {
    return "latent attention decode over a paged cache: O = softmax(Q.K^T * scale).V, bf16/fp8 Q and cache, MTP";
  }
  std::span<const OpField> fields() const override { return kFields; }
  std::span<const ProblemVar> problem_vars() const override { return kVars; }
  Status write_problem(const OpArgs& args, const DeviceInfo& device, ProblemWriter& out) const override {
    out.copy_strings();  // `typed` below dies when this returns, before the writer's values are read
    auto typed = mla_decode_args(args);
    if (!typed) return typed.status();
    return write_mla_decode_problem(typed.value(), device, out);
  }
};

Status invalid(const std::string& message) { return Status(StatusCode::kInvalidArgument, "mla_decode: " + message); }

}  // namespace

const Op& mla_decode_op() {
  static const MlaDecodeOp op;
  return op;
}

Status write_mla_decode_problem(const MlaDecodeArgs& args, const DeviceInfo& device, ProblemWriter& out) {
  if (out.for_launch() &&
      (args.Q == 0 || args.pages == 0 || args.block_table == 0 || args.seq_lens == 0 || args.O == 0)) {
    return invalid("Q, pages, block_table, seq_lens and O must be device addresses (got a null pointer)");
  }
  if (!std::isfinite(args.softmax_scale) || args.softmax_scale == 0.0f) {
    return invalid("softmax_scale must be a finite non-zero number (the caller's; there is no default)");
  }
  if (args.page_size <= 0) return invalid("page_size must be at least 1");
  out.key(kVarQDtype, args.q_dtype);
  out.key(kVarKvDtype, args.kv_dtype);
  out.key(kVarODtype, "bf16");
  if (!args.fp8_format.empty()) {
    out.key(kVarFp8Format, args.fp8_format);
  } else {
    // The encoding is the device's: its arch decides how the MFMAs (and the widening) read fp8 bytes.
    const ArchInfo* arch = find_arch(device.arch);
    if (arch == nullptr || arch->fp8_format.empty()) {
      return Status(StatusCode::kUnsupported, "mla_decode: no FP8 format known for arch '" + device.arch + "'");
    }
    out.key(kVarFp8Format, arch->fp8_format);
  }
  out.integer(kVarB, args.batch);
  out.integer(kVarH, args.heads);
  out.integer(kVarSq, args.seqlen_q);
  out.integer(kVarPageSize, args.page_size);
  out.integer(kVarMaxSeqLen, args.max_seq_len);
  out.integer(kVarMaxPages, args.max_pages_per_seq != 0 ? args.max_pages_per_seq
                                                        : (args.max_seq_len + args.page_size - 1) / args.page_size);
  out.integer(kVarKvLoraRank, args.kv_lora_rank);
  out.integer(kVarRopeDim, args.rope_dim);
  out.integer(kVarKvSplits, args.kv_splits);
  out.scalar(kVarSoftmaxScale, args.softmax_scale);
  out.scalar(kVarQScale, args.q_scale);
  out.scalar(kVarKvScale, args.kv_scale);
  out.buffer(kVarQ, args.Q);
  out.buffer(kVarPages, args.pages);
  out.buffer(kVarBlockTable, args.block_table);
  out.buffer(kVarSeqLens, args.seq_lens);
  out.buffer(kVarO, args.O);
  out.buffer(kVarLse, args.LSE);  // 0: the kernels skip LSE
  return Status::ok();
}

Result<Problem> mla_decode_problem(const MlaDecodeArgs& args, const DeviceInfo& device) {
  return build_problem(mla_decode_op(), [&](ProblemWriter& out) { return write_mla_decode_problem(args, device, out); });
}

Result<MlaDecodeArgs> mla_decode_args(const OpArgs& args) {
  if (&args.op() != &mla_decode_op()) {
    return invalid("the argument bag is for op '" + std::string(args.op().name()) + "'");
  }
  MlaDecodeArgs typed;
  typed.Q = args.buffer_at(kFieldQ);
  typed.pages = args.buffer_at(kFieldPages);
  typed.block_table = args.buffer_at(kFieldBlockTable);
  typed.seq_lens = args.buffer_at(kFieldSeqLens);
  typed.O = args.buffer_at(kFieldO);
  typed.LSE = args.buffer_at(kFieldLse);
  typed.batch = args.int_at(kFieldBatch);
  typed.heads = args.int_at(kFieldHeads);
  typed.seqlen_q = args.int_at(kFieldSeqlenQ);
  typed.page_size = args.int_at(kFieldPageSize);
  typed.max_seq_len = args.int_at(kFieldMaxSeqLen);
  typed.max_pages_per_seq = args.int_at(kFieldMaxPages);
  typed.kv_lora_rank = args.int_at(kFieldKvLoraRank);
  typed.rope_dim = args.int_at(kFieldRopeDim);
  typed.q_dtype = args.key_at(kFieldQDtype);
  typed.kv_dtype = args.key_at(kFieldKvDtype);
  typed.fp8_format = args.key_at(kFieldFp8Format);
  typed.q_scale = static_cast<float>(args.float_at(kFieldQScale));
  typed.kv_scale = static_cast<float>(args.float_at(kFieldKvScale));
  typed.softmax_scale = static_cast<float>(args.float_at(kFieldSoftmaxScale));
  typed.kv_splits = args.int_at(kFieldKvSplits);
  return typed;
}

Status mla_decode(Runtime& runtime, const MlaDecodeArgs& args, hipStream_t stream) {
  const DeviceInfo& device = runtime.device_info();
  return runtime.dispatch(
      mla_decode_op(), [&](ProblemWriter& out) { return write_mla_decode_problem(args, device, out); }, stream,
      CallerWorkspace{args.workspace, args.workspace_bytes});
}

}  // namespace ingot
