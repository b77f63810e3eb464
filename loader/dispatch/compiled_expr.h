// Manifest expressions compiled once (at Pack::open) against a pack-wide table of variable slots, so a
// call evaluates them over a flat array of values: no string-keyed lookup, no allocation, no messages.
// Semantics are the interpreter's (expr_eval.cpp) exactly; a failed evaluation only says "failed", and
// the caller asks the interpreter for the reason when someone needs it. Private to libingot.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "expr/expr_node.h"
#include "ingot/op.h"

namespace ingot::dispatch {

// One variable's value in a call's frame: what an op's ProblemWriter writes (ingot/op.h).
using Slot = ProblemValue;

static_assert(sizeof(Slot) == 16 && offsetof(Slot, i) == 8, "a slot is a head word and a value word");
// A slot's first 8 bytes (tag, buffer flag, string length; no padding) as one word: one compare tells
// its kind apart.
inline uint64_t head_word(const Slot& slot) {
  uint64_t word = 0;
  std::memcpy(&word, &slot, sizeof word);
  return word;
}

// Variable names to slot indexes, shared by every compiled expression of a pack.
class SlotNames {
 public:
  uint32_t intern(std::string_view name);
  std::optional<uint32_t> find(std::string_view name) const;
  const std::string& name(uint32_t slot) const { return names_[slot]; }
  size_t size() const { return names_.size(); }

 private:
  std::map<std::string, uint32_t, std::less<>> index_;
  std::vector<std::string> names_;
};

class CompiledExpr {
 public:
  CompiledExpr() = default;
  static CompiledExpr compile(const Expr& expr, SlotNames& names);

  // The value over `frame`, or false when the interpreter would report an error.
  bool evaluate(const Slot* frame, Slot& out) const;
  // The slot when the expression is a bare name (most kernel arguments: copy, no evaluation).
  std::optional<uint32_t> bare_slot() const;
  // Every slot the expression reads.
  void collect_slots(std::vector<uint32_t>& slots) const;

 private:
  struct Node {
    ExprNode::Kind kind = ExprNode::Kind::kInt;
    ExprOp op = ExprOp::kAdd;
    uint32_t first_child = 0;  // into children_
    uint32_t child_count = 0;
    uint32_t slot = 0;  // kName
    int64_t int_value = 0;
    double double_value = 0.0;
    bool shared = false;  // a subtree the expression repeats: evaluated once per evaluation, then reused
  };
  struct Memo;  // per-thread values of shared nodes during one evaluation
  // Nodes already added: by identity (a tree from the manifest's shared definitions is one object,
  // met again without walking it) and by structure (identical subtrees spelt out twice).
  // key -> node index, open addressing in one array: an expression has tens to hundreds of nodes, and a
  // pack compiles thousands of expressions, so a node allocation per entry is most of the cost.
  class FlatIndex {
   public:
    void insert(uint64_t key, uint32_t value);
    // Calls `visit(value)` for each entry with `key` until it returns true; returns that value.
    template <typename Visit>
    std::optional<uint32_t> find_if(uint64_t key, Visit visit) const;

   private:
    struct Entry {
      uint64_t key = 0;
      uint32_t value = kEmpty;
    };
    static constexpr uint32_t kEmpty = UINT32_MAX;
    std::vector<Entry> entries_;
    size_t used_ = 0;
  };
  struct Seen {
    FlatIndex by_node;       // ExprNode address -> node index
    FlatIndex by_structure;  // structure hash -> node index
  };
  uint32_t add(const ExprNode& node, SlotNames& names, Seen& seen);
  // The index of a node equal to `out` with children `args` (already unique), or none.
  std::optional<uint32_t> find_equal(const Node& out, const uint32_t* args, uint64_t hash, const Seen& seen) const;
  bool evaluate_node(uint32_t index, const Slot* frame, Memo& memo, Slot& out) const;
  bool evaluate_op(const Node& node, const Slot* frame, Memo& memo, Slot& out) const;

  // Identical subtrees are one node (the generator spells a split count out in full wherever it is
  // used: one cost expression repeats a subtree tens of times).
  std::vector<Node> nodes_;
  std::vector<uint32_t> children_;
  uint32_t root_ = 0;
};

}  // namespace ingot::dispatch
