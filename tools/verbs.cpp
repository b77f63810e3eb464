// The verb table: what `ingot` can do, with each verb's options and help in one place.
#include "verbs.h"

namespace ingot::cli {
namespace {

constexpr OptionSpec kPackOption{"pack", "DIR", "the pack directory (default: $INGOT_PACK, the build tree, the install prefix)"};

const std::vector<VerbSpec>& table() {
  static const std::vector<VerbSpec> verbs = {
      {"list", "", 0, 0, true,
       "List the pack's kernels.\n"
       "A table of id, op, arch, VGPR/AGPR/SGPR/LDS and parameters (or JSON). --PARAM VALUE keeps the\n"
       "kernels whose parameter PARAM equals VALUE (e.g. --bm 64).",
       {kPackOption,
        {"op", "OP", "only this op (gemm, fmha_fwd, mla_decode)"},
        {"arch", "ARCH", "only this arch (gfx942, gfx950)"},
        {"family", "FAMILY", "only this family"},
        {"json", "", "print JSON instead of a table"}},
       run_list},
      {"info", "KERNEL", 1, 1, false,
       "Show a kernel's manifest entry and code-object facts.\n"
       "The code object is verified first (size, sha256, arch, symbol), then its descriptor fields\n"
       "and metadata arguments are printed.",
       {kPackOption},
       run_info},
      {"validate", "", 0, 0, false,
       "Check that the manifest, the files and the code objects agree.\n"
       "Prints one summary line and exits 0, or one line per problem and exits 1.",
       {kPackOption},
       run_validate},
      {"select", "OP", 1, 1, true,
       "Show which kernel a call would get, and why.\n"
       "Or why no kernel accepts it (exit 1). Problem values are --NAME VALUE: integers (--M 128),\n"
       "floats (--alpha 0.5) or match keys (--dtype_a bf16).",
       {kPackOption,
        {"arch", "ARCH", "the device arch (required)"},
        {"cus", "N", "the device's compute units (default: the full part of ARCH)"}},
       run_select},
#ifdef INGOT_CLI_HAVE_DISASM
      {"disasm", "KERNEL", 1, 1, false,
       "Disassemble a kernel.\n"
       "Decodes the verified code object's .text with the emulator's ISA tables and prints it in\n"
       "LLVM syntax, one instruction per line with its address and encoding.",
       {kPackOption},
       run_disasm},
#else
      {"disasm", "KERNEL", 0, 1, true, "Disassemble a kernel (not yet available).", {kPackOption}, run_not_yet_available},
#endif
      {"emu", "KERNEL", 0, 1, true, "Run a kernel on the emulator (not yet available).", {kPackOption}, run_not_yet_available},
      {"run", "OP", 1, 1, true,
       "Run one op call on a device with seeded random inputs.\n"
       "HIP where an AMD GPU is present, else the emulator (or --device). Prints the device, the\n"
       "kernel and why, a checksum of the output and the emulator's profile; never a GPU time.\n"
       "gemm: --M --N --K [--lda K] [--ldb K] [--ldc N] [--seed 1].",
       {kPackOption,
        {"device", "hip|emu|auto", "the device (default auto; also $INGOT_DEVICE)"},
        {"arch", "ARCH", "the arch the emulator models (default gfx942)"},
        {"cus", "N", "the emulator's compute units (default: the arch's full part)"}},
       run_run},
  };
  return verbs;
}

}  // namespace

std::span<const VerbSpec> verb_table() { return table(); }

}  // namespace ingot::cli
