"""The one controller between the GUI and an engine (DESIGN.md "The GUI").

Every user action — a drag, a click, a shortcut — arrives here as an engine Action (or its
canonical text) through `submit`; the table never touches game state. Views redraw from
`observation()` when `changed` fires, and the log from `events_added`.

`Session` (app/session_base.py) is the interface; `LocalSession` runs a Game in this process
(goldfish, scenarios, saved games, and against the computer: app/ai_session.py); a LAN seat
(app/net_session.py) sends action text to the host instead. LocalSession's passing for the
user (app/auto_pass.py), its undo and redo (app/session_undo.py) and its log for the seat at
the screen (app/session_log.py) are mixins of their own modules.
"""
from __future__ import annotations

import logging
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from app.auto_pass import AutoPass
from app.i18n import error_text, message
from app.imported import register_imported
from app.scenario_file import ScenarioOpenError, scenario_info
from app.session_base import Session
from app.session_log import SeatLog
from app.session_undo import TakeBack
from engine.actions import Action, ActionError, IllegalActionError
from engine.config import GameConfig
from engine.check import checked
from engine.format import ref_for
from engine.game import Game
from engine.paths import atomic_write
from engine import savefile
from engine.savefile import SaveFileError, read_save

log = logging.getLogger(__name__)
GOLDFISH_OPPONENT = "Empty seat"
__all__ = ["LocalSession", "Session", "GOLDFISH_OPPONENT"]  # (Session: still read from here)


def _normal(a: Action) -> Action:
    """Spell out defaults the text leaves implicit ("draw" is "draw 1")."""
    if a.verb in ("draw", "mill") and not a.args:
        return a._replace(args=(1,))
    return a


