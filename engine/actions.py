"""Actions: the only way to change a game, with one canonical text form (SCENARIOS.md).

An `Action` holds resolved object ids (what the engine needs) and its canonical text
(what logs, scenario files, bug reports and the network use). `Game.parse_action` turns
text back into an Action; `str(action)` gives the text. docs/actions.md lists them all.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# verbs of the rules (priority and decisions)
RULES_VERBS = ("pass", "play", "cast", "activate", "unlock", "turn face up", "attack", "block",
               "assign", "choose", "mulligan", "keep", "concede")
# verbs of the table (manual moves; tabletop and hybrid modes)
MANUAL_VERBS = ("move", "tap", "untap", "untap all", "face down", "face up", "phase out",
                "phase in", "counter", "token", "life", "poison", "draw", "shuffle", "reveal",
                "roll", "flip coin", "attach", "detach", "note", "mill", "next step", "next turn")


class IllegalActionError(ValueError):
    """The action is not legal now; the message says why (and cites the rule)."""

    def __init__(self, message: str, key: str = "illegal", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


Ref = tuple[str, int]  # ("o", object id) or ("p", player index)


@dataclass(slots=True, eq=True)
class Action:
    """Treat as immutable. (Not frozen only because frozen dataclasses are five times slower
    to create, and legal_actions creates many of them on every decision.)"""

    player: int
    verb: str
    obj: int | None = None
    targets: tuple[Ref, ...] = ()
    face: str = ""
    alt: str = ""
    x: int | None = None
    modes: tuple[int, ...] = ()
    ability: int = 0  # 1-based among non-mana activated abilities; 0 = the (first) mana ability
    pairs: tuple[tuple[int, Ref], ...] = ()  # attack: (attacker, defender); block: (blocker, ("o", attacker))
    choice: tuple[str, ...] = ()
    pay: tuple[int, ...] = ()
    args: tuple[Any, ...] = ()
    text: str = field(default="", compare=False)
    # the game that listed this action: its text is made on first use (most listed actions
    # are never shown), from the same position (Game.apply fills it in before changing anything)
    game: Any = field(default=None, compare=False, repr=False)

    def __hash__(self) -> int:
        return hash((self.player, self.verb, self.obj, self.targets, self.modes, self.ability, self.pairs,
                     self.choice, self.pay, self.args, self.alt, self.x, self.face))

    @property
    def manual(self) -> bool:
        return self.verb in MANUAL_VERBS

    def __str__(self) -> str:
        if not self.text and self.game is not None:
            from engine.format import text_of
            object.__setattr__(self, "text", text_of(self.game, self))
        return self.text or self.verb

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "text": self.text}


def split_list(text: str) -> list[str]:
    """Split "A, B, C" — card names may contain commas, the caller re-joins pieces it cannot resolve."""
    return [p.strip() for p in text.split(",") if p.strip()]
