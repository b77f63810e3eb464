#include "ingot_emu/emulator.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string_view>
#include <thread>

#include "device_memory.h"
#include "executor.h"
#include "hidden_args.h"
#include "initial_state.h"
#include "module.h"
#include "profile_math.h"

namespace ingot::emu {

struct Emulator::Impl {
  DeviceMemory memory;
  std::vector<std::unique_ptr<Module>> modules;
  const ExecTargetFacts* facts = nullptr;
  Status options_error;  // a malformed INGOT_EMU_HOST_THREADS / _CHECK_MEMORY_MODEL, returned by every launch
};

namespace {

// hsa_kernel_dispatch_packet_t, the fields a kernel can read through the dispatch pointer.
struct DispatchPacket {
  uint16_t header = 0;
  uint16_t setup = 3;  // dimensions (dispatch_dimensions, hidden_args.h)
  uint16_t workgroup_size[3] = {1, 1, 1};
  uint16_t reserved0 = 0;
  uint32_t grid_size[3] = {1, 1, 1};  // in work-items
  uint32_t private_segment_size = 0;
  uint32_t group_segment_size = 0;
  uint64_t kernel_object = 0;
  uint64_t kernarg_address = 0;
  uint64_t reserved2 = 0;
  uint64_t completion_signal = 0;
};
static_assert(sizeof(DispatchPacket) == 64);

void add_profile(LaunchProfile& total, const LaunchProfile& part) {
  total.workgroups += part.workgroups;
  total.waves += part.waves;
  InstructionMix& a = total.instructions;
  const InstructionMix& b = part.instructions;
  a.salu += b.salu; a.valu += b.valu; a.mfma += b.mfma; a.lds += b.lds;
  a.vmem += b.vmem; a.smem += b.smem; a.branch += b.branch;
  total.mfma_busy_cycles += part.mfma_busy_cycles;
  total.mfma_flops += part.mfma_flops;
  total.lds_bank_conflict_cycles += part.lds_bank_conflict_cycles;
  total.lds_conflicted_instructions += part.lds_conflicted_instructions;
  total.global_bytes_read += part.global_bytes_read;
  total.global_bytes_written += part.global_bytes_written;
  total.global_segments += part.global_segments;
  total.global_segment_bytes_used += part.global_segment_bytes_used;
  for (const LaunchProfile::WaitStateWarning& warning : part.wait_state_warnings) {
    const bool seen = std::any_of(total.wait_state_warnings.begin(), total.wait_state_warnings.end(),
                                  [&](const LaunchProfile::WaitStateWarning& w) { return w.pc == warning.pc; });
    if (!seen) total.wait_state_warnings.push_back(warning);
  }
}

Status check_dims(const char* what, const Dim3& dims) {
  if (dims.x == 0 || dims.y == 0 || dims.z == 0) {
    return Status(StatusCode::kInvalidArgument, std::string(what) + " has a zero dimension");
  }
  return Status::ok();
}

// More threads than this is a typo, not a machine.
constexpr uint32_t kMaxHostThreads = 256;

// host_threads 0 means auto: INGOT_EMU_HOST_THREADS when set, else 1. The variable is a testing aid
// (e.g. a whole test suite under TSan with 2 threads; results do not depend on the thread count), so an
// explicit host_threads always wins over it. A malformed value cannot be reported by the constructor;
// it is kept and every launch() returns it as kInvalidArgument rather than quietly running on 1 thread.
Result<uint32_t> auto_host_threads() {
  const char* env = std::getenv("INGOT_EMU_HOST_THREADS");
  const std::string_view text(env != nullptr ? env : "");
  if (text.empty()) return 1u;  // unset, or set to nothing
  uint32_t threads = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), threads);
  if (error != std::errc() || end != text.data() + text.size() || threads < 1 || threads > kMaxHostThreads) {
    return Status(StatusCode::kInvalidArgument,
                  "INGOT_EMU_HOST_THREADS='" + std::string(text) + "' is not a whole number from 1 to " +
                      std::to_string(kMaxHostThreads) + " (it sets the emulator's host threads when "
                      "EmulatorOptions::host_threads is 0)");
  }
  return threads;
}

