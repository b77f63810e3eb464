// `ingot emu --arg NAME=VALUE`: what one kernel argument is, parsed from its command-line spelling.
// Buffers:  @FILE (input, from a file), out:BYTES:FILE (zero-filled, written to FILE after the run),
//           inout:FILE[:OUT] (from FILE, written back to FILE, or to OUT when given).
// Scalars:  i8: u8: i16: u16: i32: u32: i64: u64: f32: f64: followed by the value (e.g. M=i32:5).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ingot/status.h"

namespace ingot::cli {

struct EmuArg {
  enum class Kind { kInput, kOutput, kInOut, kScalar };
  std::string name;
  Kind kind = Kind::kScalar;
  std::string in_file;             // kInput, kInOut
  std::string out_file;            // kOutput, kInOut
  uint64_t out_bytes = 0;          // kOutput
  std::vector<uint8_t> scalar;     // kScalar: little-endian bytes, as wide as its type
};

// Parses "NAME=VALUE". kInvalidArgument says what is wrong with which argument.
Result<EmuArg> parse_emu_arg(const std::string& text);

// Parses "X[,Y,Z]" (each >= 1; missing ones are 1).
Result<std::vector<uint32_t>> parse_dims(const std::string& what, const std::string& text);

}  // namespace ingot::cli
