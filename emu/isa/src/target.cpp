#include "ingot_emu/inst.h"

namespace ingot::emu {

std::string_view target_name(Target target) {
  switch (target) {
    case Target::kGfx942: return "gfx942";
    case Target::kGfx950: return "gfx950";
  }
  return "unknown";
}

std::optional<Target> parse_target(std::string_view name) {
  // gfx940/gfx941 are CDNA3 parts with gfx942's encodings.
  if (name == "gfx942" || name == "gfx940" || name == "gfx941") return Target::kGfx942;
  if (name == "gfx950") return Target::kGfx950;
  return std::nullopt;
}

}  // namespace ingot::emu
