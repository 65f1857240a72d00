"""A hot seat: several people at one computer, and computer players in the seats nobody takes.

The table shows one seat at a time: the person at the screen (`seat`), whose hand is at the
bottom and whose decisions only the table answers. When the game asks another person, the
session is "handing over" (`handover`): the table shows only what everyone may see (the
spectator's observation, engine/view.py observation(None)) behind a screen that asks to pass the
computer on (app/table/handover.py), until that person says "I am …" (`take_seat`). So no
person's hidden cards are ever on the table while another person decides.

While a computer player takes its turn, or once it has done something at the table, the table
shows only what everyone may see too (the others may be watching), and the next person's
decision waits behind the hand-over screen — also when it is the person who was at the screen.

Nobody's decision is answered by the program, except priority passed by that person's own stops
(app/auto_pass.py): each person keeps their own while the game runs, set on the phase bar or in
the Settings dialog, and the settings remember them by the person's name for their next hot seat
(app/settings.py people_stops; a new name begins with the settings' stops). The computer
seats are answered as in a game against the computer (app/ai_session.py).

Undo takes back the table's last action by a person (whoever made it), with the passes and the
computer players' answers after it; the table then goes to whoever decides — behind the
hand-over screen when that is someone else. It never shows another person's hand.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Mapping

from PySide6.QtCore import QObject

from app.ai_session import AISession, open_saved as open_saved_game
from app.i18n import tr
from app.session import LocalSession
from app.settings import person_key
from engine import savefile
from engine.actions import Action
from engine.ai.match import LEVELS
from engine.config import GameConfig
from engine.game import Game
from engine.paths import atomic_write
from engine.savefile import SaveFileError

FORMATS = ("free_for_all", "commander")


class HotSeatSession(AISession):
    """People in the seats `people` (each answers at the screen in turn), computer players in
    every other seat."""

    hot_seat = True

    def __init__(self, game: Game, people: tuple[int, ...], level: str = "heuristic", *, seed: int = 0,
                 stops: list[str] | None = None, opponent_stops: list[str] | None = None,
                 people_stops: Mapping[str, Mapping[str, list[str]]] | None = None,
                 parent: QObject | None = None, **kw: Any) -> None:
        if not people or any(not 0 <= p < game.num_players for p in people):
            raise ValueError("a hot seat needs at least one person in a seat of the game")
        self.people = tuple(sorted(set(people)))
        # nobody has said who sits at the screen yet: the first person's decision waits behind the
        # hand-over screen too (whoever set the game up may not be the one to begin)
        self._confirmed = len(self.people) == 1
        first = self._first_person(game)
        computers = tuple(i for i in range(game.num_players) if i not in self.people)
        # each person's stops, theirs from the start to the end of the game: to begin with their
        # own of their last hot seat (`people_stops`, the settings' by person_key of the name),
        # else the settings'
        own, others = set(stops if stops is not None else ("main1", "main2")), set(opponent_stops or ())
        kept = people_stops or {}
        by_seat: dict[int, tuple[set[str], set[str]]] = {}
        for p in self.people:
            mine = kept.get(person_key(game.players[p].name))
            by_seat[p] = (set(mine["stops"]), set(mine["opponent_stops"])) if mine else (set(own), set(others))
        self._stops_by_seat = {p: (set(a), set(b)) for p, (a, b) in by_seat.items()}
        super().__init__(game, level, seed=seed, you=first, computers=computers, stops=stops,
                         opponent_stops=opponent_stops, parent=parent, **kw)
        self._stops_by_seat = by_seat  # (LocalSession's constructor set the first person's to the settings')

    def _first_person(self, game: Game) -> int:
        """The person who takes the computer first: the one deciding, else the first person."""
        dec = game.pending
        return dec.player if dec is not None and dec.player in self.people else self.people[0]

    # ----------------------------------------------------------------- construction
    @classmethod
    def new_game(cls, decks: list[list[str]], people: tuple[int, ...], *, players: list[str],
                 fmt: str = "free_for_all", commanders: list[list[str]] | None = None, level: str = "heuristic",
                 seed: int | None = None, **kw: Any) -> "HotSeatSession":
        """A rules game of two to four seats: a free-for-all (20 life) or Commander (CR 903:
        40 life, each deck holding its commander, which starts in the command zone)."""
        if fmt not in FORMATS:
            raise ValueError(f"a hot seat plays {', '.join(FORMATS)}, not {fmt}")
        seed = random.randrange(1 << 31) if seed is None else seed
        extra: dict[str, Any] = {}
        if fmt == "commander":
            extra = {"format": "commander", "commanders": [list(c) for c in (commanders or [[] for _ in decks])]}
        cfg = GameConfig(players=list(players), decks=[list(d) for d in decks], mode="rules", seed=seed, **extra)
        s = cls(Game(cfg), people, level, seed=seed, **kw)
        s._after_change(auto_pass=True)
        s.schedule(0)
        return s

    def controls_seat(self, seat: int) -> int:
        """Make `seat` the person at the screen (the only seat the table answers for)."""
        self.seat = seat
        self.controls = {seat}
        return seat

    # ----------------------------------------------------------------- whose screen
    @property
    def handover(self) -> int | None:
        """The person the computer must be passed to before the game goes on: a person decides
        now who is not at the screen, or who must say so again (the game's start, a computer
        player's turn or action since; None: nobody)."""
        dec = self.game.pending
        if dec is None or self.game.outcome is not None or dec.player not in self.people:
            return None
        return dec.player if dec.player != self.seat or not self._confirmed else None

    def take_seat(self, seat: int) -> bool:
        """The person of `seat` is at the screen now ("I am …" on the hand-over screen): the
        table turns to their seat, with their hand and their page of the log."""
        if seat not in self.people or seat != self.handover:
            return False
        self.controls_seat(seat)
        self._confirmed = True
        self._yield_turn = None  # ("Next turn" yields until someone else must decide)
        self._emit(len(self.game.events))  # (the log turns to the new seat's page, the table redraws)
        return True

    def submit(self, action: Action | str, *, auto_pass: bool = True, player: int | None = None,
               quiet: bool = False) -> bool:
        """As the table's; refused while the computer is handed over (nobody is at the screen)."""
        if not self._waiting(quiet):
            return False
        return super().submit(action, auto_pass=auto_pass, player=player, quiet=quiet)

    def pass_until_next_turn(self) -> bool:
        return self._waiting() and super().pass_until_next_turn()

    def undo(self) -> bool:
        return self._waiting() and super().undo()

    def redo(self) -> bool:
        return self._waiting() and super().redo()

    def _waiting(self, quiet: bool = False) -> bool:
        """True when someone is at the screen; else says who the computer goes to first."""
        to = self.handover
        if to is None:
            return True
        name = self.player_names[to]
        self._fail(tr("Pass the computer to {player} first: nothing is done at the table until {player} says it is them.",
                      player=name), quiet)
        return False

    def public(self) -> bool:
        """Whether the table shows only what every player may see: while the computer is handed
        over; while the computer players play their turns or have just done something at the
        table (everyone may be watching: the next person's decision then waits behind the
        hand-over screen, the same person's too); and once the game is over."""
        return self.handover is not None or self.game.outcome is not None or not self._confirmed

    def observation(self) -> dict[str, Any]:
        """The person at the screen's observation; while handing over and after the game, the
        spectator's (what every player may see), so that nobody's hidden cards are on the table."""
        if not self.public():
            return super().observation()
        if self._obs is None:
            self._obs = self.game.observation(None).to_json()
        return self._obs

    def log_seat(self) -> int | None:  # type: ignore[override]
        return None if self.public() else self.seat

    def _after_change(self, auto_pass: bool) -> None:
        super()._after_change(auto_pass)
        g = self.game
        dec = g.pending
        computers_turn = g.active_player not in self.people and dec is not None and dec.player not in self.people
        if len(self.people) > 1 and (g.outcome is not None or computers_turn):
            # the end (an undo from it), a computer player's turn: whoever decides next says it is them first
            self._confirmed = False

    def _apply_computer(self, chosen: Action, seat: int = 1) -> None:
        if len(self.people) > 1 and chosen.verb != "pass":
            self._confirmed = False  # (a computer player acts at the table: everyone may be watching)
        super()._apply_computer(chosen, seat)

    # ----------------------------------------------------------------- each person's stops
    def _passes_by_stops(self, player: int) -> bool:
        return player in self.people

    def _stops_of(self, player: int) -> tuple[set[str], set[str]]:
        return self._stops_by_seat.get(player, (set(), set()))

    # `stops` and `opponent_stops` are the person's at the screen (the phase bar's marks, the settings)
    @property
    def stops(self) -> set[str]:
        return self._stops_by_seat[self.seat][0]

    @stops.setter
    def stops(self, value: set[str]) -> None:
        self._set_stops(0, value)

    @property
    def opponent_stops(self) -> set[str]:
        return self._stops_by_seat[self.seat][1]

    @opponent_stops.setter
    def opponent_stops(self, value: set[str]) -> None:
        self._set_stops(1, value)

    def _set_stops(self, which: int, value: set[str]) -> None:
        """The person at the screen's own-turn (0) or others'-turn (1) stops set to `value`."""
        was = self._stops_by_seat.get(self.seat)
        if was is not None:
            self._stops_by_seat[self.seat] = (set(value), was[1]) if which == 0 else (was[0], set(value))

    # ----------------------------------------------------------------- files, rematch
    def save(self, path: Any) -> None:
        """The replay and who sits where: opened again, it is this hot seat again."""
        data = self.game.to_json()
        data["gui"] = {"seat": self.seat, "hot_seat": {"people": list(self.people), "level": self.level}}
        atomic_write(Path(path), savefile.encode(data))  # (refused if it could not be opened again)

    def restarted(self, seed: int | None = None) -> "HotSeatSession":
        """The same players, seats and decks again."""
        cfg = self.game.config
        fmt = "commander" if cfg.format == "commander" else "free_for_all"
        return HotSeatSession.new_game([list(d) for d in cfg.decks], self.people, players=list(self.player_names),
                                       fmt=fmt, commanders=[list(c) for c in cfg.commanders], level=self.level,
                                       seed=seed, stops=sorted(self.stops), opponent_stops=sorted(self.opponent_stops),
                                       people_stops=self.people_stops())

    def people_stops(self) -> dict[str, dict[str, list[str]]]:
        """Each person's stops now, as the settings keep them (app/settings.py people_stops)."""
        return {person_key(self.player_names[p]): {"stops": sorted(own), "opponent_stops": sorted(others)}
                for p, (own, others) in self._stops_by_seat.items()}


def open_saved(path: Any, people_stops: Mapping[str, Mapping[str, list[str]]] | None = None,
               **kw: Any) -> LocalSession:
    """A saved game: a hot seat again if it was saved from one (else as app/ai_session.py opens
    it); its people begin with their stops in `people_stops` (the settings', by name)."""
    base = open_saved_game(path, **kw)
    hot = base.saved_gui.get("hot_seat")
    if hot is None and type(base) is LocalSession and len(base.controls) > 1:
        # a game of several seats all answered here, saved before the hot seat (or from a
        # scenario): every seat is a person at this computer now, each in turn behind the screen
        hot = {"people": sorted(base.controls)}
    if hot is None:
        return base
    people = hot.get("people") if isinstance(hot, dict) else None
    n = base.game.num_players
    if not isinstance(people, list) or not people or not all(type(p) is int and 0 <= p < n for p in people):
        raise SaveFileError("savefile.damaged", {"field": "gui.hot_seat", "problem": "names no person's seat"})
    level = hot.get("level")
    s = HotSeatSession(base.game, tuple(people), level if level in LEVELS else "heuristic",
                       seed=base.game.config.seed, people_stops=people_stops, **kw)
    seat = base.saved_gui.get("seat")
    s.controls_seat(seat if seat in s.people else s._first_person(s.game))
    s.schedule(0)
    return s
