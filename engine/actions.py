"""Actions: the only way to change a game, with one canonical text form (SCENARIOS.md).

An `Action` is a small immutable value: resolved object ids (what the engine needs) and
its canonical text (what logs, scenario files, bug reports and the network use). It holds
no reference to a game. `Game.parse_action` turns text back into an Action; `str(action)`
gives the text. docs/actions.md lists them all.

Every refusal is an `ActionError`: `ActionSyntaxError` (the text cannot be read),
`AmbiguousActionError` (a name fits several objects that differ) or `IllegalActionError`
(well formed, but not legal now). Each carries a message key and its parameters only; its
English sentence comes from engine/messages/, so a driver can translate it or show it as it is.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from engine.messages import english  # the one catalog of sentences (it imports nothing of the engine)

# verbs of the rules (priority and decisions)
RULES_VERBS = ("pass", "play", "cast", "activate", "unlock", "turn face up", "suspend", "attack", "block",
               "assign", "choose", "mulligan", "keep", "concede", "attacker", "blocker", "pick", "target")
# verbs of the table (manual moves; tabletop and hybrid modes)
MANUAL_VERBS = ("move", "tap", "untap", "untap all", "face down", "face up", "phase out",
                "phase in", "counter", "token", "life", "poison", "draw", "shuffle", "reveal",
                "roll", "flip coin", "attach", "detach", "note", "mill", "next step", "next turn",
                "arrow", "remove arrow", "clear arrows", "set in motion", "abandon")
_MANUAL = frozenset(MANUAL_VERBS)
# Limits of the free text a table action carries (a saved game and a LAN frame hold it): a longer
# one is refused with its own message (error.parse.*_too_long), never cut short.
# An action's text is what a saved game replays and what a LAN frame carries (engine/net/protocol.py
# ActionText): the engine records no action with a longer one (Game.apply refuses it), so every
# game it saved loads again. A longer declaration is made in parts (`attacker ...`, `attack done`).
MAX_ACTION_TEXT = 2000
MAX_TOKEN_NAME = 60
MAX_COUNTER_KIND = 40
MAX_NOTE = 200


class ActionError(Exception):
    """An action was refused; nothing changed. `key` + `params` name the message
    (engine/messages/refusals.py: "error.<key>") for translation; `str(error)` (and `.message`) is its
    English sentence, made from that one catalog entry. Raise it with the key and the
    placeholders of its sentence only: `IllegalActionError("cast.timing", card=name)`."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @property
    def message(self) -> str:
        return english(f"error.{self.key}", **self.params)

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> Any:  # pickling (worker processes) keeps the parameters
        return (_rebuild, (type(self), self.key, self.params))


def _rebuild(cls: type[ActionError], key: str, params: dict[str, Any]) -> ActionError:
    return cls(key, **params)


class ActionSyntaxError(ActionError):
    """The text (or a structured action's argument) cannot be read as an action."""


class AmbiguousActionError(ActionError):
    """A name fits several objects that are not interchangeable: say which (Name#K)."""


class IllegalActionError(ActionError):
    """The action is well formed but not legal now; the message says why (and cites the rule)."""


Ref = tuple[str, int]  # ("o", object id) or ("p", player index)


class Action(NamedTuple):
    """One action, immutable. Equality and hashing ignore `text` (derived from the rest in
    the position the action was made for). A NamedTuple because legal_actions creates many
    of them on every decision and a frozen dataclass is five times slower to create."""

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
    text: str = ""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self[:13] == other[:13]

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(self[:13])

    @property
    def manual(self) -> bool:
        return self.verb in _MANUAL

    def with_text(self, text: str) -> "Action":
        return self._replace(text=text)

    def __str__(self) -> str:
        return self.text or self.verb

    def __repr__(self) -> str:
        return f"Action({self.player}, {self.text or self.verb!r})"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "text": self.text}


def split_list(text: str) -> list[str]:
    """Split "A, B, C" — card names may contain commas, the caller re-joins pieces it cannot resolve."""
    return [p.strip() for p in text.split(",") if p.strip()]
