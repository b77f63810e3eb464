// Expression evaluator against hand-computed values (Python's // and % define floor semantics).
#include <gtest/gtest.h>

#include <limits>

#include "ingot/tooling/expr.h"

namespace ingot {
namespace {

int64_t eval_int(const std::string& text, const MapEnv& env) {
  auto expr = Expr::parse_json(text);
  EXPECT_TRUE(expr.is_ok()) << expr.status().to_string();
  if (!expr) return -999999;
  auto value = expr->evaluate_int(env);
  EXPECT_TRUE(value.is_ok()) << text << ": " << value.status().to_string();
  return value ? value.value() : -999999;
}

Status eval_error(const std::string& text, const MapEnv& env) {
  auto expr = Expr::parse_json(text);
  if (!expr) return expr.status();
  auto value = expr->evaluate(env);
  return value.status();
}

MapEnv sample_env() {
  MapEnv env;
  env.set("M", int64_t{100});
  env.set("K", int64_t{7});
  env.set("alpha", 2.5);
  env.set("dtype_a", std::string("bf16"));
  env.set("dtype_b", std::string("bf16"));
  return env;
}

TEST(Expr, ConstantsAndNames) {
  const MapEnv env = sample_env();
  EXPECT_EQ(eval_int("42", env), 42);
  EXPECT_EQ(eval_int("\"M\"", env), 100);
  EXPECT_EQ(eval_int("true", env), 1);
}

TEST(Expr, ArithmeticFloorsLikePython) {
  const MapEnv env = sample_env();
  EXPECT_EQ(eval_int(R"(["add", "M", 1, 2])", env), 103);
  EXPECT_EQ(eval_int(R"(["sub", "K", "M"])", env), -93);
  EXPECT_EQ(eval_int(R"(["mul", "M", "K", 2])", env), 1400);
  EXPECT_EQ(eval_int(R"(["div", "M", "K"])", env), 14);   // 100 // 7
  EXPECT_EQ(eval_int(R"(["div", -7, 2])", env), -4);      // -7 // 2
  EXPECT_EQ(eval_int(R"(["mod", -7, 2])", env), 1);       // -7 % 2
  EXPECT_EQ(eval_int(R"(["mod", 7, -2])", env), -1);      // 7 % -2
  EXPECT_EQ(eval_int(R"(["ceil_div", "M", 32])", env), 4);
  EXPECT_EQ(eval_int(R"(["ceil_div", 96, 32])", env), 3);
  EXPECT_EQ(eval_int(R"(["ceil_div", -5, 2])", env), -2);  // ceil(-2.5)
  EXPECT_EQ(eval_int(R"(["round_up", "M", 32])", env), 128);
  EXPECT_EQ(eval_int(R"(["min", "M", "K", 50])", env), 7);
  EXPECT_EQ(eval_int(R"(["max", "M", "K", 500])", env), 500);
}

TEST(Expr, ComparisonsLogicAndIf) {
  const MapEnv env = sample_env();
  EXPECT_EQ(eval_int(R"(["eq", ["mod", "M", 4], 0])", env), 1);
  EXPECT_EQ(eval_int(R"(["ne", "M", 100])", env), 0);
  EXPECT_EQ(eval_int(R"(["lt", "K", "M"])", env), 1);
  EXPECT_EQ(eval_int(R"(["le", 7, "K"])", env), 1);
  EXPECT_EQ(eval_int(R"(["gt", "K", "M"])", env), 0);
  EXPECT_EQ(eval_int(R"(["ge", "K", 8])", env), 0);
  EXPECT_EQ(eval_int(R"(["and", 1, ["gt", "M", 0], 5])", env), 1);
  EXPECT_EQ(eval_int(R"(["or", 0, ["gt", "K", "M"]])", env), 0);
  EXPECT_EQ(eval_int(R"(["not", 0])", env), 1);
  EXPECT_EQ(eval_int(R"(["if", ["gt", "M", 64], 128, 64])", env), 128);
  EXPECT_EQ(eval_int(R"(["eq", "dtype_a", "dtype_b"])", env), 1);
}

TEST(Expr, ShortCircuitSkipsUndefinedNames) {
  const MapEnv env = sample_env();
  EXPECT_EQ(eval_int(R"(["and", 0, "undefined_name"])", env), 0);
  EXPECT_EQ(eval_int(R"(["or", 1, "undefined_name"])", env), 1);
  EXPECT_EQ(eval_int(R"(["if", 1, 5, "undefined_name"])", env), 5);
}

TEST(Expr, FloatsWidenAndCostsEvaluate) {
  const MapEnv env = sample_env();
  auto expr = Expr::parse_json(R"(["mul", "alpha", "M"])");
  ASSERT_TRUE(expr.is_ok());
  auto value = expr->evaluate_number(env);
  ASSERT_TRUE(value.is_ok());
  EXPECT_DOUBLE_EQ(value.value(), 250.0);
  auto as_int = expr->evaluate_int(env);
  EXPECT_FALSE(as_int.is_ok());
  auto ratio = Expr::parse_json(R"(["div", 1.0, 4])");
  ASSERT_TRUE(ratio.is_ok());
  EXPECT_DOUBLE_EQ(ratio->evaluate_number(env).value(), 0.25);
}

TEST(Expr, MissingNameIsAnErrorNamingIt) {
  const Status status = eval_error(R"(["add", "M", "lda"])", sample_env());
  ASSERT_FALSE(status.is_ok());
  EXPECT_NE(status.message().find("\"lda\""), std::string::npos) << status.message();
}

TEST(Expr, RuntimeErrors) {
  const MapEnv env = sample_env();
  EXPECT_NE(eval_error(R"(["div", "M", 0])", env).message().find("division by zero"), std::string::npos);
  EXPECT_NE(eval_error(R"(["mod", "M", 0])", env).message().find("division by zero"), std::string::npos);
  EXPECT_FALSE(eval_error(R"(["ceil_div", "M", 0])", env).is_ok());
  EXPECT_NE(eval_error(R"(["mul", 9223372036854775807, 2])", env).message().find("overflow"), std::string::npos);
  EXPECT_NE(eval_error(R"(["div", -9223372036854775808, -1])", env).message().find("overflow"), std::string::npos);
  EXPECT_FALSE(eval_error(R"(["add", "dtype_a", 1])", env).is_ok());
  EXPECT_FALSE(eval_error(R"(["lt", "dtype_a", 1])", env).is_ok());
}

TEST(Expr, ParseErrorsNameTheOperator) {
  auto unknown = Expr::parse_json(R"(["pow", 2, 3])");
  ASSERT_FALSE(unknown.is_ok());
  EXPECT_EQ(unknown.status().code(), StatusCode::kCorruptManifest);
  EXPECT_NE(unknown.status().message().find("\"pow\""), std::string::npos);
  auto arity = Expr::parse_json(R"(["sub", 1, 2, 3])");
  ASSERT_FALSE(arity.is_ok());
  EXPECT_NE(arity.status().message().find("sub"), std::string::npos);
  EXPECT_FALSE(Expr::parse_json(R"(["not"])").is_ok());
  EXPECT_FALSE(Expr::parse_json(R"(["if", 1, 2])").is_ok());
  EXPECT_FALSE(Expr::parse_json(R"([])").is_ok());
  EXPECT_FALSE(Expr::parse_json(R"([1, 2])").is_ok());
  EXPECT_FALSE(Expr::parse_json(R"({"a": 1})").is_ok());
  EXPECT_FALSE(Expr::parse_json(R"(null)").is_ok());
  EXPECT_FALSE(Expr::parse_json(R"("")").is_ok());
  EXPECT_FALSE(Expr::parse_json(R"(18446744073709551615)").is_ok());
  EXPECT_FALSE(Expr::parse_json(R"(["add", 1)").is_ok());
}

TEST(Expr, DeepNestingIsRejectedNotACrash) {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += R"(["not", )";
  text += "1";
  for (int i = 0; i < 5000; ++i) text += "]";
  EXPECT_FALSE(Expr::parse_json(text).is_ok());
}

TEST(Expr, ToStringRoundTrips) {
  const std::string text = R"(["ceil_div",["add","M",31],32])";
  auto expr = Expr::parse_json(text);
  ASSERT_TRUE(expr.is_ok());
  EXPECT_EQ(expr->to_string(), text);
  auto again = Expr::parse_json(expr->to_string());
  ASSERT_TRUE(again.is_ok());
  EXPECT_EQ(again->evaluate_int(sample_env()).value(), 5);
}

}  // namespace
}  // namespace ingot
