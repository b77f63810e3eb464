// Generic selection over manifest data: match, constraints, cost (manifest/README.md "Selection").
#include "ingot/tooling/select.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "expr/expr_node.h"
#include "ingot/tooling/pack.h"

namespace ingot {
namespace {

// How far a kernel got through its rules (match keys in key order, then constraints in order):
// the candidate that got furthest explains a miss best.
struct Verdict {
  Status status;
  size_t rules_passed = 0;
};

void collect_names(const Expr& expr, std::set<std::string>& names) {
  const ExprNode& node = expr.root();
  if (node.kind == ExprNode::Kind::kName) names.insert(node.text);
  for (const Expr& arg : node.args) collect_names(arg, names);
}

// "K=100, M=64": the values a failed constraint looked at.
std::string bindings(const Expr& expr, const Env& env) {
  std::set<std::string> names;
  collect_names(expr, names);
  std::string text;
  for (const std::string& name : names) {
    const Value* value = env.lookup(name);
    if (!text.empty()) text += ", ";
    text += name + "=" + (value ? value_to_string(*value) : std::string("<undefined>"));
  }
  return text;
}

bool matches(const ParamValue& wanted, const Value& actual) {
  if (const auto* text = std::get_if<std::string>(&wanted)) {
    const auto* got = std::get_if<std::string>(&actual);
    return got != nullptr && *got == *text;
  }
  const int64_t number = std::holds_alternative<bool>(wanted) ? (std::get<bool>(wanted) ? 1 : 0)
                                                               : std::get<int64_t>(wanted);
  const auto* got = std::get_if<int64_t>(&actual);
  return got != nullptr && *got == number;
}

Verdict judge(const ManifestKernel& kernel, const Env& env) {
  Verdict verdict;
  auto reject = [&](std::string message) {
    verdict.status = Status(StatusCode::kNoKernel, std::move(message) + " (" + kernel.id + ")");
    return verdict;
  };
  for (const auto& [key, wanted] : kernel.match) {
    const Value* actual = env.lookup(key);
    if (actual == nullptr) return reject("the problem has no " + key + " (kernel requires " + key + "=" +
                                         param_to_string(wanted) + ")");
    if (!matches(wanted, *actual)) {
      return reject(key + "=" + value_to_string(*actual) + ": kernel requires " + key + "=" + param_to_string(wanted));
    }
    ++verdict.rules_passed;
  }
  for (const Constraint& constraint : kernel.constraints) {
    auto value = constraint.expr.evaluate(env);
    if (!value) return reject("constraint " + constraint.name + ": " + value.status().message());
    const Value& result = value.value();
    const bool holds = std::holds_alternative<int64_t>(result)  ? std::get<int64_t>(result) != 0
                       : std::holds_alternative<double>(result) ? std::get<double>(result) != 0.0
                                                                : false;
    if (!holds) {
      const std::string values = bindings(constraint.expr, env);
      return reject((values.empty() ? "" : values + ": ") + constraint.message);
    }
    ++verdict.rules_passed;
  }
  return verdict;
}

std::string format_cost(double cost) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", cost);
  return text;
}

struct Accepted {
  const ManifestKernel* kernel;
  double cost;
};

}  // namespace

Status check_kernel_accepts(const ManifestKernel& kernel, const Problem& problem, const DeviceInfo& device) {
  const ProblemEnv env(problem, &device);
  return judge(kernel, env).status;
}

Result<Selection> select(const Pack& pack, const Problem& problem, const DeviceInfo& device) {
  const auto candidates = pack.candidates(problem.op, device.arch);
  const std::string header = "no " + problem.op + " kernel for " + device.arch;
  if (candidates.empty()) {
    return Status(StatusCode::kNoKernel, header + ": the pack has no " + problem.op + " kernels for this arch");
  }
  const ProblemEnv env(problem, &device);
  std::vector<Accepted> accepted;
  Verdict closest;
  bool have_closest = false;
  for (const ManifestKernel* kernel : candidates) {  // id order, so ties below favour the smaller id
    Verdict verdict = judge(*kernel, env);
    if (verdict.status.is_ok()) {
      auto cost = kernel->cost.evaluate_number(env);
      if (cost) {
        accepted.push_back({kernel, cost.value()});
        continue;
      }
      verdict.status = Status(StatusCode::kNoKernel, "cost: " + cost.status().message() + " (" + kernel->id + ")");
    }
    if (!have_closest || verdict.rules_passed > closest.rules_passed) {
      closest = verdict;
      have_closest = true;
    }
  }
  if (accepted.empty()) return Status(StatusCode::kNoKernel, header + ": " + closest.status.message());
  std::stable_sort(accepted.begin(), accepted.end(), [](const Accepted& a, const Accepted& b) {
    if (a.cost != b.cost) return a.cost < b.cost;
    return a.kernel->id < b.kernel->id;
  });
  Selection selection;
  selection.kernel = accepted.front().kernel;
  selection.cost = accepted.front().cost;
  selection.candidates = candidates.size();
  selection.accepted = accepted.size();
  selection.why = "cost " + format_cost(selection.cost) + ", lowest of " + std::to_string(accepted.size()) + " accepted";
  if (accepted.size() > 1) {
    const Accepted& runner_up = accepted[1];
    selection.why += "; runner-up " + runner_up.kernel->id + " at " + format_cost(runner_up.cost);
    if (runner_up.cost == selection.cost) selection.why += " (tie broken by id)";
  }
  selection.why += " (" + std::to_string(candidates.size()) + " candidates)";
  return selection;
}

}  // namespace ingot
