"""The one controller between the GUI and an engine (DESIGN.md "The GUI").

Every user action — a drag, a click, a shortcut — arrives here as an engine Action (or its
canonical text) through `submit`; the table never touches game state. Views redraw from
`observation()` when `changed` fires, and the log from `events_added`.

`Session` is the interface; `LocalSession` runs a Game in this process (goldfish, scenarios,
saved games). A LAN client will implement the same interface and send action text to the
host instead (which is why everything a view needs goes through these methods).
"""
from __future__ import annotations

import logging
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from app.i18n import error_text, message, tr
from app.imported import register_imported
from app.scenario_file import ScenarioOpenError, scenario_info
from app.session_log import SeatLog
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
AUTO_PASS_LIMIT = 400  # passes in one go; the guard against a loop when no stop is ever reached
# the decisions asked while a spell is cast or an ability activated (engine/rules/casting.py,
# announce.py, activation.py, convoke.py):
# its targets after the announcement, and the choices of its costs (CR 601.2c-h, 602.2b)
CASTING_PROMPTS = frozenset({"decide.spell_target", "decide.spell_target_for", "ask.tap_cost", "ask.sacrifice",
                             "ask.discard", "ask.choose_cost", "ask.return_cost", "ask.exile_from_graveyard_cost",
                             "ask.crew", "ask.return_part_of_cost", "ask.convoke", "ask.convoke_more"})


def _normal(a: Action) -> Action:
    """Spell out defaults the text leaves implicit ("draw" is "draw 1")."""
    if a.verb in ("draw", "mill") and not a.args:
        return a._replace(args=(1,))
    return a


