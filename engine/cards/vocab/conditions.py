"""Conditions on the game state: "if you control ...", "as long as ...", "if it was cast",
"during your turn" — each called `condition(g, me)` (intervening "if": CR 603.4).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import run_then
from engine.rules.characteristics import from_permanents
from engine.rules.commander import is_commander
from engine.rules.teams import STARTING_LIFE

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Controls:
    """You control a permanent of this subtype (and card type); or, with no subtype, of a
    colour (`color`: "if you control a red permanent", CR 105.2) or that is your commander
    (`commander`: "As long as you control your commander", CR 903.3: the designation is the
    card's)."""
    subtype: str = ""
    card_type: str = "Creature"
    color: str = ""
    commander: bool = False

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        if self.commander:
            return any(g.st.objects[o].owner == me.controller and is_commander(g.st, g.st.objects[o])
                       for o in g.battlefield(me.controller))
        if self.color:
            return any(self.color in g.chars(o).colors for o in g.battlefield(me.controller))
        return any(self.card_type in g.chars(o).types and self.subtype in g.chars(o).subtypes
                   for o in g.battlefield(me.controller))


@dataclass(frozen=True)
class LifeAtMost:
    """A player's life total: "a player has N or less life" (`who="any"`: a player still in
    the game; the Duskmourn dual lands); `who="event_player"`: the trigger event's player (the
    active player if the event names none). `below_half_starting`: "if that player has less
    than half their starting life total" instead of N (CR 103.4: the format's starting total,
    the archenemy's own; in Archenemy Commander the team's shared life total, its ruling of
    You Cannot Hide from Me: "verwenden ... den gemeinsamen Lebenspunktstand des Teams")."""
    n: int = 0
    who: str = "any"
    below_half_starting: bool = False

    def __call__(self, g: "Context", me: "Obj", params: Any = None, *rest: Any) -> bool:
        if self.who == "any":
            return any(self._holds(g, p.index) for p in g.st.players if not p.lost)
        if self.who != "event_player":
            raise ValueError(f"whose life: {self!r}")
        p = params.get("player") if isinstance(params, dict) else None
        return self._holds(g, g.st.active if p is None else int(p))

    def _holds(self, g: "Context", p: int) -> bool:
        life = g.st.players[p].life
        if not self.below_half_starting:
            return life <= self.n
        start = g.config.starting_life if g.config.starting_life is not None else _starting_life(g, p)
        return 2 * life < start


def _starting_life(g: "Context", player: int) -> int:
    """The player's starting life total (CR 103.4): the format's, the archenemy's own."""
    fmt = g.config.format
    if fmt in STARTING_LIFE and g.st.players[player].team:
        alone = sum(1 for q in g.st.players if q.team == g.st.players[player].team) == 1
        return STARTING_LIFE[fmt][0 if alone else 1]
    return g.config.life


@dataclass(frozen=True)
class CreatureDiedThisTurn:
    """"if a creature died this turn" (CR 700.4); "if a non-Zombie creature died this turn"
    with `not_subtype` (its subtypes as it last existed, CR 113.7a)."""
    not_subtype: str = ""

    def __call__(self, g: "Context", *rest: Any) -> bool:
        if self.not_subtype:
            return any(self.not_subtype not in subs for subs in g.st.this_turn.get("died_subtypes", []))
        return int(g.st.this_turn.get("died", 0)) > 0


@dataclass(frozen=True)
class PrimeLands:
    """"you control a prime number of lands"."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        n = len(g.with_type(me.controller, "Land"))
        return n > 1 and all(n % k for k in range(2, int(n ** 0.5) + 1))


@dataclass(frozen=True)
class ControlsLandType:
    """"you control a Swamp or a Mountain" — a land with one of these land types (CR 305.6)."""
    types: tuple[str, ...]
    # it reads nothing but the characteristics of its controller's permanents: the mana sources
    # that ask it stay valid while those stay the same (engine/rules/payment.py player_mana)
    reads_own_permanents = True

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return not _land_types(g, me.controller).isdisjoint(self.types)


def _land_types(g: "Context", p: int) -> frozenset[str]:
    """The subtypes among the lands p controls, made from p's permanents' characteristics
    (characteristics.from_permanents: kept while those stay the same; a Verge's mana ability
    asks at every legal-action listing)."""
    got: frozenset[str] = from_permanents(g, p, "land_types", lambda: frozenset(
        t for o in g.with_type(p, "Land") for t in g.chars(o).subtypes))
    return got


@dataclass(frozen=True)
class ByResolutionThisTurn:
    """"[first] if this is the first time this ability has resolved this turn. If it's the
    second time, [second]. ... Otherwise, [otherwise]." — `branches[n-1]` the n-th time,
    `otherwise` after the last branch (nothing if empty). Counted per object (CR 400.7: a new
    object starts again), for every trigger of the ability (an ability word's several
    events: Eerie)."""
    branches: tuple[tuple[Any, ...], ...]
    otherwise: tuple[Any, ...] = ()

    def step(self) -> Step:
        branches = [[e.step() for e in b] for b in self.branches]
        otherwise = [e.step() for e in self.otherwise]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "nth" not in ctx:
                mark = f"resolutions:{item.source}"
                n = int(g.st.this_turn.get(mark, 0)) + 1
                g.st.this_turn[mark] = n
                ctx["nth"] = n
            n = ctx["nth"]
            return run_then(branches[n - 1] if n <= len(branches) else otherwise, g, item, ctx, "nth_step", "nth")
        return run


@dataclass(frozen=True)
class CastFrom:
    """An "enters with" condition: the permanent was cast from this zone."""
    zone: str

    def __call__(self, g: "Context", new: "Obj", spell: "Obj") -> bool:
        return spell.zone == "stack" and spell.ctx.get("from") == self.zone


@dataclass(frozen=True)
class AtLeast:
    """A condition: a count is N or more ("As long as you control N or more creature tokens",
    "if there are N or more unlocked doors among Rooms you control", "as long as you have at
    least N life more than your starting life total") — usable as a trigger condition
    (g, me, params) and as an intervening "if" checked again on resolution (CR 603.4)."""
    count: Any
    n: int = 1

    @property
    def reads_event(self) -> bool:
        """A count of the event or of the ability's record (core.If asks the ability)."""
        return bool(getattr(self.count, "reads_event", False))

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        if getattr(self.count, "reads_event", False):  # as a trigger condition: the event
            return int(self.count(g, me, *rest[:1])) >= self.n
        return int(self.count(g, me)) >= self.n


@dataclass(frozen=True)
class This:
    """A condition on this permanent (as it last existed on the battlefield if it left, CR
    603.10a): `was` is "cast" (it entered as a resolving permanent spell, CR 601.2, 608.3:
    "if it was cast", "if you cast it"), "creature" ("if it was a creature"),
    "without_counters" ("if it had no counters on it"), "entered_this_turn" ("As long as this
    [permanent] entered this turn", marked by engine/rules/zones.py), "tapped" ("if this
    creature is tapped", CR 110.5: Survival's intervening "if", Barbflare Gremlin's),
    "chose:WORD" (the word chosen as it entered was WORD: `AsEntersChoose(words=)`)."""
    was: str

    @property
    def when_tapped(self) -> bool:
        """"if this creature is tapped" holds once its source is tapped: a triggered mana
        ability may wait for its source to be tapped for mana first (engine/rules/mana_triggers.py)."""
        return self.was == "tapped"

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        if self.was == "tapped":
            return bool(me.tapped)
        if self.was == "cast":
            return bool(me.ctx.get("cast"))
        if self.was == "creature":
            return me.id in g.st.objects and g.is_type(me.id, "Creature")
        if self.was == "without_counters":
            return not any(n > 0 for n in me.counters.values())
        if self.was.startswith("chose:"):
            return bool(me.ctx.get("chosen_word") == self.was[len("chose:"):])
        if self.was == "entered_this_turn":
            return bool(g.st.this_turn.get(f"entered:{me.id}"))
        raise ValueError(f"unknown condition on this permanent {self.was!r}")


@dataclass(frozen=True)
class Turn:
    """A condition: "during your turn" (`yours`) or "if it's not your turn" — usable as a
    trigger condition (g, me, params) and as an intervening "if" (g, me), CR 603.4;
    `main_phase`: "during your main phase" (CR 505.1: the precombat or postcombat main phase
    of your turn); with `cast`, of a resolving spell: "if you cast this spell during your main
    phase" — a spell resolves in the step it was cast in (the stack is empty before a step
    ends, CR 500.2), and a copy was not cast (CR 707.10; ruling, Return to Dust)."""
    yours: bool
    main_phase: bool = False
    cast: bool = False

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        if self.main_phase and g.st.step not in ("main1", "main2"):
            return False
        if self.cast and me.ctx.get("copy"):
            return False
        return g.is_active(me.controller) == self.yours  # (shared team turns: CR 805.4a)

