// The op layer's generic parts: field lookup, the argument bag, and the Problem-building writer.
#include <charconv>
#include <cmath>

#include "ingot/op.h"

namespace ingot {
namespace {

Status bad_field(const Op& op, std::string_view field, const std::string& why) {
  return Status(StatusCode::kInvalidArgument, std::string(op.name()) + " " + std::string(field) + ": " + why);
}

template <typename T>
bool parse_number(std::string_view text, T& out, int base = 10) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out, base);
  return ec == std::errc() && end == text.data() + text.size();
}

bool parse_number(std::string_view text, double& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

// Decimal, or hex with a 0x prefix (device addresses are usually printed in hex).
template <typename T>
bool parse_integer(std::string_view text, T& out) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    return parse_number(text.substr(2), out, 16);
  }
  return parse_number(text, out);
}

bool parse_bool(std::string_view text, bool& out) {
  for (std::string_view yes : {"true", "1", "yes", "on"}) {
    if (text == yes) return out = true, true;
  }
  for (std::string_view no : {"false", "0", "no", "off"}) {
    if (text == no) return out = false, true;
  }
  return false;
}

std::string choices_text(const OpField& field) {
  std::string text;
  for (std::string_view choice : field.choices) text += (text.empty() ? "" : ", ") + std::string(choice);
  return text;
}

}  // namespace

const char* field_kind_name(FieldKind kind) {
  switch (kind) {
    case FieldKind::kBuffer: return "buffer";
    case FieldKind::kInt: return "int";
    case FieldKind::kFloat: return "float";
    case FieldKind::kBool: return "bool";
    case FieldKind::kKey: return "key";
  }
  return "unknown";
}

std::optional<size_t> Op::field_index(std::string_view field) const {
  const auto table = fields();
  for (size_t i = 0; i < table.size(); ++i) {
    if (table[i].name == field) return i;
  }
  return std::nullopt;
}

std::optional<size_t> Op::var_index(std::string_view var) const {
  const auto table = problem_vars();
  for (size_t i = 0; i < table.size(); ++i) {
    if (table[i].name == var) return i;
  }
  return std::nullopt;
}

std::string_view ProblemWriter::own(std::string_view value) {
  owned_.push_back(std::make_unique<std::string>(value));
  return *owned_.back();
}

Result<Problem> build_problem(const Op& op, ProblemFill fill, bool for_launch) {
  const auto vars = op.problem_vars();
  std::vector<ProblemValue> values(vars.size());
  std::vector<uint32_t> identity(vars.size());
  for (uint32_t var = 0; var < identity.size(); ++var) identity[var] = var;
  ProblemWriter writer(values.data(), identity.data(), for_launch);
  INGOT_RETURN_IF_ERROR(fill(writer));
  Problem problem{std::string(op.name())};
  for (size_t var = 0; var < vars.size(); ++var) {
    const ProblemValue& value = values[var];
    const std::string name(vars[var].name);
    switch (value.tag) {
      case ProblemValue::Tag::kAbsent: break;
      case ProblemValue::Tag::kString: problem.key(name, std::string(value.s())); break;
      case ProblemValue::Tag::kDouble: problem.scalar(name, value.d); break;
      case ProblemValue::Tag::kInt:
        if (value.buffer) {
          problem.buffer(name, static_cast<uint64_t>(value.i));
        } else {
          problem.integer(name, value.i);
        }
        break;
    }
  }
  return problem;
}

OpArgs::OpArgs(const Op& op) : op_(&op), slots_(op.fields().size()) {
  // Constant defaults, parsed once; a table whose default does not parse is caught by the registry test.
  const auto table = op.fields();
  for (size_t i = 0; i < table.size(); ++i) {
    const OpField& f = table[i];
    Slot& slot = slots_[i];
    if (f.default_value.empty()) continue;
    switch (f.kind) {
      case FieldKind::kInt: parse_integer(f.default_value, slot.integer); break;
      case FieldKind::kBuffer: {
        uint64_t address = 0;
        parse_integer(f.default_value, address);
        slot.integer = static_cast<int64_t>(address);
        break;
      }
      case FieldKind::kFloat: parse_number(f.default_value, slot.real); break;
      case FieldKind::kBool: {
        bool flag = false;
        parse_bool(f.default_value, flag);
        slot.integer = flag ? 1 : 0;
        break;
      }
      case FieldKind::kKey: slot.text = std::string(f.default_value); break;
    }
  }
}

