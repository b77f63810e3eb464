#!/usr/bin/env bash
# ingot quick start, step 2 of 2: brings the build up to date and runs the whole test suite.
# Ends with ctest's summary line. Run ./setup.sh once first.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
BUILD_DIR=${INGOT_BUILD_DIR:-build}
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
  echo "run_tests.sh: no build in '$BUILD_DIR'; run ./setup.sh first" >&2
  exit 2
fi
cmake --build "$BUILD_DIR" -j "$(nproc)"
# The pack's own kernels must be clean under every wait-state rule, warnings included (emu/README.md,
# "Wait-state checker"): the emulator runs them strict unless the caller chose a mode.
export INGOT_EMU_WAIT_STATES=${INGOT_EMU_WAIT_STATES:-strict}
# A runaway kernel stops after this many seconds of one launch instead of minutes per wave (emu/README.md,
# EmulatorOptions::timeout_seconds); far above the slowest legitimate launch of the suite, sanitizer
# builds included.
export INGOT_EMU_TIMEOUT=${INGOT_EMU_TIMEOUT:-120}

# Concurrency under ThreadSanitizer: a separate build (no pack) of the tests labelled `tsan`, the module
# cache's concurrent first use and the emulator's workgroups on several host threads. INGOT_SKIP_TSAN=1
# skips it.
if [ "${INGOT_SKIP_TSAN:-0}" != "1" ]; then
  echo "== ThreadSanitizer: tests labelled tsan"
  cmake -S . -B "$BUILD_DIR-tsan" -G Ninja -DINGOT_TSAN=ON -DINGOT_BUILD_PACK=OFF -DINGOT_WITH_EMU=ON \
    > "$BUILD_DIR-tsan.configure.log" 2>&1 || { cat "$BUILD_DIR-tsan.configure.log"; exit 1; }
  cmake --build "$BUILD_DIR-tsan" -j "$(nproc)" --target ingot_module_cache_tests emu_exec_threads_tests
  TSAN_OPTIONS="halt_on_error=1" ctest --test-dir "$BUILD_DIR-tsan" -L tsan --output-on-failure
fi

echo "== the whole suite"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" "$@"
