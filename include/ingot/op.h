// The op layer: what every op (gemm, fmha_fwd, mla_decode, ...) declares once, and what the Runtime,
// the C API and the CLI read from it instead of knowing any op by name.
//
// An op is one unit (include/ingot/ops/<op>.h + loader/ops/<op>.cpp, registered by one line in
// loader/ops/registry.cpp) holding:
//   - its typed arguments (GemmArgs), for C++ callers;
//   - a field table (OpField): the arguments by name, kind, choices, default and help. The C API and the
//     CLI fill an OpArgs bag by field name from it; the op turns the bag into its typed arguments;
//   - a problem-variable table (ProblemVar): the names the manifest's match keys and expressions see;
//   - the ONE function that turns typed arguments plus the device's facts into every problem value
//     (write_<op>_problem), filling every default there and nowhere else.
// The loader's selection, launch and kernarg layers stay op-agnostic: they see only problem variables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ingot/problem.h"
#include "ingot/status.h"

namespace ingot {

// ---- Field table: an op's arguments as callers name them ----

enum class FieldKind {
  kBuffer,  // a device address (uint64); 0 = not given
  kInt,     // int64
  kFloat,   // double (f32 kernel scalars are rounded at kernarg packing)
  kBool,
  kKey,     // text, one of `choices` when the field lists any (dtype, scaling...)
};
const char* field_kind_name(FieldKind kind);  // "buffer", "int", "float", "bool", "key"

// Every text in a field table is a string literal: the C API hands out .data() as a C string.
struct OpField {
  std::string_view name;  // as the C API and the CLI spell it: "M", "lda", "dtype_a", "A"
  FieldKind kind = FieldKind::kInt;
  std::string_view help;  // one line; says who fills the value when the default is computed
  std::span<const std::string_view> choices = {};  // kKey: accepted values (empty: any text)
  // The default as text, parsed by kind ("1", "bf16", "true"). Empty: no constant default (the field is
  // required, optional-and-absent, or filled by the op from other fields and the device: help says which).
  std::string_view default_value = {};
  bool required = false;  // a call without it is kInvalidArgument (buffers: at launch; `select` needs none)
};

// ---- Problem variables: the names an op's problem gives the manifest ----

enum class VarKind { kKey, kInt, kFloat, kBuffer };

struct ProblemVar {
  std::string_view name;  // "dtype_a", "M", "alpha", "A"
  VarKind kind = VarKind::kInt;
};

// One problem variable's value as an op writes it (and as the dispatch path evaluates the manifest's
// expressions over it). Strings are views into the caller's arguments, valid for the call. A buffer is
// an int (its address's bit pattern) flagged as a buffer, as in the interpreter.
struct ProblemValue {
  enum class Tag : uint8_t { kAbsent, kInt, kDouble, kString };
  Tag tag = Tag::kAbsent;
  bool buffer = false;    // named as a buffer (a pointer kernarg takes only a buffer)
  uint16_t zero = 0;      // no padding: the first 8 bytes are one defined word (the dispatch key reads it)
  uint32_t length = 0;    // kString
  union {               // 16 bytes in all: a call writes and compares these
    int64_t i = 0;
    double d;
    const char* text;
  };

  std::string_view s() const { return {text, length}; }
  static ProblemValue of_int(int64_t value) {
    ProblemValue v;
    v.tag = Tag::kInt;
    v.i = value;
    return v;
  }
  static ProblemValue of_double(double value) {
    ProblemValue v;
    v.tag = Tag::kDouble;
    v.d = value;
    return v;
  }
  static ProblemValue of_string(std::string_view value) {
    ProblemValue v;
    v.tag = Tag::kString;
    v.text = value.data();
    v.length = static_cast<uint32_t>(value.size());
    return v;
  }
  static ProblemValue of_buffer(uint64_t address) {
    ProblemValue v = of_int(static_cast<int64_t>(address));
    v.buffer = true;
    return v;
  }
};

// Where an op writes its problem: by index into its problem_vars() table, through a table (made once
// per op) from variable to place in a flat array of values. No virtual call, no string-keyed map: the
// Runtime's table points straight into its call frame (a name no kernel reads goes to a spare place);
// build_problem's is the identity. A variable not written stays absent (a kernel whose match key or
// expression needs it rejects the problem).
class ProblemWriter {
 public:
  ProblemWriter(ProblemValue* values, const uint32_t* place, bool for_launch)
      : values_(values), place_(place), for_launch_(for_launch) {}
  // A key's text is referenced, not copied: it must outlive the writer's reader, unless copy_strings().
  void key(size_t var, std::string_view value) {
    if (copies_) value = own(value);
    put(var, ProblemValue::Tag::kString, false, static_cast<uint32_t>(value.size()),
        reinterpret_cast<uint64_t>(value.data()));
  }
  void integer(size_t var, int64_t value) {
    put(var, ProblemValue::Tag::kInt, false, 0, static_cast<uint64_t>(value));
  }
  void scalar(size_t var, double value) {
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    put(var, ProblemValue::Tag::kDouble, false, 0, bits);
  }
  void buffer(size_t var, uint64_t address) { put(var, ProblemValue::Tag::kInt, true, 0, address); }
  // True when a launch follows (buffers must be real addresses); false for selection only
  // (`ingot select`, Runtime::select), which needs no buffers.
  bool for_launch() const { return for_launch_; }
  // Keys written from now on are copied into the writer, which its reader outlives: for an op's
  // argument-bag path, whose typed arguments are a local that dies before the values are read.
  void copy_strings() { copies_ = true; }
  // Bit v set: variable v was written (variables past the 64th are not tracked). The Runtime resets
  // only what an earlier call wrote and this one did not.
  uint64_t written() const { return written_; }

