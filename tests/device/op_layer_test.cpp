// The op layer: the registry, the field tables, the argument bag, and the contract that `select` of an
// op's problem is exactly the kernel the op call launches (on a recording device, with the real pack).
#include <gtest/gtest.h>

#include <set>

#include "fake_device.h"
#include "ingot/ops.h"
#include "ingot/tooling/select.h"
#include "test_pack.h"

namespace ingot {
namespace {

using testing::FakeDevice;

TEST(OpRegistry, FindsEveryRegisteredOpByName) {
  ASSERT_FALSE(all_ops().empty());
  for (const Op* op : all_ops()) EXPECT_EQ(find_op(op->name()), op);
  EXPECT_EQ(find_op("gemm"), &gemm_op());
  EXPECT_EQ(find_op("no_such_op"), nullptr);
}

// Every table is well formed: unique names, constant defaults that parse as their kind and sit among
// the choices, problem variables named once.
TEST(OpRegistry, FieldTablesAreWellFormed) {
  for (const Op* op : all_ops()) {
    SCOPED_TRACE(std::string(op->name()));
    std::set<std::string_view> names;
    for (const OpField& field : op->fields()) {
      EXPECT_TRUE(names.insert(field.name).second) << "field " << field.name << " twice";
      EXPECT_FALSE(field.help.empty()) << field.name;
      if (field.default_value.empty()) continue;
      OpArgs args(*op);
      EXPECT_TRUE(args.set_text(field.name, field.default_value).is_ok()) << field.name;
    }
    std::set<std::string_view> vars;
    for (const ProblemVar& var : op->problem_vars()) EXPECT_TRUE(vars.insert(var.name).second) << var.name;
  }
}

TEST(OpArgs, ParsesTextByKindAndSaysWhatIsWrong) {
  OpArgs args(gemm_op());
  EXPECT_TRUE(args.set_text("M", "0x10").is_ok());
  EXPECT_EQ(args.int_at(*gemm_op().field_index("M")), 16);
  EXPECT_TRUE(args.set_text("alpha", "0.5").is_ok());
  EXPECT_EQ(args.float_at(*gemm_op().field_index("alpha")), 0.5);
  EXPECT_TRUE(args.set_text("A", "0x7f0000001000").is_ok());
  EXPECT_EQ(args.buffer_at(*gemm_op().field_index("A")), 0x7f0000001000u);

  Status unknown = args.set_text("m", "1");
  EXPECT_EQ(unknown.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(unknown.message().find("no such field"), std::string::npos) << unknown.message();
  EXPECT_NE(unknown.message().find("M, N, K"), std::string::npos) << "lists the fields: " << unknown.message();

  Status not_int = args.set_text("K", "1.5");
  EXPECT_NE(not_int.message().find("needs an integer"), std::string::npos) << not_int.message();
  Status bad_choice = args.set_key("dtype_a", "int8");
  EXPECT_NE(bad_choice.message().find("bf16, f16, fp8"), std::string::npos) << bad_choice.message();
  Status wrong_kind = args.set_int("dtype_a", 3);
  EXPECT_NE(wrong_kind.message().find("is a key field, not a int"), std::string::npos) << wrong_kind.message();
  EXPECT_TRUE(args.set_float("N", 64.0).is_ok()) << "an integral number is a fine int";
  EXPECT_FALSE(args.set_float("N", 64.5).is_ok());
}

TEST(OpArgs, RequiredFieldsAreNamedBuffersOnlyForALaunch) {
  OpArgs args(gemm_op());
  Status missing = args.check_required(/*for_launch=*/false);
  EXPECT_NE(missing.message().find("M, N, K"), std::string::npos) << missing.message();
  EXPECT_EQ(missing.message().find("A"), std::string::npos) << "selection needs no buffers: " << missing.message();
  ASSERT_TRUE(args.set_int("M", 1).is_ok() && args.set_int("N", 2).is_ok() && args.set_int("K", 3).is_ok());
  EXPECT_TRUE(args.check_required(false).is_ok());
  Status launch = args.check_required(/*for_launch=*/true);
  EXPECT_NE(launch.message().find("A, B, C"), std::string::npos) << launch.message();
}

// The defaults the issue names (fp8 format, strides) come from the op's one problem function, so the
// bag, the typed call and select all see them. gfx942 reads FNUZ fp8, gfx950 OCP (CDNA3/CDNA4 ISA guides).
TEST(GemmOp, FillsDefaultsFromTheDevice) {
  OpArgs args(gemm_op());
  ASSERT_TRUE(args.set_int("M", 1).is_ok() && args.set_int("N", 256).is_ok() && args.set_int("K", 512).is_ok());
  ASSERT_TRUE(args.set_key("dtype_a", "fp8").is_ok());
  auto typed = gemm_args(args);
  ASSERT_TRUE(typed.is_ok());
  EXPECT_EQ(typed->dtype_b, "fp8");
  EXPECT_EQ(typed->dtype_c, "bf16");
  for (const auto& [arch, format] : {std::pair{"gfx942", "e4m3fnuz"}, std::pair{"gfx950", "e4m3fn"}}) {
    auto problem = gemm_problem(typed.value(), DeviceInfo{arch, 256});
    ASSERT_TRUE(problem.is_ok()) << problem.status().to_string();
    EXPECT_EQ(problem->keys.at("fp8_format"), format);
    EXPECT_EQ(problem->keys.at("scaling"), "block128");
    EXPECT_EQ(problem->ints.at("lda"), 512);
    EXPECT_EQ(problem->ints.at("ldb"), 512);
    EXPECT_EQ(problem->ints.at("ldc"), 256);
  }
  auto unknown_arch = gemm_problem(typed.value(), DeviceInfo{"gfx90a", 104});
  EXPECT_EQ(unknown_arch.status().code(), StatusCode::kUnsupported);
}

// The Runtime resets a frame place only when the call before wrote it and this one did not: it reads
// which variables a call wrote from the writer, so every kind of write must be recorded, and only it.
TEST(ProblemWriter, RecordsWhichVariablesWereWritten) {
  std::vector<ProblemValue> values(70);
  std::vector<uint32_t> place(70);
  for (uint32_t i = 0; i < place.size(); ++i) place[i] = i;
  ProblemWriter out(values.data(), place.data(), /*for_launch=*/false);
  EXPECT_EQ(out.written(), 0u);
  out.key(0, "bf16");
  out.integer(3, -7);
  out.scalar(5, 0.5);
  out.buffer(63, 0x1000);
  out.integer(64, 1);  // past the tracked 64: written, not recorded
  EXPECT_EQ(out.written(), (uint64_t{1} << 0) | (uint64_t{1} << 3) | (uint64_t{1} << 5) | (uint64_t{1} << 63));
  EXPECT_EQ(values[0].tag, ProblemValue::Tag::kString);
  EXPECT_EQ(values[0].s(), "bf16");
  EXPECT_EQ(values[3].tag, ProblemValue::Tag::kInt);
  EXPECT_EQ(values[3].i, -7);
  EXPECT_FALSE(values[3].buffer);
  EXPECT_EQ(values[5].tag, ProblemValue::Tag::kDouble);
  EXPECT_EQ(values[5].d, 0.5);
  EXPECT_EQ(values[63].tag, ProblemValue::Tag::kInt);
  EXPECT_TRUE(values[63].buffer);
  EXPECT_EQ(values[63].i, 0x1000);
  EXPECT_EQ(values[64].i, 1);
  EXPECT_EQ(values[1].tag, ProblemValue::Tag::kAbsent);
}

class OpSelectIsLaunch : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto dir = testing::real_pack_dir();
    if (dir.empty()) GTEST_SKIP() << "no built pack (build the `pack` target)";
    auto pack = Pack::open(dir);
    ASSERT_TRUE(pack.is_ok()) << pack.status().to_string();
    auto device = std::make_unique<FakeDevice>("gfx942", 304);
    device_ = device.get();
    runtime_ = Runtime::create(std::move(pack).value(), std::move(device));
  }

