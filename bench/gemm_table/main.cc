// ingot_gemm_table: the issue-4 performance-evidence table (emulator counts + roofline model).
// Usage: ingot_gemm_table [--pack DIR] [--arch gfx942|gfx950]... [--cus N] [--dtype D,...] [--m 1,2,...]
//                         [--nk N:K,...] [--all] [--tiles-m T] [--tiles-n T] [--no-main-loop]
//                         [--json]
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "aiter_anchors.h"
#include "bench_pack.h"
#include "bench_shapes.h"
#include "gemm_bench.h"
#include "hardware_model.h"
#include "ingot/tooling/pack.h"
#include "table_output.h"

namespace {

using namespace ingot::bench;

struct Args {
  std::string pack_dir;
  std::vector<std::string> archs;
  int64_t cus = 0;
  std::vector<GemmDtype> dtypes;
  std::vector<int64_t> ms;
  std::vector<NK> nks;
  bool all = false;
  bool json = false;
  std::string anchors_dir;  // holds aiter_tuned/; empty = none found
  BenchOptions options;
};

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  for (std::string part; std::getline(stream, part, sep);) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

bool parse_int(const std::string& text, int64_t* out) {
  char* end = nullptr;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || value < 1) return false;
  *out = value;
  return true;
}

// Returns an error message, or empty on success.
std::string parse_args(int argc, char** argv, Args* a) {
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) return false;
      *out = argv[++i];
      return true;
    };
    std::string v;
    int64_t n = 0;
    if (flag == "--json") a->json = true;
    else if (flag == "--all") a->all = true;
    else if (flag == "--no-main-loop") a->options.main_loop = false;
    else if (flag == "--pack" && value(&v)) a->pack_dir = v;
    else if (flag == "--anchors" && value(&v)) a->anchors_dir = v;
    else if (flag == "--arch" && value(&v)) {
      if (hardware_part(v) == nullptr) return "unknown arch '" + v + "' (gfx942 or gfx950)";
      a->archs.push_back(v);
    } else if (flag == "--cus" && value(&v) && parse_int(v, &n)) a->cus = n;
    else if (flag == "--tiles-m" && value(&v) && parse_int(v, &n)) a->options.tiles_m = n;
    else if (flag == "--tiles-n" && value(&v) && parse_int(v, &n)) a->options.tiles_n = n;
    else if (flag == "--dtype" && value(&v)) {
      for (const std::string& d : split(v, ',')) {
        GemmDtype dtype;
        if (!parse_dtype(d, &dtype)) return "unknown dtype '" + d + "' (bf16, fp8_block128, fp8_per_token)";
        a->dtypes.push_back(dtype);
      }
    } else if (flag == "--m" && value(&v)) {
      for (const std::string& m : split(v, ',')) {
        if (!parse_int(m, &n)) return "bad M '" + m + "'";
        a->ms.push_back(n);
      }
    } else if (flag == "--nk" && value(&v)) {
      for (const std::string& pair : split(v, ',')) {
        const std::vector<std::string> nk = split(pair, ':');
        NK entry{0, 0, "user"};
        if (nk.size() != 2 || !parse_int(nk[0], &entry.n) || !parse_int(nk[1], &entry.k)) return "bad N:K '" + pair + "'";
        a->nks.push_back(entry);
      }
    } else {
      return "unknown or incomplete argument '" + flag + "'";
    }
  }
  if (a->archs.empty()) a->archs = {"gfx942", "gfx950"};
  if (a->dtypes.empty()) a->dtypes = {GemmDtype::kBf16, GemmDtype::kFp8Block128};
  if (a->ms.empty()) a->ms = representative_ms();
  if (a->nks.empty()) {
    if (a->all) {
      for (int64_t nv : representative_nks())
        for (int64_t kv : representative_nks()) a->nks.push_back({nv, kv, "cross product"});
    } else {
      a->nks = model_linears();
    }
  }
  // AMD's measured tables are read where they lie: ../shared/anchors beside the checkout (or the cwd's).
  if (a->anchors_dir.empty()) {
    for (const char* candidate : {"../shared/anchors", INGOT_GEMM_TABLE_ANCHORS_DIR}) {
      if (std::filesystem::is_directory(std::filesystem::path(candidate) / "aiter_tuned")) {
        a->anchors_dir = candidate;
        break;
      }
    }
  }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (std::string error = parse_args(argc, argv, &args); !error.empty()) {
    std::cerr << "ingot_gemm_table: " << error << "\n";
    return 2;
  }
  auto pack = ingot::bench::open_bench_pack(args.pack_dir);
  if (!pack) {
    std::cerr << "ingot_gemm_table: " << pack.status().to_string() << "\n";
    return 1;
  }
  std::optional<AiterAnchors> anchors;
  if (!args.anchors_dir.empty()) {
    auto loaded = AiterAnchors::load(args.anchors_dir);
    if (!loaded) {
      std::cerr << "ingot_gemm_table: " << loaded.status().to_string() << "\n";
      return 1;
    }
    anchors = std::move(loaded).value();
  }
  if (!args.json) {
    std::cout << "# amd_us: AMD's MEASURED time (AITER tuned tables in " << (anchors ? args.anchors_dir : "-")
              << "; fastest listed config) for the same arch, CUs, M, N, K, dtype; ratio = modeled_us / amd_us\n";
    print_header(std::cout, args.options);
    if (anchors) print_anchor_floor_check(std::cout, *anchors);
  }

  std::vector<BenchRow> rows;
  std::vector<std::string> errors;
  for (const std::string& arch : args.archs) {
    for (GemmDtype dtype : args.dtypes) {
      for (const NK& nk : args.nks) {
        for (int64_t m : args.ms) {
          BenchCase c{arch, args.cus != 0 ? args.cus : hardware_part(arch)->cus, dtype, m, nk.n, nk.k};
          auto row = run_bench_case(*pack, c, args.options);
          if (!row) {
            std::ostringstream message;
            print_text_error(message, c, row.status().to_string());
            errors.push_back(message.str());
            if (!args.json) std::cout << message.str() << std::flush;
            continue;
          }
          if (anchors) {
            if (auto anchor = anchors->find(c)) {
              row->amd_us = anchor->us;
              row->amd_table = anchor->table;
            }
          }
          if (!args.json) print_text_row(std::cout, *row), std::cout << std::flush;
          rows.push_back(std::move(row).value());
        }
      }
    }
  }
  if (args.json) std::cout << rows_to_json(rows, errors, args.options) << "\n";
  return errors.empty() ? 0 : 1;
}
