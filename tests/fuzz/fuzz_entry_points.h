// Fuzz entry points shared by the libFuzzer targets (INGOT_FUZZ=ON, clang) and the always-built
// replay driver that CI runs as a ctest test (also under ASan+UBSan: run_tests.sh). Each must return
// normally on any input.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ingot::fuzz {

// read_code_object, then walk everything it returned.
int code_object(const uint8_t* data, size_t size);
// parse_manifest; on success open it as a Pack and run selection, launch and kernarg packing
// for every kernel over a fixed problem, exercising the expression evaluator.
int manifest(const uint8_t* data, size_t size);
// validate_pack on a pack written from the input: the bytes before the first NUL are manifest.json;
// the code-object fixtures (gfx942/scale_gfx942.co, gfx950/scale_gfx950.co) sit beside it, and bytes
// after a NUL, if any, replace gfx942/scale_gfx942.co.
int validate_pack(const uint8_t* data, size_t size);
// The emulator's decoder: byte 0 picks the target (even gfx942, odd gfx950), the rest is a .text
// section. decode_program on all of it (and the disassembly of what it decodes), decode_instruction at
// each of the first dword offsets.
int decoder(const uint8_t* data, size_t size);

}  // namespace ingot::fuzz
