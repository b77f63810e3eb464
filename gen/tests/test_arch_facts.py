"""The arch table (arch/arch_facts.def) as gen reads it: every arch gives every field of the C++ ArchFacts
(arch/arch_facts.h), in its declaration order (the C++ side fills it by designated initializers), and the
generator's derived numbers are the table's."""
import re

import pytest

from gen import archs
from gen.arch_facts import DEF_PATH, load_arch_facts


def _cpp_fields() -> list[str]:
    header = open(DEF_PATH.replace("arch_facts.def", "arch_facts.h")).read()
    body = header[header.index("struct ArchFacts {"):header.index("};", header.index("struct ArchFacts {"))]
    return re.findall(r"^\s+[\w:]+ (\w+);", body, flags=re.M)


def test_every_arch_gives_every_field_in_order():
    fields = _cpp_fields()
    assert fields[0] == "name" and len(fields) > 20
    for arch, facts in load_arch_facts().items():
        assert list(facts) == fields[1:], arch


def test_the_generator_reads_its_numbers_from_the_table():
    facts = load_arch_facts()
    assert archs.ARCHS["gfx950"].lds_bytes == facts["gfx950"]["lds_bytes"] == 160 * 1024
    assert archs.FP8_FORMAT == {"gfx942": "e4m3fnuz", "gfx950": "e4m3fn"}
    assert archs.ROOFLINE["gfx942"].flops_per_ns_per_cu == 1307e3 / 304


def test_a_malformed_line_is_an_error(tmp_path):
    bad = tmp_path / "bad.def"
    bad.write_text("INGOT_ARCH_BEGIN(gfx942)\nINGOT_FACT(cus, 3O4)\nINGOT_ARCH_END()\n")
    with pytest.raises(ValueError, match="bad.def:2"):
        load_arch_facts(str(bad))
