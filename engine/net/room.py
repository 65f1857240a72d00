"""One table on the host: seats, lobby, the game, and what each connection may see.

The room knows nothing of sockets: a connection is a `Peer` with `send(bytes)` and
`close(code, reason)`, and the server hands the room decoded, schema-checked messages.
Everything a seat receives about the game is derived from `observation(seat)` (as a
patch against what that seat got last) plus the events redacted for that seat.
"""
from __future__ import annotations

import functools
import hashlib
import logging
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol

from engine.net import delta, engine_port as port, journal as jr
from engine.net import protocol as P
from engine.net.redact import needs_check, redact, visible_names

log = logging.getLogger(__name__)
RECONNECT_SECONDS = 300.0
CLOSE_POLICY = 1008  # websockets' "policy violation"
CLOSE_REPLACED = 4000
CLOSE_FULL = 4003


class Peer(Protocol):
    def send(self, data: bytes) -> None: ...
    def close(self, code: int, reason: str) -> None: ...


class Agent(Protocol):
    """A computer player sitting in a seat in this process (the hook for engine/ai).
    `choose` gets the seat's view and returns one of `view.legal` (an action text)."""

    def choose(self, view: "AgentView") -> str: ...


@dataclass
class AgentView:
    seat: int
    observation: dict[str, Any]
    legal: list[str]


@dataclass
class Seat:
    index: int
    name: str | None = None
    token_hash: str = ""
    peer: Peer | None = None
    ready: bool = False
    deck: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    agent: Agent | None = None
    dropped_at: float | None = None


