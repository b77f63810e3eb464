#include "gemm_bench.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <vector>

#include "hardware_model.h"
#include "ingot/tooling/arch.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/select.h"
#include "ingot_emu/bench_timing.h"
#include "ingot_emu/emulator.h"
#include "issue_model.h"

namespace ingot::bench {
namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

bool is_fp8(GemmDtype d) { return d != GemmDtype::kBf16; }
int64_t in_bytes(GemmDtype d) { return is_fp8(d) ? 1 : 2; }
constexpr int64_t kOutBytes = 2;  // bf16 output for every dtype the table covers
constexpr int64_t kScaleBlock = 128;
constexpr int64_t kScaleBytes = 4;  // fp32 scales

// FP8 follows the arch (issue 4): the arch table says which (FNUZ on gfx942, OCP on gfx950). An unknown
// arch names no format, so selection finds no fp8 kernel for it.
std::string fp8_format(const std::string& arch) {
  const ArchInfo* info = find_arch(arch);
  return info != nullptr ? std::string(info->fp8_format) : std::string();
}

Problem make_problem(const BenchCase& c, int64_t m, int64_t n, int64_t k) {
  Problem p("gemm");
  if (is_fp8(c.dtype)) {
    p.key("dtype_a", "fp8").key("dtype_b", "fp8").key("dtype_c", "bf16");
    p.key("scaling", c.dtype == GemmDtype::kFp8Block128 ? "block128" : "per_token").key("fp8_format", fp8_format(c.arch));
  } else {
    p.key("dtype_a", "bf16").key("dtype_b", "bf16").key("dtype_c", "bf16");
  }
  p.integer("has_bias", 0).scalar("alpha", 1.0);  // what Runtime::gemm sends for a plain linear layer
  // Strides stay those of the full problem when the problem is cut down.
  p.integer("M", m).integer("N", n).integer("K", k).integer("lda", c.K).integer("ldb", c.K).integer("ldc", c.N);
  return p;
}

// Bytes each pointer argument needs for an m x n x k problem (full strides). nullopt: unknown name.
std::optional<int64_t> buffer_bytes(const std::string& name, const BenchCase& c, int64_t m, int64_t n, int64_t k) {
  const int64_t kb = ceil_div(k, kScaleBlock);
  if (name == "A") return ((m - 1) * c.K + k) * in_bytes(c.dtype);
  if (name == "B") return ((n - 1) * c.K + k) * in_bytes(c.dtype);
  if (name == "C") return ((m - 1) * c.N + n) * kOutBytes;
  if (name == "A_scale") return (c.dtype == GemmDtype::kFp8Block128 ? m * kb : m) * kScaleBytes;
  if (name == "B_scale") return (c.dtype == GemmDtype::kFp8Block128 ? ceil_div(n, kScaleBlock) * kb : n) * kScaleBytes;
  return std::nullopt;
}

double minimum_bytes(const BenchCase& c) {
  double total = 0.0;
  for (const char* name : {"A", "B", "C"}) total += static_cast<double>(*buffer_bytes(name, c, c.M, c.N, c.K));
  // buffer_bytes uses the strided span; with lda = K and ldc = N that is exactly M*K, N*K, M*N.
  if (is_fp8(c.dtype)) {
    for (const char* name : {"A_scale", "B_scale"}) total += static_cast<double>(*buffer_bytes(name, c, c.M, c.N, c.K));
  }
  return total;
}

std::optional<int64_t> int_param(const ManifestKernel& kernel, const char* name) {
  auto it = kernel.params.find(name);
  if (it == kernel.params.end() || !std::holds_alternative<int64_t>(it->second)) return std::nullopt;
  return std::get<int64_t>(it->second);
}


// A 4-byte kernarg by name (k_tiles: the main-loop trip count; splits: a split-K factor), or nullopt.
std::optional<int64_t> i32_kernarg(const ManifestKernel& kernel, const std::vector<uint8_t>& kernargs, const char* name) {
  for (const KernargArg& arg : kernel.kernarg.args) {
    if (arg.name != name || arg.size != 4 || arg.offset + 4 > kernargs.size()) continue;
    int32_t value = 0;
    std::memcpy(&value, kernargs.data() + arg.offset, 4);
    return value;
  }
  return std::nullopt;
}

void set_i32_kernarg(const ManifestKernel& kernel, std::vector<uint8_t>& kernargs, const char* name, int64_t value) {
  for (const KernargArg& arg : kernel.kernarg.args) {
    if (arg.name != name || arg.size != 4 || arg.offset + 4 > kernargs.size()) continue;
    const auto v = static_cast<int32_t>(value);
    std::memcpy(kernargs.data() + arg.offset, &v, 4);
  }
}

// Distinct A and B bytes one round of resident tiles on one XCD reads (the cache model's round footprint).
// Workgroups go out in linear order (x = N-tiles fastest, then y = M-tiles, then z = K-splits), `slots`
// at a time, round-robin over the XCDs: a round covers `slots` consecutive tiles, and an XCD's share of
// them spans all the round's M-tile rows but only every xcds-th N-tile column.
double round_footprint_per_xcd(const BenchCase& c, const std::array<int64_t, 3>& grid, int64_t bm, int64_t bn,
                               int64_t slots, uint32_t xcds) {
  const int64_t gx = std::max<int64_t>(grid[0], 1), gy = std::max<int64_t>(grid[1], 1), gz = std::max<int64_t>(grid[2], 1);
  const double k_slice = static_cast<double>(c.K) / static_cast<double>(gz) * static_cast<double>(in_bytes(c.dtype));
  const int64_t planes = std::clamp<int64_t>(ceil_div(slots, gx * gy), 1, gz);
  const int64_t rows = planes > 1 ? gy : std::min(gy, ceil_div(slots, gx));
  const int64_t columns = std::max<int64_t>(1, std::min(gx, slots) / std::max<int64_t>(xcds, 1));
  return static_cast<double>(planes) * k_slice *
         (static_cast<double>(rows * std::min(bm, c.M)) + static_cast<double>(columns * bn));
}

// The full problem's split-K kernargs, which the cut-down launches keep.
struct SplitK {
  int64_t splits = 1;
  int64_t slabs_per_split = 1;  // in the family's split slabs (a gemm_fp8 decode slab is ks k_tiles)
  int64_t k_tiles = 1;
};

struct CutLaunch {
  emu::LaunchProfile profile;
  int64_t workgroups = 0;
  std::optional<int64_t> k_tiles;
};

Result<CutLaunch> launch_cut(const Pack& pack, const ManifestKernel& kernel, const BenchCase& c, const DeviceInfo& device,
                             int64_t m, int64_t n, int64_t k, const std::optional<SplitK>& full_split) {
  Problem problem = make_problem(c, m, n, k);
  INGOT_RETURN_IF_ERROR(check_kernel_accepts(kernel, problem, device));
  // A split-K kernel keeps the full problem's split factor in the cut-down launch (the cut problem's own
  // rule would split its few tiles further); its workspace is sized for that.
  const int64_t tiles = ceil_div(m, int_param(kernel, "bm").value_or(1)) * ceil_div(n, int_param(kernel, "bn").value_or(1));
  const int64_t forced_workspace = full_split ? 256 + tiles * 4 + tiles * full_split->splits *
                                                     int_param(kernel, "bm").value_or(0) * int_param(kernel, "bn").value_or(0) * 4
                                               : 0;

  emu::EmulatorOptions eo;
  eo.target = c.arch == "gfx942" ? emu::Target::kGfx942 : emu::Target::kGfx950;
  eo.cus = static_cast<uint32_t>(c.cus);
  eo.timing = true;  // traces re-modeled at the full grid (run_bench_case); runs on one host thread
  eo.timing_z_planes = true;  // and tile 0 of every split: one of them is its tile's reducer
  emu::Emulator emulator(eo);

  for (const KernargArg& arg : kernel.kernarg.args) {
    if (arg.type != ArgType::kPtr) continue;
    std::optional<int64_t> bytes = buffer_bytes(arg.name, c, m, n, k);
    if (arg.name == "workspace") {
      auto needed = workspace_bytes(kernel, problem, device);
      if (!needed) return needed.status();
      bytes = std::max(static_cast<int64_t>(needed.value()), forced_workspace);
    }
    if (!bytes) return Status(StatusCode::kUnsupported, kernel.id + ": pointer argument '" + arg.name + "' unknown to the bench");
    auto address = emulator.allocate(static_cast<uint64_t>(std::max<int64_t>(*bytes, 4)));
    if (!address) return address.status();
    // Zeros: the counts do not depend on the values, and zero is finite in every format.
    const std::vector<uint8_t> zeros(static_cast<size_t>(std::max<int64_t>(*bytes, 4)), 0);
    INGOT_RETURN_IF_ERROR(emulator.copy_to_device(*address, zeros.data(), zeros.size()));
    problem.buffer(arg.name, *address);
  }

  auto launch = prepare_launch(kernel, problem, device);
  if (!launch) return launch.status();
  if (full_split) {
    // The full problem's slabs per split as they are at the full K; at K/2 (main loop) scaled by the
    // k_tiles ratio, rounded up so that the splits still cover every slab. A split slab need not be a
    // k_tile (fp8 decode: ks of them), so it is never recomputed from k_tiles alone.
    const int64_t k_tiles = i32_kernarg(kernel, launch->kernargs, "k_tiles").value_or(full_split->k_tiles);
    const int64_t slabs_per_split =
        std::max<int64_t>(1, ceil_div(full_split->slabs_per_split * k_tiles, std::max<int64_t>(full_split->k_tiles, 1)));
    set_i32_kernarg(kernel, launch->kernargs, "splits", full_split->splits);
    set_i32_kernarg(kernel, launch->kernargs, "slabs_per_split", slabs_per_split);
    launch->grid_workgroups[2] = static_cast<uint32_t>(full_split->splits);
  }
  auto code = pack.load_code_object(kernel);
  if (!code) return code.status();
  auto module = emulator.load_module(code->bytes);
  if (!module) return module.status();

  emu::LaunchConfig config;
  config.grid = {launch->grid_workgroups[0], launch->grid_workgroups[1], launch->grid_workgroups[2]};
  config.workgroup = {launch->workgroup[0], launch->workgroup[1], launch->workgroup[2]};
  config.kernarg = launch->kernargs;
  config.dynamic_lds = launch->dynamic_lds;
  auto profile = emulator.launch(*module, kernel.symbol, config);
  if (!profile) return profile.status();

  CutLaunch out;
  out.profile = std::move(profile).value();
  out.workgroups = static_cast<int64_t>(config.grid.count());
  out.k_tiles = i32_kernarg(kernel, launch->kernargs, "k_tiles");
  return out;
}

}  // namespace

