"""Interaction: what clicks, double-clicks and drops on the table mean, for the open decision.

Nothing here changes game state: every gesture becomes an engine Action submitted through
the session. Legal actions are indexed by object so that playable cards, possible targets
and possible attackers can be highlighted; a choice the engine needs in several clicks
(targets one by one, attackers then Done, blocker then attacker) is collected here first.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QObject, QPointF, Qt

from app.i18n import card_name, tr
from app.table import geometry as geo
from app.table.card_item import CardItem
from app.table.zones import PileItem, ZoneItem
from engine.actions import Action, IllegalActionError

if TYPE_CHECKING:
    from app.session import LocalSession
    from app.table.scene import TableScene
    from app.table.widget import TableWidget

Button = tuple[str, Callable[[], None], bool, str]


class Interaction(QObject):
    def __init__(self, session: "LocalSession", scene: "TableScene", table: "TableWidget") -> None:
        super().__init__(table)
        self.session = session
        self.scene = scene
        self.table = table
        self.legal: list[Action] = []
        self.by_obj: dict[int, list[Action]] = {}
        self.mode = ""
        self.options: list[Action] = []  # targets mode: the casts/activations still possible
        self.target_i = 0
        self.source_name = ""
        self.attackers: list[int] = []
        self.blocks: list[tuple[int, int]] = []
        self.blocker: int | None = None
        self.chosen: list[str] = []
        self.chosen_ids: list[int] = []
        self.attach_source: int | None = None
        self.drop_pos: QPointF | None = None
        self._decision_key: tuple[Any, ...] = ()
        scene.controller = self

    # ----------------------------------------------------------------- state
    @property
    def obs(self) -> dict[str, Any]:
        return self.scene.obs

    def pending(self) -> dict[str, Any] | None:
        return self.obs.get("pending")

    def decider(self) -> int | None:
        """The seat deciding now, if the local user answers for it."""
        p = self.pending()
        if p is None or p.get("player") not in self.session.controls:
            return None
        return int(p["player"])

    def refresh(self) -> None:
        """Recompute legal actions, highlights and the prompt after the game changed."""
        who = self.decider()
        self.legal = self.session.legal_actions(who) if who is not None else []
        self.by_obj = {}
        for a in self.legal:
            if a.obj is not None and a.verb not in ("pass",) and not (a.verb == "activate" and a.ability == 0):
                self.by_obj.setdefault(a.obj, []).append(a)
        p = self.pending() or {}
        key = (p.get("player"), p.get("kind"), self.obs.get("turn"), self.obs.get("step"))
        if key != self._decision_key:
            self._decision_key = key
            self.reset_mode()
        elif self.mode == "targets":
            self.reset_mode()  # the position changed under a half-made choice
        self._prune()
        self.update_view()

    def reset_mode(self) -> None:
        self.mode = ""
        self.options = []
        self.target_i = 0
        self.attackers, self.blocks, self.blocker = [], [], None
        self.chosen, self.chosen_ids = [], []
        self.attach_source = None
        self.drop_pos = None
        kind = (self.pending() or {}).get("kind")
        if self.decider() is not None and kind in ("attackers", "blockers", "bottom", "discard"):
            self.mode = {"attackers": "attackers", "blockers": "blockers"}.get(kind, "choose")

    def _prune(self) -> None:
        ids = {c["id"] for c in self.obs.get("battlefield", [])}
        self.attackers = [a for a in self.attackers if a in ids]
        self.blocks = [(b, a) for b, a in self.blocks if b in ids and a in ids]

    def cancel(self) -> None:
        self.reset_mode()
        self.update_view()

    # ----------------------------------------------------------------- lookups
    def item_data(self, item: CardItem) -> dict[str, Any]:
        return item.data

    def actions_for(self, item: CardItem) -> list[Action]:
        """Rules actions for this object. Identical cards in hand share one listing in the
        engine's legal actions, so a copy borrows the actions of its twin."""
        oid = item.obj_id
        if oid is None:
            return []
        acts = self.by_obj.get(oid)
        if acts:
            return acts
        if item.zone == "hand" and item.name:
            for other, acts in self.by_obj.items():
                twin = self.scene.cards.get(other)
                if twin is not None and twin.zone == "hand" and twin.name == item.name:
                    try:
                        return [self.session.with_action(a, obj=oid) for a in acts]
                    except (IllegalActionError, KeyError):
                        return acts
        return []

    def can_drag(self, item: CardItem) -> bool:
        if item.obj_id is None or item.zone == "stack":
            return False
        if item.zone == "hand":
            return item.data.get("owner", self.session.seat) in self.session.controls or item.mine
        return item.data.get("controller") in self.session.controls

    def manual_allowed(self) -> bool:
        return self.session.mode != "rules"

    # ----------------------------------------------------------------- submitting
    def submit(self, action: Action | str, **kw: Any) -> bool:
        ok = self.session.submit(action, **kw)
        if ok:
            self.table.clear_message()
        return ok

    def act(self, verb: str, obj: int | None = None, quiet: bool = False, **fields: Any) -> bool:
        """Build an action for ids (the engine writes its text) and submit it."""
        try:
            action = self.session.make(verb, obj, **fields)
        except (IllegalActionError, KeyError, ValueError, TypeError) as exc:
            if not quiet:
                self.table.show_message(str(exc), error=True)
            return False
        return self.submit(action, quiet=quiet)

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
        elif self.mode == "attackers" and oid is not None and item.mine and item.zone == "battlefield":
            if oid in self.attackers:
                self.attackers.remove(oid)
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
        elif self.mode == "" and item.name and self._ask_options():
            opts = self._ask_options()
            match = next((o for o in opts if o.lower() == str(item.name).lower()), None)
            if match is not None:
                self.choose_option(match)

    def card_double_clicked(self, item: CardItem) -> None:
        if self.mode:
            self.card_clicked(item)
            return
        oid = item.obj_id
        if oid is None:
            return
        if item.zone == "hand" and item.mine:
            self.play_card(item)
        elif item.zone == "battlefield" and item.data.get("controller") in self.session.controls:
            if self.manual_allowed():
                self.act("untap" if item.data.get("tapped") else "tap", oid)
            else:
                acts = self.actions_for(item) or [a for a in self.legal if a.obj == oid]
                if acts:
                    self.choose_among(acts, card_name(item.name))
                else:
                    self.act("activate", oid)  # the engine says why not

    def player_clicked(self, index: int) -> None:
        if self.mode == "targets":
            self._pick_target(("p", index))

    def pile_clicked(self, pile: PileItem) -> None:
        if pile.kind in ("graveyard", "exile", "command"):
            self.table.open_zone_viewer(pile.kind, pile.owner)

    def pile_double_clicked(self, pile: PileItem) -> None:
        if pile.kind == "library" and pile.owner in self.session.controls:
            self.act("draw", args=(1,), player=pile.owner)

    def context_menu(self, target: Any, screen_pos: Any) -> None:
        from app.table.menus import show_context_menu

        show_context_menu(self, target, screen_pos)

    # ----------------------------------------------------------------- playing cards
    def play_card(self, item: CardItem, drop_pos: QPointF | None = None, manual_fallback: bool = False) -> bool:
        """Play a land or cast a spell from hand with the rules (a choice of targets first)."""
        oid = item.obj_id
        assert oid is not None
        acts = [a for a in self.actions_for(item) if a.verb in ("play", "cast")]
        if drop_pos is not None:
            self.scene.pending_drop[oid] = drop_pos
        if len(acts) == 1:
            if self.submit(acts[0]):
                return True
        elif acts:
            self.start_targets(acts, card_name(item.name))
            self.drop_pos = drop_pos
            return True
        land = "Land" in (self._printed_types(item.name) or ())
        verb = "play" if land else "cast"
        if manual_fallback and self.manual_allowed():
            # hybrid/tabletop: the rules don't allow it now, so it is a logged manual move
            self.act(verb, oid, quiet=True)
            reason = self.session.last_error
            if self.act("move", oid, args=("battlefield", 0)):
                self.table.show_message(tr("message.moved_by_hand", card=card_name(item.name), reason=reason))
                return True
            self.scene.pending_drop.pop(oid, None)
            return False
        self.scene.pending_drop.pop(oid, None)
        return self.act(verb, oid)

    @staticmethod
    def _printed_types(name: str | None) -> tuple[str, ...]:
        from engine.cards.data import bundled_cards

        cd = bundled_cards().get(name or "")
        return cd.types if cd is not None else ()

    def choose_among(self, acts: list[Action], label: str) -> None:
        """Several actions for one card: targets by clicking, anything else from a menu."""
        if len(acts) == 1:
            self.submit(acts[0])
            return
        if all(a.targets for a in acts) and len({(a.verb, a.face, a.alt, a.x, a.modes, a.ability) for a in acts}) == 1:
            self.start_targets(acts, label)
            return
        self.table.pick_action(acts)

    def start_targets(self, acts: list[Action], label: str) -> None:
        self.mode = "targets"
        self.options = list(acts)
        self.target_i = 0
        self.source_name = label
        self.update_view()

    def _pick_target(self, ref: tuple[str, int]) -> None:
        i = self.target_i
        left = [a for a in self.options if len(a.targets) > i and tuple(a.targets[i]) == ref]
        if not left:
            # not a legal choice: let the engine say why (e.g. hexproof), change nothing
            base = self.options[0] if self.options else None
            if base is not None:
                targets = list(base.targets)
                if i < len(targets):
                    targets[i] = ref
                try:
                    self.session.submit(self.session.with_action(base, targets=tuple(targets)))
                except (IllegalActionError, KeyError):
                    self.table.show_message(tr("message.not_a_target"), error=True)
            return
        if len({a.targets for a in left}) == 1 or all(len(a.targets) <= i + 1 for a in left):
            self.mode = ""
            self.options = []
            self.submit(left[0])
            self.update_view()
            return
        self.options = left
        self.target_i += 1
        self.update_view()

    def target_refs(self) -> set[tuple[str, int]]:
        return {tuple(a.targets[self.target_i]) for a in self.options if len(a.targets) > self.target_i}  # type: ignore[misc]

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
        defender = self.session.next_opponent(who)  # the next opponent (the table shows two halves)
        pairs = () if none else tuple((a, ("p", defender)) for a in self.attackers)
        self.act("attack", player=who, pairs=pairs)

    def declare_blockers(self, none: bool = False) -> None:
        who = self.decider()
        if who is None:
            return
        pairs = () if none else tuple((b, ("o", a)) for b, a in self.blocks)
        self.act("block", player=who, pairs=pairs)

    # ----------------------------------------------------------------- decisions
    def _ask_options(self) -> list[str]:
        p = self.pending() or {}
        who = self.decider()
        if who is None or p.get("kind") not in ("ask", "targets", "order_triggers"):
            return []
        return self.session.pending_options(who)

    def choose_option(self, option: str) -> None:
        p = self.pending() or {}
        count = int(p.get("count", 1) or 1)
        if count <= 1:
            self.act("choose", player=self.decider(), choice=(option,))
            return
        if option in self.chosen:
            self.chosen.remove(option)
        else:
            self.chosen.append(option)
        self.update_view()

    def choose_done(self) -> None:
        who = self.decider()
        kind = (self.pending() or {}).get("kind")
        if kind in ("bottom", "discard"):
            names = [self.scene.cards[i].name for i in self.chosen_ids if i in self.scene.cards]
            self.act("choose", player=who, choice=tuple(str(n) for n in names))
        else:
            self.act("choose", player=who, choice=tuple(self.chosen))

    def pass_priority(self) -> None:
        who = self.decider()
        if who is None:
            self.table.show_message(tr("message.not_your_priority"), error=True)
            return
        if (self.pending() or {}).get("kind") != "priority":
            self.table.show_message(tr("message.decide_first"), error=True)
            return
        self.reset_mode()
        self.act("pass", player=who)

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
            self.table.show_message(tr("message.decide_first"), error=True)

    def next_turn(self) -> None:
        p = self.pending() or {}
        if self.decider() is not None and p.get("kind") == "priority":
            self.reset_mode()
            self.session.pass_until_next_turn()
        elif self.manual_allowed():
            self.act("next turn")
        else:
            self.table.show_message(tr("message.decide_first"), error=True)

    # ----------------------------------------------------------------- dropping
    def drop(self, items: list[CardItem], zone: ZoneItem | None, pos: QPointF, origins: dict[CardItem, QPointF],
             delta: QPointF) -> None:
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
                    self.scene.free_pos[oid] = here  # free placement: no game action
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

    # ----------------------------------------------------------------- drawing the state
    def update_view(self) -> None:
        self._highlights()
        self._arrows()
        self.table.update_prompt()

    def _highlights(self) -> None:
        sc = self.scene
        marks: dict[Any, str] = {}
        panels: dict[int, str] = {}
        kind = (self.pending() or {}).get("kind")
        if self.mode == "targets":
            for ref in self.target_refs():
                if ref[0] == "o":
                    marks[ref[1]] = "target"
                else:
                    panels[ref[1]] = "target"
        elif self.mode == "attackers":
            able = {o for a in self.legal for o, _ in a.pairs}
            for o in able:
                marks[o] = "playable"
            for o in self.attackers:
                marks[o] = "attacker"
        elif self.mode == "blockers":
            able = {b for a in self.legal for b, _ in a.pairs}
            for o in able:
                marks[o] = "playable"
            for c in self.obs.get("battlefield", []):
                if c.get("attacking") is not None and self.blocker is not None:
                    marks[c["id"]] = "target"
            for b, _ in self.blocks:
                marks[b] = "blocker"
            if self.blocker is not None:
                marks[self.blocker] = "chosen"
        elif self.mode == "choose":
            for key, item in sc.cards.items():
                if item.zone == "hand" and item.mine:
                    marks[key] = "choice"
            for o in self.chosen_ids:
                marks[o] = "chosen"
        elif self.mode == "attach":
            for c in self.obs.get("battlefield", []):
                if c["id"] != self.attach_source:
                    marks[c["id"]] = "target"
        elif kind == "priority":
            for key, item in sc.cards.items():
                if item.zone in ("hand", "battlefield") and self.actions_for(item):
                    marks[key] = "playable"
        elif self._ask_options():
            opts = {o.lower() for o in self._ask_options()}
            for key, item in sc.cards.items():
                if item.name and item.name.lower() in opts:
                    marks[key] = "choice"
        for key, item in sc.cards.items():
            item.set_highlight(marks.get(key, ""))
        for i, panel in sc.panels.items():
            panel.set_highlight(panels.get(i, ""))

    def _arrows(self) -> None:
        extra: list[tuple[Any, Any, Any, bool]] = []
        who = self.decider()
        if self.mode == "attackers" and who is not None:
            extra = [(("o", a), ("p", 1 - who), geo.ATTACK, True) for a in self.attackers]
        elif self.mode == "blockers":
            extra = [(("o", b), ("o", a), geo.BLOCK, True) for b, a in self.blocks]
        self.scene.extra_arrows = extra
        self.scene.update_arrows()

    def prompt(self) -> tuple[str, list[Button]]:
        """The prompt bar's sentence and buttons for the current decision and mode."""
        from app.table.prompts import prompt_for

        return prompt_for(self)