// INGOT_EMU_CHECK_MEMORY_MODEL=1 / INGOT_EMU_CHECK_WAIT_STATES=1 turn a checker on for every emulator of the
// process whose option is off (a testing aid: a whole suite, e.g. the pack's split-K GEMM tests through the
// loader's EmuDevice, under the checker without plumbing an option through). Unset, empty or 0: the option
// decides. Anything else is reported by every launch rather than ignored.
Result<bool> flag_from_environment(const char* name, const char* what) {
  const char* env = std::getenv(name);
  const std::string_view text(env != nullptr ? env : "");
  if (text.empty() || text == "0") return false;
  if (text == "1") return true;
  return Status(StatusCode::kInvalidArgument, std::string(name) + "='" + std::string(text) +
                                                  "' is not 0 or 1 (1 turns on the emulator's " + what + ")");
}

// An option that is off may be turned on by its environment variable; a malformed one is kept for launch().
void apply_environment_flag(bool& option, const char* name, const char* what, Status& options_error) {
  if (option) return;
  Result<bool> from_environment = flag_from_environment(name, what);
  if (from_environment) {
    option = *from_environment;
  } else if (options_error.is_ok()) {
    options_error = from_environment.status();
  }
}

// Instructions a resident workgroup runs before the next one gets its turn. Long enough that a workgroup
// that does not wait on others mostly finishes in its first turn (then nothing changes from running
// workgroups one after another), short enough that a spinning one yields within a fraction of a second.
constexpr uint64_t kResidentQuantum = uint64_t{1} << 18;

// The workgroups one host thread keeps resident, in dispatch order; ended ones are kept for reuse (their
// waves' register files are large), so the steady state allocates nothing.
class ResidentSet {
 public:
  explicit ResidentSet(uint64_t limit) : limit_(limit) {}
  uint64_t limit() const { return limit_; }
  size_t size() const { return active_.size(); }
  ResidentGroup& at(size_t i) { return *active_[i]; }
  ResidentGroup& add() {
    if (spare_.empty()) {
      active_.push_back(std::make_unique<ResidentGroup>());
    } else {
      active_.push_back(std::move(spare_.back()));
      spare_.pop_back();
    }
    return *active_.back();
  }
  void remove(size_t i) {
    spare_.push_back(std::move(active_[i]));
    active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(i));
  }

 private:
  uint64_t limit_;
  std::vector<std::unique_ptr<ResidentGroup>> active_;
  std::vector<std::unique_ptr<ResidentGroup>> spare_;
};

// INGOT_EMU_WAIT_STATES=strict|error|warn|off: the wait-state mode when the option is left at kError.
Result<WaitStateMode> wait_state_mode_from_environment() {
  const char* env = std::getenv("INGOT_EMU_WAIT_STATES");
  const std::string_view text(env != nullptr ? env : "");
  if (text.empty() || text == "error") return WaitStateMode::kError;
  if (text == "strict") return WaitStateMode::kStrict;
  if (text == "warn") return WaitStateMode::kWarn;
  if (text == "off") return WaitStateMode::kOff;
  return Status(StatusCode::kInvalidArgument, "INGOT_EMU_WAIT_STATES='" + std::string(text) +
                                                  "' is not strict, error, warn or off (the wait-state checker's mode)");
}

// The workgroups the timing mode traces, ascending: workgroup 0 always (every workgroup needs a traced
// one at or below it), the first of each z plane if asked, the options' others inside the grid, or all.
std::vector<TracedWorkgroup> workgroups_to_trace(const EmulatorOptions& options, const Dim3& grid) {
  const uint64_t groups = grid.count();
  std::vector<uint64_t> indices{0};
  if (options.timing_all_workgroups) {
    for (uint64_t i = 1; i < groups; ++i) indices.push_back(i);
  }
  if (options.timing_z_planes) {
    const uint64_t plane = uint64_t{grid.x} * grid.y;
    for (uint64_t z = 1; z < grid.z; ++z) indices.push_back(z * plane);
  }
  for (uint64_t i : options.timing_workgroups) {
    if (i < groups) indices.push_back(i);
  }
  std::sort(indices.begin(), indices.end());
  indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  std::vector<TracedWorkgroup> traced(indices.size());
  for (size_t i = 0; i < indices.size(); ++i) traced[i].index = indices[i];
  return traced;
}

