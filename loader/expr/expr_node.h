// The parsed expression tree. Private to libingot.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ingot/tooling/expr.h"

namespace ingot {

enum class ExprOp {
  kAdd, kSub, kMul, kDiv, kMod, kCeilDiv, kRoundUp, kMin, kMax,
  kEq, kNe, kLt, kLe, kGt, kGe, kAnd, kOr, kNot, kIf,
};

struct ExprOpInfo {
  const char* name;
  ExprOp op;
  size_t min_args;
  size_t max_args;  // SIZE_MAX: variadic
};

// The operator table (manifest/README.md "Expressions"): name, arity.
const ExprOpInfo* find_expr_op(std::string_view name);
const char* expr_op_name(ExprOp op);

struct ExprNode {
  enum class Kind { kInt, kDouble, kName, kOp };
  Kind kind = Kind::kInt;
  int64_t int_value = 0;
  double double_value = 0.0;
  std::string text;  // kName: the name looked up in the environment
  ExprOp op = ExprOp::kAdd;
  std::vector<Expr> args;
};

}  // namespace ingot
