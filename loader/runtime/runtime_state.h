// What a Runtime holds, behind its pimpl (ingot/runtime.h names no tooling type): the pack, the device,
// the device's module cache and workspace pool, and the dispatch state compiled from the pack.
#pragma once

#include <memory>

#include "ingot/runtime.h"
#include "ingot/tooling/device.h"
#include "ingot/tooling/pack.h"
#include "ingot/tooling/workspace.h"
#include "runtime/dispatch.h"

namespace ingot {

// Members are destroyed in reverse order: the dispatch state and the workspaces (which free device memory)
// before the device, the device before the pack whose code objects it loaded.
struct Runtime::State {
  State(Pack opened_pack, std::unique_ptr<Device> opened_device)
      : pack(std::move(opened_pack)),
        device(std::move(opened_device)),
        cache(pack, *device),
        workspaces(*device),
        dispatch(pack, device->info()) {}

  Pack pack;
  std::unique_ptr<Device> device;
  ModuleCache cache;
  WorkspacePool workspaces;
  Dispatch dispatch;
};

}  // namespace ingot
