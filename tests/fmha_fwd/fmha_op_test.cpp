// The fmha_fwd op (loader/ops/fmha_fwd.cpp) end to end on the emulator: the typed call
// (ingot::fmha_fwd through a Runtime) and the generic C API (ingot_op_args_* / ingot_run_op) reach the
// family's kernels and match the CPU reference (tests/reference/fmha_fwd_reference.h), O and LSE; the
// problem function fills every default (packed strides, scale 1/sqrt(Dqk), causal as window (-1, 0), the
// arch's fp8 format) and refuses null buffers with a message. Skips without a pack.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <random>
#include <vector>

#include "fmha_fwd_reference.h"
#include "gemm_reference.h"
#include "ingot/ingot_c.h"
#include "ingot/ops.h"
#include "ingot/runtime.h"
#include "ingot/tooling/device.h"
#include "support/test_pack.h"

namespace ingot {
namespace {

namespace ref = ingot::reference;

using test_support::have_pack;

// Packed BSHD bf16 inputs in [-1, 1), their decoded values, and the reference O / LSE.
struct OpCase {
  ref::FmhaProblem p;
  std::vector<uint8_t> q, k, v;
  std::vector<double> o, lse, mag;

  OpCase(int64_t B, int64_t Hq, int64_t Hkv, int64_t Sq, int64_t Sk, int64_t D, bool causal) {
    p.B = B, p.Hq = Hq, p.Hkv = Hkv, p.Sq = Sq, p.Sk = Sk, p.Dqk = p.Dv = D;
    p.scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(D)));
    p.window_right = causal ? 0 : -1;
    p.q = {Sq * Hq * D, Hq * D, D}, p.k = {Sk * Hkv * D, Hkv * D, D}, p.v = p.k, p.o = p.q;
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    auto fill = [&](std::vector<uint8_t>& bytes, int64_t n) {
      bytes.resize(static_cast<size_t>(n) * 2);
      std::vector<float> values(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) {
        ref::store_element(bytes.data(), i, ref::DType::kBF16, dist(rng));
        values[static_cast<size_t>(i)] = ref::load_element(bytes.data(), i, ref::DType::kBF16);
      }
      return values;
    };
    const auto qv = fill(q, B * Sq * Hq * D), kv = fill(k, B * Sk * Hkv * D), vv = fill(v, B * Sk * Hkv * D);
    o.assign(static_cast<size_t>(B * Sq * Hq * D), 0.0);
    mag = o;
    lse.assign(static_cast<size_t>(p.lse_count()), 0.0);
    ref::fmha_fwd(p, qv, kv, vv, o, &lse, &mag);
  }

  int bad_elements(const std::vector<uint8_t>& o_bytes, const std::vector<float>& lse_values) const {
    int bad = 0;
    const double eps = std::ldexp(1.0, -8);
    for (size_t e = 0; e < o.size(); ++e) {
      const double got = ref::load_element(o_bytes.data(), static_cast<int64_t>(e), ref::DType::kBF16);
      if (!(std::fabs(got - o[e]) <= ref::fmha_tolerance(o[e], mag[e], eps, eps))) ++bad;
    }
    for (size_t e = 0; e < lse.size(); ++e) {
      const bool ok = std::isinf(lse[e]) ? std::isinf(lse_values[e]) : std::fabs(lse_values[e] - lse[e]) <= 1e-4 * (1 + std::fabs(lse[e]));
      if (!ok) ++bad;
    }
    return bad;
  }
};

TEST(FmhaOp, TypedCallThroughTheRuntimeMatchesTheReference) {
  if (!have_pack()) GTEST_SKIP() << "no pack";
  RuntimeOptions options;
  options.pack_dir = test_support::pack_dir();
  options.device.choice = DeviceChoice::kEmulator;
  options.device.emu_arch = "gfx950";
  auto opened = Runtime::open(options);
  ASSERT_TRUE(opened.is_ok()) << opened.status().to_string();
  Runtime& runtime = *opened.value();
  const OpCase c(2, 4, 2, 40, 70, 128, true);
  Device& device = runtime.device();
  auto upload = [&](const std::vector<uint8_t>& bytes) {
    const uint64_t a = device.allocate(bytes.size()).value();
    EXPECT_TRUE(device.copy_to_device(a, bytes.data(), bytes.size()).is_ok());
    return a;
  };
  FmhaFwdArgs args;
  args.Q = upload(c.q), args.K = upload(c.k), args.V = upload(c.v);
  args.O = device.allocate(c.o.size() * 2).value();
  args.LSE = device.allocate(c.lse.size() * 4).value();
  args.B = 2, args.Hq = 4, args.Hkv = 2, args.Sq = 40, args.Sk = 70, args.Dqk = 128;
  args.causal = true;  // strides, Dv and scale from their defaults
  ASSERT_TRUE(fmha_fwd(runtime, args).is_ok());
  ASSERT_TRUE(device.synchronize().is_ok());
  std::vector<uint8_t> o(c.o.size() * 2);
  std::vector<float> lse(c.lse.size());
  ASSERT_TRUE(device.copy_to_host(o.data(), args.O, o.size()).is_ok());
  ASSERT_TRUE(device.copy_to_host(lse.data(), args.LSE, lse.size() * 4).is_ok());
  EXPECT_EQ(c.bad_elements(o, lse), 0);
}

