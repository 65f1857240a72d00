"""Play against the computer: a LocalSession whose other seat is answered by engine.ai.

The table doesn't know: it sees a Session whose opponent happens to act by itself. The
computer thinks on a worker thread, so the window never blocks, on a copy of the game made
here on the GUI thread in which every card its seat can't see was already sampled
(engine/ai/determinize.py `seat_world`, as a LAN host's computer seat gets): the real game's
hidden cards never reach agent code. Most decisions need no world and no worker: the agent
answers them here at once from what its seat is shown (engine/ai/adapter.py `View`: the listed
actions, the moment, the seat's observation). Its answer is applied here on the GUI thread. Each action that isn't a plain pass is shown with a short
pause. Undo takes back your last action together with every computer answer after it.
"""
from __future__ import annotations

import logging
import random
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from app.ai_dialog import VsComputerDialog
from app.deck_names import deck_name
from app.i18n import message, tr
from app.shell.deck_file import checked_start, open_deck
from engine.actions import Action, IllegalActionError
from engine.ai import adapter
from engine.ai.determinize import Knowledge, seat_world
from engine.ai.match import LEVELS, card_pool, make_agent
from engine.config import GameConfig
from engine.decks import Deck
from engine.game import Game

from app.session import LocalSession
from engine.paths import atomic_write
from engine import savefile
from engine.savefile import SaveFileError

log = logging.getLogger(__name__)
AI_SEAT = 1
PAUSE_MS = 450  # between the computer's visible actions
POLL_MS = 15
LEVEL_NAMES = {"random": "computer.level.random", "heuristic": "computer.level.heuristic",
               "search": "computer.level.search"}