@dataclass
class View:
    """What one point of view (a seat, or None for the public) was last sent."""

    obs: dict[str, Any] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Room:
    def __init__(self, players: int = 2, mode: str = "hybrid", name: str = "Manatable", *,
                 journal_dir: Path | None = None, spectator_hands: bool = False, auto_start: bool = True,
                 schedule: Callable[[float, Callable[[], None]], Any] | None = None,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        if not 2 <= players <= port.max_players():
            raise ValueError(f"This engine seats 2 to {port.max_players()} players, not {players}.")
        if mode not in port.MODES:
            raise ValueError(f"Unknown mode {mode!r}; use one of {', '.join(port.MODES)}.")
        self.name = name
        self.mode = mode
        self.seats = [Seat(i) for i in range(players)]
        self.spectators: dict[Peer, int | None] = {}  # peer -> followed seat (hands allowed)
        self.spectator_hands = spectator_hands
        self.auto_start = auto_start
        self.journal_dir = journal_dir
        self.schedule = schedule or (lambda delay, fn: None)
        self.clock = clock
        self.game: port.Game | None = None
        self.journal: jr.Journal | None = None
        self.seq = 0
        self.views: dict[int | None, View] = {}
        self.seed: int | None = None
        self.next_seed = seed  # tests: the seed of the next game (None: random)
        self.undo_ask: tuple[int, set[int]] | None = None
        self.rematch: set[int] = set()
        self.replay_path: Path | None = None
        self.games_played = 0
        self.updates_sent = 0
        self.bytes_sent = 0

    # ------------------------------------------------------------------ sending
    def _send(self, peer: Peer | None, msg: Any) -> None:
        if peer is None:
            return
        data = P.encode(msg)
        self.updates_sent += 1
        self.bytes_sent += len(data)
        peer.send(data)

    def _peers(self) -> list[Peer]:
        return [s.peer for s in self.seats if s.peer is not None] + list(self.spectators)

    def _all(self, msg: Any) -> None:
        data = P.encode(msg)
        for p in self._peers():
            p.send(data)

    def error(self, peer: Peer, reason: str, key: str, ref: str = "", /, **params: Any) -> None:
        """Refuse a message: `reason` (docs/protocol.md) and the key of its sentence (net.*,
        engine/messages/net.py) with its parameters; `message` is that sentence in English."""
        self._send(peer, P.Error(reason=reason, message=port.sentence(key, **params), ref=ref, key=key, params=params))

    def refuse_action(self, peer: Peer, exc: Exception) -> None:
        """A refused action: its ActionError key and parameters (clients translate them)."""
        key, params = port.error_key(exc)
        self._send(peer, P.Error(reason=port.error_reason(exc), message=str(exc), ref="act", key=key, params=params))

    on_lobby_change: Callable[[], None] | None = None

    def lobby(self) -> P.Lobby:
        if self.on_lobby_change is not None:
            try:
                self.on_lobby_change()
            except Exception:
                log.exception("lobby hook failed")
        return P.Lobby(seats=[P.SeatInfo(seat=s.index, name=s.name, ready=s.ready, deck=len(s.deck),
                                         connected=s.peer is not None or s.agent is not None,
                                         agent=s.agent is not None) for s in self.seats],
                       spectators=len(self.spectators), started=self.game is not None)

    def seats_taken(self) -> int:
        return sum(1 for s in self.seats if s.name is not None)

    def seat_of(self, peer: Peer) -> Seat | None:
        for s in self.seats:
            if s.peer is peer:
                return s
        return None

    # ------------------------------------------------------------------ joining
    def join(self, peer: Peer, hello: P.Hello) -> bool:
        """Seat (or reseat) a new connection; False if it was refused (and closed)."""
        if hello.version != P.PROTOCOL_VERSION:
            self.error(peer, "version", "net.version", "hello", host=P.PROTOCOL_VERSION, client=hello.version)
            peer.close(CLOSE_POLICY, "version")
            return False
        if hello.role == "spectator":
            follow = hello.follow if self.spectator_hands and hello.follow is not None \
                and hello.follow < len(self.seats) else None
            self.spectators[peer] = follow
            self._send(peer, P.Welcome(version=P.PROTOCOL_VERSION, seat=None, token="", game=self.name,
                                       mode=self.mode, players=len(self.seats)))
            self._all(self.lobby())
            if self.game is not None:
                self._snapshot(peer, follow)
            return True
        if hello.token:
            h = _hash(hello.token)
            for s in self.seats:
                if s.token_hash and secrets.compare_digest(s.token_hash, h):
                    return self._reseat(peer, s, hello.token)
            self.error(peer, "bad_token", "net.bad_token", "hello")
            peer.close(CLOSE_POLICY, "bad token")
            return False
        free = next((s for s in self.seats if s.name is None and s.agent is None), None)
        if free is None or self.game is not None:
            name = " ".join(hello.name.split()).lower()
            waiting = next((s for s in self.seats if s.name and s.name.lower() == name and s.peer is None
                            and s.agent is None), None)
            if waiting is not None:  # their seat is kept, but only its key (on their disk) sits there
                self.error(peer, "table_full", "net.seat_waiting", "hello", name=waiting.name)
            else:
                self.error(peer, "table_full", "net.table_full", "hello")
            peer.close(CLOSE_FULL, "table full")
            return False
        token = secrets.token_urlsafe(24)
        free.name = self._unique_name(hello.name)
        free.token_hash = _hash(token)
        free.peer = peer
        free.ready = False
        self._send(peer, P.Welcome(version=P.PROTOCOL_VERSION, seat=free.index, token=token, game=self.name,
                                   mode=self.mode, players=len(self.seats)))
        self._all(self.lobby())
        return True

    def _unique_name(self, name: str) -> str:
        taken = {s.name.lower() for s in self.seats if s.name}  # the engine wants distinct names
        out, n = " ".join(name.split()) or "Player", 2
        base = out
        while out.lower() in taken:
            out, n = f"{base} ({n})", n + 1
        return out

    def _reseat(self, peer: Peer, seat: Seat, token: str) -> bool:
        old = seat.peer
        seat.peer = peer
        seat.dropped_at = None
        if old is not None and old is not peer:
            old.close(CLOSE_REPLACED, "signed in elsewhere")
        self._send(peer, P.Welcome(version=P.PROTOCOL_VERSION, seat=seat.index, token=token, game=self.name,
                                   mode=self.mode, players=len(self.seats)))
        self._all(self.lobby())
        if self.game is not None:
            self._snapshot(peer, seat.index)
            self._all(P.Presence(seat=seat.index, name=seat.name or "", connected=True))
        return True

    def leave(self, peer: Peer) -> None:
        """A connection ended. A seated player keeps the seat during a game (reconnect with
        the token within RECONNECT_SECONDS); in the lobby the seat is freed."""
        if peer in self.spectators:
            del self.spectators[peer]
            self._all(self.lobby())
            return
        seat = self.seat_of(peer)
        if seat is None:
            return
        seat.peer = None
        if self.game is None:
            self.seats[seat.index] = Seat(seat.index)
            self._all(self.lobby())
            return
        seat.dropped_at = self.clock()
        if port.outcome(self.game) is not None:  # a finished game: nobody waits for them
            self._all(self.lobby())
            return
        self._all(P.Presence(seat=seat.index, name=seat.name or "", connected=False))
        self._all(self.lobby())
        self.schedule(RECONNECT_SECONDS, lambda: self._expire(seat.index))

    def _expire(self, index: int) -> None:
        """Five minutes without the player: they concede (CR 104.3a), the others play on."""
        seat = self.seats[index]
        if seat.peer is not None or seat.dropped_at is None or self.game is None:
            return
        if self.clock() - seat.dropped_at < RECONNECT_SECONDS - 1:
            return
        if port.outcome(self.game) is None:
            self._apply(index, port.concede_text(), None)

    def add_agent(self, index: int, agent: Agent, name: str, deck: list[str]) -> None:
        """Fill an empty seat with an in-process computer player (engine/ai)."""
        seat = self.seats[index]
        if seat.name is not None or self.game is not None:
            raise ValueError("That seat is taken.")
        seat.name, seat.agent, seat.deck, seat.ready = self._unique_name(name), agent, list(deck), True
        self._all(self.lobby())
        self._maybe_start()

    # ------------------------------------------------------------------ messages
    def handle(self, peer: Peer, msg: Any) -> None:
        seat = self.seat_of(peer)
        kind = type(msg).__name__
        if isinstance(msg, P.Chat):
            who = seat.name if seat is not None else "spectator"
            self._all(P.ChatLine(name=who or "", seat=seat.index if seat else None, text=msg.text))
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
        problems = port.check_deck(list(msg.cards), list(msg.sideboard))
        ok = not any(p["severity"] == "error" for p in problems)
        if ok:
            seat.deck, seat.sideboard = list(msg.cards), list(msg.sideboard)
        else:
            seat.deck, seat.ready = [], False
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
        elif not self._all_ready():
            self.error(peer, "not_ready", "net.not_ready", "start")
        else:
            self.start(msg.seed)

    def _all_ready(self) -> bool:
        return all(s.name is not None and s.ready and s.deck for s in self.seats)

    def _maybe_start(self) -> None:
        if self.auto_start and self.game is None and self._all_ready():
            self.start()

    def start(self, seed: int | None = None, *, actions: list[tuple[int, str]] = (), resumed: bool = False) -> None:  # type: ignore[assignment]
        if seed is None and self.next_seed is not None:
            seed, self.next_seed = self.next_seed, self.next_seed + 1
        self.seed = secrets.randbelow(1 << 31) if seed is None else seed
        names = [s.name or f"Seat {s.index + 1}" for s in self.seats]
        self.game = port.new_game(names, [s.deck for s in self.seats], self.mode, self.seed)
        for who, text in actions:
            port.apply(self.game, port.parse(self.game, who, text))
        self.undo_ask, self.rematch = None, set()
        self.views = {}
        self.seq += 1
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
                    "agents": [_agent_record(s.agent) for s in self.seats]})
        initial = port.events_since(self.game, 0)
        for key in self._view_keys():
            obs = port.observe(self.game, key)
            self.views[key] = View(obs, redact(initial, visible_names(obs)))
        for s in self.seats:
            if s.peer is not None:
                v = self.views[s.index]
                self._send(s.peer, P.Started(seat=s.index, players=names, mode=self.mode, seq=self.seq,
                                             observation=v.obs))
                if v.log:
                    self._send(s.peer, P.Update(seq=self.seq, patch=[], events=v.log))
        for peer, follow in self.spectators.items():
            v = self.views[follow]
            self._send(peer, P.Started(seat=None, players=names, mode=self.mode, seq=self.seq, observation=v.obs))
        self._all(self.lobby())
        self._after_change()

    def _view_keys(self) -> list[int | None]:
        keys: list[int | None] = [s.index for s in self.seats]
        if any(f is None for f in self.spectators.values()) or not self.spectator_hands:
            keys.append(None)
        return keys

    def _snapshot(self, peer: Peer, key: int | None) -> None:
        assert self.game is not None
        v = self.views.get(key)
        if v is None:
            obs = port.observe(self.game, key)
            v = self.views[key] = View(obs, [])
        names = [s.name or "" for s in self.seats]
        self._send(peer, P.Started(seat=key if self.seat_of(peer) else None, players=names, mode=self.mode,
                                   seq=self.seq, observation=v.obs))
        self._send(peer, P.Snapshot(seq=self.seq, observation=v.obs, events=v.log))
        for s in self.seats:
            if s.peer is None and s.agent is None and s.dropped_at is not None:
                self._send(peer, P.Presence(seat=s.index, name=s.name or "", connected=False))
        if self.undo_ask is not None:
            asker = self.seats[self.undo_ask[0]]
            self._send(peer, P.UndoAsked(seat=asker.index, name=asker.name or ""))

    # ------------------------------------------------------------------ playing
    def _on_Act(self, peer: Peer, seat: Seat, msg: P.Act) -> None:
        if self.game is None or port.outcome(self.game) is not None:
            self.error(peer, "wrong_time", "net.no_game", "act")
        elif msg.seq != self.seq:
            self.error(peer, "stale", "net.stale", "act", seq=self.seq)
        else:
            self._apply(seat.index, msg.text, peer, msg.fields)

    def _on_Concede(self, peer: Peer, seat: Seat, msg: P.Concede) -> None:
        if self.game is None or port.outcome(self.game) is not None:
            self.error(peer, "wrong_time", "net.no_game", "concede")
        else:
            self._apply(seat.index, port.concede_text(), peer)

    def _apply(self, index: int, text: str, peer: Peer | None, fields: dict[str, Any] | None = None) -> bool:
        game = self.game
        assert game is not None
        try:
            action = port.structured(index, fields) if fields is not None else port.parse(game, index, text)
            events = port.apply(game, action)
        except port.ActionError as exc:
            if peer is not None:
                self.refuse_action(peer, exc)
            return False
        except Exception as exc:  # an engine bug: rebuild the position, keep the table going
            log.exception("The engine failed on %r", text)
            self._rebuild()
            if peer is not None:
                self.error(peer, "engine_failure", "net.engine_failure", "act", detail=str(exc))
            return False
        self.undo_ask = None
        if self.journal is not None:
            self.journal.action(index, port.last_text(game))
        self._broadcast(events)
        self._after_change()
        return True

    def _rebuild(self) -> None:
        assert self.game is not None
        texts = port.history_texts(self.game)
        game = port.new_game([s.name or "" for s in self.seats], [s.deck for s in self.seats], self.mode,
                             self.seed or 0)
        for who, t in texts:
            port.apply(game, port.parse(game, who, t))
        self.game = game

    def _broadcast(self, events: list[dict[str, Any]]) -> None:
        """Every point of view gets its patch and its redacted events."""
        assert self.game is not None
        self.seq += 1
        check = needs_check(events)
        shared: dict[Any, Any] = {}  # the views' card parts, made once for every point of view
        for key in self._view_keys():
            v = self.views.setdefault(key, View())
            obs = port.observe(self.game, key, shared)
            if check:
                seen = visible_names(v.obs)
                visible_names(obs, seen)
                evs = redact(events, seen)
            else:
                evs = events
            patch = delta.diff(v.obs, obs)
            v.obs = obs
            v.log.extend(evs)
            msg = P.encode(P.Update(seq=self.seq, patch=patch, events=evs))
            for peer in self._listeners(key):
                self.updates_sent += 1
                self.bytes_sent += len(msg)
                peer.send(msg)

    def _listeners(self, key: int | None) -> list[Peer]:
        out: list[Peer] = []
        if key is not None:
            p = self.seats[key].peer
            if p is not None:
                out.append(p)
        out.extend(peer for peer, f in self.spectators.items() if f == key)
        return out

    def _after_change(self) -> None:
        game = self.game
        assert game is not None
        out = port.outcome(game)
        if out is not None:
            self._finish(out)
            return
        who = port.decider(game)
        if who is not None and self.seats[who].agent is not None:
            seq = self.seq
            self.schedule(0.0, lambda: self._agent_turn(who, seq))

    def _agent_turn(self, index: int, seq: int) -> None:
        game, agent = self.game, self.seats[index].agent
        if game is None or agent is None or seq != self.seq or port.decider(game) != index:
            return
        view = AgentView(index, self.views[index].obs, port.legal_texts(game, index))
        try:
            text = agent.choose(view)
        except Exception:
            log.exception("The computer player in seat %d failed; it concedes", index + 1)
            text = port.concede_text()
        if not self._apply(index, text, None):
            self._apply(index, port.concede_text(), None)

    def _finish(self, out: dict[str, Any]) -> None:
        assert self.game is not None
        name = ""
        if self.journal_dir is not None:
            from engine.paths import atomic_write
            import json
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.replay_path = self.journal_dir / f"replay-{stamp}-{self.games_played}.json"
            atomic_write(self.replay_path, json.dumps(port.replay(self.game), ensure_ascii=False))
            name = self.replay_path.name
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

    # ------------------------------------------------------------------ undo and rematch
    def _on_UndoRequest(self, peer: Peer, seat: Seat, msg: P.UndoRequest) -> None:
        game = self.game
        if game is None or port.outcome(game) is not None or port.history_length(game) == 0:
            self.error(peer, "wrong_time", "net.nothing_to_undo", "undo?")
            return
        if self.undo_ask is not None:
            self.error(peer, "wrong_time", "net.undo_open", "undo?")
            return
        others = {s.index for s in self.seats if s.index != seat.index and s.agent is None}
        self.undo_ask = (seat.index, set())
        if not others:
            self._undo(seat.index)
            return
        self._all(P.UndoAsked(seat=seat.index, name=seat.name or ""))

    def _on_UndoAnswer(self, peer: Peer, seat: Seat, msg: P.UndoAnswer) -> None:
        ask = self.undo_ask
        if ask is None or ask[0] == seat.index:
            self.error(peer, "wrong_time", "net.undo_not_asked", "undo!")
            return
        if not msg.accept:
            self.undo_ask = None
            self._all(P.UndoResult(accepted=False, by=seat.index))
            return
        ask[1].add(seat.index)
        if all(s.index in ask[1] for s in self.seats if s.index != ask[0] and s.agent is None):
            self._undo(ask[0])

    def _undo(self, asker: int) -> None:
        """Take back the asker's last action and everything after it."""
        game = self.game
        assert game is not None
        hist = port.history_texts(game)
        n = next((len(hist) - i for i in range(len(hist) - 1, -1, -1) if hist[i][0] == asker), 1)
        for _ in range(n):
            port.undo(game)
        if self.journal is not None:
            self.journal.undo(n)
        self.undo_ask = None
        self.seq += 1
        events = port.events_since(game, 0)
        for key in list(self.views):
            obs = port.observe(game, key)
            self.views[key] = View(obs, redact(events, visible_names(obs)))
        self._all(P.UndoResult(accepted=True))
        for s in self.seats:
            if s.peer is not None:
                v = self.views[s.index]
                self._send(s.peer, P.Snapshot(seq=self.seq, observation=v.obs, events=v.log))
        for peer, f in self.spectators.items():
            v = self.views.setdefault(f, View(port.observe(game, f), []))
            self._send(peer, P.Snapshot(seq=self.seq, observation=v.obs, events=v.log))
        self._after_change()

    def _on_Rematch(self, peer: Peer, seat: Seat, msg: P.Rematch) -> None:
        if self.game is None or port.outcome(self.game) is None:
            self.error(peer, "wrong_time", "net.rematch_unfinished", "rematch")
            return
        self.rematch.add(seat.index)
        self._all(P.RematchVotes(seats=sorted(self.rematch)))
        if all(s.index in self.rematch or s.agent is not None for s in self.seats):
            self.start()

    # ------------------------------------------------------------------ restart
    @classmethod
    def resume(cls, journal_path: Path, **kw: Any) -> "Room":
        """A host restarted after a crash: the game from the journal, seats waiting for their
        players to come back with their tokens."""
        header, acts = jr.read(journal_path)
        names = list(header["names"])
        room = cls(players=len(names), mode=str(header["mode"]), name=str(header.get("game", "Manatable")),
                   journal_dir=Path(journal_path).parent, **kw)
        now = room.clock()
        agents = list(header.get("agents") or [None] * len(names))
        for s, name, deck, tok, agent in zip(room.seats, names, header["decks"], header["tokens"], agents):
            s.name, s.deck, s.token_hash, s.ready, s.dropped_at = name, list(deck), str(tok), True, now
            if isinstance(agent, dict) and agent.get("level"):  # a computer seat sits down again
                from engine.net.computer import ComputerSeat
                s.agent = ComputerSeat(room, s.index, str(agent["level"]), list(deck), int(agent.get("seed", 0)))
                s.dropped_at = None
        room.start(int(header["seed"]), actions=acts, resumed=True)
        return room

    def serving(self) -> None:
        """The server is listening (and `schedule` works): start the reconnect clocks of a
        resumed game, and let a computer player move if it is its turn."""
        for s in self.seats:
            if s.dropped_at is not None and s.peer is None:
                self.schedule(RECONNECT_SECONDS, functools.partial(self._expire, s.index))
        if self.game is not None:
            self._after_change()


def _agent_record(agent: Any) -> Any:
    """The journal's note of a seat's computer player: enough to seat it again (or False)."""
    if agent is None:
        return False
    describe = getattr(agent, "describe", None)
    return describe() if callable(describe) else True


def _tag(msg: Any) -> str:
    cfg = getattr(type(msg), "__struct_config__", None)
    return str(getattr(cfg, "tag", "") or "")
