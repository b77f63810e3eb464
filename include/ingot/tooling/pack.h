// A kernel pack on disk: manifest.json plus <arch>/<id>.co files. Opened once; kernels are
// indexed by (op, arch). Code objects are handed out only after size, sha256, arch and symbol checks.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ingot/tooling/code_object.h"
#include "ingot/tooling/manifest.h"
#include "ingot/problem.h"
#include "ingot/status.h"

namespace ingot {

struct Selection;
namespace dispatch {
class CompiledPack;  // loader/dispatch/compiled_pack.h: the manifest compiled for fast dispatch
}

// Bytes of a kernel's code object that passed every check, with the parsed object.
struct VerifiedCodeObject {
  const ManifestKernel* kernel = nullptr;  // points into the Pack that produced it
  std::vector<uint8_t> bytes;
  CodeObject code_object;
  const CodeObjectKernel* code_object_kernel() const;  // the entry for kernel->symbol
};

// Filters for Pack::query; unset fields match everything. Params compare as text
// (an integer parameter 64 matches "64", a boolean true matches "true").
struct KernelQuery {
  std::optional<std::string> op;
  std::optional<std::string> arch;
  std::optional<std::string> family;
  std::map<std::string, std::string, std::less<>> params;
};

class Pack {
 public:
  // Reads and parses <dir>/manifest.json; rejects a manifest whose sha256 differs from
  // <dir>/manifest.json.sha256 when that file is present (kIntegrityError) and duplicate ids
  // (kCorruptManifest).
  static Result<Pack> open(const std::filesystem::path& dir);
  // For tests and embedders: a manifest given as text, files resolved under `dir`.
  static Result<Pack> from_manifest_text(std::string_view json_text, const std::filesystem::path& dir);

  const std::filesystem::path& dir() const { return state_->dir; }
  const Manifest& manifest() const { return state_->manifest; }
  std::span<const ManifestKernel> kernels() const { return state_->manifest.kernels; }

  const ManifestKernel* find(std::string_view id) const;
  // Kernels of one op for one arch, in id order.
  std::span<const ManifestKernel* const> candidates(std::string_view op, std::string_view arch) const;
  std::vector<const ManifestKernel*> query(const KernelQuery& query) const;

  // The kernel's file path inside the pack; kIntegrityError for absolute paths or `..`.
  Result<std::filesystem::path> resolve(const ManifestKernel& kernel) const;
  // Reads the file and checks size, sha256, ELF mach == kernel.arch, symbol and <symbol>.kd, then
  // what `validate` checks per kernel (kernarg layout and size vs the metadata, workgroup size vs
  // max_flat_workgroup_size, resources vs metadata and arch): kCorruptManifest naming the field.
  Result<VerifiedCodeObject> load_code_object(const ManifestKernel& kernel) const;

  // Same as ingot::select(*this, problem, device).
  Result<Selection> select(const Problem& problem, const DeviceInfo& device) const;

  // Every expression compiled against slot indexes, kernels grouped by match keys (libingot-internal).
  const dispatch::CompiledPack& compiled() const { return *state_->compiled; }

 private:
  struct State {
    std::filesystem::path dir;
    Manifest manifest;
    std::map<std::pair<std::string, std::string>, std::vector<const ManifestKernel*>, std::less<>> by_op_arch;
    std::map<std::string, const ManifestKernel*, std::less<>> by_id;
    std::shared_ptr<const dispatch::CompiledPack> compiled;
  };
  explicit Pack(std::shared_ptr<const State> state) : state_(std::move(state)) {}
  std::shared_ptr<const State> state_;  // shared so copies and moves keep kernel pointers valid
};

// Checks a pack-relative path: no absolute path, no `..`, no empty component. kIntegrityError.
Status check_pack_relative_path(std::string_view relative_path);

}  // namespace ingot
