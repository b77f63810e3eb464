#include "ingot/tooling/pack.h"

#include <set>
#include <system_error>

#include "dispatch/compiled_pack.h"
#include "ingot/tooling/select.h"
#include "manifest/manifest_read.h"
#include "pack/file_io.h"
#include "pack/manifest_digest.h"
#include "pack/sha256.h"
#include "validate/checks.h"

namespace ingot {
namespace {

// Generous caps so a hostile pack cannot make us read unbounded files.
constexpr uint64_t kMaxManifestBytes = 256ull << 20;
constexpr uint64_t kMaxCodeObjectBytes = 256ull << 20;

// Lexical containment of a canonical path in a canonical directory.
bool is_inside(const std::filesystem::path& path, const std::filesystem::path& dir) {
  auto rel = path.lexically_relative(dir);
  return !rel.empty() && *rel.begin() != ".." && !rel.is_absolute();
}

}  // namespace

const CodeObjectKernel* VerifiedCodeObject::code_object_kernel() const {
  return kernel == nullptr ? nullptr : code_object.find_kernel(kernel->symbol);
}

Result<Pack> Pack::open(const std::filesystem::path& dir) {
  auto text = read_file_text(dir / "manifest.json", kMaxManifestBytes);
  if (!text) return text.status();
  INGOT_RETURN_IF_ERROR(check_manifest_digest(dir, text.value()));
  return from_manifest_text(text.value(), dir);
}

Result<Pack> Pack::from_manifest_text(std::string_view json_text, const std::filesystem::path& dir) {
  auto manifest = parse_manifest(json_text, UnusedDefinitions::kAllow);
  if (!manifest) return manifest.status();
  auto state = std::make_shared<State>();
  state->dir = dir;
  state->manifest = std::move(manifest.value());
  for (const ManifestKernel& kernel : state->manifest.kernels) {
    if (!state->by_id.emplace(kernel.id, &kernel).second) {
      return Status(StatusCode::kCorruptManifest, "manifest: duplicate kernel id \"" + kernel.id + "\"");
    }
    state->by_op_arch[{kernel.op, kernel.arch}].push_back(&kernel);
  }
  // by_id is ordered, so walking it gives each (op, arch) list in id order.
  for (auto& [key, list] : state->by_op_arch) list.clear();
  for (const auto& [id, kernel] : state->by_id) state->by_op_arch[{kernel->op, kernel->arch}].push_back(kernel);
  state->compiled = std::make_shared<const dispatch::CompiledPack>(dispatch::CompiledPack::compile(state->manifest));
  return Pack(std::move(state));
}

const ManifestKernel* Pack::find(std::string_view id) const {
  auto found = state_->by_id.find(id);
  return found == state_->by_id.end() ? nullptr : found->second;
}

std::span<const ManifestKernel* const> Pack::candidates(std::string_view op, std::string_view arch) const {
  auto found = state_->by_op_arch.find(std::make_pair(std::string(op), std::string(arch)));
  if (found == state_->by_op_arch.end()) return {};
  return found->second;
}

std::vector<const ManifestKernel*> Pack::query(const KernelQuery& query) const {
  std::vector<const ManifestKernel*> out;
  for (const auto& [id, kernel] : state_->by_id) {
    if (query.op && kernel->op != *query.op) continue;
    if (query.arch && kernel->arch != *query.arch) continue;
    if (query.family && kernel->family != *query.family) continue;
    bool params_match = true;
    for (const auto& [name, wanted] : query.params) {
      auto found = kernel->params.find(name);
      if (found == kernel->params.end() || param_to_string(found->second) != wanted) {
        params_match = false;
        break;
      }
    }
    if (params_match) out.push_back(kernel);
  }
  return out;
}

Result<std::filesystem::path> Pack::resolve(const ManifestKernel& kernel) const {
  Status path_ok = check_pack_relative_path(kernel.file);
  if (!path_ok) return Status(path_ok.code(), "kernel " + kernel.id + ": " + path_ok.message());
  return state_->dir / kernel.file;
}

Result<VerifiedCodeObject> Pack::load_code_object(const ManifestKernel& kernel) const {
  auto path = resolve(kernel);
  if (!path) return path.status();
  const std::string where = "kernel " + kernel.id + " (" + kernel.file + ")";
  // A symlink inside the pack may still point outside it.
  std::error_code error;
  const auto real_dir = std::filesystem::canonical(state_->dir, error);
  const auto real_file = std::filesystem::canonical(path.value(), error);
  if (!error && !is_inside(real_file, real_dir)) {
    return Status(StatusCode::kIntegrityError, where + ": resolves outside the pack directory");
  }
  auto bytes = read_file_bytes(path.value(), kMaxCodeObjectBytes);
  if (!bytes) return Status(bytes.status().code(), where + ": " + bytes.status().message());
  if (bytes->size() != kernel.size) {
    return Status(StatusCode::kIntegrityError, where + ": size is " + std::to_string(bytes->size()) +
                                                   " bytes, manifest says " + std::to_string(kernel.size));
  }
  auto digest = sha256_hex(bytes.value());
  if (!digest) return digest.status();
  if (digest.value() != kernel.sha256) {
    return Status(StatusCode::kIntegrityError,
                  where + ": sha256 is " + digest.value() + ", manifest says " + kernel.sha256);
  }
  auto object = read_code_object(bytes.value());
  if (!object) return Status(object.status().code(), where + ": " + object.status().message());
  if (object->arch != kernel.arch) {
    return Status(StatusCode::kArchMismatch, where + ": code object is for " + object->arch + " (mach " +
                                                 std::to_string(object->mach) + "), manifest says " + kernel.arch);
  }
  const ElfSymbol* symbol = object->find_symbol(kernel.symbol);
  if (symbol == nullptr || symbol->section_index == 0) {
    return Status(StatusCode::kCorruptCodeObject, where + ": kernel symbol " + kernel.symbol + " is not defined");
  }
  const ElfSymbol* descriptor = object->find_symbol(kernel.symbol + ".kd");
  if (descriptor == nullptr || descriptor->section_index == 0) {
    return Status(StatusCode::kCorruptCodeObject, where + ": descriptor symbol " + kernel.symbol + ".kd is not defined");
  }
  if (object->find_kernel(kernel.symbol) == nullptr) {
    return Status(StatusCode::kCorruptCodeObject, where + ": no metadata entry for kernel " + kernel.symbol);
  }
  // The sha256 proves the bytes are the ones the manifest names, not that the manifest describes them:
  // the same checks `validate` makes (kernarg layout and size against the metadata, workgroup size
  // against max_flat_workgroup_size, resources against the metadata, descriptor and arch limits), so a
  // launch never packs arguments the kernel reads elsewhere.
  std::vector<ValidationIssue> issues;
  validation::check_code_object(kernel, object.value(), issues);
  if (!issues.empty()) {
    std::string problems;
    for (const ValidationIssue& issue : issues) problems += (problems.empty() ? "" : "; ") + issue.message;
    return Status(StatusCode::kCorruptManifest,
                  where + ": the manifest entry disagrees with its code object or arch: " + problems);
  }
  VerifiedCodeObject out;
  out.kernel = &kernel;
  out.bytes = std::move(bytes.value());
  out.code_object = std::move(object.value());
  return out;
}

Result<Selection> Pack::select(const Problem& problem, const DeviceInfo& device) const {
  return ingot::select(*this, problem, device);
}

}  // namespace ingot
