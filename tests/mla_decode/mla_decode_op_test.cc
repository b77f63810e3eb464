// The mla_decode op end to end on the emulator: the typed call (ingot::mla_decode on a Runtime: selection,
// the Runtime's own workspace, launch) and the C API's generic entry (ingot_op_args_* by field name,
// ingot_run_op), each on both archs' devices, checked against the CPU reference through the op's harness
// check (the same inputs, tolerance and LSE check as `ingot run mla_decode`). Plus the op's own rules.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "device_run.h"
#include "ingot/ingot_c.h"
#include "ingot/ops.h"
#include "ingot/ops/mla_decode.h"
#include "ingot/runtime.h"
#include "op_check.h"
#include "mla_test_pack.h"

namespace ingot {
namespace {

using mla_test::pack_dir;
using mla_test::have_pack;


// The case of a split, MTP, fp8-cache call with LSE, built by the op's harness check.
harness::HostCase make_case(const std::string& arch) {
  DeviceInfo device;
  device.arch = arch;
  harness::CaseOptions options{{"batch", "3"},     {"heads", "16"},       {"seqlen-q", "2"},
                               {"seqlen-k", "70,0,41"}, {"page-size", "16"}, {"kv-dtype", "fp8"},
                               {"lse", ""},        {"kv-splits", "2"}};
  auto hc = harness::find_op_check("mla_decode")->make_case(options, device, 11);
  EXPECT_TRUE(hc.is_ok()) << hc.status().to_string();
  return hc.is_ok() ? std::move(hc).value() : harness::HostCase{};
}

MlaDecodeArgs args_of(const Problem& p) {
  MlaDecodeArgs a;
  a.batch = p.ints.at("B");
  a.heads = p.ints.at("H");
  a.seqlen_q = p.ints.at("Sq");
  a.page_size = p.ints.at("page_size");
  a.max_seq_len = p.ints.at("max_seq_len");
  a.kv_dtype = p.keys.at("kv_dtype");
  a.q_dtype = p.keys.at("q_dtype");
  a.kv_scale = static_cast<float>(p.scalars.at("kv_scale"));
  a.q_scale = static_cast<float>(p.scalars.at("q_scale"));
  a.softmax_scale = static_cast<float>(p.scalars.at("softmax_scale"));
  a.kv_splits = p.ints.at("kv_splits");
  return a;
}

class MlaDecodeOp : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    if (!have_pack()) GTEST_SKIP() << "no pack at " << pack_dir();
  }
};

TEST_P(MlaDecodeOp, TypedCallOnTheRuntimeMatchesReference) {
  RuntimeOptions options;
  options.pack_dir = pack_dir();
  options.device.choice = DeviceChoice::kEmulator;
  options.device.emu_arch = GetParam();
  auto runtime = Runtime::open(options);
  ASSERT_TRUE(runtime.is_ok()) << runtime.status().to_string();
  Runtime& rt = *runtime.value();
  harness::HostCase hc = make_case(GetParam());
  harness::DeviceBuffers buffers(rt.device());
  ASSERT_TRUE(buffers.upload(hc).is_ok());
  MlaDecodeArgs args = args_of(hc.problem);
  args.Q = buffers.address("Q");
  args.pages = buffers.address("pages");
  args.block_table = buffers.address("block_table");
  args.seq_lens = buffers.address("seq_lens");
  args.O = buffers.address("O");
  args.LSE = buffers.address("LSE");
  ASSERT_TRUE(mla_decode(rt, args).is_ok());
  ASSERT_TRUE(rt.device().synchronize(nullptr).is_ok());
  auto failures = buffers.verify(hc);
  ASSERT_TRUE(failures.is_ok()) << failures.status().to_string();
  for (const std::string& line : failures.value()) ADD_FAILURE() << line;
}

