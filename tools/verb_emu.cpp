// ingot emu FILE.co: run any code object's kernel on the emulator, so a kernel author can try their own
// assembly without a GPU. Arguments are placed at the offsets the code object's metadata gives for
// their names (nothing here knows a kernel's layout); buffers come from and go to files.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>

#include "cli_common.h"
#include "emu_args.h"
#include "ingot/code_object.h"
#include "ingot_emu/emulator.h"
#include "verbs.h"

namespace ingot::cli {
namespace {

Result<std::vector<uint8_t>> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status(StatusCode::kIoError, "cannot read '" + path + "'");
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

Status write_file(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) return Status(StatusCode::kIoError, "cannot write '" + path + "'");
  return Status::ok();
}

void put_le(std::vector<uint8_t>& kernarg, uint32_t offset, uint32_t size, uint64_t value) {
  for (uint32_t i = 0; i < size && i < 8; ++i) kernarg[offset + i] = static_cast<uint8_t>(value >> (8 * i));
}

// Hidden arguments the runtime fills on a real launch (LLVM AMDGPUUsage, code object v5 "hidden"
// kinds): values derived from the launch shape. Others (heap, printf, queue pointers) stay 0.
std::optional<uint64_t> hidden_value(std::string_view kind, const emu::LaunchConfig& config) {
  const uint32_t grid[3] = {config.grid.x, config.grid.y, config.grid.z};
  const uint32_t block[3] = {config.workgroup.x, config.workgroup.y, config.workgroup.z};
  static constexpr std::string_view kAxes = "xyz";
  for (size_t axis = 0; axis < 3; ++axis) {
    const std::string suffix = std::string("_") + kAxes[axis];
    if (kind == "hidden_block_count" + suffix) return grid[axis];
    if (kind == "hidden_group_size" + suffix) return block[axis];
    if (kind == "hidden_remainder" + suffix) return 0;  // the grid is whole workgroups
  }
  if (kind == "hidden_grid_dims") return config.grid.z > 1 ? 3 : config.grid.y > 1 ? 2 : 1;
  return std::nullopt;
}

// A device buffer bound to one argument, and where its contents go after the run.
struct BoundBuffer {
  uint64_t address = 0;
  uint64_t bytes = 0;
  std::string out_file;  // empty: input only
};

Result<int> run(const ParsedArgs& args) {
  const std::string& path = args.positionals.front();
  auto bytes = read_file(path);
  if (!bytes) return bytes.status();
  auto co = read_code_object(bytes.value());
  if (!co) return Status(co.status().code(), path + ": " + co.status().message());
  const CodeObject& code = co.value();

  const CodeObjectKernel* kernel = nullptr;
  if (const std::string* name = args.get("kernel")) {
    kernel = code.find_kernel(*name);
    if (kernel == nullptr) return Status(StatusCode::kNotFound, path + ": no kernel '" + *name + "'");
  } else if (code.kernels.size() == 1) {
    kernel = &code.kernels.front();
  } else {
    return Status(StatusCode::kInvalidArgument, "ingot emu: " + path + " has " + std::to_string(code.kernels.size()) +
                                                    " kernels: name one with --kernel");
  }
  const KernelMetadata& meta = kernel->metadata;

  const std::string arch = args.get("arch") ? *args.get("arch") : code.arch;
  auto target = emu::parse_target(arch);
  if (!target) return Status(StatusCode::kUnsupported, "the emulator does not model arch '" + arch + "' (gfx942 or gfx950)");
  emu::EmulatorOptions options;
  options.target = *target;
  emu::Emulator emulator(options);

  emu::LaunchConfig config;
  for (auto [option, dim] : {std::pair{"grid", &config.grid}, std::pair{"block", &config.workgroup}}) {
    const std::string* text = args.get(option);
    if (text == nullptr) return Status(StatusCode::kInvalidArgument, std::string("ingot emu: --") + option + " is required");
    auto dims = parse_dims(option, *text);
    if (!dims) return dims.status();
    *dim = {dims.value()[0], dims.value()[1], dims.value()[2]};
  }
  if (const std::string* lds = args.get("lds")) {
    auto parsed = parse_dims("lds", *lds);  // one positive integer
    if (!parsed || lds->find(',') != std::string::npos) {
      return Status(StatusCode::kInvalidArgument, "ingot emu: --lds expects a byte count, got '" + *lds + "'");
    }
    config.dynamic_lds = parsed.value()[0];
  }

  uint32_t kernarg_bytes = meta.kernarg_segment_size;
  for (const auto& a : meta.args) kernarg_bytes = std::max(kernarg_bytes, a.offset + a.size);
  std::vector<uint8_t> kernarg(kernarg_bytes, 0);
  std::vector<BoundBuffer> buffers;
  std::vector<bool> given(meta.args.size(), false);
  for (const auto& [param, value] : args.params) {
    if (param != "arg") return Status(StatusCode::kInvalidArgument, "ingot emu: unknown option --" + param + " (see: ingot emu --help)");
    auto parsed = parse_emu_arg(value);
    if (!parsed) return parsed.status();
    const EmuArg& arg = parsed.value();
    size_t index = 0;
    while (index < meta.args.size() && meta.args[index].name != arg.name) ++index;
    if (index == meta.args.size()) return Status(StatusCode::kInvalidArgument, "ingot emu: kernel " + meta.name + " has no argument '" + arg.name + "'");
    const KernelArgMetadata& slot = meta.args[index];
    given[index] = true;
    if (arg.kind == EmuArg::Kind::kScalar) {
      if (arg.scalar.size() != slot.size) {
        return Status(StatusCode::kInvalidArgument, "ingot emu: argument '" + arg.name + "' is " + std::to_string(slot.size) +
                                                        " bytes, the value given is " + std::to_string(arg.scalar.size()));
      }
      std::copy(arg.scalar.begin(), arg.scalar.end(), kernarg.begin() + slot.offset);
      continue;
    }
    if (slot.size != 8) return Status(StatusCode::kInvalidArgument, "ingot emu: argument '" + arg.name + "' is not a pointer (" + std::to_string(slot.size) + " bytes)");
    std::vector<uint8_t> contents;
    if (arg.kind == EmuArg::Kind::kOutput) {
      contents.assign(arg.out_bytes, 0);
    } else {
      auto data = read_file(arg.in_file);
      if (!data) return data.status();
      contents = std::move(data).value();
    }
    BoundBuffer buffer;
    buffer.bytes = contents.size();
    buffer.out_file = arg.out_file;
    auto address = emulator.allocate(std::max<uint64_t>(buffer.bytes, 1));
    if (!address) return address.status();
    buffer.address = address.value();
    buffers.push_back(buffer);
    INGOT_RETURN_IF_ERROR(emulator.copy_to_device(buffer.address, contents.data(), contents.size()));
    put_le(kernarg, slot.offset, 8, buffer.address);
  }
  for (size_t i = 0; i < meta.args.size(); ++i) {
    if (given[i]) continue;
    const KernelArgMetadata& slot = meta.args[i];
    if (auto value = hidden_value(slot.value_kind, config)) {
      put_le(kernarg, slot.offset, slot.size, *value);
    } else if (!slot.value_kind.starts_with("hidden_")) {
      return Status(StatusCode::kInvalidArgument, "ingot emu: argument '" + slot.name + "' (" + slot.value_kind + ", offset " +
                                                      std::to_string(slot.offset) + ") needs --arg " + slot.name + "=...");
    }
  }

  auto module = emulator.load_module(bytes.value());
  if (!module) return Status(module.status().code(), path + ": " + module.status().message());
  config.kernarg = kernarg;
  auto profile = emulator.launch(module.value(), meta.name, config);
  if (!profile) return profile.status();
  std::cout << "ran " << meta.name << " (" << emu::target_name(*target) << "): grid [" << config.grid.x << ","
            << config.grid.y << "," << config.grid.z << "] x block [" << config.workgroup.x << "," << config.workgroup.y
            << "," << config.workgroup.z << "]\n";
  for (const BoundBuffer& buffer : buffers) {
    if (buffer.out_file.empty()) continue;
    std::vector<uint8_t> out(buffer.bytes);
    INGOT_RETURN_IF_ERROR(emulator.copy_to_host(out.data(), buffer.address, out.size()));
    INGOT_RETURN_IF_ERROR(write_file(buffer.out_file, out));
    std::cout << "wrote " << buffer.out_file << " (" << out.size() << " bytes)\n";
  }
  if (args.has("profile")) std::cout << "\n" << profile.value().to_text();
  return kExitOk;
}

}  // namespace

int run_emu(const ParsedArgs& args) {
  auto result = run(args);
  if (!result) return report_failure(result.status());
  return result.value();
}

}  // namespace ingot::cli
