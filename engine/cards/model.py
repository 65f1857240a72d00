"""Typed primitives that card behaviour is composed of (DESIGN.md "Cards").

A card's behaviour is a `CardDef`: keywords, a spell ability (targets + effect steps),
activated abilities (CR 602), mana abilities (CR 605), triggered abilities (CR 603),
static abilities (CR 604) and replacement effects (CR 614). Effect steps are functions
`step(g, item, ctx)`; a step that needs a player's answer returns an `Ask` and is run
again with the answer in `ctx` — so a half-resolved spell is plain data (no generators)
and a game can be copied, saved and undone at any decision.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

Step = Callable[["Context", "Obj", dict[str, Any]], "Ask | None"]
Check = Callable[["Context", "Obj"], bool]


@dataclass
class Ask:
    """A step's request for a decision: who decides, what kind, the options (texts)."""

    player: int
    kind: str  # choose_card | choose_color | yes_no | choose_number | discard ...
    options: list[str]
    prompt: str  # message key
    params: dict[str, Any] = field(default_factory=dict)
    count: int = 1  # how many options to pick
    min_count: int | None = None


@dataclass
class TargetSpec:
    """One target requirement (CR 115.1): which objects or players it may be."""

    what: str  # creature | creature_or_planeswalker | permanent | player | any | artifact | ...
    desc: str  # the card's wording, e.g. "target creature with power 2 or less"
    extra: Check | None = None  # further restriction on the object
    opponent_only: bool = False
    status: bool = False  # `extra` reads tapped/untapped status: the list is not cached
    yours_only: bool = False  # "... you control"
    another: bool = False  # "another target ...": not the ability's own source (triggered abilities)
    up_to: bool = False  # "up to one target ...": choosing none is allowed (CR 115.1d... 601.2c)


@dataclass
class Activated:
    """An activated ability (CR 602) or a mana ability (CR 605) when `mana` is set."""

    cost: str = ""  # mana part, e.g. "{1}"
    tap: bool = False  # {T} in the cost (CR 107.5)
    sacrifice: bool = False  # "Sacrifice this ..." in the cost
    discard_self: bool = False  # cycling-style (CR 702.29)
    zone: str = "battlefield"  # where it can be activated from
    sorcery: bool = False  # "Activate only as a sorcery" (CR 602.5d)
    targets: list[TargetSpec] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    mana: tuple[str, ...] = ()  # colours it can add: a mana ability (CR 605.1a)
    label: str = ""  # short English description for menus and logs
    level_up: bool = False  # CR 702.87
    sacrifice_other: "TargetSpec | None" = None  # "Sacrifice another [creature or enchantment]" (CR 602.2b)


@dataclass
class Triggered:
    """A triggered ability (CR 603): event key, condition, targets, effect steps."""

    event: str  # enters | dies | you_attack | attacks | step:end | ...
    steps: list[Step] = field(default_factory=list)
    targets: list[TargetSpec] = field(default_factory=list)
    condition: Callable[["Context", "Obj", dict[str, Any]], bool] | None = None
    label: str = ""
    door: str = ""  # a Room's door this ability belongs to: active only while unlocked (CR 709.5)
    line: int = -1  # on the card layer: the index of its line among the card's rules lines
    once: bool = False  # "This ability triggers only once." (for this object, CR 400.7)
    zone: str = "battlefield"  # where it works from: "graveyard" for "return this card from your graveyard"


@dataclass
class Mode:
    """One mode of a modal spell (CR 700.2): its own targets and effect."""

    label: str
    targets: list[TargetSpec] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)


@dataclass
class SacrificeCost:
    """"As an additional cost to cast this spell, sacrifice a ..." (CR 601.2b, 601.2h, 118.8)."""

    what: TargetSpec  # which of your permanents qualify (what/extra as for targets)
    or_pay: str = ""  # "... or pay {2}" (Betrayer's Bargain): the mana that may be paid instead


@dataclass
class CardDef:
    """A card's implemented behaviour. `implemented` lists the text lines it covers."""

    name: str
    keywords: frozenset[str] = frozenset()
    spell_targets: list[TargetSpec] = field(default_factory=list)
    spell_steps: list[Step] = field(default_factory=list)
    activated: list[Activated] = field(default_factory=list)
    triggered: list[Triggered] = field(default_factory=list)
    enters_tapped: Check | None = None  # CR 614.1c replacement "enters tapped (unless ...)"
    cost_reduction: Callable[["Context", "Obj", list[Any]], int] | None = None  # CR 601.2f
    ward: str | None = None  # CR 702.21
    statics: list[Callable[["Context", "Obj"], list[dict[str, Any]]]] = field(default_factory=list)
    token: bool = False
    modes: list[Mode] = field(default_factory=list)  # CR 700.2: "Choose one —"
    max_modes: int = 1
    additional: SacrificeCost | None = None
    impending: tuple[int, str] | None = None  # CR 702.176: (N, cost)
    # CR 614.1c: "enters with N [kind] counters [if ...]": (kind, N, condition(g, new, spell) or None)
    enters_with: list[tuple[str, int, Any]] = field(default_factory=list)
    # CR 601.2f: static cost reductions for its controller: ("Enchantment", 1), ("unlock", 1)
    discounts: list[tuple[str, int]] = field(default_factory=list)
    delayed: list[list[Step]] = field(default_factory=list)  # its delayed abilities' effects (CR 603.7)
    player_rules: list[str] = field(default_factory=list)  # rule changes for its controller: "ignore_hexproof"
    flashback: str | None = None  # CR 702.34: its flashback cost (engine/cards/mechanics/flashback.py)
    # "You may cast this card from your graveyard if ..." (CR 601.2a): the condition (g, card), or None
    graveyard_cast: Any = None

    def targets_for(self, modes: list[int] | tuple[int, ...]) -> list[TargetSpec]:
        """The spell's target requirements, for the chosen modes (1-based) if it is modal."""
        if not self.modes:
            return self.spell_targets
        return [t for m in modes for t in self.modes[m - 1].targets]

    def steps_for(self, modes: list[int] | tuple[int, ...]) -> list[Step]:
        """The effect steps of the chosen modes, in printed order (CR 700.2a); each mode's
        steps count their targets from that mode's first target."""
        if not self.modes:
            return self.spell_steps
        out: list[Step] = []
        offset = 0
        for m in sorted(modes):
            mode = self.modes[m - 1]
            out.extend(_offset_step(s, offset) for s in mode.steps)
            offset += len(mode.targets)
        return out

    def __post_init__(self) -> None:
        self._mana = [a for a in self.activated if a.mana]
        self._nonmana = [a for a in self.activated if not a.mana]

    def mana_abilities(self) -> list[Activated]:
        return self._mana

    def nonmana_abilities(self) -> list[Activated]:
        return self._nonmana


def _offset_step(step: Step, offset: int) -> Step:
    if not offset:
        return step

    def shifted(g: "Context", item: "Obj", ctx: dict[str, Any]) -> "Ask | None":
        ctx["target_offset"] = offset
        try:
            return step(g, item, ctx)
        finally:
            ctx.pop("target_offset", None)
    return shifted
