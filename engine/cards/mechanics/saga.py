"""Sagas (CR 714): lore counters and chapter abilities.

    card("The Tale of Tamiyo", Chapter(Mill(2, if_milled="share_type", then=(Draw(1),), repeat=True)), Chapter(ExileCopyCast(), targets=(...)))

A chapter line ("I, II, III — Mill two cards. ...", "IV — ...") gets a `Chapter(*effects,
targets=)`; its chapter numbers are read from the line itself (CR 714.2a). The reminder line
"(As this Saga enters and after your draw step, add a lore counter. Sacrifice after IV.)" is
skipped like any reminder. The rules are here, plugged into the engine through its hooks
(engine/rules/hooks.py):

* CR 714.3a: "As a Saga enters the battlefield, its controller puts a lore counter on it"
  (an "enters with" counter, CR 614.1c, however it enters);
* CR 714.3b: "As a player's precombat main phase begins, that player puts a lore counter on
  each Saga they control with one or more chapter abilities" — a turn-based action
  (`turn_based`), not a triggered ability: nothing can be done before it happens;
* CR 714.2b: a chapter ability triggers "if the number of lore counters on a Saga permanent
  with one or more chapter abilities is greater than or equal to the ability's chapter
  number" as lore counters are put on it, having been less before (each chapter of an
  "I, II, III —" line is its own ability, CR 714.2c); entering with its lore counter counts
  as a counter put on it (CR 122.6);
* CR 714.4 / 704.5s: a Saga whose lore counters are at least its final chapter number, and
  that isn't the source of a chapter ability that has triggered but not yet left the stack,
  is sacrificed as a state-based action (`state_based`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.cards.model import Triggered
from engine.cards.behaviour import card_def
from engine.cards.layer.targets import target_spec
from engine.cards.vocab.core import compile_effect
from engine.rules.characteristics import from_permanents

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context
    from engine.state import Obj

LORE = "lore"
LORE_ADDED = "lore_counters"  # lore counters were put on a permanent (obj, before, after)
_ROMAN = {"I": 1, "V": 5, "X": 10}
_LINE = re.compile(r"((?:[IVX]+)(?:, [IVX]+)*) — (.*)", re.S)


def roman(s: str) -> int:
    """A chapter symbol as a number (CR 714.2a: "I" is 1, "IV" is 4)."""
    total = 0
    for i, ch in enumerate(s):
        v = _ROMAN[ch]
        total += -v if i + 1 < len(s) and _ROMAN[s[i + 1]] > v else v
    return total


def chapters(line: str) -> tuple[int, ...]:
    """The chapter numbers of a chapter line ("I, II, III — ..." -> (1, 2, 3)); () if the
    line is no chapter line."""
    m = _LINE.match(line.strip())
    return tuple(roman(s) for s in m.group(1).split(", ")) if m else ()


@dataclass(frozen=True)
class ChapterReached:
    """The trigger condition of chapter `n` (CR 714.2b): lore counters were put on this Saga,
    and their number went from less than `n` to `n` or more."""
    n: int

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        if params.get("obj") != me.id:
            return False
        return int(params.get("before", 0)) < self.n <= int(params.get("after", 0))


@dataclass(frozen=True)
class EntersAtChapter:
    """Chapter `n` as the Saga enters with its lore counter(s) (CR 714.3a, 122.6: counters it
    enters with were put on it)."""
    n: int

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return me.counters.get(LORE, 0) >= self.n


@dataclass(frozen=True)
class Chapter:
    """A chapter line (CR 714.2): one chapter ability per chapter number of the line, each
    with these effects and targets."""
    effects: tuple[Any, ...]
    targets: tuple[Any, ...] = ()
    word: str = ""

    def __init__(self, *effects: Any, targets: tuple[Any, ...] = ()) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "word", "")

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        nums = chapters(label)
        if not nums:
            raise ValueError(f"not a chapter line: {label!r}")
        line = sum(1 for t in kw["triggered"] if isinstance(t.condition, ChapterReached))
        for n in nums:
            steps = [compile_effect(e) for e in self.effects]
            specs = [target_spec(t, label) for t in self.targets]
            kw["triggered"].append(Triggered(LORE_ADDED, steps, specs, condition=ChapterReached(n), label=label,
                                             line=line, door=door))
            kw["triggered"].append(Triggered("enters", list(steps), list(specs), condition=EntersAtChapter(n),
                                             label=label, line=line, door=door))
        if not any(k == LORE for k, _, _ in kw.get("enters_with", [])):
            kw.setdefault("enters_with", []).append((LORE, 1, None))  # CR 714.3a


def chapter_numbers(defn: "CardDef | None") -> list[int]:
    if defn is None:
        return []
    return [t.condition.n for t in defn.triggered if isinstance(t.condition, ChapterReached)]


def is_chapter(defn: "CardDef | None", ability: int) -> bool:
    return defn is not None and 0 <= ability < len(defn.triggered) \
        and isinstance(defn.triggered[ability].condition, (ChapterReached, EntersAtChapter))


def add_lore(g: "Context", oid: int, n: int = 1) -> None:
    """Put n lore counters on a Saga; its chapter abilities whose number is reached trigger
    (CR 714.2b)."""
    obj = g.st.objects[oid]
    before = obj.counters.get(LORE, 0)
    g.add_counters(oid, LORE, n)
    g.event("counter", card=obj.name, kind=LORE, count=n)
    g.triggers.fire(LORE_ADDED, obj=oid, before=before, after=before + n)


@lru_cache(maxsize=None)
def _final(name: str) -> int:
    nums = chapter_numbers(card_def(name))
    return max(nums) if nums else 0


# ------------------------------------------------------------------ hooks (engine/rules/hooks.py)
def turn_based(g: "Context", step: str, player: int) -> None:
    """CR 714.3b: as the precombat main phase begins, the active player puts a lore counter
    on each Saga they control with one or more chapter abilities (a turn-based action, CR 703.4)."""
    if step != "main1":
        return
    for oid, obj, c in list(g.perms(player)):
        if "Saga" in c.subtypes and chapter_numbers(c.defn):
            add_lore(g, oid, 1)


def sagas_of(g: "Context", p: int) -> list[int]:
    """p's permanents that are Sagas with a definition, in the battlefield's order: made of the
    permanents' characteristics alone, kept across positions while those are the same objects
    (characteristics.from_permanents) — not a walk of every permanent at each state-based
    action check. Callers never change the list."""
    got: list[int] = from_permanents(g, p, "sagas", lambda: _sagas_made(g, p))
    return got


def _sagas_made(g: "Context", p: int) -> list[int]:
    return [oid for oid, _, c in g.perms(p) if "Saga" in c.subtypes and c.defn is not None]


def sagas_stale(g: "Context") -> str | None:
    """For engine/cache_check.py: how the kept lists of Sagas differ from those read now."""
    for p in range(len(g.st.players)):
        if sagas_of(g, p) != _sagas_made(g, p):
            return f"Sagas of player {p}: kept {sagas_of(g, p)!r}, made {_sagas_made(g, p)!r}"
    return None


def state_based(g: "Context") -> bool:
    """CR 704.5s, 714.4: a Saga with lore counters at least its final chapter number, not
    the source of a chapter ability that has triggered but not yet left the stack, is
    sacrificed by its controller."""
    st = g.st
    did = False
    # (the Sagas among the permanents, each with its object and characteristics as they are
    # before any is sacrificed, in the order of all_perms)
    sagas = [(oid, st.objects[oid], g.chars(oid)) for p in range(len(st.players)) for oid in sagas_of(g, p)]
    for oid, obj, c in sagas:
        assert c.defn is not None
        final = _final(c.defn.name)
        if not final or obj.counters.get(LORE, 0) < final:
            continue
        waiting = any(w.get("source") == oid and is_chapter(c.defn, int(w.get("ability", -1))) for w in st.waiting)
        on_stack = any(st.objects[s].kind == "trigger" and st.objects[s].source == oid
                       and is_chapter(c.defn, st.objects[s].ability) for s in st.stack if s in st.objects)
        if waiting or on_stack or (st.pending is not None and st.pending.get("waiting", {}).get("source") == oid):
            continue
        if obj.zone == "battlefield":
            g.sacrifice(oid)
            did = True
    return did
