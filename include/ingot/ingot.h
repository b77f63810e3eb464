// Everything of libingot's core in one include.
#pragma once

#include "ingot/arch.h"
#include "ingot/code_object.h"
#include "ingot/expr.h"
#include "ingot/launch.h"
#include "ingot/manifest.h"
#include "ingot/pack.h"
#include "ingot/problem.h"
#include "ingot/raw_launch.h"
#include "ingot/select.h"
#include "ingot/status.h"
#include "ingot/validate.h"

// The device / ops / C API headers come from the devices room; include them when present.
#if __has_include("ingot/device.h")
#include "ingot/device.h"
#endif
#if __has_include("ingot/ops.h")
#include "ingot/ops.h"
#endif
