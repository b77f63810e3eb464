# Run by ctest (cmake -P): install the build into WORK_DIR/prefix, build the consumer against it
# with find_package(ingot), run it on the installed pack (or the build tree's when the pack was not
# built into this install), and run the installed CLI.
foreach(var BUILD_DIR WORK_DIR CONSUMER_SOURCE_DIR GENERATOR CXX_COMPILER INSTALL_PACK_SUBDIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "install_and_consume.cmake: ${var} is not set")
  endif()
endforeach()

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${what}: ok")
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")

run_step("install" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}")
foreach(expected
    "include/ingot/ops.h" "include/ingot/device.h" "include/ingot/ingot_c.h" "include/ingot/status.h"
    "lib/cmake/ingot/ingotConfig.cmake" "lib/cmake/ingot/ingotConfigVersion.cmake" "bin/ingot")
  if(NOT EXISTS "${prefix}/${expected}")
    message(FATAL_ERROR "install did not produce ${expected}")
  endif()
endforeach()

run_step("configure consumer" ${CMAKE_COMMAND} -S "${CONSUMER_SOURCE_DIR}" -B "${WORK_DIR}/build"
  -G "${GENERATOR}" -DCMAKE_CXX_COMPILER=${CXX_COMPILER} "-DCMAKE_PREFIX_PATH=${prefix}")
run_step("build consumer" ${CMAKE_COMMAND} --build "${WORK_DIR}/build" -j 2)

set(pack "${prefix}/${INSTALL_PACK_SUBDIR}")
if(NOT EXISTS "${pack}/manifest.json")
  message(STATUS "no pack installed (built with -DINGOT_BUILD_PACK=OFF?); using the build tree's")
  set(pack "${BUILD_TREE_PACK_DIR}")
endif()
if(EXISTS "${pack}/manifest.json")
  run_step("run consumer" "${WORK_DIR}/build/consumer" "${pack}")
  message(STATUS "${step_output}")
  run_step("installed ingot validate" "${prefix}/bin/ingot" validate --pack "${pack}")
else()
  message(STATUS "no pack anywhere: checking only that the consumer links and reports the missing pack")
  run_step("run consumer" "${WORK_DIR}/build/consumer" --expect-no-pack "${WORK_DIR}/no_pack")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