Result<size_t> OpArgs::field(std::string_view name, FieldKind kind) const {
  auto index = op_->field_index(name);
  if (!index) {
    std::string known;
    for (const OpField& f : op_->fields()) known += (known.empty() ? "" : ", ") + std::string(f.name);
    return bad_field(*op_, name, "no such field (fields: " + known + ")");
  }
  const FieldKind actual = op_->fields()[*index].kind;
  if (actual != kind) {
    return bad_field(*op_, name, std::string("is a ") + field_kind_name(actual) + " field, not a " +
                                     field_kind_name(kind));
  }
  return *index;
}

Status OpArgs::set_int(std::string_view name, int64_t value) {
  auto index = field(name, FieldKind::kInt);
  if (!index) return index.status();
  slots_[*index].integer = value;
  slots_[*index].set = true;
  return Status::ok();
}

Status OpArgs::set_float(std::string_view name, double value) {
  auto index = op_->field_index(name);
  if (index && op_->fields()[*index].kind == FieldKind::kInt) {
    // An int field given as a number: only an exact integer is taken.
    if (!(std::trunc(value) == value && std::fabs(value) < 9.2e18)) {
      return bad_field(*op_, name, "needs an integer, got " + std::to_string(value));
    }
    return set_int(name, static_cast<int64_t>(value));
  }
  auto found = field(name, FieldKind::kFloat);
  if (!found) return found.status();
  slots_[*found].real = value;
  slots_[*found].set = true;
  return Status::ok();
}

Status OpArgs::set_bool(std::string_view name, bool value) {
  auto index = field(name, FieldKind::kBool);
  if (!index) return index.status();
  slots_[*index].integer = value ? 1 : 0;
  slots_[*index].set = true;
  return Status::ok();
}

Status OpArgs::set_key(std::string_view name, std::string_view value) {
  auto index = field(name, FieldKind::kKey);
  if (!index) return index.status();
  const OpField& f = op_->fields()[*index];
  if (!f.choices.empty()) {
    bool known = false;
    for (std::string_view choice : f.choices) known = known || choice == value;
    if (!known) return bad_field(*op_, name, "'" + std::string(value) + "' is not one of " + choices_text(f));
  }
  slots_[*index].text = std::string(value);
  slots_[*index].set = true;
  return Status::ok();
}

Status OpArgs::set_buffer(std::string_view name, uint64_t address) {
  auto index = field(name, FieldKind::kBuffer);
  if (!index) return index.status();
  slots_[*index].integer = static_cast<int64_t>(address);
  slots_[*index].set = true;
  return Status::ok();
}

Status OpArgs::set_text(std::string_view name, std::string_view text) {
  auto index = op_->field_index(name);
  if (!index) return field(name, FieldKind::kInt).status();  // the "no such field" message
  const OpField& f = op_->fields()[*index];
  auto unparsable = [&](const char* what) {
    return bad_field(*op_, name, std::string("needs ") + what + ", got '" + std::string(text) + "'");
  };
  switch (f.kind) {
    case FieldKind::kInt: {
      int64_t value = 0;
      if (!parse_integer(text, value)) return unparsable("an integer");
      return set_int(name, value);
    }
    case FieldKind::kBuffer: {
      uint64_t value = 0;
      if (!parse_integer(text, value)) return unparsable("a device address");
      return set_buffer(name, value);
    }
    case FieldKind::kFloat: {
      double value = 0;
      if (!parse_number(text, value)) return unparsable("a number");
      return set_float(name, value);
    }
    case FieldKind::kBool: {
      bool value = false;
      if (!parse_bool(text, value)) return unparsable("true or false");
      return set_bool(name, value);
    }
    case FieldKind::kKey: return set_key(name, text);
  }
  return Status(StatusCode::kInternal, "unknown field kind");
}

Status OpArgs::check_required(bool for_launch) const {
  std::string missing;
  const auto table = op_->fields();
  for (size_t i = 0; i < table.size(); ++i) {
    if (!table[i].required || slots_[i].set) continue;
    if (table[i].kind == FieldKind::kBuffer && !for_launch) continue;
    missing += (missing.empty() ? "" : ", ") + std::string(table[i].name);
  }
  if (missing.empty()) return Status::ok();
  return Status(StatusCode::kInvalidArgument, std::string(op_->name()) + ": required field(s) not set: " + missing);
}

}  // namespace ingot
