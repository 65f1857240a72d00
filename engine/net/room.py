"""One table on the host: seats, lobby, the game, and what each connection may see.

The room knows nothing of sockets: a connection is a `Peer` with `send(bytes)` and
`close(code, reason)`, and the server hands the room decoded, schema-checked messages.
Everything a seat receives about the game is derived from `observation(seat)` (as a
patch against what that seat got last) plus the events redacted for that seat.
"""
from __future__ import annotations

import functools
import logging
import time
from pathlib import Path
from typing import Any, Callable

from engine.net import delta, engine_port as port, formats, guard, journal as jr, votes
from engine.net.library_look import LibraryLooks
from engine.net.acts import Acts
from engine.net.clock import DECISION_SECONDS, GAME_SECONDS, TableClock
from engine.net.spectators import SpectatorFeed
from engine.state import secret_seed
from engine.net import protocol as P
from engine.net.seats import (CLOSE_FULL, CLOSE_POLICY, CLOSE_REPLACED, CLOSE_TRY_LATER,
                              RECONNECT_SECONDS, Agent, AgentView, Peer, Seat, Seating, View, agent_record,
                              printable, resume)
from engine.paths import atomic_write
import json

__all__ = ["Agent", "AgentView", "CLOSE_FULL", "CLOSE_POLICY", "CLOSE_REPLACED", "CLOSE_TRY_LATER",
           "MAX_SPECTATORS", "RECONNECT_SECONDS", "Peer", "Room", "Seat", "View"]

log = logging.getLogger(__name__)
MAX_SPECTATORS = 500  # (read as the room is made: Room.max_spectators)
MAX_LOG = 20000  # events kept per point of view (a snapshot sends them; older ones are dropped)
CHAT_RATE, CHAT_BURST = 4.0, 10.0  # chat lines per second for the whole table (each goes to everyone)
LOBBY_DELAY = 1.0  # seconds: spectators coming and going are told to everyone at most this often

