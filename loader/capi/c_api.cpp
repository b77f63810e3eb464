// The C API: a thin shell over Runtime that turns Status into int + a per-thread message.
#include <cstddef>
#include <cstring>
#include <string>

#include "ingot/ingot_c.h"
#include "ingot/ops.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/select.h"

struct ingot_runtime {
  std::unique_ptr<ingot::Runtime> runtime;
};

struct ingot_op_args {
  ingot::OpArgs args;
  ingot::CallerWorkspace workspace;
};

namespace {

thread_local std::string last_error;

// The enum in ingot_c.h mirrors StatusCode; this keeps them from drifting apart silently.
static_assert(static_cast<int>(ingot::StatusCode::kInternal) == INGOT_INTERNAL);
static_assert(static_cast<int>(ingot::StatusCode::kNoKernel) == INGOT_NO_KERNEL);
static_assert(static_cast<int>(ingot::StatusCode::kNoDevice) == INGOT_NO_DEVICE);
static_assert(static_cast<int>(ingot::FieldKind::kBuffer) == INGOT_FIELD_BUFFER);
static_assert(static_cast<int>(ingot::FieldKind::kKey) == INGOT_FIELD_KEY);

int report(const ingot::Status& status) {
  last_error = status.is_ok() ? std::string() : status.to_string();
  return static_cast<int>(status.code());
}

ingot::Status unknown_op(const char* op) {
  std::string known;
  for (const ingot::Op* candidate : ingot::all_ops()) known += (known.empty() ? "" : ", ") + std::string(candidate->name());
  return ingot::Status(ingot::StatusCode::kNotFound, "no op named '" + std::string(op) + "' (ops: " + known + ")");
}

int invalid(const char* what) { return report(ingot::Status(ingot::StatusCode::kInvalidArgument, what)); }

int copy_out(const std::string& text, char* out, size_t out_size, const char* what) {
  if (out == nullptr || out_size == 0) return invalid(what);
  if (text.size() + 1 > out_size) {
    return invalid((std::string(what) + ": buffer of " + std::to_string(out_size) + " bytes is too small for '" +
                    text + "'").c_str());
  }
  std::memcpy(out, text.c_str(), text.size() + 1);
  return report(ingot::Status::ok());
}

ingot::GemmArgs to_gemm_args(const ingot_gemm_args& c) {
  ingot::GemmArgs args;
  args.A = c.a;
  args.B = c.b;
  args.C = c.c;
  args.M = c.m;
  args.N = c.n;
  args.K = c.k;
  args.lda = c.lda;
  args.ldb = c.ldb;
  args.ldc = c.ldc;
  if (c.dtype_a != nullptr) args.dtype_a = c.dtype_a;
  if (c.dtype_b != nullptr) args.dtype_b = c.dtype_b;
  if (c.dtype_c != nullptr) args.dtype_c = c.dtype_c;
  args.alpha = c.alpha;
  args.bias = c.bias;
  return args;
}

// The end of the last field this version reads: a caller's struct_size must cover it.
constexpr size_t kFp8ArgsMinSize = offsetof(ingot_gemm_fp8_args, b_scale) + sizeof(uint64_t);

// GemmArgs for an FP8 call: NULL dtypes mean fp8/fp8/bf16; NULL scaling and format stay empty for the
// gemm op's problem function to fill (block128, the device's encoding).
ingot::Result<ingot::GemmArgs> to_fp8_gemm_args(const ingot_gemm_args& c, const ingot_gemm_fp8_args& fp8,
                                                const char* what) {
  if (fp8.struct_size < kFp8ArgsMinSize) {
    return ingot::Status(ingot::StatusCode::kInvalidArgument,
                         std::string(what) + ": fp8 struct_size " + std::to_string(fp8.struct_size) +
                             " is smaller than this library's fields (" + std::to_string(kFp8ArgsMinSize) +
                             " bytes): start from ingot_gemm_fp8_args_init()");
  }
  if (c.bias != 0 || c.alpha != 1.0f) {
    return ingot::Status(ingot::StatusCode::kInvalidArgument,
                         std::string(what) + ": the FP8 gemm takes neither alpha (must be 1) nor bias (must be 0)");
  }
  ingot::GemmArgs args = to_gemm_args(c);
  args.dtype_a = c.dtype_a != nullptr ? c.dtype_a : "fp8";
  args.dtype_b = c.dtype_b != nullptr ? c.dtype_b : "fp8";
  args.dtype_c = c.dtype_c != nullptr ? c.dtype_c : "bf16";
  if (fp8.scaling != nullptr) args.scaling = fp8.scaling;
  if (fp8.fp8_format != nullptr) args.fp8_format = fp8.fp8_format;
  args.A_scale = fp8.a_scale;
  args.B_scale = fp8.b_scale;
  return args;
}

}  // namespace