// The C API opens the default emulator (gfx942), so this one runs on that arch only.
TEST(MlaDecodeOpCApi, GenericEntryMatchesReferenceOnTheDefaultEmulator) {
  if (!have_pack()) GTEST_SKIP() << "no pack at " << pack_dir();
  ingot_runtime* rt = nullptr;
  ASSERT_EQ(ingot_runtime_open(pack_dir().c_str(), "emu", &rt), INGOT_OK) << ingot_last_error();
  harness::HostCase hc = make_case("gfx942");
  std::vector<std::pair<std::string, uint64_t>> addresses;
  for (const auto& [name, bytes] : hc.buffers) {
    uint64_t address = 0;
    ASSERT_EQ(ingot_malloc(rt, bytes.size(), &address), INGOT_OK) << ingot_last_error();
    ASSERT_EQ(ingot_copy_to_device(rt, address, bytes.data(), bytes.size()), INGOT_OK);
    addresses.emplace_back(name, address);
  }
  ingot_op_args* args = nullptr;
  ASSERT_EQ(ingot_op_args_create("mla_decode", &args), INGOT_OK) << ingot_last_error();
  const Problem& p = hc.problem;
  EXPECT_EQ(ingot_op_args_set_int(args, "batch", p.ints.at("B")), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_int(args, "heads", p.ints.at("H")), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_int(args, "seqlen_q", p.ints.at("Sq")), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_int(args, "page_size", p.ints.at("page_size")), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_int(args, "max_seq_len", p.ints.at("max_seq_len")), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_int(args, "kv_splits", p.ints.at("kv_splits")), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_key(args, "kv_dtype", "fp8"), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_float(args, "kv_scale", p.scalars.at("kv_scale")), INGOT_OK);
  EXPECT_EQ(ingot_op_args_set_float(args, "softmax_scale", p.scalars.at("softmax_scale")), INGOT_OK);
  for (const auto& [name, address] : addresses) {
    EXPECT_EQ(ingot_op_args_set_buffer(args, name.c_str(), address), INGOT_OK) << name << ": " << ingot_last_error();
  }
  char id[128] = {};
  ASSERT_EQ(ingot_select_op(rt, args, id, sizeof id), INGOT_OK) << ingot_last_error();
  EXPECT_EQ(std::string(id), "mla_decode_gfx942_w1_t1_kvfp8_qbf16");
  ASSERT_EQ(ingot_run_op(rt, args, nullptr), INGOT_OK) << ingot_last_error();
  ASSERT_EQ(ingot_synchronize(rt, nullptr), INGOT_OK);
  std::vector<uint8_t> o(hc.buffers.at("O").size()), lse(hc.buffers.at("LSE").size());
  for (const auto& [name, address] : addresses) {
    if (name == "O") {
      EXPECT_EQ(ingot_copy_to_host(rt, o.data(), address, o.size()), INGOT_OK);
    } else if (name == "LSE") {
      EXPECT_EQ(ingot_copy_to_host(rt, lse.data(), address, lse.size()), INGOT_OK);
    }
  }
  (*hc.written)["LSE"] = lse;
  for (const std::string& line : hc.check_output(hc.buffers.at("O"), o)) ADD_FAILURE() << line;
  ingot_op_args_destroy(args);
  for (const auto& [name, address] : addresses) ingot_free(rt, address);
  ingot_runtime_close(rt);
}

INSTANTIATE_TEST_SUITE_P(Archs, MlaDecodeOp, ::testing::Values("gfx942", "gfx950"));

// The op's own rules, before any kernel: the softmax scale has no default, a launch needs real buffers,
// the block-table stride and the fp8 format default from the call and the device.
TEST(MlaDecodeOpRules, DefaultsAndRequiredValues) {
  DeviceInfo device;
  device.arch = "gfx950";
  MlaDecodeArgs args;
  args.batch = 2;
  args.heads = 16;
  args.page_size = 16;
  args.max_seq_len = 100;
  auto missing_scale = mla_decode_problem(args, device);
  ASSERT_FALSE(missing_scale.is_ok());
  EXPECT_NE(missing_scale.status().message().find("softmax_scale"), std::string::npos);
  args.softmax_scale = 0.1352f;
  auto problem = mla_decode_problem(args, device);
  ASSERT_TRUE(problem.is_ok()) << problem.status().to_string();
  EXPECT_EQ(problem.value().ints.at("max_pages_per_seq"), 7);  // ceil(100 / 16)
  EXPECT_EQ(problem.value().keys.at("fp8_format"), "e4m3fn");
  EXPECT_EQ(problem.value().keys.at("o_dtype"), "bf16");
  auto launch = build_problem(mla_decode_op(), [&](ProblemWriter& out) { return write_mla_decode_problem(args, device, out); },
                              /*for_launch=*/true);
  EXPECT_EQ(launch.status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace ingot
