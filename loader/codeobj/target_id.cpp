#include "target_id.h"

#include <array>
#include <tuple>
#include <utility>

namespace ingot {
namespace {

constexpr std::string_view kTriplePrefix = "amdgcn-amd-amdhsa--";

const char* setting_text(TargetFeature feature) {
  switch (feature) {
    case TargetFeature::kOn: return "on";
    case TargetFeature::kOff: return "off";
    case TargetFeature::kAny: break;
  }
  return "any";
}

}  // namespace

std::string TargetId::to_string() const {
  std::string text = processor;
  for (const auto& [name, feature] : {std::pair{"sramecc", sramecc}, std::pair{"xnack", xnack}}) {
    if (feature != TargetFeature::kAny) text += std::string(":") + name + (feature == TargetFeature::kOn ? "+" : "-");
  }
  return text;
}

Result<TargetId> parse_target_id(std::string_view text) {
  auto invalid = [&](const std::string& why) {
    return Status(StatusCode::kInvalidArgument, "target ID '" + std::string(text) + "': " + why);
  };
  std::string_view rest = text;
  if (rest.substr(0, kTriplePrefix.size()) == kTriplePrefix) rest.remove_prefix(kTriplePrefix.size());
  TargetId id;
  size_t colon = rest.find(':');
  id.processor = std::string(rest.substr(0, colon));
  if (id.processor.empty()) return invalid("no processor");
  std::array<bool, 2> seen{};  // sramecc, xnack
  while (colon != std::string_view::npos) {
    rest.remove_prefix(colon + 1);
    colon = rest.find(':');
    const std::string_view feature = rest.substr(0, colon);
    if (feature.size() < 2 || (feature.back() != '+' && feature.back() != '-')) {
      return invalid("feature '" + std::string(feature) + "' must end in + or -");
    }
    const std::string_view name = feature.substr(0, feature.size() - 1);
    const TargetFeature setting = feature.back() == '+' ? TargetFeature::kOn : TargetFeature::kOff;
    const bool is_sramecc = name == "sramecc";
    if (!is_sramecc && name != "xnack") return invalid("unknown feature '" + std::string(name) + "' (sramecc or xnack)");
    if (seen[is_sramecc ? 0 : 1]) return invalid("feature '" + std::string(name) + "' given twice");
    seen[is_sramecc ? 0 : 1] = true;
    (is_sramecc ? id.sramecc : id.xnack) = setting;
  }
  return id;
}

Status check_target_compatible(const TargetId& code_object, const TargetId& device, std::string_view what) {
  auto mismatch = [&](const std::string& field) {
    return Status(StatusCode::kArchMismatch, std::string(what) + ": code object target " + code_object.to_string() +
                                                 " does not run on device " + device.to_string() + " (" + field + ")");
  };
  if (code_object.processor != device.processor) {
    return mismatch("processor " + code_object.processor + " vs " + device.processor);
  }
  for (const auto& [name, wanted, has] : {std::tuple{"sramecc", code_object.sramecc, device.sramecc},
                                          std::tuple{"xnack", code_object.xnack, device.xnack}}) {
    // A device that does not state a feature (a bare "gfx942") cannot be checked on it.
    if (wanted == TargetFeature::kAny || has == TargetFeature::kAny || wanted == has) continue;
    return mismatch(std::string(name) + " " + setting_text(wanted) + " in the code object, " + setting_text(has) +
                    " on the device");
  }
  return Status::ok();
}

}  // namespace ingot
