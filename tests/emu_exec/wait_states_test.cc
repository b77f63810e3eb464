// The wait-state checker: for every rule, a kernel (kernels/ws_*.s, built on ws_slide.s) that issues its
// producer, then exactly `wait` wait states (s_setpc_b64 into a slide of s_nop 0), then its consumer. One
// wait state fewer than the rule requires must be a fault naming the rule, both instructions and the
// counts; exactly the required number must pass; on both targets, where gfx950 needs more on both.
//
// The expected counts below are transcribed from LLVM (GCNHazardRecognizer.cpp and the S_NOPs that
// llvm/test/CodeGen/AMDGPU/mai-hazards-gfx940.mir expects for gfx940 / gfx950), not from the emulator's
// table; MFMA rows are "producer passes + k" with the passes of the numerics room's shape table. The
// sparse-MFMA, v_dot, transcendental and byte-select rows were also checked against the s_nops the pinned
// LLVM's llc emits for gfx942 / gfx950 (e.g. 7 / 8 wait states between v_smfmac_f32_16x16x32_f16 and a
// store of its result, written here as literals).
#include <algorithm>
#include <string>

#include "emu_test_support.h"
#include "ingot_emu/mfma_shapes.h"
#include "module.h"

namespace ingot::emu::testing {
namespace {

struct WaitCase {
  const char* kernel;
  const char* rule;  // part of the rule's text in the message
  // Required wait states on {gfx942, gfx950}; 0 = the rule does not apply there (or no hazard).
  std::array<int, 2> fixed;
  const char* producer_mfma = nullptr;  // when set: required = passes(producer) + add
  std::array<int, 2> add = {0, 0};
  bool has_direct = false;  // a kernel_direct variant: consumer right after the producer
  bool gfx950_only = false;  // the kernel uses gfx950 instructions (not assembled for gfx942)
};

constexpr std::array<int, 2> kPerPass = {-1, -1};
const char* const kF16 = "v_mfma_f32_16x16x16_f16";
const char* const kF16x2 = "v_mfma_f32_4x4x4_16b_f16";
const char* const kF16x32 = "v_mfma_f32_32x32x8_f16";
const char* const kF32 = "v_mfma_f32_16x16x4_f32";

const WaitCase kCases[] = {
    {"ws_valu_sgpr_vmem", "VMEM reads that SGPR", {5, 5}},
    {"ws_valu_sgpr_lane_select", "lane select", {4, 4}},
    {"ws_valu_vgpr_readlane", "v_readlane/v_readfirstlane reads it", {1, 1}, nullptr, {}, true},
    {"ws_valu_exec_readlane", "VALU writes EXEC -> v_readlane", {4, 4}},
    {"ws_valu_sgpr_valu", "VALU writes SGPR/VCC -> VALU reads it", {2, 2}},
    {"ws_setreg_getreg", "s_setreg -> s_getreg", {2, 2}},
    {"ws_setreg_setreg", "s_setreg -> s_setreg", {2, 2}},
    {"ws_vgpr_dpp", "VALU writes VGPR -> DPP", {2, 2}},
    {"ws_valu_exec_dpp", "VALU writes EXEC -> DPP", {5, 5}},
    // VALU writes VCC -> v_div_fmas (4) is tested with the division ops (valu_div_test.cc).
    {"ws_salu_m0", "SALU writes M0", {1, 1}, nullptr, {}, true},
    {"ws_salu_m0_lds_dma", "SALU writes M0 -> LDS DMA", {1, 1}, nullptr, {}, true},
    {"ws_wide_store_valu", "VMEM store of more than 64 bits", {2, 2}},
    {"ws_wide_buf_store_soffset", "with an SGPR soffset", {1, 1}, nullptr, {}, true},
    {"ws_dst_sel_forward", "writes part of a VGPR", {1, 1}, nullptr, {}, true},
    {"ws_permlane_vgpr", "v_permlane*_swap reads it", {0, 2}},
    {"ws_permlane_cmpx", "v_cmpx writes EXEC -> v_permlane*_swap", {0, 4}},
    {"ws_valu_exec_mfma", "VALU writes EXEC -> MFMA", {4, 4}},
    {"ws_valu_vgpr_mfma", "writes VGPR/AGPR -> MFMA reads it", {2, 2}},
    {"ws_accvgpr_write_mfma", "writes VGPR/AGPR -> MFMA reads it", {2, 2}},
    {"ws_mfma_srcc_same_2pass", "same registers as SrcC", {2, 2}},
    {"ws_mfma_srcc_same", "same registers as SrcC", {0, 0}, nullptr, {}, true},
    {"ws_xdl_srcc_overlap_xdl", "XDL MFMA reads overlapping SrcC", kPerPass, kF16, {1, 2}},
    {"ws_xdl_srcc_overlap_nonxdl", "SGEMM/DGEMM MFMA reads overlapping SrcC", kPerPass, kF16, {1, 2}},
    {"ws_sgemm_srcc_overlap", "SGEMM MFMA writes -> SGEMM/DGEMM", kPerPass, kF32, {0, 0}},
    {"ws_dgemm16_srcc_overlap", "DGEMM 16x16 writes -> SGEMM/DGEMM", {9, 17}},
    {"ws_dgemm4_srcc", "DGEMM 4x4 writes -> SGEMM/DGEMM", {4, 4}},
    {"ws_xdl_srcab", "XDL MFMA writes -> MFMA reads it as SrcA/B", kPerPass, kF16, {3, 4}},
    {"ws_xdl_srcab_2pass", "XDL MFMA writes -> MFMA reads it as SrcA/B", kPerPass, kF16x2, {3, 3}},
    {"ws_sgemm_srcab", "SGEMM MFMA writes -> MFMA reads it as SrcA/B", kPerPass, kF32, {2, 2}},
    {"ws_dgemm16_srcab", "DGEMM 16x16 writes -> MFMA reads it as SrcA/B", {11, 19}},
    {"ws_dgemm4_srcab", "DGEMM 4x4 writes -> MFMA reads it as SrcA/B", {6, 6}},
    {"ws_xdl_valu_read", "XDL MFMA writes -> VALU/VMEM/LDS reads it", kPerPass, kF16x32, {3, 4}},
    {"ws_xdl_mem_read", "XDL MFMA writes -> VALU/VMEM/LDS reads it", kPerPass, kF16, {3, 4}},
    {"ws_sgemm_read", "SGEMM MFMA writes -> VALU/VMEM/LDS reads it", kPerPass, kF32, {2, 2}},
    {"ws_dgemm16_valu_read", "DGEMM 16x16 writes -> VALU reads it", {11, 19}},
    {"ws_dgemm16_mem_read", "DGEMM 16x16 writes -> VMEM/LDS reads it", {18, 18}},
    {"ws_dgemm4_valu_read", "DGEMM 4x4 writes -> VALU reads it", {6, 6}},
    {"ws_dgemm4_mem_read", "DGEMM 4x4 writes -> VMEM/LDS reads it", {9, 9}},
    {"ws_xdl_waw", "XDL MFMA writes -> VALU/VMEM/LDS writes the same register", kPerPass, kF16, {3, 4}},
    {"ws_sgemm_waw", "SGEMM MFMA writes -> VALU/VMEM/LDS writes", kPerPass, kF32, {2, 2}},
    {"ws_dgemm16_waw", "DGEMM 16x16 writes -> VALU/VMEM/LDS writes", {11, 11}},
    {"ws_dgemm4_waw", "DGEMM 4x4 writes -> VALU/VMEM/LDS writes", {6, 6}},
    // WAR after an XDL SrcC read: passes - 1 (LLVM: 2 -> 1, 4 -> 3, 8 -> 7, 16 -> 15).
    {"ws_xdl_srcc_war", "XDL MFMA reads SrcC", kPerPass, kF16, {-1, -1}},
    // Transcendental result read by a non-transcendental VALU: 1; by another transcendental: none.
    {"ws_trans_forward", "transcendental VALU writes VGPR", {1, 1}, nullptr, {}, true},
    {"ws_trans_to_trans", "", {0, 0}, nullptr, {}, true},
    // v_dot results: 3 before another opcode reads or overwrites them, or the same v_dot reads them as
    // SrcA/B; the same v_dot accumulating (SrcC) needs none.
    {"ws_dot_same_srcab", "the same v_dot reads it as SrcA/B", {3, 3}},
    {"ws_dot_same_srcc", "", {0, 0}, nullptr, {}, true},
    {"ws_dot_different_read", "another VALU/VMEM/LDS opcode reads it", {3, 3}},
    {"ws_dot_store", "another VALU/VMEM/LDS opcode reads it", {3, 3}},
    {"ws_dot_different_write", "another VALU/VMEM/LDS opcode overwrites it", {3, 3}},
    {"ws_dgemm_fma64", "DGEMM MFMA -> v_fma_f64", {2, 2}},
    // Sparse MFMA: XDL rows with the smfmac's passes (4 for 16x16, 8 for 32x32 on both targets); its vdst
    // is SrcC (the same registers again: none), its index VGPR is read like SrcA/B.
    {"ws_smfmac_valu_read", "XDL MFMA writes -> VALU/VMEM/LDS reads it", {7, 8}},
    {"ws_smfmac32_mem_read", "XDL MFMA writes -> VALU/VMEM/LDS reads it", {11, 12}},
    {"ws_smfmac_index_read", "XDL MFMA writes -> MFMA reads it as SrcA/B", {7, 8}},
    {"ws_smfmac_acc_same", "", {0, 0}, nullptr, {}, true},
    {"ws_xdl_smfmac_acc_overlap", "XDL MFMA reads overlapping SrcC", kPerPass, kF16, {1, 2}},
    {"ws_xdl_smfmac_index", "XDL MFMA writes -> MFMA reads it as SrcA/B", kPerPass, kF16, {3, 4}},
    {"ws_valu_smfmac_acc", "writes VGPR/AGPR -> MFMA reads it", {2, 2}},
    // Byte-select conversions: a forwarded partial write when op_sel[2] picks the byte (not byte 0);
    // gfx950's FP4 SR conversion whatever its selector.
    {"ws_cvt_byte_sel", "writes part of a VGPR", {1, 1}, nullptr, {}, true},
    {"ws_cvt_byte0", "", {0, 0}, nullptr, {}, true},
    {"ws_cvt_fp4_sr", "writes part of a VGPR", {0, 1}, nullptr, {}, true, true},
    {"ws_salu_m0_addtid", "SALU writes M0", {1, 1}, nullptr, {}, true},
};

int required(const WaitCase& c, Target target) {
  const size_t t = target == Target::kGfx950 ? 1 : 0;
  if (c.producer_mfma == nullptr) return c.fixed[t];
  const MfmaShape* shape = find_mfma_shape(c.producer_mfma);
  EXPECT_NE(shape, nullptr) << c.producer_mfma;
  return shape->passes[t] + c.add[t];
}

class WaitStates : public ::testing::TestWithParam<Target> {
 protected:
  Result<LaunchProfile> run(Emulator& emu, const std::string& kernel, int wait) {
    DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(1024, 0));
    return run_kernel(emu, kernel, {1, 1, 1}, {64, 1, 1},
                      kernargs({out.address, static_cast<uint64_t>(wait)}));
  }
  void expect_fault(const Result<LaunchProfile>& result, const WaitCase& c, int need, int actual) {
    ASSERT_FALSE(result.is_ok()) << c.kernel << " with " << actual << " wait states";
    const std::string& message = result.status().message();
    EXPECT_EQ(result.status().code(), StatusCode::kEmulatorFault) << message;
    EXPECT_NE(message.find("missing wait states"), std::string::npos) << message;
    EXPECT_NE(message.find(c.rule), std::string::npos) << message;
    EXPECT_NE(message.find("kernel " + std::string(c.kernel)), std::string::npos) << message;
    EXPECT_NE(message.find("requires " + std::to_string(need) + " wait states"), std::string::npos) << message;
    EXPECT_NE(message.find(" " + std::to_string(actual) + " wait state(s) after"), std::string::npos) << message;
  }
};

TEST_P(WaitStates, EachRuleFaultsOneShortAndPassesWithExactlyTheRequiredCount) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = true, .wait_states = WaitStateMode::kStrict});
  int checked = 0;
  for (const WaitCase& c : kCases) {
    SCOPED_TRACE(c.kernel);
    const int need = required(c, GetParam());
    if (c.gfx950_only && GetParam() != Target::kGfx950) continue;
    if (need == 0 && !c.has_direct) continue;  // the rule does not exist on this target
    if (need == 0) {
      // No hazard at all: the consumer right after the producer is fine.
      auto direct = run(emu, std::string(c.kernel) + "_direct", 1);
      EXPECT_TRUE(direct.is_ok()) << direct.status().to_string();
      continue;
    }
    if (need == 1) {
      ASSERT_TRUE(c.has_direct);
      const std::string direct_name = std::string(c.kernel) + "_direct";
      WaitCase direct = c;
      direct.kernel = direct_name.c_str();
      expect_fault(run(emu, direct_name, 1), direct, need, 0);
    } else {
      expect_fault(run(emu, c.kernel, need - 1), c, need, need - 1);
    }
    auto exact = run(emu, c.kernel, need);
    EXPECT_TRUE(exact.is_ok()) << exact.status().to_string();
    ++checked;
  }
  EXPECT_GE(checked, GetParam() == Target::kGfx950 ? 56 : 53);  // gfx950: permlane rows, FP4 SR
}

