"""assemble_kernel.py's `;@from` variants: the body is the base kernel's with exactly the stated edits
(checked line by line against the base file read here), and an edit whose LINE does not match exactly one
line of the base fails instead of silently producing the unedited kernel."""
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import assemble_kernel  # noqa: E402


def code_lines(text):
    return [l.strip() for l in text.splitlines() if l.strip() and not l.strip().startswith(";")]


def base():
    return code_lines(open(os.path.join(HERE, "kernels", "split_k_reduce.s")).read())


def variant(tmp_path, *edits):
    path = tmp_path / "v.s"
    path.write_text(";@kernel v\n;@from split_k_reduce.s\n" + "".join(f";@{e}\n" for e in edits))
    # ;@from is resolved next to the variant: put a copy of the base there.
    (tmp_path / "split_k_reduce.s").write_text(open(os.path.join(HERE, "kernels", "split_k_reduce.s")).read())
    return assemble_kernel.apply_variant(str(path), path.read_text())


def test_delete_removes_only_that_line(tmp_path):
    text, keys, bases = variant(tmp_path, "delete buffer_wbl2 sc1")
    expected = base()
    expected.remove("buffer_wbl2 sc1")
    assert code_lines(text) == expected
    assert keys["kernel"] == "v" and bases == [str(tmp_path / "split_k_reduce.s")]


def test_delete_after_and_insert_after(tmp_path):
    text, _, _ = variant(tmp_path, "delete_after buffer_wbl2 sc1", "insert_after buffer_wbl2 sc1 => s_nop 0")
    expected = base()
    i = expected.index("buffer_wbl2 sc1")
    expected[i + 1] = "s_nop 0"  # the s_waitcnt after it replaced
    assert code_lines(text) == expected


def test_replace_and_insert_before(tmp_path):
    text, _, _ = variant(tmp_path, "replace buffer_wbl2 sc1 => s_nop 1", "insert_before s_nop 1 => s_nop 2")
    expected = base()
    i = expected.index("buffer_wbl2 sc1")
    expected[i:i + 1] = ["s_nop 2", "s_nop 1"]
    assert code_lines(text) == expected


def test_a_variant_of_a_variant_applies_both_edits_in_order(tmp_path):
    variant(tmp_path, "delete buffer_wbl2 sc1")  # writes v.s (a variant of split_k_reduce.s) and the base
    path = tmp_path / "w.s"
    path.write_text(";@kernel w\n;@from v.s\n;@delete buffer_inv sc1\n")
    text, keys, bases = assemble_kernel.apply_variant(str(path), path.read_text())
    expected = base()
    expected.remove("buffer_wbl2 sc1")
    expected.remove("buffer_inv sc1")
    assert code_lines(text) == expected
    assert keys["kernel"] == "w" and "delete" not in keys
    assert bases == [str(tmp_path / "v.s"), str(tmp_path / "split_k_reduce.s")]


@pytest.mark.parametrize("edit", ["delete s_waitcnt vmcnt(0)", "delete buffer_wbl2 sc0", "delete_after nothing"])
def test_an_edit_must_match_exactly_one_line(tmp_path, edit):
    with pytest.raises(assemble_kernel.VariantError, match="matches"):
        variant(tmp_path, edit)


def test_every_checked_in_variant_differs_from_its_base():
    for name in sorted(os.listdir(os.path.join(HERE, "kernels"))):
        path = os.path.join(HERE, "kernels", name)
        text = open(path).read()
        if ";@from " not in text:
            continue
        body, keys, _ = assemble_kernel.apply_variant(path, text)
        assert keys["kernel"] == name[:-2]
        base_text = open(os.path.join(HERE, "kernels", keys["from"])).read()
        # A variant changes the code, or the descriptor (header keys such as ;@enable), or both.
        descriptor = {k: v for k, v in keys.items() if k not in ("kernel", "from")}
        base_descriptor = {k: v for k, v in assemble_kernel.parse_header(base_text).items() if k != "kernel"}
        assert (code_lines(body), descriptor) != (code_lines(base_text), base_descriptor), name
