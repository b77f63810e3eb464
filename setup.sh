#!/usr/bin/env bash
# ingot quick start, step 1 of 2. On a fresh Debian/Ubuntu machine: installs what is missing (Debian
# packages, a project-local Python venv with the pinned requirements), builds the library, emulator, CLI
# and the kernel pack for gfx942 and gfx950, validates the pack, and runs one pack kernel end to end.
# Safe to re-run: every step skips what is already done.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

BUILD_DIR=${INGOT_BUILD_DIR:-build}
APT_PACKAGES=(
  cmake ninja-build g++ pkg-config python3 python3-venv
  libmsgpack-cxx-dev nlohmann-json3-dev libcli11-dev libssl-dev
  libelf-dev        # brings zlib1g-dev, which libelf.pc requires
  libgtest-dev libbenchmark-dev
  libamdhip64-dev   # HIP headers only: libingot dlopens the user's HIP runtime at run time
  libamd-comgr2     # ROCm comgr 2.4: tests/comgr and gen's comgr backend test (libingot dlopens it)
)

say() { printf '\n== %s\n' "$*"; }

install_debian_packages() {
  local missing=()
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing Debian packages: ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

install_python_venv() {
  # The stamp holds the requirements' hash, so a changed pin reinstalls and an unchanged one is instant.
  local stamp=.venv/.requirements.sha256 want
  want=$(sha256sum requirements.txt | cut -d' ' -f1)
  if [ -x .venv/bin/python ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then return 0; fi
  say "creating .venv with the pinned Python requirements (triton carries the AMDGPU assembler)"
  python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r requirements.txt
  echo "$want" > "$stamp"
}

configure_and_build() {
  say "configuring and building (pack archs: gfx942 gfx950)"
  local ci_flags=()
  # CI: warnings are errors, and no debug info (nobody reads it there; -g is a fifth of the compile time).
  # -O2 as in the default RelWithDebInfo: GCC 12's -O3 raises false -Wrestrict warnings in libstdc++.
  # Test sources at -O1 (tests/CMakeLists.txt): they are most of the compile and little of the run time.
  [ "${CI:-}" = "true" ] && ci_flags=(-DINGOT_WERROR=ON -DCMAKE_BUILD_TYPE=Release
                                      "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" "-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG"
                                      -DINGOT_TEST_CXX_FLAGS=-O1)
  cmake -S . -B "$BUILD_DIR" -G Ninja "${ci_flags[@]}" > "$BUILD_DIR.configure.log" 2>&1 \
    || { cat "$BUILD_DIR.configure.log"; exit 1; }
  cmake --build "$BUILD_DIR" -j "$(nproc)"
}

install_debian_packages
install_python_venv
configure_and_build

INGOT="$BUILD_DIR/tools/ingot"
say "validating the pack"
"$INGOT" validate --pack "$BUILD_DIR/pack"
say "pack summary"
"$INGOT" list --pack "$BUILD_DIR/pack" --summary
say "running one pack kernel on the default device (the emulator where no AMD GPU is present)"
"$INGOT" run gemm --pack "$BUILD_DIR/pack" --m 100 --n 72 --k 64 --dtype bf16 --seed 1
say "done. Next: ./run_tests.sh"