// gfx950 needs one more wait state than gfx942 after a 4-pass XDL producer: the count that is exactly
// enough on gfx942 is a fault on gfx950.
TEST_P(WaitStates, Gfx950NeedsMoreAfterXdl) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = true, .wait_states = WaitStateMode::kStrict});
  const WaitCase& c = *std::find_if(std::begin(kCases), std::end(kCases),
                                    [](const WaitCase& w) { return std::string(w.kernel) == "ws_xdl_srcab"; });
  const int gfx942_count = required(c, Target::kGfx942);
  auto result = run(emu, c.kernel, gfx942_count);
  if (GetParam() == Target::kGfx942) {
    EXPECT_TRUE(result.is_ok()) << result.status().to_string();
  } else {
    expect_fault(result, c, gfx942_count + 1, gfx942_count);
  }
}

TEST_P(WaitStates, MessageNamesBothInstructionsAndTheProducerPc) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = true, .wait_states = WaitStateMode::kStrict});
  auto result = run(emu, "ws_xdl_valu_read", 3);
  ASSERT_FALSE(result.is_ok());
  const std::string& message = result.status().message();
  EXPECT_NE(message.find("v_accvgpr_read_b32 v7, a0"), std::string::npos) << message;  // consumer (where)
  EXPECT_NE(message.find("after v_mfma_f32_32x32x8_f16 a[0:15]"), std::string::npos) << message;
  EXPECT_NE(message.find("reads/writes a0"), std::string::npos) << message;
  EXPECT_NE(message.find("-pass producer"), std::string::npos) << message;
  EXPECT_NE(message.find("at pc 0x"), std::string::npos) << message;
}

