"""Game: the state machine every driver uses (DESIGN.md "The engine API").

`pending` is the open decision; `legal_actions(player)` lists what that player may do;
`apply(action)` validates and applies one action, then runs the game forward (state-based
actions, triggers, turn-based actions) until somebody has to decide again.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from engine.actions import (Action, ActionError, ActionSyntaxError, AmbiguousActionError,  # noqa: F401
                            IllegalActionError, MAX_ACTION_TEXT)
from engine import cache_check, redaction
from engine.check import checked
from engine.config import GameConfig
from engine.contract import Decision, Outcome, PlayerInfo, StackItem, Termination
from engine.decisions import termination
from engine.format import ref_text
from engine.game_base import GameBase
from engine.game_choices import Rewind
from engine.parse import parse_action
from engine.rules import as_enters, listing, precheck, priority, sba, setup, turn
from engine.savefile import VERSION as SAVE_VERSION, replay
from engine.state import State
from engine.view import observe

if TYPE_CHECKING:
    from engine.view import Observation

importlib.import_module("engine.cards")  # (the card layer fills the rules' index: engine/rules/index.py)

__all__ = ["Action", "ActionError", "ActionSyntaxError", "AmbiguousActionError", "IllegalActionError",
           "Decision", "Game", "GameConfig", "Outcome", "PlayerInfo", "StackItem", "Termination"]

CHECKPOINT_EVERY = 64


class Game(GameBase):
    def __init__(self, config: GameConfig, *, _state: State | None = None,
                 _checkpoints: dict[int, tuple[bytes, int]] | None = None) -> None:
        super().__init__(config)
        self.history: list[Action] = []
        if _state is not None:
            self.st = _state
        else:
            self.st = setup.initial_state(self, config)
            self._advance()
        # (a clone brings its original's: freezing its state again would be thrown away)
        self._checkpoints: dict[int, tuple[bytes, int]] = (
            _checkpoints if _checkpoints is not None else {0: (self.st.freeze(), len(self.events))})

    # ----------------------------------------------------------------- the API
    @property
    def outcome(self) -> Outcome | None:
        """Who won and why, once the game is over (CR 104)."""
        out = self.st.outcome
        if out is None:
            return None
        winner = next((p.index for p in self.st.players if p.name == out.get("winner")), None)
        return Outcome(winner, termination(self, winner), out.get("team"))

    @property
    def num_players(self) -> int:
        return len(self.st.players)

    @property
    def turn(self) -> int:
        return self.st.turn

    @property
    def step(self) -> str:
        return self.st.step

    @property
    def active_player(self) -> int:
        return self.st.active

    @property
    def priority_player(self) -> int | None:
        """Who holds priority now (None while another kind of decision is open)."""
        dec = self.pending
        return dec.player if dec is not None and dec.kind == "priority" else None

    def player_info(self, player: int) -> PlayerInfo:
        p = self.st.players[player]
        return PlayerInfo(p.index, p.name, p.life, p.poison, len(p.hand), len(p.library), len(p.graveyard),
                          len(p.exile), p.lost, p.conceded, p.mulligans, p.lands_played, dict(p.mana))

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return tuple(self.player_info(i) for i in range(len(self.st.players)))

    @property
    def stack(self) -> tuple[StackItem, ...]:
        """The stack's public items, top first."""

        out = []
        for oid in reversed(self.st.stack):
            o = self.st.objects[oid]
            refs = [("o", t["obj"]) if "obj" in t else ("p", t["player"]) for t in o.targets]
            out.append(StackItem(oid, o.ctx.get("source_name", o.name), o.kind, o.controller, o.source,
                                 tuple(ref_text(self, r) if r[0] == "p" or r[1] in self.st.objects else "?"
                                       for r in refs)))
        return tuple(out)

    def zone(self, player: int, zone: str) -> tuple[int, ...]:
        """Object ids in one of a player's zones (library top first). Hidden zones are for the
        local table's hand-searching only; what a seat may see goes through observation()."""
        return tuple(getattr(self.st.players[player], zone))

    def name_of(self, oid: int) -> str:
        return self.st.objects[oid].name

    def history_texts(self) -> list[tuple[int, str]]:
        return [(a.player, a.text) for a in self.history]

    def legal_actions(self, player: int) -> list[Action]:
        dec = self.pending
        if dec is None or dec.player != player:
            return []
        return listing.legal_actions(self, dec)

    def parse_action(self, player: int, text: str) -> Action:

        return parse_action(self, player, text)

    def apply(self, action: Action | str, player: int | None = None) -> list[dict[str, Any]]:
        """Validate and apply; returns the events it caused. Raises IllegalActionError.

        Validation happens before anything changes; should a rule still refuse the action
        half-way, the state is rebuilt from the last checkpoint, so nothing is lost.
        """
        if isinstance(action, str):
            if player is None:
                raise ActionSyntaxError("parse.no_player")
            action = self.parse_action(player, action)
        elif not isinstance(action, Action):
            raise ActionSyntaxError("parse.not_action")
        self._new_events = []
        if not action.text:
            action = checked(self, action)  # a structured action from a driver: check its fields first
        if len(action.text) > MAX_ACTION_TEXT:
            # its text could not be replayed from a save nor sent over the LAN: refused before
            # anything changes (a whole declaration this long is made one creature at a time)
            raise ActionSyntaxError("action.text_too_long", maximum=MAX_ACTION_TEXT)
        dec = precheck.precheck(self, action)  # refusals that need nothing rebuilt
        outer, dirty = self._attempts, self.dirty
        self._attempts = [0]
        try:
            while True:
                try:
                    self._perform(action, dec)
                    break
                except Rewind as rewind:
                    # The state before this action, rebuilt from the last checkpoint (exact: the
                    # undo path) and kept as a checkpoint; then the action again, with a snapshot
                    # before the work that asked
                    snap_at = {*self._attempts[1:], rewind.at}
                    self._rebuild(len(self.history))
                    self._checkpoints[len(self.history)] = (self.st.freeze(), len(self.events))
                    self._new_events, self._decision, self.dirty = [], None, dirty
                    self._attempts = [0, *sorted(snap_at)]
                    dec = None  # (read again from the rebuilt state)
        except ActionError:
            self._rebuild(len(self.history))
            raise
        finally:
            self._attempts = outer
        self.history.append(action)
        if len(self.history) % CHECKPOINT_EVERY == 0:
            # (the checkpoints a choice left are needed no more than up to here)
            for k in [k for k in self._checkpoints if k % CHECKPOINT_EVERY]:
                del self._checkpoints[k]
            self._checkpoints[len(self.history)] = (self.st.freeze(), len(self.events))
        if cache_check.enabled():  # (a debug check: cached answers against ones made from scratch)
            cache_check.verify(self)
        return list(self._new_events)

    def _perform(self, action: Action, dec: Decision | None = None) -> None:
        priority.perform(self, action, dec)
        if action.manual and self.st.pending is not None and self.st.pending["kind"] == "priority":
            # CR 117.3c/704.3: after a table move the game checks SBAs and triggers before
            # the player who was deciding gets priority again
            self.st.priority = self.st.pending["player"]
            self.st.pending = None
        self._advance()

    def undo(self) -> Action:
        """Take back the last action (replaying from the nearest checkpoint: exact, and cheap)."""
        if not self.history:
            raise IllegalActionError("undo.nothing")
        self._decision = None
        last = self.history.pop()
        self._rebuild(len(self.history))
        return last

    def _rebuild(self, upto: int) -> None:
        base = max(k for k in self._checkpoints if k <= upto)
        for k in [k for k in self._checkpoints if k > upto]:
            del self._checkpoints[k]
        frozen, n_events = self._checkpoints[base]
        self.st = State.thaw(frozen)
        self.mana_memo.clear()  # (other objects: what was known of them is not theirs)
        self.names_kept.clear()  # (an id may name another object in the replayed game)
        del self.events[n_events:]
        self.touch()
        redo = self.history[base:upto]
        del self.history[base:]
        for act in redo:
            self.apply(act)

    def clone(self) -> "Game":
        g = Game(self.config, _state=self.st.copy(), _checkpoints=dict(self._checkpoints))
        g.history = list(self.history)
        g.events = list(self.events)
        g.event_hidden = dict(self.event_hidden)
        g.aliases = dict(self.aliases)
        return g

    def to_json(self) -> dict[str, Any]:
        """The replay (config + actions as text) plus the state for checking it."""
        return {"format": "manatable-game", "version": SAVE_VERSION, "config": self.config.to_json(),
                "actions": [{"player": a.player, "text": a.text} for a in self.history],
                "state": self.st.to_dict()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Game":
        """Replay a saved game; the stored state must equal the replayed one."""

        return replay(cls, data)

    def observation(self, player: int | None, shared: dict[Any, Any] | None = None) -> "Observation":

        return observe(self, player, shared)

    def events_for(self, viewer: int | None, lo: int = 0, hi: int | None = None) -> list[dict[str, Any]]:
        """The events lo..hi as `viewer` may see them (None: a spectator): the one way events
        leave the engine for a seat, next to observation (engine/redaction.py)."""
        return redaction.events_for(self, viewer, lo, hi)

    # ---------------------------------------------------------- running forward
    def _advance(self) -> None:
        """Run the game until a player must decide (CR 117.3: SBAs and triggers first)."""
        guard = 0
        while self.st.outcome is None and self.st.pending is None:
            guard += 1
            if guard > 10000:
                raise RuntimeError("The game did not reach a decision (engine loop).")
            if self.dirty and self.config.mode != "tabletop":
                self.dirty = False
                done, did = self.attempt(lambda: sba.check(self))
                if not done:
                    self.dirty = True  # checked again once the choice is made
                    break
                if did:
                    self.st.sba_count += 1
                    self.dirty = True
                    continue
            st = self.st  # (read again each time round: a unit of work undone replaces it)
            if st.outcome is not None:
                break
            if st.resolving is None:
                # (triggered abilities waiting, or an "as it enters" choice to ask: else nothing
                # to put on the stack, and nothing resolving)
                if (st.waiting or as_enters.waiting(self)) and self.triggers.put_waiting_on_stack():
                    continue
            elif priority.continue_resolving(self):
                continue
            # (turn-based actions run as a unit of work: a commander drawn or shuffled away may be
            # put into the command zone instead, CR 903.9b, asked in the middle of it; an empty
            # queue is no work, nothing in it can ask: most passes of priority)
            if self.st.queue:
                done, ran = self.attempt(lambda: turn.run_queue(self))
                if not done:
                    break
                if ran:
                    continue
            priority.give_priority(self)
        if self.st.outcome is not None:
            self.st.pending = None
