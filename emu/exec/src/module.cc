#include "module.h"

#include <algorithm>
#include <utility>

#include "device_memory.h"
#include "ingot_emu/decode.h"

namespace ingot::emu {
namespace {

Status not_emulated(const Inst& inst, const std::string& kernel, std::span<const uint8_t> text,
                    uint64_t text_address) {
  const uint64_t offset = inst.address - text_address;
  return Status(StatusCode::kUnsupported, "kernel " + kernel + ", .text offset " + hex(offset) + " (bytes " +
                                              describe_bytes(text, offset, inst.size) + "): " +
                                              disassemble_inst(inst) + " decodes but is not emulated");
}

}  // namespace

Result<Module> Module::load(std::span<const uint8_t> bytes, Target target) {
  Result<CodeObject> parsed = read_code_object(bytes);
  if (!parsed) return parsed.status();
  Module module;
  module.code_object_ = std::move(parsed).value();
  const CodeObject& co = module.code_object_;
  const std::string_view want = target_name(target);
  if (co.arch != want) {
    return Status(StatusCode::kArchMismatch,
                  "code object is for " + co.arch + " but the emulator runs " + std::string(want));
  }
  if (co.text.empty()) return Status(StatusCode::kCorruptCodeObject, "code object has no .text");
  // Decode kernel by kernel (each from its entry to the next kernel's) so that a bad word is
  // reported with the kernel it belongs to; the decoder's message gives offset and bytes.
  std::vector<std::pair<uint64_t, std::string>> starts;
  for (const CodeObjectKernel& kernel : co.kernels) {
    const uint64_t entry = kernel.descriptor.entry_address;
    if (entry >= co.text_address && entry < co.text_address + co.text.size()) {
      starts.emplace_back(entry - co.text_address, kernel.metadata.name);
    }
  }
  std::sort(starts.begin(), starts.end());
  if (starts.empty() || starts.front().first != 0) starts.insert(starts.begin(), {0, "(code before the first kernel)"});
  for (size_t k = 0; k < starts.size(); ++k) {
    const uint64_t begin = starts[k].first;
    const uint64_t end = k + 1 < starts.size() ? starts[k + 1].first : co.text.size();
    if (end <= begin) continue;
    Result<std::vector<Inst>> decoded = decode_text(std::span<const uint8_t>(co.text).subspan(begin, end - begin),
                                                    target, co.text_address + begin);
    if (!decoded) {
      return Status(decoded.status().code(), "decoding kernel " + starts[k].second + " (.text offset " +
                                                 hex(begin) + "): " + decoded.status().message());
    }
    for (Inst& inst : decoded.value()) {
      // Found here, not when a wave reaches it: a kernel is either wholly emulated or refused.
      if (handler_for(inst.op) == nullptr) return not_emulated(inst, starts[k].second, co.text, co.text_address);
      module.program_.push_back(inst);
    }
  }
  module.handlers_.reserve(module.program_.size());
  module.index_by_dword_.assign((co.text.size() + 3) / 4, -1);
  for (size_t i = 0; i < module.program_.size(); ++i) {
    const Inst& inst = module.program_[i];
    module.handlers_.push_back(handler_for(inst.op));
    const uint64_t dword = (inst.address - co.text_address) / 4;
    if (dword < module.index_by_dword_.size()) module.index_by_dword_[dword] = static_cast<int32_t>(i);
  }
  return module;
}

std::optional<size_t> Module::index_of(uint64_t address) const {
  const uint64_t base = code_object_.text_address;
  if (address < base || (address - base) % 4 != 0) return std::nullopt;
  const uint64_t dword = (address - base) / 4;
  if (dword >= index_by_dword_.size() || index_by_dword_[dword] < 0) return std::nullopt;
  return static_cast<size_t>(index_by_dword_[dword]);
}

std::string Module::describe(size_t index) const {
  if (index >= program_.size()) return "<no instruction>";
  return disassemble_inst(program_[index]);
}

std::string Module::kernel_at(uint64_t address) const {
  // The kernel with the greatest entry address not above `address`.
  std::string best;
  uint64_t best_entry = 0;
  for (const CodeObjectKernel& kernel : code_object_.kernels) {
    const uint64_t entry = kernel.descriptor.entry_address;
    if (entry <= address && entry >= best_entry) {
      best_entry = entry;
      best = kernel.metadata.name;
    }
  }
  return best;
}

}  // namespace ingot::emu
