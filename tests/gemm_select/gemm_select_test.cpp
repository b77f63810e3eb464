// Which gemm kernel the pack's selection data picks for representative LLM linear shapes, per device.
// The pinned ids are what the roofline costs in gen/families/gemm.py choose today; each group of tests
// also asserts the property that justifies the choice, computed here from the kernel's params and the
// device's CU count (not from the cost expression), so a changed model that breaks the reasoning fails
// even where someone re-pins the ids.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "gemm_test_support.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/problem.h"
#include "ingot/tooling/select.h"

namespace ingot {
namespace {

constexpr std::array<int64_t, 8> kMs = {1, 2, 4, 8, 16, 64, 512, 4096};
constexpr std::array<int64_t, 7> kSizes = {1536, 2048, 7168, 8192, 18432, 24576, 28672};

struct Device {
  const char* arch;
  int64_t cus;
};
constexpr std::array<Device, 3> kDevices = {{{"gfx942", 304}, {"gfx942", 80}, {"gfx950", 256}}};

Problem linear(int64_t m, int64_t n, int64_t k, const std::string& dtype = "bf16", const std::string& out = "bf16") {
  Problem p("gemm");
  p.key("dtype_a", dtype).key("dtype_b", dtype).key("dtype_c", out);
  p.integer("M", m).integer("N", n).integer("K", k).integer("lda", k).integer("ldb", k).integer("ldc", n);
  p.integer("has_bias", 0).scalar("alpha", 1.0);
  return p;
}

class GemmSelect : public test::PackFixture {
 protected:
  const ManifestKernel& pick(const Device& device, const Problem& problem) {
    DeviceInfo info;
    info.arch = device.arch;
    info.cus = device.cus;
    auto selection = pack_->select(problem, info);
    EXPECT_TRUE(selection.is_ok()) << problem.describe() << ": " << selection.status().to_string();
    if (!selection.is_ok()) return *pack_->kernels().data();
    return *selection.value().kernel;
  }

  static int64_t param(const ManifestKernel& k, const char* name) {
    auto it = k.params.find(name);
    if (it == k.params.end() || !std::holds_alternative<int64_t>(it->second)) return -1;
    return std::get<int64_t>(it->second);
  }

  // The launch grid the kernel's manifest rule gives (grid z = the split-K factor of decode kernels).
  static std::array<uint32_t, 3> grid(const ManifestKernel& k, int64_t m, int64_t n, int64_t kk, int64_t cus) {
    Problem problem = linear(m, n, kk);
    for (const char* name : {"A", "B", "C", "workspace"}) problem.buffer(name, 0x100000);
    DeviceInfo info;
    info.arch = k.arch;
    info.cus = cus;
    auto config = prepare_launch(k, problem, info);
    EXPECT_TRUE(config.is_ok()) << k.id << ": " << config.status().to_string();
    return config.is_ok() ? config.value().grid_workgroups : std::array<uint32_t, 3>{0, 0, 0};
  }

