// The compiled form of expr_eval.cpp: the same operators, promotions, overflow and division rules, over
// slot indexes instead of names. tests/loader/compiled_expr_test.cpp holds the two to the same answers.
#include "dispatch/compiled_expr.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace ingot::dispatch {
namespace {

using Tag = Slot::Tag;

bool is_number(const Slot& v) { return v.tag == Tag::kInt || v.tag == Tag::kDouble; }
double as_double(const Slot& v) { return v.tag == Tag::kInt ? static_cast<double>(v.i) : v.d; }

bool truth(const Slot& v, bool& out) {
  if (!is_number(v)) return false;
  out = v.tag == Tag::kInt ? v.i != 0 : v.d != 0.0;
  return true;
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

bool integer_binary(ExprOp op, int64_t a, int64_t b, Slot& out) {
  int64_t r = 0;
  switch (op) {
    case ExprOp::kAdd: if (__builtin_add_overflow(a, b, &r)) return false; break;
    case ExprOp::kSub: if (__builtin_sub_overflow(a, b, &r)) return false; break;
    case ExprOp::kMul: if (__builtin_mul_overflow(a, b, &r)) return false; break;
    case ExprOp::kDiv:
    case ExprOp::kMod:
      if (b == 0 || (a == std::numeric_limits<int64_t>::min() && b == -1)) return false;
      r = op == ExprOp::kDiv ? floor_div(a, b) : floor_mod(a, b);
      break;
    case ExprOp::kCeilDiv:
    case ExprOp::kRoundUp: {
      if (b <= 0) return false;
      int64_t q = floor_div(a, b);
      if (a % b != 0) ++q;  // not q * b != a: for a near INT64_MIN the product overflows
      if (op == ExprOp::kCeilDiv) {
        r = q;
      } else if (__builtin_mul_overflow(q, b, &r)) {
        return false;
      }
      break;
    }
    case ExprOp::kMin: r = std::min(a, b); break;
    case ExprOp::kMax: r = std::max(a, b); break;
    default: return false;
  }
  out = Slot::of_int(r);
  return true;
}

bool float_binary(ExprOp op, double a, double b, Slot& out) {
  double r = 0.0;
  switch (op) {
    case ExprOp::kAdd: r = a + b; break;
    case ExprOp::kSub: r = a - b; break;
    case ExprOp::kMul: r = a * b; break;
    case ExprOp::kDiv:
      if (b == 0.0) return false;
      r = a / b;
      break;
    case ExprOp::kMod:
      if (b == 0.0) return false;
      r = a - std::floor(a / b) * b;
      break;
    case ExprOp::kCeilDiv:
    case ExprOp::kRoundUp: {
      if (!(b > 0.0)) return false;
      const double q = std::ceil(a / b);
      r = op == ExprOp::kCeilDiv ? q : q * b;
      break;
    }
    case ExprOp::kMin: r = std::min(a, b); break;
    case ExprOp::kMax: r = std::max(a, b); break;
    default: return false;
  }
  out = Slot::of_double(r);
  return true;
}

bool arithmetic(ExprOp op, const Slot& a, const Slot& b, Slot& out) {
  if (!is_number(a) || !is_number(b)) return false;
  if (a.tag == Tag::kInt && b.tag == Tag::kInt) return integer_binary(op, a.i, b.i, out);
  return float_binary(op, as_double(a), as_double(b), out);
}

bool compare(ExprOp op, const Slot& a, const Slot& b, Slot& out) {
  int order = 0;
  if (!is_number(a) || !is_number(b)) {
    if (is_number(a) != is_number(b)) {
      if (op == ExprOp::kEq) return out = Slot::of_int(0), true;
      if (op == ExprOp::kNe) return out = Slot::of_int(1), true;
      return false;
    }
    const int c = a.s().compare(b.s());
    order = (c > 0) - (c < 0);
  } else if (a.tag == Tag::kInt && b.tag == Tag::kInt) {
    order = (a.i > b.i) - (a.i < b.i);
  } else {
    const double x = as_double(a), y = as_double(b);
    if (std::isnan(x) || std::isnan(y)) return out = Slot::of_int(op == ExprOp::kNe ? 1 : 0), true;
    order = (x > y) - (x < y);
  }
  bool result = false;
  switch (op) {
    case ExprOp::kEq: result = order == 0; break;
    case ExprOp::kNe: result = order != 0; break;
    case ExprOp::kLt: result = order < 0; break;
    case ExprOp::kLe: result = order <= 0; break;
    case ExprOp::kGt: result = order > 0; break;
    case ExprOp::kGe: result = order >= 0; break;
    default: return false;
  }
  out = Slot::of_int(result ? 1 : 0);
  return true;
}

bool is_comparison(ExprOp op) {
  return op == ExprOp::kEq || op == ExprOp::kNe || op == ExprOp::kLt || op == ExprOp::kLe || op == ExprOp::kGt ||
         op == ExprOp::kGe;
}

}  // namespace

uint32_t SlotNames::intern(std::string_view name) {
  auto found = index_.find(name);
  if (found != index_.end()) return found->second;
  const auto slot = static_cast<uint32_t>(names_.size());
  names_.emplace_back(name);
  index_.emplace(std::string(name), slot);
  return slot;
}

std::optional<uint32_t> SlotNames::find(std::string_view name) const {
  auto found = index_.find(name);
  if (found == index_.end()) return std::nullopt;
  return found->second;
}

// Values of shared nodes, stamped with the evaluation that computed them (no clearing between calls).
struct CompiledExpr::Memo {
  std::vector<Slot> values;
  std::vector<uint64_t> stamps;
  uint64_t generation = 0;
};

CompiledExpr CompiledExpr::compile(const Expr& expr, SlotNames& names) {
  CompiledExpr compiled;
  const ExprNode& root = expr.root();
  if (root.kind != ExprNode::Kind::kOp) {  // a bare name or a constant (most kernel arguments): one node
    Node leaf;
    leaf.kind = root.kind;
    leaf.int_value = root.int_value;
    leaf.double_value = root.double_value;
    if (root.kind == ExprNode::Kind::kName) leaf.slot = names.intern(root.text);
    compiled.nodes_.push_back(leaf);
    return compiled;
  }
  Seen seen;
  compiled.root_ = compiled.add(root, names, seen);
  return compiled;
}

namespace {

// Folds one word into a hash: a multiply by the 64-bit golden ratio and a shift to bring the high
// bits (which the multiply mixes best) down to the table index. Equal keys are compared in full.
uint64_t mix(uint64_t hash, uint64_t word) {
  hash = (hash ^ word) * 0x9e3779b97f4a7c15ull;
  return hash ^ (hash >> 29);
}

}  // namespace

void CompiledExpr::FlatIndex::insert(uint64_t key, uint32_t value) {
  if (2 * (used_ + 1) > entries_.size()) {  // keep at most half full: probes stay short
    std::vector<Entry> old = std::move(entries_);
    entries_.assign(std::max<size_t>(64, 2 * old.size()), Entry{});  // 64: most expressions never grow it
    used_ = 0;
    for (const Entry& entry : old) {
      if (entry.value != kEmpty) insert(entry.key, entry.value);
    }
  }
  const size_t mask = entries_.size() - 1;
  size_t slot = static_cast<size_t>(mix(0xcbf29ce484222325ull, key)) & mask;
  while (entries_[slot].value != kEmpty) slot = (slot + 1) & mask;
  entries_[slot] = Entry{key, value};
  ++used_;
}

template <typename Visit>
std::optional<uint32_t> CompiledExpr::FlatIndex::find_if(uint64_t key, Visit visit) const {
  if (entries_.empty()) return std::nullopt;
  const size_t mask = entries_.size() - 1;
  for (size_t slot = static_cast<size_t>(mix(0xcbf29ce484222325ull, key)) & mask; entries_[slot].value != kEmpty;
       slot = (slot + 1) & mask) {
    if (entries_[slot].key == key && visit(entries_[slot].value)) return entries_[slot].value;
  }
  return std::nullopt;
}

std::optional<uint32_t> CompiledExpr::find_equal(const Node& out, const uint32_t* args, uint64_t hash,
                                                 const Seen& seen) const {
  return seen.by_structure.find_if(hash, [&](uint32_t index) {
    const Node& known = nodes_[index];
    return known.kind == out.kind && known.op == out.op && known.int_value == out.int_value &&
           std::bit_cast<int64_t>(known.double_value) == std::bit_cast<int64_t>(out.double_value) &&
           known.slot == out.slot && known.child_count == out.child_count &&
           std::equal(args, args + out.child_count, children_.begin() + known.first_child);
  });
}

uint32_t CompiledExpr::add(const ExprNode& node, SlotNames& names, Seen& seen) {
  const auto address = reinterpret_cast<uint64_t>(&node);
  if (auto known = seen.by_node.find_if(address, [](uint32_t) { return true; })) {
    nodes_[*known].shared = true;
    return *known;
  }
  Node out;
  out.kind = node.kind;
  out.op = node.op;
  out.int_value = node.int_value;
  out.double_value = node.double_value;
  if (node.kind == ExprNode::Kind::kName) out.slot = names.intern(node.text);
  // The children's indexes: on the stack for the usual few, on the heap for a long variadic list.
  constexpr size_t kInlineArgs = 8;
  uint32_t inline_args[kInlineArgs];
  std::vector<uint32_t> heap_args;
  uint32_t* args = inline_args;
  if (node.args.size() > kInlineArgs) {
    heap_args.resize(node.args.size());
    args = heap_args.data();
  }
  for (size_t i = 0; i < node.args.size(); ++i) args[i] = add(node.args[i].root(), names, seen);
  out.child_count = static_cast<uint32_t>(node.args.size());
  // The node's identity: kind, operator, constant bits, slot and (already unique) children.
  uint64_t hash = 0xcbf29ce484222325ull;
  for (uint64_t word : {static_cast<uint64_t>(out.kind), static_cast<uint64_t>(out.op),
                        static_cast<uint64_t>(out.int_value), std::bit_cast<uint64_t>(out.double_value),
                        static_cast<uint64_t>(out.slot)}) {
    hash = mix(hash, word);
  }
  for (uint32_t i = 0; i < out.child_count; ++i) hash = mix(hash, args[i]);
  if (auto equal = find_equal(out, args, hash, seen)) {
    seen.by_node.insert(address, *equal);
    nodes_[*equal].shared = true;
    return *equal;
  }
  const auto index = static_cast<uint32_t>(nodes_.size());
  out.first_child = static_cast<uint32_t>(children_.size());
  children_.insert(children_.end(), args, args + out.child_count);
  nodes_.push_back(out);
  seen.by_structure.insert(hash, index);
  seen.by_node.insert(address, index);
  return index;
}

bool CompiledExpr::evaluate(const Slot* frame, Slot& out) const {
  thread_local Memo memo;
  if (memo.values.size() < nodes_.size()) {
    memo.values.resize(nodes_.size());
    memo.stamps.resize(nodes_.size(), 0);
  }
  ++memo.generation;
  return evaluate_node(root_, frame, memo, out);
}

std::optional<uint32_t> CompiledExpr::bare_slot() const {
  const Node& root = nodes_[root_];
  if (root.kind != ExprNode::Kind::kName) return std::nullopt;
  return root.slot;
}

void CompiledExpr::collect_slots(std::vector<uint32_t>& slots) const {
  for (const Node& node : nodes_) {
    if (node.kind == ExprNode::Kind::kName) slots.push_back(node.slot);
  }
}

bool CompiledExpr::evaluate_node(uint32_t index, const Slot* frame, Memo& memo, Slot& out) const {
  const Node& node = nodes_[index];
  switch (node.kind) {
    case ExprNode::Kind::kInt: out = Slot::of_int(node.int_value); return true;
    case ExprNode::Kind::kDouble: out = Slot::of_double(node.double_value); return true;
    case ExprNode::Kind::kName:
      out = frame[node.slot];
      return out.tag != Tag::kAbsent;
    case ExprNode::Kind::kOp:
      if (!node.shared) return evaluate_op(node, frame, memo, out);
      if (memo.stamps[index] == memo.generation) {
        out = memo.values[index];
        return true;
      }
      // A failure ends the whole evaluation (no operator catches one), so only successes are kept.
      if (!evaluate_op(node, frame, memo, out)) return false;
      memo.values[index] = out;
      memo.stamps[index] = memo.generation;
      return true;
  }
  return false;
}

bool CompiledExpr::evaluate_op(const Node& node, const Slot* frame, Memo& memo, Slot& out) const {
  const uint32_t* args = children_.data() + node.first_child;
  switch (node.op) {
    case ExprOp::kAnd:
    case ExprOp::kOr: {
      const bool is_and = node.op == ExprOp::kAnd;
      for (uint32_t i = 0; i < node.child_count; ++i) {  // short-circuit, as the interpreter
        Slot value;
        bool flag = false;
        if (!evaluate_node(args[i], frame, memo, value) || !truth(value, flag)) return false;
        if (flag != is_and) return out = Slot::of_int(is_and ? 0 : 1), true;
      }
      out = Slot::of_int(is_and ? 1 : 0);
      return true;
    }
    case ExprOp::kNot: {
      Slot value;
      bool flag = false;
      if (!evaluate_node(args[0], frame, memo, value) || !truth(value, flag)) return false;
      out = Slot::of_int(flag ? 0 : 1);
      return true;
    }
    case ExprOp::kIf: {
      Slot cond;
      bool flag = false;
      if (!evaluate_node(args[0], frame, memo, cond) || !truth(cond, flag)) return false;
      return evaluate_node(args[flag ? 1 : 2], frame, memo, out);
    }
    default: break;
  }
  Slot acc;
  if (!evaluate_node(args[0], frame, memo, acc)) return false;
  for (uint32_t i = 1; i < node.child_count; ++i) {
    Slot next;
    if (!evaluate_node(args[i], frame, memo, next)) return false;
    if (is_comparison(node.op)) return compare(node.op, acc, next, out);
    Slot combined;
    if (!arithmetic(node.op, acc, next, combined)) return false;
    acc = combined;
  }
  out = acc;
  return true;
}

}  // namespace ingot::dispatch
