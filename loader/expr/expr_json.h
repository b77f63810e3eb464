// Expressions from parsed JSON (the manifest reader hands us nlohmann::json). Private to libingot.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "ingot/tooling/expr.h"

namespace ingot {

// The operator that names a shared definition: ["ref", "x1f2e..."] (manifest/README.md "Shared definitions").
inline constexpr std::string_view kRefOperator = "ref";

// Deeper nesting than any real launch rule or cost model; stops stack exhaustion on hostile input. A
// reference counts as one level on top of its definition's own depth.
inline constexpr int kMaxExprDepth = 64;

// Where `["ref", name]` finds its expression. The manifest reader's table parses each definition once,
// so every reference to it shares one tree.
class ExprDefinitions {
 public:
  virtual ~ExprDefinitions() = default;
  // The definition's expression for a reference at nesting `depth`, and its height (the levels it adds
  // below that depth, the reference counted as one). The error (kCorruptManifest) names `where` and says
  // what is wrong: no such definition, not an expression, a cycle, too deep.
  virtual Result<Expr> resolve(std::string_view name, std::string_view where, int depth, int& height) = 0;
};

// `where` prefixes every error ("kernel gemm_x: constraints[1].expr"). Errors are kCorruptManifest.
// Without `definitions` a reference is an error. `depth` is the nesting the expression starts at;
// `deepest` (when given) receives the deepest level the expanded expression reaches.
Result<Expr> expr_from_json(const nlohmann::json& json, std::string_view where,
                            ExprDefinitions* definitions = nullptr, int depth = 0, int* deepest = nullptr);

}  // namespace ingot
