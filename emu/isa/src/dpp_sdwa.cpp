#include "dpp_sdwa.h"

#include <array>

namespace ingot::emu::detail {
namespace {

struct DppRange {
  unsigned first, last;
  const char* name;  // LLVM spelling; the count (ctrl - base) follows a ':' unless `fixed` is set
  unsigned base;
  const char* fixed;
};

constexpr std::array<DppRange, 11> kDppRanges = {{
    {0x101, 0x10F, "row_shl", 0x100, nullptr},
    {0x111, 0x11F, "row_shr", 0x110, nullptr},
    {0x121, 0x12F, "row_ror", 0x120, nullptr},
    {0x130, 0x130, nullptr, 0, "wave_shl:1"},
    {0x134, 0x134, nullptr, 0, "wave_rol:1"},
    {0x138, 0x138, nullptr, 0, "wave_shr:1"},
    {0x13C, 0x13C, nullptr, 0, "wave_ror:1"},
    {0x140, 0x140, nullptr, 0, "row_mirror"},
    {0x141, 0x141, nullptr, 0, "row_half_mirror"},
    {0x142, 0x143, nullptr, 0, nullptr},  // row_bcast:15 / row_bcast:31, spelled below
    {0x150, 0x15F, "row_newbcast", 0x150, nullptr},
}};

constexpr unsigned kQuadPermLast = 0xFF;

constexpr std::array<const char*, kSdwaSelCount> kSelNames = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                                              "WORD_0", "WORD_1", "DWORD"};
constexpr std::array<const char*, kSdwaUnusedCount> kUnusedNames = {"UNUSED_PAD", "UNUSED_SEXT",
                                                                    "UNUSED_PRESERVE"};

}  // namespace

bool dpp_ctrl_valid(unsigned ctrl) {
  if (ctrl <= kQuadPermLast) return true;
  for (const DppRange& r : kDppRanges) {
    if (ctrl >= r.first && ctrl <= r.last) return true;
  }
  return false;
}

std::string dpp_ctrl_text(unsigned ctrl) {
  if (ctrl <= kQuadPermLast) {
    std::string out = "quad_perm:[";
    for (int lane = 0; lane < 4; ++lane) {
      if (lane) out += ',';
      out += static_cast<char>('0' + ((ctrl >> (2 * lane)) & 3));
    }
    return out + "]";
  }
  if (ctrl == 0x142) return "row_bcast:15";
  if (ctrl == 0x143) return "row_bcast:31";
  for (const DppRange& r : kDppRanges) {
    if (ctrl < r.first || ctrl > r.last) continue;
    if (r.fixed) return r.fixed;
    return std::string(r.name) + ":" + std::to_string(ctrl - r.base);
  }
  return "dpp_ctrl:" + std::to_string(ctrl);
}

const char* sdwa_sel_text(unsigned sel) { return sel < kSdwaSelCount ? kSelNames[sel] : "?"; }
const char* sdwa_unused_text(unsigned unused) {
  return unused < kSdwaUnusedCount ? kUnusedNames[unused] : "?";
}

}  // namespace ingot::emu::detail
