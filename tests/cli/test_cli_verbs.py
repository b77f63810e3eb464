"""`ingot` list / info / select / validate on the real pack: output and exit codes.

Expected values are read from manifest.json directly (json module) and from the .co files
(hashlib, ELF header bytes), not from libingot."""
import hashlib
import json
import math
from pathlib import Path

from conftest import run
from test_cli_run import fields

# What Runtime::gemm puts in every gemm problem (gemm_problem in loader/device/runtime.cpp).
GEMM_PROBLEM = ["--dtype_a", "bf16", "--dtype_b", "bf16", "--dtype_c", "f32", "--has_bias", "0", "--alpha", "1.0"]


def manifest(pack: Path) -> dict:
    return json.loads((pack / "manifest.json").read_text())


def test_help_for_every_verb(cli):
    top = run(cli, "--help")
    assert top.returncode == 0
    for verb in ["list", "info", "validate", "select", "disasm", "emu", "run"]:
        assert verb in top.stdout
        result = run(cli, verb, "--help")
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith(f"usage: ingot {verb}")


def test_op_help_lists_only_that_ops_options(cli):
    options = lambda text: {line.split()[0] for line in text.splitlines() if line.startswith("  --")}
    every = options(run(cli, "run", "--help").stdout)
    gemm_only, fmha_only, mla_only = "--scaling", "--causal", "--page-size"
    assert {gemm_only, fmha_only, mla_only} <= every
    for verb in ["run", "select"]:
        for op, own, others in [("gemm", gemm_only, [fmha_only, mla_only]), ("fmha_fwd", fmha_only, [gemm_only, mla_only]),
                                ("mla_decode", mla_only, [gemm_only, fmha_only])]:
            for helped in [run(cli, verb, op, "--help"), run(cli, "help", verb, op)]:
                assert helped.returncode == 0, helped.stderr
                listed = options(helped.stdout)
                assert own in listed and not listed & set(others), (verb, op, sorted(listed))
                assert {"--pack", "--json", "--arch", "--help"} <= listed  # the verb's own options stay
    mla = run(cli, "run", "mla_decode", "--help").stdout  # a name fmha shares, with mla's own text
    assert any(line.startswith("  --batch") and "batch entries" in line for line in mla.splitlines()), mla
    bad = run(cli, "run", "gemn", "--help")
    assert bad.returncode == 2 and "unknown op 'gemn' (did you mean gemm?)" in bad.stderr


def test_usage_errors_exit_2(cli):
    assert run(cli).returncode == 2
    assert run(cli, "frobnicate").returncode == 2
    bad = run(cli, "info")  # missing KERNEL
    assert bad.returncode == 2
    assert "missing KERNEL" in bad.stderr
    assert run(cli, "validate", "--nonsense").returncode == 2


def test_list_shows_every_kernel_with_resources(cli, pack_dir):
    result = run(cli, "list", "--pack", str(pack_dir))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[:7] == ["ID", "OP", "ARCH", "VGPR", "AGPR", "SGPR", "LDS"]
    kernels = manifest(pack_dir)["kernels"]
    rows = {line.split()[0]: line.split() for line in lines[1:-1]}
    assert set(rows) == {k["id"] for k in kernels}
    for k in kernels:
        r = k["resources"]
        assert rows[k["id"]][1:7] == [k["op"], k["arch"], str(r["vgpr"]), str(r["agpr"]), str(r["sgpr"]), str(r["lds"])]
    assert lines[-1] == f"{len(kernels)} of {len(kernels)} kernels"


