#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "ingot_emu/decode.h"
#include "ingot_emu/disassemble.h"

namespace ingot::emu {
namespace {

TEST(PcIndex, MapsInstructionStartsOnly) {
  // s_nop 0 (4 bytes) ; v_add_f64 v[0:1], 1.0, v[2:3] (8) ; v_mov_b32 v1, 0x41 (8) ; s_endpgm (4)
  const std::vector<uint8_t> text = {0x00, 0x00, 0x80, 0xbf, 0x00, 0x00, 0x80, 0xd2, 0xf2, 0x04, 0x02, 0x00,
                                     0xff, 0x02, 0x02, 0x7e, 0x41, 0x00, 0x00, 0x00, 0x00, 0x00, 0x81, 0xbf};
  auto program = decode_program(text, Target::kGfx942, 0x2000);
  ASSERT_TRUE(program.is_ok()) << program.status().to_string();
  ASSERT_EQ(program->size(), 4u);
  const PcIndex index(*program);
  EXPECT_EQ(index.base_address(), 0x2000u);
  EXPECT_EQ(index.end_address(), 0x2018u);
  EXPECT_EQ(index.index_of(0x2000), 0u);
  EXPECT_EQ(index.index_of(0x2004), 1u);
  EXPECT_EQ(index.index_of(0x200c), 2u);
  EXPECT_EQ(index.index_of(0x2014), 3u);
  EXPECT_FALSE(index.index_of(0x2008).has_value());  // inside v_add_f64
  EXPECT_FALSE(index.index_of(0x2010).has_value());  // the literal
  EXPECT_FALSE(index.index_of(0x2002).has_value());  // unaligned
  EXPECT_FALSE(index.index_of(0x2018).has_value());  // past the end
  EXPECT_FALSE(index.index_of(0x1ffc).has_value());  // before the start
  EXPECT_FALSE(PcIndex().index_of(0).has_value());
}

}  // namespace
}  // namespace ingot::emu

namespace ingot::emu {
namespace {

TEST(Listing, ShowsAddressesWordsAndBranchTargets) {
  // s_nop 0 ; s_branch 0 (a branch to the next instruction: 0x104 + 4)
  const std::vector<uint8_t> text = {0x00, 0x00, 0x80, 0xbf, 0x00, 0x00, 0x82, 0xbf};
  auto program = decode_program(text, Target::kGfx942, 0x100);
  ASSERT_TRUE(program.is_ok()) << program.status().to_string();
  const std::string listing = disassemble_listing(*program);
  EXPECT_NE(listing.find("s_nop 0"), std::string::npos) << listing;
  EXPECT_NE(listing.find("000000000104: BF820000"), std::string::npos) << listing;
  EXPECT_NE(listing.find("<target 0x108>"), std::string::npos) << listing;
}

}  // namespace
}  // namespace ingot::emu
