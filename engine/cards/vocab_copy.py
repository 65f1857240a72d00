"""Copying spells (CR 707.10): "Copy target instant or sorcery spell [twice]. You may choose
new targets for the copy [copies]." (Echo Mage).

    Activate("{U}{U}", CopySpell(), tap=True, targets=(SpellOf(("Instant", "Sorcery")),))

A copy is put on the stack above the ability (CR 707.10), controlled by the ability's
controller; it is not cast (no "whenever you cast" ability triggers); it copies the spell's
characteristics and the choices made for it — modes, targets, X, alternative cost
(707.10, 707.2). For each target of each copy the controller chooses a new target or keeps
the old one (707.10c: a decision, the current target listed among the legal choices). A
copy resolves as the spell would; it is never put into a graveyard: when it resolves or is
countered it ceases to exist (707.10a, 704.5e) — engine/rules/priority.py `_finish`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

COPY = "copy"  # marks a copy of a spell in its stack object's ctx


@dataclass(frozen=True)
class SpellOf:
    """A target restriction: a spell (CR 112.1) of one of these card types."""
    types: tuple[str, ...]
    what: str = "spell"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return any(t in g.printed_types(obj.id) for t in self.types)


@dataclass(frozen=True)
class CopySpell:
    """Copy the target spell `times` times; the controller may choose new targets for each copy."""
    times: int = 1

    def step(self) -> Step:
        times = self.times

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            from engine.rules import targets as tg
            from engine.rules.zones import new_object, put_on_stack
            st = g.st
            if "copies" not in ctx:
                oid = g.target_obj(item, 0)
                if oid is None:
                    return None
                orig = st.objects[oid]
                ids = []
                for _ in range(times):
                    c = new_object(g, orig.name, item.controller, "stack")
                    g.update(c.id, kind=orig.kind, controller=item.controller, targets=[dict(t) for t in orig.targets],
                             modes=list(orig.modes), x=orig.x, alt=orig.alt,
                             ctx={COPY: True, **{k: v for k, v in orig.ctx.items() if k in ("def", "token")}})
                    put_on_stack(g, c.id)
                    g.event("copy", player=g.pname(item.controller), card=orig.name)
                    ids.append(c.id)
                ctx["copies"] = ids
                ctx["todo"] = [[cid, i] for cid in ids for i in range(len(st.objects[cid].targets))]
            while ctx["todo"]:
                cid, i = ctx["todo"][0]
                copy = st.objects.get(cid)
                specs = tg.item_specs(g, copy) if copy is not None else []
                if copy is None or i >= len(specs):
                    ctx["todo"].pop(0)
                    continue
                refs = tg.options(g, specs[i], item.controller, cid)
                if not refs:
                    ctx["todo"].pop(0)
                    continue
                texts = [ref_text(g, r) for r in refs]
                if "answer" not in ctx:
                    # CR 707.10c: "You may choose new targets for the copy" — keep or change
                    return Ask(item.controller, "choose_card", texts, "ask.copy_target",
                               {"card": copy.name, "target": specs[i].desc})
                answer = ctx.pop("answer")[0]
                if answer in texts:
                    chosen = list(copy.targets)
                    chosen[i] = tg.as_dict(refs[texts.index(answer)])
                    g.update(cid, targets=chosen)
                ctx["todo"].pop(0)
            return None
        return run
