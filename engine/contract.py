"""The typed contract between the engine and its drivers (GUI, LAN server, bots, tests):
the open `Decision`, the game's `Outcome`, and read-only public figures. All frozen values;
drivers read these (through `Game`) and never the state's internals (`game.st`).
`engine.game` re-exports them: import them from there.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any, Mapping

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class Decision:
    """What the game waits for.

    kind: priority | mulligan | attackers | blockers | bottom | discard | ask | order_triggers
          | targets.
    options: the answers to pick from (ask, order_triggers, targets: their texts; bottom and
          discard: the names of the cards still in hand); empty for the other kinds.
    min_count/max_count: how many picks end the decision (bottom/discard: exactly N).
    ordered: the order of the picks matters (order_triggers).
    chosen: what was picked or declared so far in this decision, as action text.
    refs: for each option, the id of the public object (battlefield or stack) it names, or
          None — so a GUI can take a click on the card instead of a name ("Name#1").
    prompt + params: the message key and its parameters (the GUI translates them).
    """

    kind: str
    player: int
    options: tuple[str, ...] = ()
    min_count: int = 0
    max_count: int = 0
    ordered: bool = False
    prompt: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    chosen: tuple[str, ...] = ()
    refs: tuple[int | None, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "options": list(self.options),
                "min_count": self.min_count, "max_count": self.max_count, "ordered": self.ordered,
                "prompt": self.prompt, "params": dict(self.params), "chosen": list(self.chosen),
                "refs": list(self.refs)}


class Termination(str, Enum):
    """Why the game ended (CR 104)."""

    LIFE = "life"  # CR 704.5a
    POISON = "poison"  # CR 704.5c
    EMPTY_LIBRARY = "empty_library"  # CR 704.5b
    CONCEDE = "concede"  # CR 104.3a
    DRAW = "draw"  # CR 104.4a: all remaining players lost at once
    LOOP = "loop"  # CR 104.4b: a loop of mandatory actions with no end
    OTHER = "other"  # an effect ("you lose the game"), or a loss by hand


@dataclass(frozen=True)
class Outcome:
    """winner: the winning seat, or None for a draw. team: in a game of teams (Archenemy, CR
    904.2) the winning team's name — all its members win, `winner` is the first of them
    still in the game."""

    winner: int | None
    termination: Termination
    team: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": self.winner, "termination": self.termination.value}
        if self.team is not None:
            out["team"] = self.team
        return out


@dataclass(frozen=True)
class PlayerInfo:
    """A player's public figures (CR 400.2: counts of hidden zones, never their contents)."""

    index: int
    name: str
    life: int
    poison: int
    hand_count: int
    library_count: int
    graveyard_count: int
    exile_count: int
    lost: bool
    conceded: bool
    mulligans: int
    lands_played: int
    mana: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class StackItem:
    """A public item on the stack (a spell or an ability)."""

    id: int
    name: str
    kind: str  # card | token | ability | trigger | ward | delayed | a keyword mechanic (impending)
    controller: int
    source: int | None
    targets: tuple[str, ...]  # target texts as actions name them
