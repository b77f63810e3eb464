// Branches and program-counter instructions. Targets are resolved to program indices; a jump into
// the middle of an instruction or outside .text is a fault.
#include "handler_table.h"
#include "module.h"
#include "operands.h"

namespace ingot::emu {
namespace {

Status jump(Wave& wave, uint64_t address) {
  const auto index = wave.launch->module->index_of(address);
  if (!index) return fault("branch to " + hex(address) + ", which is not an instruction in .text");
  wave.next_pc_index = *index;
  return Status::ok();
}

template <auto Taken>
Status conditional(Wave& wave, const Inst& inst) {
  if (Taken(wave)) return jump(wave, inst.branch_target);
  return Status::ok();
}

uint64_t next_address(const Inst& inst) { return inst.address + inst.size; }

}  // namespace

void register_branch(HandlerRegistry& r) {
  r.add("s_branch", +[](Wave& wave, const Inst& inst) { return jump(wave, inst.branch_target); });
  r.add("s_cbranch_scc0", conditional<([](const Wave& w) { return !w.scc; })>);
  r.add("s_cbranch_scc1", conditional<([](const Wave& w) { return w.scc; })>);
  r.add("s_cbranch_vccz", conditional<([](const Wave& w) { return w.vcc() == 0; })>);
  r.add("s_cbranch_vccnz", conditional<([](const Wave& w) { return w.vcc() != 0; })>);
  r.add("s_cbranch_execz", conditional<([](const Wave& w) { return w.exec() == 0; })>);
  r.add("s_cbranch_execnz", conditional<([](const Wave& w) { return w.exec() != 0; })>);
  r.add("s_getpc_b64", +[](Wave& wave, const Inst& inst) -> Status {
    write_s64(wave, inst.find(Role::kDst), next_address(inst));
    return Status::ok();
  });
  r.add("s_setpc_b64", +[](Wave& wave, const Inst& inst) -> Status {
    const Operand* target = inst.find(Role::kSrc0);
    if (target == nullptr && inst.num_operands > 0) target = &inst.operands[0];
    return jump(wave, read_s64(wave, target));
  });
  r.add("s_swappc_b64", +[](Wave& wave, const Inst& inst) -> Status {
    const uint64_t target = read_s64(wave, inst.find(Role::kSrc0));
    write_s64(wave, inst.find(Role::kDst), next_address(inst));
    return jump(wave, target);
  });
  r.add("s_call_b64", +[](Wave& wave, const Inst& inst) -> Status {
    write_s64(wave, inst.find(Role::kDst), next_address(inst));
    return jump(wave, inst.branch_target);
  });
}

}  // namespace ingot::emu
