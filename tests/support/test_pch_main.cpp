// The donor of the test programs' precompiled header (tests/CMakeLists.txt): a gtest program without tests
// (gtest_main supplies main), so that it is compiled with the flags of the programs that reuse it.
