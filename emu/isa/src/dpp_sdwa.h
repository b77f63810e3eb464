// DPP control codes and SDWA select codes: the ISA's numbering and LLVM's spelling of each, in one table.
#pragma once

#include <cstdint>
#include <string>

namespace ingot::emu::detail {

// DPP_CTRL ranges (GFX9 / CDNA): quad_perm 0x000-0x0FF, row_shl 0x101-0x10F, row_shr 0x111-0x11F,
// row_ror 0x121-0x12F, wave_shl 0x130, wave_rol 0x134, wave_shr 0x138, wave_ror 0x13C, row_mirror 0x140,
// row_half_mirror 0x141, row_bcast:15 0x142, row_bcast:31 0x143, row_newbcast 0x150-0x15F (gfx90a+).
bool dpp_ctrl_valid(unsigned ctrl);
// LLVM's text for a valid control, e.g. "quad_perm:[1,0,3,2]", "row_shr:1", "row_newbcast:3".
std::string dpp_ctrl_text(unsigned ctrl);

// SDWA selects: 0..3 BYTE_0..BYTE_3, 4..5 WORD_0..WORD_1, 6 DWORD; dst_unused 0..2.
inline constexpr unsigned kSdwaSelCount = 7;
inline constexpr unsigned kSdwaUnusedCount = 3;
const char* sdwa_sel_text(unsigned sel);
const char* sdwa_unused_text(unsigned unused);

}  // namespace ingot::emu::detail
