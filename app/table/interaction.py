"""Interaction: what clicks, double-clicks and drops on the table mean, for the open decision.

Nothing here changes game state: every gesture becomes an engine Action submitted through
the session. Legal actions are indexed by object so that playable cards, possible targets
and possible attackers can be highlighted; a choice the engine needs in several clicks
(targets one by one, attackers then Done, blocker then attacker) is collected here first.
The parts: app/table/interaction_state.py (the state, submitting, redrawing),
app/table/casting.py (playing cards, targets, taking a cast back), app/table/answers.py
(combat declarations, choices, passing); this module holds the gestures.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, Qt

from app.i18n import card_name, tr
from app.table.answers import Answers
from app.table.card_item import CardItem
from app.table.casting import Casting
from app.table.highlights import show_highlights
from app.table.interaction_state import Button, Table
from app.table.prompts import prompt_for
from app.table.zone_actions import offer
from app.table.zones import PileItem, ZoneItem
from engine.actions import Action
from engine.cards.behaviour import card_def

if TYPE_CHECKING:
    from app.session import LocalSession
    from app.table.scene import TableScene


class Interaction(Casting, Answers):
    def __init__(self, session: "LocalSession", scene: "TableScene", table: Table) -> None:
        super().__init__(session, scene, table)
        scene.controller = self

    def _highlights(self) -> None:
        show_highlights(self)

    def prompt(self) -> tuple[str, list[Button]]:
        """The prompt bar's sentence and buttons for the current decision and mode."""
        return prompt_for(self)

    def cancel(self) -> None:
        """Esc / Cancel: drop a choice half made on the table; with none, take back a cast
        whose targets or costs are being chosen (app/table/casting.py)."""
        if not self.mode and self.can_cancel_cast():
            self.cancel_cast()
            return
        self.reset_mode()
        self.update_view()

    # ----------------------------------------------------------------- gestures
    def card_clicked(self, item: CardItem, modifiers: Any = Qt.KeyboardModifier.NoModifier) -> None:
        oid = item.obj_id
        if self.mode == "targets" and oid is not None:
            self._pick_target(("o", oid))
        elif self.mode == "attach" and oid is not None and self.attach_source is not None:
            src, self.attach_source = self.attach_source, None
            self.mode = ""
            if oid != src:
                self.act("attach", src, args=(oid,))
            self.update_view()
        elif self.mode == "arrow" and oid is not None and self.attach_source is not None:
            src, self.attach_source = self.attach_source, None
            self.mode = ""
            self.draw_arrow(src, ("o", oid))
            self.update_view()
        elif self.mode == "attackers" and oid is not None and self._attackable_walker(oid):
            # an opponent's planeswalker: the attackers chosen since attack it (CR 506.3, 508.1b)
            for a in self.attackers:
                self.attack_to.setdefault(a, ("o", oid))
            self.update_view()
        elif self.mode == "attackers" and oid is not None and item.mine and item.zone == "battlefield":
            if oid in self.attackers:
                self.attackers.remove(oid)
                self.attack_to.pop(oid, None)
            else:
                self.attackers.append(oid)
            self.update_view()
        elif self.mode == "blockers" and oid is not None and item.zone == "battlefield":
            self._block_click(item)
        elif self.mode == "choose" and oid is not None and item.zone == "hand":
            if oid in self.chosen_ids:
                self.chosen_ids.remove(oid)
            else:
                self.chosen_ids.append(oid)
            self.update_view()
        elif self.mode == "" and oid is not None and oid in self._ask_refs():
            self.choose_option(self._ask_refs()[oid])
        elif self.mode == "" and item.name and self._ask_options():
            opts = self._ask_options()
            match = next((o for o in opts if o.lower() == str(item.name).lower()), None)
            if match is not None:
                self.choose_option(match)
            elif getattr(getattr(self.table, "keyboard", None), "used", False):  # (Return on it)
                self.table.show_message(tr("{card} is not one of the choices. Go to a highlighted card with Left and "
                                           "Right and press Return, or press a prompt button's number key.",
                                           card=card_name(item.name)), error=True)
            else:  # a click that answers nothing says so (the choices are lit, or buttons)
                self.table.show_message(tr("{card} is not one of the choices. Click a highlighted card or a button on "
                                           "the prompt bar.", card=card_name(item.name)), error=True)

    def card_double_clicked(self, item: CardItem) -> None:
        if self.mode:
            self.card_clicked(item)
            return
        oid = item.obj_id
        if oid is None:
            return
        if item.zone == "hand" and (item.mine or item.data.get("owner") in self.session.controls):
            self.play_card(item)  # (a seat you answer for too: a scenario's other player)
        elif item.zone == "battlefield" and item.data.get("controller") in self.session.controls:
            self.permanent_double_clicked(item)

    def mana_actions(self, item: CardItem) -> list[Action]:
        """The permanent's mana abilities that can be activated now, one per colour."""
        by_choice: dict[Any, Action] = {}
        for a in self.legal:
            if a.obj == item.obj_id and a.verb == "activate" and a.ability == 0:
                by_choice.setdefault(a.choice, a)
        return list(by_choice.values())

    def permanent_double_clicked(self, item: CardItem) -> None:
        """Untapped with a mana ability: its mana, in every mode (CR 605); a manual tap is in
        the context menu. Otherwise hybrid/tabletop tap or untap by hand (Cockatrice's
        habit), and rules mode activates the permanent's ability."""
        oid = item.obj_id
        assert oid is not None
        tapped = bool(item.data.get("tapped"))
        mana = [] if tapped else self.mana_actions(item)
        if len(mana) == 1:
            self.submit(mana[0])
            return
        if mana:
            self.table.pick_action(mana, item.name)  # which colour
            return
        if self.manual_allowed():
            if not tapped and self._makes_mana(item.name):
                # the mana ability cannot be activated now: say so instead of tapping silently
                reason = self.refusal("activate", oid)
                if self.act("tap", oid):
                    if reason is None:
                        self.table.show_message(tr("{card} was tapped by hand; it added no mana.", card=card_name(item.name)))
                    else:
                        self.table.show_message(tr("{card} was tapped by hand; it added no mana ({reason}).", card=card_name(item.name), reason=reason))
                return
            self.act("untap" if tapped else "tap", oid)
            return
        acts = self.actions_for(item) or [a for a in self.legal if a.obj == oid]
        if acts:
            self.choose_among(acts, card_name(item.name), item.name)
            return
        abilities = self._ability_count(item.name)
        if not abilities:
            self.act("activate", oid)  # the engine says why not (no mana ability)
            return
        reason = None
        for n in range(1, abilities + 1):  # none can be activated now: say why (the last one's
            reason = self.refusal("activate", oid, ability=n)  # reason: a loyalty ability's "once a turn")
        self.table.show_message(reason or tr("None of {card}'s abilities can be activated now.", card=card_name(item.name)),
                                error=True)

    @staticmethod
    def _ability_count(name: str | None) -> int:
        """How many activated abilities other than mana abilities the card has (numbered 1...)."""
        d = card_def(name or "")
        return len([ab for ab in d.activated if not ab.mana]) if d is not None else 0

    @staticmethod
    def _makes_mana(name: str | None) -> bool:
        d = card_def(name or "")
        return bool(d is not None and d.mana_abilities())

    def player_clicked(self, index: int) -> None:
        if self.mode == "targets":
            self._pick_target(("p", index))
        elif self.mode == "arrow" and self.attach_source is not None:
            src, self.attach_source = self.attach_source, None
            self.mode = ""
            self.draw_arrow(src, ("p", index))
            self.update_view()
        elif self.mode == "attackers" and index != self.decider():
            # the attackers chosen since the last click on a player attack this player
            for a in self.attackers:
                self.attack_to.setdefault(a, ("p", index))
            self.update_view()

    # ----------------------------------------------------------------- players' arrows
    def start_arrow(self, item: CardItem) -> None:
        """"Draw an arrow…": the next click on a permanent or a player's panel is its head."""
        self.reset_mode()
        self.mode = "arrow"
        self.attach_source = item.obj_id
        self.source_name = card_name(item.name)
        self.update_view()

    def draw_arrow(self, source: int, head: tuple[str, int]) -> bool:
        """An arrow of the seat's own from a permanent (engine/rules/arrows.py); the engine says
        why not (the same permanent, an arrow already there, rules mode)."""
        if head == ("o", source):
            return False  # (a drag that ended on the card it began on: nothing meant)
        return self.act("arrow", source, targets=(head,))

    def arrow_clicked(self, arrow: dict[str, Any]) -> None:
        """A click on an arrow: one's own is taken away; another player's stays (theirs to take)."""
        if int(arrow["player"]) not in self.session.controls:
            self.table.show_message(tr("Only the player who drew an arrow can take it away."), error=True)
            return
        self.act("remove arrow", int(arrow["from"]), targets=(tuple(arrow["to"]),), player=int(arrow["player"]))

    _opened_by_click: Any = None  # the zone window the first click of a double click opened

    def pile_clicked(self, pile: PileItem) -> None:
        if pile.kind in ("graveyard", "exile", "command"):
            before = list(self.table.viewers)
            v = self.table.open_zone_viewer(pile.kind, pile.owner)
            self._opened_by_click = v if v not in before else None
        elif pile.top is not None and pile.top.get("name"):  # a library's top card you may look at
            self.table.preview_card(pile.top)

    def pile_double_clicked(self, pile: PileItem) -> None:
        """A pile with a card the rules let you cast or activate now (escape from the
        graveyard, the top of the library with Into the Pit): offered; otherwise a library
        draws a card (Cockatrice; Ctrl+D and the context menu still draw when the top is lit)."""
        opened, self._opened_by_click = self._opened_by_click, None
        if offer(self, pile.kind, pile.owner):
            if opened is not None:  # the double click's first click opened the window: not wanted
                opened.close()
            return
        if pile.kind == "library" and pile.owner in self.session.controls:
            self.act("draw", args=(1,), player=pile.owner)  # (in rules mode the engine says why not)

    def context_menu(self, target: Any, screen_pos: Any) -> None:
        from app.table.menus import show_context_menu  # lazy: the context menus load on the first right-click (start-up)

        show_context_menu(self, target, screen_pos)

    # ----------------------------------------------------------------- dropping
    def _combat_drop(self, items: list[CardItem], pos: QPointF) -> bool:
        """Creatures dragged onto an opponent's panel (or a planeswalker they may attack) are
        chosen as attackers of it (CR 508.1b); one creature dragged onto an attacker blocks it
        (CR 509.1a): the same choice as the clicks, sent by the prompt's Attack / Block. False
        when the drop chose nothing (the cards go back to their places)."""
        under = next((i for i in self.scene.items(pos) if isinstance(i, CardItem) and i not in items), None)
        mine = [i for i in items if i.obj_id is not None and i.zone == "battlefield" and i.mine]
        if self.mode == "attackers":
            panel = self.scene.panel_at(pos)
            defender: tuple[str, int] | None = None
            if panel is not None and panel.index != self.decider():
                defender = ("p", panel.index)
            elif under is not None and under.obj_id is not None and self._attackable_walker(under.obj_id):
                defender = ("o", under.obj_id)
            able = {o for a in self.legal if a.verb == "attacker" for o, d in a.pairs if tuple(d) == defender}
            chosen = [i.obj_id for i in mine if i.obj_id in able]
            if defender is None or not chosen:
                return False
            for oid in chosen:
                if oid not in self.attackers:
                    self.attackers.append(oid)
                self.attack_to[oid] = defender
        else:
            if len(mine) != 1 or under is None or under.data.get("attacking") is None:
                return False
            self.blocker = None
            self._block_click(mine[0])  # (the blocker, then the attacker: as two clicks)
            self._block_click(under)
        self.update_view()
        return True

    def drop(self, items: list[CardItem], zone: ZoneItem | None, pos: QPointF, origins: dict[CardItem, QPointF],
             delta: QPointF) -> None:
        if self.mode in ("attackers", "blockers") and self._combat_drop(items, pos):
            return
        if zone is None:
            return
        kind = zone.kind
        for item in items:
            oid = item.obj_id
            if oid is None:
                continue
            here = origins.get(item, item.pos()) + delta
            if kind == "battlefield":
                if item.zone == "battlefield":
                    self.scene._insert_order(oid, here.x(), self.obs)  # snaps into its row: no game action
                elif item.zone == "hand" and self.session.mode == "tabletop" \
                        and "Land" not in self._printed_types(item.name):
                    # nothing enforced: a spell goes where it was put, untouched lands and all
                    # (casting it is a drop on the stack, or a double-click); a land is played,
                    # so that the turn knows (Next turn's "a land still to play")
                    self.scene.pending_drop[oid] = here
                    if not self.act("move", oid, args=("battlefield", 0)):
                        self.scene.pending_drop.pop(oid, None)
                elif item.zone == "hand":
                    self.play_card(item, drop_pos=here, manual_fallback=True)
                continue
            if kind == "stack":
                if item.zone == "hand":
                    self.play_card(item)
                continue
            if kind == "hand":
                if item.zone != "hand":
                    self.act("move", oid, args=("hand", 0))
                continue
            if kind in ("graveyard", "exile", "command"):
                self.act("move", oid, args=(kind, 0))
            elif kind == "library":
                self.act("move", oid, args=("library", 0))