def test_list_filters_and_json(cli, pack_dir):
    kernels = manifest(pack_dir)["kernels"]
    arch = kernels[0]["arch"]
    param, value = next(iter(kernels[0]["params"].items()))
    result = run(cli, "list", "--pack", str(pack_dir), "--arch", arch, f"--{param}", str(value), "--json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    # Families have different params (gemm_fp8 has no bk): a kernel without PARAM does not match it.
    expected = sorted(k["id"] for k in kernels
                      if k["arch"] == arch and param in k["params"] and str(k["params"][param]) == str(value))
    assert sorted(k["id"] for k in listed) == expected
    assert all(k["resources"]["vgpr"] > 0 for k in listed)
    none = run(cli, "list", "--pack", str(pack_dir), "--op", "no_such_op", "--json")
    assert none.returncode == 0 and json.loads(none.stdout) == []


def test_pack_found_through_environment(cli, pack_dir):
    result = run(cli, "list", env_extra={"INGOT_PACK": str(pack_dir)})
    assert result.returncode == 0, result.stderr
    missing = run(cli, "list", env_extra={"INGOT_PACK": "/nonexistent/pack"})
    assert missing.returncode == 1
    assert "/nonexistent/pack" in missing.stderr


def test_info_shows_manifest_and_code_object_facts(cli, pack_dir):
    k = manifest(pack_dir)["kernels"][0]
    result = run(cli, "info", k["id"], "--pack", str(pack_dir))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    data = (pack_dir / k["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() in out
    assert f"({len(data)} bytes)" in out
    # e_flags from the ELF header (offset 48, little-endian u32).
    e_flags = int.from_bytes(data[48:52], "little")
    assert f"e_flags 0x{e_flags:x}" in out
    assert "descriptor:" in out and "rsrc1 0x" in out
    for arg in k["kernarg"]["args"]:
        assert f"{arg['offset']}+{arg['size']}" in out and arg["name"] in out
    unknown = run(cli, "info", "no_such_kernel", "--pack", str(pack_dir))
    assert unknown.returncode == 1
    assert "no_such_kernel" in unknown.stderr


def gemm_args(m, n, k):
    return ["--M", str(m), "--N", str(n), "--K", str(k), "--lda", str(k), "--ldb", str(k), "--ldc", str(n)]


def test_select_picks_an_accepting_kernel_and_explains(cli, pack_dir):
    result = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx942", "--cus", "304",
                 *gemm_args(1000, 520, 264), *GEMM_PROBLEM)
    assert result.returncode == 0, result.stderr
    fields = dict(line.split(":", 1) for line in result.stdout.splitlines())
    chosen = fields["kernel"].strip()
    entry = next(k for k in manifest(pack_dir)["kernels"] if k["id"] == chosen)
    assert entry["arch"] == "gfx942" and entry["op"] == "gemm"
    assert "lowest" in fields["why"] or "only" in fields["why"]
    bm, bn = entry["params"]["bm"], entry["params"]["bn"]
    grid = [int(x) for x in fields["launch"].split("[")[1].split("]")[0].split(",")]
    assert math.prod(grid) == math.ceil(1000 / bm) * math.ceil(520 / bn)


def test_select_uses_the_cu_count(cli, pack_dir):
    """Cost depends on the device's CUs: the CLI must pass --cus through, not assume 304."""
    outputs = set()
    for cus in ["1", "80", "304", "100000"]:
        result = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx942", "--cus", cus,
                     *gemm_args(4096, 4096, 512), *GEMM_PROBLEM)
        assert result.returncode == 0, result.stderr
        assert f"{cus} CUs" in result.stdout
        outputs.add(result.stdout.splitlines()[1])  # the "why" line carries the costs
    assert len(outputs) > 1


def test_select_shows_the_split_factor_and_workspace(cli, pack_dir):
    """M=1 decode of a DeepSeek-V3 q_a_proj (N=1536, K=7168) on 304 CUs: too few output tiles to fill the
    CUs, so K is split across workgroups; select must show the split (grid z and the kernel's `splits`
    argument agree), keep it to one round of workgroups, and say how much workspace the runtime binds."""
    result = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx942", "--cus", "304",
                 *gemm_args(1, 1536, 7168), *GEMM_PROBLEM)
    assert result.returncode == 0, result.stderr
    fields = dict(line.split(":", 1) for line in result.stdout.splitlines())
    grid = [int(x) for x in fields["launch"].split("[")[1].split("]")[0].split(",")]
    args = dict(item.split("=") for item in fields["args"].split())
    assert grid[2] == int(args["splits"]) > 1
    assert math.prod(grid) <= 304
    assert int(fields["workspace"].split()[0]) > 0


def test_select_without_a_kernel_says_why(cli, pack_dir):
    result = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx942", "--cus", "304",
                 *gemm_args(64, 64, 100), *GEMM_PROBLEM)
    assert result.returncode == 1
    assert "K must be a multiple of 8" in result.stderr
    wrong_arch = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx90a", "--cus", "104",
                     *gemm_args(64, 64, 64), *GEMM_PROBLEM)
    assert wrong_arch.returncode == 1
    assert "gfx90a" in wrong_arch.stderr
    assert run(cli, "select", "gemm", "--pack", str(pack_dir), *gemm_args(64, 64, 64)).returncode == 2  # no --arch


