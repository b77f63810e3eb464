// `validate`'s launch-rule check: each kernel's grid, dynamic LDS, workspace and cost evaluated at
// representative problem sizes, so a rule that yields an impossible launch or fails to evaluate is found
// at validation rather than at a user's call (where selection would skip the kernel silently).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "expr/expr_node.h"
#include "ingot/tooling/arch.h"
#include "ingot/problem.h"
#include "ingot/tooling/select.h"
#include "validate/checks.h"

namespace ingot::validation {
namespace {

// Sizes every free integer of a kernel's rules takes at once: small, odd, tile-sized and large problems.
// All equal so relations such as lda >= K hold (names a constraint pins to a constant take it); a size
// the kernel's constraints refuse is not evaluated.
constexpr int64_t kRepresentativeSizes[] = {1, 64, 100, 128, 1024, 8192};
// Device sizes the rules see through `cus` (MI308X, MI300X/MI355X-like counts).
constexpr int64_t kRepresentativeCus[] = {80, 256, 304};
constexpr std::string_view kDeviceNames[] = {"cus", "max_lds", "wavefront_size", "xcds", "clock_mhz"};
// HSA dispatch packets carry the grid in work-items as a uint32 per dimension.
constexpr uint64_t kMaxGridWorkItems = std::numeric_limits<uint32_t>::max();
constexpr const char* kAxis[] = {"x", "y", "z"};

void collect_names(const Expr& expr, std::set<std::string>& names) {
  const ExprNode& node = expr.root();
  if (node.kind == ExprNode::Kind::kName) names.insert(node.text);
  for (const Expr& arg : node.args) collect_names(arg, names);
}

// Names a constraint pins to one value (["eq", name, constant], also inside "and"): head dims, rope
// dims, alpha == 1, a fixed window. Those take that value; every other size varies.
void collect_pins(const Expr& expr, std::map<std::string, int64_t>& pins) {
  const ExprNode& node = expr.root();
  if (node.kind != ExprNode::Kind::kOp) return;
  if (node.op == ExprOp::kAnd) {
    for (const Expr& arg : node.args) collect_pins(arg, pins);
  } else if (node.op == ExprOp::kEq && node.args.size() == 2) {
    const ExprNode& a = node.args[0].root();
    const ExprNode& b = node.args[1].root();
    if (a.kind == ExprNode::Kind::kName && b.kind == ExprNode::Kind::kInt) pins.emplace(a.text, b.int_value);
    if (b.kind == ExprNode::Kind::kName && a.kind == ExprNode::Kind::kInt) pins.emplace(b.text, a.int_value);
  }
}

// The integer names the kernel's rules read that neither its match nor the device supplies.
std::set<std::string> free_sizes(const ManifestKernel& kernel) {
  std::set<std::string> names;
  for (const Expr& e : kernel.launch.grid) collect_names(e, names);
  collect_names(kernel.launch.dynamic_lds, names);
  collect_names(kernel.launch.workspace, names);
  collect_names(kernel.cost, names);
  for (const Constraint& c : kernel.constraints) collect_names(c.expr, names);
  for (const auto& [key, value] : kernel.match) names.erase(key);
  for (std::string_view device : kDeviceNames) names.erase(std::string(device));
  return names;
}

Problem problem_at(const ManifestKernel& kernel, const std::set<std::string>& sizes,
                   const std::map<std::string, int64_t>& pins, int64_t size) {
  Problem problem(kernel.op);
  for (const auto& [key, value] : kernel.match) {
    if (const auto* text = std::get_if<std::string>(&value)) {
      problem.key(key, *text);
    } else if (const auto* flag = std::get_if<bool>(&value)) {
      problem.integer(key, *flag ? 1 : 0);
    } else {
      problem.integer(key, std::get<int64_t>(value));
    }
  }
  for (const std::string& name : sizes) {
    auto pin = pins.find(name);
    problem.integer(name, pin == pins.end() ? size : pin->second);
  }
  return problem;
}

}  // namespace

void check_launch_rules(const ManifestKernel& kernel, std::vector<ValidationIssue>& issues) {
  const ArchInfo* arch = find_arch(kernel.arch);
  if (arch == nullptr) return;  // reported by the file checks
  const std::set<std::string> sizes = free_sizes(kernel);
  std::map<std::string, int64_t> pins;
  for (const Constraint& c : kernel.constraints) collect_pins(c.expr, pins);
  std::set<std::string> reported;  // one issue per rule, at the first size that breaks it
  auto add = [&](const std::string& rule, const std::string& at, const std::string& what) {
    if (reported.insert(rule).second) issues.push_back({kernel.id, rule + " " + what + " at " + at});
  };
  for (int64_t cus : kRepresentativeCus) {
    DeviceInfo device;
    device.arch = std::string(arch->name);
    device.cus = cus;
    device.max_lds = arch->lds_bytes;
    device.wavefront_size = arch->wavefront_size;
    for (int64_t size : kRepresentativeSizes) {
      const Problem problem = problem_at(kernel, sizes, pins, size);
      if (!check_kernel_accepts(kernel, problem, device).is_ok()) continue;  // not a problem this kernel takes
      const ProblemEnv env(problem, &device);
      const std::string at = (sizes.empty() ? std::string("any size") : "sizes " + std::to_string(size)) +
                             ", cus " + std::to_string(cus);
      for (size_t axis = 0; axis < 3; ++axis) {
        const std::string rule = std::string("launch.grid.") + kAxis[axis];
        auto blocks = kernel.launch.grid[axis].evaluate_int(env);
        if (!blocks) {
          add(rule, at, "fails: " + blocks.status().message());
        } else if (blocks.value() < 1) {
          add(rule, at, "is " + std::to_string(blocks.value()) + " workgroups");
        } else if (static_cast<uint64_t>(blocks.value()) > kMaxGridWorkItems / std::max(kernel.launch.workgroup[axis], 1u)) {
          add(rule, at, "is " + std::to_string(blocks.value()) + " workgroups of " +
                            std::to_string(kernel.launch.workgroup[axis]) + ", over the 2^32-1 work-items a dispatch takes");
        }
      }
      if (auto lds = kernel.launch.dynamic_lds.evaluate_int(env); !lds) {
        add("launch.dynamic_lds", at, "fails: " + lds.status().message());
      } else if (lds.value() < 0) {
        add("launch.dynamic_lds", at, "is negative (" + std::to_string(lds.value()) + " bytes)");
      } else if (static_cast<uint64_t>(lds.value()) + kernel.resources.lds > arch->lds_bytes) {
        add("launch.dynamic_lds", at, "is " + std::to_string(lds.value()) + " bytes; with the static " +
                                          std::to_string(kernel.resources.lds) + " that is over " +
                                          std::string(arch->name) + "'s " + std::to_string(arch->lds_bytes));
      }
      if (auto workspace = kernel.launch.workspace.evaluate_int(env); !workspace) {
        add("launch.workspace", at, "fails: " + workspace.status().message());
      } else if (workspace.value() < 0) {
        add("launch.workspace", at, "is negative (" + std::to_string(workspace.value()) + " bytes)");
      }
      if (auto cost = kernel.cost.evaluate_number(env); !cost) {
        add("cost", at, "fails: " + cost.status().message());
      } else if (!std::isfinite(cost.value())) {
        add("cost", at, "is not a finite number");
      }
    }
  }
}

}  // namespace ingot::validation
