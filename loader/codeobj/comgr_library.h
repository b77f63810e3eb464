// ROCm's code object manager (libamd_comgr), opened at run time with dlopen like the HIP runtime
// (loader/device/hip_runtime_library.h says why: one libingot for every ROCm, and for none). Used to read
// a code object's full target ID (amdhsa.target, with its xnack / sramecc settings) as ROCm itself reads
// it, before a HIP device loads the code object. Without comgr nothing is checked, as before.
// Private to libingot.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "ingot/status.h"

namespace ingot {

// Candidate library names, in the order tried: $INGOT_COMGR_LIBRARY alone when set, otherwise
// libamd_comgr.so, .so.3, .so.2.
std::string comgr_library_candidates_text();

// Whether comgr loaded (once per process; later calls give the same answer). kUnsupported naming the
// libraries tried and dlerror's reasons when none loads or one lacks a symbol libingot calls.
Status comgr_available();

// The code object's amdhsa.target (e.g. "amdgcn-amd-amdhsa--gfx942:xnack+") read by comgr's metadata
// reader. kUnsupported when comgr is absent (comgr_available's status); kCorruptCodeObject with comgr's
// status when comgr cannot read the metadata or it has no target string.
Result<std::string> comgr_code_object_target(std::span<const uint8_t> code_object);

// Before a device loads a code object: with comgr, its target ID must be compatible with the device's
// (`device_target`, e.g. HIP's gcnArchName "gfx942:sramecc+:xnack-"); kArchMismatch naming `what` and
// both IDs when not (target_id.h). Without comgr: ok, unchecked.
Status check_target_with_comgr(std::span<const uint8_t> code_object, std::string_view device_target,
                               std::string_view what);

}  // namespace ingot
