"""Passing priority for the user where nothing asks for an answer: the stops (settings), the
opponent's turn, "Next turn" (Ctrl+Return; like Forge's auto-yield). A mixin of
app.session.LocalSession, kept apart so that the session's other duties stay short."""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.i18n import error_text
from engine.actions import Action, ActionError

if TYPE_CHECKING:
    from engine.game import Game

AUTO_PASS_LIMIT = 400  # passes in one go; the guard against a loop when no stop is ever reached


class AutoPass:
    """`_auto_pass` and `pass_until_next_turn` for a session over a local Game."""

    game: "Game"
    seat: int
    controls: set[int]
    stops: set[str]
    opponent_stops: set[str]
    auto_pass_others: bool
    _yield_turn: int | None
    _redo: list[list[Action]]
    _groups: list[int]

    if TYPE_CHECKING:  # (LocalSession's and SeatLog's)
        @property
        def goldfish_game(self) -> bool: ...

        def _fail(self, message: str, quiet: bool = False) -> None: ...

        def _after_change(self, auto_pass: bool) -> None: ...

        def _emit(self, lo: int) -> None: ...

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
            if dec is None or dec.kind != "priority":
                return
            # yours, or at a hot seat any person's (passed by that person's stops)
            mine = self._passes_by_stops(dec.player)
            if not mine and (dec.player not in self.controls or not self.auto_pass_others):
                return
            if self._yield_turn is not None and g.turn != self._yield_turn:
                self._yield_turn = None  # a new turn: its stops count again
            if dec.player == self.seat and self._yield_turn is not None:
                try:
                    g.apply(Action(dec.player, "pass", text="pass"))
                except ActionError:
                    return
                continue
            if g.stack and (mine or self._can_respond(dec.player)):
                # a scenario's other seat passes on the stack too, unless it could respond
                return
            if mine:
                own_turn = g.is_active(dec.player)  # (a team turn: each member's, CR 805.4a)
                stops, opponent_stops = self._stops_of(dec.player)
                if own_turn and g.step in stops:
                    return
                if own_turn and g.step == "declare_blockers" and self._hand_ability_now(dec.player):
                    return  # ninjutsu: unblocked attackers exist only from here on (CR 702.49, 509.1h)
                if not own_turn and not self.goldfish_game and g.step in opponent_stops:
                    return
                # (a goldfish game's empty seat takes its turns without a decision: its turn
                # between two of yours is no turn crossed)
                crossed = (g.turn - start_turn) // 2 if self.goldfish_game else g.turn - start_turn
                if crossed > 1 or (g.turn > start_turn and own_turn and g.step != "untap" and not stops):
                    return
            try:
                g.apply(Action(dec.player, "pass", text="pass"))
            except ActionError:
                return

    def _passes_by_stops(self, player: int) -> bool:
        """Whether priority is passed for `player` as the stops say: the seat at the screen's
        (a hot seat passes every person's by their own stops: app/hot_seat.py)."""
        return player == self.seat

    def _stops_of(self, player: int) -> tuple[set[str], set[str]]:
        """The player's stops in their own turn and in the others' turns."""
        return self.stops, self.opponent_stops

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
