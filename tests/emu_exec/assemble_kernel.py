"""Assembles a test kernel body into a code object through the generator's toolchain (gen.toolchain).

A test kernel file holds instructions plus `;@key value` header lines; this script wraps them in the
.amdhsa_kernel descriptor and .amdgpu_metadata boilerplate so each test file shows only what it tests:
  ;@kernel NAME              symbol (default: file stem)
  ;@vgprs N  ;@sgprs N  ;@agprs N   register counts (defaults 32, 32, 0)
  ;@lds N                    static group segment bytes
  ;@scratch N                private segment bytes per work-item (enables architected flat scratch)
  ;@kernarg N                kernarg bytes (default 64)
  ;@workitem_ids N           0 = X, 1 = XY, 2 = XYZ
  ;@enable WORDS             any of: dispatch_ptr queue_ptr dispatch_id wgid_y wgid_z no_kernarg_ptr
                             fp16_overflow no_ieee_mode no_dx10_clamp (descriptor MODE bits)
  ;@arch ARCHS               archs this kernel is for (default gfx942 gfx950)
  ;@xnack on|off|any         the code object's XNACK mode (default: any, what the plain target id gives):
                             assembled with -mattr=+xnack / -xnack and the matching target id
A variant of another kernel (e.g. one synchronisation step removed) says only how it differs:
  ;@from FILE.s              start from that kernel file's body and header (same folder); then, in order,
  ;@delete LINE              remove the line that reads LINE
  ;@delete_after LINE        remove the line that follows the line that reads LINE
  ;@insert_after LINE => NEW insert NEW after the line that reads LINE
  ;@insert_before LINE => NEW insert NEW before the line that reads LINE
  ;@replace LINE => NEW      put NEW in place of the line that reads LINE
Each LINE must match exactly one line of the body (leading/trailing blanks ignored), else the script fails.
The base may itself be a variant: its edits are applied first.
Usage: PYTHONPATH=<source root> assemble_kernel.py FILE.s ARCH OUT.co [DEPFILE]
       PYTHONPATH=<source root> assemble_kernel.py --batch ARCH OUTDIR FILE.s...   (OUTDIR/<stem>.ARCH.co each)
DEPFILE (for the build) lists FILE.s and its ;@from files. An assembler or linker error fails the script
with LLVM's diagnostics. The build uses --batch: loading the toolchain costs ~0.4 s a process, twenty times
one kernel's assembly.
"""
import os
import sys

from gen.toolchain import AssemblyError, ToolchainUnavailable, get_backend


def parse_header(text):
    keys = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith(";@"):
            key, _, value = line[2:].partition(" ")
            keys[key] = value.strip()
    return keys


EDITS = ("delete", "delete_after", "insert_after", "insert_before", "replace")
EDITS_WITH_NEW_LINE = ("insert_after", "insert_before", "replace")


class VariantError(Exception):
    pass


XNACK_FEATURE = {"any": "", "off": "-xnack", "on": "+xnack"}
XNACK_TARGET_SUFFIX = {"any": "", "off": ":xnack-", "on": ":xnack+"}


def xnack_mode(keys):
    mode = keys.get("xnack", "any")
    if mode not in XNACK_FEATURE:
        raise VariantError(f";@xnack must be one of {', '.join(XNACK_FEATURE)}, not '{mode}'")
    return mode


def apply_variant(path, text):
    """The body and header of a ;@from variant (see the module docstring); other files unchanged."""
    keys = parse_header(text)
    if "from" not in keys:
        return text, keys, []
    base_path = os.path.join(os.path.dirname(path), keys["from"])
    base_body, base_keys, base_bases = apply_variant(base_path, open(base_path).read())
    lines = [l for l in base_body.splitlines() if not l.strip().startswith(";@")]
    for line in text.splitlines():
        key, _, value = line.strip()[2:].partition(" ") if line.strip().startswith(";@") else ("", "", "")
        if key not in EDITS:
            continue
        target, _, new = value.partition(" => ") if key in EDITS_WITH_NEW_LINE else (value, "", "")
        matches = [i for i, l in enumerate(lines) if l.strip() == target.strip()]
        if len(matches) != 1:
            raise VariantError(f"{path}: ;@{key} '{target}' matches {len(matches)} lines of {keys['from']}")
        i = matches[0]
        if key == "delete":
            del lines[i]
        elif key == "delete_after":
            del lines[i + 1]
        elif key == "replace":
            lines[i] = "  " + new.strip()
        else:
            lines.insert(i + 1 if key == "insert_after" else i, "  " + new.strip())
    merged = {k: v for k, v in base_keys.items() if k not in ("kernel", "from")} | keys
    merged = {k: v for k, v in merged.items() if k not in EDITS}
    own = [l for l in text.splitlines() if l.strip().startswith(";") and l.strip()[2:].split(" ")[0] not in EDITS]
    return "\n".join(own + lines) + "\n", merged, [base_path] + base_bases