std::optional<PhysicalFloor> physical_floor(const BenchCase& c) {
  const HardwarePart* part = hardware_part(c.arch);
  if (part == nullptr) return std::nullopt;
  const double achievable_tbps = part->hbm_tbytes_per_s * emu::timing_constants(c.arch).hbm_achievable_share;
  const double memory_us = minimum_bytes(c) / (achievable_tbps * 1e6);
  const double flops = 2.0 * static_cast<double>(c.M) * static_cast<double>(c.N) * static_cast<double>(c.K);
  const double compute_us = roofline(*part, 0.0, flops, is_fp8(c.dtype)).compute_us;
  return PhysicalFloor{std::max(memory_us, compute_us), memory_us >= compute_us};
}

Result<BenchRow> run_bench_case(const Pack& pack, const BenchCase& c, const BenchOptions& options) {
  const HardwarePart* part = hardware_part(c.arch);
  if (part == nullptr) return Status(StatusCode::kInvalidArgument, "no hardware model for arch '" + c.arch + "'");
  if (c.cus < 1 || c.M < 1 || c.N < 1 || c.K < 1 || options.tiles_m < 1 || options.tiles_n < 1) {
    return Status(StatusCode::kInvalidArgument, "gemm table: cus, M, N, K and tiles must be at least 1");
  }
  DeviceInfo device;
  device.arch = c.arch;
  device.cus = c.cus;

  // Select on the full problem; fake nonzero addresses only feed kernarg packing for the grid.
  Problem full = make_problem(c, c.M, c.N, c.K);
  for (const char* name : {"A", "B", "C", "A_scale", "B_scale", "workspace"}) full.buffer(name, 0x100000);
  auto selection = pack.select(full, device);
  if (!selection) return selection.status();
  const ManifestKernel& kernel = *selection->kernel;
  auto full_launch = prepare_launch(kernel, full, device);
  if (!full_launch) return full_launch.status();

  BenchRow row;
  row.problem = c;
  row.kernel_id = kernel.id;
  for (size_t i = 0; i < 3; ++i) row.grid[i] = full_launch->grid_workgroups[i];
  row.workgroups = row.grid[0] * row.grid[1] * row.grid[2];
  row.workgroups_per_cu = static_cast<double>(row.workgroups) / static_cast<double>(c.cus);
  row.cu_waves = ceil_div(row.workgroups, c.cus);
  const int64_t last = row.workgroups - (row.cu_waves - 1) * c.cus;
  row.last_wave_fill = static_cast<double>(last) / static_cast<double>(c.cus);

  const std::optional<int64_t> bm = int_param(kernel, "bm"), bn = int_param(kernel, "bn");
  if (!bm || !bn) return Status(StatusCode::kUnsupported, kernel.id + ": params bm/bn missing; cannot cut the problem down");
  row.cut_m = std::min(c.M, options.tiles_m * *bm);
  // block128 scales need N in whole 128-column blocks, also in the cut-down problem
  const int64_t n_granule = c.dtype == GemmDtype::kFp8Block128 ? kScaleBlock : 1;
  row.cut_n = std::min(c.N, ceil_div(options.tiles_n * *bn, n_granule) * n_granule);
  row.extrapolation_exact = c.N % *bn == 0 && (c.M <= options.tiles_m * *bm || c.M % *bm == 0);

  const std::optional<int64_t> splits = i32_kernarg(kernel, full_launch->kernargs, "splits");
  std::optional<SplitK> split_k;
  if (splits) {
    split_k = SplitK{*splits, i32_kernarg(kernel, full_launch->kernargs, "slabs_per_split").value_or(1),
                     i32_kernarg(kernel, full_launch->kernargs, "k_tiles").value_or(1)};
  }
  auto at_k = launch_cut(pack, kernel, c, device, row.cut_m, row.cut_n, c.K, split_k);
  if (!at_k) return Status(at_k.status().code(), kernel.id + " (cut-down " + std::to_string(row.cut_m) + "x" +
                                                     std::to_string(row.cut_n) + "x" + std::to_string(c.K) +
                                                     "): " + at_k.status().message());
  const emu::LaunchProfile& p = at_k->profile;
  const double scale = static_cast<double>(row.workgroups) / static_cast<double>(at_k->workgroups);
  row.cut_workgroups = at_k->workgroups;
  row.main_loop_iterations = at_k->k_tiles.value_or(0);

  row.mfma_share_kernel = issue_cycles(p).mfma_share();
  row.mfma_flops = static_cast<double>(p.mfma_flops) * scale;
  row.useful_flops = 2.0 * static_cast<double>(c.M) * static_cast<double>(c.N) * static_cast<double>(c.K);
  row.bytes_requested = static_cast<double>(p.global_bytes_read + p.global_bytes_written) * scale;
  row.bytes_fetched = static_cast<double>(p.global_segments) * 64.0 * scale;
  row.bytes_minimum = minimum_bytes(c);
  row.lds_conflict_cycles = static_cast<double>(p.lds_bank_conflict_cycles) * scale;
  row.waves_per_simd = p.waves_per_simd;
  row.occupancy_limiter = p.occupancy_limiter;
  row.vgprs = p.vgprs;
  row.agprs = p.agprs;
  row.lds_bytes = p.lds_bytes;

  if (options.main_loop && at_k->k_tiles) {
    const int64_t k2 = c.K / 2;
    auto at_k2 = launch_cut(pack, kernel, c, device, row.cut_m, row.cut_n, k2, split_k);
    // A kernel that rejects K/2 (alignment) just leaves the main-loop columns empty.
    if (at_k2 && at_k2->k_tiles && *at_k->k_tiles > *at_k2->k_tiles && at_k2->workgroups == at_k->workgroups) {
      const double iterations = static_cast<double>(*at_k->k_tiles - *at_k2->k_tiles);
      row.mfma_share_main_loop = (issue_cycles(p) - issue_cycles(at_k2->profile)).mfma_share();
      const double conflicts = static_cast<double>(p.lds_bank_conflict_cycles) -
                               static_cast<double>(at_k2->profile.lds_bank_conflict_cycles);
      // k_tiles counts a tile's slabs; with split-K they are spread over `splits` workgroups per tile
      const double tiles = static_cast<double>(at_k->workgroups) / static_cast<double>(splits.value_or(1));
      row.lds_conflict_cycles_per_iteration = conflicts / iterations / tiles;
    }
  }

  const RooflineEstimate kernel_model = roofline(*part, row.bytes_minimum, row.mfma_flops, is_fp8(c.dtype));
  row.model_us = kernel_model.estimate_us;
  row.model_memory_bound = kernel_model.memory_bound;
  row.model_nocache_us = roofline(*part, row.bytes_fetched, row.mfma_flops, is_fp8(c.dtype)).estimate_us;
  row.model_ideal_us = roofline(*part, row.bytes_minimum, row.useful_flops, is_fp8(c.dtype)).estimate_us;

  // Timing mode: the cut-down launch's traced workgroups (workgroup 0, and tile 0 of every split) stand
  // for the full grid's, the cut grid's pattern repeated over it (exact under the same condition as the
  // extrapolation); the cache model's footprint = the minimum bytes.
  const int64_t per_cu = std::max<int64_t>(1, p.workgroups_per_cu);
  const int64_t slots = c.cus * std::min(per_cu, row.cu_waves);
  auto modeled = emu::model_bench_launch(p, {.arch = c.arch,
                                             .cus = static_cast<uint32_t>(c.cus),
                                             .workgroups = static_cast<uint64_t>(row.workgroups),
                                             .flops = row.mfma_flops,
                                             .unique_bytes = row.bytes_minimum,
                                             .requested_bytes = row.bytes_requested,
                                             .round_footprint_per_xcd = round_footprint_per_xcd(
                                                 c, row.grid, *bm, *bn, slots, emu::timing_constants(c.arch).xcds)});
  if (!modeled) return modeled.status();
  row.modeled = std::move(modeled).value();
  row.floor = *physical_floor(c);
  return row;
}

}  // namespace ingot::bench
