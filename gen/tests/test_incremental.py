import os

from gen.build import BuildOptions, run_build
from gen.tests.conftest import toy_spec


def _opts(tmp_path, toy_asm, **kw):
    specs = [toy_spec("toy_one", "toy/one.s.j2"), toy_spec("toy_two", "toy/two.s.j2")]
    return BuildOptions(str(tmp_path / "pack"), str(tmp_path / "work"), ["gfx942", "gfx950"], jobs=1,
                        specs=specs, asm_dir=str(toy_asm), **kw)


def test_touching_one_template_rebuilds_only_its_variants(tmp_path, toy_asm):
    first = run_build(_opts(tmp_path, toy_asm))
    assert len(first.built) == 8 and not first.cached

    again = run_build(_opts(tmp_path, toy_asm))
    assert again.built == [] and len(again.cached) == 8

    template = toy_asm / "toy" / "one.s.j2"
    os.utime(template)  # a touch without a change costs nothing: the key is the rendered source
    assert run_build(_opts(tmp_path, toy_asm)).built == []

    template.write_text(template.read_text().replace("s_nop {{ p.wait }}", "s_nop {{ p.wait }}\n  s_nop 0"))
    edited = run_build(_opts(tmp_path, toy_asm))
    assert edited.built == sorted(v for v in first.built if v.startswith("toy_one_"))
    assert sorted(edited.cached) == sorted(v for v in first.built if v.startswith("toy_two_"))


def test_editing_a_common_macro_rebuilds_every_user(tmp_path, toy_asm):
    run_build(_opts(tmp_path, toy_asm))
    common = toy_asm / "common" / "kernel.s.j2"
    common.write_text(common.read_text().replace("  s_endpgm\n", "  s_nop 1\n  s_endpgm\n"))
    assert len(run_build(_opts(tmp_path, toy_asm)).built) == 8


def test_stale_code_objects_are_removed_only_on_full_builds(tmp_path, toy_asm):
    run_build(_opts(tmp_path, toy_asm))
    stale = tmp_path / "pack" / "gfx942" / "toy_old_gfx942_w9.co"
    stale.write_bytes(b"old")
    partial = run_build(_opts(tmp_path, toy_asm, filter="toy_one_*"))
    assert stale.exists() and partial.removed == []
    full = run_build(_opts(tmp_path, toy_asm))
    assert not stale.exists() and full.removed == ["gfx942/toy_old_gfx942_w9.co"]


def test_partial_build_keeps_the_rest_of_the_manifest(tmp_path, toy_asm):
    import json
    run_build(_opts(tmp_path, toy_asm))
    run_build(_opts(tmp_path, toy_asm, families=["toy_two"]))
    manifest = json.loads((tmp_path / "pack" / "manifest.json").read_text())
    assert len(manifest["kernels"]) == 8


def test_work_dir_is_the_only_cache(tmp_path, toy_asm):
    run_build(_opts(tmp_path, toy_asm))
    pack_files = {p.relative_to(tmp_path / "pack").as_posix() for p in (tmp_path / "pack").rglob("*") if p.is_file()}
    assert all(f in ("manifest.json", "manifest.json.sha256") or f.endswith(".co") for f in pack_files)


def test_unchanged_variants_are_neither_rendered_nor_schema_checked_again(tmp_path, toy_asm, monkeypatch):
    import gen.build
    import gen.manifest
    run_build(_opts(tmp_path, toy_asm))
    manifest_before = (tmp_path / "pack" / "manifest.json").read_bytes()

    rendered, checked = [], []
    real_render, real_iter_errors = gen.build.render_text, gen.manifest.jsonschema.Draft202012Validator.iter_errors
    monkeypatch.setattr(gen.build, "render_text",
                        lambda template, *a, **kw: rendered.append(template) or real_render(template, *a, **kw))

    def counting_iter_errors(self, instance, *a, **kw):
        if isinstance(instance, dict) and "schema_version" in instance:  # the whole manifest, not a descent
            checked.append(len(instance["kernels"]))
        return real_iter_errors(self, instance, *a, **kw)
    monkeypatch.setattr(gen.manifest.jsonschema.Draft202012Validator, "iter_errors", counting_iter_errors)

    run_build(_opts(tmp_path, toy_asm))
    assert rendered == [] and checked == [0]
    assert (tmp_path / "pack" / "manifest.json").read_bytes() == manifest_before

    template = toy_asm / "toy" / "one.s.j2"
    template.write_text(template.read_text().replace("s_nop {{ p.wait }}", "s_nop {{ p.wait }}\n  s_nop 0"))
    edited = run_build(_opts(tmp_path, toy_asm))
    assert rendered == ["toy/one.s.j2"] * 4            # the four toy_one variants, not toy_two's
    assert checked[-1] == len(edited.built) == 4       # their new entries go through the schema again

