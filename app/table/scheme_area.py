"""The Archenemy formats on the table (CR 314, 904; the release notes' Archenemy Commander and
Supervillain Rumble): each scheme player's scheme deck (a face-down pile, only its count is
known, CR 904.3) and their face-up schemes (CR 701.25a; an ongoing scheme stays face up until
it is abandoned, CR 314.6) in their part of the command zone; what the panels and the phase bar
say about teams (the team's one shared life total, a shared team turn, CR 805.4a).

Where the scheme area goes: your own under your panel in the left column (the deck, the face-up
schemes in a column beside it); another player's at the right end of their battlefield, which
gives up that much width — or, at 3-4 players with commanders, where their command zone is a pile
at the right of their column already, their face-up schemes under that pile and the scheme
deck's count in their panel. Face-up schemes are CardItems (zone "scheme") keyed by object id, so
the preview, hover zoom and tooltips work on them as on any card.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QPointF, QRectF

from app.i18n import card_name, tr
from app.table import geometry as geo

if TYPE_CHECKING:
    from app.table.card_item import CardItem
    from app.table.zones import ZoneItem

#: each face-up scheme under the next shows its name bar (scene units, at pile scale)
SCHEME_STEP = 24.0
AREA_W = geo.PILE_W + 2 * geo.GAP  # what another player's battlefield gives up


class SchemeScene(Protocol):
    """What placing the scheme piles and face-up schemes uses of the table's scene
    (app/table/scene.py TableScene, laid out by app/table/layout.py)."""

    @property
    def seat(self) -> int: ...
    @property
    def shown(self) -> tuple[int, ...]: ...  # the seats on the table, yours first
    @property
    def multi(self) -> bool: ...
    @property
    def opp_compact(self) -> bool: ...
    @property
    def scheme_seats(self) -> frozenset[int]: ...
    @property
    def zones(self) -> dict[tuple[str, int], ZoneItem]: ...
    @property
    def panels(self) -> dict[int, Any]: ...
    @property
    def cards(self) -> dict[Any, Any]: ...
    @property
    def _dragging(self) -> list[Any]: ...

    def _place(self, item: CardItem, pos: QPointF, z: float) -> None: ...


def face_up(p: dict[str, Any]) -> list[dict[str, Any]]:
    """The player's face-up schemes in the command zone (the observation marks them)."""
    return [c for c in p.get("command", []) if c.get("scheme")]


def scheme_seats(obs: dict[str, Any]) -> frozenset[int]:
    """The players with a scheme deck or a face-up scheme."""
    return frozenset(p["index"] for p in obs.get("players", []) if p.get("schemes") or face_up(p))


def deck_rect(scene: SchemeScene, p: int) -> QRectF:
    """Where the player's scheme deck pile goes (set by `geometry`)."""
    return scene.zones[("schemes", p)].rect


def geometry(scene: SchemeScene) -> None:
    """Place each scheme player's scheme deck; another player's battlefield gives up the room."""
    pile_h = geo.PILE_CARD_H + geo.PILE_LABEL_H
    for p in scene.shown:
        pile = scene.zones[("schemes", p)]
        if p not in scene.scheme_seats or scene.opp_compact:
            pile.setVisible(False)
            continue
        if p == scene.seat:
            panel = scene.panels[p].rect
            rect = QRectF(geo.GAP, panel.bottom() + geo.GAP, geo.PILE_W, pile_h)
        elif getattr(scene, "command_piles", False) and scene.multi:
            # an opponent's command zone is a pile at the right of their column already: their
            # face-up schemes go under it, the scheme deck's count is in their panel's line
            command = scene.zones[("command", p)].rect
            pile.set_rect(QRectF(command.left(), command.bottom() + geo.GAP / 2, geo.PILE_W, 0))
            pile.setVisible(False)
            continue
        else:
            field = scene.zones[("battlefield", p)]
            r = field.rect
            field.set_rect(QRectF(r.left(), r.top(), r.width() - AREA_W, r.height()))
            rect = QRectF(r.right() - AREA_W + geo.GAP, r.top() + geo.GAP, geo.PILE_W, pile_h)
        pile.set_rect(rect)
        pile.setVisible(True)


