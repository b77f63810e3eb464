// The ISA table's internal consistency: every row is reachable through the reverse map the decoder uses
// (no two rows share an encoding slot on a target), names match the Op enum, MFMA rows have shapes.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "ingot_emu/isa_table.h"
#include "ingot_emu/mfma_shapes.h"
#include "ingot_emu/smfmac.h"

namespace ingot::emu {
namespace {

TEST(IsaTable, EveryRowParsesAndIsIndexedByItsOp) {
  const auto ops = all_ops();
  ASSERT_EQ(ops.size(), static_cast<size_t>(Op::kNumOps));
  for (size_t i = 0; i < ops.size(); ++i) {
    EXPECT_TRUE(ops[i].signature_ok) << ops[i].mnemonic;
    EXPECT_EQ(static_cast<size_t>(ops[i].op), i) << ops[i].mnemonic;
    EXPECT_EQ(mnemonic(ops[i].op), ops[i].mnemonic);
  }
}

TEST(IsaTable, EveryRowIsTheOnlyOneAtItsOpcode) {
  std::set<std::tuple<int, int, int>> seen;
  for (const OpInfo& info : all_ops()) {
    EXPECT_TRUE(info.available_on(Target::kGfx942) || info.available_on(Target::kGfx950)) << info.mnemonic;
    for (Target t : {Target::kGfx942, Target::kGfx950}) {
      if (!info.available_on(t)) continue;
      const unsigned opcode = static_cast<unsigned>(info.opcode[static_cast<int>(t)]);
      EXPECT_TRUE(seen.insert({static_cast<int>(t), static_cast<int>(info.format), static_cast<int>(opcode)}).second)
          << info.mnemonic << " shares its opcode on " << target_name(t);
      const auto found = lookup_opcode(t, info.format, opcode);
      ASSERT_TRUE(found.has_value()) << info.mnemonic;
      EXPECT_EQ(*found, info.op) << info.mnemonic;
    }
  }
}

TEST(IsaTable, MfmaRowsHaveAShapeAvailableOnTheSameTargets) {
  for (const OpInfo& info : all_ops()) {
    if (info.format != Encoding::kVop3pMai) continue;
    // Dense rows live in the MFMA shape table, v_smfmac_* rows in the sparse one.
    const MfmaShape* shape = find_mfma_shape(info.mnemonic);
    const SmfmacShape* sparse = find_smfmac_shape(info.mnemonic);
    ASSERT_NE(shape != nullptr, sparse != nullptr) << info.mnemonic << ": in neither or both tables";
    for (const auto& [target, gfx] : {std::pair{Target::kGfx942, Gfx::k942}, std::pair{Target::kGfx950, Gfx::k950}}) {
      EXPECT_EQ(info.available_on(target), shape ? shape->available_on(gfx) : sparse->available_on(gfx))
          << info.mnemonic;
    }
    EXPECT_EQ(info.exec_class, ExecClass::kMfma);
  }
}

TEST(IsaTable, TargetNames) {
  EXPECT_EQ(target_name(Target::kGfx942), "gfx942");
  EXPECT_EQ(parse_target("gfx950"), Target::kGfx950);
  EXPECT_EQ(parse_target("gfx940"), Target::kGfx942);
  EXPECT_FALSE(parse_target("gfx90a").has_value());
}

}  // namespace
}  // namespace ingot::emu
