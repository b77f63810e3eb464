// Errors are values: every fallible call in libingot returns a Status or a Result<T>.
// Nothing in the library aborts or exits on bad input; the message says what failed and where.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace ingot {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,    // a caller's argument is malformed (null pointer, bad name, bad value)
  kNotFound,           // no such file, kernel id, symbol
  kNoKernel,           // no kernel in the pack accepts this problem; message names the failed rule
  kCorruptManifest,    // manifest is not valid JSON or breaks the schema
  kCorruptCodeObject,  // ELF / note / metadata / descriptor malformed or out of bounds
  kIntegrityError,     // sha256 or size differs from the manifest; file escapes the pack directory
  kArchMismatch,       // code object built for another arch than the device or manifest says
  kNoDevice,           // no usable device (no HIP runtime, no AMD GPU)
  kDeviceError,        // the device API reported an error
  kUnsupported,        // a valid request that this build or device does not support
  kIoError,            // reading or writing a file failed
  kEmulatorFault,      // the emulator stopped a kernel: bad access, bad instruction, deadlock
  kInternal,           // a bug in ingot
};

inline const char* status_code_name(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return "ok";
    case StatusCode::kInvalidArgument: return "invalid argument";
    case StatusCode::kNotFound: return "not found";
    case StatusCode::kNoKernel: return "no kernel";
    case StatusCode::kCorruptManifest: return "corrupt manifest";
    case StatusCode::kCorruptCodeObject: return "corrupt code object";
    case StatusCode::kIntegrityError: return "integrity error";
    case StatusCode::kArchMismatch: return "arch mismatch";
    case StatusCode::kNoDevice: return "no device";
    case StatusCode::kDeviceError: return "device error";
    case StatusCode::kUnsupported: return "unsupported";
    case StatusCode::kIoError: return "I/O error";
    case StatusCode::kEmulatorFault: return "emulator fault";
    case StatusCode::kInternal: return "internal error";
  }
  return "unknown";
}

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}
  static Status ok() { return {}; }

  bool is_ok() const { return code_ == StatusCode::kOk; }
  explicit operator bool() const { return is_ok(); }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "code: message", for logs and the CLI.
  std::string to_string() const {
    return is_ok() ? std::string("ok") : std::string(status_code_name(code_)) + ": " + message_;
  }

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// A value or the Status that explains why there is none.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Status status) : state_(std::move(status)) {}

  bool is_ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return is_ok(); }
  const Status& status() const {
    static const Status kOk;
    return is_ok() ? kOk : std::get<Status>(state_);
  }
  T& value() & { return std::get<T>(state_); }
  const T& value() const& { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> state_;
};

}  // namespace ingot

// Propagate a failed Status from an expression returning Status.
#define INGOT_RETURN_IF_ERROR(expr)              \
  do {                                           \
    ::ingot::Status ingot_status_ = (expr);      \
    if (!ingot_status_.is_ok()) return ingot_status_; \
  } while (0)
