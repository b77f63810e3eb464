"""The values a template renders from: everything comes from the family spec's declaration."""

from dataclasses import dataclass

from gen import archs
from gen.archs import WAVE_SIZE, arch_info
from gen.spec import FamilySpec, KernargLayout, PlacedArg, Variant

# SGPRs the hardware may use beyond next_free_sgpr (VCC); reported in the metadata's sgpr_count
_VCC_SGPRS = 2


@dataclass(frozen=True)
class KernelContext:
    id: str
    family: str
    op: str
    arch: str
    target_id: str
    template: str
    kernarg: KernargLayout
    workgroup: tuple[int, int, int]
    workgroup_ids: str
    lds_bytes: int
    next_free_vgpr: int
    next_free_sgpr: int
    agpr_count: int
    read_only: tuple[str, ...]
    write_only: tuple[str, ...]

    @property
    def max_flat_workgroup_size(self) -> int:
        x, y, z = self.workgroup
        return x * y * z

    @property
    def accum_offset(self) -> int:
        """The accumulator file (AGPRs) starts right after the arch VGPRs (4-aligned)."""
        return max(4, (self.next_free_vgpr + 3) // 4 * 4)

    @property
    def unified_vgprs(self) -> int:
        """.amdhsa_next_free_vgpr: the arch VGPRs, or with AGPRs in use the accumulators' end in the unified file."""
        return self.accum_offset + self.agpr_count if self.agpr_count else self.next_free_vgpr

    @property
    def sgpr_count(self) -> int:
        return self.next_free_sgpr + _VCC_SGPRS

    @property
    def wavefront_size(self) -> int:
        return WAVE_SIZE

    def arg(self, name: str) -> PlacedArg:
        for a in self.kernarg.args:
            if a.name == name:
                return a
        raise KeyError(f"{self.id}: no kernarg named '{name}'")


def build_context(spec: FamilySpec, variant: Variant) -> dict:
    plan = spec.plan(variant.arch, variant.params)
    wg = spec.workgroup(variant.params)
    k = KernelContext(
        id=variant.id, family=spec.name, op=spec.op, arch=variant.arch,
        target_id=arch_info(variant.arch).target_id, template=f"asm/{spec.template}",
        kernarg=spec.kernarg_layout(variant.params), workgroup=(wg[0], wg[1], wg[2]),
        workgroup_ids=plan.get("workgroup_ids", "x"), lds_bytes=plan["lds_bytes"],
        next_free_vgpr=plan["next_free_vgpr"], next_free_sgpr=plan["next_free_sgpr"], agpr_count=plan.get("agprs", 0),
        read_only=tuple(spec.extra.get("read_only", ())), write_only=tuple(spec.extra.get("write_only", ())))
    return {"k": k, "p": _AttrDict(variant.params), "r": _AttrDict(plan), "isa": archs}


class _AttrDict(dict):
    """Lets templates write p.bm as well as p['bm']."""
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None