def layout(scene: SchemeScene, obs: dict[str, Any]) -> None:
    """The face-up schemes, at pile size: beside your scheme deck, under another player's; each
    one lower than the one before, so that every name shows and the newest is whole."""
    for p in obs.get("players", []):
        i = p["index"]
        if i not in scene.shown or i not in scene.scheme_seats:
            continue
        deck = deck_rect(scene, i)
        if i == scene.seat:
            x, top = deck.right() + geo.GAP, deck.top()
        elif not scene.zones[("schemes", i)].isVisible():  # (under the command zone's pile)
            x, top = deck.left(), deck.top()
        else:
            x, top = deck.left(), deck.top() + geo.PILE_CARD_H + geo.PILE_LABEL_H + geo.GAP / 2
        for k, c in enumerate(face_up(p)):
            item = scene.cards.get(c["id"])
            if item is None or item in scene._dragging:
                continue
            centre = QPointF(x + geo.PILE_W / 2, top + k * SCHEME_STEP + geo.PILE_CARD_H / 2)
            scene._place(item, centre, 5000 + k)
            item.setScale(geo.PILE_SCALE)
            item.setRotation(0)


def panel_info(p: dict[str, Any], obs: dict[str, Any]) -> dict[str, Any]:
    """What a player's panel says in a format with schemes or teams."""
    info: dict[str, Any] = {}
    if p.get("schemes") is not None and (p.get("schemes") or face_up(p)):
        info["scheme_deck"] = int(p.get("schemes") or 0)
        info["ongoing"] = [c["name"] for c in face_up(p) if c.get("ongoing")]
    team = p.get("team")
    if team:
        members = [q for q in obs.get("players", []) if q.get("team") == team]
        info["team"] = team
        info["team_size"] = len(members)
        # Archenemy Commander: the team's one life total (the notes); every member's `life` is it
        info["shared_life"] = obs.get("format") == "archenemy_commander" and len(members) > 1
        info["team_names"] = [str(q.get("name", "")) for q in members]
    return info


def role_text(info: dict[str, Any], ongoing: bool = True, deck: bool = True, names: bool = True) -> str:
    """"Archenemy · Scheme deck 8 · Ongoing: I Am Duskmourn" / "Team: Bob, Carol, Dave"
    (`ongoing`, `deck` False: without the ongoing schemes and the scheme deck's count, which
    the table shows beside the panel)."""
    parts = []
    if info.get("team") and info.get("team_size", 0) == 1 and info.get("scheme_deck") is not None:
        parts.append(tr("Archenemy"))
    elif info.get("team") and names and info.get("team_size", 0) > 1:
        parts.append(tr("Team: {names}", names=", ".join(info.get("team_names", []))))
    if deck and info.get("scheme_deck") is not None:
        parts.append(tr("Scheme deck {count}", count=info["scheme_deck"]))
    if ongoing and info.get("ongoing"):
        parts.append(tr("Ongoing: {schemes}", schemes=", ".join(card_name(n) for n in info["ongoing"])))
    return " · ".join(parts)


def turn_owner(obs: dict[str, Any], names: list[str]) -> str:
    """Whose turn it is for the phase bar: a player, or with shared team turns (CR 805.4a) the
    team."""
    active = int(obs.get("active", 0))
    together = [i for i in obs.get("active_players", [active]) if i < len(names)]
    if len(together) > 1:  # (the members are in the tooltip and have the active mark in their panels)
        return tr("Team")
    return names[active] if active < len(names) else ""


def team_members(obs: dict[str, Any], names: list[str]) -> str:
    """With a shared team turn, "Team: Bob, Carol, Dave" (the phase bar's tooltip)."""
    together = [i for i in obs.get("active_players") or [] if i < len(names)]
    return tr("Team: {names}", names=", ".join(names[i] for i in together)) if len(together) > 1 else ""


def acting(obs: dict[str, Any], names: list[str]) -> str:
    """With a shared team turn, the member who is deciding now ("" otherwise)."""
    together = obs.get("active_players") or []
    who = (obs.get("pending") or {}).get("player")
    if len(together) > 1 and isinstance(who, int) and who in together and who < len(names):
        return names[who]
    return ""
