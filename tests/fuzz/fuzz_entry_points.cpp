#include "fuzz_entry_points.h"

#include <span>
#include <string_view>

#include "ingot/tooling/code_object.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/select.h"

namespace ingot::fuzz {
namespace {

// Folds values into a sink so the walks below cannot be optimised away.
volatile uint64_t g_sink = 0;

void touch(uint64_t value) { g_sink = g_sink + value; }

Problem fixed_problem(const std::string& op) {
  Problem problem(op);
  for (const char* name : {"M", "N", "K", "B", "H", "S", "D", "lda", "ldb", "ldc", "n", "seq_len", "head_dim"}) {
    problem.integer(name, 64);
  }
  for (const char* name : {"A", "Bm", "C", "Q", "O", "in", "out"}) problem.buffer(name, 0x100000);
  problem.key("dtype", "f32").key("dtype_a", "bf16").key("dtype_c", "f32");
  problem.scalar("alpha", 1.0).scalar("beta", 0.0).scalar("scale", 0.125);
  return problem;
}

}  // namespace

int code_object(const uint8_t* data, size_t size) {
  auto object = read_code_object(std::span<const uint8_t>(data, size));
  if (!object) {
    touch(object.status().message().size());
    return 0;
  }
  touch(object->text.size() + object->text_address + object->symbols.size());
  for (const ElfSymbol& symbol : object->symbols) touch(symbol.value + symbol.name.size());
  for (const LoadSegment& segment : object->segments) touch(segment.bytes.size() + segment.mem_size);
  for (const CodeObjectKernel& kernel : object->kernels) {
    touch(kernel.descriptor.entry_address + kernel.descriptor.lds_bytes + kernel.descriptor.allocated_vgprs);
    for (const KernelArgMetadata& arg : kernel.metadata.args) touch(arg.offset + arg.size + arg.name.size());
    touch(object->find_kernel(kernel.metadata.name) != nullptr);
  }
  return 0;
}

int manifest(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto pack = Pack::from_manifest_text(text, "/nonexistent-fuzz-pack");
  if (!pack) {
    touch(pack.status().message().size());
    return 0;
  }
  for (const auto& arch : {"gfx942", "gfx950"}) {
    for (const ManifestKernel& kernel : pack->kernels()) {
      const DeviceInfo device{arch, 304};
      const Problem problem = fixed_problem(kernel.op);
      auto selection = pack->select(problem, device);
      touch(selection ? selection->why.size() : selection.status().message().size());
      auto launch = prepare_launch(kernel, problem, device);
      touch(launch ? launch->kernargs.size() : launch.status().message().size());
      touch(check_kernel_accepts(kernel, problem, device).message().size());
      touch(kernel.cost.to_string().size());
    }
  }
  return 0;
}

}  // namespace ingot::fuzz
