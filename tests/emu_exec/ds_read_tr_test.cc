// gfx950 transposed LDS reads (b16, b8, b4), checked against the public descriptions, transcribed here as tables
// over the 8 bytes each lane's address points at ("raw" lane data), per 16-lane row:
//  * ds_read_b64_tr_b16 (Mojo std.gpu.intrinsics ds_read_tr16_b64_row: "each 16-lane row loads a 4x16
//    tile, with per-lane exchange so each lane gets a column of the tile"; Triton
//    chooseLLDsReadB64TrLayout's 16x4 diagram): tile[row][col] = halfword col % 4 of lane
//    4*row + col / 4; lane i gets tile[0..3][i].
//  * ds_read_b64_tr_b8 (Mojo ds_read_tr8_b64: "each 16-lane row reads 16x8 bytes from LDS and performs
//    two interleaved 8x8 byte transposes"): the even lanes 0,2,..,14 form E[r][c] = byte c of lane 2r,
//    the odd lanes O[r][c] = byte c of lane 2r+1; lane i < 8 gets E[0..7][i], lane 8+i gets O[0..7][i].
// Addresses are random 8-byte-aligned LDS offsets, so the exchange is seen apart from the addressing.
// Further down: AMD rocRoller's GPU-test formula for b16, b8, b4 and b6, and the ISA guide's transpose view
// of b4 and b6.
#include <random>

#include "emu_test_support.h"

namespace ingot::emu::testing {
namespace {

// Runs a transposed-read kernel (data copied to LDS, one address per lane) and returns its 64 x `rows`
// dwords. With `status`, the launch's status is handed back instead of being required to be ok.
std::vector<uint32_t> run_tr(Emulator& emu, const std::string& kernel, const std::vector<uint8_t>& data,
                             const std::vector<uint32_t>& addresses, size_t rows = 4, Status* status = nullptr) {
  DeviceArray<uint8_t> d_data = upload(emu, data);
  DeviceArray<uint32_t> d_addr = upload(emu, addresses);
  DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(64 * rows, 0));
  auto profile = run_kernel(emu, kernel, {1, 1, 1}, {64, 1, 1}, kernargs({d_data.address, d_addr.address, out.address}));
  if (status != nullptr) {
    *status = profile.status();
  } else {
    EXPECT_TRUE(profile.is_ok()) << profile.status().to_string();
  }
  return download(emu, out);
}

TEST(DsReadTr, Gfx950TransposedReadsMatchPublishedLaneMaps) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::mt19937 rng(42);
  std::vector<uint8_t> data(1024);
  for (auto& byte : data) byte = static_cast<uint8_t>(rng());
  std::vector<uint32_t> addresses(64);
  for (auto& address : addresses) address = 8 * static_cast<uint32_t>(rng() % 126);  // + 8 (b8) stays inside
  const std::vector<uint32_t> r = run_tr(emu, "ds_read_tr", data, addresses);
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


// A third source for the same maps: AMD rocRoller's TransposeLoadsTest (a GPU unit test) has lane
// 16w + y' read at 256w + 8y' of a row-major tile with 64-byte rows and expects lane 16w + y to hold,
// in dword z and element x, tile[4w + z][16x + y] (for 16- and 8-bit elements alike). Checked here with
// its addresses; the b8 read (offset:8) sees the tile starting 8 bytes later.
TEST(DsReadTr, Gfx950TransposedReadsMatchRocRollersGpuTest) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::mt19937 rng(43);
  std::vector<uint8_t> data(1024);
  for (auto& byte : data) byte = static_cast<uint8_t>(rng());
  std::vector<uint32_t> addresses(64);
  for (uint32_t l = 0; l < 64; ++l) addresses[l] = 256 * (l / 16) + 8 * (l % 16);
  const std::vector<uint32_t> r = run_tr(emu, "ds_read_tr", data, addresses);
  for (uint32_t w = 0; w < 4; ++w) {
    for (uint32_t y = 0; y < 16; ++y) {
      const uint32_t lane = 16 * w + y;
      for (uint32_t z = 0; z < 2; ++z) {
        for (uint32_t x = 0; x < 2; ++x) {  // b16: tile of halfwords, 32 per row
          const uint32_t at = 64 * (4 * w + z) + 2 * (16 * x + y);
          const uint32_t expected = data[at] | uint32_t{data[at + 1]} << 8;
          EXPECT_EQ((r[z * 64 + lane] >> (16 * x)) & 0xffff, expected) << "tr_b16 lane " << lane << " z " << z << " x " << x;
        }
        for (uint32_t x = 0; x < 4; ++x) {  // b8: tile of bytes, 64 per row, 8 bytes in
          const uint32_t expected = data[8 + 64 * (4 * w + z) + 16 * x + y];
          EXPECT_EQ((r[(2 + z) * 64 + lane] >> (8 * x)) & 0xff, expected) << "tr_b8 lane " << lane << " z " << z << " x " << x;
        }
      }
    }
  }
}


