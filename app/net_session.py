"""A networked game behind the same `Session` interface as a local one (app/session.py).

`RemoteSession` keeps the seat's observation from the messages the network thread
(app/net_worker.py NetWorker) hands over and sends actions as canonical text; the table cannot
tell it from a LocalSession.
"""
from __future__ import annotations

import logging
import pickle
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from app import lan_seats
from app.decks.text import deck_error_text
from app.i18n import error_text, has_message, message, tr
from app.net_legal import UNREAD, LegalLists
from app.net_undo import UndoVote
from app.net_worker import NetWorker
from app.session_base import Session
from app.shell.lan_texts import clock_text
from engine.config import SCHEME_FORMATS
from engine.actions import MAX_ACTION_TEXT, Action, ActionSyntaxError, IllegalActionError as HostRefusal
from engine.net import protocol as P
from engine.net.delta import PatchError
from engine.net.client import Client
from engine.net.engine_port import legal_fields
from engine.net.formats import seat_deck
from engine.net.obs_text import checked_for

log = logging.getLogger(__name__)

# the worker's connection states (app/net_worker.py) as the table tells them (`link`): "connecting"
# is the first attempt or a rejoin after the program gave up (no decision is open at the first)
LINKS = {"connecting": "reconnecting", "dropped": "reconnecting", "reconnecting": "reconnecting",
         "failed": "lost", "closed": "lost"}


