// Walks a pack: manifest, files, then each code object (validate_code_object.cpp).
#include "ingot/tooling/validate.h"

#include <algorithm>
#include <map>
#include <set>
#include <system_error>

#include "ingot/tooling/arch.h"
#include "ingot/tooling/pack.h"
#include "pack/file_io.h"
#include "pack/manifest_digest.h"
#include "pack/sha256.h"
#include "validate/checks.h"

namespace ingot {
namespace {

constexpr uint64_t kMaxManifestBytes = 256ull << 20;
constexpr uint64_t kMaxCodeObjectBytes = 256ull << 20;
constexpr std::string_view kCodeObjectExtension = ".co";

void check_kernel_file(const std::filesystem::path& dir, const ManifestKernel& kernel, ValidationReport& report) {
  auto add = [&](std::string message) { report.issues.push_back({kernel.id, std::move(message)}); };
  Status path_ok = check_pack_relative_path(kernel.file);
  if (!path_ok) {
    add(path_ok.message());
    return;
  }
  const std::string expected_file = kernel.arch + "/" + kernel.id + std::string(kCodeObjectExtension);
  if (kernel.file != expected_file) add("file is " + kernel.file + ", expected " + expected_file);
  if (kernel.symbol != kernel.id) add("symbol " + kernel.symbol + " differs from the id");
  if (find_arch(kernel.arch) == nullptr) add("arch " + kernel.arch + " is not one ingot supports");

  const std::filesystem::path path = dir / kernel.file;
  std::error_code error;
  const auto real_dir = std::filesystem::canonical(dir, error);
  const auto real_file = std::filesystem::canonical(path, error);
  if (!error) {
    const auto rel = real_file.lexically_relative(real_dir);
    if (rel.empty() || *rel.begin() == "..") {
      add("file " + kernel.file + " resolves outside the pack directory");
      return;
    }
  }
  auto bytes = read_file_bytes(path, kMaxCodeObjectBytes);
  if (!bytes) {
    add(bytes.status().code() == StatusCode::kNotFound ? "file " + kernel.file + " is missing"
                                                       : bytes.status().message());
    return;
  }
  ++report.files_checked;
  if (bytes->size() != kernel.size) {
    add("file size is " + std::to_string(bytes->size()) + " bytes, manifest says " + std::to_string(kernel.size));
  }
  auto digest = sha256_hex(bytes.value());
  if (digest && digest.value() != kernel.sha256) {
    add("sha256 is " + digest.value() + ", manifest says " + kernel.sha256);
  }
  auto object = read_code_object(bytes.value());
  if (!object) {
    add("code object: " + object.status().message());
    return;
  }
  validation::check_code_object(kernel, object.value(), report.issues);
}

void check_unindexed_files(const std::filesystem::path& dir, const Manifest& manifest, ValidationReport& report) {
  std::set<std::string> indexed;
  for (const ManifestKernel& kernel : manifest.kernels) indexed.insert(kernel.file);
  std::error_code error;
  std::filesystem::recursive_directory_iterator it(dir, error), end;
  if (error) {
    report.issues.push_back({dir.string(), "cannot list the pack directory: " + error.message()});
    return;
  }
  std::vector<std::string> extra;
  for (; it != end; it.increment(error)) {
    if (error) break;
    if (!it->is_regular_file(error) || it->path().extension() != kCodeObjectExtension) continue;
    const std::string rel = it->path().lexically_relative(dir).generic_string();
    if (indexed.count(rel) == 0) extra.push_back(rel);
  }
  std::sort(extra.begin(), extra.end());  // deterministic report order
  for (const std::string& rel : extra) report.issues.push_back({rel, "code object is not indexed by the manifest"});
}

// A kernel takes the runtime's workspace through a pointer argument valued "workspace" exactly when it
// declares one: otherwise either the buffer is never passed or a kernel writes through a null pointer.
void check_workspace_binding(const ManifestKernel& kernel, ValidationReport& report) {
  const bool takes_it = std::any_of(kernel.kernarg.args.begin(), kernel.kernarg.args.end(), [](const KernargArg& a) {
    const std::string* name = a.value.name_if_bare();
    return a.type == ArgType::kPtr && name != nullptr && *name == "workspace";
  });
  const bool declares_it = kernel.launch.workspace.to_string() != "0";
  if (takes_it && !declares_it) {
    report.issues.push_back({kernel.id, "a kernarg takes the workspace but launch.workspace is 0"});
  } else if (declares_it && !takes_it) {
    report.issues.push_back({kernel.id, "launch.workspace is " + kernel.launch.workspace.to_string() +
                                            " but no ptr kernarg takes \"workspace\""});
  }
}

void check_manifest_level(const Manifest& manifest, ValidationReport& report) {
  std::map<std::string, int> id_counts;
  for (const ManifestKernel& kernel : manifest.kernels) ++id_counts[kernel.id];
  for (const auto& [id, count] : id_counts) {
    if (count > 1) report.issues.push_back({id, "id appears " + std::to_string(count) + " times in the manifest"});
  }
  for (const auto& [family, variants] : manifest.families) {
    for (const std::string& variant : variants) {
      if (id_counts.count(variant) == 0) {
        report.issues.push_back({variant, "variant of family " + family + " is missing from the manifest's kernels"});
      }
    }
  }
  for (const ManifestKernel& kernel : manifest.kernels) {
    if (manifest.families.count(kernel.family) == 0) {
      report.issues.push_back({kernel.id, "family " + kernel.family + " is not declared in the manifest's families"});
    }
    check_workspace_binding(kernel, report);
    validation::check_launch_rules(kernel, report.issues);
  }
}

}  // namespace

ValidationReport validate_pack(const std::filesystem::path& dir) {
  ValidationReport report;
  auto text = read_file_text(dir / "manifest.json", kMaxManifestBytes);
  if (!text) {
    report.issues.push_back({"manifest", text.status().message()});
    return report;
  }
  if (Status digest = check_manifest_digest(dir, text.value()); !digest.is_ok()) {
    report.issues.push_back({"manifest", digest.message()});
  }
  auto manifest = parse_manifest(text.value());
  if (!manifest) {
    report.issues.push_back({"manifest", manifest.status().message()});
    return report;
  }
  check_manifest_level(manifest.value(), report);
  for (const ManifestKernel& kernel : manifest->kernels) {
    check_kernel_file(dir, kernel, report);
    ++report.kernels_checked;
  }
  check_unindexed_files(dir, manifest.value(), report);
  return report;
}

}  // namespace ingot