class Room:
    def __init__(self, players: int = 2, mode: str = "rules", name: str = "Manatable", *, paper: bool = False,
                 journal_dir: Path | None = None, spectator_hands: bool = False, auto_start: bool = True,
                 schedule: Callable[[float, Callable[[], None]], Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None,
                 decision_seconds: float = DECISION_SECONDS, game_seconds: float = GAME_SECONDS,
                 on_timeout: str = "claim", format: str = "free_for_all", any_deck: bool = False) -> None:
        formats.config(format, [], [])  # (an unknown format: ValueError)
        # what each seat submits with its deck: its commander (Commander, CR 903), its scheme
        # deck (the Archenemy formats, CR 904; engine/net/formats.py)
        self.format = format
        if not 2 <= players <= port.max_players():
            raise ValueError(f"This engine seats 2 to {port.max_players()} players, not {players}.")
        if mode not in port.MODES:
            raise ValueError(f"Unknown mode {mode!r}; use one of {', '.join(port.MODES)}.")
        self.name = name
        self.mode = mode
        # a trusted table: any seat may make any table move (engine/net/guard.py); every seat
        # sees the setting in the lobby
        self.paper = paper
        # the host allows decks that break the format's deck check (a casual table): said to the
        # seat in its deck_result, never silently (engine/net/formats.py submission_problems)
        self.any_deck = any_deck
        self.seats = [Seat(i) for i in range(players)]
        self.spectators: dict[Peer, int | None] = {}  # peer -> followed seat (hands allowed)
        # the protocol version each joined connection speaks (its hello): an older peer's frames
        # leave out what came later (P.encode_for); a connection not (yet) in it speaks ours
        self.versions: dict[Peer, int] = {}
        self.spectator_hands = spectator_hands
        self.max_spectators = MAX_SPECTATORS
        self.auto_start = auto_start
        self.journal_dir = journal_dir
        self.schedule = schedule or (lambda delay, fn: None)
        self._lobby_due = False  # a coalesced lobby update is scheduled (spectators come and go)
        self.chat = guard.Bucket(CHAT_RATE, CHAT_BURST, clock)
        self.clock = clock
        self.game: port.Game | None = None
        self.journal: jr.Journal | None = None
        self.seq = 0
        # the last update that changed the open decision (a start, an undo, a rules action, a
        # skip, a table move whose trigger went on the stack): an action decided before it is
        # refused as stale (Room._apply)
        self.rules_seq = 0
        self._act_id = 0  # the id of the `act` being handled (Error.act)
        self.views: dict[int | None, View] = {}
        self.seed: int | None = None
        self.next_seed = seed  # tests: the seed of the next game (None: random)
        # an open request to take back an action: (the asker, who agreed, the history length to
        # go back to: the asker's last action when they asked; a table's agreement, no rule of the CR)
        self.undo_ask: tuple[int, set[int], int] | None = None
        self.auto_made: set[int] = set()  # history indices of passes a client made by itself (Act.auto)
        self.rematch: set[int] = set()
        self.replay_path: Path | None = None
        self.games_played = 0
        self.updates_sent = 0
        self.bytes_sent = 0
        self.timer = TableClock(self, decision_seconds, game_seconds, on_timeout)  # engine/net/clock.py
        self.feed = SpectatorFeed(self)  # spectators' updates, gathered (engine/net/spectators.py)
        self.seating = Seating(self)  # joining, leaving, standing in (engine/net/seats.py)
        self.acts = Acts(self)  # the seats' actions, checked and applied (engine/net/acts.py)
        self.looks = LibraryLooks(self)  # seats looking through their library (engine/net/library_look.py)

    # ------------------------------------------------------------------ sending
    def _send(self, peer: Peer | None, msg: Any) -> None:
        if peer is None:
            return
        data = P.encode_for(msg, self.versions.get(peer, P.PROTOCOL_VERSION))
        self.updates_sent += 1
        self.bytes_sent += len(data)
        peer.send(data)

    def _peers(self) -> list[Peer]:
        return [s.peer for s in self.seats if s.peer is not None] + list(self.spectators)

    def _all(self, msg: Any) -> None:
        frames: dict[int, bytes] = {}  # one encoding per protocol version among the peers
        for p in self._peers():
            version = self.versions.get(p, P.PROTOCOL_VERSION)
            data = frames.get(version)
            if data is None:
                data = frames[version] = P.encode_for(msg, version)
            p.send(data)

    def error(self, peer: Peer, reason: str, key: str, ref: str = "", /, **params: Any) -> None:
        """Refuse a message: `reason` (docs/protocol.md) and the key of its sentence (net.*,
        engine/messages/net.py) with its parameters; `message` is that sentence in English.
        Every refusal counts toward the connection's limit (engine/net/server.py)."""
        self._send(peer, P.Error(reason=reason, message=port.sentence(key, **params), ref=ref, key=key, params=params,
                                 act=self._act_id if ref == "act" else 0))
        if self.on_refuse is not None:
            self.on_refuse(peer)

    def refuse_action(self, peer: Peer, exc: Exception, seat: int | None = None, text: str | None = None) -> None:
        """A refused action: its ActionError key and parameters (clients translate them). The
        engine names objects by their names: a face-down card the seat may not know is named
        as everyone sees it (engine/net/guard.py)."""
        if seat is not None and self.game is not None and isinstance(exc, port.ActionError):
            exc = guard.for_seat(self.game, seat, exc, text)
        key, params = port.error_key(exc)
        self._send(peer, P.Error(reason=port.error_reason(exc), message=str(exc), ref="act", key=key, params=params,
                                 act=self._act_id))
        if self.on_refuse is not None:
            self.on_refuse(peer)

    on_lobby_change: Callable[[], None] | None = None
    on_refuse: Callable[[Any], None] | None = None  # the server counts refusals per connection
    scheduled = False  # a real scheduler (a server) is in place: lobby updates can wait a moment

    def _lobby_soon(self) -> None:
        """Tell everyone the lobby changed, once per LOBBY_DELAY however many spectators came
        and went meanwhile: 500 spectators joining cost 500 sends a moment, not 500 x 500."""
        if not self.scheduled:
            self._all(self.lobby())
            return
        if self._lobby_due:
            return
        self._lobby_due = True

        def send() -> None:
            self._lobby_due = False
            self._all(self.lobby())
        self.schedule(LOBBY_DELAY, send)

    def lobby(self) -> P.Lobby:
        if self.on_lobby_change is not None:
            try:
                self.on_lobby_change()
            except Exception:
                log.exception("lobby hook failed")
        return P.Lobby(seats=[P.SeatInfo(seat=s.index, name=s.name, ready=s.ready, deck=len(s.deck),
                                         connected=s.peer is not None or s.agent is not None,
                                         agent=s.agent is not None) for s in self.seats],
                       spectators=len(self.spectators), started=self.game is not None, paper=self.paper,
                       mode=self.mode, format=self.format, decision_seconds=self.timer.decision_seconds,
                       game_seconds=self.timer.game_seconds, on_timeout=self.timer.on_timeout,
                       any_deck=self.any_deck)

    def seats_taken(self) -> int:
        return sum(1 for s in self.seats if s.name is not None)

    def seat_of(self, peer: Peer) -> Seat | None:
        for s in self.seats:
            if s.peer is peer:
                return s
        return None

    # ------------------------------------------------------------------ joining (engine/net/seats.py)
    def join(self, peer: Peer, hello: P.Hello) -> bool:
        """Seat (or reseat) a new connection; False if it was refused (and closed)."""
        return self.seating.join(peer, hello)

    def leave(self, peer: Peer) -> None:
        """A connection ended (a seat is kept during a game, freed in the lobby)."""
        seat = self.seat_of(peer)
        if seat is not None:
            self.looks.end(seat.index)
        self.seating.leave(peer)

    def stand_in(self, index: int, agent: Agent) -> bool:
        """The computer plays for an absent player until they rejoin (Seating.stand_in)."""
        return self.seating.stand_in(index, agent)

    def add_agent(self, index: int, agent: Agent, name: str, deck: list[str], commanders: list[str] = (),  # type: ignore[assignment]
                  schemes: list[str] = ()) -> None:  # type: ignore[assignment]
        """Fill an empty seat with an in-process computer player (Seating.add_agent)."""
        self.seating.add_agent(index, agent, name, deck, commanders, schemes)

    def _on_AllowFollow(self, peer: Peer, seat: Seat, msg: P.AllowFollow) -> None:
        self.seating.allow_follow(peer, seat, msg)

    def _on_LibraryLook(self, peer: Peer, seat: Seat, msg: P.LibraryLook) -> None:
        self.looks.request(peer, seat, msg)
    # ------------------------------------------------------------------ messages
    def handle(self, peer: Peer, msg: Any) -> None:
        seat = self.seat_of(peer)
        kind = type(msg).__name__
        if isinstance(msg, P.Chat):
            # for the whole table: 500 spectators each within their own limit would still be
            # 500 lines a second, each sent to everyone
            if not self.chat.allow():
                self.error(peer, "flood", "net.flood", "chat")
                return
            who = seat.name if seat is not None else "spectator"
            text = " ".join(printable(msg.text).split())  # (one line, shown as it reads)
            if text:
                self._all(P.ChatLine(name=who or "", seat=seat.index if seat else None, text=text))
            return
        if seat is None:
            self.error(peer, "not_a_player", "net.not_a_player", _tag(msg))
            return
        handler = getattr(self, "_on_" + kind, None)
        if handler is None or isinstance(msg, P.Hello):
            self.error(peer, "wrong_time", "net.hello_twice", _tag(msg))
            return
        handler(peer, seat, msg)

    def _on_SubmitDeck(self, peer: Peer, seat: Seat, msg: P.SubmitDeck) -> None:
        if self.game is not None:
            self.error(peer, "wrong_time", "net.deck_too_late", "deck")
            return
        problems = formats.submission_problems(self.format, list(msg.cards), list(msg.sideboard), list(msg.commander),
                                               list(msg.schemes), self.any_deck)
        ok = not any(p["severity"] == "error" for p in problems)
        if ok:
            seat.deck, seat.sideboard = list(msg.cards), list(msg.sideboard)
            seat.commanders, seat.schemes = list(msg.commander), list(msg.schemes)
        else:
            seat.deck, seat.ready, seat.commanders, seat.schemes = [], False, [], []
        self._send(peer, P.DeckResult(ok=ok, problems=problems))
        self._all(self.lobby())

    def _on_Ready(self, peer: Peer, seat: Seat, msg: P.Ready) -> None:
        if self.game is not None:
            self.error(peer, "wrong_time", "net.already_started", "ready")
            return
        if msg.ready and not seat.deck:
            self.error(peer, "no_deck", "net.no_deck", "ready")
            return
        seat.ready = msg.ready
        self._all(self.lobby())
        if self.auto_start:
            self._maybe_start()

    def _on_Start(self, peer: Peer, seat: Seat, msg: P.Start) -> None:
        if self.game is not None:
            self.error(peer, "wrong_time", "net.already_started", "start")
        elif seat.index != 0:
            self.error(peer, "not_host", "net.not_host", "start")
        elif not self._seats_ready():
            self.error(peer, "not_ready", "net.not_ready", "start")
        elif not self._all_ready():  # every seat ready, but no seat has a scheme deck
            self.error(peer, "not_ready", "net.no_archenemy", "start")
        else:
            self.start()  # (a seed from a client is not used: it would tell that seat every shuffle)

    def _seats_ready(self) -> bool:
        return all(s.name is not None and s.ready and s.deck for s in self.seats)

    def _all_ready(self) -> bool:
        return self._seats_ready() and formats.ready(self.format, [s.schemes for s in self.seats])

    def _format_fields(self) -> dict[str, Any]:
        return formats.config(self.format, [s.commanders for s in self.seats], [s.schemes for s in self.seats])

    def _maybe_start(self) -> None:
        if self.auto_start and self.game is None and self._all_ready():
            self.start()

    def start(self, seed: int | None = None, *, actions: list[tuple[int, str, bool]] = (), resumed: bool = False) -> None:  # type: ignore[assignment]
        if seed is None and self.next_seed is not None:
            seed, self.next_seed = self.next_seed, self.next_seed + 1
        # a keyed generator from the system's secure source (engine/state.py secret_seed), kept
        # on the host (journal) and never sent: no seat can work the shuffles out from what it sees
        self.seed = secret_seed() if seed is None else seed
        names = [s.name or f"Seat {s.index + 1}" for s in self.seats]
        self.game = port.new_game(names, [s.deck for s in self.seats], self.mode, self.seed, **self._format_fields())
        auto_made: set[int] = set()
        for number, (who, text, auto) in enumerate(actions, 1):  # (a resumed game: its journal's actions)
            try:
                port.apply(self.game, port.parse(self.game, who, text))
            except (port.ActionError, LookupError, ValueError) as exc:
                raise jr.JournalError("net.journal.bad_action", number=number, action=text[:200]) from exc
            if auto:  # (the journal's passes a client made by itself: an undo skips them, votes.ask_undo)
                auto_made.add(port.history_length(self.game) - 1)
        self.undo_ask, self.rematch, self.auto_made = None, set(), auto_made
        self.looks.end()
        self.views = {}
        self.timer.reset()
        self.seq += 1
        self.rules_seq = self.seq
        self.games_played += 1
        if self.journal_dir is not None:
            path = self.journal_dir / "journal.jsonl"
            if resumed:
                self.journal = jr.Journal.reopen(path)
            else:
                if self.journal is not None:
                    self.journal.close()
                self.journal = jr.Journal(path, {
                    "game": self.name, "mode": self.mode, "seed": self.seed, "names": names,
                    "decks": [s.deck for s in self.seats], "tokens": [s.token_hash for s in self.seats],
                    "game_format": self.format, "commanders": [s.commanders for s in self.seats],
                    "schemes": [s.schemes for s in self.seats],
                    "agents": [agent_record(s.agent) for s in self.seats], "paper": self.paper, "any_deck": self.any_deck,
                    "clock": [self.timer.decision_seconds, self.timer.game_seconds, self.timer.on_timeout]})
        for key in self._view_keys():
            self.views[key] = View(port.observe(self.game, key), port.events_for(self.game, key))
        for s in self.seats:
            if s.peer is not None:
                v = self.views[s.index]
                self._send(s.peer, P.Started(seat=s.index, players=names, mode=self.mode, seq=self.seq,
                                             observation=v.obs))
                if v.log:
                    self._send(s.peer, P.Update(seq=self.seq, patch=[], events=v.log))
        self.feed.clear()
        for peer, follow in self.spectators.items():
            v = self.views[follow]
            self.feed.reset(follow, v.obs)
            self._send(peer, P.Started(seat=None, players=names, mode=self.mode, seq=self.seq, observation=v.obs))
            if v.log:  # the whole log from the start: the opening hands kept, the mulligans
                self._send(peer, P.Update(seq=self.seq, patch=[], events=v.log))
        self._all(self.lobby())
        self._after_change()

    def _view_keys(self) -> list[int | None]:
        keys: list[int | None] = [s.index for s in self.seats]
        if any(f is None for f in self.spectators.values()) or not self.spectator_hands:
            keys.append(None)
        return keys

    def _snapshot(self, peer: Peer, key: int | None) -> None:
        assert self.game is not None
        if peer in self.spectators:  # the others watching this view catch up first: one state for all
            self.feed.flush()
        v = self.views.get(key)
        if v is None:
            obs = port.observe(self.game, key)
            v = self.views[key] = View(obs, [])
        names = [s.name or "" for s in self.seats]
        if peer in self.spectators:
            self.feed.reset(key, v.obs)
        self._send(peer, P.Started(seat=key if self.seat_of(peer) else None, players=names, mode=self.mode,
                                   seq=self.seq, observation=v.obs))
        self._send(peer, P.Snapshot(seq=self.seq, observation=v.obs, events=v.log))
        if key is not None and self.seat_of(peer) is self.seats[key] and port.decider(self.game) == key \
                and port.outcome(self.game) is None:  # (a rejoin while deciding: its list too)
            self._offer_legal(peer, key)
        for s in self.seats:
            if s.peer is None and s.agent is None and s.dropped_at is not None:
                self._send(peer, P.Presence(seat=s.index, name=s.name or "", connected=False))
        if self.undo_ask is not None:
            asker = self.seats[self.undo_ask[0]]
            self._send(peer, P.UndoAsked(seat=asker.index, name=asker.name or ""))

    # ------------------------------------------------------------------ playing
    def _on_Act(self, peer: Peer, seat: Seat, msg: P.Act) -> None:
        self._act_id = msg.id  # (every refusal of it names it: Error.act)
        try:
            self.acts.act(peer, seat, msg)
        finally:
            self._act_id = 0

    def _on_Claim(self, peer: Peer, seat: Seat, msg: P.Claim) -> None:
        if self.game is None or port.outcome(self.game) is not None or not self.timer.claim(seat.index):
            self.error(peer, "wrong_time", "net.no_claim", "claim")

    def _on_Concede(self, peer: Peer, seat: Seat, msg: P.Concede) -> None:
        if self.game is None or port.outcome(self.game) is not None:
            self.error(peer, "wrong_time", "net.no_game", "concede")
        else:
            self._apply(seat.index, port.concede_text(), peer)

    def _apply(self, index: int, text: str, peer: Peer | None, fields: dict[str, Any] | None = None,
               seen: int | None = None) -> bool:
        """Apply a seat's action (engine/net/acts.py Acts.apply: the checks, the stale checks)."""
        return self.acts.apply(index, text, peer, fields, seen)

    def _broadcast(self, events: tuple[int, int]) -> None:
        """Every point of view gets its patch and the new events as the engine gives them to
        that point of view (engine/redaction.py)."""
        assert self.game is not None
        self.seq += 1
        shared: dict[Any, Any] = {}  # the views' card parts, made once for every point of view
        for key in self._view_keys():
            v = self.views.setdefault(key, View())
            obs = port.observe(self.game, key, shared)
            evs = port.events_for(self.game, key, *events)
            patch = delta.diff(v.obs, obs)
            v.obs = obs
            v.log.extend(evs)
            if len(v.log) > MAX_LOG:  # bounded: a snapshot sends the newest MAX_LOG events
                del v.log[:len(v.log) - MAX_LOG]
            peer = self.seats[key].peer if key is not None else None
            if peer is not None:
                msg = P.encode(P.Update(seq=self.seq, patch=patch, events=evs))
                self.updates_sent += 1
                self.bytes_sent += len(msg)
                peer.send(msg)
            if any(f == key for f in self.spectators.values()):
                self.feed.queue(key, evs)

    def _after_change(self) -> None:
        game = self.game
        assert game is not None
        self.looks.refresh()  # (a seat looking through its library sees it as it is now)
        out = port.outcome(game)
        self.timer.turn()
        if out is not None:
            if self.undo_ask is not None:  # (a finished game is not taken back: the request lapses)
                self.undo_ask = None
                self._all(P.UndoResult(accepted=False, by=None))
            self._finish(out)
            return
        who = port.decider(game)
        if who is not None and self.seats[who].agent is not None:
            seq = self.seq
            self.schedule(0.0, lambda: self._agent_turn(who, seq))
        elif who is not None:
            self._offer_legal(self.seats[who].peer, who)

    def _offer_legal(self, peer: Peer | None, index: int) -> None:
        """The deciding seat's legal actions, unasked, right after the frame that gave it the
        decision (protocol 6): its prompt can be answered as soon as it shows, one round trip
        sooner than with `legal?`. To that seat's own connection only; an older peer asks."""
        if peer is None or self.game is None or self.versions.get(peer, P.PROTOCOL_VERSION) < P.LEGAL_OFFERED:
            return
        texts, detail = port.legal_detail(self.game, index)
        self._send(peer, P.LegalList(seq=self.seq, actions=texts, detail=detail))

    def _agent_turn(self, index: int, seq: int) -> None:
        self.acts.agent_turn(index, seq)

    def _finish(self, out: dict[str, Any]) -> None:
        assert self.game is not None
        name = ""
        if self.journal_dir is not None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.replay_path = self.journal_dir / f"replay-{stamp}-{self.games_played}.json"
            atomic_write(self.replay_path, json.dumps(port.replay(self.game), ensure_ascii=False))
            name = self.replay_path.name
        self.feed.flush()  # the spectators see the last position before the end
        self._all(P.GameOver(outcome=out, replay=name))

    def _on_LegalRequest(self, peer: Peer, seat: Seat, msg: P.LegalRequest) -> None:
        game = self.game
        if game is None or port.outcome(game) is not None:
            self._send(peer, P.LegalList(seq=self.seq, actions=[]))
        elif msg.detail:
            texts, detail = port.legal_detail(game, seat.index)
            self._send(peer, P.LegalList(seq=self.seq, actions=texts, detail=detail))
        else:
            self._send(peer, P.LegalList(seq=self.seq, actions=port.legal_texts(game, seat.index)))

    # ------------------------------------------------------------------ undo and rematch (engine/net/votes.py)
    def _on_UndoRequest(self, peer: Peer, seat: Seat, msg: P.UndoRequest) -> None:
        votes.ask_undo(self, peer, seat)

    def _on_UndoAnswer(self, peer: Peer, seat: Seat, msg: P.UndoAnswer) -> None:
        votes.answer_undo(self, peer, seat, msg.accept)

    def _on_Rematch(self, peer: Peer, seat: Seat, msg: P.Rematch) -> None:
        votes.vote_rematch(self, peer, seat)

    # ------------------------------------------------------------------ restart
    @classmethod
    def resume(cls, journal_path: Path, **kw: Any) -> "Room":
        """A host restarted after a crash: the game from the journal, seats waiting for their
        players to come back with their tokens (engine/net/seats.py resume)."""
        return resume(cls, journal_path, **kw)

    def serving(self) -> None:
        """The server is listening (and `schedule` works): start the reconnect clocks of a
        resumed game, and let a computer player move if it is its turn."""
        for s in self.seats:
            if s.dropped_at is not None and s.peer is None:
                self.schedule(RECONNECT_SECONDS, functools.partial(self.seating.expire, s.index))
        if self.game is not None:
            self._after_change()


def _tag(msg: Any) -> str:
    cfg = getattr(type(msg), "__struct_config__", None)
    return str(getattr(cfg, "tag", "") or "")