def wrap(body, name, arch, keys):
    vgprs = int(keys.get("vgprs", 32))
    agprs = int(keys.get("agprs", 0))
    sgprs = int(keys.get("sgprs", 32))
    lds = int(keys.get("lds", 0))
    scratch = int(keys.get("scratch", 0))
    kernarg = int(keys.get("kernarg", 64))
    enable = set(keys.get("enable", "").split())
    accum = (vgprs + 3) // 4 * 4
    target_suffix = XNACK_TARGET_SUFFIX[xnack_mode(keys)]
    flag = lambda word: 1 if word in enable else 0
    return f"""
.amdgcn_target "amdgcn-amd-amdhsa--{arch}{target_suffix}"
.text
.globl {name}
.p2align 8
.type {name},@function
{name}:
{body}
.Lend_{name}:
.size {name}, .Lend_{name}-{name}
.rodata
.p2align 6
.amdhsa_kernel {name}
  .amdhsa_user_sgpr_dispatch_ptr {flag('dispatch_ptr')}
  .amdhsa_user_sgpr_queue_ptr {flag('queue_ptr')}
  .amdhsa_user_sgpr_kernarg_segment_ptr {0 if 'no_kernarg_ptr' in enable else 1}
  .amdhsa_user_sgpr_dispatch_id {flag('dispatch_id')}
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_system_sgpr_workgroup_id_y {flag('wgid_y')}
  .amdhsa_system_sgpr_workgroup_id_z {flag('wgid_z')}
  .amdhsa_system_vgpr_workitem_id {int(keys.get('workitem_ids', 0))}
  .amdhsa_fp16_overflow {flag('fp16_overflow')}
  .amdhsa_ieee_mode {0 if 'no_ieee_mode' in enable else 1}
  .amdhsa_dx10_clamp {0 if 'no_dx10_clamp' in enable else 1}
  .amdhsa_group_segment_fixed_size {lds}
  .amdhsa_private_segment_fixed_size {scratch}
  .amdhsa_enable_private_segment {1 if scratch else 0}
  .amdhsa_next_free_vgpr {accum + agprs}
  .amdhsa_next_free_sgpr {sgprs}
  .amdhsa_accum_offset {max(accum, 4)}
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.target: amdgcn-amd-amdhsa--{arch}{target_suffix}
amdhsa.kernels:
  - .name: {name}
    .symbol: {name}.kd
    .kernarg_segment_size: {kernarg}
    .group_segment_fixed_size: {lds}
    .private_segment_fixed_size: {scratch}
    .kernarg_segment_align: 8
    .wavefront_size: 64
    .sgpr_count: {sgprs}
    .vgpr_count: {vgprs}
    .agpr_count: {agprs}
    .max_flat_workgroup_size: 1024
    .args: []
...
.end_amdgpu_metadata
"""


def assemble_one(path, arch, out, depfile=None):
    try:
        text, keys, bases = apply_variant(path, open(path).read())
        mode = xnack_mode(keys)
    except VariantError as err:
        sys.stderr.write(f"{err}\n")
        return 1
    if depfile:
        with open(depfile, "w") as f:
            f.write(f"{out}: " + " ".join(p.replace(" ", "\\ ") for p in [path] + bases) + "\n")
    name = keys.get("kernel", os.path.splitext(os.path.basename(path))[0])
    if arch not in keys.get("arch", "gfx942 gfx950").split():
        # The build wants one output per arch; a kernel written for the other arch leaves an empty
        # file that its test never loads (it runs only on the listed archs).
        open(out, "wb").close()
        return 0
    source = wrap(text, name, arch, keys)
    try:
        backend = get_backend()
        code_object = backend.link(backend.assemble(source, arch, XNACK_FEATURE[mode]), arch)
    except (AssemblyError, ToolchainUnavailable) as err:
        sys.stderr.write(f"{path}: assembling for {arch} failed:\n{err}\n")
        return 1
    with open(out, "wb") as f:
        f.write(code_object)
    return 0


def main():
    if sys.argv[1] == "--batch":
        arch, out_dir, paths = sys.argv[2], sys.argv[3], sys.argv[4:]
        os.makedirs(out_dir, exist_ok=True)
        stem = lambda path: os.path.splitext(os.path.basename(path))[0]
        # Every kernel is tried, so one run names every failure.
        return max((assemble_one(p, arch, os.path.join(out_dir, f"{stem(p)}.{arch}.co")) for p in paths),
                   default=0)
    return assemble_one(*sys.argv[1:5])


if __name__ == "__main__":
    sys.exit(main())
