"""The state the table's interaction keeps between clicks (app/table/interaction.py): the
legal actions of the open decision indexed by object, the mode of a choice made in several
clicks (targets, attackers, blockers, cards), and how an action is submitted and the view
redrawn. Casting is in app/table/casting.py, answers to decisions in app/table/answers.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from PySide6.QtCore import QObject, QPointF, SignalInstance
from PySide6.QtWidgets import QWidget

from app.i18n import error_text, tr
from app.table import geometry as geo
from app.table.card_item import CardItem
from engine.actions import Action, ActionError

if TYPE_CHECKING:
    from app.session import LocalSession
    from app.settings import Settings
    from app.table.scene import TableScene

Button = tuple[str, Callable[[], object], bool, str]  # label, what a click does, enabled, shortcut


class Table(Protocol):
    """What the interaction and its parts (casting, answers, prompts, menus, zone actions) and the
    table commands (app/table/commands.py) use of the table widget they work in
    (app/table/widget.py TableWidget)."""

    mode_dialog: Any  # the open mode dialog (tests find it here)

    @property
    def session(self) -> LocalSession: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def interaction(self) -> InteractionState: ...
    @property
    def viewers(self) -> list[Any]: ...  # the open zone viewers
    @property
    def new_game_requested(self) -> SignalInstance: ...

    def as_widget(self) -> QWidget: ...  # the window its menus and dialogs belong to

    def show_message(self, text: str, error: bool = False, seconds: float = 8.0) -> None: ...

    def clear_message(self) -> None: ...

    def update_prompt(self) -> None: ...

    def selected(self) -> list[CardItem]: ...

    def open_zone_viewer(self, zone: str, owner: int) -> Any: ...

    def divide_damage(self) -> None: ...

    def preview_card(self, card: dict[str, Any]) -> None: ...

    def pick_action(self, actions: list[Action], name: str | None = None,
                    names: dict[Any, str | None] | None = None,
                    then: Callable[[Action], None] | None = None) -> None: ...

    def undo(self) -> None: ...

    def restart(self) -> None: ...


class InteractionState(QObject):
    def __init__(self, session: "LocalSession", scene: "TableScene", table: Table) -> None:
        super().__init__(scene)  # (a Qt child of the scene, which the table owns: `table` is typed by what is used of it)
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
        self.chosen_at: list[int] = []  # the options' places of `chosen` (an option may be listed twice)
        self.chosen_ids: list[int] = []
        self.attach_source: int | None = None
        self.drop_pos: QPointF | None = None
        self._decision_key: tuple[Any, ...] = ()
        self.by_hand_hint = ""  # the unimplemented card being cast (hybrid), for a hint once cast

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
        if not self.session.decision_known(int(p["player"])):  # (a LAN seat: its list is on the way)
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
        # (with whether it can be answered yet: an attack begun once the host's list came)
        key = (p.get("player"), p.get("kind"), self.obs.get("turn"), self.obs.get("step"), who is not None)
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
        self.chosen, self.chosen_ids, self.chosen_at = [], [], []
        self.attach_source = None
        self.drop_pos = None
        kind = (self.pending() or {}).get("kind")
        if self.decider() is not None and kind in ("attackers", "blockers", "bottom", "discard"):
            self.mode = {"attackers": "attackers", "blockers": "blockers"}.get(kind, "choose")

    def _prune(self) -> None:
        ids = {c["id"] for c in self.obs.get("battlefield", [])}
        self.attackers = [a for a in self.attackers if a in ids]
        self.blocks = [(b, a) for b, a in self.blocks if b in ids and a in ids]

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
                    except ActionError:
                        return acts
        return []

    def can_drag(self, item: CardItem) -> bool:
        if item.obj_id is None or item.zone in ("stack", "scheme"):
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
        except ActionError as exc:  # (make checks the fields: bad input is an ActionError)
            if not quiet:  # (an engine refusal in the UI language: str() is its English sentence)
                self.table.show_message(error_text(exc), error=True)
            return False
        return self.submit(action, quiet=quiet)

    def refusal(self, verb: str, obj: int | None = None, **fields: Any) -> str | None:
        """Why the rules refuse this action now, in the engine's words — asked of a game in
        this process only. A host answers later (LAN): asking it would send an action known
        to be refused, and its refusal would come as an error after the move the gesture made
        by hand (None: not asked)."""
        if not self.session.answers_at_once:
            return None
        self.act(verb, obj, quiet=True, **fields)
        return self.session.last_error

    def defender_of(self, attacker: int, who: int) -> tuple[str, int]:
        """The player or planeswalker a click chose for this attacker; else the next opponent,
        unless the rules tell the creature whom to attack (CR 508.1d: Ursine Monstrosity, a
        goaded creature): then the first defender it may attack, so that a click on the
        creature and Attack is a legal declaration."""
        if attacker in self.attack_to:
            return self.attack_to[attacker]
        default = ("p", self.session.next_opponent(who))
        allowed = [(str(d[0]), int(d[1])) for a in self.legal if a.verb == "attacker"
                   for o, d in a.pairs if o == attacker]
        return default if not allowed or default in allowed else allowed[0]

    def _attackable_walker(self, oid: int) -> bool:
        """A planeswalker some listed `attacker` action may attack now."""
        return any(a.verb == "attacker" and tuple(d) == ("o", oid) for a in self.legal for _, d in a.pairs)

    # ----------------------------------------------------------------- drawing the state
    def update_view(self) -> None:
        self._highlights()
        self._arrows()
        self.table.update_prompt()

    def _highlights(self) -> None:
        raise NotImplementedError  # (Interaction: app/table/highlights.py)

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
        raise NotImplementedError  # (Interaction: app/table/prompts.py)
