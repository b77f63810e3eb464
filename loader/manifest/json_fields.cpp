#include "manifest/json_fields.h"

#include <limits>

namespace ingot::json_fields {

std::string brief(const nlohmann::json& value) {
  if (value.is_object()) return "an object";
  if (value.is_array()) return "an array";
  std::string text = value.dump();
  constexpr size_t kMaxShown = 80;
  if (text.size() > kMaxShown) text = text.substr(0, kMaxShown) + "...";
  return text;
}

Status Object::error(std::string_view key, const std::string& message) const {
  return {StatusCode::kCorruptManifest, path(key) + " " + message};
}

bool Object::has(std::string_view key) const { return find(key) != nullptr; }

const nlohmann::json* Object::find(std::string_view key) const {
  if (!json_.is_object()) return nullptr;
  auto found = json_.find(key);
  return found == json_.end() ? nullptr : &*found;
}

Result<std::string> Object::string(std::string_view key) const {
  const nlohmann::json* value = find(key);
  if (value == nullptr) return error(key, "is missing");
  if (!value->is_string()) return error(key, "must be a string, got " + brief(*value));
  return value->get<std::string>();
}

Result<int64_t> Object::integer(std::string_view key) const {
  return integer_in(key, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
}

Result<int64_t> Object::integer_in(std::string_view key, int64_t min, int64_t max) const {
  const nlohmann::json* value = find(key);
  if (value == nullptr) return error(key, "is missing");
  if (!value->is_number_integer()) return error(key, "must be an integer, got " + brief(*value));
  if (value->is_number_unsigned() &&
      value->get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    return error(key, "is out of range: " + brief(*value));
  }
  const int64_t number = value->get<int64_t>();
  if (number < min || number > max) {
    return error(key, "is " + std::to_string(number) + ", outside [" + std::to_string(min) + ", " +
                          std::to_string(max) + "]");
  }
  return number;
}

Result<const nlohmann::json*> Object::array(std::string_view key) const {
  const nlohmann::json* value = find(key);
  if (value == nullptr) return error(key, "is missing");
  if (!value->is_array()) return error(key, "must be an array, got " + brief(*value));
  return value;
}

Result<const nlohmann::json*> Object::object(std::string_view key) const {
  const nlohmann::json* value = find(key);
  if (value == nullptr) return error(key, "is missing");
  if (!value->is_object()) return error(key, "must be an object, got " + brief(*value));
  return value;
}

Result<nlohmann::json> parse_text(std::string_view text, int max_depth, StatusCode code, std::string_view what) {
  bool too_deep = false;
  // The callback sees every value with its depth; dropping deep ones keeps the tree shallow.
  auto limit_depth = [&](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
    if (depth > max_depth) too_deep = true;
    return !too_deep;
  };
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text, limit_depth, /*allow_exceptions=*/true);
  } catch (const nlohmann::json::exception& error) {
    return Status(code, std::string(what) + " is not valid JSON: " + error.what());
  } catch (const std::exception& error) {
    return Status(code, std::string(what) + ": " + error.what());
  }
  if (too_deep) {
    return Status(code, std::string(what) + " nests deeper than " + std::to_string(max_depth) + " levels");
  }
  return json;
}

}  // namespace ingot::json_fields
