// Whole-file reads with errors as values. Private to libingot.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "ingot/status.h"

namespace ingot {

// kNotFound when missing, kIoError when unreadable; never more than max_bytes (kIoError beyond).
Result<std::vector<uint8_t>> read_file_bytes(const std::filesystem::path& path, uint64_t max_bytes);
Result<std::string> read_file_text(const std::filesystem::path& path, uint64_t max_bytes);

}  // namespace ingot
