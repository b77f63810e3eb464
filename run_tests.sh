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
MAIN_PACK="$(cd "$BUILD_DIR" && pwd)/pack"

# Runs each command (a function of this script and its arguments, one string) in the background at once,
# each into its own log; once all have ended, prints the logs in order and fails if any command failed.
run_together() {
  local logs pids=() command index status=0
  logs=$(mktemp -d)
  for command in "$@"; do
    # shellcheck disable=SC2086  # the string is the function and its arguments
    ( $command ) > "$logs/${#pids[@]}.log" 2>&1 &
    pids+=($!)
  done
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || status=1
    cat "$logs/$index.log"
  done
  rm -rf "$logs"
  return $status
}

asan_loader_tests_shard() {
  GTEST_SHARD_INDEX=$1 GTEST_TOTAL_SHARDS=$2 "$BUILD_DIR-asan/tests/loader/ingot_loader_tests" --gtest_brief=1
}

asan_cli_hostile_input_tests() {
  INGOT_CLI="$(cd "$BUILD_DIR-asan" && pwd)/tools/ingot" INGOT_PACK_DIR="$MAIN_PACK" PYTHONDONTWRITEBYTECODE=1 \
    .venv/bin/python -m pytest -q -p no:cacheprovider tests/cli \
    -k "planted_faults or usage or unknown_options or input_problems or illegal_shape or argument_errors or no_kernel or wrong_result or timeout"
}

# Configures a sanitizer side build: no pack of its own (its tests read this build's, linked in as its
# pack/ so compiled-in pack paths resolve too).
configure_side_build() {
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DINGOT_BUILD_PACK=OFF "$@" > "$dir.configure.log" 2>&1 \
    || { cat "$dir.configure.log"; exit 1; }
  ln -sfn "$MAIN_PACK" "$dir/pack"
}

# Concurrency under ThreadSanitizer (-Og without debug info for a faster build: 158 s against -O1's 195 on 2
# cores, its tests 30 s against 28; a report names functions, not lines): the tests labelled `tsan`, the
# module cache's concurrent first use, the emulator's workgroups on several host threads, and op calls from
# several threads on one Runtime.
# INGOT_SKIP_TSAN=1 skips it.
if [ "${INGOT_SKIP_TSAN:-0}" != "1" ]; then
  echo "== ThreadSanitizer: tests labelled tsan"
  configure_side_build "$BUILD_DIR-tsan" -DINGOT_TSAN=ON -DINGOT_WITH_EMU=ON -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS=-Og
  cmake --build "$BUILD_DIR-tsan" -j "$(nproc)" \
    --target ingot_module_cache_tests emu_exec_threads_tests ingot_runtime_threads_tests
  INGOT_PACK="$MAIN_PACK" TSAN_OPTIONS="halt_on_error=1" ctest --test-dir "$BUILD_DIR-tsan" -L tsan --output-on-failure \
    -j "$(nproc)"
fi

# Hostile input under AddressSanitizer + UndefinedBehaviorSanitizer (UB fatal), built at -Og, the test sources
# at -O0 (under the sanitizers -Og compiles in half of -O1's time: 330 s against 500 on 2 cores; the loader tests
# then take 87 s, not 28; at -O0 they took 142): every fuzz
# corpus replayed with its mutations (the tests labelled `asan`), the loader's tests, and the CLI's
# hostile-input tests (tampered packs, bad command lines and shapes, runaway kernels). INGOT_SKIP_ASAN=1
# skips it.
if [ "${INGOT_SKIP_ASAN:-0}" != "1" ]; then
  echo "== AddressSanitizer + UBSan: fuzz corpora, loader and CLI hostile input"
  configure_side_build "$BUILD_DIR-asan" -DINGOT_ASAN=ON -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS=-Og \
    -DINGOT_TEST_CXX_FLAGS=-O0
  cmake --build "$BUILD_DIR-asan" -j "$(nproc)" --target ingot_fuzz_replay ingot_loader_tests ingot_cli
  export ASAN_OPTIONS="abort_on_error=0:exitcode=86" UBSAN_OPTIONS="print_stacktrace=1:exitcode=86"
  ctest --test-dir "$BUILD_DIR-asan" -L asan --output-on-failure -j "$(nproc)"
  # The loader's tests (one process of them took 71 s here) in one gtest shard per core, beside the CLI's
  # hostile-input tests (49 s): each runs its processes one at a time, so together they fill both cores.
  loader_shard_commands=()
  for ((shard = 0; shard < $(nproc); shard++)); do
    loader_shard_commands+=("asan_loader_tests_shard $shard $(nproc)")
  done
  run_together "${loader_shard_commands[@]}" asan_cli_hostile_input_tests
  unset ASAN_OPTIONS UBSAN_OPTIONS
fi

echo "== the whole suite"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" "$@"
