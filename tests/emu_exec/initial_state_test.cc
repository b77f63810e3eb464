// Initial wave state at dispatch: user/system SGPRs, packed v0 work-item ids, EXEC of a partial wave,
// the dispatch packet. Expected values are computed here from the launch shape, not by the emulator.
#include "emu_test_support.h"
// Internal (not a public header): the launch-time check of the descriptor's user-SGPR requests.
#include "../../emu/exec/src/initial_state.h"

namespace ingot::emu::testing {
namespace {

class InitialState : public ::testing::TestWithParam<Target> {};

TEST_P(InitialState, SgprsIdsExecAndDispatchPacket) {
  Emulator emu(EmulatorOptions{.target = GetParam()});
  const Dim3 grid{2, 2, 1};
  const Dim3 group{4, 2, 5};  // 40 work-items: one wave with 24 dead lanes
  constexpr int kSlots = 4 * 64, kWords = 8;
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(kSlots * kWords, 0xdeadbeef));
  auto profile = run_kernel(emu, "initial_state", grid, group, kernargs({out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> got = download(emu, out);
  for (uint32_t wy = 0; wy < 2; ++wy) {
    for (uint32_t wx = 0; wx < 2; ++wx) {
      for (uint32_t z = 0; z < 5; ++z) {
        for (uint32_t y = 0; y < 2; ++y) {
          for (uint32_t x = 0; x < 4; ++x) {
            const uint32_t tid = x + 4 * y + 8 * z;
            const uint32_t slot = ((wy * 2 + wx) * 64 + tid) * kWords;
            SCOPED_TRACE("wg (" + std::to_string(wx) + "," + std::to_string(wy) + ") tid " + std::to_string(tid));
            EXPECT_EQ(got[slot + 0], x | y << 10 | z << 20);
            EXPECT_EQ(got[slot + 1], wx);
            EXPECT_EQ(got[slot + 2], wy);
            EXPECT_EQ(got[slot + 3], 0u);
            EXPECT_EQ(got[slot + 4], 0xffffffffu);        // 40 live lanes: low 32 all set
            EXPECT_EQ(got[slot + 5], (1u << 8) - 1);      // and 8 of the high 32
            EXPECT_EQ(got[slot + 6], tid);                // lane id = flat work-item id
            EXPECT_EQ(got[slot + 7], 4u | 2u << 16);      // dispatch packet workgroup_size_x, _y
          }
        }
      }
    }
  }
  // Lanes past the 40 live ones never stored.
  EXPECT_EQ(got[(40) * kWords], 0xdeadbeefu);
  EXPECT_EQ(profile->workgroups, 4u);
  EXPECT_EQ(profile->waves, 4u);
}

INGOT_FOR_BOTH_TARGETS(InitialState);


// gfx942/gfx950 have architected flat scratch: AMDGPUUsage says the private segment buffer and flat
// scratch init user SGPRs are "not supported and must be 0" there (and LLVM will not assemble a kernel
// asking for them), so a descriptor setting either is refused with a message naming the field.
TEST(InitialStateCheck, PrivateSegmentBufferAndFlatScratchInitAreRefused) {
  KernelDescriptor kd;
  kd.enable_kernarg_segment_ptr = true;
  EXPECT_TRUE(check_initial_state_supported(kd, "k").is_ok());
  kd.enable_private_segment_buffer = true;
  Status status = check_initial_state_supported(kd, "k");
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("kernel k"), std::string::npos) << status.message();
  kd.enable_private_segment_buffer = false;
  kd.enable_flat_scratch_init = true;
  status = check_initial_state_supported(kd, "k");
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("ENABLE_SGPR_FLAT_SCRATCH_INIT"), std::string::npos) << status.message();
}

}  // namespace
}  // namespace ingot::emu::testing