class LocalSession(SeatLog, AutoPass, TakeBack, Session):
    """A Game in this process. `controls` are the seats the local user may answer for."""

    answers_at_once = True

    def __init__(self, game: Game, seat: int = 0, *, controls: set[int] | None = None,
                 stops: list[str] | None = None, opponent_stops: list[str] | None = None,
                 deck: list[str] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.seat = seat
        self.controls = controls if controls is not None else {seat}
        self.stops = set(stops if stops is not None else ("main1", "main2"))
        self.opponent_stops = set(opponent_stops or ())
        self.deck = list(deck or [])  # for "reset": the goldfish deck
        self._groups: list[int] = []  # history entries per user action (auto-passes included)
        self._redo: list[list[Action]] = []
        self.last_error = ""
        self._obs: dict[str, Any] | None = None
        # "Next turn" yields the rest of this turn (like Forge's auto-yield): the opponent's
        # spells and abilities do not stop it, decisions (blocks) and the next turn's stops do
        self._yield_turn: int | None = None
        self.saved_gui: dict[str, Any] = {}  # a saved game's "gui" part (app/ai_session.py open_saved reads it)

    # ----------------------------------------------------------------- construction
    @classmethod
    def goldfish(cls, deck: list[str], player: str = "You", *, seed: int | None = None, mode: str = "hybrid",
                 opponent: str = GOLDFISH_OPPONENT, commanders: list[str] | None = None,
                 **kw: Any) -> "LocalSession":
        """You against an empty seat that never decides (GameConfig(goldfish=True)), with 20
        life; with `commanders` (a Commander deck's) a Commander game, 40 life, the commander(s)
        in your command zone (CR 903.6, 903.7)."""
        seed = random.randrange(1 << 31) if seed is None else seed

        lead = list(commanders or [])
        register_imported(deck + lead)  # cards from the user's imports get their cost, types and text
        # the empty seat gets a library it never looks at, so that "each player draws" effects
        # do not make it lose by drawing from an empty library (a goldfish never loses that way)
        extra: dict[str, Any] = {"format": "commander", "commanders": [lead, []]} if lead else {}
        cfg = GameConfig(players=[player or "You", opponent or GOLDFISH_OPPONENT],
                         decks=[list(deck) + lead, ["Plains"] * 60], mode=mode, seed=seed, goldfish=True, **extra)
        game = Game(cfg)
        if game.outcome is not None and any(e.get("key") == "draw_empty" for e in game.events):
            # Engine workaround: the empty seat draws an opening hand from its empty library
            # and loses at once. Give it a token library it never uses (it never draws again
            # and never decides); the table does not show the empty seat's hand.
            cfg = replace(cfg, decks=[list(deck) + lead, ["Plains"] * cfg.hand_size])
            game = Game(cfg)
        s = cls(game, 0, deck=deck, **kw)
        s._after_change(auto_pass=True)
        return s

    @classmethod
    def from_save(cls, path: str | Path, **kw: Any) -> "LocalSession":
        """A game saved with `save` (ValueError with a message if the file is not one)."""
        data = read_save(path)      # SaveFileError (a ValueError) unless every field is sound

        config = data.get("config")
        decks = config.get("decks") if isinstance(config, dict) else None
        if isinstance(decks, list):
            # (every name: read_save bounds the decks, MAX_DECK_CARDS each; register_imported
            # asks the card database once per distinct name)
            register_imported([n for d in decks if isinstance(d, list) for n in d if isinstance(n, str)])
        try:
            game = Game.from_json(data)
        except (KeyError, TypeError, ActionError, IndexError, OverflowError,
                RecursionError, MemoryError) as exc:
            raise SaveFileError("savefile.cannot_replay", {"reason": str(exc)}, repr(exc)) from exc
        gui = data.get("gui")
        seat = int(gui.get("seat", 0)) if isinstance(gui, dict) else 0
        controls = set(range(game.num_players)) if not game.config.goldfish else {seat}
        deck = list(game.config.decks[seat]) if game.config.goldfish else []
        if game.config.goldfish and seat < len(game.config.commanders):
            for name in game.config.commanders[seat]:  # (the main deck: restart adds them again)
                if name in deck:
                    deck.remove(name)
        s = cls(game, seat, controls=controls, deck=deck, **kw)
        s.saved_gui = gui if isinstance(gui, dict) else {}
        return s

    @classmethod
    def from_scenario(cls, path: str | Path, **kw: Any) -> "LocalSession":
        """A scenario file's [setup] as the starting position (SCENARIOS.md); you sit in the
        first seat and answer the other seat's decisions too (its priority passes by itself)."""
        from engine.scenario import ScenarioError, load, make_game  # lazy: only a scenario needs it, not the start of every table

        # the scenario runner's own reader: a regular file of limited size and nesting (a FIFO
        # hung the window, a deeply nested file escaped as a RecursionError), the format checked
        # (each refusal a ScenarioOpenError with a message key, in the user's language: the file's
        # own problems said as such, the format's and the set-up's English quoted as the reason)
        try:
            data = load(Path(path))
        except ScenarioError as exc:
            if exc.key:
                raise ScenarioOpenError(exc.key, exc.params) from exc
            raise ScenarioOpenError("scenario.bad_format", {"reason": str(exc)}) from exc
        setup = data.get("setup")
        if not isinstance(setup, dict):
            raise ScenarioOpenError("scenario.no_setup", {})
        try:
            # the runner's own game (its format too: a Commander or Archenemy scenario was
            # refused, "commanders need a format with commanders")
            game = make_game(data)
        except (ScenarioError, ValueError, TypeError, KeyError, ActionError) as exc:
            # (an ActionError's own key on __cause__: the app translates the reason, file_error_text)
            raise ScenarioOpenError("scenario.bad_setup", {"reason": str(exc)}) from exc
        s = cls(game, 0, controls=set(range(game.num_players)), **kw)
        s.scenario = scenario_info(data)
        s.auto_pass_others = True
        s._after_change(auto_pass=True)
        return s

    auto_pass_others = False  # pass priority for other controlled seats (scenarios)
    scenario: dict[str, str] | None = None  # title, description, source, first step of a scenario

    # ----------------------------------------------------------------- reading
    @property
    def mode(self) -> str:
        return self.game.mode

    @property
    def goldfish_game(self) -> bool:
        return bool(self.game.config.goldfish)

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.game.players]

    def observation(self) -> dict[str, Any]:
        """What the table shows: the seat at the screen's observation — yours; at a hot seat
        (several seats answered here: a saved game of several seats, a scenario) the deciding
        seat's, the seat whose prompt and log (`log_seat`) the screen shows, so that table,
        prompt and log tell the same seat's knowledge."""
        if self._obs is None:
            viewer = self.log_seat()
            obs = self.game.observation(viewer).to_json()
            if self.auto_pass_others:
                # a scenario position: you answer for every seat, so you see each hand you play
                # (each from that seat's own observation)
                for p in sorted(self.controls - {viewer}):
                    theirs = self.game.observation(p).to_json(copy=False)["players"][p]  # (read once, not kept)
                    obs["players"][p]["hand"] = theirs.get("hand", [])
            dec = self.game.pending
            if dec is not None and dec.player != viewer and dec.player in self.controls:
                # a seat you answer for decides: its prompt as that seat sees it (the others see
                # only who decides and the kind, engine/view.py)
                obs["pending"] = self.game.observation(dec.player).to_json()["pending"]
            self._obs = obs
        return self._obs

    def deciding_seat(self) -> int | None:
        dec = self.game.pending
        return dec.player if dec is not None else None

    def legal_actions(self, player: int | None = None) -> list[Action]:
        p = self.seat if player is None else player
        if p not in self.controls:
            return []
        try:
            return self.game.legal_actions(p)
        except Exception:  # an engine bug must not take the table down
            log.exception("legal_actions failed")
            return []

    def pending_options(self, player: int) -> list[str]:
        dec = self.game.pending
        if dec is None or dec.player != player or player not in self.controls:
            return []  # (another seat's options can name its hidden cards: they are not the table's)
        return list(dec.options)

    def pending_refs(self, player: int) -> dict[int, str]:
        """For a choice between objects on the battlefield (the legend rule, "Name#1" /
        "Name#2"): object id -> the option naming it, so the table can take a click on it."""
        dec = self.game.pending
        if dec is None or dec.player != player or player not in self.controls or len(dec.refs) != len(dec.options):
            return {}
        return {r: o for r, o in zip(dec.refs, dec.options) if r is not None}

    def library_names(self, player: int) -> list[str]:
        """The library top first — for manual searching in hybrid/tabletop games only.
        (Local only: the observation carries library counts, not contents.)"""
        if self.mode == "rules" or player not in self.controls:
            return []
        g = self.game
        return [g.name_of(o) for o in g.zone(player, "library")]

    def library_ids(self, player: int) -> list[int]:
        if self.mode == "rules" or player not in self.controls:
            return []
        return list(self.game.zone(player, "library"))

    # ----------------------------------------------------------------- building actions
    def make(self, verb: str, obj: int | None = None, player: int | None = None, **fields: Any) -> Action:
        """An Action for the given ids, with its canonical text filled in by the engine."""
        # checked first: a field the rules cannot read (an object gone, a wrong shape) is an
        # ActionError saying so, never a KeyError or TypeError the caller would have to catch
        return checked(self.game, Action(self.seat if player is None else player, verb, obj=obj, **fields))

    def ref(self, obj: int, verb: str = "move") -> str:
        return ref_for(self.game, self.seat, obj, verb)

    # ----------------------------------------------------------------- acting
    def submit(self, action: Action | str, *, auto_pass: bool = True, player: int | None = None,
               quiet: bool = False) -> bool:
        """Apply an action (or its text) for the local user; False (and `error`, unless quiet)
        if the engine refuses it — the refusal is then in `last_error`."""
        g = self.game
        start = len(g.history)
        n_events = len(g.events)
        try:
            if isinstance(action, str):
                who = player if player is not None else self._acting_seat()
                action = g.parse_action(who, action)
            else:
                self._check_text(action)
            if action.player not in self.controls:
                raise IllegalActionError("not_your_seat")
            g.apply(action)
        except ActionError as exc:
            self._fail(error_text(exc), quiet)
            return False
        except Exception as exc:  # an engine bug: say so, keep the game as it was
            log.exception("The engine failed on %s", action)
            self._recover(start)
            self._fail(message("error.engine", message=str(exc) or type(exc).__name__))
            return False
        self._redo.clear()
        self._after_change(auto_pass=auto_pass)
        self._groups.append(len(g.history) - start)
        self._emit(n_events)
        return True

    def _check_text(self, action: Action) -> None:
        """A saved game is replayed from action texts, so an action whose text reads back as
        something else would make the save unloadable: refuse it (it is a bug to report)."""
        try:
            back = self.game.parse_action(action.player, action.text or str(action))
        except ActionError as exc:
            if exc.key.endswith("_too_long"):
                raise  # a text over its limit (engine.actions MAX_*): the user's to shorten, not a bug
            log.warning("The action text %r does not read back: %s", action.text, exc)
            back = None
        if back is None or _normal(back) != _normal(action):
            log.warning("The action text %r reads back as %r, not %r", action.text, back, action)
            raise IllegalActionError("text_round_trip", action=action.text)

    def _acting_seat(self) -> int:
        d = self.deciding_seat()
        return d if d is not None and d in self.controls else self.seat

    def _fail(self, message: str, quiet: bool = False) -> None:
        self.last_error = message
        if not quiet:
            self.error.emit(message)

    def _recover(self, upto: int) -> None:
        g = self.game
        try:
            while len(g.history) > upto:
                g.undo()
            rebuild = getattr(g, "_rebuild", None)
            if rebuild is not None:
                rebuild(len(g.history))
        except Exception:
            log.exception("Recovery after an engine failure failed")
        self._obs = None

    def _after_change(self, auto_pass: bool) -> None:
        self._obs = None
        if auto_pass:
            self._auto_pass()

    # ----------------------------------------------------------------- files
    def save(self, path: str | Path) -> None:
        """The replay (config + actions) and state, written atomically."""
        data = self.game.to_json()
        data["gui"] = {"seat": self.seat}
        atomic_write(Path(path), savefile.encode(data))  # (refused if it could not be opened again)

    def restarted(self, seed: int | None = None) -> "LocalSession":
        """A new goldfish game with the same deck, player and settings."""
        names = self.player_names
        cfg = self.game.config
        lead = list(cfg.commanders[self.seat]) if cfg.commanders and self.seat < len(cfg.commanders) else []
        return LocalSession.goldfish(self.deck, names[self.seat], seed=seed, mode=self.mode, commanders=lead,
                                     opponent=names[self.game.opponent(self.seat)], stops=sorted(self.stops),
                                     opponent_stops=sorted(self.opponent_stops))

    def with_action(self, action: Action, **changes: Any) -> Action:
        """The action with some fields changed and its text recomputed (checked as `make`)."""
        return checked(self.game, action._replace(**changes))