// A longer budget is a typo (and would overflow the clock's tick count).
constexpr double kMaxTimeoutSeconds = 1e6;

bool valid_timeout(double seconds) { return seconds > 0 && seconds <= kMaxTimeoutSeconds; }

// INGOT_EMU_TIMEOUT=SECONDS: the wall-clock budget per launch when the option is left at 0 (unset or
// empty: none). A budget that is not a positive number of seconds is reported, not ignored.
Result<double> timeout_from_environment() {
  const char* env = std::getenv("INGOT_EMU_TIMEOUT");
  const std::string_view text(env != nullptr ? env : "");
  if (text.empty()) return 0.0;
  double seconds = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error != std::errc() || end != text.data() + text.size() || !valid_timeout(seconds)) {
    return Status(StatusCode::kInvalidArgument, "INGOT_EMU_TIMEOUT='" + std::string(text) +
                                                    "' is not a number of seconds above 0 and up to 1e6 (the "
                                                    "emulator's wall-clock budget per launch)");
  }
  return seconds;
}

}  // namespace

Emulator::Emulator(EmulatorOptions options) : options_(options), impl_(std::make_unique<Impl>()) {
  impl_->facts = options_.target == Target::kGfx950 ? &kGfx950Facts : &kGfx942Facts;
  if (options_.host_threads == 0) {
    Result<uint32_t> threads = auto_host_threads();
    options_.host_threads = threads ? *threads : 1;
    if (!threads) impl_->options_error = threads.status();
  }
  apply_environment_flag(options_.check_memory_model, "INGOT_EMU_CHECK_MEMORY_MODEL", "memory-model checker",
                         impl_->options_error);
  apply_environment_flag(options_.check_wait_states, "INGOT_EMU_CHECK_WAIT_STATES", "wait-state checker",
                         impl_->options_error);
  if (options_.wait_states == WaitStateMode::kError) {
    Result<WaitStateMode> mode = wait_state_mode_from_environment();
    if (mode) {
      options_.wait_states = *mode;
    } else if (impl_->options_error.is_ok()) {
      impl_->options_error = mode.status();
    }
  }
  if (options_.wait_states == WaitStateMode::kOff) options_.check_wait_states = false;
  if (options_.timeout_seconds != 0 && !valid_timeout(options_.timeout_seconds)) {
    if (impl_->options_error.is_ok()) {
      impl_->options_error = Status(StatusCode::kInvalidArgument,
                                    "EmulatorOptions::timeout_seconds must be 0 (INGOT_EMU_TIMEOUT, else none) or "
                                    "seconds above 0 and up to 1e6");
    }
  } else if (options_.timeout_seconds == 0) {
    Result<double> seconds = timeout_from_environment();
    if (seconds) {
      options_.timeout_seconds = *seconds;
    } else if (impl_->options_error.is_ok()) {
      impl_->options_error = seconds.status();
    }
  }
}

Emulator::~Emulator() = default;

uint32_t Emulator::cus() const { return options_.cus != 0 ? options_.cus : impl_->facts->default_cus; }

Result<uint64_t> Emulator::allocate(uint64_t bytes) { return impl_->memory.allocate(bytes); }
Status Emulator::free(uint64_t address) { return impl_->memory.free(address); }
Status Emulator::copy_to_device(uint64_t dst, const void* src, uint64_t bytes) {
  return impl_->memory.copy_to_device(dst, src, bytes);
}
Status Emulator::copy_to_host(void* dst, uint64_t src, uint64_t bytes) const {
  return impl_->memory.copy_from_device(dst, src, bytes);
}
Status Emulator::copy_device_to_device(uint64_t dst, uint64_t src, uint64_t bytes) {
  return impl_->memory.copy_device_to_device(dst, src, bytes);
}

