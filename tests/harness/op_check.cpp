#include "op_check.h"

namespace ingot::harness {

std::string KernelShape::describe() const {
  std::string text = name + ":";
  for (const auto& [option, value] : options) text += " " + option + "=" + value;
  return text;
}

const OpCheck* find_op_check(std::string_view op) {
  for (const OpCheck* check : op_checks()) {
    if (check->op() == op) return check;
  }
  return nullptr;
}

Result<SelectedRun> run_selected(const Pack& pack, ModuleCache& modules, Device& device, HostCase& hc,
                                 const std::function<void(const Selection&)>& on_selected) {
  auto selection = select(pack, hc.problem, device.info());
  if (!selection) return selection.status();
  if (on_selected) on_selected(selection.value());
  auto failures = run_forced(*selection.value().kernel, modules, device, hc);
  if (!failures) return failures.status();
  return SelectedRun{selection.value(), std::move(failures.value())};
}

}  // namespace ingot::harness