TEST_P(WaitStates, OffByOptionTheViolationsStillRun) {
  ScopedEnv env("INGOT_EMU_CHECK_WAIT_STATES", std::nullopt);
  Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = false});
  for (const WaitCase& c : kCases) {
    const int need = required(c, GetParam());
    if (need < 2 || (c.gfx950_only && GetParam() != Target::kGfx950)) continue;
    auto result = run(emu, c.kernel, 1);
    EXPECT_TRUE(result.is_ok()) << c.kernel << ": " << result.status().to_string();
  }
}

TEST_P(WaitStates, EnvironmentVariableTurnsItOnOrIsRejected) {
  {
    ScopedEnv env("INGOT_EMU_CHECK_WAIT_STATES", "1");
    Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = false});
    EXPECT_TRUE(emu.options().check_wait_states);
    EXPECT_FALSE(run(emu, "ws_valu_sgpr_vmem", 4).is_ok());
  }
  {
    ScopedEnv env("INGOT_EMU_CHECK_WAIT_STATES", "yes");
    Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = false});
    auto result = run(emu, "ws_slide", 1);
    ASSERT_FALSE(result.is_ok());
    EXPECT_EQ(result.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(result.status().message().find("INGOT_EMU_CHECK_WAIT_STATES"), std::string::npos);
  }
}

