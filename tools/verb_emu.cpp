// ingot emu FILE.co: run any code object's kernel on the emulator, so a kernel author can try their own
// assembly without a GPU. Arguments are packed by name against the code object's own metadata
// (pack_raw_kernargs, ingot/tooling/raw_launch.h: nothing here knows a kernel's layout), or given as one raw
// kernarg blob with buffers placed at byte offsets (place_raw_kernarg_blob: AMD's kernels, whose metadata
// names its slots `pad` or declares one struct); buffers come from and go to files.
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include "cli_common.h"
#include "emu_args.h"
#include "ingot/tooling/code_object.h"
#include "ingot/tooling/raw_launch.h"
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
  if (const std::string* mode = args.get("wait-states")) {
    static constexpr std::pair<std::string_view, emu::WaitStateMode> kModes[] = {
        {"strict", emu::WaitStateMode::kStrict}, {"error", emu::WaitStateMode::kError},
        {"warn", emu::WaitStateMode::kWarn}, {"off", emu::WaitStateMode::kOff}};
    const auto* found = std::find_if(std::begin(kModes), std::end(kModes), [&](const auto& m) { return m.first == *mode; });
    if (found == std::end(kModes)) {
      return Status(StatusCode::kInvalidArgument, "ingot emu: --wait-states expects strict, error, warn or off, got '" + *mode + "'");
    }
    options.wait_states = found->second;
  }
  if (const std::string* limit = args.get("max-instructions")) {
    uint64_t n = 0;
    auto [ptr, ec] = std::from_chars(limit->data(), limit->data() + limit->size(), n);
    if (limit->empty() || ec != std::errc() || ptr != limit->data() + limit->size() || n == 0) {
      return Status(StatusCode::kInvalidArgument, "ingot emu: --max-instructions expects a positive count, got '" + *limit + "'");
    }
    options.max_instructions_per_wave = n;
  }
  if (const std::string* timeout = args.get("timeout")) {
    double seconds = 0;
    auto [ptr, ec] = std::from_chars(timeout->data(), timeout->data() + timeout->size(), seconds);
    if (timeout->empty() || ec != std::errc() || ptr != timeout->data() + timeout->size() || !(seconds > 0) ||
        seconds > 1e6) {
      return Status(StatusCode::kInvalidArgument,
                    "ingot emu: --timeout expects seconds above 0 and up to 1e6, got '" + *timeout + "'");
    }
    options.timeout_seconds = seconds;
  }
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
    auto [ptr, ec] = std::from_chars(lds->data(), lds->data() + lds->size(), config.dynamic_lds);
    if (lds->empty() || ec != std::errc() || ptr != lds->data() + lds->size()) {
      return Status(StatusCode::kInvalidArgument, "ingot emu: --lds expects a byte count, got '" + *lds + "'");
    }
  }
  config.keep_hidden_args = args.has("keep-hidden");

  std::vector<BoundBuffer> buffers;
  // A buffer argument's device copy (from its file, or zero-filled), remembered for writing back.
  auto bind_buffer = [&](const EmuArg& arg) -> Result<uint64_t> {
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
    return buffer.address;
  };

  const std::string* blob_file = args.get("kernarg");
  std::vector<RawKernArg> values;
  std::vector<KernargPointer> pointers;
  for (const auto& [param, value] : args.params) {
    if (param != "arg" && param != "buffer") {
      return Status(StatusCode::kInvalidArgument, "ingot emu: unknown option --" + param + " (see: ingot emu --help)");
    }
    if ((param == "arg") == (blob_file != nullptr)) {
      return Status(StatusCode::kInvalidArgument, "ingot emu: --" + param + " " + value +
                                                      (blob_file ? ": with --kernarg, give buffers as --buffer OFFSET=..."
                                                                 : ": --buffer places a buffer in a --kernarg blob"));
    }
    auto parsed = parse_emu_arg(value);
    if (!parsed) return parsed.status();
    const EmuArg& arg = parsed.value();
    if (param == "buffer") {
      uint32_t offset = 0;
      auto [ptr, ec] = std::from_chars(arg.name.data(), arg.name.data() + arg.name.size(), offset);
      if (ec != std::errc() || ptr != arg.name.data() + arg.name.size() || arg.kind == EmuArg::Kind::kScalar) {
        return Status(StatusCode::kInvalidArgument, "ingot emu: --buffer " + value +
                                                        ": expected OFFSET=@FILE, OFFSET=out:BYTES:FILE or OFFSET=inout:FILE[:OUT]");
      }
      auto address = bind_buffer(arg);
      if (!address) return address.status();
      pointers.push_back({offset, address.value()});
      continue;
    }
    if (arg.kind == EmuArg::Kind::kScalar) {
      values.push_back(RawKernArg::scalar(arg.name, arg.scalar));
      continue;
    }
    auto address = bind_buffer(arg);
    if (!address) return address.status();
    values.push_back(RawKernArg::pointer(arg.name, address.value()));
  }
  Result<std::vector<uint8_t>> kernarg = Status(StatusCode::kInternal, "no kernarg");
  if (blob_file != nullptr) {
    auto blob = read_file(*blob_file);
    if (!blob) return blob.status();
    kernarg = place_raw_kernarg_blob(meta, blob.value(), pointers);
  } else {
    kernarg = pack_raw_kernargs(meta, values, {config.grid.x, config.grid.y, config.grid.z},
                                {config.workgroup.x, config.workgroup.y, config.workgroup.z});
  }
  if (!kernarg) {
    return Status(kernarg.status().code(), "ingot emu: " + kernarg.status().message() +
                                               " (arguments: --arg NAME=VALUE, or --kernarg FILE with --buffer "
                                               "OFFSET=VALUE; see ingot emu --help)");
  }

  auto module = emulator.load_module(bytes.value());
  if (!module) return Status(module.status().code(), path + ": " + module.status().message());
  config.kernarg = std::move(kernarg).value();
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
  if (args.has("profile")) {
    std::cout << "\n" << profile.value().to_text();  // includes the wait-state warnings
  } else {
    for (const auto& warning : profile.value().wait_state_warnings) std::cout << warning.message << "\n";
  }
  return kExitOk;
}

}  // namespace

int run_emu(const ParsedArgs& args) {
  auto result = run(args);
  if (!result) return report_failure(result.status());
  return result.value();
}

}  // namespace ingot::cli
