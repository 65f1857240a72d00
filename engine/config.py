"""GameConfig: everything needed to start a game; with the action list, a full replay."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

MODES = ("rules", "hybrid", "tabletop")
#: Game formats (CR 100.2, 901-905). free_for_all is the plain multiplayer game (CR 806);
#: commander is CR 903; the archenemy ones (CR 904) and Supervillain Rumble are built on it.
FORMATS = ("free_for_all", "commander", "archenemy_commander", "archenemy", "supervillain_rumble")
#: The formats in which each player has a commander (CR 903.3).
COMMANDER_FORMATS = ("commander", "archenemy_commander", "supervillain_rumble")
#: The formats in which players have scheme decks (CR 904; engine/rules/schemes.py).
SCHEME_FORMATS = ("archenemy", "archenemy_commander", "supervillain_rumble")
#: The formats with two teams, the archenemy against the others (CR 904.2).
TEAM_FORMATS = ("archenemy", "archenemy_commander")
#: Each player's starting life in a format (CR 103.4; 103.4c / 119.1c / 903.7: 40 in Commander).
# (the archenemy formats: the archenemy's and the team's own totals are issue 29's — CR 103.4e,
# the release notes' 60 — this is the figure of a seat without them)
FORMAT_LIFE = {"free_for_all": 20, "commander": 40, "archenemy_commander": 60, "archenemy": 20,
               "supervillain_rumble": 40}
#: A player has at most two commanders (CR 903.3c, partner; the engine does not check partner).
MAX_COMMANDERS = 2
MAX_PLAYERS = 4
#: No deck has more cards (engine.decks caps every zone at the same number when reading).
MAX_DECK_CARDS = 10_000


@dataclass
class GameConfig:
    """How a game starts.

    decks: one list of English card names per player (a `Deck` is converted by the caller).
    setup: a scenario position (SCENARIOS.md [setup]) instead of the normal start (CR 103).
    players: 2 to 4 names, distinct, in turn order (CR 101.4).
    goldfish: the second seat is empty — it never decides and never draws (testing a deck).
    format: one of FORMATS; starting_life None is the format's (FORMAT_LIFE).
    commanders: per player, the names of their commanders (CR 903.3), in a commander format;
    each is one of that player's deck cards and starts in the command zone (CR 903.6).
    schemes: per player, their scheme deck (CR 904.3: English scheme names, at most one of each;
    shuffled as the game begins), in a format with schemes (engine/rules/schemes.py).
    teams: per player, the team's name (CR 904.2, 805); empty: the format's teams (archenemy
    formats: the first seat with a scheme deck alone, the others together).
    """

    players: list[str] = field(default_factory=lambda: ["Alice", "Bob"])
    decks: list[list[str]] = field(default_factory=lambda: [[], []])
    mode: str = "hybrid"
    seed: int = 0
    starting_life: int | None = None  # None: the format's (CR 103.4)
    hand_size: int = 7
    first_player: int | None = None  # None: chosen at random (CR 103.1)
    goldfish: bool = False
    skip_mulligans: bool = False
    setup: dict[str, Any] | None = None
    format: str = "free_for_all"
    commanders: list[list[str]] = field(default_factory=list)
    schemes: list[list[str]] = field(default_factory=list)
    teams: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"Unknown mode {self.mode!r}; use one of {', '.join(MODES)}.")
        if self.format not in FORMATS:
            raise ValueError(f"Unknown format {self.format!r}; use one of {', '.join(FORMATS)}.")
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
        if any(len(d) > MAX_DECK_CARDS for d in self.decks):
            raise ValueError(f"A deck has more than {MAX_DECK_CARDS} cards.")
        self._check_commanders()
        self._check_schemes()

    def _check_schemes(self) -> None:
        """CR 904.3 (the release notes: "darf höchstens ein Exemplar einer bestimmten
        Komplott-Karte enthalten"): a scheme deck holds each scheme at most once."""
        if not isinstance(self.schemes, list) or len(self.schemes) > len(self.players):
            raise ValueError("There are more scheme decks than players.")
        self.schemes = [list(s) for s in self.schemes] + [[] for _ in range(len(self.players) - len(self.schemes))]
        if any(self.schemes) and self.format not in SCHEME_FORMATS:
            raise ValueError(f"The format {self.format} has no schemes.")
        for deck in self.schemes:
            if len(set(deck)) != len(deck):
                raise ValueError("A scheme deck holds each scheme at most once.")
        if not isinstance(self.teams, list) or (self.teams and len(self.teams) != len(self.players)):
            raise ValueError("Name a team for every player or for none.")

    def _check_commanders(self) -> None:
        """CR 903.3, 903.6: each commander is named once and is a card of its player's deck
        (a scenario's [setup] names them itself)."""
        if not isinstance(self.commanders, list) or len(self.commanders) > len(self.players):
            raise ValueError("There are more commander lists than players.")
        self.commanders = [list(c) for c in self.commanders] + \
            [[] for _ in range(len(self.players) - len(self.commanders))]
        if any(self.commanders) and self.format not in COMMANDER_FORMATS:
            raise ValueError(f"The format {self.format} has no commanders.")
        for deck, names in zip(self.decks, self.commanders):
            if len(names) > MAX_COMMANDERS or any(not isinstance(n, str) for n in names):
                raise ValueError(f"A player has at most {MAX_COMMANDERS} commanders.")
            for name in names:
                if deck.count(name) < names.count(name):
                    raise ValueError(f"The commander {name} is not one of its player's deck cards (CR 903.3).")

    @property
    def life(self) -> int:
        """Each player's starting life: the setting, or the format's (CR 103.4, 903.7)."""
        return self.starting_life if self.starting_life is not None else FORMAT_LIFE[self.format]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameConfig":
        return cls(**data)