  // The symbol of the kernel the device was last asked to launch (FakeDevice hands out module * 1000 + n
  // for the n-th get_kernel call).
  std::string last_launched_symbol() const {
    const KernelHandle handle = device_->launched_kernels.back();
    return device_->kernel_symbols.at(handle.value % 1000 - 1);
  }

  FakeDevice* device_ = nullptr;
  std::unique_ptr<Runtime> runtime_;
};

TEST_F(OpSelectIsLaunch, TypedCallsLaunchWhatSelectPicks) {
  std::vector<GemmArgs> calls;
  GemmArgs decode;  // M=1 decode: a split-K kernel with the Runtime's workspace
  decode.A = 0x7f0000100000, decode.B = 0x7f0000200000, decode.C = 0x7f0000300000;
  decode.M = 1, decode.N = 7168, decode.K = 7168;
  calls.push_back(decode);
  GemmArgs prefill = decode;
  prefill.M = prefill.N = prefill.K = 4096;
  prefill.bias = 0x7f0000400000;
  prefill.dtype_c = "bf16";
  calls.push_back(prefill);
  GemmArgs fp8 = decode;  // format and scaling left to the op
  fp8.dtype_a = fp8.dtype_b = "fp8";
  fp8.dtype_c = "bf16";
  fp8.A_scale = 0x7f0000500000, fp8.B_scale = 0x7f0000600000;
  calls.push_back(fp8);
  fp8.scaling = "per_token";
  fp8.M = 64;
  calls.push_back(fp8);
  for (const GemmArgs& args : calls) {
    auto problem = gemm_problem(args, device_->info());
    ASSERT_TRUE(problem.is_ok()) << problem.status().to_string();
    auto selection = runtime_->select(problem.value());
    ASSERT_TRUE(selection.is_ok()) << selection.status().to_string();
    ASSERT_TRUE(gemm(*runtime_, args).is_ok());
    EXPECT_EQ(last_launched_symbol(), selection->kernel->symbol) << problem->describe();
  }
}

TEST_F(OpSelectIsLaunch, TheBagSelectsAndLaunchesTheSameKernel) {
  const Op* op = find_op("gemm");
  ASSERT_NE(op, nullptr);
  OpArgs args(*op);
  for (const auto& [field, text] : std::initializer_list<std::pair<const char*, const char*>>{
           {"M", "1"}, {"N", "7168"}, {"K", "7168"}, {"dtype_a", "fp8"}, {"A", "0x7f0000100000"},
           {"B", "0x7f0000200000"}, {"C", "0x7f0000300000"}, {"A_scale", "0x7f0000400000"},
           {"B_scale", "0x7f0000500000"}}) {
    ASSERT_TRUE(args.set_text(field, text).is_ok()) << field;
  }
  auto selection = runtime_->select(args);
  ASSERT_TRUE(selection.is_ok()) << selection.status().to_string();
  ASSERT_TRUE(runtime_->run(args).is_ok());
  EXPECT_EQ(last_launched_symbol(), selection->kernel->symbol);
}

TEST_F(OpSelectIsLaunch, ALaunchWithoutBuffersIsRefusedBeforeSelection) {
  OpArgs args(gemm_op());
  ASSERT_TRUE(args.set_int("M", 64).is_ok() && args.set_int("N", 64).is_ok() && args.set_int("K", 64).is_ok());
  EXPECT_TRUE(runtime_->select(args).is_ok()) << "selection needs no buffers";
  Status ran = runtime_->run(args);
  EXPECT_EQ(ran.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(ran.message().find("A, B, C"), std::string::npos) << ran.message();
  EXPECT_TRUE(device_->launches.empty());
}

}  // namespace
}  // namespace ingot