// Severities (emu/README.md, "Wait-state checker"). Under the default mode (error) a rule AMD's guides
// state faults, while one only LLVM states, or that AMD's shipped kernels break, is reported once per PC as
// a warning in the profile and the kernel runs: here the two patterns of issue 14, M0 written right before
// `buffer_load_dword ... lds` (AMD's GEMMs) and `v_cndmask` one wait state after the `v_cmp` writing its
// SGPR pair (AMD's MLA decode), across four workgroups (four violations at one PC, one warning). strict
// makes them faults; warn makes a guide rule (VALU SGPR -> VMEM, 4 of 5) a warning; off checks nothing.
TEST_P(WaitStates, SeverityDecidesFaultOrWarning) {
  ScopedEnv env("INGOT_EMU_WAIT_STATES", std::nullopt);
  auto launch = [&](Emulator& emu, const char* kernel, int wait) {
    DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(1024, 0));
    return run_kernel(emu, kernel, {4, 1, 1}, {64, 1, 1}, kernargs({out.address, static_cast<uint64_t>(wait)}));
  };
  for (const char* kernel : {"ws_salu_m0_lds_dma_direct", "ws_valu_sgpr_valu"}) {
    SCOPED_TRACE(kernel);
    {
      Emulator emu(EmulatorOptions{.target = GetParam()});
      auto result = launch(emu, kernel, 1);
      ASSERT_TRUE(result.is_ok()) << result.status().to_string();
      ASSERT_EQ(result->wait_state_warnings.size(), 1u);
      const std::string& message = result->wait_state_warnings[0].message;
      EXPECT_NE(message.find("missing wait states"), std::string::npos) << message;
      EXPECT_NE(message.find("severity: warning"), std::string::npos) << message;
      EXPECT_NE(result->to_text().find(message), std::string::npos);
    }
    {
      Emulator emu(EmulatorOptions{.target = GetParam(), .wait_states = WaitStateMode::kStrict});
      auto result = launch(emu, kernel, 1);
      ASSERT_FALSE(result.is_ok());
      EXPECT_NE(result.status().message().find("severity: warning"), std::string::npos) << result.status().message();
    }
  }
  {
    Emulator emu(EmulatorOptions{.target = GetParam()});
    auto result = launch(emu, "ws_valu_sgpr_vmem", 4);
    ASSERT_FALSE(result.is_ok());
    EXPECT_NE(result.status().message().find("severity: error"), std::string::npos) << result.status().message();
  }
  {
    Emulator emu(EmulatorOptions{.target = GetParam(), .wait_states = WaitStateMode::kWarn});
    auto result = launch(emu, "ws_valu_sgpr_vmem", 4);
    ASSERT_TRUE(result.is_ok()) << result.status().to_string();
    EXPECT_EQ(result->wait_state_warnings.size(), 1u);
  }
  {
    Emulator emu(EmulatorOptions{.target = GetParam(), .wait_states = WaitStateMode::kOff});
    EXPECT_FALSE(emu.options().check_wait_states);
    auto result = launch(emu, "ws_valu_sgpr_vmem", 4);
    ASSERT_TRUE(result.is_ok()) << result.status().to_string();
    EXPECT_TRUE(result->wait_state_warnings.empty());
  }
}