class RemoteSession(UndoVote, Session):
    """The seat's view of a game on a host. Lobby signals for the lobby dialog; the table
    uses only the Session interface. Taking back an action, by the other players' vote:
    app/net_undo.py."""

    lobby_changed = Signal(object)  # P.Lobby
    deck_checked = Signal(object)  # P.DeckResult
    chat = Signal(str, str)  # name, text
    started = Signal()
    status = Signal(str)  # a sentence for the status line ("waiting for Bob (reconnecting)")
    clock_status = Signal(str)  # the clock's sentence for it (who decides, how long): paced by the window; "" at the end
    connection_state = Signal(str, str)
    game_over = Signal(object)
    undo_asked = Signal(str)  # the asker's name
    undo_closed = Signal()  # the request was settled before this seat answered
    out_of_time = Signal(str)  # another player ran out of time: the name (claim the win?)

    def __init__(self, worker: NetWorker, deck: list[str], *, stops: list[str] | None = None,
                 opponent_stops: list[str] | None = None, parent: QObject | None = None,
                 commanders: list[str] | None = None, deck_path: str = "", scheme_path: str = "") -> None:
        super().__init__(parent)
        self.worker = worker
        self.deck = list(deck)
        self.commanders = list(commanders or [])  # the deck's commander, for a Commander table (CR 903.3)
        self.deck_path = deck_path  # the Archenemy formats read the scheme deck from it
        self.scheme_path = scheme_path  # ... or from this built-in deck's (the LAN dialog's choice)
        self.state = Client("127.0.0.1", "")  # not connected: it only folds messages into a view
        self.seat = 0
        self.controls: set[int] = set()
        self.stops = set(stops if stops is not None else ("main1", "main2"))
        self.opponent_stops = set(opponent_stops or ())
        self.last_error = ""
        # the host's refusal of this connection itself (a hello refused, a flood): what the end
        # of the connection is told with; not a refused action of long ago (`last_error`)
        self.refusal = ""
        self.mode_name = "hybrid"
        self._told_out: set[int] = set()  # players out of time this seat was told of
        self.legal = LegalLists(self)  # the legal actions of this seat's decision (app/net_legal.py)
        self._pass_turn: int | None = None
        # the passes this program made by itself (no stop), by Act.id: if the game moved on
        # meanwhile, the host's "stale" refusal of one is no news for the user
        self._auto_ids: set[int] = set()
        self.playing = False
        self._link = ""  # the connection to the host: "", "reconnecting" or "lost" (`link`)
        self._view: dict[str, Any] | None = None  # the table's copy of the observation, per update
        self.away: set[int] = set()  # seats whose player lost the connection (the table marks them)
        # looking through the library by hand (protocol 4, engine/net/library_look.py): whether a
        # viewer is open, and the host's last list of it (id, name), the top card first
        self._looking = False
        self._library: list[tuple[int, str]] | None = None
        self._parts: list[Action] = []  # the rest of a declaration in parts (`submit_parts`)
        worker.received.connect(self._on_message)
        worker.connection.connect(self._on_connection)

    def _submission(self, welcome: Any) -> Any:
        """The deck as the table's format wants it (engine/net/formats.py): with the commander
        in Commander and the Archenemy formats, the scheme deck for the archenemy's seat (the
        host's) or every seat in Supervillain Rumble. Nothing is cut to the protocol's limits:
        the deck was refused before with its size (app/shell/lan_flow.py), as a deck with more
        than two commanders; the built-in scheme decks are within them."""
        fmt = getattr(welcome, "format", "free_for_all")
        if fmt == "free_for_all":  # (a commander deck's commander is one more card here)
            return P.SubmitDeck(cards=self.deck)
        if fmt not in SCHEME_FORMATS or not self.deck_path or welcome.seat is None:
            return P.SubmitDeck(cards=self.deck, commander=self.commanders)
        try:
            cards, commanders, schemes = seat_deck(self.deck_path, fmt, welcome.seat, self.scheme_path)
        except (OSError, ValueError) as exc:  # (DeckFormatError is a ValueError)
            # the scheme deck file changed or went away since the dialog read it: nothing is
            # sent without it (the table would start without this seat's schemes); say why
            self._fail(tr("Your deck or scheme deck cannot be used at this table: {detail} Leave the table and choose another.",
                          detail=deck_error_text(exc)))
            return None
        # (a scheme deck over the protocol's limit was refused when it was opened: LanDialog)
        return P.SubmitDeck(cards=cards, commander=commanders, schemes=schemes)

    # ---------------------------------------------------------------- messages
    def _on_connection(self, state: str, detail: str) -> None:
        link = LINKS.get(state, "")
        if link != self._link:  # (the prompt says it: an answer sent before the drop waits no more in silence)
            self._link = link
            self.changed.emit()
        self.connection_state.emit(state, detail)

    def link(self) -> str:
        return self._link

    def _on_message(self, msg: Any) -> None:
        st = self.state
        try:
            st.absorb(msg)
        except PatchError:  # an update that does not fit this view: the whole table again
            log.exception("An update from the host does not fit this table's view")
            self.status.emit(tr("An update from the host did not fit this table; fetching the whole table again."))
            self.worker.resync()
            return
        self._view = None
        self.legal.heard()
        if isinstance(msg, P.Welcome):
            self.refusal = ""
            self.watching = msg.seat is None and msg.token == ""
            if msg.seat is not None:
                self.seat, self.controls = msg.seat, {msg.seat}
                if msg.token:  # kept on disk: a crashed program sits down again (app/lan_seats.py)
                    room = getattr(self.worker.server, "room", None)  # hosting: the journal resumes it
                    journal = getattr(room, "journal_dir", None)
                    lan_seats.remember(self.worker.address, self.worker.name, msg.game, msg.token,
                                       journal=str(journal / "journal.jsonl") if journal else "")
            self.mode_name = msg.mode
            self._welcome = msg
            if st.obs is None and self.deck and not self.worker.rejoining:
                submission = self._submission(msg)
                if submission is not None:
                    self.worker.send(submission)
        elif isinstance(msg, P.Lobby):
            self.away = {s.seat for s in msg.seats if s.name is not None and not s.connected} if msg.started else set()
            self.lobby_changed.emit(msg)
        elif isinstance(msg, P.DeckResult):
            self.deck_checked.emit(msg)
        elif isinstance(msg, P.ChatLine):  # (a spectator's line comes with no name of its own)
            self.chat.emit(msg.name if msg.seat is not None else tr("A spectator"), msg.text)
        elif isinstance(msg, P.Started):
            self.playing = True
            self._library, self._parts = None, []
            if self._looking:  # (a rejoin or a new game: the host ended the look; still open here)
                self.worker.send(P.LibraryLook())
            # (a rejoin at the same position too: the answer to the last request for the legal
            # actions may have been lost with the connection, so they are asked for again)
            self.legal.forget()
            self._undo_rejoined()
            self.log_reset.emit()
            self.started.emit()
            self._after_update()
        elif isinstance(msg, P.Snapshot):
            self.legal.forget()
            self._parts = []
            self._undo_snapshot(msg.seq)
            self.log_reset.emit()
            self._after_update()
        elif isinstance(msg, P.Update):
            if msg.events:
                self.events_added.emit(list(msg.events))
            if self._parts and self.state.my_decision():  # (the last part taken: the next one)
                part = self._parts.pop(0)
                if not self.submit(part):
                    self._parts = []
            self._after_update()
        elif isinstance(msg, P.LegalList):
            if self.legal.take(msg):
                self.changed.emit()
        elif isinstance(msg, P.Error):
            if msg.ref == "act" and msg.key in UNREAD:  # (a frame refused unread: app/net_legal.py)
                self.legal.unread(msg)
            else:
                self._refused(msg)
        elif isinstance(msg, P.Presence):
            (self.away.discard if msg.connected else self.away.add)(msg.seat)
            self.changed.emit()
            if msg.seat != self.seat or not self.controls:  # (this seat's own return: "Connected again")
                self.status.emit(tr("{name} is back at the table.", name=msg.name) if msg.connected
                                 else tr("Waiting for {name} (reconnecting).", name=msg.name))
        elif isinstance(msg, P.UndoAsked):
            self._undo_asked(msg)
        elif isinstance(msg, P.UndoResult):
            self._undo_settled(msg)
        elif isinstance(msg, P.Clock):
            self._on_clock(msg)
        elif isinstance(msg, P.Library):
            if self._looking:
                self._library = [(c.id, c.name) for c in msg.cards]
                self.changed.emit()
        elif isinstance(msg, P.Searching):
            self.status.emit(tr("{name} is looking through their library.", name=msg.name))
        elif isinstance(msg, P.GameOver):
            lan_seats.forget(self.worker.address, self.worker.name)
            self.clock_status.emit("")  # (nobody decides any more: no clock sentence waits to be shown)
            self.game_over.emit(msg.outcome)
            self.changed.emit()

    def _refused(self, msg: Any) -> None:
        """A refusal from the host: said in this user's language; a refused action's decision is
        answerable again."""
        if msg.key == "net.bad_token":  # the host does not know the kept seat any more
            lan_seats.forget(self.worker.address, self.worker.name)
        if msg.key == "net.stale" and msg.ref == "act" and msg.act in self._auto_ids:
            log.info("an automatic pass arrived after the game moved on; asking again")
        elif msg.key.startswith("net."):  # the host's own refusal (engine/messages/net.py)
            self._fail(message(msg.key, **msg.params) if has_message(msg.key) else msg.message)
        elif msg.key:  # a refused action: the engine's sentence in this user's language
            self._fail(error_text(HostRefusal(msg.key, **msg.params)))
        else:  # a host that sends no key: its English sentence
            self._fail(msg.message)
        if msg.ref in ("", "hello"):  # about the connection (it closes after it): why, for its end
            self.refusal = self.last_error
        if msg.ref == "act":  # (the position did not change: no list comes unasked)
            self._parts = []  # (a part refused: the rest of its declaration is not sent)
            self.legal.refused()
            self._after_update(ask=True)

    def _on_clock(self, msg: Any) -> None:
        """The table's clock (engine/net/clock.py): who decides and how long they have, on the
        status line; another player out of time (claim policy): ask whether to claim the win."""
        names = self.player_names
        new_out = [s for s in msg.out_of_time if s != self.seat and s not in self._told_out]
        self._told_out = set(msg.out_of_time)
        if new_out and msg.on_timeout == "claim" and self.seat is not None:
            self.out_of_time.emit(names[new_out[0]] if new_out[0] < len(names) else "?")
            return
        if msg.seat is None or msg.seat >= len(names):
            return
        left = clock_text(msg.decision)
        total = clock_text(msg.game[msg.seat]) if msg.seat < len(msg.game) and msg.game[msg.seat] else ""
        if msg.seat == self.seat:
            self.clock_status.emit(tr("You have {time} to decide ({total} left in this game).", time=left, total=total)
                                   if total else tr("You have {time} to decide.", time=left))
        else:
            self.clock_status.emit(tr("{name} has {time} to decide.", name=names[msg.seat], time=left))

    def claim_win(self) -> None:
        """Claim the win over a player who ran out of time (the host checks it)."""
        self.worker.send(P.Claim())

    def _after_update(self, ask: bool = False) -> None:
        """Pass by itself where the user has no stop (as a local game does), else see that the
        legal actions of the new position come (app/net_legal.py; `ask`: ask for them whatever the
        host's version); then redraw."""
        obs = self.state.obs or {}
        pend = obs.get("pending") or {}
        if self.state.my_decision():
            yielding = self._pass_turn is not None and obs.get("turn") == self._pass_turn  # "Next turn"
            if pend.get("kind") == "priority" and (yielding or not obs.get("stack")) and self._should_pass(obs) \
                    and self.state.seq != self._hold_seq:  # (an undone pass is not passed again by itself)
                act = P.Act(text="pass", seq=self.state.seq, id=self.state.next_act_id(), auto=True)
                if len(self._auto_ids) > 400:  # (an old pass's answer came long ago)
                    self._auto_ids = {i for i in self._auto_ids if i > act.id - 200}
                self._auto_ids.add(act.id)
                self.legal.acting(act.id)  # (the host's list of this position, sent unasked, lights no prompt)
                self.worker.send(act)
                return
            self.legal.want(ask)
        self.changed.emit()

    def _should_pass(self, obs: dict[str, Any]) -> bool:
        if self._pass_turn is not None:
            if obs.get("turn") == self._pass_turn:
                return True
            self._pass_turn = None
        own = self.seat in (obs.get("active_players") or [obs.get("active")])  # (a team turn: each member's, CR 805.4a)
        return obs.get("step") not in (self.stops if own else self.opponent_stops)

    # ---------------------------------------------------------------- the Session interface
    @property
    def mode(self) -> str:
        return self.mode_name

    @property
    def goldfish_game(self) -> bool:
        return False

    @property
    def player_names(self) -> list[str]:
        return list(self.state.players)

    def observation(self) -> dict[str, Any]:
        """A copy of the seat's observation, made once per message: patches change the
        client's own in place, and the table compares each card with what it drew last —
        the same dict changed in place would compare equal and a tapped land stay upright."""
        if self.state.obs is not None:
            if self._view is None:
                self._view = pickle.loads(pickle.dumps(self.state.obs, protocol=pickle.HIGHEST_PROTOCOL))
                for p in self._view.get("players", []):
                    if p.get("index") in self.away:
                        p["away"] = True  # drawn as "disconnected" on the player's panel
            return self._view
        return {"players": [], "battlefield": [], "stack": [], "pending": None, "turn": 0,
                                  "active": 0, "step": "", "priority": None, "mode": self.mode, "viewer": self.seat,
                                  "outcome": None}

    def deciding_seat(self) -> int | None:
        pend = (self.state.obs or {}).get("pending")
        return pend.get("player") if isinstance(pend, dict) else None

    def decision_known(self, player: int) -> bool:
        if self._link and player == self.seat and self.state.my_decision():
            return False  # (the host is away: an answer now would be lost; the prompt says why)
        return player != self.seat or not self.state.my_decision() or self.legal.known()

    def answer_sent(self) -> bool:
        return self.state.my_decision() and self.legal.acted == self.state.seq

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if (player is not None and player != self.seat) or not self.legal.known():
            return []
        return list(self.legal.actions)

    def pending_options(self, player: int) -> list[str]:
        pend = (self.state.obs or {}).get("pending") or {}
        if pend.get("player") != player:
            return []
        return [str(o) for o in pend.get("options", [])]

    def pending_refs(self, player: int) -> dict[int, str]:
        """For a choice between objects (the legend rule's "Name#1" / "Name#2"): object id ->
        the option naming it, as the host's observation gives them (ids the seat may know)."""
        pend = (self.state.obs or {}).get("pending") or {}
        refs, options = pend.get("refs") or [], pend.get("options") or []
        if pend.get("player") != player or len(refs) != len(options):
            return {}
        return {int(r): str(o) for r, o in zip(refs, options) if isinstance(r, int)}

    def all_events(self) -> list[dict[str, Any]]:
        return list(self.state.log)

    def watch_library(self, open_: bool) -> None:
        """A viewer of the library opens (or closes): the host sends the library while it is
        open, and tells the others that this player looks through it."""
        if open_ == self._looking:
            return
        self._looking = open_
        if not open_:
            self._library = None
        if self.playing:
            self.worker.send(P.LibraryLook(open=open_))

    def library_known(self, player: int) -> bool:
        return player != self.seat or self._library is not None

    def library_names(self, player: int) -> list[str]:
        """Your own library while you look through it (the host's list), the top card first."""
        return [n for _i, n in self._library or []] if player == self.seat else []

    def library_ids(self, player: int) -> list[int]:
        return [i for i, _n in self._library or []] if player == self.seat else []

    def make(self, verb: str, obj: int | None = None, player: int | None = None, **fields: Any) -> Action:
        return self._texted(Action(self.seat if player is None else player, verb, obj=obj, **fields))

    def with_action(self, action: Action, **changes: Any) -> Action:
        return self._texted(action._replace(text="", **changes))

    def _texted(self, action: Action) -> Action:
        """The host's exact text when the action is one it listed; else written from the view."""
        for a in self.legal.actions:
            if a == action:
                return a
        obs = self.observation()
        if self._library and action.obj in {i for i, _n in self._library}:  # (a card of the library you look through)
            obs = dict(obs, players=[dict(p, library=[{"id": i, "name": n, "zone": "library", "owner": self.seat}
                                                      for i, n in self._library])
                                     if p.get("index") == self.seat else p for p in obs.get("players", [])])
        return checked_for(obs, action)

    def submit(self, action: Action | str, *, auto_pass: bool = True, player: int | None = None,
               quiet: bool = False) -> bool:
        """Send the action's text; the host's answer comes as an update (or an error)."""
        if not self.playing or self.state.outcome is not None:
            self._fail(tr("That is not possible at this moment of the game."), quiet)
            return False
        fields = None
        if isinstance(action, Action):
            if not action.text:
                action = self._texted(action)
            text = action.text or action.verb
            # the fields go along: the host applies exactly this object (see protocol.md)
            fields = legal_fields(action)
        else:
            text = action
        if len(text) > MAX_ACTION_TEXT:
            # (cut short, it would be another action, or none: refused here as the host would)
            self._fail(error_text(ActionSyntaxError("action.text_too_long", maximum=MAX_ACTION_TEXT)), quiet)
            return False
        if fields is not None and not P.fields_fit(fields):  # (refused unread by the host: no answer would come)
            self._fail(tr("This action is too large for a LAN table to carry (at most {maximum} objects in one list); choose fewer.",
                          maximum=P.MAX_FIELD_ITEMS), quiet)
            return False
        act = P.Act(text=text, seq=self.state.seq, fields=fields, id=self.state.next_act_id())
        self.legal.acting(act.id)  # the position is about to change
        self._auto_sent = False
        self.worker.send(act)
        # the prompt just answered goes (its buttons would send a second answer): redrawn once
        # the caller is done, not in the middle of its gesture
        QTimer.singleShot(0, self, self.changed.emit)  # (not after the session is gone)
        return True

    def sendable(self, action: Action) -> bool:
        return P.fields_fit(legal_fields(action))

    def submit_parts(self, parts: list[Action]) -> bool:
        """A declaration in parts: each part is sent once the update of the last one came (sent
        in a row, every part after the first would be refused as stale: decided on an older
        position, docs/protocol.md)."""
        if not parts or not self.submit(parts[0]):
            return False
        self._parts = list(parts[1:])
        return True

    def _fail(self, message: str, quiet: bool = False) -> None:
        self.last_error = message
        if not quiet:
            self.error.emit(message)

    def pass_until_next_turn(self) -> bool:
        self._pass_turn = (self.state.obs or {}).get("turn")
        return self.submit("pass")

    def set_ready(self, ready: bool) -> None:
        self.worker.send(P.Ready(ready=ready))

    def change_deck(self, deck: list[str], commanders: list[str], deck_path: str) -> bool:
        """Submit another deck in the lobby (after the host refused one): the host checks it as
        the first (deck_result). False when there is no seat to submit for yet."""
        welcome = getattr(self, "_welcome", None)
        if welcome is None or welcome.seat is None:
            return False
        self.deck, self.commanders, self.deck_path = list(deck), list(commanders), deck_path
        submission = self._submission(welcome)
        if submission is None:
            return False
        self.worker.send(submission)
        return True

    def start_game(self) -> None:
        self.worker.send(P.Start())

    def add_computer(self, level: str, deck: list[str], name: str, commanders: list[str] | None = None,
                     deck_path: str | None = None) -> int:
        """Host only: a computer player takes a free seat (-1: none free); `deck_path`: the
        chosen deck's file (at an Archenemy table its scheme deck comes with it)."""
        return self.worker.add_computer(level, deck, name, commanders, deck_path)

    def allow_follow(self, allow: bool) -> None:
        """Let spectators follow this seat's hand, or take it back (the host must allow it too)."""
        self.worker.send(P.AllowFollow(allow=bool(allow)))

    def say(self, text: str) -> None:
        text = text.strip()[:500]
        if text:
            self.worker.send(P.Chat(text=text))

    def concede(self) -> None:
        self.worker.send(P.Concede())

    def rematch(self) -> None:
        self.worker.send(P.Rematch())

    def save(self, path: Any) -> None:
        raise OSError(tr("A LAN game is saved by the host: its journal and replay are on the host's computer."))

    def restarted(self, seed: int | None = None) -> "RemoteSession":
        self.rematch()
        return self

    def close(self) -> None:
        self.legal.stop()
        self.worker.stop()
