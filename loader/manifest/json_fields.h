// Typed, exception-free access to JSON object fields, with errors naming where the field is
// ("kernels[3] (gemm_bf16_t64): kernarg.args[2].offset"). Private to libingot.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "ingot/status.h"

namespace ingot::json_fields {

// Short text of a JSON value for messages: scalars as JSON, containers as their type name.
std::string brief(const nlohmann::json& value);

class Object {
 public:
  // `where` names the object in messages; `json` must outlive this view.
  Object(const nlohmann::json& json, std::string where) : json_(json), where_(std::move(where)) {}

  const std::string& where() const { return where_; }
  std::string path(std::string_view key) const { return where_ + ": " + std::string(key); }
  Status error(std::string_view key, const std::string& message) const;

  bool has(std::string_view key) const;
  // The raw field; nullptr if absent.
  const nlohmann::json* find(std::string_view key) const;

  Result<std::string> string(std::string_view key) const;
  Result<int64_t> integer(std::string_view key) const;
  // An integer in [min, max].
  Result<int64_t> integer_in(std::string_view key, int64_t min, int64_t max) const;
  Result<const nlohmann::json*> array(std::string_view key) const;
  Result<const nlohmann::json*> object(std::string_view key) const;

 private:
  const nlohmann::json& json_;
  std::string where_;
};

// Parses text; containers nested deeper than max_depth are an error, so later recursion is bounded.
Result<nlohmann::json> parse_text(std::string_view text, int max_depth, StatusCode code, std::string_view what);

}  // namespace ingot::json_fields
