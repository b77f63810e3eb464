// The consumer surface in one include: the Runtime, the op layer and every op's typed arguments.
#pragma once

#include "ingot/op.h"
#include "ingot/ops/gemm.h"
#include "ingot/runtime.h"
#include "ingot/status.h"
#include "ingot/stream.h"
