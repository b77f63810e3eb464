// Fuzz entry points shared by the libFuzzer targets (INGOT_FUZZ=ON, clang) and the always-built
// replay driver that CI runs as a ctest test. Each must return normally on any input.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ingot::fuzz {

// read_code_object, then walk everything it returned.
int code_object(const uint8_t* data, size_t size);
// parse_manifest; on success open it as a Pack and run selection, launch and kernarg packing
// for every kernel over a fixed problem, exercising the expression evaluator.
int manifest(const uint8_t* data, size_t size);

}  // namespace ingot::fuzz
