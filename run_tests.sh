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
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" "$@"
