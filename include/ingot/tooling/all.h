// Everything of libingot in one include: the consumer surface (ingot/ops.h) and every tooling header
// (code objects, manifest, selection, launch, devices, validation). An engine needs only ingot/ops.h.
#pragma once

#include "ingot/ops.h"
#include "ingot/problem.h"
#include "ingot/status.h"
#include "ingot/tooling/arch.h"
#include "ingot/tooling/code_object.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/expr.h"
#include "ingot/tooling/launch.h"
#include "ingot/tooling/manifest.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/raw_launch.h"
#include "ingot/tooling/select.h"
#include "ingot/tooling/validate.h"
#include "ingot/tooling/workspace.h"
