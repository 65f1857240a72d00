"""Dividing an attacking creature's combat damage (CR 510.1): a count per recipient, what
is left to assign, and the lethal damage each blocker needs (CR 510.1c-d: damage already
marked counts; with deathtouch 1 is lethal, CR 702.2c) — instead of a menu of single parts.

The recipients and the most each may get come from the legal `assign` parts the engine
lists (docs/actions.md); the dialog sends the division as one shorthand action, which the
engine checks whole (an illegal one is refused with its reason and changes nothing).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QGridLayout, QLabel, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from app.i18n import card_name, tr, trn

if TYPE_CHECKING:
    from app.table.interaction import Interaction


def divisions(legal: list[Any]) -> dict[int, list[tuple[tuple[str, int], int]]]:
    """attacker id -> [(recipient ref, the most it may get now)], in the engine's order."""
    out: dict[int, dict[tuple[str, int], int]] = {}
    for a in legal:
        if a.verb != "assign" or a.obj is None or len(a.args) != 1:
            continue
        ref, n = a.args[0]
        slots = out.setdefault(int(a.obj), {})
        key = (str(ref[0]), int(ref[1]))
        slots[key] = max(slots.get(key, 0), int(n))
    return {x: list(slots.items()) for x, slots in out.items()}


class DamageDialog(QDialog):
    def __init__(self, it: "Interaction", attacker: int, slots: list[tuple[tuple[str, int], int]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.it = it
        self.attacker = attacker
        self.slots = slots
        obs = it.obs
        cards = {c["id"]: c for c in obs.get("battlefield", [])}
        names = [p["name"] for p in obs.get("players", [])]
        me = cards.get(attacker, {})
        self.total = max((n for _, n in slots), default=0)  # what is left of its power
        deathtouch = "deathtouch" in (me.get("keywords") or [])
        self.setWindowTitle(tr("Divide combat damage"))
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(trn("{card} deals {count} damage. Divide it among:", "{card} deals {count} damage. Divide it among:",
                                 self.total, card=card_name(me.get("name")))))  # (Italian: "1 danno", "2 danni")
        grid = QGridLayout()
        self.spins: list[QSpinBox] = []
        self.lethal: list[int] = []
        for row, (ref, most) in enumerate(slots):
            kind, v = ref
            if kind == "o" and v in cards and "Creature" in (cards[v].get("types") or []) \
                    and cards[v].get("blocking"):
                c = cards[v]
                need = 1 if deathtouch else max(0, int(c.get("toughness") or 0) - int(c.get("damage") or 0))
                label = tr("{card} ({power}/{toughness}, {damage} damage marked): {lethal} is lethal",
                           card=card_name(c.get("name")), power=c.get("power"), toughness=c.get("toughness"),
                           damage=c.get("damage") or 0, lethal=need)
            else:
                need = 0
                who = names[v] if kind == "p" and v < len(names) else card_name(cards.get(v, {}).get("name"))
                label = tr("{name} (the player or planeswalker attacked: trample)", name=who)
            spin = QSpinBox()
            spin.setRange(0, most)
            spin.valueChanged.connect(self._changed)
            grid.addWidget(QLabel(label), row, 0)
            grid.addWidget(spin, row, 1)
            self.spins.append(spin)
            self.lethal.append(need)
        lay.addLayout(grid)
        self.left = QLabel()
        lay.addWidget(self.left)
        fill = QPushButton(tr("Lethal damage to each blocker, the rest as usual"))
        fill.clicked.connect(self.fill_lethal)
        lay.addWidget(fill)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Assign"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.fill_lethal()

    def fill_lethal(self) -> None:
        """The default division: lethal to each blocker in order, the rest to the player
        attacked (trample), else to the last blocker (docs/actions.md, `assign default`)."""
        left = self.total
        values = [0] * len(self.spins)
        for i, need in enumerate(self.lethal):
            if need and left:
                values[i] = min(need, left, self.spins[i].maximum())
                left -= values[i]
        attacked = [i for i, need in enumerate(self.lethal) if not need]  # (trample: the one attacked)
        rest = attacked[0] if attacked else len(self.spins) - 1
        if left and self.spins:
            values[rest] += left
        for spin, v in zip(self.spins, values):
            spin.blockSignals(True)
            spin.setValue(min(v, spin.maximum()))
            spin.blockSignals(False)
        self._changed()

    def assigned(self) -> int:
        return sum(s.value() for s in self.spins)

    def _changed(self) -> None:
        left = self.total - self.assigned()
        self.left.setText(tr("Left to assign: {count} of {total}.", count=left, total=self.total))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(left == 0)

    def accept(self) -> None:
        parts = tuple((ref, s.value()) for (ref, _), s in zip(self.slots, self.spins) if s.value())
        if self.it.act("assign", self.attacker, args=parts):
            super().accept()
