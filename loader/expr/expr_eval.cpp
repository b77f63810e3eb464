// Evaluation: 64-bit signed integer arithmetic with overflow reported as an error (never UB),
// floats when any operand is a float; floor division and modulo as in the generator (Python).
#include <cmath>
#include <limits>

#include "expr/expr_node.h"

namespace ingot {
namespace {

Status eval_error(const ExprNode& node, const std::string& message) {
  return {StatusCode::kInvalidArgument,
          std::string("expression ") + expr_op_name(node.op) + ": " + message};
}

bool is_number(const Value& value) { return !std::holds_alternative<std::string>(value); }

double as_double(const Value& value) {
  if (const auto* integer = std::get_if<int64_t>(&value)) return static_cast<double>(*integer);
  return std::get<double>(value);
}

Result<bool> truth(const ExprNode& node, const Value& value) {
  if (!is_number(value)) return eval_error(node, "a string (\"" + std::get<std::string>(value) + "\") is not a truth value");
  if (const auto* integer = std::get_if<int64_t>(&value)) return *integer != 0;
  return std::get<double>(value) != 0.0;
}

int64_t floor_div(int64_t a, int64_t b) {  // b != 0, not (INT64_MIN, -1)
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

// From the remainder, not a - floor_div(a, b) * b: that product overflows for large |a| (UBSan found it).
int64_t floor_mod(int64_t a, int64_t b) {  // b != 0, not (INT64_MIN, -1)
  const int64_t r = a % b;
  return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;  // opposite signs: the sum cannot overflow
}

Result<Value> integer_binary(const ExprNode& node, int64_t a, int64_t b) {
  int64_t out = 0;
  switch (node.op) {
    case ExprOp::kAdd:
      if (__builtin_add_overflow(a, b, &out)) return eval_error(node, "integer overflow");
      return Value(out);
    case ExprOp::kSub:
      if (__builtin_sub_overflow(a, b, &out)) return eval_error(node, "integer overflow");
      return Value(out);
    case ExprOp::kMul:
      if (__builtin_mul_overflow(a, b, &out)) return eval_error(node, "integer overflow");
      return Value(out);
    case ExprOp::kDiv:
    case ExprOp::kMod:
      if (b == 0) return eval_error(node, "division by zero");
      if (a == std::numeric_limits<int64_t>::min() && b == -1) return eval_error(node, "integer overflow");
      if (node.op == ExprOp::kDiv) return Value(floor_div(a, b));
      return Value(floor_mod(a, b));
    case ExprOp::kCeilDiv:
    case ExprOp::kRoundUp: {
      if (b <= 0) return eval_error(node, "divisor " + std::to_string(b) + " is not positive");
      int64_t q = floor_div(a, b);
      if (a % b != 0) ++q;  // not q * b != a: for a near INT64_MIN the product overflows
      if (node.op == ExprOp::kCeilDiv) return Value(q);
      if (__builtin_mul_overflow(q, b, &out)) return eval_error(node, "integer overflow");
      return Value(out);
    }
    case ExprOp::kMin: return Value(std::min(a, b));
    case ExprOp::kMax: return Value(std::max(a, b));
    default: return eval_error(node, "not an arithmetic operator");
  }
}

Result<Value> float_binary(const ExprNode& node, double a, double b) {
  switch (node.op) {
    case ExprOp::kAdd: return Value(a + b);
    case ExprOp::kSub: return Value(a - b);
    case ExprOp::kMul: return Value(a * b);
    case ExprOp::kDiv:
      if (b == 0.0) return eval_error(node, "division by zero");
      return Value(a / b);
    case ExprOp::kMod:
      if (b == 0.0) return eval_error(node, "division by zero");
      return Value(a - std::floor(a / b) * b);
    case ExprOp::kCeilDiv:
    case ExprOp::kRoundUp: {
      if (!(b > 0.0)) return eval_error(node, "divisor is not positive");
      const double q = std::ceil(a / b);
      return Value(node.op == ExprOp::kCeilDiv ? q : q * b);
    }
    case ExprOp::kMin: return Value(std::min(a, b));
    case ExprOp::kMax: return Value(std::max(a, b));
    default: return eval_error(node, "not an arithmetic operator");
  }
}

Result<Value> arithmetic(const ExprNode& node, const Value& a, const Value& b) {
  if (!is_number(a) || !is_number(b)) return eval_error(node, "string operand in arithmetic");
  if (std::holds_alternative<int64_t>(a) && std::holds_alternative<int64_t>(b)) {
    return integer_binary(node, std::get<int64_t>(a), std::get<int64_t>(b));
  }
  return float_binary(node, as_double(a), as_double(b));
}

Result<Value> compare(const ExprNode& node, const Value& a, const Value& b) {
  int order = 0;
  if (!is_number(a) || !is_number(b)) {
    if (is_number(a) != is_number(b)) {
      if (node.op == ExprOp::kEq) return Value(int64_t{0});
      if (node.op == ExprOp::kNe) return Value(int64_t{1});
      return eval_error(node, "cannot order a string against a number");
    }
    const int c = std::get<std::string>(a).compare(std::get<std::string>(b));
    order = (c > 0) - (c < 0);
  } else if (std::holds_alternative<int64_t>(a) && std::holds_alternative<int64_t>(b)) {
    const int64_t x = std::get<int64_t>(a), y = std::get<int64_t>(b);
    order = (x > y) - (x < y);
  } else {
    const double x = as_double(a), y = as_double(b);
    if (std::isnan(x) || std::isnan(y)) return Value(int64_t{node.op == ExprOp::kNe ? 1 : 0});
    order = (x > y) - (x < y);
  }
  bool result = false;
  switch (node.op) {
    case ExprOp::kEq: result = order == 0; break;
    case ExprOp::kNe: result = order != 0; break;
    case ExprOp::kLt: result = order < 0; break;
    case ExprOp::kLe: result = order <= 0; break;
    case ExprOp::kGt: result = order > 0; break;
    case ExprOp::kGe: result = order >= 0; break;
    default: return eval_error(node, "not a comparison");
  }
  return Value(int64_t{result ? 1 : 0});
}

Result<Value> evaluate_node(const ExprNode& node, const Env& env);

Result<Value> evaluate_op(const ExprNode& node, const Env& env) {
  switch (node.op) {
    case ExprOp::kAnd:
    case ExprOp::kOr: {
      const bool is_and = node.op == ExprOp::kAnd;
      for (const Expr& arg : node.args) {  // short-circuit: later terms may assume earlier ones
        auto value = arg.evaluate(env);
        if (!value) return value.status();
        auto flag = truth(node, value.value());
        if (!flag) return flag.status();
        if (flag.value() != is_and) return Value(int64_t{is_and ? 0 : 1});
      }
      return Value(int64_t{is_and ? 1 : 0});
    }
    case ExprOp::kNot: {
      auto value = node.args[0].evaluate(env);
      if (!value) return value.status();
      auto flag = truth(node, value.value());
      if (!flag) return flag.status();
      return Value(int64_t{flag.value() ? 0 : 1});
    }
    case ExprOp::kIf: {
      auto cond = node.args[0].evaluate(env);
      if (!cond) return cond.status();
      auto flag = truth(node, cond.value());
      if (!flag) return flag.status();
      return node.args[flag.value() ? 1 : 2].evaluate(env);
    }
    default: break;
  }
  auto first = node.args[0].evaluate(env);
  if (!first) return first.status();
  Value acc = std::move(first.value());
  for (size_t i = 1; i < node.args.size(); ++i) {
    auto next = node.args[i].evaluate(env);
    if (!next) return next.status();
    switch (node.op) {
      case ExprOp::kEq: case ExprOp::kNe: case ExprOp::kLt:
      case ExprOp::kLe: case ExprOp::kGt: case ExprOp::kGe:
        return compare(node, acc, next.value());
      default: {
        auto combined = arithmetic(node, acc, next.value());
        if (!combined) return combined.status();
        acc = std::move(combined.value());
      }
    }
  }
  return acc;
}

Result<Value> evaluate_node(const ExprNode& node, const Env& env) {
  switch (node.kind) {
    case ExprNode::Kind::kInt: return Value(node.int_value);
    case ExprNode::Kind::kDouble: return Value(node.double_value);
    case ExprNode::Kind::kName: {
      const Value* value = env.lookup(node.text);
      if (value == nullptr) return Status(StatusCode::kInvalidArgument, "name \"" + node.text + "\" is not defined");
      return *value;
    }
    case ExprNode::Kind::kOp: return evaluate_op(node, env);
  }
  return Status(StatusCode::kInternal, "bad expression node");
}

}  // namespace

Result<Value> Expr::evaluate(const Env& env) const { return evaluate_node(*root_, env); }

Result<int64_t> Expr::evaluate_int(const Env& env) const {
  auto value = evaluate(env);
  if (!value) return value.status();
  if (const auto* integer = std::get_if<int64_t>(&value.value())) return *integer;
  return Status(StatusCode::kInvalidArgument, "expression " + to_string() + " gives " +
                                                  value_to_string(value.value()) + ", not an integer");
}

Result<double> Expr::evaluate_number(const Env& env) const {
  auto value = evaluate(env);
  if (!value) return value.status();
  if (!is_number(value.value())) {
    return Status(StatusCode::kInvalidArgument, "expression " + to_string() + " gives the string \"" +
                                                    std::get<std::string>(value.value()) + "\", not a number");
  }
  return as_double(value.value());
}

}  // namespace ingot
