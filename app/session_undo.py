"""Taking back: your last action with the passes that followed it (undo, redo), and a spell
or ability whose casting is under way (cancel_casting). A mixin of app.session.LocalSession,
kept apart so that the session's other duties stay short."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.i18n import error_text, tr
from engine.actions import Action, ActionError

if TYPE_CHECKING:
    from engine.game import Game

# the decisions asked while a spell is cast or an ability activated (engine/rules/casting.py,
# announce.py, activation.py, convoke.py):
# its targets after the announcement, and the choices of its costs (CR 601.2c-h, 602.2b)
CASTING_PROMPTS = frozenset({"decide.spell_target", "decide.spell_target_for", "ask.tap_cost", "ask.sacrifice",
                             "ask.discard", "ask.choose_cost", "ask.return_cost", "ask.exile_from_graveyard_cost",
                             "ask.crew", "ask.return_part_of_cost", "ask.convoke", "ask.convoke_more"})


class TakeBack:
    """`undo`, `redo` and `cancel_casting` for a session over a local Game."""

    game: "Game"
    controls: set[int]
    _obs: Any
    _yield_turn: int | None
    _redo: list[list[Action]]
    _groups: list[int]
    log_reset: Any  # (Session's signals)
    changed: Any

    if TYPE_CHECKING:  # (LocalSession's and SeatLog's)
        def _fail(self, message: str, quiet: bool = False) -> None: ...

        def _emit(self, lo: int) -> None: ...

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
