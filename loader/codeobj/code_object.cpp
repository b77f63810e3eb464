// Assembles a CodeObject from the checked ELF image, the metadata note and the descriptors.
#include "ingot/tooling/code_object.h"

#include <elf.h>

#include "codeobj/amdgpu_metadata.h"
#include "codeobj/elf_image.h"
#include "ingot/tooling/arch.h"

namespace ingot {
namespace {

// ELF facts for AMDGPU (AMDGPUUsage "ELF Code Object").
constexpr uint16_t kEmAmdgpu = 224;
constexpr uint8_t kOsAbiAmdgpuHsa = 64;
constexpr uint32_t kMachMask = 0x0ff;
constexpr uint32_t kXnackMask = 0x300;
constexpr uint32_t kSramEccMask = 0xc00;
constexpr unsigned kXnackShift = 8;
constexpr unsigned kSramEccShift = 10;

struct AbiVersion {
  uint8_t abi_version;
  uint32_t code_object_version;
};
constexpr AbiVersion kAbiVersions[] = {{2, 4}, {3, 5}, {4, 6}};

Status corrupt(std::string message) { return {StatusCode::kCorruptCodeObject, std::move(message)}; }

// The v4+ feature encoding: 0 unsupported, 1 any, 2 off, 3 on.
TargetFeature decode_feature(uint32_t value) {
  switch (value) {
    case 1: return TargetFeature::kAny;
    case 2: return TargetFeature::kOff;
    case 3: return TargetFeature::kOn;
    default: return TargetFeature::kUnsupported;
  }
}

Status read_text(const elf::Image& image, CodeObject& out) {
  const elf::Section* text = image.find_section(".text");
  if (text == nullptr) return Status::ok();  // a data-only object is legal ELF; kernels check entries
  if (text->type == SHT_NOBITS) return corrupt("section .text has no file data (SHT_NOBITS)");
  auto bytes = image.contents(*text);
  out.text.assign(bytes.begin(), bytes.end());
  out.text_address = text->addr;
  return Status::ok();
}

void read_segments(const elf::Image& image, CodeObject& out) {
  for (const elf::Segment& segment : image.segments) {
    if (segment.type != PT_LOAD) continue;
    LoadSegment load;
    load.vaddr = segment.vaddr;
    load.mem_size = segment.mem_size;
    load.flags = segment.flags;
    auto bytes = std::span<const uint8_t>(image.bytes).subspan(segment.offset, segment.file_size);
    load.bytes.assign(bytes.begin(), bytes.end());
    out.segments.push_back(std::move(load));
  }
}

Status read_metadata(const elf::Image& image, CodeObject& out, std::vector<KernelMetadata>& kernels) {
  const elf::Note* note = nullptr;
  for (const elf::Note& candidate : image.notes) {
    if (candidate.owner == metadata::kNoteOwner && candidate.type == metadata::kNoteType) {
      if (note != nullptr) return corrupt("more than one NT_AMDGPU_METADATA note");
      note = &candidate;
    }
  }
  if (note == nullptr) return corrupt("no NT_AMDGPU_METADATA note (owner \"AMDGPU\", type 32)");
  auto parsed = metadata::parse(note->desc);
  if (!parsed) return Status(parsed.status().code(), parsed.status().message() + " (" + note->where + ")");
  out.target = std::move(parsed->target);
  kernels = std::move(parsed->kernels);
  return Status::ok();
}

Status read_kernel(const elf::Image& image, const CodeObject& object, KernelMetadata metadata,
                   CodeObjectKernel& out) {
  const std::string where = "kernel " + metadata.name;
  const ElfSymbol* kd_symbol = object.find_symbol(metadata.symbol);
  if (kd_symbol == nullptr) return corrupt(where + ": descriptor symbol " + metadata.symbol + " not found");
  if (kd_symbol->section_index == SHN_UNDEF) {
    return corrupt(where + ": descriptor symbol " + metadata.symbol + " is undefined");
  }
  auto bytes = image.read_at_address(kd_symbol->value, KernelDescriptor::kSize, kd_symbol->section_index,
                                     where + ": descriptor " + metadata.symbol);
  if (!bytes) return bytes.status();
  auto descriptor = decode_kernel_descriptor(bytes.value(), kd_symbol->value, object.arch);
  if (!descriptor) return Status(descriptor.status().code(), where + ": " + descriptor.status().message());
  out.metadata = std::move(metadata);
  out.descriptor = descriptor.value();
  return Status::ok();
}

}  // namespace

const char* target_feature_name(TargetFeature feature) {
  switch (feature) {
    case TargetFeature::kUnsupported: return "unsupported";
    case TargetFeature::kAny: return "any";
    case TargetFeature::kOff: return "off";
    case TargetFeature::kOn: return "on";
  }
  return "unknown";
}

const ElfSymbol* CodeObject::find_symbol(std::string_view name) const {
  for (const ElfSymbol& symbol : symbols) {
    if (symbol.name == name && symbol.section_index != SHN_UNDEF) return &symbol;
  }
  for (const ElfSymbol& symbol : symbols) {
    if (symbol.name == name) return &symbol;
  }
  return nullptr;
}

const CodeObjectKernel* CodeObject::find_kernel(std::string_view name) const {
  for (const CodeObjectKernel& kernel : kernels) {
    if (kernel.metadata.name == name || kernel.metadata.symbol == name) return &kernel;
  }
  return nullptr;
}

Result<CodeObject> read_code_object(std::span<const uint8_t> bytes) {
  auto image = elf::parse_image(bytes);
  if (!image) return image.status();
  CodeObject out;
  out.e_machine = image->e_machine;
  out.e_type = image->e_type;
  out.os_abi = image->os_abi;
  out.abi_version = image->abi_version;
  out.e_flags = image->e_flags;
  if (out.e_machine != kEmAmdgpu) {
    return corrupt("e_machine is " + std::to_string(out.e_machine) + ", not EM_AMDGPU (224)");
  }
  if (out.os_abi != kOsAbiAmdgpuHsa) {
    return corrupt("EI_OSABI is " + std::to_string(out.os_abi) + ", not ELFOSABI_AMDGPU_HSA (64)");
  }
  for (const AbiVersion& version : kAbiVersions) {
    if (version.abi_version == out.abi_version) out.code_object_version = version.code_object_version;
  }
  if (out.code_object_version == 0) {
    return corrupt("EI_ABIVERSION " + std::to_string(out.abi_version) +
                   " is not code object v4 (2), v5 (3) or v6 (4)");
  }
  out.mach = out.e_flags & kMachMask;
  out.arch = std::string(mach_name(out.mach));
  out.xnack = decode_feature((out.e_flags & kXnackMask) >> kXnackShift);
  out.sramecc = decode_feature((out.e_flags & kSramEccMask) >> kSramEccShift);
  out.symbols = image->symbols;
  INGOT_RETURN_IF_ERROR(read_text(*image, out));
  read_segments(*image, out);

  std::vector<KernelMetadata> kernels;
  INGOT_RETURN_IF_ERROR(read_metadata(*image, out, kernels));
  for (KernelMetadata& metadata : kernels) {
    CodeObjectKernel kernel;
    INGOT_RETURN_IF_ERROR(read_kernel(*image, out, std::move(metadata), kernel));
    out.kernels.push_back(std::move(kernel));
  }
  return out;
}

}  // namespace ingot
