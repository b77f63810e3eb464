// gfx950 transposed LDS reads, checked against the public descriptions, transcribed here as tables
// over the 8 bytes each lane's address points at ("raw" lane data), per 16-lane row:
//  * ds_read_b64_tr_b16 (Mojo std.gpu.intrinsics ds_read_tr16_b64_row: "each 16-lane row loads a 4x16
//    tile, with per-lane exchange so each lane gets a column of the tile"; Triton
//    chooseLLDsReadB64TrLayout's 16x4 diagram): tile[row][col] = halfword col % 4 of lane
//    4*row + col / 4; lane i gets tile[0..3][i].
//  * ds_read_b64_tr_b8 (Mojo ds_read_tr8_b64: "each 16-lane row reads 16x8 bytes from LDS and performs
//    two interleaved 8x8 byte transposes"): the even lanes 0,2,..,14 form E[r][c] = byte c of lane 2r,
//    the odd lanes O[r][c] = byte c of lane 2r+1; lane i < 8 gets E[0..7][i], lane 8+i gets O[0..7][i].
// Addresses are random 8-byte-aligned LDS offsets, so the exchange is seen apart from the addressing.
#include <random>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

TEST(DsReadTr, Gfx950TransposedReadsMatchPublishedLaneMaps) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::mt19937 rng(42);
  std::vector<uint8_t> data(1024);
  for (auto& byte : data) byte = static_cast<uint8_t>(rng());
  std::vector<uint32_t> addresses(64);
  for (auto& address : addresses) address = 8 * static_cast<uint32_t>(rng() % 126);  // + 8 (b8) stays inside
  DeviceArray<uint8_t> d_data = upload(emu, data);
  DeviceArray<uint32_t> d_addr = upload(emu, addresses);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * 4, 0));
  auto profile = run_kernel(emu, "ds_read_tr", {1, 1, 1}, {64, 1, 1},
                            kernargs({d_data.address, d_addr.address, out.address}));
  ASSERT_TRUE(profile.is_ok()) << profile.status().to_string();
  const std::vector<uint32_t> r = download(emu, out);
  auto raw_byte = [&](int lane, int offset, int byte) { return data[addresses[size_t(lane)] + size_t(offset + byte)]; };
  auto got_byte = [&](int lane, int first_dword, int byte) {
    return static_cast<uint8_t>(r[size_t((first_dword + byte / 4) * 64 + lane)] >> (8 * (byte % 4)));
  };
  for (int row = 0; row < 4; ++row) {
    const int base = 16 * row;
    for (int i = 0; i < 16; ++i) {
      for (int j = 0; j < 4; ++j) {  // b16: tile[j][i] = halfword i % 4 of lane 4j + i/4
        const int src = base + 4 * j + i / 4;
        for (int b = 0; b < 2; ++b) {
          EXPECT_EQ(got_byte(base + i, 0, 2 * j + b), raw_byte(src, 0, 2 * (i % 4) + b))
              << "tr_b16 lane " << base + i << " element " << j;
        }
      }
      for (int j = 0; j < 8; ++j) {  // b8: E/O[j][i % 8]
        const int src = base + 2 * j + (i < 8 ? 0 : 1);
        EXPECT_EQ(got_byte(base + i, 2, j), raw_byte(src, 8, i % 8)) << "tr_b8 lane " << base + i << " byte " << j;
      }
    }
  }
}

}  // namespace
}  // namespace ingot::emu::testing
