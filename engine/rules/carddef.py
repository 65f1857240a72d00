"""Typed primitives that card behaviour is composed of (DESIGN.md "Cards").

A card's behaviour is a `CardDef`: keywords, a spell ability (targets + effect steps),
activated abilities (CR 602), mana abilities (CR 605), triggered abilities (CR 603),
static abilities (CR 604) and replacement effects (CR 614). Effect steps are functions
`step(g, item, ctx)`; a step that needs a player's answer returns an `Ask` and is run
again with the answer in `ctx` — so a half-resolved spell is plain data (no generators)
and a game can be copied, saved and undone at any decision.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from engine.rules.card_terms import AllModesIfCastFor
from engine.rules.effects import CostChange, SelfCostChange
from engine.rules.rule_changes import PlayerRuleEntry
from engine.rules.static_ability import StaticAbility

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

Step = Callable[["Context", "Obj", dict[str, Any]], "Ask | None"]
Check = Callable[["Context", "Obj"], bool]
T = TypeVar("T")
# a copy's definition name: the card's name and the cards whose copy exceptions grant it
# abilities, "Name|+Granting card" (CR 707.9a; engine/cards/vocab/copies.py with_grants)
GRANTS = "|+"


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
    opponent_only: bool = False  # "... an opponent controls", "target opponent" (never a teammate, CR 102.3)
    not_yours_only: bool = False  # "... you don't control" (a teammate's too, CR 109.5)
    status: bool = False  # `extra` reads tapped/untapped status: the list is not cached
    yours_only: bool = False  # "... you control"
    another: bool = False  # "another target ...": not the ability's own source (triggered abilities)
    up_to: bool = False  # "up to one target ...": choosing none is allowed (CR 115.1d... 601.2c)
    owned_only: bool = False  # "... you own", whoever controls it (CR 108.3)
    # which instance of the word "target" it is (CR 601.2c, 115.3): targets of one word are
    # distinct objects ("two target creatures"), but one object may be chosen once for each word
    # ("up to one target creature, and up to one target enchantment"). Specs that share a word
    # number count as one word; 0 for all unless a card's words can name the same object.
    word: int = 0
    # "For each opponent, choose up to one target ... that player controls": one word per
    # opponent, made as the spell is cast (engine/rules/targets.py per_player); `player` is
    # the opponent a word made that way is for
    each_opponent: bool = False
    player: int | None = None


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
    # the ability exists only while this holds for its permanent: a leveler's band ability
    # (CR 710.2, as numbered in the level up rules); None = always
    active: Check | None = None
    amount: int = 1  # a mana ability's mana: "{T}: Add {G}{G}." adds two (CR 106.4)
    # "Add X mana ..., where X is ...": the amount as a count taken as it resolves, called
    # (g, source) (CR 107.3, 605.3b: the mana ability resolves at once); None: `amount`
    count: "Callable[[Context, Obj], int] | None" = None
    # a mana ability's spending restriction (CR 106.6): the purposes its mana may be spent on
    # (engine/rules/mana.py: "enchantment" for an enchantment spell, "room", "unlock" a door,
    # "face_up" turning a permanent face up); () = anything
    spend_only: tuple[str, ...] = ()
    origin: tuple[Any, ...] | None = None  # an ability gained from another: (its definition, index, token)
    life: int = 0  # "Pay N life" in the cost (CR 119.4, 602.2b)
    once: bool = False  # "Activate only once." (CR 602.5b: per object, CR 400.7)
    tap_other: "TargetSpec | None" = None  # "Tap another untapped creature you control" (CR 602.2b)
    exile_named: int = 0  # "Exile this card and N other cards named [it] from your graveyard" (CR 602.2b)
    counter: str = ""  # a mana ability that also puts a counter of this kind on its source
    condition: "Check | None" = None  # "Activate only if ..." (CR 602.5b), called (g, source)
    modes: "list[Mode]" = field(default_factory=list)  # "[Cost]: Choose one —" (CR 700.2)
    discard: int = 0  # "Discard a card" in the cost (CR 602.2b): chosen as the cost is paid
    crew: int = 0  # Crew N (CR 702.122): tap untapped creatures with total power N or greater
    loyalty: int | None = None  # a loyalty ability's cost: +N, 0 or -N loyalty counters (CR 606.4)
    other_action: str = "sacrifice"  # what the cost does to `sacrifice_other`: "return" to hand (ninjutsu)
    other_count: int = 1  # how many of them ("Return two lands you control ...")
    # "This land deals 1 damage to you." after a mana ability's "Add ..." (the painlands,
    # Talismans): part of the mana ability, so it happens as the mana is made (CR 605.3b, 120.3)
    damage: int = 0
    # "Exile this creature" / "Return [this] to its owner's hand" in the cost (CR 602.2b): the
    # zone the source is moved to as the cost is paid ("exile", "hand"); "" none
    self_to: str = ""

    def amount_now(self, g: "Context", obj: "Obj") -> int:
        """How much mana it adds now (CR 106.4): `amount`, or the count X ("Add X mana")."""
        return self.amount if self.count is None else max(0, int(self.count(g, obj)))

    def targets_for(self, modes: "list[int] | tuple[int, ...]" = ()) -> "list[TargetSpec]":
        """Its target requirements, for the chosen mode if it is modal (CR 700.2a)."""
        if not self.modes:
            return self.targets
        return [t for m in modes if 1 <= m <= len(self.modes) for t in self.modes[m - 1].targets]

    def steps_for(self, modes: "list[int] | tuple[int, ...]" = ()) -> "list[Step]":
        if not self.modes:
            return self.steps
        return [s for m in modes if 1 <= m <= len(self.modes) for s in self.modes[m - 1].steps]


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
    once_each_turn: bool = False  # "This ability triggers only once each turn."
    zone: str = "battlefield"  # where it works from: "graveyard" for "return this card from your graveyard"
    active: Check | None = None  # as Activated.active: a leveler's band ability (CR 710.2)
    # a modal triggered ability (CR 700.2b): the mode is chosen as it is put on the stack;
    # `unchosen`: "choose one that hasn't been chosen" (for this object, CR 400.7)
    modes: list["Mode"] = field(default_factory=list)
    unchosen: bool = False
    # "choose N. You may choose the same mode more than once." (CR 700.2d): the modes are chosen
    # one at a time as it is put on the stack; they are followed in printed order (CR 700.2a)
    choose: int = 1
    repeat: bool = False
    all_if: Check | None = None  # "If [condition], choose both instead.": every mode, no choice
    chosen_cache: dict[tuple[int, ...], list["TargetSpec"]] = field(default_factory=dict, repr=False, compare=False)

    def chosen_targets(self, modes: "list[int] | tuple[int, ...]") -> "list[TargetSpec]":
        """The target words of the chosen modes in printed order; each chosen mode's words are
        their own instances of "target" (CR 115.3: the same player may be chosen once for each),
        a mode chosen twice too."""
        key = tuple(sorted(modes))
        got = self.chosen_cache.get(key)  # the same spec objects each time (the target memo keys by id)
        if got is None:
            got = self.chosen_cache[key] = [replace(t, word=pos * 100 + t.word) for pos, m in enumerate(key)
                                            for t in self.modes[m - 1].targets]
        return got

    def chosen_steps(self, modes: "list[int] | tuple[int, ...]") -> list[Step]:
        """The steps of the chosen modes in printed order, each mode's steps counting their
        targets from that mode's first target (a mode chosen twice: twice, in the order chosen)."""
        return _mode_steps(self.modes, modes)


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
    or_pay: str = ""  # "... or pay {2}": the mana that may be paid instead
    # what is done to them: "sacrifice"; "return" (to its owner's hand);
    # "exile_from_graveyard" (cards in your graveyard), `count` of them
    action: str = "sacrifice"
    count: int = 1
    discard: bool = False  # "As an additional cost to cast this spell, discard a card."
    # "choose": the permanent is chosen, not sacrificed, and `reveal` cards in hand (printed
    # types) may be revealed instead; the spell remembers which
    kind: str = "sacrifice"  # or "choose", or "tap": tap `n` of them
    reveal: tuple[str, ...] = ()
    n: int = 1
    exile: bool = False  # "exile a creature you control" instead of sacrificing it


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
    cost_reduction: SelfCostChange | None = None  # CR 601.2f: "This spell costs {N} less to cast ..."
    ward: str | None = None  # CR 702.21
    # its static abilities: each makes the effects it contributes now (CR 604, 611.3a)
    statics: list[StaticAbility] = field(default_factory=list)
    token: bool = False
    modes: list[Mode] = field(default_factory=list)  # CR 700.2: "Choose one —"
    max_modes: int = 1
    # "Choose one. If [condition], choose one or more instead.": (g, card) -> bool
    more_modes: Callable[["Context", "Obj"], bool] | None = None
    additional: SacrificeCost | None = None
    # CR 614.1c: "enters with N [kind] counters [if ...]": (kind, N, condition(g, new, spell) or None)
    enters_with: list[tuple[str, int, Any]] = field(default_factory=list)
    # CR 601.2f: static cost reductions for its controller (engine/rules/effects.py CostChange)
    discounts: list[CostChange] = field(default_factory=list)
    delayed: list[list[Step]] = field(default_factory=list)  # its delayed abilities' effects (CR 603.7)
    # its reflexive abilities ("When you do, ...", CR 603.12): (target words, effects)
    reflexive: list[tuple[list[TargetSpec], list[Step]]] = field(default_factory=list)
    player_rules: list[PlayerRuleEntry] = field(default_factory=list)  # rule changes for its controller (RuleChange)
    # triggered mana abilities (CR 605.1b): "Whenever a player taps a land for mana, ..."
    # (engine/rules/mana_triggers.py); they resolve at once, without the stack (CR 605.4a)
    mana_triggers: list[Any] = field(default_factory=list)
    # what the mechanics of its text contribute, one typed term each (a way to cast it, a
    # permission or restriction, data its mechanic reads): engine/rules/card_terms.py for those
    # the rules read; flashback, impending, entering as a copy in their mechanics' modules
    terms: list[Any] = field(default_factory=list)

    def mode_limit(self, g: "Context", obj: "Obj", alt: str | None = None) -> int:
        """How many modes may be chosen now (CR 700.2), cast with alternative `alt` (None: the
        most any way of casting it allows)."""
        if self.more_modes is not None and self.more_modes(g, obj):
            return len(self.modes)
        kicked = self.term(AllModesIfCastFor)
        if kicked is not None and (alt is None or alt == kicked.alt or kicked.alt in alt.split("+")):
            return len(self.modes)
        return self.max_modes

    def mode_sets(self, g: "Context", obj: "Obj") -> list[tuple[int, ...]]:
        """Every legal choice of modes, each in printed order (CR 700.2a)."""
        n = len(self.modes)
        return [c for k in range(1, min(n, self.mode_limit(g, obj)) + 1) for c in combinations(range(1, n + 1), k)]

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
        return _mode_steps(self.modes, modes)

    def term(self, kind: type[T]) -> T | None:
        """The term of this kind its text contributed (CardDef.terms), or None."""
        got = self._terms.get(kind)
        return got

    def __post_init__(self) -> None:
        self._terms: dict[type, Any] = {type(t): t for t in self.terms}
        self._mana = [a for a in self.activated if a.mana]
        self._nonmana = [a for a in self.activated if not a.mana]
        self._gated = any(a.active is not None for a in self._mana)
        self._from_graveyard = any(a.zone == "graveyard" for a in self._nonmana)
        self._restricted_mana = any(a.spend_only for a in self._mana)
        self._costed_mana = any(a.cost for a in self._mana)
        # the common case of a mana source, "{T}: Add {G}." and nothing else to ask: a land,
        # a Treasure (legal actions list sources after every action, so this is the hot path)
        one = self._mana[0] if len(self._mana) == 1 else None
        self._plain_mana = one if one is not None and one.tap and not (
            one.spend_only or one.life or one.condition is not None or one.active is not None
            or one.count is not None or one.cost or one.damage) else None
        # nothing to list for it but, while it is untapped, its one plain mana ability (the
        # legal-action listing skips such permanents: most lands)
        self._only_plain_mana = not self._nonmana and (not self._mana or self._plain_mana is not None)

    def costed_mana(self) -> bool:
        """Whether a mana ability has a mana cost ("{1}, {T}: Add {W}{U}."): activated by hand."""
        return self._costed_mana

    def makes_restricted_mana(self) -> bool:
        """Whether a mana ability's mana may be spent only on some things (CR 106.6)."""
        return self._restricted_mana

    def only_plain_mana(self) -> bool:
        """No ability but, at most, one plain "{T}: Add ..." (see __post_init__)."""
        return self._only_plain_mana

    def plain_mana(self) -> "Activated | None":
        """Its one mana ability if that is a plain "{T}: Add ..." with no condition."""
        return self._plain_mana

    def works_from_graveyard(self) -> bool:
        """Whether it has an ability that works from the graveyard (CR 113.6k)."""
        return self._from_graveyard

    def gated_mana(self) -> bool:
        """Whether a mana ability exists only part of the time (a leveler's band, CR 710.2)."""
        return self._gated

    def mana_abilities(self) -> list[Activated]:
        return self._mana

    def nonmana_abilities(self) -> list[Activated]:
        return self._nonmana


def _mode_steps(modes: "list[Mode]", chosen: "list[int] | tuple[int, ...]") -> list[Step]:
    """The steps of the chosen modes (numbered from 1) in printed order (CR 700.2a), each mode's
    steps counting their targets from that mode's first target; a mode chosen twice comes twice."""
    out: list[Step] = []
    offset = 0
    for m in sorted(chosen):
        mode = modes[m - 1]
        out.extend(_offset_step(s, offset) for s in mode.steps)
        offset += len(mode.targets)
    return out


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