extern "C" {

const char* ingot_last_error(void) { return last_error.c_str(); }

ingot_gemm_args ingot_gemm_args_init(void) {
  ingot_gemm_args args{};
  args.alpha = 1.0f;
  return args;
}

ingot_gemm_fp8_args ingot_gemm_fp8_args_init(void) {
  ingot_gemm_fp8_args args{};
  args.struct_size = sizeof(ingot_gemm_fp8_args);
  return args;
}

const char* ingot_status_name(int status) {
  if (status < 0 || status > INGOT_INTERNAL) return "unknown";
  return ingot::status_code_name(static_cast<ingot::StatusCode>(status));
}

int ingot_runtime_open(const char* pack_dir, const char* device, ingot_runtime** out) {
  if (out == nullptr) return invalid("ingot_runtime_open: out is NULL");
  *out = nullptr;
  ingot::RuntimeOptions options;
  if (pack_dir != nullptr) options.pack_dir = pack_dir;
  if (device != nullptr) {
    auto choice = ingot::parse_device_choice(device);
    if (!choice) return report(choice.status());
    options.device.choice = choice.value();
  }
  auto runtime = ingot::Runtime::open(options);
  if (!runtime) return report(runtime.status());
  *out = new ingot_runtime{std::move(runtime).value()};
  return report(ingot::Status::ok());
}

void ingot_runtime_close(ingot_runtime* runtime) { delete runtime; }

int ingot_device_info(ingot_runtime* runtime, char* arch, size_t arch_size, int64_t* cus) {
  if (runtime == nullptr || cus == nullptr) return invalid("ingot_device_info: NULL argument");
  *cus = runtime->runtime->device_info().cus;
  return copy_out(runtime->runtime->device_info().arch, arch, arch_size, "ingot_device_info: arch");
}

int ingot_malloc(ingot_runtime* runtime, size_t bytes, uint64_t* address) {
  if (runtime == nullptr || address == nullptr) return invalid("ingot_malloc: NULL argument");
  auto allocated = runtime->runtime->allocate(bytes);
  if (!allocated) return report(allocated.status());
  *address = allocated.value();
  return report(ingot::Status::ok());
}

int ingot_free(ingot_runtime* runtime, uint64_t address) {
  if (runtime == nullptr) return invalid("ingot_free: NULL runtime");
  return report(runtime->runtime->free(address));
}

int ingot_copy_to_device(ingot_runtime* runtime, uint64_t dst, const void* src, size_t bytes) {
  if (runtime == nullptr || (src == nullptr && bytes != 0)) return invalid("ingot_copy_to_device: NULL argument");
  return report(runtime->runtime->copy_to_device(dst, src, bytes));
}

int ingot_copy_to_host(ingot_runtime* runtime, void* dst, uint64_t src, size_t bytes) {
  if (runtime == nullptr || (dst == nullptr && bytes != 0)) return invalid("ingot_copy_to_host: NULL argument");
  return report(runtime->runtime->copy_to_host(dst, src, bytes));
}

int ingot_synchronize(ingot_runtime* runtime, hipStream_t stream) {
  if (runtime == nullptr) return invalid("ingot_synchronize: NULL runtime");
  return report(runtime->runtime->synchronize(stream));
}

int ingot_gemm_select(ingot_runtime* runtime, const ingot_gemm_args* args, char* id, size_t id_size) {
  if (runtime == nullptr || args == nullptr) return invalid("ingot_gemm_select: NULL argument");
  auto problem = ingot::gemm_problem(to_gemm_args(*args), runtime->runtime->device_info());
  if (!problem) return report(problem.status());
  auto selection = runtime->runtime->select(problem.value());
  if (!selection) return report(selection.status());
  return copy_out(selection.value().kernel->id, id, id_size, "ingot_gemm_select: id");
}

int ingot_gemm(ingot_runtime* runtime, const ingot_gemm_args* args, hipStream_t stream) {
  if (runtime == nullptr || args == nullptr) return invalid("ingot_gemm: NULL argument");
  return report(ingot::gemm(*runtime->runtime, to_gemm_args(*args), stream));
}

int ingot_gemm_fp8_select(ingot_runtime* runtime, const ingot_gemm_args* args, const ingot_gemm_fp8_args* fp8,
                          char* id, size_t id_size) {
  if (runtime == nullptr || args == nullptr || fp8 == nullptr) return invalid("ingot_gemm_fp8_select: NULL argument");
  auto gemm_args = to_fp8_gemm_args(*args, *fp8, "ingot_gemm_fp8_select");
  if (!gemm_args) return report(gemm_args.status());
  auto problem = ingot::gemm_problem(gemm_args.value(), runtime->runtime->device_info());
  if (!problem) return report(problem.status());
  auto selection = runtime->runtime->select(problem.value());
  if (!selection) return report(selection.status());
  return copy_out(selection.value().kernel->id, id, id_size, "ingot_gemm_fp8_select: id");
}

int ingot_gemm_fp8(ingot_runtime* runtime, const ingot_gemm_args* args, const ingot_gemm_fp8_args* fp8, hipStream_t stream) {
  if (runtime == nullptr || args == nullptr || fp8 == nullptr) return invalid("ingot_gemm_fp8: NULL argument");
  auto gemm_args = to_fp8_gemm_args(*args, *fp8, "ingot_gemm_fp8");
  if (!gemm_args) return report(gemm_args.status());
  return report(ingot::gemm(*runtime->runtime, gemm_args.value(), stream));
}

int ingot_op_args_create(const char* op, ingot_op_args** out) {
  if (out == nullptr) return invalid("ingot_op_args_create: out is NULL");
  *out = nullptr;
  if (op == nullptr) return invalid("ingot_op_args_create: op is NULL");
  const ingot::Op* found = ingot::find_op(op);
  if (found == nullptr) return report(unknown_op(op));
  *out = new ingot_op_args{ingot::OpArgs(*found), {}};
  return report(ingot::Status::ok());
}

void ingot_op_args_destroy(ingot_op_args* args) { delete args; }

int ingot_op_args_set_int(ingot_op_args* args, const char* field, int64_t value) {
  if (args == nullptr || field == nullptr) return invalid("ingot_op_args_set_int: NULL argument");
  return report(args->args.set_int(field, value));
}

int ingot_op_args_set_float(ingot_op_args* args, const char* field, double value) {
  if (args == nullptr || field == nullptr) return invalid("ingot_op_args_set_float: NULL argument");
  return report(args->args.set_float(field, value));
}

int ingot_op_args_set_bool(ingot_op_args* args, const char* field, int value) {
  if (args == nullptr || field == nullptr) return invalid("ingot_op_args_set_bool: NULL argument");
  return report(args->args.set_bool(field, value != 0));
}

int ingot_op_args_set_key(ingot_op_args* args, const char* field, const char* value) {
  if (args == nullptr || field == nullptr || value == nullptr) return invalid("ingot_op_args_set_key: NULL argument");
  return report(args->args.set_key(field, value));
}

int ingot_op_args_set_buffer(ingot_op_args* args, const char* field, uint64_t address) {
  if (args == nullptr || field == nullptr) return invalid("ingot_op_args_set_buffer: NULL argument");
  return report(args->args.set_buffer(field, address));
}

int ingot_op_args_set_text(ingot_op_args* args, const char* field, const char* text) {
  if (args == nullptr || field == nullptr || text == nullptr) return invalid("ingot_op_args_set_text: NULL argument");
  return report(args->args.set_text(field, text));
}

int ingot_op_args_set_workspace(ingot_op_args* args, uint64_t address, uint64_t bytes) {
  if (args == nullptr) return invalid("ingot_op_args_set_workspace: NULL argument");
  args->workspace = {address, bytes};
  return report(ingot::Status::ok());
}

int ingot_select_op(ingot_runtime* runtime, const ingot_op_args* args, char* id, size_t id_size) {
  if (runtime == nullptr || args == nullptr) return invalid("ingot_select_op: NULL argument");
  auto selection = runtime->runtime->select(args->args);
  if (!selection) return report(selection.status());
  return copy_out(selection.value().kernel->id, id, id_size, "ingot_select_op: id");
}

int ingot_op_workspace_bytes(ingot_runtime* runtime, const ingot_op_args* args, uint64_t* bytes) {
  if (runtime == nullptr || args == nullptr || bytes == nullptr) return invalid("ingot_op_workspace_bytes: NULL argument");
  auto problem = runtime->runtime->problem(args->args);
  if (!problem) return report(problem.status());
  auto needed = runtime->runtime->workspace_bytes(problem.value());
  if (!needed) return report(needed.status());
  *bytes = needed.value();
  return report(ingot::Status::ok());
}

int ingot_run_op(ingot_runtime* runtime, const ingot_op_args* args, hipStream_t stream) {
  if (runtime == nullptr || args == nullptr) return invalid("ingot_run_op: NULL argument");
  return report(runtime->runtime->run(args->args, stream, args->workspace));
}

size_t ingot_op_count(void) { return ingot::all_ops().size(); }

const char* ingot_op_name(size_t index) {
  const auto ops = ingot::all_ops();
  return index < ops.size() ? ops[index]->name().data() : nullptr;
}

int ingot_op_field_count(const char* op, size_t* count) {
  if (op == nullptr || count == nullptr) return invalid("ingot_op_field_count: NULL argument");
  const ingot::Op* found = ingot::find_op(op);
  if (found == nullptr) return report(unknown_op(op));
  *count = found->fields().size();
  return report(ingot::Status::ok());
}

int ingot_op_field(const char* op, size_t index, ingot_field_info* out) {
  if (op == nullptr || out == nullptr) return invalid("ingot_op_field: NULL argument");
  const ingot::Op* found = ingot::find_op(op);
  if (found == nullptr) return report(unknown_op(op));
  if (index >= found->fields().size()) {
    return invalid(("ingot_op_field: " + std::string(op) + " has " + std::to_string(found->fields().size()) +
                    " fields, not " + std::to_string(index + 1)).c_str());
  }
  const ingot::OpField& field = found->fields()[index];
  out->name = field.name.data();
  out->kind = static_cast<int>(field.kind);
  out->help = field.help.data();
  out->default_value = field.default_value.empty() ? "" : field.default_value.data();
  out->required = field.required ? 1 : 0;
  out->choice_count = field.choices.size();
  return report(ingot::Status::ok());
}

const char* ingot_op_field_choice(const char* op, size_t field, size_t choice) {
  const ingot::Op* found = op == nullptr ? nullptr : ingot::find_op(op);
  if (found == nullptr || field >= found->fields().size()) return nullptr;
  const auto choices = found->fields()[field].choices;
  return choice < choices.size() ? choices[choice].data() : nullptr;
}

}  // extern "C"
