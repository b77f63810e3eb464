#include <algorithm>

#include "ingot/tooling/arch.h"
#include "validate/checks.h"

namespace ingot::validation {
namespace {

constexpr std::string_view kHiddenPrefix = "hidden_";
// LLVM counts AGPRs after the arch VGPRs rounded up to a multiple of 4 (gfx90a+ unified file).
constexpr uint32_t kAgprBaseAlign = 4;

class Reporter {
 public:
  Reporter(const ManifestKernel& kernel, std::vector<ValidationIssue>& issues) : kernel_(kernel), issues_(issues) {}
  void add(std::string message) { issues_.push_back({kernel_.id, std::move(message)}); }
  // "what: manifest says A, code object says B" when they differ.
  void expect_equal(const std::string& what, uint64_t manifest_value, uint64_t object_value, const char* source) {
    if (manifest_value != object_value) {
      add(what + " is " + std::to_string(object_value) + " in the " + source + " but " +
          std::to_string(manifest_value) + " in the manifest");
    }
  }

 private:
  const ManifestKernel& kernel_;
  std::vector<ValidationIssue>& issues_;
};

uint32_t align_up(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }

void check_kernargs(const ManifestKernel& kernel, const KernelMetadata& metadata, Reporter& report) {
  report.expect_equal("kernarg segment size", kernel.kernarg.size, metadata.kernarg_segment_size, "metadata");
  report.expect_equal("kernarg segment alignment", kernel.kernarg.align, metadata.kernarg_segment_align, "metadata");
  for (const KernargArg& arg : kernel.kernarg.args) {
    auto found = std::find_if(metadata.args.begin(), metadata.args.end(),
                              [&](const KernelArgMetadata& m) { return m.offset == arg.offset; });
    if (found == metadata.args.end()) {
      report.add("kernarg " + arg.name + " at offset " + std::to_string(arg.offset) +
                 " has no metadata argument at that offset");
      continue;
    }
    if (found->name != arg.name) {
      report.add("kernarg at offset " + std::to_string(arg.offset) + " is named " + arg.name +
                 " in the manifest but " + (found->name.empty() ? "<unnamed>" : found->name) + " in the metadata");
    }
    if (found->size != arg.size) {
      report.add("kernarg " + arg.name + " is " + std::to_string(arg.size) + " bytes in the manifest but " +
                 std::to_string(found->size) + " in the metadata");
    }
  }
  for (const KernelArgMetadata& meta : metadata.args) {
    if (meta.value_kind.rfind(kHiddenPrefix, 0) == 0) continue;  // the runtime fills hidden args
    const bool listed = std::any_of(kernel.kernarg.args.begin(), kernel.kernarg.args.end(),
                                    [&](const KernargArg& arg) { return arg.offset == meta.offset; });
    if (!listed) {
      report.add("metadata argument " + (meta.name.empty() ? std::string("<unnamed>") : meta.name) + " at offset " +
                 std::to_string(meta.offset) + " is missing from the manifest's kernarg layout");
    }
  }
}

void check_limits(const ArchInfo& arch, const KernelMetadata& metadata, Reporter& report) {
  const std::string name(arch.name);
  if (metadata.vgpr_count > arch.max_arch_vgprs) {
    report.add("uses " + std::to_string(metadata.vgpr_count) + " VGPRs, over " + name + "'s " +
               std::to_string(arch.max_arch_vgprs));
  }
  if (metadata.agpr_count > arch.max_agprs) {
    report.add("uses " + std::to_string(metadata.agpr_count) + " AGPRs, over " + name + "'s " +
               std::to_string(arch.max_agprs));
  }
  const uint32_t unified = align_up(metadata.vgpr_count, kAgprBaseAlign) + metadata.agpr_count;
  if (unified > arch.max_vgprs) {
    report.add("uses " + std::to_string(unified) + " VGPRs + AGPRs, over " + name + "'s " +
               std::to_string(arch.max_vgprs));
  }
  if (metadata.sgpr_count > arch.max_sgprs + arch.extra_sgprs) {
    report.add("uses " + std::to_string(metadata.sgpr_count) + " SGPRs, over " + name + "'s " +
               std::to_string(arch.max_sgprs) + " (+" + std::to_string(arch.extra_sgprs) + " VCC/FLAT_SCRATCH/XNACK)");
  }
  if (metadata.group_segment_fixed_size > arch.lds_bytes) {
    report.add("uses " + std::to_string(metadata.group_segment_fixed_size) + " bytes of LDS, over " + name + "'s " +
               std::to_string(arch.lds_bytes));
  }
  if (metadata.wavefront_size != arch.wavefront_size) {
    report.add("wavefront size is " + std::to_string(metadata.wavefront_size) + ", " + name + " runs " +
               std::to_string(arch.wavefront_size));
  }
}

void check_descriptor(const ArchInfo& arch, const CodeObject& object, const CodeObjectKernel& entry,
                      Reporter& report) {
  const KernelMetadata& metadata = entry.metadata;
  const KernelDescriptor& kd = entry.descriptor;
  // LLVM's total for gfx90a+: AGPRs follow the 4-aligned arch VGPRs when any AGPR is used.
  const uint32_t needed = metadata.agpr_count > 0
                              ? align_up(metadata.vgpr_count, kAgprBaseAlign) + metadata.agpr_count
                              : metadata.vgpr_count;
  const uint32_t expected_blocks = align_up(std::max(needed, 1u), arch.vgpr_alloc_granule) / arch.vgpr_alloc_granule - 1;
  if (kd.granulated_vgpr_count != expected_blocks) {
    report.add("descriptor VGPR blocks are " + std::to_string(kd.granulated_vgpr_count) + " (" +
               std::to_string(kd.allocated_vgprs) + " registers) but metadata's " + std::to_string(metadata.vgpr_count) +
               " VGPRs + " + std::to_string(metadata.agpr_count) + " AGPRs need " + std::to_string(expected_blocks));
  }
  if (metadata.agpr_count > 0 && kd.accum_offset < metadata.vgpr_count) {
    report.add("descriptor accum_offset " + std::to_string(kd.accum_offset) + " is below the " +
               std::to_string(metadata.vgpr_count) + " arch VGPRs in use");
  }
  if (kd.group_segment_fixed_size != metadata.group_segment_fixed_size) {
    report.add("descriptor LDS size " + std::to_string(kd.group_segment_fixed_size) + " differs from metadata's " +
               std::to_string(metadata.group_segment_fixed_size));
  }
  if (kd.private_segment_fixed_size != metadata.private_segment_fixed_size) {
    report.add("descriptor scratch size " + std::to_string(kd.private_segment_fixed_size) +
               " differs from metadata's " + std::to_string(metadata.private_segment_fixed_size));
  }
  if (kd.kernarg_size != metadata.kernarg_segment_size) {
    report.add("descriptor kernarg size " + std::to_string(kd.kernarg_size) + " differs from metadata's " +
               std::to_string(metadata.kernarg_segment_size));
  }
  const uint64_t text_end = object.text_address + object.text.size();
  if (kd.entry_address < object.text_address || kd.entry_address >= text_end) {
    report.add("descriptor entry point is outside .text");
  }
}

void check_resources(const ManifestKernel& kernel, const CodeObjectKernel& entry, Reporter& report) {
  const Resources& r = kernel.resources;
  const KernelMetadata& m = entry.metadata;
  report.expect_equal("resources.vgpr", r.vgpr, m.vgpr_count, "metadata");
  report.expect_equal("resources.agpr", r.agpr, m.agpr_count, "metadata");
  report.expect_equal("resources.sgpr", r.sgpr, m.sgpr_count, "metadata");
  report.expect_equal("resources.lds", r.lds, m.group_segment_fixed_size, "metadata");
  report.expect_equal("resources.scratch", r.scratch, m.private_segment_fixed_size, "metadata");
  report.expect_equal("resources.wavefront_size", r.wavefront_size, m.wavefront_size, "metadata");
  report.expect_equal("resources.max_flat_workgroup_size", r.max_flat_workgroup_size, m.max_flat_workgroup_size,
                      "metadata");
  report.expect_equal("resources.accum_offset", r.accum_offset, entry.descriptor.accum_offset, "descriptor");
  const uint64_t workgroup = uint64_t{kernel.launch.workgroup[0]} * kernel.launch.workgroup[1] * kernel.launch.workgroup[2];
  if (workgroup > m.max_flat_workgroup_size) {
    report.add("launch workgroup of " + std::to_string(workgroup) + " work-items exceeds max_flat_workgroup_size " +
               std::to_string(m.max_flat_workgroup_size));
  }
}

}  // namespace

void check_code_object(const ManifestKernel& kernel, const CodeObject& object, std::vector<ValidationIssue>& issues) {
  Reporter report(kernel, issues);
  if (object.arch != kernel.arch) {
    report.add("code object is for " + object.arch + " (e_flags mach " + std::to_string(object.mach) +
               ") but the manifest says " + kernel.arch);
  }
  const ElfSymbol* symbol = object.find_symbol(kernel.symbol);
  if (symbol == nullptr || symbol->section_index == 0) report.add("kernel symbol " + kernel.symbol + " is not defined");
  const ElfSymbol* kd_symbol = object.find_symbol(kernel.symbol + ".kd");
  if (kd_symbol == nullptr || kd_symbol->section_index == 0) {
    report.add("descriptor symbol " + kernel.symbol + ".kd is not defined");
  }
  const CodeObjectKernel* entry = object.find_kernel(kernel.symbol);
  if (entry == nullptr) {
    report.add("no metadata entry for kernel " + kernel.symbol);
    return;
  }
  check_kernargs(kernel, entry->metadata, report);
  check_resources(kernel, *entry, report);
  if (const ArchInfo* arch = find_arch(object.arch)) {
    check_limits(*arch, entry->metadata, report);
    check_descriptor(*arch, object, *entry, report);
  }
}

}  // namespace ingot::validation