TEST_P(WaitStates, ModeFromTheEnvironment) {
  {
    ScopedEnv env("INGOT_EMU_WAIT_STATES", "strict");
    Emulator emu(EmulatorOptions{.target = GetParam()});
    EXPECT_EQ(emu.options().wait_states, WaitStateMode::kStrict);
    EXPECT_FALSE(run(emu, "ws_salu_m0_lds_dma_direct", 1).is_ok());
  }
  {
    ScopedEnv env("INGOT_EMU_WAIT_STATES", "off");
    Emulator emu(EmulatorOptions{.target = GetParam()});
    EXPECT_FALSE(emu.options().check_wait_states);
  }
  {
    ScopedEnv env("INGOT_EMU_WAIT_STATES", "strict");
    Emulator emu(EmulatorOptions{.target = GetParam(), .wait_states = WaitStateMode::kWarn});
    EXPECT_EQ(emu.options().wait_states, WaitStateMode::kWarn);  // an explicit mode wins
  }
  {
    ScopedEnv env("INGOT_EMU_WAIT_STATES", "loud");
    Emulator emu(EmulatorOptions{.target = GetParam()});
    auto result = run(emu, "ws_slide", 1);
    ASSERT_FALSE(result.is_ok());
    EXPECT_EQ(result.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(result.status().message().find("INGOT_EMU_WAIT_STATES"), std::string::npos);
  }
}

// A wave that waits at a barrier or runs a later workgroup starts with a clean history: the slide kernel
// alone (no producer) passes for every count, and a reused Wave does not inherit the previous one's.
TEST_P(WaitStates, NoHazardWithoutAProducerAcrossWorkgroups) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = true, .wait_states = WaitStateMode::kStrict});
  for (int wait : {1, 2, 24}) {
    DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(1024, 0));
    auto result = run_kernel(emu, "ws_slide", {4, 1, 1}, {64, 1, 1},
                             kernargs({out.address, static_cast<uint64_t>(wait)}));
    EXPECT_TRUE(result.is_ok()) << result.status().to_string();
  }
}

