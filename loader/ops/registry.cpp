// Every op libingot knows: a new op is one line here (and its own unit in loader/ops/).
#include "ingot/op.h"
#include "ingot/ops/gemm.h"

namespace ingot {
namespace {

std::span<const Op* const> registry() {
  static const Op* const ops[] = {
      &gemm_op(),
  };
  return ops;
}

}  // namespace

std::span<const Op* const> all_ops() { return registry(); }

const Op* find_op(std::string_view name) {
  for (const Op* op : registry()) {
    if (op->name() == name) return op;
  }
  return nullptr;
}

}  // namespace ingot
