#include <cmath>
#include <cstdio>

#include "ingot/tooling/expr.h"

namespace ingot {

std::string value_to_string(const Value& value) {
  if (const auto* integer = std::get_if<int64_t>(&value)) return std::to_string(*integer);
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", std::get<double>(value));
  return buffer;
}

const Value* MapEnv::lookup(std::string_view name) const {
  auto found = values_.find(name);
  return found == values_.end() ? nullptr : &found->second;
}

}  // namespace ingot
