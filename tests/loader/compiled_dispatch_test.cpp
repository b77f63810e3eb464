// The compiled dispatch (loader/dispatch/) against the interpreter it replaces on the call path
// (expr_eval.cpp, select.cpp, launch.cpp), which stays the reference and the source of messages:
// random expressions give the same value or both fail; on the real pack, every problem of a grid over
// both archs, dtypes, bias, fp8 scalings and formats, decode and prefill shapes and CU counts selects
// the same kernel, with the same grid, LDS, workspace and kernarg bytes.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>
#include <string>

#include "dispatch/compiled_pack.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"
#include "support/test_pack.h"
#include "test_support.h"

namespace ingot {
namespace {

using dispatch::Slot;

// ---- Random expressions ----

class RandomExpr {
 public:
  explicit RandomExpr(uint32_t seed) : rng_(seed) {}

  std::string make(int depth) {
    if (depth == 0 || pick(4) == 0) return leaf();
    static const char* kOps[] = {"add", "sub", "mul", "div", "mod", "ceil_div", "round_up", "min", "max", "eq",
                                 "ne", "lt", "le", "gt", "ge", "and", "or", "not", "if"};
    const std::string op = kOps[pick(19)];
    size_t arity = 2;
    if (op == "not") arity = 1;
    if (op == "if") arity = 3;
    if ((op == "add" || op == "mul" || op == "min" || op == "max" || op == "and" || op == "or") && pick(3) == 0) {
      arity = 3;
    }
    std::string text = "[\"" + op + "\"";
    for (size_t i = 0; i < arity; ++i) text += "," + make(depth - 1);
    return text + "]";
  }

