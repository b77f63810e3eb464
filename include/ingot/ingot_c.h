/* libingot's C API, for FFI users (Python ctypes, Rust, ...): opaque handles, int status codes
 * (the values of ingot::StatusCode: 0 = ok) and a per-thread message for the last failure.
 * Every function is total: bad handles or arguments give a status, never a crash. */
#ifndef INGOT_INGOT_C_H_
#define INGOT_INGOT_C_H_

#include <stddef.h>
#include <stdint.h>

#include "ingot/stream.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  INGOT_OK = 0,
  INGOT_INVALID_ARGUMENT = 1,
  INGOT_NOT_FOUND = 2,
  INGOT_NO_KERNEL = 3,
  INGOT_CORRUPT_MANIFEST = 4,
  INGOT_CORRUPT_CODE_OBJECT = 5,
  INGOT_INTEGRITY_ERROR = 6,
  INGOT_ARCH_MISMATCH = 7,
  INGOT_NO_DEVICE = 8,
  INGOT_DEVICE_ERROR = 9,
  INGOT_UNSUPPORTED = 10,
  INGOT_IO_ERROR = 11,
  INGOT_EMULATOR_FAULT = 12,
  INGOT_INTERNAL = 13
};

typedef struct ingot_runtime ingot_runtime;

typedef struct ingot_gemm_args {
  uint64_t a, b, c; /* device addresses */
  int64_t m, n, k;
  int64_t lda, ldb, ldc; /* row strides in elements */
  const char* dtype_a;   /* NULL = "bf16" */
  const char* dtype_b;   /* NULL = "bf16" */
  const char* dtype_c;   /* NULL = "f32" */
  float alpha;           /* C = alpha * A.B^T (+ bias): start from ingot_gemm_args_init() for alpha = 1 */
  uint64_t bias;         /* device address of bias[N] in C's dtype, or 0 for none */
} ingot_gemm_args;

/* Defaults: alpha = 1, no bias, dtypes bf16/bf16/f32, everything else 0. */
ingot_gemm_args ingot_gemm_args_init(void);

/* FP8 gemm (C bf16 = dequant(A fp8) . dequant(B fp8)^T). ABI: ingot_gemm_args keeps its layout (a
 * binary built against an older header passes the smaller struct), so the FP8 fields come in a second
 * struct taken by new functions. It starts with struct_size = sizeof(ingot_gemm_fp8_args) as the caller
 * compiled it (ingot_gemm_fp8_args_init sets it): fields appended later are read only when the caller's
 * size covers them, and a size smaller than this version's first fields is INGOT_INVALID_ARGUMENT. */
typedef struct ingot_gemm_fp8_args {
  size_t struct_size;
  const char* scaling;    /* "block128" (A_scale fp32 [M, ceil(K/128)], B_scale [ceil(N/128), ceil(K/128)])
                             or "per_token" (A_scale [M], B_scale [N]); NULL = "block128" */
  const char* fp8_format; /* "e4m3fnuz" (gfx942) or "e4m3fn" (gfx950); NULL = the device arch's own */
  uint64_t a_scale;       /* device addresses of the fp32 scales */
  uint64_t b_scale;
} ingot_gemm_fp8_args;

/* Defaults: struct_size set, scaling and fp8_format NULL, no scales. */
ingot_gemm_fp8_args ingot_gemm_fp8_args_init(void);

/* Message of the last failed call on this thread ("" if none). Valid until the next call. */
const char* ingot_last_error(void);
/* "no kernel", "no device", ... for a status code. */
const char* ingot_status_name(int status);

/* pack_dir NULL: $INGOT_PACK, the build tree's pack, then <prefix>/share/ingot/pack.
 * device NULL or "auto": HIP if an AMD GPU is present, else the emulator; "hip" or "emu" force one. */
int ingot_runtime_open(const char* pack_dir, const char* device, ingot_runtime** out);
void ingot_runtime_close(ingot_runtime* runtime);

/* The device's arch ("gfx942") into arch[arch_size] and its CU count. */
int ingot_device_info(ingot_runtime* runtime, char* arch, size_t arch_size, int64_t* cus);

