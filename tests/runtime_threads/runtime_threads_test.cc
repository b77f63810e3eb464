// Runtime's promise (ingot/runtime.h): op calls from several threads share one Runtime. Six threads call
// gemm (two dtypes), fmha_fwd and mla_decode on one emulator Runtime at once, two threads on each gemm
// kernel, first while every kernel is still unloaded (the module cache's lazy load raced from several
// threads) and then warm. Each call's output is checked against the op's CPU reference through the op's
// harness check (what `ingot run` checks), so a race that corrupts a launch fails here even without TSan.
#include <gtest/gtest.h>

#include <latch>
#include <string>
#include <thread>
#include <vector>

#include "device_run.h"
#include "ingot/runtime.h"
#include "op_check.h"
#include "support/test_pack.h"

namespace ingot {
namespace {

struct Call {
  std::string op;
  harness::CaseOptions options;
};

// Small shapes the pack serves on gfx942: a few workgroups each, so the test stays short under TSan.
const std::vector<Call>& calls() {
  static const std::vector<Call> kCalls = {
      {"gemm", {{"M", "40"}, {"N", "24"}, {"K", "64"}}},
      {"gemm", {{"M", "16"}, {"N", "32"}, {"K", "32"}, {"dtype", "f16"}}},
      {"fmha_fwd", {{"heads-q", "2"}, {"heads-kv", "1"}, {"seqlen-q", "17"}, {"seqlen-k", "23"}, {"head-dim", "128"}}},
      {"mla_decode", {{"batch", "1"}, {"heads", "16"}, {"seqlen-q", "1"}, {"seqlen-k", "20"}, {"page-size", "16"}}},
  };
  return kCalls;
}

constexpr size_t kThreads = 6;  // call i % 4: both gemm kernels are asked for by two threads at once

// One op call on the shared Runtime, its failure lines (empty = pass).
std::vector<std::string> call_and_check(Runtime& rt, const Call& call, uint32_t seed) {
  const harness::OpCheck* check = harness::find_op_check(call.op);
  if (check == nullptr) return {call.op + ": no harness check"};
  auto hc = check->make_case(call.options, rt.device().info(), seed);
  if (!hc) return {call.op + ": " + hc.status().to_string()};
  harness::DeviceBuffers buffers(rt.device());
  if (Status status = buffers.upload(*hc); !status.is_ok()) return {call.op + " upload: " + status.to_string()};
  if (Status status = rt.run(hc->problem); !status.is_ok()) return {call.op + " run: " + status.to_string()};
  if (Status status = rt.device().synchronize(nullptr); !status.is_ok()) return {call.op + ": " + status.to_string()};
  auto failures = buffers.verify(*hc);
  if (!failures) return {call.op + " verify: " + failures.status().to_string()};
  for (std::string& line : *failures) line = call.op + ": " + line;
  return std::move(failures).value();
}

// Every thread waits at the latch, then makes its call: the calls overlap as much as the host allows.
void run_round(Runtime& rt, uint32_t seed_base, const char* round) {
  std::latch start(kThreads);
  std::vector<std::vector<std::string>> failures(kThreads);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      failures[t] = call_and_check(rt, calls()[t % calls().size()], seed_base + static_cast<uint32_t>(t));
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (size_t t = 0; t < kThreads; ++t) {
    for (const std::string& line : failures[t]) ADD_FAILURE() << round << ", thread " << t << ": " << line;
  }
}

TEST(RuntimeThreads, OpsFromSeveralThreadsAtFirstUseAndWarm) {
  RuntimeOptions options;
  options.pack_dir = test_support::pack_dir();
  options.device.choice = DeviceChoice::kEmulator;
  options.device.emu_arch = "gfx942";
  options.device.emu_threads = 1;
  auto runtime = Runtime::open(options);
  ASSERT_TRUE(runtime.is_ok()) << "pack " << options.pack_dir << ": " << runtime.status().to_string();
  run_round(**runtime, 1, "first use");
  run_round(**runtime, 100, "warm");
}

}  // namespace
}  // namespace ingot
