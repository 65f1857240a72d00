"""Table commands behind the keyboard shortcuts and menus: each builds engine Actions
(manual table moves in hybrid/tabletop games) and submits them through the session.
Commands that need a value ask with a small dialog unless the caller passes it."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QMessageBox

from app.i18n import card_name, tr
from engine.cards.sets import token_names

if TYPE_CHECKING:
    from app.table.card_item import CardItem
    from app.table.interaction_state import Table


def _me(t: "Table") -> int:
    return t.session.seat


def _targets(t: "Table", battlefield_only: bool = True) -> list["CardItem"]:
    items = t.selected()
    if not items:
        t.show_message(tr("Select one or more cards on the battlefield first."), error=True)
    return [i for i in items if i.zone == "battlefield" or not battlefield_only]


def draw(t: "Table") -> None:
    t.interaction.act("draw", args=(1,))


def draw_n(t: "Table", n: int | None = None) -> None:
    if n is None:
        n, ok = QInputDialog.getInt(t.as_widget(), tr("Draw cards"), tr("How many cards?"), 2, 1, 100)
        if not ok:
            return
    t.interaction.act("draw", args=(int(n),))


def mill(t: "Table", n: int = 1) -> None:
    t.interaction.act("mill", args=(int(n),))


def untap_all(t: "Table") -> None:
    t.interaction.act("untap all")


def shuffle(t: "Table") -> None:
    t.interaction.act("shuffle")


def mulligan(t: "Table") -> None:
    pend = t.session.observation().get("pending") or {}
    if pend.get("kind") == "mulligan" and pend.get("player") in t.session.controls:
        t.interaction.act("mulligan", player=pend["player"])
    else:
        t.show_message(tr("There is no mulligan decision now."), error=True)


def token(t: "Table", name: str | None = None, pt: str | None = None) -> None:
    """Create a token: a known one (Treasure ...) or any name with an optional P/T."""
    if name is None:
        known = token_names()
        text, ok = QInputDialog.getItem(t.as_widget(), tr("Create a token"), tr("Token:"),
                                        known + [tr("Other token…")], 0, True)
        if not ok or not text.strip():
            return
        name = text.strip()
        if name == tr("Other token…"):
            name, ok = QInputDialog.getText(t.as_widget(), tr("Create a token"), tr("Name, optionally with power/toughness (e.g. Zombie 2/2):"))
            if not ok or not name.strip():
                return
    m = re.match(r"^(.*?)\s+(\d+)/(\d+)$", name.strip())
    if m:  # "Goblin 1/1": the name and its P/T (the action text reads it back that way too)
        name, pt = m.group(1), pt or f"{m.group(2)}/{m.group(3)}"
    power = tough = None
    if pt:
        m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", pt)
        if m:
            power, tough = int(m.group(1)), int(m.group(2))
    t.interaction.act("token", args=(name.strip(), power, tough))  # (too long: the engine says so)


def tap(t: "Table") -> None:
    for item in _targets(t):
        t.interaction.act("untap" if item.data.get("tapped") else "tap", item.obj_id)


def turn_over(t: "Table") -> None:
    for item in _targets(t):
        t.interaction.act("face up" if item.data.get("face_down") else "face down", item.obj_id)


def phase_out(t: "Table") -> None:
    for item in _targets(t):
        t.interaction.act("phase in" if item.data.get("phased_out") else "phase out", item.obj_id)


def counter(t: "Table", kind: str, delta: int, items: list["CardItem"] | None = None) -> None:
    for item in items if items is not None else _targets(t):
        t.interaction.act("counter", item.obj_id, args=(kind, int(delta)))


def counter_add(t: "Table") -> None:
    counter(t, "+1/+1", 1)


def counter_remove(t: "Table") -> None:
    counter(t, "+1/+1", -1)


def custom_counter(t: "Table", items: list["CardItem"]) -> None:
    kind, ok = QInputDialog.getText(t.as_widget(), tr("Counters"), tr("Kind of counter (e.g. charge):"))
    kind = kind.strip().replace(" ", "_")  # (too long: the engine says so, engine.actions.MAX_COUNTER_KIND)
    if ok and kind:
        n, ok = QInputDialog.getInt(t.as_widget(), tr("Counters"), tr("How many? (A negative number removes counters.)"), 1, -99, 99)
        if ok and n:
            counter(t, kind, n, items)


def set_pt(t: "Table", text: str | None = None) -> None:
    """Ctrl+P: "4/4" becomes +1/+1 (or -1/-1) counters when power and toughness change alike,
    otherwise a note "P/T 4/3"; "+2/+2" adds counters directly."""
    items = [i for i in _targets(t) if i.data.get("power") is not None]
    if not items:
        return
    if text is None:
        first = items[0].data
        text, ok = QInputDialog.getText(t.as_widget(), tr("Set power/toughness"), tr("Power/toughness (e.g. 4/4, or +1/+1 to add counters):"),
                                        text=f"{first.get('power')}/{first.get('toughness')}")
        if not ok:
            return
    m = re.fullmatch(r"\s*([+-]?)(\d+)\s*/\s*([+-]?)(\d+)\s*", text or "")
    if not m:
        t.show_message(tr("Write power/toughness like 4/4, or +2/+2 to add counters."), error=True)
        return
    relative = bool(m.group(1) or m.group(3))
    p_val = int(m.group(1) + m.group(2)) if m.group(1) else int(m.group(2))
    t_val = int(m.group(3) + m.group(4)) if m.group(3) else int(m.group(4))
    for item in items:
        d = item.data
        dp = p_val if relative else p_val - int(d.get("power") or 0)
        dt = t_val if relative else t_val - int(d.get("toughness") or 0)
        if dp == dt and dp:
            counter(t, "+1/+1" if dp > 0 else "-1/-1", abs(dp), [item])
        elif dp or dt:
            t.interaction.act("note", item.obj_id, args=(tr("P/T {power}/{toughness}", power=d.get("power", 0) + dp,
                                                               toughness=d.get("toughness", 0) + dt),))


def note(t: "Table", items: list["CardItem"], text: str | None = None) -> None:
    if text is None:
        current = items[0].data.get("note", "") if items else ""
        text, ok = QInputDialog.getText(t.as_widget(), tr("Note"), tr("Note on the card:"), text=current)
        if not ok:
            return
    for item in items:
        t.interaction.act("note", item.obj_id, args=(text.strip(),))  # (too long: refused with a message)


def life(t: "Table", player: int, delta: int) -> None:
    t.interaction.act("life", args=(player, int(delta)))


def poison(t: "Table", player: int, delta: int) -> None:
    t.interaction.act("poison", args=(player, int(delta)))


def set_life(t: "Table", player: int) -> None:
    current = next((p["life"] for p in t.session.observation()["players"] if p["index"] == player), 20)
    value, ok = QInputDialog.getInt(t.as_widget(), tr("Set life total"), tr("New life total:"), int(current), -999, 9999)
    if ok and value != current:
        life(t, player, value - int(current))


def life_up(t: "Table") -> None:
    life(t, _me(t), 1)


def life_down(t: "Table") -> None:
    life(t, _me(t), -1)


def roll(t: "Table", sides: int | None = None) -> None:
    if sides is None:
        sides, ok = QInputDialog.getInt(t.as_widget(), tr("Roll a die"), tr("Number of sides:"), 20, 2, 1000)
        if not ok:
            return
    t.interaction.act("roll", args=(int(sides),))


def coin(t: "Table") -> None:
    t.interaction.act("flip coin")


def concede(t: "Table", confirm: bool = True) -> None:
    if confirm and QMessageBox.question(t.as_widget(), tr("Concede"), tr("Do you really want to concede this game?")) \
            != QMessageBox.StandardButton.Yes:
        return
    t.interaction.act("concede")


def view_library(t: "Table") -> None:
    if t.session.mode == "rules":
        t.show_message(tr("In rules mode you can't look through your library."), error=True)
        return
    t.open_zone_viewer("library", _me(t))


def view_graveyard(t: "Table") -> None:
    t.open_zone_viewer("graveyard", _me(t))


def view_exile(t: "Table") -> None:
    t.open_zone_viewer("exile", _me(t))


def attach(t: "Table", item: "CardItem") -> None:
    """Attach: the next click on a permanent chooses what it is attached to."""
    t.interaction.mode = "attach"
    t.interaction.attach_source = item.obj_id
    t.interaction.source_name = card_name(item.name)
    t.interaction.update_view()