  // Rounds of workgroups over the CUs (split-K workgroups included): the wave quantization the cost
  // model must respect.
  static int64_t rounds(const ManifestKernel& k, int64_t m, int64_t n, int64_t kk, int64_t cus) {
    const auto g = grid(k, m, n, kk, cus);
    const int64_t wgs = int64_t{g[0]} * g[1] * g[2];
    return (wgs + cus - 1) / cus;
  }
};

// --- pinned choices (bf16 in, bf16 out, no bias), Llama-3-70B and DeepSeek-V3 (N, K) pairs ---------------
struct Pinned {
  const char* arch;
  int64_t cus;
  int64_t n, k;
  std::array<const char*, 8> tile;  // per M in kMs: the id after "gemm_<arch>_abf16_cbf16_bias0_"
};

const std::vector<Pinned> kPinned = {
    {"gfx942", 304, 8192, 8192, {"m32_n32_k256_ks4", "m32_n32_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 304, 28672, 8192, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 304, 8192, 28672, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 304, 1536, 7168, {"m32_n32_k256_ks4", "m32_n32_k256_ks4", "m32_n32_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n128_k32_ks1"}},
    {"gfx942", 304, 24576, 1536, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 304, 18432, 7168, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n64_k64_ks1", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 304, 7168, 18432, {"m32_n32_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 304, 7168, 2048, {"m32_n32_k256_ks4", "m32_n32_k256_ks4", "m32_n32_k256_ks4", "m32_n32_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 80, 8192, 8192, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 80, 28672, 8192, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 80, 8192, 28672, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 80, 1536, 7168, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n256_k32_ks1"}},
    {"gfx942", 80, 24576, 1536, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 80, 18432, 7168, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 80, 7168, 18432, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx942", 80, 7168, 2048, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n256_k32_ks1", "m256_n256_k32_ks1"}},
    {"gfx950", 256, 8192, 8192, {"m32_n32_k512_ks4", "m32_n32_k512_ks4", "m32_n32_k512_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k64_ks1"}},
    {"gfx950", 256, 28672, 8192, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k64_ks1", "m256_n256_k64_ks1"}},
    {"gfx950", 256, 8192, 28672, {"m32_n32_k512_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k64_ks1"}},
    {"gfx950", 256, 1536, 7168, {"m32_n32_k512_ks4", "m32_n32_k512_ks4", "m32_n32_k512_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n32_k512_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1"}},
    {"gfx950", 256, 24576, 1536, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k64_ks1", "m256_n256_k64_ks1"}},
    {"gfx950", 256, 18432, 7168, {"m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m256_n256_k64_ks1", "m256_n256_k64_ks1"}},
    {"gfx950", 256, 7168, 18432, {"m32_n32_k512_ks4", "m32_n32_k512_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k64_ks1"}},
    {"gfx950", 256, 7168, 2048, {"m32_n32_k512_ks4", "m32_n32_k512_ks4", "m32_n32_k512_ks4", "m32_n32_k512_ks4", "m32_n64_k256_ks4", "m32_n64_k256_ks4", "m128_n128_k64_ks1", "m256_n256_k64_ks1"}},
};

TEST_F(GemmSelect, PinnedChoicesForLlamaAndDeepSeekLinears) {
  for (const Pinned& row : kPinned) {
    const Device device{row.arch, row.cus};
    for (size_t i = 0; i < kMs.size(); ++i) {
      const std::string expected = std::string("gemm_") + row.arch + "_abf16_cbf16_bias0_" + row.tile[i];
      EXPECT_EQ(pick(device, linear(kMs[i], row.n, row.k)).id, expected)
          << row.arch << " cus=" << row.cus << " M=" << kMs[i] << " N=" << row.n << " K=" << row.k;
    }
  }
}

// Decode (M <= 16) is a memory-bound stream of B: the K-slice kernels (ks = 4, 32-row tile, deeper K slab
// per workgroup) win it on every shape and device.
TEST_F(GemmSelect, DecodeShapesGetTheKSliceKernels) {
  for (const Device& device : kDevices) {
    for (int64_t n : kSizes) {
      for (int64_t k : kSizes) {
        for (int64_t m : {1, 2, 4, 8, 16}) {
          const ManifestKernel& chosen = pick(device, linear(m, n, k));
          EXPECT_EQ(param(chosen, "ks"), 4) << chosen.id << " for M=" << m << " N=" << n << " K=" << k;
          EXPECT_EQ(param(chosen, "bm"), 32) << chosen.id;
          EXPECT_EQ(chosen.arch, device.arch);
        }
      }
    }
  }
}

// Wave quantization: among the decode tiles the pack has for the arch, the pick never needs more rounds
// of workgroups over the device's CUs than another would.
TEST_F(GemmSelect, DecodePickNeverAddsARoundOfWorkgroups) {
  for (const Device& device : kDevices) {
    KernelQuery query;
    query.op = "gemm";
    query.arch = device.arch;
    query.family = "gemm";
    query.params = {{"ks", "4"}, {"dtype", "bf16"}, {"out", "bf16"}, {"has_bias", "false"}};
    const auto decode = pack_->query(query);
    ASSERT_GE(decode.size(), 2u) << device.arch;
    for (int64_t n : kSizes) {
      for (int64_t k : kSizes) {
        for (int64_t m : {1, 8, 16}) {
          const ManifestKernel& chosen = pick(device, linear(m, n, k));
          for (const ManifestKernel* other : decode) {
            EXPECT_LE(rounds(chosen, m, n, k, device.cus), rounds(*other, m, n, k, device.cus))
                << chosen.id << " vs " << other->id << " cus=" << device.cus << " M=" << m << " N=" << n;
          }
        }
      }
    }
  }
}

// Split-K across workgroups: a decode problem with too few output tiles for the device gets split until
// the workgroups fill the CUs in one round (LDS allows one decode workgroup per CU), within the rule's
// bounds (at least 2 slabs per split). The split factor is one of two: the most splits that keep the
// partial sums within 4% of the minimum bytes, or the most that fill the CUs in one round where the split
// rule's modeled cost says the extra partial sums pay for the shorter streams. Where the tiles alone fill
// half the CUs, the model's fixed cost of the reduction (an atomic round trip and the partial reads, ~1 us
// assumed) outweighs the split's gain, and the cost may pick an unsplit narrower tile.
TEST_F(GemmSelect, DecodeProblemsWithFewTilesAreSplitAcrossWorkgroupsInOneRound) {
  for (const Device& device : kDevices) {
    for (int64_t n : kSizes) {
      for (int64_t k : kSizes) {
        for (int64_t m : {1, 4, 16}) {
          const ManifestKernel& chosen = pick(device, linear(m, n, k));
          ASSERT_EQ(param(chosen, "ks"), 4) << chosen.id;
          const auto g = grid(chosen, m, n, k, device.cus);
          const int64_t tiles = int64_t{g[0]} * g[1], splits = g[2];
          const int64_t slabs = (k + param(chosen, "bk") - 1) / param(chosen, "bk");
          const std::string what = chosen.id + " cus=" + std::to_string(device.cus) + " M=" + std::to_string(m) +
                                   " N=" + std::to_string(n) + " K=" + std::to_string(k);
          if (splits > 1) {
            EXPECT_LE(tiles * splits, device.cus) << what;                 // one round
            EXPECT_GE(slabs, 2 * splits - 1) << what;                      // >= 2 slabs per split (the last may be short)
            // the budgeted split or the one-round fill, each as launched (no split left empty)
            const int64_t fill = std::min<int64_t>({device.cus / tiles, slabs / 2, 16});
            const int64_t budget = (2 * (m + n) * k + 2 * m * n) / (((m + 3) / 4 * 4) * n * 8 * 25);
            const auto launched = [slabs](int64_t asked) {
              const int64_t per_split = (slabs + asked - 1) / asked;
              return (slabs + per_split - 1) / per_split;
            };
            EXPECT_TRUE(splits == launched(std::max<int64_t>(1, std::min(fill, budget))) ||
                        splits == launched(std::max<int64_t>(1, fill)))
                << what << " splits=" << splits;
          }
          // at M = 1 a quarter of the CUs or fewer, with slabs to spare: the call must be split
          if (m == 1 && tiles * 4 <= device.cus && slabs >= 4) {
            EXPECT_GT(splits, 1) << what;
          }
          // and whatever the pick, the workgroups keep at least half the CUs streaming
          if (m == 1 && slabs >= 8) {
            EXPECT_GE(tiles * splits * 2, device.cus) << what;
          }
        }
      }
    }
  }
  // DeepSeek-V3's N = 1536, K = 7168 at M = 1 on MI300X: 24-48 tiles for 304 CUs, split
  const ManifestKernel& example = pick(kDevices[0], linear(1, 1536, 7168));
  const auto g = grid(example, 1, 1536, 7168, 304);
  EXPECT_EQ(param(example, "ks"), 4) << example.id;
  EXPECT_GT(g[2], 1u) << example.id << " is not split";
  EXPECT_GE(int64_t{g[0]} * g[1] * g[2] * 2, 304) << example.id;
  EXPECT_LE(int64_t{g[0]} * g[1] * g[2], 304) << example.id;
}

// The split rule weighs partial sums against idle CUs (gen/families/gemm_splitk.py split_ns): bf16 M = 16,
// N = K = 4096 on MI355X (64 tiles of 32x64 for 256 CUs) fills the device with S = 4, past the 4% partial-sum
// budget's S = 2 (128 of 256 CUs idle, each busy one streaming twice the bytes; asm/gemm/PERFORMANCE.md,
// session 11, has the modeled times);
// on MI300X the same tiles stay at S = 2, where HBM (5.3 TB/s), not the CUs, bounds the call. M = 1 keeps
// the budget's S (the partial sums of one row are a few bytes).
TEST_F(GemmSelect, SplitRuleFillsTheDeviceWherePartialSumsPay) {
  struct Case {
    Device device;
    int64_t m, n, k;
    const char* tile;
    uint32_t splits;
  };
  const Case cases[] = {
      {{"gfx950", 256}, 16, 4096, 4096, "m32_n64_k256_ks4", 4},
      {{"gfx942", 304}, 16, 4096, 4096, "m32_n64_k256_ks4", 2},
      {{"gfx950", 256}, 1, 4096, 4096, "m32_n32_k512_ks4", 2},
      {{"gfx942", 304}, 1, 512, 7168, "m32_n32_k256_ks4", 14},
  };
  for (const Case& c : cases) {
    const ManifestKernel& chosen = pick(c.device, linear(c.m, c.n, c.k));
    const std::string what = std::string(c.device.arch) + " M=" + std::to_string(c.m) + " N=" + std::to_string(c.n) +
                             " K=" + std::to_string(c.k);
    EXPECT_EQ(chosen.id, std::string("gemm_") + c.device.arch + "_abf16_cbf16_bias0_" + c.tile) << what;
    EXPECT_EQ(grid(chosen, c.m, c.n, c.k, c.device.cus)[2], c.splits) << what;
  }
}

// Prefill (M = 4096) is compute-bound: a large prefill tile (at least 128x128 outputs per workgroup, so
// every loaded byte feeds enough MFMA work).
TEST_F(GemmSelect, PrefillShapesGetLargeTiles) {
  for (const Device& device : kDevices) {
    for (int64_t n : kSizes) {
      for (int64_t k : kSizes) {
        const ManifestKernel& chosen = pick(device, linear(4096, n, k));
        EXPECT_EQ(param(chosen, "ks"), 1) << chosen.id;
        EXPECT_GE(param(chosen, "bm") * param(chosen, "bn"), 128 * 128) << chosen.id << " N=" << n << " K=" << k;
      }
    }
  }
}

// The device's CU count is an input: an MI308X (80 CUs) gets wider decode tiles (fewer workgroups) than an
// MI300X (304) on the same shape, never narrower, and at least one shape changes kernel.
TEST_F(GemmSelect, FewerCusNeverPickNarrowerDecodeTiles) {
  int changed = 0;
  for (int64_t n : kSizes) {
    for (int64_t k : kSizes) {
      const ManifestKernel& big = pick(kDevices[0], linear(1, n, k));
      const ManifestKernel& small = pick(kDevices[1], linear(1, n, k));
      EXPECT_GE(param(small, "bn"), param(big, "bn")) << "N=" << n << " K=" << k;
      changed += big.id != small.id;
    }
  }
  EXPECT_GT(changed, 0);
}

// Every dtype combination the family declares is served, and the pick matches the problem's dtypes.
TEST_F(GemmSelect, EveryDtypeCombinationAndBiasIsServed) {
  for (const Device& device : kDevices) {
    for (const char* in : {"bf16", "f16"}) {
      for (const char* out : {"bf16", "f16", "f32"}) {
        for (int64_t bias : {0, 1}) {
          Problem problem = linear(3, 1000, 264, in, out);
          problem.integer("has_bias", bias);
          const ManifestKernel& chosen = pick(device, problem);
          EXPECT_EQ(chosen.family, "gemm") << chosen.id;
          EXPECT_EQ(chosen.match.at("dtype_a"), ParamValue(std::string(in))) << chosen.id;
          EXPECT_EQ(chosen.match.at("dtype_c"), ParamValue(std::string(out))) << chosen.id;
          EXPECT_EQ(chosen.match.at("has_bias"), ParamValue(bias == 1)) << chosen.id;
        }
      }
    }
  }
}

// Outside the alignment rules the call gets "no kernel" naming the failed rule.
TEST_F(GemmSelect, MisalignedKSaysWhichRuleFailed) {
  DeviceInfo info;
  info.arch = "gfx950";
  info.cus = 256;
  auto selection = pack_->select(linear(4, 4096, 100), info);
  ASSERT_FALSE(selection.is_ok());
  EXPECT_EQ(selection.status().code(), StatusCode::kNoKernel);
  EXPECT_NE(selection.status().message().find("K must be a multiple of 8"), std::string::npos)
      << selection.status().message();
}

}  // namespace
}  // namespace ingot