// ds_read_b64_tr_b4, two ways: (1) rocRoller's GPU-test formula with its addresses (lane 16w + y, dword
// z, nibble x = tile[4w + z][16x + y], 128 nibbles per 64-byte row, low nibble first); (2) the ISA
// guide's "transpose the matrix" view at random addresses: in each 16-lane row the lanes' 8 bytes form
// a 16 x 16 nibble matrix, and lane i receives column i (nibble j = nibble i of lane j).
uint32_t nibble(const std::vector<uint8_t>& bytes, size_t index) { return (bytes[index / 2] >> (4 * (index % 2))) & 0xf; }

TEST(DsReadTr, Gfx950TrB4TransposesEachRowsNibbleMatrix) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::mt19937 rng(44);
  std::vector<uint8_t> data(1024);
  for (auto& byte : data) byte = static_cast<uint8_t>(rng());
  std::vector<uint32_t> rocroller_addresses(64), random_addresses(64);
  for (uint32_t l = 0; l < 64; ++l) {
    rocroller_addresses[l] = 256 * (l / 16) + 8 * (l % 16);
    random_addresses[l] = 8 * static_cast<uint32_t>(rng() % 126);  // + 8 (the b8 read) stays inside
  }
  const std::vector<uint32_t> a = run_tr(emu, "ds_read_tr_b4", data, rocroller_addresses);
  const std::vector<uint32_t> b = run_tr(emu, "ds_read_tr_b4", data, random_addresses);
  for (uint32_t l = 0; l < 64; ++l) {
    const uint32_t w = l / 16, y = l % 16;
    for (uint32_t j = 0; j < 16; ++j) {
      const uint32_t z = j / 8, x = j % 8;
      const uint32_t got_a = (a[z * 64 + l] >> (4 * x)) & 0xf, got_b = (b[z * 64 + l] >> (4 * x)) & 0xf;
      EXPECT_EQ(got_a, nibble(data, 128 * (4 * w + z) + 16 * x + y)) << "rocRoller layout, lane " << l << " nibble " << j;
      const uint32_t source = 16 * w + j;  // lane j of this row; its nibble y
      EXPECT_EQ(got_b, nibble(data, 2 * size_t(random_addresses[source]) + y)) << "random addresses, lane " << l << " nibble " << j;
    }
  }
}

// ds_read_b96_tr_b6 (16 six-bit elements per lane, element e at bit 6e of the lane's 12 bytes).
uint32_t six_bits(const uint8_t* bytes, size_t element) {  // element of a little-endian 6-bit stream
  const size_t bit = 6 * element;
  const uint32_t pair = bytes[bit / 8] | uint32_t{bytes[bit / 8 + 1]} << 8;
  return (pair >> (bit % 8)) & 0x3f;
}

uint32_t result_six_bits(const std::vector<uint32_t>& r, int load, uint32_t lane, uint32_t element) {
  uint8_t bytes[13] = {};
  for (int d = 0; d < 3; ++d) {
    const uint32_t word = r[size_t((3 * load + d) * 64) + lane];
    for (int b = 0; b < 4; ++b) bytes[4 * d + b] = static_cast<uint8_t>(word >> (8 * b));
  }
  return six_bits(bytes, element);
}

std::vector<uint32_t> run_tr_b6(Emulator& emu, const std::vector<uint8_t>& data, const std::vector<uint32_t>& addresses,
                                Status* status = nullptr) {
  return run_tr(emu, "ds_read_tr_b6", data, addresses, 6, status);
}

