// SHA-256 through OpenSSL's EVP interface. Private to libingot.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "ingot/status.h"

namespace ingot {

// 64 lowercase hex digits.
Result<std::string> sha256_hex(std::span<const uint8_t> bytes);

}  // namespace ingot
