// Row-parallel loops for the CPU references: the rows of C are independent, so the references split them
// over the machine's threads. Each element is still computed by one thread in one fixed order, so the
// result does not depend on the thread count.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace ingot::reference {

// Calls body(begin, end) on disjoint row ranges covering [0, rows), in parallel when the work is large
// enough to pay for a thread (`work_per_row` multiply-adds per row).
template <typename Body>
void parallel_rows(std::int64_t rows, std::int64_t work_per_row, const Body& body) {
  constexpr std::int64_t kMinWorkPerThread = std::int64_t{1} << 20;
  const std::int64_t hardware = std::max<std::int64_t>(1, std::thread::hardware_concurrency());
  const std::int64_t useful = std::max<std::int64_t>(1, rows * std::max<std::int64_t>(work_per_row, 1) / kMinWorkPerThread);
  const std::int64_t threads = std::min({hardware, useful, std::max<std::int64_t>(rows, 1)});
  if (threads <= 1) {
    body(std::int64_t{0}, rows);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(static_cast<size_t>(threads));
  for (std::int64_t t = 0; t < threads; ++t) {
    const std::int64_t begin = rows * t / threads, end = rows * (t + 1) / threads;
    pool.emplace_back([&body, begin, end] { body(begin, end); });
  }
  for (auto& thread : pool) thread.join();
}

}  // namespace ingot::reference