// rocRoller's B6AlignedVGPRsTranspose16x128GPUTest, transcribed: a 16 x 128 matrix of 6-bit values,
// packed 16 to 12 bytes and stored one 12-byte group per 16 LDS bytes; lane 16x + y reads group
// 32x + y (and 32x + y + 16 for the second load, offset 256 bytes); then for every t, w, z, x, y
// data[(4t + 2z + w) * 256 + 16x + y] == result[(4w + 2t + z) * 256 + 16y + x], result element r being
// element r % 16 of lane (r % 1024) / 16 of load r / 1024.
TEST(DsReadTr, Gfx950TrB6MatchesRocRollersGpuTest) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::mt19937 rng(45);
  std::vector<uint32_t> matrix(16 * 128);
  for (auto& v : matrix) v = rng() % 64;
  std::vector<uint8_t> lds(2048, 0);
  for (size_t e = 0; e < matrix.size(); ++e) {  // element e: group e / 16 at 16 * group, bit 6 * (e % 16)
    const size_t bit = 16 * 8 * (e / 16) + 6 * (e % 16);
    lds[bit / 8] |= static_cast<uint8_t>(matrix[e] << (bit % 8));
    if (bit % 8 > 2) lds[bit / 8 + 1] |= static_cast<uint8_t>(matrix[e] >> (8 - bit % 8));
  }
  std::vector<uint32_t> addresses(64);
  for (uint32_t x = 0; x < 4; ++x) {
    for (uint32_t y = 0; y < 16; ++y) addresses[16 * x + y] = 16 * (32 * x + y);
  }
  const std::vector<uint32_t> r = run_tr_b6(emu, lds, addresses);
  for (uint32_t t = 0; t < 2; ++t) {
    for (uint32_t w = 0; w < 2; ++w) {
      for (uint32_t z = 0; z < 2; ++z) {
        for (uint32_t x = 0; x < 16; ++x) {
          for (uint32_t y = 0; y < 16; ++y) {
            const uint32_t result_index = (4 * w + 2 * t + z) * 256 + 16 * y + x;
            const uint32_t got = result_six_bits(r, int(result_index / 1024), (result_index % 1024) / 16, result_index % 16);
            EXPECT_EQ(got, matrix[(4 * t + 2 * z + w) * 256 + 16 * x + y])
                << "t " << t << " w " << w << " z " << z << " x " << x << " y " << y;
          }
        }
      }
    }
  }
}

// The ISA guide's view at random 16-byte-aligned addresses: in each 16-lane row the lanes' 96 bits form a
// 16 x 16 matrix of 6-bit elements, and lane i receives column i (element j = element i of lane j).
TEST(DsReadTr, Gfx950TrB6TransposesEachRowsSixBitMatrix) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::mt19937 rng(46);
  std::vector<uint8_t> data(2048);
  for (auto& byte : data) byte = static_cast<uint8_t>(rng());
  std::vector<uint32_t> addresses(64);
  for (auto& address : addresses) address = 16 * static_cast<uint32_t>(rng() % 111);  // + 256 + 12 stays inside
  const std::vector<uint32_t> r = run_tr_b6(emu, data, addresses);
  for (int load = 0; load < 2; ++load) {
    for (uint32_t l = 0; l < 64; ++l) {
      const uint32_t row = l & ~15u, i = l & 15u;
      for (uint32_t j = 0; j < 16; ++j) {
        const uint8_t* source = data.data() + addresses[row + j] + 256 * load;
        EXPECT_EQ(result_six_bits(r, load, l, j), six_bits(source, i)) << "load " << load << " lane " << l << " element " << j;
      }
    }
  }
}

TEST(DsReadTr, Gfx950TrB6MisalignedAddressIsAFault) {
  Emulator emu(EmulatorOptions{.target = Target::kGfx950});
  std::vector<uint32_t> addresses(64);
  for (uint32_t l = 0; l < 64; ++l) addresses[l] = 16 * l;
  addresses[9] += 8;
  Status status;
  run_tr_b6(emu, std::vector<uint8_t>(2048, 0), addresses, &status);
  EXPECT_EQ(status.code(), StatusCode::kEmulatorFault) << status.to_string();
  EXPECT_NE(status.message().find("lane 9"), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("not 16-byte aligned"), std::string::npos) << status.message();
}

}  // namespace
}  // namespace ingot::emu::testing