 private:
  // One value as two whole 8-byte stores (head: tag, buffer flag, length; then the payload), the widths
  // the dispatch key reads: a value stored field by field would make that read wait for the stores.
  void put(size_t var, ProblemValue::Tag tag, bool buffer, uint32_t length, uint64_t payload) {
    static_assert(sizeof(ProblemValue) == 16 && offsetof(ProblemValue, length) == 4 && offsetof(ProblemValue, i) == 8);
    const uint64_t head = uint64_t{static_cast<uint8_t>(tag)} | uint64_t{buffer} << 8 | uint64_t{length} << 32;
    auto* bytes = reinterpret_cast<unsigned char*>(&values_[place_[var]]);
    std::memcpy(bytes, &head, sizeof head);
    std::memcpy(bytes + 8, &payload, sizeof payload);
    written_ |= var < 64 ? uint64_t{1} << var : 0;
  }
  std::string_view own(std::string_view value);  // out of line: keeps the writes small enough to inline

  ProblemValue* values_;
  const uint32_t* place_;
  bool for_launch_;
  bool copies_ = false;
  uint64_t written_ = 0;
  std::vector<std::unique_ptr<std::string>> owned_;
};

// A non-owning callable `Status(ProblemWriter&)`: how a typed op call hands its one problem function to
// the Runtime without allocating. The callable must outlive the call it is passed to.
class ProblemFill {
 public:
  template <typename F>
  ProblemFill(const F& fill)  // NOLINT(google-explicit-constructor): lambdas convert implicitly
      : object_(&fill), call_([](const void* object, ProblemWriter& out) {
          return (*static_cast<const F*>(object))(out);
        }) {}
  Status operator()(ProblemWriter& out) const { return call_(object_, out); }

 private:
  const void* object_;
  Status (*call_)(const void*, ProblemWriter&);
};

class OpArgs;

// ---- The op ----

class Op {
 public:
  virtual ~Op() = default;
  virtual std::string_view name() const = 0;     // the manifest's op: "gemm"
  virtual std::string_view summary() const = 0;  // one line for help texts
  virtual std::span<const OpField> fields() const = 0;
  virtual std::span<const ProblemVar> problem_vars() const = 0;
  // The bag turned into the op's typed arguments, then through its one problem function.
  virtual Status write_problem(const OpArgs& args, const DeviceInfo& device, ProblemWriter& out) const = 0;

  // Index of a field / problem variable by name.
  std::optional<size_t> field_index(std::string_view field) const;
  std::optional<size_t> var_index(std::string_view var) const;
};

// The registry (loader/ops/registry.cpp: one line per op). nullptr when no op has that name.
const Op* find_op(std::string_view name);
std::span<const Op* const> all_ops();

// A Problem (the generic, map-based form: for messages, tests, Runtime::run) from an op's writer.
Result<Problem> build_problem(const Op& op, ProblemFill fill, bool for_launch = false);

// ---- The argument bag: an op's arguments filled by field name (C API, CLI) ----

// Starts with every field at its default; setters check the name and kind and say what is wrong.
class OpArgs {
 public:
  explicit OpArgs(const Op& op);
  const Op& op() const { return *op_; }

  Status set_int(std::string_view field, int64_t value);
  Status set_float(std::string_view field, double value);  // an int field takes only integral values
  Status set_bool(std::string_view field, bool value);
  Status set_key(std::string_view field, std::string_view value);  // checked against the choices
  Status set_buffer(std::string_view field, uint64_t address);
  // Text parsed by the field's kind, as a command line gives it: integers (decimal or 0x hex),
  // floats, booleans (true/false/1/0/yes/no/on/off), buffers (decimal or 0x hex), keys.
  Status set_text(std::string_view field, std::string_view text);

  // By field index (the op's own code; indexes come from its table). Unset fields read their default
  // (0, 0.0, false, "" when the table gives none).
  bool is_set(size_t field) const { return slots_[field].set; }
  int64_t int_at(size_t field) const { return slots_[field].integer; }
  double float_at(size_t field) const { return slots_[field].real; }
  bool bool_at(size_t field) const { return slots_[field].integer != 0; }
  uint64_t buffer_at(size_t field) const { return static_cast<uint64_t>(slots_[field].integer); }
  const std::string& key_at(size_t field) const { return slots_[field].text; }

  // kInvalidArgument listing the required fields left unset (buffers only when `for_launch`).
  Status check_required(bool for_launch) const;

 private:
  struct Slot {
    bool set = false;
    int64_t integer = 0;  // kInt, kBool, kBuffer (bit pattern)
    double real = 0.0;
    std::string text;
  };
  Result<size_t> field(std::string_view name, FieldKind kind) const;

  const Op* op_;
  std::vector<Slot> slots_;
};

}  // namespace ingot