def test_validate_real_pack_is_clean(cli, pack_dir):
    result = run(cli, "validate", "--pack", str(pack_dir))
    assert result.returncode == 0, result.stdout + result.stderr
    n = len(manifest(pack_dir)["kernels"])
    assert result.stdout.startswith(f"ok: {n} kernels")
    assert len(result.stdout.splitlines()) == 1


def test_reserved_verbs_say_not_yet_available(cli):
    for verb in ["disasm", "emu", "run"]:
        if "not yet available" not in run(cli, verb, "--help").stdout:
            continue  # wired in this build; tested on its own
        result = run(cli, verb)
        assert result.returncode != 0
        assert "not yet available" in result.stderr


def text_section(path: Path) -> bytes:
    from elftools.elf.elffile import ELFFile
    with open(path, "rb") as f:
        return ELFFile(f).get_section_by_name(".text").data()


def test_disasm_listing_covers_the_text_section(cli, pack_dir):
    """Every byte of .text (read with pyelftools) appears, in order, in the listing's encodings,
    and the kernel ends in s_endpgm (0xBF810000, per LLVM's MC tests). Each code object is disassembled
    by its file: by kernel id every call would load the manifest first (test_disasm_a_pack_kernel covers
    that path), which made this test take minutes at 353 kernels."""
    if "not yet available" in run(cli, "disasm", "--help").stdout:
        import pytest
        pytest.skip("disasm needs the emulator's ISA tables")
    for k in manifest(pack_dir)["kernels"]:
        result = run(cli, "disasm", str(pack_dir / k["file"]))
        assert result.returncode == 0, result.stderr
        words = []
        for line in result.stdout.splitlines():
            if line.startswith(";"):
                continue
            # "// <address>: <dword> [<dword>] [<annotation>...]": the encodings are the hex words
            for token in line.split("//")[1].split(":", 1)[1].split():
                if not all(ch in "0123456789abcdefABCDEF" for ch in token) or len(token) != 8:
                    break
                words.append(int(token, 16))
        listed = b"".join(w.to_bytes(4, "little") for w in words)
        text = text_section(pack_dir / k["file"])
        assert listed == text[: len(listed)]
        assert len(text) - len(listed) < 256, "only trailing padding may be left undecoded"
        last = [line for line in result.stdout.splitlines() if not line.startswith(";")][-1]
        assert last.strip().startswith("s_endpgm") and "BF810000" in last.upper()


def run_available(cli) -> bool:
    return "not yet available" not in run(cli, "run", "--help").stdout


def test_run_gemm_on_the_emulator_uses_the_selected_kernel(cli, pack_dir):
    if not run_available(cli):
        import pytest
        pytest.skip("run needs the emulator")
    shape = ["--M", "100", "--N", "70", "--K", "64"]
    ran = run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--arch", "gfx942", *shape, "--profile")
    if "no emulator" in ran.stderr:
        import pytest
        pytest.skip("this build has no emulator device")
    assert ran.returncode == 0, ran.stderr
    fields = dict(line.split(":", 1) for line in ran.stdout.splitlines() if ":" in line and not line.startswith(" "))
    selected = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx942", "--cus", "304",
                   *shape, "--lda", "64", "--ldb", "64", "--ldc", "70", *GEMM_PROBLEM)
    assert fields["kernel"].strip() == selected.stdout.splitlines()[0].split(":", 1)[1].strip()
    assert "emulator" in fields["device"] and "304 CUs" in fields["device"]
    assert ran.stdout.rstrip().splitlines()[-1] == "PASS"
    assert "mfma" in ran.stdout  # the emulator's profile (--profile)


def test_run_reports_no_kernel_and_no_device(cli, pack_dir):
    if not run_available(cli):
        import pytest
        pytest.skip("run needs the emulator")
    bad_k = run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--M", "8", "--N", "8", "--K", "12")
    if "no emulator" not in bad_k.stderr:
        assert bad_k.returncode == 1
        assert "K must be a multiple of 8" in bad_k.stderr
    no_gpu = run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "hip", "--M", "8", "--N", "8", "--K", "8",
                 env_extra={"INGOT_HIP_LIBRARY": "/nonexistent/libamdhip64.so"})
    assert no_gpu.returncode == 1
    assert "no device" in no_gpu.stderr and "/nonexistent/libamdhip64.so" in no_gpu.stderr
    assert run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--M", "8").returncode == 2


