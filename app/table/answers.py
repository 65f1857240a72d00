"""Answers to the open decision from the prompt bar and the table: attackers and blockers,
a choice among options or cards, passing priority and going on to the next step or turn."""
from __future__ import annotations

from typing import Any

from app.i18n import error_text, tr
from app.table.card_item import CardItem
from app.table.interaction_state import InteractionState
from engine.actions import MAX_ACTION_TEXT, ActionError


class Answers(InteractionState):
    # ----------------------------------------------------------------- combat
    def _block_click(self, item: CardItem) -> None:
        oid = item.obj_id
        assert oid is not None
        if item.data.get("controller") in self.session.controls and item.data.get("attacking") is None:
            self.blocker = None if self.blocker == oid else oid
            self.blocks = [(b, a) for b, a in self.blocks if b != oid] if self.blocker is None else self.blocks
        elif item.data.get("attacking") is not None and self.blocker is not None:
            self.blocks = [(b, a) for b, a in self.blocks if b != self.blocker] + [(self.blocker, oid)]
            self.blocker = None
        self.update_view()

    def declare_attackers(self, none: bool = False) -> None:
        who = self.decider()
        if who is None:
            return
        pairs = [] if none else [(a, self.defender_of(a, who)) for a in self.attackers]
        # grouped by defender, in the order each is first named: the order the action's text is
        # written in ("A, C -> Bob, B -> Carol", engine/format.py), so that it reads back as the
        # same action (clicked A->Bob, B->Carol, C->Bob was refused as not written unambiguously)
        first = {d: i for i, (_, d) in reversed(list(enumerate(pairs)))}
        pairs.sort(key=lambda pair: first[pair[1]])
        self._declare("attack", "attacker", who, tuple(pairs))

    def declare_blockers(self, none: bool = False) -> None:
        who = self.decider()
        if who is None:
            return
        pairs = () if none else tuple((b, ("o", a)) for b, a in self.blocks)
        self._declare("block", "blocker", who, pairs)

    def _declare(self, verb: str, one: str, who: int, pairs: tuple[Any, ...]) -> None:
        """The whole declaration as one action; when its text would be longer than an action's
        text may be (engine.actions.MAX_ACTION_TEXT: a save replays it, the LAN carries it, so
        the engine refuses it) or it cannot go as one (a LAN frame's lists: Session.sendable),
        the same declaration in parts: one `attacker`/`blocker` per creature, then `attack
        done`/`block done` (CR 508.1, 509.1: the legality is checked at done, as for the whole)."""
        try:
            whole = self.session.make(verb, None, player=who, pairs=pairs)
            if len(whole.text) <= MAX_ACTION_TEXT and self.session.sendable(whole):
                self.submit(whole)
                return
            parts = [self.session.make(one, None, player=who, pairs=(pair,)) for pair in pairs]
            parts.append(self.session.make(verb, None, player=who, args=("done",)))
        except ActionError as exc:  # (make checks the fields: bad input is an ActionError)
            self.table.show_message(error_text(exc), error=True)
            return
        if self.session.submit_parts(parts):
            self.table.clear_message()

    # ----------------------------------------------------------------- decisions
    def _ask_options(self) -> list[str]:
        p = self.pending() or {}
        who = self.decider()
        if who is None or p.get("kind") not in ("ask", "targets", "order_triggers"):
            return []
        return self.session.pending_options(who)

    def _ask_refs(self) -> dict[int, str]:
        who = self.decider()
        # a choice between objects, and a target chosen after the announcement (one target
        # word on a crowded board, or several words): a click on the object answers it
        if who is None or (self.pending() or {}).get("kind") not in ("ask", "targets"):
            return {}
        return self.session.pending_refs(who)

    def choose_option(self, option: str, index: int | None = None) -> None:
        """Choose (or unchoose) an option. In a choice of several, `index` is the button's place
        among the options: an option listed twice (two Forests a search found) is two buttons,
        each chosen on its own; without it (a click on a card) the first copy not chosen yet."""
        p = self.pending() or {}
        count = int(p.get("count", 1) or 1)
        if count <= 1:
            self.act("choose", player=self.decider(), choice=(option,))
            return
        if index is None:
            options = list(self._ask_options())
            copies = [i for i, o in enumerate(options) if o == option]
            fresh = [i for i in copies if i not in self.chosen_at]
            index = fresh[0] if fresh else (copies[-1] if copies else -1)
        if index in self.chosen_at:
            self.chosen_at.remove(index)
            self.chosen.remove(option)
        else:
            self.chosen_at.append(index)
            self.chosen.append(option)
        self.update_view()

    def choose_done(self) -> None:
        who = self.decider()
        kind = (self.pending() or {}).get("kind")
        if kind in ("bottom", "discard"):
            names = [self.scene.cards[i].name for i in self.chosen_ids if i in self.scene.cards]
            self.act("choose", player=who, choice=tuple(str(n) for n in names))
        elif not self.chosen:  # none of them (a choice that allows none): `choose done`
            self.act("choose", player=who, args=("done",))
        else:
            self.act("choose", player=who, choice=tuple(self.chosen))

    def pass_priority(self) -> None:
        who = self.decider()
        if who is None:
            self.table.show_message(tr("You don't have priority now."), error=True)
            return
        if (self.pending() or {}).get("kind") != "priority":
            self.table.show_message(tr("Answer the open decision first."), error=True)
            return
        self.reset_mode()
        self.act("pass", player=who)

    _warned_land = False

    def _land_left(self, obs: dict[str, Any], who: int) -> bool:
        """Your own main phase, the stack empty, and a land you may still play (listed)."""
        if who not in (obs.get("active_players") or [obs.get("active")]) or obs.get("step") not in ("main1", "main2") \
                or obs.get("stack"):
            return False
        return any(a.verb == "play" for a in self.session.legal_actions(who))

    def next_step(self) -> None:
        """Ctrl+Space: pass once and stop at the next step; a table move when nobody can pass."""
        p = self.pending() or {}
        who = self.decider()
        if who is not None and p.get("kind") == "priority":
            self.reset_mode()
            self.submit(self.session.make("pass", player=who), auto_pass=False)
        elif self.manual_allowed():
            self.act("next step")
        else:
            self.table.show_message(tr("Answer the open decision first."), error=True)

    def next_turn(self) -> None:
        """Ctrl+Return: pass for the rest of this turn (the opponent's spells do not stop it;
        your blocks and the next turn's stops do). A decision of yours is never skipped by a
        table move; in your own main phase with a land still to play, the first press warns."""
        p = self.pending() or {}
        who = self.decider()
        if who is not None and p.get("kind") == "priority":
            obs = self.session.observation()
            if self._land_left(obs, who) and not self._warned_land:
                self._warned_land = True
                self.table.show_message(tr("You can still play a land this turn. Press Next turn again to pass anyway."))
                return
            self._warned_land = False
            self.reset_mode()
            self.session.pass_until_next_turn()
        elif who is not None and p:
            self.table.show_message(tr("Answer the open decision first."), error=True)
        elif self.manual_allowed():
            self.act("next turn")
        else:
            self.table.show_message(tr("Answer the open decision first."), error=True)
