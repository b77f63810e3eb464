// GLOBAL and FLAT loads, stores and atomics. global: address = (saddr ? s[saddr:+1] + v[vaddr] (32-bit)
// : v[vaddr:+1]) + offset. flat: v[vaddr:+1] + offset, treated as a global address (the emulator has
// no scratch or LDS apertures: a flat address outside every allocation is a fault).
#include <array>
#include <deque>
#include <string>
#include <string_view>

#include "handler_table.h"
#include "vector_memory.h"

namespace ingot::emu {
namespace {

void global_lanes(const Wave& wave, const Inst& inst, VmemLanes& out) {
  const Operand* vaddr = inst.find(Role::kAddr);
  const Operand* saddr = inst.find(Role::kSaddr);
  const bool scalar_base = saddr != nullptr && saddr->kind == OperandKind::kScalar;
  Lanes lo, hi;
  read_lanes(wave, vaddr, lo, 0);
  if (!scalar_base) read_lanes(wave, vaddr, hi, 1);
  const uint64_t base = scalar_base ? read_s64(wave, saddr) : 0;
  const int64_t offset = inst.mem.offset;
  out.lanes = wave.exec();
  for (int l = 0; l < kWaveSize; ++l) {
    const uint64_t v = scalar_base ? uint64_t{lo.v[l]} : (lo.v[l] | uint64_t{hi.v[l]} << 32);
    out.address[l] = base + v + static_cast<uint64_t>(offset);
    out.valid[l] = 0xff;
  }
}

template <LoadForm Form, uint32_t Dwords>
Status global_load(Wave& wave, const Inst& inst) {
  VmemLanes lanes;
  global_lanes(wave, inst, lanes);
  if (inst.mem.lds) return vmem_load_to_lds(wave, inst, lanes, Form, Dwords, LdsM0::kDwords);
  return vmem_load(wave, inst, lanes, Form, Dwords);
}

// global_load_lds_*: always direct-to-LDS (the lane layout is vmem_load_to_lds's).
template <LoadForm Form, uint32_t Dwords>
Status global_load_lds(Wave& wave, const Inst& inst) {
  VmemLanes lanes;
  global_lanes(wave, inst, lanes);
  return vmem_load_to_lds(wave, inst, lanes, Form, Dwords, LdsM0::kDwords);
}

template <StoreForm Form, uint32_t Dwords>
Status global_store(Wave& wave, const Inst& inst) {
  VmemLanes lanes;
  global_lanes(wave, inst, lanes);
  return vmem_store(wave, inst, lanes, Form, Dwords);
}

constexpr size_t kOps = static_cast<size_t>(Op::kNumOps);

std::string_view atomic_stem(std::string_view name) {
  for (std::string_view prefix : {std::string_view("global_atomic_"), std::string_view("flat_atomic_")}) {
    if (name.substr(0, prefix.size()) == prefix) return name.substr(prefix.size());
  }
  return {};
}

Status global_atomic(Wave& wave, const Inst& inst) {
  static const auto table = [] {
    std::array<std::pair<Atomic32, Atomic64>, kOps> ops{};
    for (size_t i = 0; i < kOps; ++i) {
      const std::string stem(atomic_stem(op_mnemonic(static_cast<Op>(i))));
      if (!stem.empty()) ops[i] = {atomic32_op(stem.c_str()), atomic64_op(stem.c_str())};
    }
    return ops;
  }();
  const auto [op32, op64] = table[static_cast<size_t>(inst.op)];
  const bool cmpswap = op_mnemonic(inst.op).find("cmpswap") != std::string_view::npos;
  VmemLanes lanes;
  global_lanes(wave, inst, lanes);
  if (op32 != nullptr) return vmem_atomic32(wave, inst, lanes, op32, cmpswap);
  if (op64 != nullptr) return vmem_atomic64(wave, inst, lanes, op64, cmpswap);
  return Status(StatusCode::kUnsupported, std::string(op_mnemonic(inst.op)) + " is not emulated");
}

}  // namespace

void register_global(HandlerRegistry& r) {
  static std::deque<std::string> names;
  auto add = [&](const std::string& name, Handler handler) {
    names.push_back(name);
    r.add(names.back(), handler);
  };
  for (const char* family : {"global_", "flat_"}) {
    const std::string f(family);
    add(f + "load_dword", global_load<LoadForm::kDwords, 1>);
    add(f + "load_dwordx2", global_load<LoadForm::kDwords, 2>);
    add(f + "load_dwordx3", global_load<LoadForm::kDwords, 3>);
    add(f + "load_dwordx4", global_load<LoadForm::kDwords, 4>);
    add(f + "load_ubyte", global_load<LoadForm::kU8, 1>);
    add(f + "load_sbyte", global_load<LoadForm::kI8, 1>);
    add(f + "load_ushort", global_load<LoadForm::kU16, 1>);
    add(f + "load_sshort", global_load<LoadForm::kI16, 1>);
    add(f + "load_ubyte_d16", global_load<LoadForm::kD16U8, 1>);
    add(f + "load_sbyte_d16", global_load<LoadForm::kD16I8, 1>);
    add(f + "load_short_d16", global_load<LoadForm::kD16U16, 1>);
    add(f + "load_ubyte_d16_hi", global_load<LoadForm::kD16HiU8, 1>);
    add(f + "load_sbyte_d16_hi", global_load<LoadForm::kD16HiI8, 1>);
    add(f + "load_short_d16_hi", global_load<LoadForm::kD16HiU16, 1>);
    add(f + "store_dword", global_store<StoreForm::kDwords, 1>);
    add(f + "store_dwordx2", global_store<StoreForm::kDwords, 2>);
    add(f + "store_dwordx3", global_store<StoreForm::kDwords, 3>);
    add(f + "store_dwordx4", global_store<StoreForm::kDwords, 4>);
    add(f + "store_byte", global_store<StoreForm::kByte, 1>);
    add(f + "store_byte_d16_hi", global_store<StoreForm::kByteHi, 1>);
    add(f + "store_short", global_store<StoreForm::kShort, 1>);
    add(f + "store_short_d16_hi", global_store<StoreForm::kShortHi, 1>);
    for (const char* stem : kVmemAtomicStems) {
      add(f + "atomic_" + stem, global_atomic);
    }
  }
  add("global_load_lds_ubyte", global_load_lds<LoadForm::kU8, 1>);
  add("global_load_lds_sbyte", global_load_lds<LoadForm::kI8, 1>);
  add("global_load_lds_ushort", global_load_lds<LoadForm::kU16, 1>);
  add("global_load_lds_sshort", global_load_lds<LoadForm::kI16, 1>);
  add("global_load_lds_dword", global_load_lds<LoadForm::kDwords, 1>);
  add("global_load_lds_dwordx3", global_load_lds<LoadForm::kDwords, 3>);
  add("global_load_lds_dwordx4", global_load_lds<LoadForm::kDwords, 4>);
}

}  // namespace ingot::emu
