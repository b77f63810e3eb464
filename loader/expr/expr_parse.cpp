#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

#include "expr/expr_json.h"
#include "expr/expr_node.h"

namespace ingot {
namespace {

constexpr size_t kVariadic = std::numeric_limits<size_t>::max();

constexpr std::array<ExprOpInfo, 19> kOps{{
    {"add", ExprOp::kAdd, 2, kVariadic},
    {"sub", ExprOp::kSub, 2, 2},
    {"mul", ExprOp::kMul, 2, kVariadic},
    {"div", ExprOp::kDiv, 2, 2},
    {"mod", ExprOp::kMod, 2, 2},
    {"ceil_div", ExprOp::kCeilDiv, 2, 2},
    {"round_up", ExprOp::kRoundUp, 2, 2},
    {"min", ExprOp::kMin, 2, kVariadic},
    {"max", ExprOp::kMax, 2, kVariadic},
    {"eq", ExprOp::kEq, 2, 2},
    {"ne", ExprOp::kNe, 2, 2},
    {"lt", ExprOp::kLt, 2, 2},
    {"le", ExprOp::kLe, 2, 2},
    {"gt", ExprOp::kGt, 2, 2},
    {"ge", ExprOp::kGe, 2, 2},
    {"and", ExprOp::kAnd, 2, kVariadic},
    {"or", ExprOp::kOr, 2, kVariadic},
    {"not", ExprOp::kNot, 1, 1},
    {"if", ExprOp::kIf, 3, 3},
}};

Status bad(std::string_view where, const std::string& message) {
  return {StatusCode::kCorruptManifest, std::string(where) + ": " + message};
}

// One expression's parse: where errors point, the definitions references resolve through, and the
// deepest level reached (a definition's height is what a later reference adds to its own depth).
struct Parser {
  std::string_view where;
  ExprDefinitions* definitions = nullptr;
  int deepest = 0;

  Result<Expr> node(const nlohmann::json& json, int depth);
  Result<Expr> op(const nlohmann::json& json, int depth);
  Result<Expr> reference(const nlohmann::json& json, int depth);
};

Result<Expr> Parser::reference(const nlohmann::json& json, int depth) {
  if (json.size() != 2 || !json[1].is_string()) {
    return bad(where, "a reference is [\"ref\", definition name], got " + json.dump().substr(0, 120));
  }
  const std::string& name = json[1].get_ref<const std::string&>();
  if (definitions == nullptr) return bad(where, "reference to \"" + name + "\" where no definitions are available");
  int height = 0;
  auto resolved = definitions->resolve(name, where, depth, height);
  if (!resolved) return resolved;
  deepest = std::max(deepest, depth + height);
  return resolved;
}

Result<Expr> Parser::op(const nlohmann::json& json, int depth) {
  if (json.empty() || !json[0].is_string()) {
    return bad(where, "an operator expression must start with the operator name, got " + json.dump());
  }
  const std::string& name = json[0].get_ref<const std::string&>();
  if (name == kRefOperator) return reference(json, depth);
  const ExprOpInfo* info = find_expr_op(name);
  if (info == nullptr) return bad(where, "unknown operator \"" + name + "\"");
  const size_t arity = json.size() - 1;
  if (arity < info->min_args || arity > info->max_args) {
    std::string expected = std::to_string(info->min_args);
    if (info->max_args == kVariadic) expected += " or more";
    else if (info->max_args != info->min_args) expected += " to " + std::to_string(info->max_args);
    return bad(where, "operator \"" + name + "\" takes " + expected + " arguments, got " + std::to_string(arity));
  }
  auto parsed = std::make_shared<ExprNode>();
  parsed->kind = ExprNode::Kind::kOp;
  parsed->op = info->op;
  parsed->args.reserve(arity);
  for (size_t i = 1; i < json.size(); ++i) {
    auto arg = node(json[i], depth + 1);
    if (!arg) return arg.status();
    parsed->args.push_back(std::move(arg.value()));
  }
  return Expr(std::shared_ptr<const ExprNode>(std::move(parsed)));
}

Result<Expr> Parser::node(const nlohmann::json& json, int depth) {
  if (depth > kMaxExprDepth) return bad(where, "expression nested deeper than " + std::to_string(kMaxExprDepth));
  deepest = std::max(deepest, depth);
  if (json.is_array()) return op(json, depth);
  auto node = std::make_shared<ExprNode>();
  if (json.is_number_integer() && json.is_number_unsigned() &&
      json.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    return bad(where, "integer " + json.dump() + " does not fit in int64");
  }
  if (json.is_number_integer()) {
    node->kind = ExprNode::Kind::kInt;
    node->int_value = json.get<int64_t>();
  } else if (json.is_number_float()) {
    node->kind = ExprNode::Kind::kDouble;
    node->double_value = json.get<double>();
  } else if (json.is_boolean()) {
    node->kind = ExprNode::Kind::kInt;
    node->int_value = json.get<bool>() ? 1 : 0;
  } else if (json.is_string()) {
    node->kind = ExprNode::Kind::kName;
    node->text = json.get<std::string>();
    if (node->text.empty()) return bad(where, "empty name in expression");
  } else {
    return bad(where, "an expression must be a number, a name or an [op, ...] array, got " + json.dump());
  }
  return Expr(std::shared_ptr<const ExprNode>(std::move(node)));
}

}  // namespace

const ExprOpInfo* find_expr_op(std::string_view name) {
  for (const ExprOpInfo& info : kOps) {
    if (name == info.name) return &info;
  }
  return nullptr;
}

const char* expr_op_name(ExprOp op) {
  for (const ExprOpInfo& info : kOps) {
    if (info.op == op) return info.name;
  }
  return "?";
}

Result<Expr> expr_from_json(const nlohmann::json& json, std::string_view where, ExprDefinitions* definitions,
                            int depth, int* deepest) {
  Parser parser{where, definitions, depth};
  auto parsed = parser.node(json, depth);
  if (parsed && deepest != nullptr) *deepest = parser.deepest;
  return parsed;
}

Result<Expr> Expr::parse_json(std::string_view json_text) {
  nlohmann::json json = nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) return Status(StatusCode::kCorruptManifest, "expression is not valid JSON");
  return expr_from_json(json, "expression");
}

Expr::Expr() : root_(std::make_shared<const ExprNode>()) {}

Expr Expr::constant(int64_t value) {
  auto node = std::make_shared<ExprNode>();
  node->int_value = value;
  return Expr(std::shared_ptr<const ExprNode>(std::move(node)));
}

Expr Expr::name(std::string name) {
  auto node = std::make_shared<ExprNode>();
  node->kind = ExprNode::Kind::kName;
  node->text = std::move(name);
  return Expr(std::shared_ptr<const ExprNode>(std::move(node)));
}

bool Expr::is_name() const { return root_->kind == ExprNode::Kind::kName; }

const std::string* Expr::name_if_bare() const { return is_name() ? &root_->text : nullptr; }

std::string Expr::to_string() const {
  const ExprNode& node = *root_;
  switch (node.kind) {
    case ExprNode::Kind::kInt: return std::to_string(node.int_value);
    case ExprNode::Kind::kDouble: return nlohmann::json(node.double_value).dump();
    case ExprNode::Kind::kName: return nlohmann::json(node.text).dump();
    case ExprNode::Kind::kOp: break;
  }
  std::string text = "[\"" + std::string(expr_op_name(node.op)) + "\"";
  for (const Expr& arg : node.args) text += "," + arg.to_string();
  return text + "]";
}

}  // namespace ingot
