// The mla_decode op's check: `ingot run mla_decode --batch B --heads H --seqlen-q SQ --seqlen-k L[,L2,...]
// --page-size P --kv-dtype bf16|fp8 [--q-dtype bf16|fp8] [--lse]`, and the shapes that exercise each
// mla_decode kernel, against tests/reference/mla_decode_reference.h.
#pragma once

#include "op_check.h"

namespace ingot::harness {

const OpCheck& mla_decode_check();

}  // namespace ingot::harness
