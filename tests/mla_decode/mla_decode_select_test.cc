// Pins what the selection data (gen/families/mla_decode.py: modeled cost and split rule, evaluated from
// the manifest alone) picks for DeepSeek-V3 decode (576/512 latent, Sq = 1, context 4096, 64-token
// pages) at TP 1, 8 and 16 (H = 128, 16, 8) with batch 1, 32 and 256, on MI300X (304 CUs) and MI355X
// (256 CUs). The expected values were worked out by hand from the rule in the family's docstring:
//   row tiles = ceil(H / (16 W T)); wgs = B * row tiles; chunk = 1024 min(W T, ceil(H / 16)) (x2 for fp8 KV);
//   S = clamp(min(max(ceil(4096 / chunk), min(cover, ceil(4096 / 256))), ceil(4 cus / wgs)), 1, 64)
//   cover = ceil(cus / wgs) when wgs * ceil(cus / wgs) workgroups fit the CUs at once (cus * slots: 3 per CU
//   for the 1-wave gfx942 kernels, 2 for the 2-wave ones (one or two tiles) and gfx950's 2-wave ones, 1 for
//   gfx950's 4-wave ones), else cus div wgs
// and the cost's preference for the fewest KV re-reads (fewest row tiles), then the fewest padded rows.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <variant>

#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/problem.h"
#include "ingot/tooling/select.h"
#include "mla_test_pack.h"

namespace ingot {
namespace {

using mla_test::pack_dir;

Problem deepseek_decode(const std::string& arch, int64_t batch, int64_t heads, const std::string& kv_dtype,
                        int64_t kv_splits = 0) {
  Problem p("mla_decode");
  p.key("q_dtype", "bf16").key("kv_dtype", kv_dtype).key("o_dtype", "bf16");
  p.key("fp8_format", arch == "gfx950" ? "e4m3fn" : "e4m3fnuz");  // the arch's fp8 encoding
  p.integer("B", batch).integer("H", heads).integer("Sq", 1).integer("page_size", 64);
  p.integer("max_pages_per_seq", 64).integer("max_seq_len", 4096).integer("kv_lora_rank", 512).integer("rope_dim", 64);
  p.integer("kv_splits", kv_splits);
  p.scalar("softmax_scale", 0.1352).scalar("q_scale", 1.0).scalar("kv_scale", 1.0);
  for (const char* name : {"Q", "pages", "block_table", "seq_lens", "O", "LSE", "workspace"}) p.buffer(name, 0x100000);
  return p;
}

struct Pin {
  const char* arch;
  int64_t cus;
  int64_t heads, batch;
  int64_t waves;                      // the variant picked
  int64_t tiles;                      // its 16-row tiles per wave
  uint32_t splits_bf16, splits_fp8;  // grid z for bf16 and fp8 KV
};

// chunk = 1024 keys per row tile with real rows (min(W T, ceil(H/16))), doubled for fp8 KV; by_len =
// ceil(4096 / chunk).
// MI300X: 1 or 2 waves of 1 or 2 row tiles; at B = 1 every workgroup is bound by its own bytes in flight, so
// the tilings cost the same and the tie goes to the smallest id (1 wave, 1 tile: more CUs at work). H <= 16:
// one wave (no padded rows beyond H). Splits: by_len, raised to cover the CUs in one round for small batches
// (B = 1: 16, the 256-key floor; H <= 16, B = 32: ceil(304 / 32) = 10, 320 workgroups on 304 CUs holding 3
// each), capped at ceil(1216 / wgs).
// MI355X: 2 or 4 waves; 2 at B = 1 (tie); H <= 16 takes 2 (fewest padded rows); H <= 16, B = 32: 256 / 32 = 8
// splits (the CU count is a multiple of the workgroups: ceil and floor agree).
// H = 128 at B >= 32 takes the most rows per workgroup, 2 row tiles per wave (MI300X 2 waves: 64 rows,
// MI355X 4 waves: 128; one KV stream per 64 / 128 heads, half the re-reads), so half the workgroups: B = 32
// splits MI300X ceil(304 / 64) = 5, MI355X 256 / 32 = 8; B = 256: 1 (a chunk is 1024 keys per row tile with real rows, 4096 keys on MI300X and
// 8192 on MI355X: by_len 1 for bf16 too, and every CU already has a workgroup).
constexpr Pin kPins[] = {
    {"gfx942", 304, 128, 1, 1, 1, 16, 16}, {"gfx942", 304, 128, 32, 2, 2, 5, 5}, {"gfx942", 304, 128, 256, 2, 2, 1, 1},
    {"gfx942", 304, 16, 1, 1, 1, 16, 16},  {"gfx942", 304, 16, 32, 1, 1, 10, 10},  {"gfx942", 304, 16, 256, 1, 1, 4, 2},
    {"gfx942", 304, 8, 1, 1, 1, 16, 16},   {"gfx942", 304, 8, 32, 1, 1, 10, 10},   {"gfx942", 304, 8, 256, 1, 1, 4, 2},
    {"gfx950", 256, 128, 1, 2, 1, 16, 16}, {"gfx950", 256, 128, 32, 4, 2, 8, 8}, {"gfx950", 256, 128, 256, 4, 2, 1, 1},
    {"gfx950", 256, 16, 1, 2, 1, 16, 16},  {"gfx950", 256, 16, 32, 2, 1, 8, 8},  {"gfx950", 256, 16, 256, 2, 1, 4, 2},
    {"gfx950", 256, 8, 1, 2, 1, 16, 16},   {"gfx950", 256, 8, 32, 2, 1, 8, 8},   {"gfx950", 256, 8, 256, 2, 1, 4, 2},
};

class MlaDecodeSelect : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(pack_dir() / "manifest.json")) GTEST_SKIP() << "no pack at " << pack_dir();
    auto opened = Pack::open(pack_dir());
    ASSERT_TRUE(opened.is_ok()) << opened.status().to_string();
    pack_ = std::make_unique<Pack>(std::move(opened).value());
  }
  std::unique_ptr<Pack> pack_;
};