// XNACK soft clauses. Which pairs of VMEM / SMEM instructions need a wait state between them comes from
// LLVM, not from the emulator: the pinned llc puts `s_nop 0` between a global load and a store and between
// two returning global atomics for xnack any / on and nothing for -xnack (gfx942 and gfx950), and
// break-vmem-soft-clauses.mir / break-smem-soft-clauses.mir expect S_NOP 0 (XNACK only) between a load and
// a load that overwrites a pointer register the first one read, and none between disjoint loads, after a
// lone load that overwrites its own pointer, or for a load after a store.
struct ClauseCase {
  const char* kernel;    // ws_soft_clause with that pair's s_nop 0 deleted
  const char* consumer;  // the second instruction of the pair (where the fault is)
  const char* producer;  // the first
  const char* why;       // the register the message names
  const char* kind;
};
const ClauseCase kClauseCases[] = {
    {"ws_soft_clause_vmem_store_direct", "global_store_dword v1, v2, s[4:5] offset:256",
     "global_load_dword v6, v1, s[4:5]", "which writes v6", "VMEM"},
    {"ws_soft_clause_vmem_addr_direct", "global_load_dword v3, v1, s[4:5] offset:512",
     "global_load_dword v8, v3, s[4:5]", "writes v3 and", "VMEM"},
    {"ws_soft_clause_atomic_direct", "global_atomic_add v10, v1, v2, s[4:5] offset:1024 sc0",
     "global_atomic_add v9, v1, v2, s[4:5] offset:768 sc0", "which writes v9", "VMEM"},
    {"ws_soft_clause_smem_direct", "s_load_dwordx2 s[4:5], s[0:1], 0x0", "s_load_dword s13, s[4:5], 0x0",
     "writes s4 and", "SMEM"},
};

