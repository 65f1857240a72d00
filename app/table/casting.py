"""Casting from the table: a double-click or a drop plays a land or casts a spell (a menu of
the ways, a mode from a dialog), its targets are clicked one by one, and a cast whose
targets or costs are still being chosen can be taken back (Cancel, Esc)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF

from app.i18n import card_name, message, tr
from app.table.card_item import CardItem
from app.table.interaction_state import InteractionState
from engine.actions import Action, ActionError
from engine.cards.behaviour import card_def, printed


class Casting(InteractionState):
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
            reason = self.refusal(verb, oid)
            if self.act("move", oid, args=("battlefield", 0)):
                if reason is None:
                    self.table.show_message(tr("{card} was put onto the battlefield by hand: the rules do not allow playing it now.", card=card_name(item.name)))
                else:
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
            from app.table.choices import ModeDialog  # lazy: loads when a mode is chosen (start-up)

            def chosen(mode: int) -> None:
                self.choose_among([a for a in acts if a.modes == (mode,)], label, name)

            dlg = ModeDialog(name, [m[0] for m in modes], chosen, self.table.as_widget())
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
        if len(ways) == 1 and any(a.targets for a in acts):
            # "up to one target" (Unnerving Grasp): the same cast with a target or without; the
            # targets are clicked, "Nothing" takes none (before, a menu of one entry whose pick
            # opened the same menu again, so the spell was never cast)
            self.start_targets(acts, label)
            return
        if 1 < len(ways) < len(acts):  # (one way: its actions themselves, never the same menu again)
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
                except ActionError:
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
        d = card_def(name or "")
        return str(d.ward) if d is not None and d.ward else ""

    def can_stop_targets(self) -> bool:
        """Targeting "up to" N: an option takes no further target than those clicked so far."""
        return any(len(a.targets) == self.target_i for a in self.options)

    def stop_targets(self) -> None:
        """Nothing (more) as a target: the option with the targets clicked so far."""
        done = next((a for a in self.options if len(a.targets) == self.target_i), None)
        if done is None:
            return
        self.mode = ""
        self.options = []
        self.submit(done)
        self.update_view()

    def target_refs(self) -> set[tuple[str, int]]:
        return {tuple(a.targets[self.target_i]) for a in self.options if len(a.targets) > self.target_i}  # type: ignore[misc]


    # ----------------------------------------------------------------- taking a cast back
    def can_cancel_cast(self) -> bool:
        """The open decision belongs to a spell being cast (or an ability being activated) —
        its targets or its costs are being chosen — and this session can take it back. The
        engine has no action that backs out of a cast (CR 601.2 has no way back once begun);
        a local game takes it back with undo (LocalSession.cancel_casting), a LAN game can't."""
        start = getattr(self.session, "casting_start", None)
        return start is not None and self.decider() is not None and start() is not None

    def cancel_cast(self) -> None:
        """Cancel (Esc) while a cast's targets or costs are chosen: the game as before the cast."""
        undo = getattr(self.session, "cancel_casting", None)
        action = undo() if undo is not None and self.can_cancel_cast() else None
        if action is None:
            self.table.show_message(tr("Nothing is being cast now, so there is nothing to cancel."), error=True)
            return
        self.reset_mode()
        name = card_name(self._name_of(action.obj))
        if action.verb == "activate":
            text = tr("You cancelled activating {card}: the game is back to before you activated it.", card=name)
        else:
            text = tr("You cancelled casting {card}: the game is back to before you cast it.", card=name)
        self.table.show_message(text)

    def _name_of(self, oid: int | None) -> str | None:
        """The name of the object `oid` in the observation, wherever you can see it."""
        obs = self.obs
        seen = list(obs.get("battlefield", [])) + list(obs.get("stack", []))
        for p in obs.get("players", []):
            for zone in ("hand", "graveyard", "exile", "command"):
                seen += p.get(zone) or []
        return next((c.get("name") for c in seen if c.get("id") == oid and oid is not None), None)