int64_t param(const ManifestKernel& k, const char* name) {
  const auto it = k.params.find(name);
  return it != k.params.end() && std::holds_alternative<int64_t>(it->second) ? std::get<int64_t>(it->second) : -1;
}

TEST_F(MlaDecodeSelect, DeepSeekV3DecodeAtTp1Tp8Tp16) {
  for (const Pin& pin : kPins) {
    for (const char* kv : {"bf16", "fp8"}) {
      DeviceInfo device;
      device.arch = pin.arch;
      device.cus = pin.cus;
      const Problem problem = deepseek_decode(pin.arch, pin.batch, pin.heads, kv);
      auto selection = pack_->select(problem, device);
      ASSERT_TRUE(selection.is_ok()) << problem.describe() << ": " << selection.status().to_string();
      const ManifestKernel& k = *selection->kernel;
      const std::string where = std::string(pin.arch) + " H=" + std::to_string(pin.heads) + " B=" +
                                std::to_string(pin.batch) + " kv=" + kv + ": " + k.id;
      EXPECT_EQ(param(k, "waves"), pin.waves) << where << " (" << selection->why << ")";
      EXPECT_EQ(param(k, "tiles"), pin.tiles) << where << " (" << selection->why << ")";
      EXPECT_NE(k.id.find(std::string("_kv") + kv + "_qbf16"), std::string::npos) << where;
      auto config = prepare_launch(k, problem, device);
      ASSERT_TRUE(config.is_ok()) << where << ": " << config.status().to_string();
      EXPECT_EQ(config->grid_workgroups[0], static_cast<uint32_t>(pin.batch)) << where;
      EXPECT_EQ(config->grid_workgroups[2], std::string(kv) == "fp8" ? pin.splits_fp8 : pin.splits_bf16) << where;
    }
  }
}

// The caller's kv_splits overrides the rule (capped at 64); a split that would leave chunks empty is
// re-derived from the chunk length so that grid z has no chunk past max_seq_len.
TEST_F(MlaDecodeSelect, CallerSplitOverridesTheRule) {
  DeviceInfo device;
  device.arch = "gfx942";
  device.cus = 304;
  for (const auto& [asked, want] : {std::pair<int64_t, uint32_t>{1, 1}, {7, 7}, {100, 64}}) {
    const Problem problem = deepseek_decode("gfx942", 4, 16, "bf16", asked);
    auto selection = pack_->select(problem, device);
    ASSERT_TRUE(selection.is_ok()) << selection.status().to_string();
    auto config = prepare_launch(*selection->kernel, problem, device);
    ASSERT_TRUE(config.is_ok()) << config.status().to_string();
    EXPECT_EQ(config->grid_workgroups[2], want) << "kv_splits=" << asked;
  }
}

// A shape no kernel takes names the rule that failed.
TEST_F(MlaDecodeSelect, RejectsWhatNoKernelServes) {
  DeviceInfo device;
  device.arch = "gfx942";
  device.cus = 304;
  Problem problem = deepseek_decode("gfx942", 1, 16, "bf16");
  problem.integer("page_size", 24);
  auto selection = pack_->select(problem, device);
  ASSERT_FALSE(selection.is_ok());
  EXPECT_NE(selection.status().message().find("power of two"), std::string::npos) << selection.status().to_string();
  problem = deepseek_decode("gfx942", 1, 129, "bf16");
  selection = pack_->select(problem, device);
  ASSERT_FALSE(selection.is_ok());
  EXPECT_NE(selection.status().message().find("H must be 1..128"), std::string::npos) << selection.status().to_string();
}

}  // namespace
}  // namespace ingot
