// Instruction semantics are looked up once, at module load: each decoded Inst gets the function
// pointer of its handler. Handlers register by LLVM mnemonic so this room does not depend on which
// rows the ISA table has today. A code object containing an Op without a handler is refused at load
// (module.cc), so a wave never reaches one.
#pragma once

#include <string_view>
#include <unordered_map>

#include "ingot/status.h"
#include "ingot_emu/inst.h"

namespace ingot::emu {

struct Wave;
using Handler = Status (*)(Wave& wave, const Inst& inst);

// Profile class of an instruction (InstructionMix field).
enum class ProfileClass : uint8_t { kSalu, kValu, kMfma, kLds, kVmem, kSmem, kBranch };

class HandlerRegistry {
 public:
  void add(std::string_view mnemonic, Handler handler) { by_name_[mnemonic] = handler; }
  Handler find(std::string_view mnemonic) const {
    auto it = by_name_.find(mnemonic);
    return it == by_name_.end() ? nullptr : it->second;
  }

 private:
  std::unordered_map<std::string_view, Handler> by_name_;
};

// One registration function per instruction family (a file each).
void register_salu(HandlerRegistry& registry);
void register_branch(HandlerRegistry& registry);
void register_sync(HandlerRegistry& registry);
void register_smem(HandlerRegistry& registry);
void register_valu_int(HandlerRegistry& registry);
void register_valu_float(HandlerRegistry& registry);
void register_valu_f64(HandlerRegistry& registry);
void register_valu_div(HandlerRegistry& registry);
void register_valu_dot(HandlerRegistry& registry);
void register_valu_cvt(HandlerRegistry& registry);
void register_valu_cvt_scaled(HandlerRegistry& registry);
void register_valu_compare(HandlerRegistry& registry);
void register_valu_legacy(HandlerRegistry& registry);
void register_valu_cvt_pack(HandlerRegistry& registry);
void register_valu_special(HandlerRegistry& registry);
void register_lane_ops(HandlerRegistry& registry);
void register_mfma(HandlerRegistry& registry);
void register_ds(HandlerRegistry& registry);
void register_buffer(HandlerRegistry& registry);
void register_global(HandlerRegistry& registry);
void register_scratch(HandlerRegistry& registry);

// Per-Op tables built from the ISA table and the registry (once, thread-safe).
Handler handler_for(Op op);
std::string_view op_mnemonic(Op op);
ProfileClass profile_class(Op op);

}  // namespace ingot::emu
