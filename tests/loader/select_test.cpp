// Selection: hit with its reason, miss naming the failed rule of the closest candidate, ties by id.
#include <gtest/gtest.h>

#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"
#include "test_support.h"

namespace ingot {
namespace {

using nlohmann::json;

json gemm_kernel(const std::string& id, const std::string& arch, int tile, json cost) {
  json k = test::synthetic_kernel(id, "gemm", arch);
  k["family"] = "gemm";
  k["params"] = {{"tile_m", tile}, {"dtype", "bf16"}};
  k["match"] = {{"dtype_a", "bf16"}, {"dtype_c", "f32"}};
  k["constraints"] = {
      {{"name", "k_multiple"}, {"expr", {"eq", {"mod", "K", 8}, 0}}, {"message", "K must be a multiple of 8"}},
      {{"name", "m_fits"}, {"expr", {"ge", "M", tile}}, {"message", "M must be at least the tile"}},
  };
  k["cost"] = cost;
  return k;
}

Pack make_pack(const std::vector<json>& kernels) {
  auto pack = Pack::from_manifest_text(test::manifest_with(kernels).dump(), "/nonexistent");
  EXPECT_TRUE(pack.is_ok()) << pack.status().to_string();
  return std::move(pack).value();
}

Problem gemm_problem(int64_t m, int64_t n, int64_t k) {
  Problem p("gemm");
  p.key("dtype_a", "bf16").key("dtype_c", "f32").integer("M", m).integer("N", n).integer("K", k);
  return p;
}

const DeviceInfo kMi300x{"gfx942", 304};

TEST(Select, PicksLowestCostAndExplains) {
  // cost = ceil(M/tile) * ceil(N/tile) * 1000 / cus: bigger tiles are cheaper for big problems.
  auto cost_for = [](int tile) {
    return json{"div", {"mul", {"ceil_div", "M", tile}, {"ceil_div", "N", tile}, 1000}, "cus"};
  };
  Pack pack = make_pack({gemm_kernel("gemm_t64", "gfx942", 64, cost_for(64)),
                         gemm_kernel("gemm_t128", "gfx942", 128, cost_for(128)),
                         gemm_kernel("gemm_t256", "gfx942", 256, cost_for(256)),
                         gemm_kernel("gemm_t64_950", "gfx950", 64, 0)});
  auto selection = pack.select(gemm_problem(512, 512, 64), kMi300x);
  ASSERT_TRUE(selection.is_ok()) << selection.status().to_string();
  // 512/256 = 2 -> 4 tiles * 1000 / 304 = 13; t128: 16000/304 = 52; t64: 64000/304 = 210.
  EXPECT_EQ(selection->kernel->id, "gemm_t256");
  EXPECT_DOUBLE_EQ(selection->cost, 13.0);
  EXPECT_EQ(selection->candidates, 3u);
  EXPECT_EQ(selection->accepted, 3u);
  EXPECT_NE(selection->why.find("cost 13.0, lowest of 3 accepted; runner-up gemm_t128 at 52.0"),
            std::string::npos)
      << selection->why;
}

TEST(Select, CostUsesTheDeviceCuCount) {
  // A kernel whose cost only wins on a small part (MI308X: 80 CUs).
  Pack pack = make_pack({gemm_kernel("gemm_a", "gfx942", 64, json{"if", {"lt", "cus", 100}, 1, 10}),
                         gemm_kernel("gemm_b", "gfx942", 64, 5)});
  EXPECT_EQ(pack.select(gemm_problem(64, 64, 64), DeviceInfo{"gfx942", 80})->kernel->id, "gemm_a");
  EXPECT_EQ(pack.select(gemm_problem(64, 64, 64), kMi300x)->kernel->id, "gemm_b");
}

TEST(Select, MissNamesTheFailedConstraintOfTheClosestCandidate) {
  Pack pack = make_pack({gemm_kernel("gemm_t64", "gfx942", 64, 1)});
  auto selection = pack.select(gemm_problem(128, 128, 100), kMi300x);
  ASSERT_FALSE(selection.is_ok());
  EXPECT_EQ(selection.status().code(), StatusCode::kNoKernel);
  EXPECT_EQ(selection.status().message(), "no gemm kernel for gfx942: K=100: K must be a multiple of 8 (gemm_t64)");
}

TEST(Select, ClosestCandidateIsTheOneThatPassedMostRules) {
  // t64 fails the second constraint (M >= 64 with M = 32) after passing K; t8_wrong fails its match first.
  json wrong_dtype = gemm_kernel("gemm_a_f16", "gfx942", 8, 1);
  wrong_dtype["match"]["dtype_a"] = "f16";
  Pack pack = make_pack({wrong_dtype, gemm_kernel("gemm_t64", "gfx942", 64, 1)});
  auto selection = pack.select(gemm_problem(32, 32, 64), kMi300x);
  ASSERT_FALSE(selection.is_ok());
  EXPECT_NE(selection.status().message().find("M=32: M must be at least the tile (gemm_t64)"), std::string::npos)
      << selection.status().message();
}

TEST(Select, MatchMissReported) {
  Pack pack = make_pack({gemm_kernel("gemm_t64", "gfx942", 64, 1)});
  Problem problem = gemm_problem(64, 64, 64);
  problem.key("dtype_a", "f16");
  auto selection = pack.select(problem, kMi300x);
  ASSERT_FALSE(selection.is_ok());
  EXPECT_NE(selection.status().message().find("dtype_a=f16: kernel requires dtype_a=bf16"), std::string::npos)
      << selection.status().message();
}

TEST(Select, NoKernelsForArchOrOp) {
  Pack pack = make_pack({gemm_kernel("gemm_t64", "gfx942", 64, 1)});
  auto other_arch = pack.select(gemm_problem(64, 64, 64), DeviceInfo{"gfx950", 256});
  ASSERT_FALSE(other_arch.is_ok());
  EXPECT_EQ(other_arch.status().code(), StatusCode::kNoKernel);
  EXPECT_NE(other_arch.status().message().find("no gemm kernel for gfx950"), std::string::npos);
  Problem attention("fmha_fwd");
  auto other_op = pack.select(attention, kMi300x);
  ASSERT_FALSE(other_op.is_ok());
  EXPECT_NE(other_op.status().message().find("no fmha_fwd kernel for gfx942"), std::string::npos);
}

TEST(Select, MissingProblemValueIsAReasonNotACrash) {
  Pack pack = make_pack({gemm_kernel("gemm_t64", "gfx942", 64, 1)});
  Problem problem("gemm");
  problem.key("dtype_a", "bf16").key("dtype_c", "f32").integer("M", 64);
  auto selection = pack.select(problem, kMi300x);
  ASSERT_FALSE(selection.is_ok());
  EXPECT_NE(selection.status().message().find("\"K\""), std::string::npos) << selection.status().message();
}

TEST(Select, TiesGoToTheSmallerIdWhateverTheManifestOrder) {
  std::vector<json> kernels = {gemm_kernel("gemm_c", "gfx942", 64, 7), gemm_kernel("gemm_a", "gfx942", 64, 7),
                               gemm_kernel("gemm_b", "gfx942", 64, 7)};
  for (int rotation = 0; rotation < 3; ++rotation) {
    std::rotate(kernels.begin(), kernels.begin() + 1, kernels.end());
    Pack pack = make_pack(kernels);
    auto selection = pack.select(gemm_problem(64, 64, 64), kMi300x);
    ASSERT_TRUE(selection.is_ok());
    EXPECT_EQ(selection->kernel->id, "gemm_a");
    EXPECT_NE(selection->why.find("runner-up gemm_b at 7.0 (tie broken by id)"), std::string::npos) << selection->why;
  }
}

TEST(Select, CheckKernelAcceptsExplainsOneKernel) {
  Pack pack = make_pack({gemm_kernel("gemm_t64", "gfx942", 64, 1)});
  const ManifestKernel* kernel = pack.find("gemm_t64");
  ASSERT_NE(kernel, nullptr);
  EXPECT_TRUE(check_kernel_accepts(*kernel, gemm_problem(64, 64, 64), kMi300x).is_ok());
  EXPECT_EQ(check_kernel_accepts(*kernel, gemm_problem(64, 64, 63), kMi300x).code(), StatusCode::kNoKernel);
}

TEST(Pack, QueryAndFind) {
  Pack pack = make_pack({gemm_kernel("gemm_t64", "gfx942", 64, 1), gemm_kernel("gemm_t128", "gfx942", 128, 1),
                         gemm_kernel("gemm_t64_950", "gfx950", 64, 1)});
  EXPECT_EQ(pack.kernels().size(), 3u);
  EXPECT_NE(pack.find("gemm_t128"), nullptr);
  EXPECT_EQ(pack.find("nope"), nullptr);
  EXPECT_EQ(pack.candidates("gemm", "gfx942").size(), 2u);
  EXPECT_EQ(pack.candidates("gemm", "gfx942")[0]->id, "gemm_t128");  // id order
  KernelQuery query;
  query.params["tile_m"] = "64";
  EXPECT_EQ(pack.query(query).size(), 2u);
  query.arch = "gfx950";
  ASSERT_EQ(pack.query(query).size(), 1u);
  EXPECT_EQ(pack.query(query)[0]->id, "gemm_t64_950");
  query.family = "other";
  EXPECT_TRUE(pack.query(query).empty());
}

TEST(Pack, DuplicateIdsAreRejected) {
  auto pack = Pack::from_manifest_text(
      test::manifest_with({gemm_kernel("gemm_x", "gfx942", 64, 1), gemm_kernel("gemm_x", "gfx942", 64, 1)}).dump(),
      "/nonexistent");
  ASSERT_FALSE(pack.is_ok());
  EXPECT_EQ(pack.status().code(), StatusCode::kCorruptManifest);
  EXPECT_NE(pack.status().message().find("gemm_x"), std::string::npos);
}

}  // namespace
}  // namespace ingot
