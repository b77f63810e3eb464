import pytest

from gen.build import BuildError, BuildOptions, run_build
from gen.render import inject_origin_markers, render, make_environment
from gen.tests.conftest import toy_spec


def _build(tmp_path, toy_asm):
    spec = toy_spec("toy_one", "toy/one.s.j2", archs=("gfx942",))
    return run_build(BuildOptions(str(tmp_path / "pack"), str(tmp_path / "work"), ["gfx942"], jobs=1,
                                  specs=[spec], asm_dir=str(toy_asm)))


def test_broken_template_line_is_named_with_the_rendered_line(tmp_path, toy_asm):
    template = toy_asm / "toy" / "one.s.j2"
    lines = template.read_text().split("\n")
    lines.insert(3, "  v_bogus_op v1, v2")   # becomes template line 4
    template.write_text("\n".join(lines))
    with pytest.raises(BuildError) as err:
        _build(tmp_path, toy_asm)
    text = str(err.value)
    assert "template: asm/toy/one.s.j2:4" in text
    assert "v_bogus_op v1, v2" in text
    assert "toy_one_gfx942_w0.s:" in text      # the rendered file and its line
    s_line = int(text.split("toy_one_gfx942_w0.s:")[1].split(":")[0])
    rendered = (tmp_path / "work" / "gfx942" / "toy_one_gfx942_w0.s").read_text().split("\n")
    assert rendered[s_line - 1].strip() == "v_bogus_op v1, v2"


def test_error_inside_a_common_macro_names_the_macro_line_and_caller(tmp_path, toy_asm):
    common = toy_asm / "common" / "kernel.s.j2"
    text = common.read_text()
    common.write_text(text.replace("  s_endpgm\n", "  s_endpgm bad_operand\n"))
    macro_line = text.split("\n").index("  s_endpgm") + 1
    with pytest.raises(BuildError) as err:
        _build(tmp_path, toy_asm)
    assert f"asm/common/kernel.s.j2:{macro_line}" in str(err.value)
    assert "called from asm/toy/one.s.j2:" in str(err.value)


def test_operand_error_repeated_on_identical_lines_maps_to_each_occurrence(tmp_path, toy_asm):
    template = toy_asm / "toy" / "one.s.j2"
    lines = template.read_text().split("\n")
    lines[3:3] = ["  v_add_f32 v1, v2", "  s_nop 0", "  v_add_f32 v1, v2"]  # lines 4 and 6
    template.write_text("\n".join(lines))
    with pytest.raises(BuildError) as err:
        _build(tmp_path, toy_asm)
    assert "asm/toy/one.s.j2:4" in str(err.value) and "asm/toy/one.s.j2:6" in str(err.value)


def test_markers_are_not_injected_inside_multiline_tags():
    src = "{# a\n  comment #}\n{{ x +\n 1 }}\n{% if y %}\nline\n{% endif %}\n"
    marked = inject_origin_markers(src, "t")
    assert marked.split("\n")[1] == "  comment #}"
    assert marked.split("\n")[3] == " 1 }}"
    assert "\x1et:6\x1f" in marked and "\x1et:5\x1f" not in marked


def test_rendered_text_has_no_markers_and_one_origin_per_line(toy_asm):
    spec = toy_spec("toy_one", "toy/one.s.j2")
    from gen.context import build_context
    from gen.spec import expand
    variant = expand(spec, ["gfx942"])[0][0]
    out = render(spec.template, build_context(spec, variant), make_environment(toy_asm))
    assert "\x1e" not in out.text and "\x1f" not in out.text
    assert len(out.origins) == len(out.text.split("\n"))
    nop = out.text.split("\n").index("  s_nop 0") + 1
    assert out.origin_of(nop).describe() == "asm/toy/one.s.j2:3"


def test_text_only_rendering_is_the_source_mapped_text(toy_asm, tmp_path):
    # The build renders without the source map; what it assembles must be the mapped rendering's text.
    from gen.context import build_context
    from gen.families import FAMILIES
    from gen.render import render_text
    from gen.spec import expand
    # trailing blanks, a macro's markers inside a line, an empty line
    (tmp_path / "t.s.j2").write_text("{% macro m(x) %}\n  v_mov {{ x }}   \n{% endmacro %}\n  s_nop 0  \n\n"
                                     "{{ m(1) }} ; {{ m(2) }}\n")
    env = make_environment(tmp_path)
    expected = "  s_nop 0\n\n  v_mov 1\n ;   v_mov 2\n\n"
    assert render_text("t.s.j2", {}, env) == render("t.s.j2", {}, env).text == expected
    toy = toy_spec("toy_one", "toy/one.s.j2")
    cases = [(toy, expand(toy, ["gfx942"])[0][0], make_environment(toy_asm))]
    for name in ("gemm", "fmha_fwd"):  # real templates: macros, imports, markers nested in call chains
        spec = FAMILIES[name]
        cases.append((spec, expand(spec, ["gfx950"])[0][-1], make_environment()))
    for spec, variant, env in cases:
        context = build_context(spec, variant)
        assert render_text(spec.template, context, env) == render(spec.template, context, env).text, variant.id


def test_parse_located_llvm_mc_errors():
    from gen.toolchain.diagnostics import parse_mc_errors
    source = "a\nb\nc\n"
    text = "/tmp/x/kernel.s:2:3: error: invalid operand for instruction\n  b\n  ^\n"
    [d] = parse_mc_errors(text, source)
    assert (d.line, d.message) == (2, "invalid operand for instruction")


def test_parse_bare_errors_in_source_order():
    from gen.toolchain.diagnostics import parse_mc_errors
    source = "x\nbad\nok\nbad\n"
    text = "error: e1\nbad\n^\nerror: e2\nbad\n^\n"
    assert [d.line for d in parse_mc_errors(text, source)] == [2, 4]


def test_jinja_errors_name_the_template_line(tmp_path, toy_asm):
    template = toy_asm / "toy" / "one.s.j2"
    template.write_text(template.read_text().replace("s_nop {{ p.wait }}", "s_nop {{ p.no_such_param }}"))
    with pytest.raises(BuildError, match=r"one\.s\.j2:3: UndefinedError"):
        _build(tmp_path, toy_asm)
    template.write_text("{% if %}\n")
    with pytest.raises(BuildError, match=r"one\.s\.j2:1: TemplateSyntaxError"):
        _build(tmp_path, toy_asm)
