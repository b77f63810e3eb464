# Run by ctest (cmake -P): install the build's consumer component into a prefix outside the build tree
# (checking it holds no tooling header), build the consumer against it with find_package(ingot), install
# the tooling component beside it, then move the build tree away (renamed for the duration; the test
# is RUN_SERIAL, so no other test needs it meanwhile) and run the consumer and the installed CLI. Both must
# find the installed pack by themselves, and with the installed pack taken away too they must report
# "no kernel pack found": nothing of the build tree is there to fall back to. The build tree is moved back
# before any failure is reported.
foreach(var BUILD_DIR WORK_DIR CONSUMER_SOURCE_DIR GENERATOR CXX_COMPILER INSTALL_PACK_SUBDIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "install_and_consume.cmake: ${var} is not set")
  endif()
endforeach()

set(moved_build_dir "${BUILD_DIR}.moved-by-install-test")

# Fails the test; with the build tree moved away, moves it back first.
function(fail_test text)
  if(EXISTS "${moved_build_dir}" AND NOT EXISTS "${BUILD_DIR}")
    file(RENAME "${moved_build_dir}" "${BUILD_DIR}")
  endif()
  message(FATAL_ERROR "${text}")
endfunction()

# Runs a command with INGOT_PACK unset; expect_rc 0 or "fail". Its stdout+stderr land in step_output.
function(run_step what expect)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=INGOT_PACK ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(expect STREQUAL "ok" AND NOT rc EQUAL 0)
    fail_test("${what} failed (${rc}):\n${out}\n${err}")
  elseif(expect STREQUAL "fail" AND rc EQUAL 0)
    fail_test("${what} should have failed:\n${out}\n${err}")
  endif()
  message(STATUS "${what}: ${expect} as expected")
  set(step_output "${out}${err}" PARENT_SCOPE)
endfunction()

set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")

# The consumer component alone: the library, the consumer headers, the package and the pack; no tooling
# header (a consumer program must build without any).
run_step("install the consumer component" ok ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}"
  --component consumer)
foreach(expected
    "include/ingot/ops.h" "include/ingot/runtime.h" "include/ingot/device_options.h" "include/ingot/ingot_c.h"
    "include/ingot/status.h" "lib/cmake/ingot/ingotConfig.cmake" "lib/cmake/ingot/ingotConfigVersion.cmake")
  if(NOT EXISTS "${prefix}/${expected}")
    fail_test("the consumer component did not install ${expected}")
  endif()
endforeach()
file(GLOB_RECURSE installed_headers RELATIVE "${prefix}/include/ingot" "${prefix}/include/ingot/*")
foreach(header IN LISTS installed_headers)
  if(header MATCHES "^tooling/")
    fail_test("the consumer component installed the tooling header include/ingot/${header}")
  endif()
endforeach()
if(EXISTS "${prefix}/bin/ingot")
  fail_test("the consumer component installed the CLI (it belongs to the tooling component)")
endif()

run_step("configure consumer" ok ${CMAKE_COMMAND} -S "${CONSUMER_SOURCE_DIR}" -B "${WORK_DIR}/build"
  -G "${GENERATOR}" -DCMAKE_CXX_COMPILER=${CXX_COMPILER} "-DCMAKE_PREFIX_PATH=${prefix}")
run_step("build consumer" ok ${CMAKE_COMMAND} --build "${WORK_DIR}/build" -j 2)

run_step("install the tooling component" ok ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}"
  --component tooling)
foreach(expected "include/ingot/tooling/device.h" "include/ingot/tooling/all.h" "bin/ingot")
  if(NOT EXISTS "${prefix}/${expected}")
    fail_test("the tooling component did not install ${expected}")
  endif()
endforeach()

if(EXISTS "${moved_build_dir}")
  message(FATAL_ERROR "${moved_build_dir} exists (left by an interrupted run?): move it back or remove it")
endif()
file(RENAME "${BUILD_DIR}" "${moved_build_dir}")
message(STATUS "build tree moved away to ${moved_build_dir}")

set(pack "${prefix}/${INSTALL_PACK_SUBDIR}")
if(EXISTS "${pack}/manifest.json")
  # The consumer opens the package's ingot_PACK_DIR and checks that find_pack_dir() (it is installed
  # nowhere near the pack) finds nothing rather than the build tree's pack.
  run_step("run consumer" ok "${WORK_DIR}/build/consumer")
  message(STATUS "${step_output}")
  run_step("installed ingot list, no --pack" ok "${prefix}/bin/ingot" list --summary)
  run_step("installed ingot validate, no --pack" ok "${prefix}/bin/ingot" validate)
  run_step("installed ingot run gemm on the emulator, no --pack" ok "${prefix}/bin/ingot" run gemm --device emu
    --m 100 --n 72 --k 64 --dtype bf16 --seed 1)
  file(RENAME "${pack}" "${pack}.away")
  run_step("installed ingot list, installed pack gone" fail "${prefix}/bin/ingot" list --summary)
  if(NOT step_output MATCHES "no kernel pack found" OR step_output MATCHES "build tree")
    fail_test("the installed CLI did not report the missing installed pack:\n${step_output}")
  endif()
else()
  message(STATUS "no pack installed (built with -DINGOT_BUILD_PACK=OFF): the consumer must report none")
  run_step("run consumer" ok "${WORK_DIR}/build/consumer")
endif()
file(RENAME "${moved_build_dir}" "${BUILD_DIR}")
message(STATUS "build tree moved back")
file(REMOVE_RECURSE "${WORK_DIR}")
