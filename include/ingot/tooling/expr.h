// Manifest expressions (manifest/README.md "Expressions"): parsed once into a small tree,
// evaluated per call over an environment of named values.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "ingot/status.h"

namespace ingot {

// A value in an expression: 64-bit integer, float, or string (for match keys such as dtype_a).
using Value = std::variant<int64_t, double, std::string>;

std::string value_to_string(const Value& value);

// Where names come from: a problem with its device (ProblemEnv), or a test's map.
class Env {
 public:
  virtual ~Env() = default;
  // nullptr when the name is unknown.
  virtual const Value* lookup(std::string_view name) const = 0;
};

class MapEnv : public Env {
 public:
  MapEnv() = default;
  explicit MapEnv(std::map<std::string, Value, std::less<>> values) : values_(std::move(values)) {}
  void set(std::string name, Value value) { values_[std::move(name)] = std::move(value); }
  const Value* lookup(std::string_view name) const override;

 private:
  std::map<std::string, Value, std::less<>> values_;
};

struct ExprNode;

// An immutable parsed expression; cheap to copy (shared tree).
class Expr {
 public:
  Expr();  // the constant 0

  // Parses JSON text such as `["ceil_div", "K", 32]`; errors name the bad operator or arity.
  static Result<Expr> parse_json(std::string_view json_text);
  static Expr constant(int64_t value);
  static Expr name(std::string name);

  // Evaluates; errors name the missing name, the operator and the reason (division by zero, overflow).
  Result<Value> evaluate(const Env& env) const;
  // Evaluates to an integer (a float result is an error naming the expression).
  Result<int64_t> evaluate_int(const Env& env) const;
  // Evaluates to a number (integers widen to double).
  Result<double> evaluate_number(const Env& env) const;

  // Compact JSON-like text for messages: ["ceil_div","K",32].
  std::string to_string() const;
  // True when the expression is a bare name (e.g. a buffer argument "A").
  bool is_name() const;
  const std::string* name_if_bare() const;

  explicit Expr(std::shared_ptr<const ExprNode> root) : root_(std::move(root)) {}
  const ExprNode& root() const { return *root_; }

 private:
  std::shared_ptr<const ExprNode> root_;
};

}  // namespace ingot