 private:
  size_t pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }
  std::string leaf() {
    static const char* kNames[] = {"\"M\"", "\"N\"", "\"K\"", "\"zero\"", "\"big\"", "\"x\"", "\"dtype\"", "\"undefined\""};
    static const char* kConstants[] = {"0", "1", "-1", "7", "128", "9223372036854775807", "-9223372036854775808",
                                       "0.5", "-2.25", "3.0"};
    return pick(2) == 0 ? kNames[pick(8)] : kConstants[pick(10)];
  }
  std::mt19937 rng_;
};

TEST(CompiledExpr, RandomExpressionsGiveTheInterpretersValues) {
  MapEnv env;
  env.set("M", int64_t{300});
  env.set("N", int64_t{-17});
  env.set("K", int64_t{7168});
  env.set("zero", int64_t{0});
  env.set("big", int64_t{4611686018427387904});
  env.set("x", 2.5);
  env.set("dtype", std::string("bf16"));
  dispatch::SlotNames names;
  RandomExpr random(2024);
  int compared = 0, failed_both = 0;
  for (int i = 0; i < 20000; ++i) {
    const std::string text = random.make(5);
    auto expr = Expr::parse_json(text);
    ASSERT_TRUE(expr.is_ok()) << text << ": " << expr.status().to_string();
    auto compiled = dispatch::CompiledExpr::compile(expr.value(), names);
    std::vector<Slot> frame(names.size());
    for (size_t slot = 0; slot < names.size(); ++slot) {
      const Value* value = env.lookup(names.name(static_cast<uint32_t>(slot)));
      if (value == nullptr) continue;
      if (const auto* integer = std::get_if<int64_t>(value)) frame[slot] = Slot::of_int(*integer);
      if (const auto* real = std::get_if<double>(value)) frame[slot] = Slot::of_double(*real);
      if (const auto* str = std::get_if<std::string>(value)) frame[slot] = Slot::of_string(*str);
    }
    auto want = expr->evaluate(env);
    Slot got;
    const bool ok = compiled.evaluate(frame.data(), got);
    ASSERT_EQ(ok, want.is_ok()) << text << (want.is_ok() ? "" : ": " + want.status().message());
    if (!ok) {
      ++failed_both;
      continue;
    }
    ++compared;
    if (const auto* integer = std::get_if<int64_t>(&want.value())) {
      ASSERT_EQ(got.tag, Slot::Tag::kInt) << text;
      ASSERT_EQ(got.i, *integer) << text;
    } else if (const auto* real = std::get_if<double>(&want.value())) {
      ASSERT_EQ(got.tag, Slot::Tag::kDouble) << text;
      ASSERT_EQ(std::bit_cast<uint64_t>(got.d), std::bit_cast<uint64_t>(*real)) << text;
    } else {
      ASSERT_EQ(got.tag, Slot::Tag::kString) << text;
      ASSERT_EQ(got.s(), std::get<std::string>(want.value())) << text;
    }
  }
  // Both outcomes are exercised, not just one.
  EXPECT_GT(compared, 5000);
  EXPECT_GT(failed_both, 1000);
}

// ---- The real pack ----

std::vector<Slot> frame_of(const dispatch::CompiledPack& compiled, const Problem& problem, const DeviceInfo& device) {
  std::vector<Slot> frame = dispatch::device_frame(compiled, device);
  auto put = [&](const std::string& name, Slot value) {
    if (auto slot = compiled.names().find(name)) {
      value.buffer = value.buffer || frame[*slot].buffer;
      frame[*slot] = value;
    }
  };
  for (const auto& [name, address] : problem.buffers) put(name, Slot::of_buffer(address));
  for (const auto& [name, value] : problem.keys) put(name, Slot::of_string(value));
  for (const auto& [name, value] : problem.scalars) put(name, Slot::of_double(value));
  for (const auto& [name, value] : problem.ints) put(name, Slot::of_int(value));
  return frame;
}

TEST(CompiledDispatch, SelectsLaunchesAndPacksAsTheInterpreterOnTheRealPack) {
  auto dir = test::real_pack_dir();
  if (!dir) GTEST_SKIP() << "no pack at " << test_support::pack_dir();
  auto pack = Pack::open(*dir);
  ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
  const dispatch::CompiledPack& compiled = pack->compiled();
  int selected = 0, rejected = 0;
  for (const char* arch : {"gfx942", "gfx950"}) {
    for (int64_t cus : {80, 256, 304}) {
      const DeviceInfo device{arch, cus};
      const dispatch::CandidateSet* set = compiled.candidates("gemm", arch);
      ASSERT_NE(set, nullptr);
      for (const char* dtype : {"bf16", "f16", "fp8"}) {
        for (const char* out : {"f32", "bf16", "f16"}) {
          for (int variant = 0; variant < 3; ++variant) {  // bias / fp8 block128 / fp8 per_token
            for (int64_t m : {1, 7, 64, 333, 4096}) {
              for (int64_t n : {128, 520, 7168}) {
                for (int64_t k : {100, 256, 7168}) {
                  Problem problem("gemm");
                  problem.key("dtype_a", dtype).key("dtype_b", dtype).key("dtype_c", out);
                  problem.integer("M", m).integer("N", n).integer("K", k);
                  problem.integer("lda", k).integer("ldb", k).integer("ldc", n + (m % 2) * 8);
                  problem.buffer("A", 0x7f0000100000).buffer("B", 0x7f0000200000).buffer("C", 0x7f0000300000);
                  problem.buffer("workspace", 0x7f0000900000);
                  problem.scalar("alpha", variant == 0 ? 0.5 : 1.0);
                  problem.integer("has_bias", variant == 0 ? 1 : 0);
                  if (variant == 0) problem.buffer("bias", 0x7f0000400000);
                  if (std::string(dtype) == "fp8") {
                    problem.key("scaling", variant == 2 ? "per_token" : "block128");
                    problem.key("fp8_format", std::string(arch) == "gfx942" ? "e4m3fnuz" : "e4m3fn");
                    problem.buffer("A_scale", 0x7f0000500000).buffer("B_scale", 0x7f0000600000);
                  }
                  SCOPED_TRACE(problem.describe() + " on " + arch + "/" + std::to_string(cus));
                  const std::vector<Slot> frame = frame_of(compiled, problem, device);
                  const dispatch::CompiledKernel* fast = dispatch::select_kernel(*set, frame.data());
                  auto slow = select(pack.value(), problem, device);
                  ASSERT_EQ(fast != nullptr, slow.is_ok()) << (slow.is_ok() ? slow->kernel->id : slow.status().message());
                  if (fast == nullptr) {
                    ++rejected;
                    continue;
                  }
                  ++selected;
                  ASSERT_EQ(fast->kernel->id, slow->kernel->id);
                  auto config = prepare_launch(*slow->kernel, problem, device);
                  auto bytes = workspace_bytes(*slow->kernel, problem, device);
                  ASSERT_TRUE(config.is_ok() && bytes.is_ok());
                  dispatch::LaunchDims dims;
                  ASSERT_TRUE(dispatch::launch_dims(*fast, frame.data(), dims));
                  EXPECT_EQ(dims.grid_workgroups, config->grid_workgroups);
                  EXPECT_EQ(dims.dynamic_lds, config->dynamic_lds);
                  EXPECT_EQ(dims.workspace_bytes, bytes.value());
                  std::vector<uint8_t> kernargs;
                  ASSERT_TRUE(dispatch::pack_kernargs(*fast, frame.data(), dispatch::ArgPass::kShapeTemplate, kernargs));
                  ASSERT_TRUE(dispatch::pack_kernargs(*fast, frame.data(), dispatch::ArgPass::kPerCall, kernargs));
                  EXPECT_EQ(kernargs, config->kernargs);
                }
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(selected, 1000);
  EXPECT_GT(rejected, 500);
}

}  // namespace
}  // namespace ingot
