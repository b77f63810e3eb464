#include "emu_args.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>

namespace ingot::cli {
namespace {

Status bad(const std::string& text, const std::string& why) {
  return Status(StatusCode::kInvalidArgument, "ingot emu: --arg " + text + ": " + why);
}

template <typename T>
std::vector<uint8_t> bytes_of(T value) {
  std::vector<uint8_t> out(sizeof(T));
  std::memcpy(out.data(), &value, sizeof(T));  // hosts we build for are little-endian, like the GPU
  return out;
}

// Integers of `bits` width, signed or not; base prefixes 0x accepted.
Result<std::vector<uint8_t>> parse_integer(std::string_view value, int bits, bool is_signed) {
  int base = 10;
  bool negative = false;
  if (!value.empty() && value.front() == '-') {
    negative = true;
    value.remove_prefix(1);
  }
  if (value.size() > 2 && value[0] == '0' && (value[1] == 'x' || value[1] == 'X')) {
    base = 16;
    value.remove_prefix(2);
  }
  uint64_t magnitude = 0;
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), magnitude, base);
  if (value.empty() || ec != std::errc() || ptr != value.data() + value.size()) {
    return Status(StatusCode::kInvalidArgument, "not an integer");
  }
  const uint64_t unsigned_max = bits == 64 ? std::numeric_limits<uint64_t>::max() : (uint64_t{1} << bits) - 1;
  const uint64_t positive_max = is_signed ? unsigned_max >> 1 : unsigned_max;
  const uint64_t negative_max = is_signed ? positive_max + 1 : 0;
  if (negative ? magnitude > negative_max : magnitude > positive_max) {
    return Status(StatusCode::kInvalidArgument, "out of range for " + std::to_string(bits) + " bits");
  }
  const uint64_t raw = negative ? ~magnitude + 1 : magnitude;  // two's complement
  std::vector<uint8_t> out(static_cast<size_t>(bits / 8));
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(raw >> (8 * i));
  return out;
}

Result<std::vector<uint8_t>> parse_scalar(std::string_view type, std::string_view value) {
  struct IntType {
    std::string_view name;
    int bits;
    bool is_signed;
  };
  static constexpr IntType kIntTypes[] = {{"i8", 8, true},   {"u8", 8, false},   {"i16", 16, true}, {"u16", 16, false},
                                          {"i32", 32, true}, {"u32", 32, false}, {"i64", 64, true}, {"u64", 64, false}};
  for (const IntType& t : kIntTypes) {
    if (t.name == type) return parse_integer(value, t.bits, t.is_signed);
  }
  if (type == "f32" || type == "f64") {
    double parsed = 0.0;
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (value.empty() || ec != std::errc() || ptr != value.data() + value.size()) {
      return Status(StatusCode::kInvalidArgument, "not a number");
    }
    return type == "f32" ? bytes_of(static_cast<float>(parsed)) : bytes_of(parsed);
  }
  return Status(StatusCode::kInvalidArgument, "unknown type '" + std::string(type) + "' (i8..u64, f32, f64, @FILE, out:, inout:)");
}

}  // namespace

Result<EmuArg> parse_emu_arg(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) return bad(text, "expected NAME=VALUE");
  EmuArg arg;
  arg.name = text.substr(0, eq);
  const std::string value = text.substr(eq + 1);
  if (value.starts_with("@")) {
    arg.kind = EmuArg::Kind::kInput;
    arg.in_file = value.substr(1);
    if (arg.in_file.empty()) return bad(text, "@ needs a file name");
    return arg;
  }
  const size_t colon = value.find(':');
  if (colon == std::string::npos) return bad(text, "expected @FILE, out:BYTES:FILE, inout:FILE or TYPE:VALUE");
  const std::string type = value.substr(0, colon), rest = value.substr(colon + 1);
  if (type == "out") {
    const size_t second = rest.find(':');
    if (second == std::string::npos || second + 1 == rest.size()) return bad(text, "expected out:BYTES:FILE");
    auto bytes = parse_integer(std::string_view(rest).substr(0, second), 64, false);
    if (!bytes) return bad(text, "BYTES is " + bytes.status().message());
    for (size_t i = 0; i < 8; ++i) arg.out_bytes |= uint64_t{bytes.value()[i]} << (8 * i);
    if (arg.out_bytes == 0) return bad(text, "an output buffer needs at least 1 byte");
    arg.kind = EmuArg::Kind::kOutput;
    arg.out_file = rest.substr(second + 1);
    return arg;
  }
  if (type == "inout") {
    const size_t second = rest.find(':');
    arg.kind = EmuArg::Kind::kInOut;
    arg.in_file = rest.substr(0, second);
    arg.out_file = second == std::string::npos ? arg.in_file : rest.substr(second + 1);
    if (arg.in_file.empty() || arg.out_file.empty()) return bad(text, "expected inout:FILE[:OUT]");
    return arg;
  }
  auto scalar = parse_scalar(type, rest);
  if (!scalar) return bad(text, scalar.status().message());
  arg.scalar = std::move(scalar).value();
  return arg;
}

Result<std::vector<uint32_t>> parse_dims(const std::string& what, const std::string& text) {
  std::vector<uint32_t> dims;
  std::string_view rest = text;
  while (true) {
    const size_t comma = rest.find(',');
    const std::string_view part = rest.substr(0, comma);
    uint32_t value = 0;
    auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || ec != std::errc() || ptr != part.data() + part.size() || value == 0) {
      return Status(StatusCode::kInvalidArgument, "ingot emu: --" + what + " expects X[,Y,Z] of positive integers, got '" + text + "'");
    }
    dims.push_back(value);
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  if (dims.size() > 3) return Status(StatusCode::kInvalidArgument, "ingot emu: --" + what + " has at most 3 dimensions");
  dims.resize(3, 1);
  return dims;
}

}  // namespace ingot::cli
