"""Choices in the middle of work (CR 616.1, 800.4a): an effect or a state-based action that
needs a player's answer raises NeedChoice; the unit of work it ran in (`attempt`) is undone and
the decision opened, and the work is done again once the answer is in. Inside an action a
snapshot is taken only before the work that asks (Rewind: the action is done again from the
state before it). `GameChoices` is a part of `GameBase` (engine/game_base.py)."""
from __future__ import annotations

from typing import Any, Callable

from engine.rules import commander, damage, sba, zones
from engine.state import State
from engine.game_effects import GameEffects
from engine.cards.mechanics import enters_as_copy


class Rewind(Exception):
    """A choice came up in work that took no snapshot (Game.attempt): the action is done again
    from the state before it, with a snapshot before that work (the `at`-th that may ask)."""

    def __init__(self, at: int) -> None:
        super().__init__(at)
        self.at = at


class NeedChoice(Exception):
    """Raised deep inside an effect or a state-based action when a player must choose first
    (e.g. which replacement effect applies, CR 616.1). The work is rolled back and done again
    once the answer is in (`Game.choice`), so the state never holds a half-done effect."""

    def __init__(self, ask: Any) -> None:
        super().__init__(ask.prompt)
        self.ask = ask


class GameChoices(GameEffects):
    """The choices asked in the middle of work, and the work they undo; the caches and the
    events it empties and trims are GameBase's."""

    memo: dict[Any, Any]
    mana_memo: dict[Any, Any]
    names_kept: dict[Any, Any]
    events: list[dict[str, Any]]
    _new_events: list[dict[str, Any]]

    def __init__(self) -> None:
        super().__init__()
        self._can_ask = False  # inside `attempt` where a choice may come up (can_ask)
        # inside an action: [works that may ask so far, those to take a snapshot before] (attempt)
        self._attempts: list[int] | None = None
        self._choice_index = 0

    def choice(self, ask: Any) -> list[str]:
        """The player's answer to a choice made during an effect; NeedChoice until given."""
        i = self._choice_index
        if i < len(self.st.choice_answers):
            self._choice_index += 1
            return self.st.choice_answers[i]
        if 0 <= ask.player < len(self.st.players) and self.st.players[ask.player].lost:
            # CR 800.4a: a player who left the game chooses nothing; the effect takes the
            # fewest answers it allows (the first ones listed), the same on every replay
            least = ask.min_count if ask.min_count is not None else ask.count
            return list(ask.options)[:least]
        raise NeedChoice(ask)

    def may_need_choices(self) -> bool:
        """Only work that can meet a choice pays for a snapshot (a pickle of the whole state):
        answers are waiting, or a place that asks in the middle of work says it may
        (sba.may_ask, enters_as_copy.may_ask, commander.may_ask). Without a snapshot, a choice fails loudly
        (attempt)."""
        st = self.st
        if st.choice_answers:
            return True
        g = self._game
        # What sba, zones and damage read is the position (player_rules, the static abilities,
        # counters: their changes empty the memo) and the replacement and continuous effects of
        # resolved abilities, which some cards write without touching: those lists by identity
        # and length. Asked before every unit of work (Game.attempt): once per position.
        got = self.memo.get("may_need_choices")
        if got is None or got[0] is not st.replacements or got[1] != len(st.replacements) \
                or got[2] is not st.effects or got[3] != len(st.effects):
            got = self.memo["may_need_choices"] = (
                st.replacements, len(st.replacements), st.effects, len(st.effects),
                sba.may_ask(g) or zones.may_ask(g) or damage.may_ask(g))
        return got[4] or enters_as_copy.may_ask(g) or commander.may_ask(g)

    def can_ask(self) -> bool:
        """Whether the work now running may stop for a choice (it runs under `attempt`, which
        can undo it): a place that asks only when a rule gives a player a choice it could not give
        before (two replacement effects, CR 616.1) asks only then, and otherwise applies them in
        the order the engine always used (combat damage too is dealt as such work, queued by
        engine/rules/combat_damage.py deal_later)."""
        return self._can_ask

    def attempt(self, work: Callable[[], Any]) -> tuple[bool, Any]:
        """Run a unit of work (a resolution step, a state-based action check); if it needs a
        choice, undo it, open the decision and return (False, None). Undoing needs the state
        before the work: a snapshot (a pickle of the whole state, on a crowded board dearer than
        the rest of a decision) is taken only where a choice came up before — inside an action
        the work that asks is found, the action done again from the state before it (rebuilt
        as undo rebuilds it) and the snapshot taken before that work (Game.apply, Rewind)."""
        may = self.may_need_choices()
        snap, at = None, 0
        if may:
            count = self._attempts
            if count is None:  # (outside an action: game set-up, a scenario's check)
                snap = self.st.freeze()
            else:
                count[0] += 1
                at = count[0]
                if at in count[1:]:
                    snap = self.st.freeze()
        n_events, n_new = len(self.events), len(self._new_events)
        self._choice_index = 0
        could = self._can_ask
        self._can_ask = may
        try:
            result = work()
        except NeedChoice as need:
            if not may:
                raise RuntimeError("A choice came up where none was expected.") from need
            if snap is None:
                raise Rewind(at) from need
            answers = self.st.choice_answers
            self.st = State.thaw(snap)
            self.mana_memo.clear()
            self.names_kept.clear()
            self.st.choice_answers = answers
            self.touch()
            del self.events[n_events:]
            del self._new_events[n_new:]
            ask = need.ask
            self.st.pending = {"player": ask.player, "kind": "ask", "where": "choice", "prompt": ask.prompt,
                               "params": ask.params, "options": list(ask.options), "count": ask.count,
                               "min_count": ask.min_count if ask.min_count is not None else ask.count}
            return False, None
        finally:
            self._can_ask = could
        if self._choice_index:  # the answers this work used are spent; others wait for theirs
            del self.st.choice_answers[:self._choice_index]
        return True, result