class AISession(LocalSession):
    """You (seat 0) against the computer, in rules mode: seat 1, or every other seat of a game
    of three or four (a Commander game, CR 903: each computer player decides for itself)."""

    thinking = Signal(bool)  # the computer started/stopped thinking (status line)

    def __init__(self, game: Game, level: str = "heuristic", *, seed: int = 0, pause_ms: int = PAUSE_MS,
                 parent: QObject | None = None, you: int = 0, computers: tuple[int, ...] | None = None,
                 **kw: Any) -> None:
        super().__init__(game, you, controls={you}, parent=parent, **kw)
        self.level = level
        self.pause_ms = pause_ms
        # every seat but yours (Archenemy: you may be the archenemy or a team member, CR 904.2);
        # at a hot seat (app/hot_seat.py) the seats no person at this computer takes
        self.ai_seats = computers if computers is not None else tuple(i for i in range(game.num_players) if i != you)
        pool = card_pool()
        cfg = game.config
        self.seed = seed
        # each computer player knows its own deck (and scheme deck) only (engine/ai/determinize.py)
        self.knowledge = {seat: Knowledge(decks={seat: list(cfg.decks[seat])}, pool=pool,
                                          schemes={seat: list(cfg.schemes[seat])} if cfg.schemes[seat] else {})
                          for seat in self.ai_seats}
        self.agents = {seat: make_agent(level, seed + seat - AI_SEAT, self.knowledge[seat]) for seat in self.ai_seats}
        self.agent = self.agents[self.ai_seats[0]] if self.ai_seats else None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="manatable-ai")
        self._future: Future[Action] | None = None
        self._generation = 0  # bumped by undo/redo/close: a late answer is then dropped
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._collect)
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.timeout.connect(self._think)
        self.ai_actions = 0

    @classmethod
    def vs_computer(cls, deck: list[str], computer_deck: list[str], level: str = "heuristic", *,
                    player: str = "You", computer: str = "Computer", seed: int | None = None,
                    commanders: list[list[str]] | None = None, **kw: Any) -> "AISession":
        """You against the computer; a deck with a commander (`commanders`: each seat's) makes it a
        Commander game (CR 903: 40 life, the commander in its owner's command zone) rather than
        leaving the commander out."""
        seed = random.randrange(1 << 31) if seed is None else seed
        leads = [list(c) for c in (commanders or [[], []])]
        extra: dict[str, Any] = {"format": "commander", "commanders": leads} if any(leads) else {}
        cfg = GameConfig(players=[player or "You", computer or "Computer"],
                         decks=[list(deck) + leads[0], list(computer_deck) + leads[1]], mode="rules", seed=seed,
                         **extra)
        s = cls(Game(cfg), level, seed=seed, **kw)
        s._after_change(auto_pass=True)
        s.schedule(0)
        return s

    @classmethod
    def commander_game(cls, decks: list[list[str]], commanders: list[list[str]], level: str = "heuristic", *,
                       players: list[str], seed: int | None = None, **kw: Any) -> "AISession":
        """A Commander game (CR 903): you in seat 0, computer players in the other seats; each
        deck holds its commander, which starts in the command zone."""
        seed = random.randrange(1 << 31) if seed is None else seed
        cfg = GameConfig(players=list(players), decks=[list(d) for d in decks], mode="rules", seed=seed,
                         format="commander", commanders=[list(c) for c in commanders])
        s = cls(Game(cfg), level, seed=seed, **kw)
        s._after_change(auto_pass=True)
        s.schedule(0)
        return s

    @classmethod
    def archenemy_game(cls, fmt: str, decks: list[list[str]], commanders: list[list[str]],
                       schemes: list[list[str]], level: str = "heuristic", *, players: list[str], you: int = 0,
                       seed: int | None = None, **kw: Any) -> "AISession":
        """An Archenemy game (CR 904; the release notes' Archenemy Commander, the classic
        Archenemy, Supervillain Rumble): you in seat `you`, computer players in every other;
        the seats with a scheme deck are the archenemy (or, in the Rumble, every seat)."""
        seed = random.randrange(1 << 31) if seed is None else seed
        cfg = GameConfig(players=list(players), decks=[list(d) for d in decks], mode="rules", seed=seed,
                         format=fmt, commanders=[list(c) for c in commanders] if fmt != "archenemy" else [],
                         schemes=[list(x) for x in schemes])
        s = cls(Game(cfg), level, seed=seed, you=you, **kw)
        s._after_change(auto_pass=True)
        s.schedule(0)
        return s

    # ----------------------------------------------------------------- the computer's turn
    def computer_to_act(self) -> bool:
        dec = self.game.pending
        return dec is not None and dec.player in self.agents and self.game.outcome is None

    def is_thinking(self) -> bool:
        return self._future is not None or self._later.isActive()

    def schedule(self, delay: int | None = None) -> None:
        if self.computer_to_act() and self._future is None:
            self._later.start(self.pause_ms if delay is None else delay)

    def _think(self) -> None:
        if not self.computer_to_act() or self._future is not None:
            return
        dec = self.game.pending
        assert dec is not None
        seat = dec.player
        # most decisions are answered here at once from what the seat is shown (one listed
        # action, a pass at an idle moment: engine/ai/adapter.py View), without a world
        try:
            quick = self.agents[seat].at_once(adapter.view(self.game, seat))
        except Exception:  # an AI bug must not end the game: the first listed answer (as _collect)
            log.exception("The computer failed to decide")
            quick = self.game.legal_actions(seat)[0]
        if quick is not None:
            self._apply_computer(quick, seat)
            return
        # the worker never touches the game the table shows, nor sees its hidden cards: its
        # seat's world, sampled here (seeded by the position, so an undo asks the same way)
        try:
            world = seat_world(self.game, seat, self.knowledge[seat],
                               random.Random(f"{self.seed}:{seat}:{len(self.game.history)}"))
        except Exception:  # an engine bug must not end the game: the first listed answer (as _collect)
            log.exception("The computer's world could not be made")
            self._apply_computer(self.game.legal_actions(seat)[0], seat)
            return
        gen = self._generation
        self._future = self._pool.submit(self.agents[seat].choose, world, seat)
        self._future.generation = gen  # type: ignore[attr-defined]
        self._future.seat = seat  # type: ignore[attr-defined]
        self.thinking.emit(True)
        self._poll.start()

    def _collect(self) -> None:
        fut = self._future
        if fut is None or not fut.done():
            return
        self._poll.stop()
        self._future = None
        self.thinking.emit(False)
        dec = self.game.pending
        seat = int(getattr(fut, "seat", self.ai_seats[0]))
        if getattr(fut, "generation", -1) != self._generation or not self.computer_to_act() \
                or dec is None or dec.player != seat:
            self.schedule()
            return
        try:
            chosen = fut.result()
        except Exception:  # an AI bug must not end the game: fall back to the first listed answer
            log.exception("The computer failed to decide")
            chosen = self.game.legal_actions(seat)[0]
        self._apply_computer(chosen, seat)

    def _apply_computer(self, chosen: Action, seat: int = AI_SEAT) -> None:
        g = self.game
        listed = g.legal_actions(seat)
        action = next((a for a in listed if a == chosen), None)
        if action is None:
            log.warning("The computer's answer %s is not listed now; passing on the first one", chosen)
            action = listed[0]
        start = len(g.history)
        n_events = len(g.events)
        try:
            g.apply(action)
        except IllegalActionError:
            log.exception("The computer's answer was refused")
            return
        self.ai_actions += 1
        self._after_change(auto_pass=True)
        if self._groups:  # undo of your last action takes this answer back too
            self._groups[-1] += len(g.history) - start
        self._emit(n_events)
        quiet = action.verb == "pass"
        self.schedule(0 if quiet else None)

    # ----------------------------------------------------------------- hooks into LocalSession
    def submit(self, action: Action | str, *, auto_pass: bool = True, player: int | None = None,
               quiet: bool = False) -> bool:
        ok = super().submit(action, auto_pass=auto_pass, player=player, quiet=quiet)
        if ok:
            self.schedule(0)
        return ok

    def pass_until_next_turn(self) -> bool:
        ok = super().pass_until_next_turn()
        self.schedule(0)
        return ok

    def undo(self) -> bool:
        self._cancel()
        ok = super().undo()
        self.schedule()
        return ok

    def redo(self) -> bool:
        self._cancel()
        ok = super().redo()
        self.schedule()
        return ok

    def cancel_casting(self) -> Action | None:
        self._cancel()
        done = super().cancel_casting()
        self.schedule()
        return done

    def restarted(self, seed: int | None = None) -> "AISession":
        names = self.player_names
        cfg = self.game.config
        if cfg.schemes and any(cfg.schemes):
            return AISession.archenemy_game(cfg.format, [list(d) for d in cfg.decks], [list(c) for c in cfg.commanders],
                                            [list(x) for x in cfg.schemes], self.level, players=list(names),
                                            you=self.seat, seed=seed, stops=sorted(self.stops),
                                            opponent_stops=sorted(self.opponent_stops))
        if cfg.format == "commander":
            return AISession.commander_game([list(d) for d in cfg.decks], [list(c) for c in cfg.commanders],
                                            self.level, players=list(names), seed=seed, stops=sorted(self.stops),
                                            opponent_stops=sorted(self.opponent_stops))
        return AISession.vs_computer(list(self.game.config.decks[0]), list(self.game.config.decks[1]), self.level,
                                     player=names[0], computer=names[1], seed=seed, stops=sorted(self.stops),
                                     opponent_stops=sorted(self.opponent_stops))

    against_computer = True

    @property
    def goldfish_game(self) -> bool:
        return False

    def can_undo(self) -> bool:
        return bool(self._groups)  # your own actions only: the computer's answers go with them

    def save(self, path: Any) -> None:
        """The replay plus who the computer is, so opening the file resumes the game against it."""

        data = self.game.to_json()
        data["gui"] = {"seat": self.seat, "computer": {"seat": self.ai_seats[0], "seats": list(self.ai_seats),
                                                       "level": self.level}}
        atomic_write(Path(path), savefile.encode(data))  # (refused if it could not be opened again)

    def _cancel(self) -> None:
        self._generation += 1
        self._later.stop()

    def close(self) -> None:
        """Stop thinking (the window closes or another game starts)."""
        self._cancel()
        self._poll.stop()
        self._pool.shutdown(wait=False, cancel_futures=True)


