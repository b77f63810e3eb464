# The checking harness (README.md): a static library that `ingot run` and the test suites link. Included
# from tools/CMakeLists.txt (the CLI needs it whether or not tests are built), not globbed as a test area.
set(INGOT_HARNESS_DIR "${CMAKE_SOURCE_DIR}/tests/harness")
add_library(ingot_harness STATIC
  "${INGOT_HARNESS_DIR}/device_run.cpp"
  "${INGOT_HARNESS_DIR}/element_check.cpp"
  "${INGOT_HARNESS_DIR}/op_check.cpp"
  "${INGOT_HARNESS_DIR}/op_checks.cpp"
  "${INGOT_HARNESS_DIR}/gemm_check.cpp"
  "${INGOT_HARNESS_DIR}/gemm_cases.cpp"
  "${INGOT_HARNESS_DIR}/gemm_shapes.cpp"
)
target_include_directories(ingot_harness PUBLIC "${INGOT_HARNESS_DIR}" PRIVATE "${CMAKE_SOURCE_DIR}/tests/reference")
target_link_libraries(ingot_harness PUBLIC ingot PRIVATE ingot_warnings)
