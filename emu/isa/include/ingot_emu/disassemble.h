// Disassembly in LLVM's syntax, exactly as llvm-mc / llvm-objdump print GFX9-family code, so that the text
// reassembles to the same bytes.
#pragma once

#include <span>
#include <string>

#include "ingot_emu/inst.h"

namespace ingot::emu {

// One instruction, e.g. "v_add_f32_e32 v0, v1, v2", "s_waitcnt vmcnt(0) lgkmcnt(0)",
// "global_load_dword v1, v[2:3], off offset:16". Branch targets are printed as LLVM prints them: the
// signed dword offset from the next instruction (Inst::branch_target holds the absolute address).
std::string disassemble(const Inst& inst);

// A listing: one line per instruction, "  <text>  // <address hex>: <dwords hex>", plus
// " <target 0x...>" on branches with a static target.
std::string disassemble_listing(std::span<const Inst> program);

}  // namespace ingot::emu