def test_select_default_cus_is_stated(cli, pack_dir):
    """Without --cus the CLI uses the full part's count (the arch table) and says so; no device is opened."""
    result = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx950", *gemm_args(256, 256, 256),
                 *GEMM_PROBLEM)
    if result.returncode == 2 and "--cus" in result.stderr:
        import pytest
        pytest.skip("no emulator in this build: --cus is required")
    assert result.returncode == 0, result.stderr
    assert "256 CUs (full gfx950 part" in result.stdout  # MI355X: 256 CUs (AMD's spec sheet)


def test_unknown_options_are_rejected_with_a_suggestion(cli, pack_dir):
    listed = run(cli, "list", "--pack", str(pack_dir), "--arhc", "gfx942")
    assert listed.returncode == 2 and "unknown option --arhc (did you mean --arch?)" in listed.stderr
    assert listed.stdout == ""
    typo = run(cli, "run", "gemm", "--pack", str(pack_dir), "--m", "4", "--n", "32", "--k", "64", "--dtyp", "f16")
    assert typo.returncode == 2 and "did you mean --dtype?" in typo.stderr
    verb = run(cli, "lsit")
    assert verb.returncode == 2 and "did you mean list?" in verb.stderr
    raw = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx942", "--m", "1", "--n", "64",
              "--k", "64", "--has_bais", "0")
    assert raw.returncode == 2 and "did you mean --has_bias?" in raw.stderr


def test_select_takes_the_options_of_run(cli, pack_dir):
    """`ingot select gemm` with run's options is the same problem as the raw manifest keys spell it."""
    by_options = run(cli, "select", "gemm", "--pack", str(pack_dir), "--m", "1", "--n", "1536", "--k", "7168",
                     "--dtype", "bf16", "--arch", "gfx942")
    assert by_options.returncode == 0, by_options.stderr
    by_keys = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx942", *gemm_args(1, 1536, 7168),
                  "--dtype_a", "bf16", "--dtype_b", "bf16", "--dtype_c", "f32", "--has_bias", "false", "--alpha", "1")
    assert by_keys.returncode == 0, by_keys.stderr
    assert fields(by_options.stdout)["kernel"] == fields(by_keys.stdout)["kernel"]
    kernel = next(k for k in manifest(pack_dir)["kernels"] if k["id"] == fields(by_options.stdout)["kernel"])
    assert kernel["match"]["dtype_a"] == "bf16" and kernel["match"]["has_bias"] is False


def test_json_version_help_and_exit_codes(cli, pack_dir):
    assert run(cli, "--version").stdout.startswith("ingot ")
    for verb in ["list", "info", "validate", "select", "run", "emu"]:
        helped = run(cli, "help", verb)
        assert helped.returncode == 0 and "exit status: 0 success, 1 " in helped.stdout, verb
    listed = json.loads(run(cli, "list", "--pack", str(pack_dir), "--json").stdout)
    some = listed[0]["id"]
    info = run(cli, "info", some, "--pack", str(pack_dir), "--json")
    assert info.returncode == 0 and json.loads(info.stdout)["id"] == some
    valid = run(cli, "validate", "--pack", str(pack_dir), "--json")
    assert valid.returncode == 0 and json.loads(valid.stdout)["ok"] is True
    chosen = run(cli, "select", "gemm", "--pack", str(pack_dir), "--arch", "gfx942", "--m", "64", "--n", "64",
                 "--k", "64", "--json")
    assert chosen.returncode == 0 and json.loads(chosen.stdout)["device"]["cus"] == 304
    ran = run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "emu", "--m", "4", "--n", "32", "--k", "64",
              "--json")
    assert ran.returncode == 0 and json.loads(ran.stdout)["passed"] is True, ran.stderr


def test_one_line_per_problem(cli, pack_dir):
    result = run(cli, "run", "gemm", "--pack", str(pack_dir), "--device", "hip", "--m", "1", "--n", "32", "--k", "64")
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].count("no device:") == 1, result.stderr