def open_saved(path: Any, **kw: Any) -> LocalSession:
    """A saved game: against the computer again if it was saved from such a game."""
    base = LocalSession.from_save(path, **kw)
    gui = base.saved_gui  # (the checked file's, read once: not the path read again without limits)
    comp = gui.get("computer")
    if comp is None:
        return base
    # a game against the computer whose level is not known (a newer version's, a damaged file)
    # is not opened as a game where you play every seat: that would be a guess
    if not isinstance(comp, dict):
        raise SaveFileError("savefile.damaged", {"field": "gui.computer", "problem": "is not an object"})
    if comp.get("level") not in LEVELS:
        level = str(comp.get("level"))  # (quoted in a sentence: a screenful at most, said to go on)
        raise SaveFileError("savefile.unknown_computer_level", {"level": level if len(level) <= 40 else level[:40] + "…"})
    you = gui.get("seat", 0)
    you = you if isinstance(you, int) and 0 <= you < base.game.num_players else 0
    s = AISession(base.game, str(comp["level"]), seed=base.game.config.seed, you=you,
                  stops=sorted(base.stops), opponent_stops=sorted(base.opponent_stops))
    s.schedule(0)
    return s


def start_vs_computer(window: Any, deck_path: str | None = None, computer_deck: str | None = None,
                      level: str | None = None) -> bool:
    """The main window's "Play against the computer": ask (unless given), load both decks, start."""

    if deck_path is None or computer_deck is None or level is None:
        dlg = VsComputerDialog(window.settings, window)
        if not dlg.exec():
            return False
        deck_path, computer_deck, level = dlg.your_deck(), dlg.computer_deck(), dlg.chosen_level()
    decks: list[list[str]] = []
    leads: list[list[str]] = []  # each deck's commander(s): in the command zone, not left out
    checked: list[tuple[str, Deck]] = []
    for path in (deck_path, computer_deck):
        loaded = open_deck(window, path, tr("Play against the computer"))
        if loaded is None:
            return False
        decks.append(loaded.deck.card_names())
        leads.append(loaded.deck.card_names("commander"))
        checked.append((path, loaded.deck))
    # the deck check first (a deck of 31 cards that states no format started without a word)
    if not checked_start(window, checked, tr("Play against the computer")):
        return False
    session = AISession.vs_computer(decks[0], decks[1], level, commanders=leads,
                                    player=window.settings.player_name or tr("You"),
                                    computer=tr("Computer"), stops=window.settings.stops,
                                    opponent_stops=window.settings.opponent_stops)
    status = window.statusBar()
    session.thinking.connect(lambda on: status.showMessage(tr("The computer is thinking…")) if on else status.clearMessage())
    window.show_session(session)
    status.showMessage(tr("You play against the computer ({level}), which plays {deck}. Keep or mulligan your opening hand.", deck=deck_name(Path(computer_deck)), level=message(LEVEL_NAMES.get(level, "computer.level.heuristic"))),
                       8000)
    return True
