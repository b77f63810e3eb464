// Moved to the checking harness (tests/harness/device_run.h, namespace ingot::harness); this header keeps
// the names tests already use under ingot::e2e.
#pragma once

#include "../harness/device_run.h"

namespace ingot::e2e {
using harness::BeforeRelaunch;
using harness::DeviceBuffers;
using harness::HostCase;
using harness::kGuardBytes;
using harness::run_forced;
}  // namespace ingot::e2e
