#include "handler_table.h"

#include <array>
#include <string_view>

namespace ingot::emu {
namespace {

constexpr size_t kOps = static_cast<size_t>(Op::kNumOps);

constexpr std::array<std::string_view, kOps> kMnemonics = {
#define INGOT_ISA_OP(mnemonic, format, opcode_gfx942, opcode_gfx950, exec_class, signature) #mnemonic,
#include "ingot_emu/isa_ops.def"
#undef INGOT_ISA_OP
};

constexpr std::array<std::string_view, kOps> kExecClasses = {
#define INGOT_ISA_OP(mnemonic, format, opcode_gfx942, opcode_gfx950, exec_class, signature) #exec_class,
#include "ingot_emu/isa_ops.def"
#undef INGOT_ISA_OP
};

ProfileClass classify(std::string_view exec_class) {
  if (exec_class == "SMEM") return ProfileClass::kSmem;
  if (exec_class == "BRANCH") return ProfileClass::kBranch;
  if (exec_class == "VALU" || exec_class == "TRANS" || exec_class == "F64") return ProfileClass::kValu;
  if (exec_class == "MFMA") return ProfileClass::kMfma;
  if (exec_class == "LDS") return ProfileClass::kLds;
  if (exec_class == "VLOAD" || exec_class == "VSTORE" || exec_class == "VATOMIC") return ProfileClass::kVmem;
  return ProfileClass::kSalu;  // SALU and SYNC
}

struct Tables {
  std::array<Handler, kOps> handlers{};
  std::array<ProfileClass, kOps> classes{};
  Tables() {
    HandlerRegistry registry;
    register_salu(registry);
    register_branch(registry);
    register_sync(registry);
    register_smem(registry);
    register_valu_int(registry);
    register_valu_float(registry);
    register_valu_f64(registry);
    register_valu_div(registry);
    register_valu_dot(registry);
    register_valu_cvt(registry);
    register_valu_cvt_scaled(registry);
    register_valu_compare(registry);
    register_valu_legacy(registry);
    register_valu_cvt_pack(registry);
    register_valu_special(registry);
    register_lane_ops(registry);
    register_mfma(registry);
    register_ds(registry);
    register_buffer(registry);
    register_global(registry);
    register_scratch(registry);
    for (size_t i = 0; i < kOps; ++i) {
      handlers[i] = registry.find(kMnemonics[i]);
      classes[i] = classify(kExecClasses[i]);
    }
  }
};

const Tables& tables() {
  static const Tables instance;
  return instance;
}

}  // namespace

Handler handler_for(Op op) {
  const size_t i = static_cast<size_t>(op);
  return i < kOps ? tables().handlers[i] : nullptr;
}

std::string_view op_mnemonic(Op op) {
  const size_t i = static_cast<size_t>(op);
  return i < kOps ? kMnemonics[i] : std::string_view("<invalid op>");
}

ProfileClass profile_class(Op op) {
  const size_t i = static_cast<size_t>(op);
  return i < kOps ? tables().classes[i] : ProfileClass::kSalu;
}

}  // namespace ingot::emu
