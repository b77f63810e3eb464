// ingot info KERNEL: the manifest entry, then what the (verified) code object itself says.
#include <iostream>
#include <sstream>

#include "cli_common.h"
#include "verbs.h"

namespace ingot::cli {
namespace {

void print_manifest_entry(const ManifestKernel& k) {
  std::cout << "id:          " << k.id << "\n"
            << "family:      " << k.family << "\n"
            << "op:          " << k.op << "\n"
            << "arch:        " << k.arch << "\n"
            << "params:      " << params_text(k.params) << "\n"
            << "file:        " << k.file << " (" << k.size << " bytes)\n"
            << "sha256:      " << k.sha256 << "\n"
            << "symbol:      " << k.symbol << "\n"
            << "match:       " << params_text(k.match) << "\n";
  for (const auto& c : k.constraints) {
    std::cout << "constraint:  " << c.name << ": " << c.expr.to_string() << "  (\"" << c.message << "\")\n";
  }
  std::cout << "cost:        " << k.cost.to_string() << "\n";
  const auto& l = k.launch;
  std::cout << "launch:      workgroup [" << l.workgroup[0] << ", " << l.workgroup[1] << ", " << l.workgroup[2]
            << "], grid [" << l.grid[0].to_string() << ", " << l.grid[1].to_string() << ", "
            << l.grid[2].to_string() << "] workgroups, dynamic_lds " << l.dynamic_lds.to_string()
            << ", workspace " << l.workspace.to_string() << "\n";
  std::cout << "kernarg:     " << k.kernarg.size << " bytes, align " << k.kernarg.align << "\n";
  for (const auto& a : k.kernarg.args) {
    std::cout << "  " << a.offset << "+" << a.size << "  " << arg_type_name(a.type) << "  " << a.name << " = "
              << a.value.to_string() << "\n";
  }
  const Resources& r = k.resources;
  std::cout << "resources:   vgpr " << r.vgpr << ", agpr " << r.agpr << ", sgpr " << r.sgpr << ", lds " << r.lds
            << ", scratch " << r.scratch << ", accum_offset " << r.accum_offset << ", wavefront "
            << r.wavefront_size << ", max_flat_workgroup_size " << r.max_flat_workgroup_size << "\n";
}

void print_code_object(const VerifiedCodeObject& verified) {
  const CodeObject& co = verified.code_object;
  std::cout << "\ncode object (verified: size, sha256, arch, symbol):\n"
            << "  elf:         e_machine " << co.e_machine << ", code object v" << co.code_object_version
            << ", e_flags 0x" << std::hex << co.e_flags << std::dec << " (" << co.arch << ", xnack "
            << target_feature_name(co.xnack) << ", sramecc " << target_feature_name(co.sramecc) << ")\n"
            << "  target:      " << co.target << "\n"
            << "  .text:       " << co.text.size() << " bytes at 0x" << std::hex << co.text_address << std::dec << "\n";
  const CodeObjectKernel* kernel = verified.code_object_kernel();
  if (kernel == nullptr) return;
  const KernelMetadata& m = kernel->metadata;
  const KernelDescriptor& d = kernel->descriptor;
  std::cout << "  metadata:    kernarg_segment " << m.kernarg_segment_size << " bytes (align "
            << m.kernarg_segment_align << "), group " << m.group_segment_fixed_size << ", private "
            << m.private_segment_fixed_size << ", wavefront " << m.wavefront_size << ", sgpr " << m.sgpr_count
            << ", vgpr " << m.vgpr_count << ", agpr " << m.agpr_count << ", max_flat_workgroup_size "
            << m.max_flat_workgroup_size << "\n";
  for (const auto& a : m.args) {
    std::cout << "    " << a.offset << "+" << a.size << "  " << a.value_kind
              << (a.address_space.empty() ? "" : " (" + a.address_space + ")") << "  "
              << (a.name.empty() ? "<unnamed>" : a.name) << "\n";
  }
  std::cout << "  descriptor:  at 0x" << std::hex << d.address << ", entry 0x" << d.entry_address << std::dec
            << "\n"
            << "    rsrc1 0x" << std::hex << d.compute_pgm_rsrc1 << ": vgpr blocks " << std::dec
            << d.granulated_vgpr_count << " (" << d.allocated_vgprs << " VGPRs allocated), sgpr blocks "
            << d.granulated_sgpr_count << ", float round " << d.float_round_mode_32 << "/"
            << d.float_round_mode_16_64 << ", denorm " << d.float_denorm_mode_32 << "/" << d.float_denorm_mode_16_64
            << ", dx10_clamp " << d.dx10_clamp << ", ieee " << d.ieee_mode << "\n"
            << "    rsrc2 0x" << std::hex << d.compute_pgm_rsrc2 << std::dec << ": user sgprs " << d.user_sgpr_count
            << ", workgroup id x/y/z " << d.workgroup_id_x << d.workgroup_id_y << d.workgroup_id_z
            << ", work-item id vgprs " << d.workitem_id_vgprs << ", lds " << d.lds_bytes << " bytes\n"
            << "    rsrc3 0x" << std::hex << d.compute_pgm_rsrc3 << std::dec << ": accum_offset " << d.accum_offset
            << ", tg_split " << d.tg_split << "\n"
            << "    kernel_code_properties 0x" << std::hex << d.kernel_code_properties << std::dec
            << ": kernarg ptr " << d.enable_kernarg_segment_ptr << ", dispatch ptr " << d.enable_dispatch_ptr
            << ", private segment buffer " << d.enable_private_segment_buffer << ", dynamic stack "
            << d.uses_dynamic_stack << "\n";
}

}  // namespace

int run_info(const ParsedArgs& args) {
  auto pack = open_pack_from(args);
  if (!pack) return report_failure(pack.status());
  const std::string& id = args.positionals.front();
  const ManifestKernel* kernel = pack.value().find(id);
  if (kernel == nullptr) return report_failure(Status(StatusCode::kNotFound, "no kernel '" + id + "' in the pack"));
  auto verified = pack.value().load_code_object(*kernel);
  if (args.has("json")) {
    if (!verified) return report_failure(verified.status());
    nlohmann::json out = kernel_json(*kernel);
    const CodeObject& co = verified.value().code_object;
    out["sha256"] = kernel->sha256;
    out["code_object"] = {{"verified", true}, {"arch", co.arch}, {"target", co.target},
                          {"code_object_version", co.code_object_version}, {"text_bytes", co.text.size()}};
    std::cout << out.dump(1) << "\n";
    return kExitOk;
  }
  print_manifest_entry(*kernel);
  if (!verified) return report_failure(verified.status());
  print_code_object(verified.value());
  return kExitOk;
}

}  // namespace ingot::cli
