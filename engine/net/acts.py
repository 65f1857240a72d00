"""A seat's actions at a table (engine/net/room.py): an `act` frame taken once (its id), checked
against what the seat may name and touch (engine/net/guard.py), checked again when it was
decided on an older position than the table's now (the stale checks, docs/protocol.md), then
applied and sent to every point of view; a computer seat's turn. The Room owns one `Acts`.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable, Protocol

from engine import redaction
from engine.net import engine_port as port, guard
from engine.net import protocol as P
from engine.net.seats import AgentView, Peer, Seat, View

if TYPE_CHECKING:
    from engine.net import journal as jr
    from engine.net.library_look import LibraryLooks

log = logging.getLogger(__name__)
MANUAL_RATE, MANUAL_BURST = 2.0, 20.0  # table moves per second per seat (each one is an update for all)


class ActingRoom(Protocol):
    """What taking and applying the seats' actions reads and changes of the room
    (engine/net/room.py Room)."""

    game: port.Game | None
    journal: jr.Journal | None
    seats: list[Seat]
    views: dict[int | None, View]
    looks: LibraryLooks
    mode: str
    paper: bool
    seed: int | None
    seq: int
    rules_seq: int
    _act_id: int
    auto_made: set[int]
    clock: Callable[[], float]
    on_refuse: Callable[[Any], None] | None

    def error(self, peer: Peer, reason: str, key: str, ref: str = "", /, **params: Any) -> None: ...

    def refuse_action(self, peer: Peer, exc: Exception, seat: int | None = None, text: str | None = None) -> None: ...

    def _send(self, peer: Peer | None, msg: Any) -> None: ...

    def _broadcast(self, events: tuple[int, int]) -> None: ...

    def _after_change(self) -> None: ...

    def _format_fields(self) -> dict[str, Any]: ...


class Acts:
    """Taking, checking and applying the seats' actions (the Room delegates its calls here)."""

    def __init__(self, room: ActingRoom) -> None:
        self.room = room

    def act(self, peer: Peer, seat: Seat, msg: P.Act) -> None:
        room = self.room
        if room.game is None or port.outcome(room.game) is not None:
            room.error(peer, "wrong_time", "net.no_game", "act")
        elif msg.id and msg.id <= seat.last_act:  # the same frame again: never applied twice
            room.error(peer, "replayed", "net.replayed", "act")
        elif msg.seq > room.seq:  # a position that never was
            room.error(peer, "stale", "net.stale", "act")
        else:
            if msg.id:
                seat.last_act = msg.id
            self.apply(seat.index, msg.text, peer, msg.fields, seen=msg.seq, auto=msg.auto)

    def apply(self, index: int, text: str, peer: Peer | None, fields: dict[str, Any] | None = None,
              seen: int | None = None, auto: bool = False) -> bool:
        """Apply a seat's action. `seen`: the update the seat decided on (Act.seq). An action
        sent while updates were still on their way is checked again on the position now: a
        table move (or conceding) always — it is about its objects, not about a decision; any
        other action only if the open decision, stack, turn and step are as they were (a second
        "pass" is never applied to the next decision); and either only if it names its objects
        by id (fields), not by a name counted on the position now (docs/protocol.md). `auto`:
        a pass the seat's program made by itself (Act.auto), noted for undo and in the journal."""
        room = self.room
        game = room.game
        assert game is not None
        stale = seen is not None and seen < room.seq
        try:
            try:
                action = port.structured(index, fields) if fields is not None else port.parse(game, index, text)
            except port.ActionError:
                if stale and fields is None:  # text meant for an older position
                    raise guard.Refusal("stale", "net.stale")
                raise
            if stale and (action.verb not in guard.SAME_LATER and (seen or 0) < room.rules_seq
                          or fields is None and guard.ids_in(action)):
                # (a name sent as text, "Forest#2", is counted on the position now: after any
                # change it may be another Forest; fields name the very object by its id)
                raise guard.Refusal("stale", "net.stale")
            if peer is not None:  # a person's seat: only what it may name and touch (engine/net/guard.py)
                view = room.views.get(index)
                # (what it sees, and its library while it looks through it: engine/net/library_look.py)
                visible = redaction.visible_ids(view.obs if view else {}) | room.looks.ids(index)
                guard.check(game, index, action, visible, room.paper, None if fields is not None else text)
                if action.verb in guard.MANUAL and not self._manual_allowed(room.seats[index]):
                    raise guard.Refusal("flood", "net.manual_rate")
            decision = port.decision_key(game)
            events = port.apply(game, action)
        except guard.Refusal as exc:  # (its keys: net.* catalog keys, tests/net/test_cheats.py checks them)
            if peer is not None:
                room._send(peer, P.Error(reason=exc.reason, message=port.sentence(exc.key, **exc.params), ref="act",
                                         key=exc.key, params=exc.params, act=room._act_id))
                if room.on_refuse is not None:
                    room.on_refuse(peer)
            return False
        except port.ActionError as exc:
            if peer is not None and stale and getattr(exc, "key", "") == "ref.unknown_object":
                # the object moved (a new id, CR 400.7) before the move arrived: say so
                room.error(peer, "stale", "net.stale_gone", "act")
            elif peer is not None:
                room.refuse_action(peer, exc, index, None if fields is not None else text)
            return False
        except Exception as exc:  # an engine bug: rebuild the position, keep the table going
            log.exception("The engine failed on %r", text)
            self.rebuild()
            if peer is not None:
                room.error(peer, "engine_failure", "net.engine_failure", "act", detail=str(exc))
            return False
        if auto:
            room.auto_made.add(port.history_length(game) - 1)  # (engine/net/votes.py ask_undo)
        if room.journal is not None:
            room.journal.action(index, port.last_text(game), auto)
        room._broadcast(events)
        if action.verb not in guard.TABLE_MOVES or port.decision_key(game) != decision:
            room.rules_seq = room.seq  # (a table move whose trigger opened a decision too)
        room._after_change()
        return True

    def _manual_allowed(self, seat: Seat) -> bool:
        """Table moves per seat: MANUAL_RATE a second, MANUAL_BURST at once (each one moves
        the game on for everyone: a flood of them would make the others' actions stale)."""
        room = self.room
        if seat.manual is None:
            seat.manual = guard.Bucket(MANUAL_RATE, MANUAL_BURST, room.clock)
        return seat.manual.allow()

    def rebuild(self) -> None:
        room = self.room
        assert room.game is not None
        texts = port.history_texts(room.game)
        game = port.new_game([s.name or "" for s in room.seats], [s.deck for s in room.seats], room.mode,
                             room.seed or 0, **room._format_fields())
        for who, t in texts:
            port.apply(game, port.parse(game, who, t))
        room.game = game

    def agent_turn(self, index: int, seq: int) -> None:
        room = self.room
        game, agent = room.game, room.seats[index].agent
        if game is None or agent is None or seq != room.seq or port.decider(game) != index:
            return
        view = AgentView(index, room.views[index].obs, port.legal_texts(game, index))
        try:
            text = agent.choose(view)
        except Exception:
            log.exception("The computer player in seat %d failed; it concedes", index + 1)
            text = port.concede_text()
        if not self.apply(index, text, None):
            self.apply(index, port.concede_text(), None)
