// libFuzzer target: clang -fsanitize=fuzzer,address (INGOT_FUZZ=ON).
#include "fuzz_entry_points.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return ingot::fuzz::decoder(data, size); }