class Session(QObject):
    """What a table needs from a game, wherever that game runs."""

    changed = Signal()  # the observation changed: redraw
    events_added = Signal(list)  # new engine events (dicts) for the log
    log_reset = Signal()  # the event history was rewritten (undo, load): rebuild the log
    error = Signal(str)  # a refusal or failure, already a sentence for the user

    seat: int = 0
    watching = False  # a spectator's table: nobody's "You", no seat of one's own
    against_computer = False  # a game against the computer: a rematch and a new game at the end
    # whether `submit` is answered before it returns (`last_error` is then its refusal); a LAN
    # host's answer comes later, as an update or an error
    answers_at_once = False

    def observation(self) -> dict[str, Any]:
        raise NotImplementedError

    def watch_library(self, open_: bool) -> None:
        """A viewer of the user's library opens or closes (a LAN host then sends it)."""

    def library_known(self, player: int) -> bool:
        """Whether library_ids/library_names are there yet (a LAN host's answer comes later)."""
        return True

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def submit(self, action: Action | str, *, auto_pass: bool = True, player: int | None = None,
               quiet: bool = False) -> bool:
        raise NotImplementedError

    def make(self, verb: str, obj: int | None = None, **fields: Any) -> Action:
        raise NotImplementedError

    def all_events(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def log_seat(self) -> int | None:
        """The seat whose log the screen shows (None: a spectator's, the public's)."""
        return None if self.watching else self.seat

    def next_opponent(self, player: int) -> int:
        """The next player after `player` in turn order still in the game (from the observation)."""
        players = self.observation().get("players", [])
        n = len(players) or 2
        for i in range(1, n):
            q = (player + i) % n
            if q < len(players) and not players[q].get("lost"):
                return q
        return (player + 1) % n


class LocalSession(SeatLog, Session):
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
        if self._obs is None:
            obs = self.game.observation(self.seat).to_json()
            if self.auto_pass_others:
                # a scenario position: you answer for every seat, so you see each hand you play
                # (each from that seat's own observation)
                for p in sorted(self.controls - {self.seat}):
                    theirs = self.game.observation(p).to_json(copy=False)["players"][p]  # (read once, not kept)
                    obs["players"][p]["hand"] = theirs.get("hand", [])
            dec = self.game.pending
            if dec is not None and dec.player != self.seat and dec.player in self.controls:
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

    def _auto_pass(self) -> None:
        """Pass priority for you while nothing is on the stack and the step has no stop.

        Stops are steps of your own turn (settings); on the opponent's turn `opponent_stops`
        apply, except in goldfish where the empty seat's turn is passed straight through.
        Never crosses more than one new turn (a user without stops still gets to play).
        """
        g = self.game
        start_turn = g.turn
        for _ in range(AUTO_PASS_LIMIT):
            dec = g.pending
            if dec is None or dec.kind != "priority" or dec.player not in self.controls:
                return
            mine = dec.player == self.seat
            if not mine and not self.auto_pass_others:
                return
            if self._yield_turn is not None and g.turn != self._yield_turn:
                self._yield_turn = None  # a new turn: its stops count again
            if mine and self._yield_turn is not None:
                try:
                    g.apply(Action(dec.player, "pass", text="pass"))
                except ActionError:
                    return
                continue
            if g.stack and (mine or self._can_respond(dec.player)):
                # a scenario's other seat passes on the stack too, unless it could respond
                return
            if mine:
                own_turn = g.active_player == self.seat
                if own_turn and g.step in self.stops:
                    return
                if own_turn and g.step == "declare_blockers" and self._hand_ability_now(dec.player):
                    return  # ninjutsu: unblocked attackers exist only from here on (CR 702.49, 509.1h)
                if not own_turn and not self.goldfish_game and g.step in self.opponent_stops:
                    return
                # (a goldfish game's empty seat takes its turns without a decision: its turn
                # between two of yours is no turn crossed)
                crossed = (g.turn - start_turn) // 2 if self.goldfish_game else g.turn - start_turn
                if crossed > 1 or (g.turn > start_turn and own_turn and g.step != "untap" and not self.stops):
                    return
            try:
                g.apply(Action(dec.player, "pass", text="pass"))
            except ActionError:
                return

    def _can_respond(self, player: int) -> bool:
        """The player could do something now besides passing and making mana."""
        return any(a.verb != "pass" and not (a.verb == "activate" and a.ability == 0)
                   for a in self.game.legal_actions(player))

    def _hand_ability_now(self, player: int) -> bool:
        """An activated ability of a card in the player's hand can be activated now (ninjutsu
        once blockers are declared): a stop the player would otherwise never get."""
        hand = set(self.game.st.players[player].hand)
        return any(a.verb == "activate" and a.obj in hand for a in self.game.legal_actions(player))

    def pass_until_next_turn(self) -> bool:
        """Ctrl+Return: pass until a new turn begins (stops and decisions still interrupt it)."""
        g = self.game
        start = len(g.history)
        n_events = len(g.events)
        turn = g.turn
        self._yield_turn = turn
        ok = True
        for _ in range(AUTO_PASS_LIMIT):
            dec = g.pending
            if g.turn != turn or dec is None or dec.kind != "priority" or dec.player not in self.controls:
                break
            try:
                g.apply(Action(dec.player, "pass", text="pass"))
            except ActionError as exc:
                self._fail(error_text(exc))
                ok = False
                break
            if g.stack and g.pending is not None and g.pending.player == self.seat:
                break  # a trigger wants an answer from you
        self._after_change(auto_pass=True)
        if len(g.history) > start:
            self._redo.clear()
            self._groups.append(len(g.history) - start)
            self._emit(n_events)
        return ok

    # ----------------------------------------------------------------- taking back a cast
    def casting_start(self) -> int | None:
        """Where the spell or ability whose casting (activation) the open decision belongs to
        was begun — its index in the history — if it is one: a target chosen after the
        announcement, a permanent to tap, sacrifice, exile or return, a card to discard as a
        cost (CR 601.2c-h, 602.2b), asked of a seat the user answers for, with nothing but
        its own earlier answers since. The engine has no action that backs out of a cast;
        `cancel_casting` takes it back with undo."""
        g = self.game
        dec = g.pending
        if dec is None or dec.player not in self.controls or dec.prompt not in CASTING_PROMPTS:
            return None
        h = g.history
        i = len(h) - 1
        while i >= 0 and h[i].verb == "choose" and h[i].player == dec.player:
            i -= 1
        if i < 0 or h[i].verb not in ("cast", "activate") or h[i].player != dec.player:
            return None
        return i

    def cancel_casting(self) -> Action | None:
        """Take back the cast (or activation) the open decision belongs to, with the answers
        given for it so far: the game is as it was before (the card in hand, the costs
        unpaid). Redo puts it back. Returns the cast action, or None if there is none."""
        start = self.casting_start()
        if start is None:
            return None
        g = self.game
        undone: list[Action] = []
        while len(g.history) > start:
            undone.append(g.undo())
        n = len(undone)
        while n > 0 and self._groups:
            n -= self._groups.pop()
        self._redo.append(list(reversed(undone)))
        self._obs = None
        self.log_reset.emit()
        self.changed.emit()
        return undone[-1]

    # ----------------------------------------------------------------- undo / redo
    def can_undo(self) -> bool:
        return bool(self.game.history)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back your last action, with the passes that followed it automatically."""
        g = self.game
        self._yield_turn = None  # (a "Next turn" taken back: its turn is yours to play again)
        if not g.history:
            self._fail(tr("There is nothing to undo."))
            return False
        n = self._groups.pop() if self._groups else 1
        undone: list[Action] = []
        for _ in range(max(1, n)):
            if not g.history:
                break
            undone.append(g.undo())
        self._redo.append(list(reversed(undone)))
        self._obs = None
        self.log_reset.emit()
        self.changed.emit()
        return True

    def redo(self) -> bool:
        """Re-apply what the last undo took back."""
        if not self._redo:
            return False
        g = self.game
        group = self._redo.pop()
        start = len(g.history)
        n_events = len(g.events)
        for act in group:
            try:
                g.apply(act)
            except ActionError as exc:
                self._fail(error_text(exc))
                break
        self._groups.append(len(g.history) - start)
        self._emit(n_events)
        return True

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