Result<ModuleId> Emulator::load_module(std::span<const uint8_t> code_object) {
  Result<Module> module = Module::load(code_object, options_.target);
  if (!module) return module.status();
  impl_->modules.push_back(std::make_unique<Module>(std::move(module).value()));
  return static_cast<ModuleId>(impl_->modules.size() - 1);
}

Result<std::vector<std::string>> Emulator::kernel_names(ModuleId module) const {
  if (module >= impl_->modules.size()) return Status(StatusCode::kNotFound, "no module " + std::to_string(module));
  std::vector<std::string> names;
  for (const CodeObjectKernel& kernel : impl_->modules[module]->code_object().kernels) {
    names.push_back(kernel.metadata.name);
  }
  return names;
}

Result<LaunchProfile> Emulator::launch(ModuleId module_id, std::string_view kernel_name,
                                       const LaunchConfig& config) {
  INGOT_RETURN_IF_ERROR(impl_->options_error);
  if (module_id >= impl_->modules.size()) {
    return Status(StatusCode::kNotFound, "no module " + std::to_string(module_id));
  }
  const Module& module = *impl_->modules[module_id];
  const CodeObjectKernel* kernel = module.code_object().find_kernel(kernel_name);
  if (kernel == nullptr) {
    return Status(StatusCode::kNotFound, "no kernel named " + std::string(kernel_name) + " in the module");
  }
  INGOT_RETURN_IF_ERROR(check_dims("grid", config.grid));
  INGOT_RETURN_IF_ERROR(check_dims("workgroup", config.workgroup));
  const uint64_t items = config.workgroup.count();
  if (items > 1024) {
    return Status(StatusCode::kInvalidArgument,
                  "workgroup of " + std::to_string(items) + " work-items exceeds 1024");
  }
  const ExecTargetFacts& facts = *impl_->facts;
  const KernelDescriptor& kd = kernel->descriptor;
  const uint64_t lds_bytes = uint64_t{kd.group_segment_fixed_size} + config.dynamic_lds;
  if (lds_bytes > facts.lds_bytes_per_cu) {
    return Status(StatusCode::kInvalidArgument,
                  "kernel " + kernel->metadata.name + " needs " + std::to_string(lds_bytes) +
                      " bytes of LDS; " + std::string(facts.name) + " has " +
                      std::to_string(facts.lds_bytes_per_cu));
  }
  // An emulator limit, not a hardware fact: it keeps a malformed descriptor from asking for gigabytes
  // of per-lane scratch (every wave holds private_segment_fixed_size x 64 bytes).
  constexpr uint32_t kMaxPrivateBytesPerLane = 128 * 1024;
  if (kd.private_segment_fixed_size > kMaxPrivateBytesPerLane) {
    return Status(StatusCode::kInvalidArgument,
                  "kernel " + kernel->metadata.name + " asks for " + std::to_string(kd.private_segment_fixed_size) +
                      " bytes of scratch per lane; the emulator supports up to " +
                      std::to_string(kMaxPrivateBytesPerLane));
  }
  INGOT_RETURN_IF_ERROR(check_initial_state_supported(kd, kernel->metadata.name));
  const uint32_t kernarg_size = std::max(kd.kernarg_size, kernel->metadata.kernarg_segment_size);
  if (config.kernarg.size() < kernarg_size) {
    return Status(StatusCode::kInvalidArgument,
                  "kernel " + kernel->metadata.name + " takes " + std::to_string(kernarg_size) +
                      " kernarg bytes; the launch passed " + std::to_string(config.kernarg.size()));
  }

  DeviceMemory& memory = impl_->memory;
  Result<uint64_t> kernarg = memory.allocate(std::max<uint64_t>(config.kernarg.size(), 256));
  if (!kernarg) return kernarg.status();
  Result<uint64_t> packet_address = memory.allocate(sizeof(DispatchPacket));
  if (!packet_address) {
    (void)memory.free(*kernarg);
    return packet_address.status();
  }
  struct Release {
    DeviceMemory& memory;
    uint64_t a, b;
    ~Release() {
      (void)memory.free(a);
      (void)memory.free(b);
    }
  } release{memory, *kernarg, *packet_address};
  const DispatchShape dispatch_shape{config.grid, config.workgroup, config.dynamic_lds};
  std::vector<uint8_t> kernarg_bytes(config.kernarg.begin(), config.kernarg.end());
  if (!config.keep_hidden_args) {
    INGOT_RETURN_IF_ERROR(fill_hidden_args(kernel->metadata, dispatch_shape, kernarg_bytes));
  }
  INGOT_RETURN_IF_ERROR(memory.copy_to_device(*kernarg, kernarg_bytes.data(), kernarg_bytes.size()));
  DispatchPacket packet;
  packet.setup = dispatch_dimensions(dispatch_shape);
  packet.workgroup_size[0] = static_cast<uint16_t>(config.workgroup.x);
  packet.workgroup_size[1] = static_cast<uint16_t>(config.workgroup.y);
  packet.workgroup_size[2] = static_cast<uint16_t>(config.workgroup.z);
  packet.grid_size[0] = config.grid.x * config.workgroup.x;
  packet.grid_size[1] = config.grid.y * config.workgroup.y;
  packet.grid_size[2] = config.grid.z * config.workgroup.z;
  packet.private_segment_size = kd.private_segment_fixed_size;
  packet.group_segment_size = static_cast<uint32_t>(lds_bytes);
  packet.kernel_object = kd.address;
  packet.kernarg_address = *kernarg;
  INGOT_RETURN_IF_ERROR(memory.copy_to_device(*packet_address, &packet, sizeof packet));

  LaunchContext context;
  context.target = options_.target;
  context.facts = &facts;
  context.memory = &memory;
  context.module = &module;
  context.kernel = kernel->metadata.name;
  context.descriptor = kd;
  context.grid = {config.grid.x, config.grid.y, config.grid.z};
  context.workgroup = {config.workgroup.x, config.workgroup.y, config.workgroup.z};
  context.lds_bytes = static_cast<uint32_t>(lds_bytes);
  context.kernarg_address = *kernarg;
  context.dispatch_packet_address = *packet_address;
  context.check_waitcnt = options_.check_waitcnt;
  context.check_wait_states = options_.check_wait_states;
  context.wait_state_mode = options_.wait_states;
  // Fresh per launch: a kernel boundary releases and acquires everything.
  std::unique_ptr<MemoryModelChecker> memory_model;
  if (options_.check_memory_model) memory_model = std::make_unique<MemoryModelChecker>();
  context.memory_model = memory_model.get();
  std::vector<TracedWorkgroup> traced;
  if (options_.timing) {
    traced = workgroups_to_trace(options_, config.grid);
    context.traced_workgroups = &traced;
  }

  ScheduleOptions schedule;
  schedule.schedule = options_.schedule;
  schedule.seed = options_.seed;
  schedule.max_instructions_per_wave = options_.max_instructions_per_wave;
  if (options_.timeout_seconds > 0) {
    schedule.timeout_seconds = options_.timeout_seconds;
    schedule.deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(options_.timeout_seconds));
  }
  const uint64_t groups = config.grid.count();
  // A timing-mode launch runs on one host thread: a traced workgroup's trace holds what the functional
  // run did, and with several threads that depends on the threads' race (which split of a split-K tile
  // arrives last and reduces, how long a spin-wait spins), so the modeled cycles would too.
  const uint32_t requested_threads = options_.timing ? 1 : std::max<uint32_t>(options_.host_threads, 1);
  const uint32_t threads = static_cast<uint32_t>(std::min<uint64_t>(requested_threads, groups));
  // As many workgroups resident as the device holds: workgroups per CU at this launch's occupancy, times
  // the modelled CU count; shared out between the host threads.
  LaunchProfile occupancy;
  fill_resources_and_occupancy(facts, *kernel, static_cast<uint32_t>(lds_bytes), static_cast<uint32_t>(items),
                               occupancy);
  const uint64_t per_cu = occupancy.workgroups_per_cu;
  const uint64_t resident_limit = std::max<uint64_t>(1, per_cu * cus() / threads);

  // Workgroups are dispatched in index order. On a fault, groups with a higher index stop (or are not
  // started) and the lowest failing index wins, so the reported error does not depend on timing.
  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> first_failure{UINT64_MAX};
  std::mutex failure_lock;
  Status failure;
  std::vector<LaunchProfile> parts(threads);
  auto fail = [&](uint64_t index, Status status) {
    std::lock_guard<std::mutex> lock(failure_lock);
    if (index < first_failure.load()) {
      first_failure = index;
      failure = std::move(status);
    }
  };
  auto worker = [&](uint32_t thread) {
    ResidentSet set(resident_limit);
    // Dispatches the next workgroup into the set; false when none is left.
    auto dispatch = [&]() -> bool {
      const uint64_t index = next.fetch_add(1);
      if (index >= groups || index > first_failure.load()) return false;
      ResidentGroup& resident = set.add();
      Status status = start_workgroup(context, index, schedule, resident, parts[thread]);
      if (!status.is_ok()) {
        fail(index, std::move(status));
        set.remove(set.size() - 1);
      }
      return true;
    };
    bool more = dispatch();
    while (set.size() > 0) {
      bool any_ended = false;
      for (size_t i = 0; i < set.size();) {
        ResidentGroup& resident = set.at(i);
        const uint64_t index = resident.group.linear_index;
        bool done = index > first_failure.load();
        Status status = done ? Status::ok() : run_workgroup_for(context, schedule, resident, kResidentQuantum, done);
        if (!status.is_ok()) {
          fail(index, std::move(status));
          done = true;
        }
        if (!done) {
          ++i;
          continue;
        }
        // The workgroup's resources are free: the next one takes its place (and its turn).
        any_ended = true;
        set.remove(i);
        if (more) more = dispatch();
      }
      // Every resident workgroup ran a whole quantum without ending: they may be waiting on a workgroup
      // the device would already hold, so dispatch one more while there is room.
      if (!any_ended && more && set.size() < set.limit()) more = dispatch();
    }
  };
  if (threads == 1) {
    worker(0);
  } else {
    std::vector<std::thread> pool;
    for (uint32_t t = 0; t < threads; ++t) pool.emplace_back(worker, t);
    for (std::thread& thread : pool) thread.join();
  }
  if (!failure.is_ok()) return failure;

  LaunchProfile profile;
  profile.kernel = kernel->metadata.name;
  profile.arch = std::string(facts.name);
  for (const LaunchProfile& part : parts) add_profile(profile, part);
  std::sort(profile.wait_state_warnings.begin(), profile.wait_state_warnings.end(),
            [](const LaunchProfile::WaitStateWarning& a, const LaunchProfile::WaitStateWarning& b) { return a.pc < b.pc; });
  fill_resources_and_occupancy(facts, *kernel, static_cast<uint32_t>(lds_bytes),
                               static_cast<uint32_t>(items), profile);
  if (options_.timing) {
    const uint64_t requested = profile.global_bytes_read + profile.global_bytes_written;
    const LaunchShape shape{.workgroups = groups,
                            .workgroups_per_cu = static_cast<uint32_t>(per_cu),
                            .flops = profile.mfma_flops,
                            .hbm_bytes = config.compulsory_bytes != 0 ? config.compulsory_bytes : requested,
                            .requested_bytes = requested};
    TimingConstants constants = timing_constants(std::string(facts.name));
    constants.cus = cus();
    profile.timing = model_traced_launch(traced, groups, shape, constants);
    profile.traced_workgroups = std::move(traced);
  }
  return profile;
}

}  // namespace ingot::emu
