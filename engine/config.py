"""GameConfig: everything needed to start a game; with the action list, a full replay."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

MODES = ("rules", "hybrid", "tabletop")
MAX_PLAYERS = 4


@dataclass
class GameConfig:
    """How a game starts.

    decks: one list of English card names per player (a `Deck` is converted by the caller).
    setup: a scenario position (SCENARIOS.md [setup]) instead of the normal start (CR 103).
    players: 2 to 4 names, distinct, in turn order (CR 101.4).
    goldfish: the second seat is empty — it never decides and never draws (testing a deck).
    """

    players: list[str] = field(default_factory=lambda: ["Alice", "Bob"])
    decks: list[list[str]] = field(default_factory=lambda: [[], []])
    mode: str = "hybrid"
    seed: int = 0
    starting_life: int = 20
    hand_size: int = 7
    first_player: int | None = None  # None: chosen at random (CR 103.1)
    goldfish: bool = False
    skip_mulligans: bool = False
    setup: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"Unknown mode {self.mode!r}; use one of {', '.join(MODES)}.")
        if not isinstance(self.players, list) or not 2 <= len(self.players) <= MAX_PLAYERS:
            raise ValueError(f"A game has 2 to {MAX_PLAYERS} players.")
        if any(not isinstance(n, str) or not n.strip() for n in self.players) \
                or len({n.lower() for n in self.players}) != len(self.players):
            raise ValueError("Each player needs a name of their own.")
        if self.goldfish and len(self.players) != 2:
            raise ValueError("Goldfishing is a two-seat game: you and the empty seat.")
        if self.first_player is not None and not 0 <= self.first_player < len(self.players):
            raise ValueError("The first player must be one of the seats.")
        if len(self.decks) > len(self.players):
            raise ValueError("There are more decks than players.")
        self.decks = [list(d) for d in self.decks] + [[] for _ in range(len(self.players) - len(self.decks))]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameConfig":
        return cls(**data)
