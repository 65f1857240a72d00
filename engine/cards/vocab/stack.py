"""Spells and abilities on the stack: countering (CR 701.5), copying spells (CR 707.10),
changing targets (CR 115.7) and "can't be countered".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.mechanics.suspend import exile_with_time_counters
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import EVENT, TARGET, run_then
from engine.rules.zones import new_object, put_on_stack
from engine.format import ref_text
from engine.rules import targets as tg
from engine.rules import payment, priority

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Counter:
    """Counter target spell (CR 701.5), or — with `unless_pays` — unless its controller pays
    that mana; `if_paid` effects follow for the counterspell's controller when they do
    ("If they do, surveil 2")."""
    unless_pays: str = ""
    if_paid: tuple[Any, ...] = ()
    # "If that spell is countered this way, exile it instead of putting it into its owner's
    # graveyard. You may cast that card without paying its mana cost for as long as it remains
    # exiled." (Kheru Spellsnatcher; a permission of the counterspell's controller, CR 601.2a, 118.9)
    exile_cast_free: bool = False

    def step(self) -> Step:
        cost_text, after = self.unless_pays, [e.step() for e in self.if_paid]
        exile_free = self.exile_cast_free

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "paid" in ctx:  # the effects after "If they do"
                return run_then(after, g, item, ctx, "counter_after", "paid")
            oid = g.target_obj(item, 0)
            if oid is None:
                return None
            victim = g.st.objects[oid]
            ctx["target_controller"] = victim.controller  # "Its controller manifests dread." (CR 608.2h)
            if exile_free:
                owner = victim.owner
                before = set(g.st.players[owner].exile)
                priority.counter(g, oid, to="exile")
                for new in [o for o in g.st.players[owner].exile if o not in before]:
                    if g.st.objects[new].kind == "card":  # (a copy ceases to exist, CR 707.10a)
                        g.allow_play(new, item.controller, -1, free=True)
                return None
            if not cost_text:
                priority.counter(g, oid)
                return None
            payer = victim.controller
            if "answer" not in ctx:
                if not payment.can_pay(g, payer, cost_text):
                    priority.counter(g, oid)
                    return None
                return Ask(payer, "yes_no", ["yes", "no"], "ask.pay_or_countered",
                           {"cost": cost_text, "card": victim.name})
            if ctx.pop("answer")[0] != "yes":
                priority.counter(g, oid)
                return None
            payment.pay_now(g, payer, cost_text)
            ctx["paid"] = True
            return run_then(after, g, item, ctx, "counter_after", "paid")
        return run


@dataclass(frozen=True)
class ChangeTarget:
    """"Change the target of target spell or ability with a single target." (CR 115.7a): the
    new target must be legal for it and different; with none, it stays as it was."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            oid = g.target_obj(item, 0)
            if oid is None:
                return None
            other = g.st.objects[oid]
            specs = tg.item_specs(g, other)
            if len(other.targets) != 1 or not specs:
                return None
            now = other.targets[0]
            current = ("o", now["obj"]) if "obj" in now else ("p", now["player"])
            refs = [r for r in tg.options(g, specs[0], other.controller, other.source)
                    if r != current and r != ("o", item.id) and r != ("o", oid)]
            if not refs:
                return None
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", [ref_text(g, r) for r in refs], "ask.change_target",
                           {"card": other.name})
            answer = ctx.pop("answer")[0].lower()
            ref = next((r for r in refs if ref_text(g, r).lower() == answer), refs[0])
            g.update(oid, targets=[tg.as_dict(ref)])
            g.event("retarget", card=other.name, target=ref_text(g, ref))
            g.triggers.became_target(oid, [tg.as_dict(ref)], other.controller)
            return None
        return run


@dataclass(frozen=True)
class SpellOf:
    """A target filter for spells of one of these card types ("target creature or
    enchantment spell"), by the spell's current types (CR 613.1d: an artifact spell Secret
    Arcade makes an enchantment spell is one)."""
    types: tuple[str, ...]
    what = "spell"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return bool(g.types_now(obj.id)[0] & set(self.types))


COPY = "copy"  # marks a copy of a spell in its stack object's ctx (it ceases to exist, CR 707.10a)