class SoftClauses : public ::testing::TestWithParam<Target> {
 protected:
  Result<LaunchProfile> run(Emulator& emu, const std::string& kernel) {
    DeviceArray<uint32_t> out = upload(emu, std::vector<uint32_t>(1024, 0));
    return run_kernel(emu, kernel, {1, 1, 1}, {64, 1, 1}, kernargs({out.address, 0}));
  }
};

TEST_P(SoftClauses, ModuleCarriesTheCodeObjectsXnackMode) {
  const std::pair<const char*, TargetFeature> cases[] = {
      {"ws_soft_clause", TargetFeature::kAny},  // the plain target id: XNACK any
      {"ws_soft_clause_vmem_store_xnack_off", TargetFeature::kOff},
      {"ws_soft_clause_vmem_store_xnack_on", TargetFeature::kOn},
  };
  for (const auto& [kernel, mode] : cases) {
    const std::vector<uint8_t> bytes = read_kernel_file(kernel, GetParam());
    Result<Module> module = Module::load(bytes, GetParam());
    ASSERT_TRUE(module.is_ok()) << module.status().to_string();
    EXPECT_EQ(module->xnack(), mode) << kernel;
    EXPECT_EQ(module->xnack_replay(), mode != TargetFeature::kOff) << kernel;
  }
}

TEST_P(SoftClauses, EachPairWithItsNopPasses) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = true, .wait_states = WaitStateMode::kStrict});
  auto result = run(emu, "ws_soft_clause");
  EXPECT_TRUE(result.is_ok()) << result.status().to_string();
}

TEST_P(SoftClauses, EachPairWithoutItsNopFaultsNamingBothInstructions) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = true, .wait_states = WaitStateMode::kStrict});
  for (const ClauseCase& c : kClauseCases) {
    SCOPED_TRACE(c.kernel);
    auto result = run(emu, c.kernel);
    ASSERT_FALSE(result.is_ok());
    const std::string& message = result.status().message();
    EXPECT_EQ(result.status().code(), StatusCode::kEmulatorFault) << message;
    for (const std::string& part :
         {std::string("kernel ") + c.kernel, std::string("missing wait states (XNACK soft clause"),
          std::string("(") + c.consumer + ")", std::string(c.producer) + " at pc 0x", std::string(c.why),
          "soft clause of " + std::string(c.kind), std::string("XNACK is any"),
          std::string(target_name(GetParam())) + " requires 1 wait states", std::string("0 wait state(s) after")}) {
      EXPECT_NE(message.find(part), std::string::npos) << part << "\n" << message;
    }
  }
}

TEST_P(SoftClauses, XnackOnFaultsAndXnackOffHasNoSoftClauses) {
  Emulator emu(EmulatorOptions{.target = GetParam(), .check_wait_states = true, .wait_states = WaitStateMode::kStrict});
  auto on = run(emu, "ws_soft_clause_vmem_store_xnack_on");
  ASSERT_FALSE(on.is_ok());
  EXPECT_NE(on.status().message().find("XNACK is on"), std::string::npos) << on.status().message();
  for (const char* kernel : {"ws_soft_clause_vmem_store_xnack_off", "ws_soft_clause_smem_xnack_off"}) {
    auto off = run(emu, kernel);
    EXPECT_TRUE(off.is_ok()) << kernel << ": " << off.status().to_string();
  }
}

INGOT_FOR_BOTH_TARGETS(WaitStates);
INGOT_FOR_BOTH_TARGETS(SoftClauses);

}  // namespace
}  // namespace ingot::emu::testing