TEST(FmhaOp, GenericCApiReachesTheOp) {
  if (!have_pack()) GTEST_SKIP() << "no pack";
  ingot_runtime* rt = nullptr;
  ASSERT_EQ(ingot_runtime_open(test_support::pack_dir().c_str(), "emu", &rt), 0) << ingot_last_error();
  const OpCase c(1, 3, 1, 33, 50, 64, false);
  auto upload = [&](const std::vector<uint8_t>& bytes) {
    uint64_t a = 0;
    EXPECT_EQ(ingot_malloc(rt, bytes.size(), &a), 0);
    EXPECT_EQ(ingot_copy_to_device(rt, a, bytes.data(), bytes.size()), 0);
    return a;
  };
  const uint64_t q = upload(c.q), k = upload(c.k), v = upload(c.v);
  uint64_t o = 0, lse = 0;
  ASSERT_EQ(ingot_malloc(rt, c.o.size() * 2, &o), 0);
  ASSERT_EQ(ingot_malloc(rt, c.lse.size() * 4, &lse), 0);
  ingot_op_args* args = nullptr;
  ASSERT_EQ(ingot_op_args_create("fmha_fwd", &args), 0) << ingot_last_error();
  for (auto [field, address] : {std::pair{"Q", q}, std::pair{"K", k}, std::pair{"V", v}, std::pair{"O", o}, std::pair{"LSE", lse}}) {
    ASSERT_EQ(ingot_op_args_set_buffer(args, field, address), 0) << field << ": " << ingot_last_error();
  }
  for (auto [field, value] : {std::pair{"Hq", 3}, std::pair{"Hkv", 1}, std::pair{"Sq", 33}, std::pair{"Sk", 50}, std::pair{"Dqk", 64}}) {
    ASSERT_EQ(ingot_op_args_set_int(args, field, value), 0) << field << ": " << ingot_last_error();
  }
  char id[128] = {};
  ASSERT_EQ(ingot_select_op(rt, args, id, sizeof id), 0) << ingot_last_error();
  EXPECT_NE(std::string(id).find("fmha_fwd_"), std::string::npos) << id;
  ASSERT_EQ(ingot_run_op(rt, args, nullptr), 0) << ingot_last_error();
  ASSERT_EQ(ingot_synchronize(rt, nullptr), 0);
  std::vector<uint8_t> o_bytes(c.o.size() * 2);
  std::vector<float> lse_values(c.lse.size());
  ASSERT_EQ(ingot_copy_to_host(rt, o_bytes.data(), o, o_bytes.size()), 0);
  ASSERT_EQ(ingot_copy_to_host(rt, lse_values.data(), lse, lse_values.size() * 4), 0);
  EXPECT_EQ(c.bad_elements(o_bytes, lse_values), 0);
  ingot_op_args_destroy(args);
  ingot_runtime_close(rt);
}

TEST(FmhaOp, ProblemFillsEveryDefault) {
  FmhaFwdArgs args;
  args.B = 2, args.Hq = 8, args.Hkv = 2, args.Sq = 100, args.Sk = 120, args.Dqk = 192, args.Dv = 128;
  args.causal = true;
  args.dtype = "fp8";
  auto problem = fmha_fwd_problem(args, DeviceInfo{"gfx950", 256});
  ASSERT_TRUE(problem.is_ok()) << problem.status().to_string();
  const Problem& p = problem.value();
  EXPECT_EQ(p.ints.at("stride_q_h"), 192);
  EXPECT_EQ(p.ints.at("stride_q_s"), 8 * 192);
  EXPECT_EQ(p.ints.at("stride_q_b"), 100 * 8 * 192);
  EXPECT_EQ(p.ints.at("stride_v_s"), 2 * 128);
  EXPECT_EQ(p.ints.at("window_left"), -1);
  EXPECT_EQ(p.ints.at("window_right"), 0);
  EXPECT_NEAR(p.scalars.at("scale"), 1.0 / std::sqrt(192.0), 1e-12);
  EXPECT_EQ(p.keys.at("fp8_format"), "e4m3fn");
  EXPECT_EQ(fmha_fwd_problem(args, DeviceInfo{"gfx942", 304}).value().keys.at("fp8_format"), "e4m3fnuz");
  args.cu_seqlens_q = 0x1000;  // varlen needs both
  EXPECT_EQ(fmha_fwd_problem(args, DeviceInfo{"gfx942", 304}).status().code(), StatusCode::kInvalidArgument);
}

TEST(FmhaOp, NullBuffersAreRefusedAtLaunch) {
  if (!have_pack()) GTEST_SKIP() << "no pack";
  RuntimeOptions options;
  options.pack_dir = test_support::pack_dir();
  options.device.choice = DeviceChoice::kEmulator;
  auto opened = Runtime::open(options);
  ASSERT_TRUE(opened.is_ok()) << opened.status().to_string();
  FmhaFwdArgs args;
  args.Hq = args.Hkv = 1, args.Sq = args.Sk = 8, args.Dqk = 64;
  const Status s = fmha_fwd(*opened.value(), args);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.to_string().find("Q, K, V and O must be device addresses"), std::string::npos) << s.to_string();
}

}  // namespace
}  // namespace ingot