def copy_spell(g: "Context", oid: int, controller: int) -> int:
    """Put a copy of a spell on the stack (CR 707.10): the same targets, modes and X, and what
    its additional costs decided (Grab the Prize's discarded card); it is not cast (CR 707.10)
    and ceases to exist when it leaves the stack (CR 707.10a)."""
    orig = g.st.objects[oid]
    new = new_object(g, orig.name, controller, "stack")
    # CR 707.10: a copy of a spell is not a card — on the stack it is like a token spell
    new.kind, new.token, new.controller = "token", True, controller
    new.targets = [dict(t) for t in orig.targets]
    new.x, new.modes, new.alt = orig.x, list(orig.modes), orig.alt
    new.unlocked = list(orig.unlocked)  # a Room spell's copy keeps which door was cast (ruling; CR 709.3)
    # (its target words too: one per opponent of the original's, "word_players", CR 707.10)
    # (the sacrificed creature's mana value too: Sacrifice's copy adds as much, CR 707.10)
    # (cast as an Adventure for another cost, "cast_as": so is the copy, CR 707.10, 715.3)
    new.ctx = {COPY: True, **{k: v for k, v in orig.ctx.items()
                              if k in ("discarded_types", "from", "def", "word_players", "sacrificed_mv", "cast_as")}}
    put_on_stack(g, new.id)
    g.event("copy", card=orig.name, obj=new.id, player=g.pname(controller))
    g.triggers.fire("spell_copied", player=controller, obj=new.id)  # "Whenever you cast or copy ..." (Magecraft)
    return new.id


def new_targets(g: "Context", ctx: dict[str, Any], name_current: bool = False) -> Any:
    """"You may choose new targets for the copy/copies." (CR 707.10c, 115.7d): copy by copy
    (ctx["copy_ids"]), target by target, the copy's controller keeps it ("keep") or names
    another legal one — not one the copy already has for another target word (CR 115.3).
    `name_current`: the current target is listed by its name too, as another way to keep it
    (Echo Mage's scenarios name it; the red cards' refuse it). One decision for each target."""
    ids: list[int] = ctx.get("copy_ids", [])
    while ids:
        copy = g.st.objects.get(ids[0])
        if copy is None or copy.zone != "stack":
            ids.pop(0)
            ctx.pop("copy_i", None)
            continue
        specs = tg.item_specs(g, copy)
        while ctx.get("copy_i", 0) < min(len(specs), len(copy.targets)):
            i = ctx.get("copy_i", 0)
            now = copy.targets[i]
            current = ("o", now["obj"]) if "obj" in now else ("p", now["player"])
            word = specs[now.get("slot", i)].word
            taken = [("o", t["obj"]) if "obj" in t else ("p", t["player"]) for k, t in enumerate(copy.targets)
                     if specs[t.get("slot", k)].word == word]  # one object once per word (CR 601.2c)
            refs = [r for r in tg.options(g, specs[now.get("slot", i)], copy.controller, copy.source)
                    if r != current and r not in taken and r != ("o", copy.id)]
            if refs:
                names = [ref_text(g, r) for r in refs]
                keep = ["keep"] + ([ref_text(g, current)] if name_current else [])
                if "answer" not in ctx:
                    return Ask(copy.controller, "choose_card", keep + names, "ask.copy_target",
                               {"card": copy.name, "target": ref_text(g, current)})
                answer = ctx.pop("answer")[0]
                if answer not in keep:
                    ref = refs[names.index(answer)]
                    g.update(copy.id, targets=[{**tg.as_dict(ref), **({"slot": t["slot"]} if "slot" in t else {})}
                                               if k == i else t for k, t in enumerate(copy.targets)])
            ctx["copy_i"] = i + 1
        ctx.pop("copy_i", None)
        ids.pop(0)
    ctx.pop("copy_ids", None)
    return None


@dataclass(frozen=True)
class CopySpell:
    """Copies of a spell, each controlled by this ability's controller; you may choose new
    targets for them (CR 707.10, 707.10c). `of=TARGET`: "Copy target instant or sorcery spell
    [twice]." (Echo Mage: `times` copies; the new-target question names the current target);
    `of=EVENT`: "copy that spell" — the spell the trigger event named, if it is still on the
    stack."""
    times: int = 1
    of: str = TARGET

    def step(self) -> Step:
        times, of = self.times, self.of

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "copy_ids" not in ctx:
                if of == EVENT:
                    oid = ctx.get("event", {}).get("obj")
                    if oid not in g.st.objects or g.st.objects[oid].zone != "stack":
                        return None
                else:
                    oid = g.target_obj(item, 0)
                    if oid is None:
                        return None
                ctx["copy_ids"] = [copy_spell(g, oid, item.controller) for _ in range(times)]
            return new_targets(g, ctx, name_current=of == TARGET)
        return run


@dataclass(frozen=True)
class ExileThisSpell:
    """"Exile [this spell] [with N time counters on it]." as its last instruction: it goes to
    exile, not to its owner's graveyard (CR 608.2n: only a spell still on the stack goes to
    the graveyard; Expropriate). `time_counters`: exiled face up with that many time counters
    (Suspended Sentence) — with suspend, it is suspended (CR 702.62b)."""
    time_counters: int = 0

    def step(self) -> Step:
        n = self.time_counters

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if item.id not in g.st.stack:
                return
            if n:
                exile_with_time_counters(g, item.id, n)
            else:
                g.move(item.id, "exile", cause="resolve")
        return run
