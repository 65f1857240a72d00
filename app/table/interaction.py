"""Interaction: what clicks, double-clicks and drops on the table mean, for the open decision.

Nothing here changes game state: every gesture becomes an engine Action submitted through
the session. Legal actions are indexed by object so that playable cards, possible targets
and possible attackers can be highlighted; a choice the engine needs in several clicks
(targets one by one, attackers then Done, blocker then attacker) is collected here first.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QObject, QPointF, Qt

from app.i18n import card_name, message, tr
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
        # whom each attacker attacks, once a player's panel or a planeswalker was clicked for
        # it (("p", player) or ("o", planeswalker), CR 506.3); an attacker without an entry
        # attacks the next opponent in turn order
        self.attack_to: dict[int, tuple[str, int]] = {}
        self.blocks: list[tuple[int, int]] = []
        self.blocker: int | None = None
        self.chosen: list[str] = []
        self.chosen_ids: list[int] = []
        self.attach_source: int | None = None
        self.drop_pos: QPointF | None = None
        self._decision_key: tuple[Any, ...] = ()
        self.by_hand_hint = ""  # the unimplemented card being cast (hybrid), for a hint once cast
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
        self.attack_to = {}
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
        hint, self.by_hand_hint = self.by_hand_hint, ""
        if ok:
            self.table.clear_message()
            if hint and getattr(action, "verb", "") == "cast":
                # hybrid: the spell is cast for its cost; its text is carried out by hand
                self.table.show_message(tr("{card} is cast for its cost; the engine does not implement its text: carry it out by hand (right-click a card for the table moves).", card=hint))
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
                self.act("activate", oid, quiet=True)
                reason = self.session.last_error
                if self.act("tap", oid):
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
        for n in range(1, abilities + 1):  # none can be activated now: say why (the last one's
            self.act("activate", oid, quiet=True, ability=n)  # reason: a loyalty ability's "once a turn")
        self.table.show_message(self.session.last_error, error=True)

    @staticmethod
    def _ability_count(name: str | None) -> int:
        """How many activated abilities other than mana abilities the card has (numbered 1...)."""
        from engine.cards.behaviour import card_def

        d = card_def(name or "")
        return len([ab for ab in d.activated if not ab.mana]) if d is not None else 0

    @staticmethod
    def _makes_mana(name: str | None) -> bool:
        from engine.cards.behaviour import card_def

        d = card_def(name or "")
        return bool(d is not None and d.mana_abilities())

    def player_clicked(self, index: int) -> None:
        if self.mode == "targets":
            self._pick_target(("p", index))
        elif self.mode == "attackers" and index != self.decider():
            # the attackers chosen since the last click on a player attack this player
            for a in self.attackers:
                self.attack_to.setdefault(a, ("p", index))
            self.update_view()

    def defender_of(self, attacker: int, who: int) -> tuple[str, int]:
        return self.attack_to.get(attacker, ("p", self.session.next_opponent(who)))

    def _attackable_walker(self, oid: int) -> bool:
        """A planeswalker some listed `attacker` action may attack now."""
        return any(a.verb == "attacker" and tuple(d) == ("o", oid) for a in self.legal for _, d in a.pairs)

    def pile_clicked(self, pile: PileItem) -> None:
        if pile.kind in ("graveyard", "exile", "command"):
            self.table.open_zone_viewer(pile.kind, pile.owner)
        elif pile.top is not None and pile.top.get("name"):  # a library's top card you may look at
            self.table.preview_card(pile.top)

    def pile_double_clicked(self, pile: PileItem) -> None:
        """A pile with a card the rules let you cast or activate now (escape from the
        graveyard, the top of the library with Into the Pit): offered; otherwise a library
        draws a card (Cockatrice; Ctrl+D and the context menu still draw when the top is lit)."""
        from app.table.zone_actions import offer

        if not offer(self, pile.kind, pile.owner) and pile.kind == "library" and pile.owner in self.session.controls:
            self.act("draw", args=(1,), player=pile.owner)  # (in rules mode the engine says why not)

    def context_menu(self, target: Any, screen_pos: Any) -> None:
        from app.table.menus import show_context_menu

        show_context_menu(self, target, screen_pos)

    # ----------------------------------------------------------------- playing cards
    def play_card(self, item: CardItem, drop_pos: QPointF | None = None, manual_fallback: bool = False) -> bool:
        """Play a land or cast a spell from hand with the rules (a choice of targets first)."""
        oid = item.obj_id
        assert oid is not None
        if item.data.get("implemented") is False and "Land" not in self._printed_types(item.name):
            if self.session.mode == "rules":
                self.table.show_message(tr("{card} is not implemented by the rules engine, so it cannot be cast in rules mode. Play it in hybrid mode, where you carry out its text by hand.", card=card_name(item.name)), error=True)
                return False
            self.by_hand_hint = card_name(item.name)
        acts = [a for a in self.actions_for(item) if a.verb in ("play", "cast")]
        if drop_pos is not None:
            self.scene.pending_drop[oid] = drop_pos
        if len(acts) == 1 and not acts[0].targets:
            if self.submit(acts[0]):
                return True
        elif acts:
            self.drop_pos = drop_pos
            self.choose_among(acts, card_name(item.name), item.name)
            return True
        others = [a for a in self.actions_for(item) if a.verb not in ("play", "cast")]
        if others and drop_pos is None:
            # not castable now, but it can do something from the hand (cycling): offer it,
            # never do it on a double-click alone
            self.table.pick_action(others, item.name)
            return True
        land = "Land" in (self._printed_types(item.name) or ())
        verb = "play" if land else "cast"
        if manual_fallback and self.manual_allowed():
            # hybrid/tabletop: the rules don't allow it now, so it is a logged manual move
            self.act(verb, oid, quiet=True)
            reason = self.session.last_error
            if self.act("move", oid, args=("battlefield", 0)):
                self.table.show_message(tr("{card} was put onto the battlefield by hand. The rules did not allow it: {reason}", card=card_name(item.name), reason=reason))
                return True
            self.scene.pending_drop.pop(oid, None)
            return False
        self.scene.pending_drop.pop(oid, None)
        if self.act(verb, oid, quiet=True):
            return True
        reason = self.session.last_error
        if reason in (message("error.cast.targets_count", card=card_name(item.name)),
                      message("error.cast.no_targets", card=card_name(item.name))):
            # the refusal of a cast without targets says nothing about why no cast is legal
            reason = tr("{card} can't be cast now: there is not enough mana, it is not the time for it, "
                        "or nothing it could target.", card=card_name(item.name))
        self.table.show_message(reason, error=True)
        return False

    @staticmethod
    def _printed_types(name: str | None) -> tuple[str, ...]:
        from engine.cards.behaviour import printed

        cd = printed(name or "")
        return cd.types if cd is not None else ()

    def choose_among(self, acts: list[Action], label: str, name: str | None = None) -> None:
        """Several actions for one card: a mode from a dialog, targets by clicking, anything
        else from a menu. Targets are never assumed: even one legal target waits for its
        click unless the player allowed that in Settings (never for their own things)."""
        if not acts:
            return
        modes = sorted({a.modes for a in acts})
        if len(modes) > 1 and all(len(m) == 1 for m in modes):
            from app.table.choices import ModeDialog

            def chosen(mode: int) -> None:
                self.choose_among([a for a in acts if a.modes == (mode,)], label, name)

            dlg = ModeDialog(name, [m[0] for m in modes], chosen, self.table)
            dlg.finished.connect(dlg.deleteLater)
            dlg.open()
            self.table.mode_dialog = dlg
            return
        if len(acts) == 1 and not acts[0].targets:
            self.submit(acts[0])
            return
        if all(a.targets for a in acts) and len({(a.verb, a.face, a.alt, a.x, a.modes, a.ability, a.choice)
                                                 for a in acts}) == 1:
            if len(acts) == 1 and self._accept_alone(acts[0]):
                self.submit(acts[0])
                return
            self.start_targets(acts, label)
            return
        ways: dict[tuple[Any, ...], list[Action]] = {}  # the same action with other targets:
        for a in acts:                                 # one entry, the targets clicked after
            ways.setdefault((a.verb, a.obj, a.face, a.alt, a.x, a.modes, a.ability, a.choice), []).append(a)
        if len(ways) < len(acts):
            self.table.pick_action([w[0] for w in ways.values()], name,
                                   then=lambda a: self.choose_among(next(w for w in ways.values() if w[0] is a),
                                                                    label, name))
            return
        self.table.pick_action(acts, name)

    def _accept_alone(self, action: Action) -> bool:
        """Settings "accept single choices": a lone legal target is taken without a click,
        unless it is the player or something they control."""
        if not getattr(self.table.settings, "accept_single_choices", False):
            return False
        mine = {c["id"] for c in self.obs.get("battlefield", []) if c.get("controller") in self.session.controls}
        for kind, val in action.targets:
            if (kind == "p" and val in self.session.controls) or (kind == "o" and val in mine):
                return False
        return True

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
            # not a legal choice: say why (hexproof, shroud), else let the engine say it
            reason = self._target_refusal(ref)
            if reason:
                self.table.show_message(reason, error=True)
                return
            base = self.options[0] if self.options else None
            if base is not None:
                targets = list(base.targets)
                if i < len(targets):
                    targets[i] = ref
                try:
                    self.session.submit(self.session.with_action(base, targets=tuple(targets)))
                except (IllegalActionError, KeyError):
                    self.table.show_message(tr("That is not a legal target."), error=True)
            return
        if len({a.targets for a in left}) == 1 or all(len(a.targets) <= i + 1 for a in left):
            self.mode = ""
            self.options = []
            warded = [c for c in self.obs.get("battlefield", []) if ("o", c["id"]) in left[0].targets
                      and "ward" in (c.get("keywords") or []) and c.get("controller") not in self.session.controls]
            if self.submit(left[0]) and warded:
                # CR 702.21a: targeting it triggers ward; the player should not be surprised
                self.table.show_message(tr("{card} has ward {cost}: its ward triggers, and your spell is countered unless you pay {cost}.", card=card_name(warded[0].get("name")),
                                           cost=self._ward_cost(warded[0].get("name"))))
            self.update_view()
            return
        self.options = left
        self.target_i += 1
        self.update_view()

    def _target_refusal(self, ref: tuple[str, int]) -> str:
        if ref[0] != "o":
            return ""
        c = next((c for c in self.obs.get("battlefield", []) if c["id"] == ref[1]), None)
        if c is None:
            return ""
        kws = c.get("keywords") or []
        name = card_name(c.get("name"))
        if "shroud" in kws:  # CR 702.18a
            return tr("{card} has shroud: it can't be the target of spells or abilities.", card=name)
        if "hexproof" in kws and c.get("controller") not in self.session.controls:  # CR 702.11b
            return tr("{card} has hexproof: it can't be the target of spells or abilities your opponents control.", card=name)
        if c.get("phased_out"):  # CR 702.26b
            return tr("{card} is phased out: it is treated as though it doesn't exist.", card=name)
        return ""

    @staticmethod
    def _ward_cost(name: str | None) -> str:
        from engine.cards.behaviour import card_def

        d = card_def(name or "")
        return str(d.ward) if d is not None and d.ward else ""

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
        pairs = () if none else tuple((a, self.defender_of(a, who)) for a in self.attackers)
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

    def _ask_refs(self) -> dict[int, str]:
        who = self.decider()
        # a choice between objects, and a target chosen after the announcement (one target
        # word on a crowded board, or several words): a click on the object answers it
        if who is None or (self.pending() or {}).get("kind") not in ("ask", "targets"):
            return {}
        return self.session.pending_refs(who)

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
        p = self.pending() or {}
        if self.decider() is not None and p.get("kind") == "priority":
            self.reset_mode()
            self.session.pass_until_next_turn()
        elif self.manual_allowed():
            self.act("next turn")
        else:
            self.table.show_message(tr("Answer the open decision first."), error=True)

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
                    self.scene._insert_order(oid, here.x(), self.obs)  # snaps into its row: no game action
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
        from app.table.highlights import show_highlights

        show_highlights(self)

    def _arrows(self) -> None:
        extra: list[tuple[Any, Any, Any, bool]] = []
        who = self.decider()
        if self.mode == "attackers" and who is not None:
            extra = [(("o", a), self.defender_of(a, who), geo.ATTACK, True) for a in self.attackers]
        elif self.mode == "blockers":
            extra = [(("o", b), ("o", a), geo.BLOCK, True) for b, a in self.blocks]
        self.scene.extra_arrows = extra
        self.scene.update_arrows()

    def prompt(self) -> tuple[str, list[Button]]:
        """The prompt bar's sentence and buttons for the current decision and mode."""
        from app.table.prompts import prompt_for

        return prompt_for(self)
