// Expressions from parsed JSON (the manifest reader hands us nlohmann::json). Private to libingot.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "ingot/tooling/expr.h"

namespace ingot {

// `where` prefixes every error ("kernel gemm_x: constraints[1].expr"). Errors are kCorruptManifest.
Result<Expr> expr_from_json(const nlohmann::json& json, std::string_view where);

}  // namespace ingot
