// The verb table: what `ingot` can do, with each verb's options and help in one place. The op options of
// `run` and `select` come from the checking harness (tests/harness): every op's check lists its own.
#include "verbs.h"

#include <set>
#include <string>

#include "op_check.h"

namespace ingot::cli {
namespace {

constexpr OptionSpec kPackOption{"pack", "DIR", "the pack directory (default: $INGOT_PACK, the build tree, the install prefix)"};
constexpr OptionSpec kJsonOption{"json", "", "print JSON instead of text"};

// `common` followed by the options of every op's check (an op rejects the ones that are not its own).
std::vector<OptionSpec> with_op_options(std::vector<OptionSpec> common) {
  static const std::vector<harness::CheckOption> op_options = [] {
    std::vector<harness::CheckOption> all;
    std::set<std::string> seen;
    for (const harness::OpCheck* check : harness::op_checks()) {
      for (harness::CheckOption& option : check->options()) {
        if (seen.insert(option.name).second) all.push_back(std::move(option));
      }
    }
    return all;
  }();
  for (const auto& option : op_options) common.push_back({option.name, option.value, option.help});
  return common;
}

const std::vector<VerbSpec>& table() {
  static const std::vector<VerbSpec> verbs = {
      {"list", "", 0, 0, true,
       "List the pack's kernels.\n"
       "A table of id, op, arch, VGPR/AGPR/SGPR/LDS and parameters (or JSON, or with --summary the\n"
       "kernel count per family and arch). --PARAM VALUE keeps the kernels whose parameter PARAM\n"
       "equals VALUE (e.g. --bm 64); kernels without PARAM are left out.",
       {kPackOption,
        {"op", "OP", "only this op (gemm, fmha_fwd, mla_decode)"},
        {"arch", "ARCH", "only this arch (gfx942, gfx950)"},
        {"family", "FAMILY", "only this family"},
        {"json", "", "print JSON instead of a table"},
        {"summary", "", "one line per (family, arch) with its kernel count, and the total"}},
       run_list, "no pack"},
      {"info", "KERNEL", 1, 1, false,
       "Show a kernel's manifest entry and code-object facts.\n"
       "The code object is verified first (size, sha256, arch, symbol), then its descriptor fields\n"
       "and metadata arguments are printed.",
       {kPackOption, kJsonOption},
       run_info, "no pack, no such kernel, or its code object fails verification"},
      {"validate", "", 0, 0, false,
       "Check that the manifest, the files and the code objects agree.\n"
       "Prints one summary line and exits 0, or one line per problem and exits 1.",
       {kPackOption, kJsonOption},
       run_validate, "a problem in the pack"},
      {"select", "OP", 1, 1, true,
       "Show which kernel a call would get, and why.\n"
       "Or why no kernel accepts it (exit 1). Takes exactly the options of `ingot run OP` (e.g. gemm:\n"
       "--m 1 --n 1536 --k 7168 --dtype bf16); kernel authors may add raw problem values as --NAME VALUE\n"
       "with the manifest's names: integers (--M 128), true/false (--has_bias false, read as 1/0),\n"
       "floats (--alpha 0.5) or match keys (--dtype_a bf16). Needs no device: --arch and the arch's\n"
       "facts are enough.",
       with_op_options({kPackOption, kJsonOption,
                        {"arch", "ARCH", "the device arch (required)"},
                        {"cus", "N", "the device's compute units (default: the full part of ARCH)"}}),
       run_select, "no kernel accepts the problem, or no pack"},
#ifdef INGOT_CLI_HAVE_DISASM
      {"disasm", "KERNEL|FILE.co", 1, 1, false,
       "Disassemble a pack kernel or a code-object file.\n"
       "Decodes the .text (a pack kernel's code object is verified first) with the emulator's ISA\n"
       "tables and prints it in LLVM syntax, one instruction per line with its address and encoding.",
       {kPackOption},
       run_disasm, "no such kernel or file, or it does not decode"},
#else
      {"disasm", "KERNEL", 0, 1, true, "Disassemble a kernel (not yet available).", {kPackOption}, run_not_yet_available},
#endif
#ifdef INGOT_CLI_HAVE_EMU
      {"emu", "FILE.co", 1, 1, false,
       "Run any code object's kernel on the emulator.\n"
       "Each --arg NAME=VALUE is placed at the offset the code object's metadata gives NAME:\n"
       "  NAME=@FILE              an input buffer holding FILE's bytes\n"
       "  NAME=out:BYTES:FILE     an output buffer of BYTES zero bytes, written to FILE after the run\n"
       "  NAME=inout:FILE[:OUT]   a buffer from FILE, written back to FILE (or to OUT)\n"
       "  NAME=TYPE:VALUE         a scalar: i8 u8 i16 u16 i32 u32 i64 u64 (0x.. accepted) f32 f64\n"
       "Every non-hidden argument must be given; a name the metadata repeats (`pad`) takes one --arg per\n"
       "slot, in order; hidden arguments (block counts, group sizes, grid dims, dynamic LDS size) are\n"
       "filled from --grid, --block and --lds as the runtime would, also in a --kernarg blob (unless\n"
       "--keep-hidden). e.g. ingot emu k.co --grid 4 --block 256 --arg A=@a.bin --arg C=out:4096:c.bin\n"
       "--arg M=i32:16. Or the whole kernarg segment from a file: --kernarg args.bin --buffer 0=@a.bin\n"
       "--buffer 16=out:4096:c.bin (buffer addresses placed at those byte offsets).",
       {{"kernel", "NAME", "the kernel (default: the code object's only kernel)"},
        {"grid", "X[,Y,Z]", "grid size in workgroups (required)"},
        {"block", "X[,Y,Z]", "workgroup size in work-items (required)"},
        {"arch", "gfx942|gfx950", "the arch to emulate (default: the code object's)"},
        {"lds", "BYTES", "dynamic LDS bytes, added to the kernel's static LDS (default 0)"},
        {"keep-hidden", "", "leave the hidden arguments (block counts, group sizes, grid dims, dynamic LDS "
                            "size) as given instead of filling them from --grid, --block and --lds"},
        {"profile", "", "print the emulator's profile of the launch"},
        {"arg", "NAME=VALUE", "a kernel argument (repeat for each)", true},
        {"kernarg", "FILE", "instead of --arg: the whole kernarg segment, FILE's bytes (exactly its size)"},
        {"buffer", "OFFSET=VALUE", "with --kernarg: a buffer (@FILE, out:BYTES:FILE, inout:FILE[:OUT]) whose "
                                   "address goes at byte OFFSET (repeat for each)", true},
        {"wait-states", "strict|error|warn|off", "the wait-state checker: error (default) fails on the rules "
                                                 "AMD's guides state and warns once per PC on the others"},
        {"max-instructions", "N", "instructions a wave may run before the launch fails (runaway / livelock)"},
        {"timeout", "SECONDS", "wall-clock budget of the launch (default: $INGOT_EMU_TIMEOUT, else none)"}},
       run_emu, "the code object does not load or the launch fails"},
#else
      {"emu", "FILE.co", 0, 1, true, "Run a kernel on the emulator (not available: built without the emulator).", {}, run_not_yet_available},
#endif
      {"run", "OP", 1, 1, false,
       "Run one op call on a device with seeded random inputs and check it against the CPU reference.\n"
       "HIP where an AMD GPU is present, else the emulator (or --device). Prints the device, the kernel\n"
       "and why, the max abs and rel error, and PASS/FAIL against the reference's per-element tolerance\n"
       "(from the dtype, K and the magnitudes summed); exits 0 only on PASS. Never prints a GPU time.\n"
       "OP's options are its field table (the op layer) plus its check's spellings; for gemm: --M --N --K\n"
       "(or --m --n --k) [--lda --ldb --ldc] [--dtype] [--out] [--bias] [--alpha] [--scaling]. An illegal\n"
       "shape prints the no-kernel reason and exits 1.",
       with_op_options({kPackOption, kJsonOption,
                        {"seed", "N", "seed of the random inputs (default 1)"},
                        {"profile", "", "print the device's profile of the launch (the emulator's)"},
                        {"timing", "", "the emulator's timing mode: the profile with the launch's MODELED time"},
                        {"timing-workgroups", "planes|first|all|LIST",
                         "with --timing, the workgroups it traces: the first of each grid z plane (default), "
                         "workgroup 0, every one, or 0 and LIST's linear indices (e.g. 12,40)"},
                        {"device", "hip|emu|auto", "the device (default auto; also $INGOT_DEVICE)"},
                        {"arch", "gfx942|gfx950", "the arch the emulator models (default gfx942)"},
                        {"cus", "N", "the emulator's compute units (default: the arch's full part)"}}),
       run_run, "FAIL, no kernel for the call, or no device"},
  };
  return verbs;
}

}  // namespace

std::span<const VerbSpec> verb_table() { return table(); }

Result<std::string> verb_help_for(const VerbSpec& verb, std::string_view op) {
  if (op.empty() || (verb.run != run_run && verb.run != run_select)) return verb_help(verb);
  const harness::OpCheck* check = harness::find_op_check(op);
  if (check == nullptr) {
    std::vector<std::string> ops;
    for (const harness::OpCheck* each : harness::op_checks()) ops.emplace_back(each->op());
    std::string hint = did_you_mean(op, ops);
    if (const size_t dashes = hint.find("--"); dashes != std::string::npos) hint.erase(dashes, 2);  // ops have none
    return Status(StatusCode::kInvalidArgument, "unknown op '" + std::string(op) + "'" + hint);
  }
  // The verb's own options, then OP's with its own help texts (another op may share a name: --batch).
  std::set<std::string, std::less<>> every;
  for (const harness::OpCheck* each : harness::op_checks()) {
    for (const harness::CheckOption& option : each->options()) every.insert(option.name);
  }
  VerbSpec filtered = verb;
  std::erase_if(filtered.options, [&](const OptionSpec& option) { return every.contains(option.name); });
  const std::vector<harness::CheckOption> own = check->options();
  for (const harness::CheckOption& option : own) filtered.options.push_back({option.name, option.value, option.help});
  return verb_help(filtered);
}

const VerbSpec* find_verb(std::string_view name) {
  for (const auto& verb : table()) {
    if (verb.name == name) return &verb;
  }
  return nullptr;
}

}  // namespace ingot::cli
