// Everything of libingot in one include (an engine needs only ingot/ops.h).
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

#include "ingot/device.h"
#include "ingot/ops.h"