int ingot_malloc(ingot_runtime* runtime, size_t bytes, uint64_t* address);
int ingot_free(ingot_runtime* runtime, uint64_t address);
int ingot_copy_to_device(ingot_runtime* runtime, uint64_t dst, const void* src, size_t bytes);
int ingot_copy_to_host(ingot_runtime* runtime, void* dst, uint64_t src, size_t bytes);
int ingot_synchronize(ingot_runtime* runtime, hipStream_t stream);

/* The id of the kernel a gemm call would get, into id[id_size]. */
int ingot_gemm_select(ingot_runtime* runtime, const ingot_gemm_args* args, char* id, size_t id_size);
/* Launch (asynchronous on HIP; stream is a hipStream_t or NULL). */
int ingot_gemm(ingot_runtime* runtime, const ingot_gemm_args* args, hipStream_t stream);

/* The FP8 gemm: `args` as above with its dtypes NULL meaning fp8, fp8 and bf16 here (alpha must be 1 and
 * bias 0: the FP8 kernels take neither), plus `fp8`. */
int ingot_gemm_fp8_select(ingot_runtime* runtime, const ingot_gemm_args* args, const ingot_gemm_fp8_args* fp8,
                          char* id, size_t id_size);
int ingot_gemm_fp8(ingot_runtime* runtime, const ingot_gemm_args* args, const ingot_gemm_fp8_args* fp8,
                   hipStream_t stream);

/* ---- Every op the same way, driven by its field table (include/ingot/op.h) ----
 * ingot_op_args *args;
 * ingot_op_args_create("gemm", &args);
 * ingot_op_args_set_int(args, "M", 1); ... ingot_op_args_set_buffer(args, "A", a); ...
 * ingot_run_op(rt, args, stream);
 * Setters check the field's name and kind (and a key's choices); the message names the field. */
typedef struct ingot_op_args ingot_op_args;

int ingot_op_args_create(const char* op, ingot_op_args** out);
void ingot_op_args_destroy(ingot_op_args* args);
int ingot_op_args_set_int(ingot_op_args* args, const char* field, int64_t value);
int ingot_op_args_set_float(ingot_op_args* args, const char* field, double value);
int ingot_op_args_set_bool(ingot_op_args* args, const char* field, int value);
int ingot_op_args_set_key(ingot_op_args* args, const char* field, const char* value);
int ingot_op_args_set_buffer(ingot_op_args* args, const char* field, uint64_t address);
/* The value as text, parsed by the field's kind (what a command line or config file gives). */
int ingot_op_args_set_text(ingot_op_args* args, const char* field, const char* text);
/* A caller-owned workspace (graph capture: nothing is allocated during ingot_run_op): at least
 * ingot_op_workspace_bytes bytes, zero-filled once when allocated, used by one launch at a time.
 * address 0 = the runtime's own, per stream. */
int ingot_op_args_set_workspace(ingot_op_args* args, uint64_t address, uint64_t bytes);

/* The id of the kernel the call would get, into id[id_size]; the workspace bytes it needs. */
int ingot_select_op(ingot_runtime* runtime, const ingot_op_args* args, char* id, size_t id_size);
int ingot_op_workspace_bytes(ingot_runtime* runtime, const ingot_op_args* args, uint64_t* bytes);
/* Launch (asynchronous on HIP). */
int ingot_run_op(ingot_runtime* runtime, const ingot_op_args* args, hipStream_t stream);

/* The ops and their field tables, for bindings that build their signatures from them. Strings are
 * static (valid for the life of the library). kind: 0 buffer, 1 int, 2 float, 3 bool, 4 key. */
enum { INGOT_FIELD_BUFFER = 0, INGOT_FIELD_INT = 1, INGOT_FIELD_FLOAT = 2, INGOT_FIELD_BOOL = 3, INGOT_FIELD_KEY = 4 };
typedef struct ingot_field_info {
  const char* name;
  int kind;
  const char* help;
  const char* default_value; /* "" when the table gives no constant default */
  int required;
  size_t choice_count;       /* kKey fields: ingot_op_field_choice(op, field, 0 .. choice_count-1) */
} ingot_field_info;

size_t ingot_op_count(void);
const char* ingot_op_name(size_t index); /* NULL past the end */
int ingot_op_field_count(const char* op, size_t* count);
int ingot_op_field(const char* op, size_t index, ingot_field_info* out);
const char* ingot_op_field_choice(const char* op, size_t field, size_t choice); /* NULL past the end */

#ifdef __cplusplus
}
#endif

#endif /* INGOT_INGOT_C_H_ */
