"""Context menus for cards, piles, player panels and the battlefield. The rules' own
actions for a card come first (cast, play, activate), then the manual table moves."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtWidgets import QMenu

from app.i18n import card_line, card_name, has_message, message, tr
from app.table import commands
from app.table.card_item import CardItem
from app.table.panel import PlayerPanel
from app.table.zone_actions import name_of, offer, zone_actions
from app.table.zones import PileItem, ZoneItem
from engine.cards.behaviour import card_def

if TYPE_CHECKING:
    from app.table.interaction import Interaction
    from engine.actions import Action

COUNTER_KINDS = ("+1/+1", "-1/-1", "loyalty", "level", "time", "lore", "stun", "charge")  # app/messages.py counter.*


def _add(menu: QMenu, label: str, fn: Callable[[], Any], enabled: bool = True) -> None:
    act = menu.addAction(label)
    act.setEnabled(enabled)
    act.triggered.connect(lambda _=False: fn())


def _mana_of(name: str | None) -> str:
    """The colour a one-colour mana ability adds ("G" for a Forest)."""
    d = card_def(name or "") or card_def(name or "", token=True)  # (a Treasure is a token)
    abilities = d.mana_abilities() if d is not None else []
    return "".join(abilities[0].mana) if abilities else ""


def _ability_label(name: str | None, n: int) -> str:
    d = card_def(name or "") or card_def(name or "", token=True)  # (Niko's Shards are tokens)
    if d is None:
        return ""
    acts = [ab for ab in d.activated if not ab.mana]
    return card_line(name, acts[n - 1].label) if 0 < n <= len(acts) and acts[n - 1].label else ""


def rules_label(a: "Action", name: str | None) -> str:
    # the face cast or played is named: a Room's two doors (CR 709.3) were two entries "Cast
    # Bottomless Pool // Locker Room", the same words for different spells
    if a.verb == "unlock" and a.face:  # CR 709.5e: the door to unlock
        return tr("Unlock {door}", door=card_name(a.face))
    card = card_name(a.face if a.face and a.verb in ("cast", "play") else name)
    if a.verb == "activate" and a.ability == 0:
        return tr("{card}: add mana {mana}", card=card, mana=a.choice[0] if a.choice else _mana_of(name))
    if a.verb == "activate" and a.ability >= 1:
        label = _ability_label(name, a.ability)
        if label:  # the ability's own words: "Islandcycling {2}", "Level up {W}"
            return tr("{card}: {ability}", card=card, ability=label)
        if a.ability > 1:
            return tr("Activate ability {n} of {card}", card=card, n=a.ability)
    key = f"menu.verb.{a.verb.replace(' ', '_')}"
    if a.verb == "cast" and a.choice:  # Phyrexian symbols paid with 2 life each (CR 107.4f)
        label = message("menu.verb.cast_life", card=card, life=2 * len(a.choice))
        return label + (f" ({alt_label(a.alt)})" if a.alt else "") + ("…" if a.targets else "")
    if a.verb == "cast" and a.alt:  # an alternative cost (CR 118.9): "Cast Star Athlete (blitz)"
        return message("menu.verb.cast_alt", card=card, alt=alt_label(a.alt)) + ("…" if a.targets else "")
    return message(key, card=card) + ("…" if a.targets else "")


def alt_label(alt: str) -> str:
    """The name of an alternative cost in the UI language (the keyword: blitz, miracle ...)."""
    return message(f"alt.{alt}") if has_message(f"alt.{alt}") else alt


def _rules_section(menu: QMenu, it: "Interaction", item: CardItem) -> None:
    acts = [a for a in it.legal if a.obj == item.obj_id] or it.actions_for(item)
    groups: dict[tuple[Any, ...], list["Action"]] = {}
    for a in acts:
        if a.verb == "pass":
            continue
        groups.setdefault((a.verb, a.ability, a.face, a.alt, a.choice if a.ability == 0 else ()), []).append(a)
    for group in groups.values():
        _add(menu, rules_label(group[0], item.name), partial(it.choose_among, group, card_name(item.name), item.name))
    if groups:
        menu.addSeparator()


def _move_menu(menu: QMenu, it: "Interaction", items: list[CardItem], here: str) -> None:
    sub = menu.addMenu(tr("Move"))
    dests = [("hand", 0), ("battlefield", 0), ("graveyard", 0), ("exile", 0), ("library", 0), ("library", -1),
             ("command", 0)]

    def move(dest: str, pos: int) -> None:
        for i in items:
            it.act("move", i.obj_id, args=(dest, pos))
    for dest, pos in dests:
        if dest == here:
            continue
        key = f"viewer.to_{dest}" + ("_bottom" if pos == -1 else "")
        _add(sub, message(key), partial(move, dest, pos))
    sub.setEnabled(it.manual_allowed())


def card_menu(it: "Interaction", item: CardItem) -> QMenu:
    t = it.table
    menu = QMenu(t.as_widget())
    items = [i for i in t.selected() if i.zone == item.zone] or [item]
    if item not in items:
        items = [item]
    if item.zone in ("hand", "battlefield") and item.data.get("controller", item.data.get("owner")) in it.session.controls \
            or (item.zone == "hand" and item.mine):
        _rules_section(menu, it, item)
    manual = it.manual_allowed()
    _by_hand_section(menu, it, item)
    if item.zone == "battlefield":
        d = item.data
        _add(menu, message("menu.untap" if d.get("tapped") else "menu.tap"), lambda: commands.tap(t), manual)
        _add(menu, message("menu.face_up" if d.get("face_down") else "menu.face_down"), lambda: commands.turn_over(t), manual)
        _add(menu, message("menu.phase_in" if d.get("phased_out") else "menu.phase_out"), lambda: commands.phase_out(t),
             manual)
        sub = menu.addMenu(tr("Counters"))
        for kind in COUNTER_KINDS:
            _add(sub, message(f"counter.add.{kind}"), partial(commands.counter, t, kind, 1, items))
            _add(sub, message(f"counter.remove.{kind}"), partial(commands.counter, t, kind, -1, items),
                 any((i.data.get("counters") or {}).get(kind) for i in items))
        sub.addSeparator()
        _add(sub, tr("Other counter…"), lambda: commands.custom_counter(t, items))
        sub.setEnabled(manual)
        _add(menu, tr("Set power/toughness…"), lambda: commands.set_pt(t), manual and d.get("power") is not None)
        _add(menu, tr("Note…"), lambda: commands.note(t, items), manual)
        _add(menu, tr("Attach to…"), lambda: commands.attach(t, item), manual)
        if d.get("attached_to") is not None:
            _add(menu, tr("Unattach"), lambda: it.act("detach", item.obj_id), manual)
        _add(menu, tr("Draw an arrow…"), lambda: it.start_arrow(item), manual)
        mine = [a for a in it.obs.get("arrows") or [] if a["from"] == item.obj_id and a["player"] == it.session.seat]
        for a in mine:  # (each of your arrows from it, by where it points)
            _add(menu, tr("Remove the arrow to {name}", name=_arrow_head(it, a)), partial(it.arrow_clicked, a), manual)
        menu.addSeparator()
    if item.zone == "hand" and item.mine:
        _add(menu, tr("Reveal"), lambda: [it.act("reveal", i.obj_id) for i in items], manual)
        _add(menu, tr("Put onto the battlefield face down"), lambda: _face_down_onto_battlefield(it, items), manual)
    if item.zone == "scheme" and item.obj_id is not None and item.data.get("owner") in it.session.controls:
        # CR 701.26a (abandon an ongoing scheme), 704.6e (a scheme done: by hand at a tabletop)
        _add(menu, tr("Put it on the bottom of your scheme deck"), lambda: it.act("abandon", item.obj_id), manual)
    if item.zone in ("hand", "battlefield", "stack") and item.obj_id is not None:
        _move_menu(menu, it, items, item.zone)
    return menu


def _by_hand_section(menu: QMenu, it: "Interaction", item: CardItem) -> None:
    """A card whose text the engine does not implement ("played by hand") gets its own
    section on top: in rules mode why it can't be played, in hybrid and tabletop the moves
    that play it by hand (each one logged like every table move)."""
    d = item.data
    if d.get("implemented") is not False or d.get("face_down") or not item.mine or item.obj_id is None:
        return
    if item.zone not in ("hand", "battlefield", "stack"):
        return
    name = card_name(item.name)
    head = menu.addAction(tr("{card}: played by hand", card=name))
    head.setEnabled(False)
    if not it.manual_allowed():
        note = menu.addAction(tr("The rules engine does not know this card's text. Play it in hybrid mode."))
        note.setEnabled(False)
        menu.addSeparator()
        return
    oid = item.obj_id

    def move(zone: str) -> None:
        it.act("move", oid, args=(zone, 0))

    if item.zone == "hand":
        casts = [a for a in it.actions_for(item) if a.verb in ("cast", "play")]
        _add(menu, tr("Cast it for its cost (then carry out its text by hand)"), lambda: it.choose_among(casts, name, item.name), bool(casts))
        _add(menu, tr("Put it onto the battlefield"), lambda: move("battlefield"))
        _add(menu, tr("Put it into your graveyard (its effect done by hand)"), lambda: move("graveyard"))
    elif item.zone == "stack":
        _add(menu, tr("Resolved by hand: put it into the graveyard"), lambda: move("graveyard"))
        _add(menu, tr("Put it onto the battlefield"), lambda: move("battlefield"))
    else:
        _add(menu, tr("Put counters on it…"), lambda: commands.custom_counter(it.table, [item]))
        _add(menu, tr("Sacrifice it"), lambda: move("graveyard"))
        _add(menu, tr("Exile it"), lambda: move("exile"))
        _add(menu, tr("Return it to your hand"), lambda: move("hand"))
    menu.addSeparator()


def _face_down_onto_battlefield(it: "Interaction", items: list[CardItem]) -> None:
    """Put cards onto the battlefield face down (manifest, morph by hand) in one move each: a
    move and then a turn-over showed the card face up to everyone in between, and at a LAN
    table (whose events come later) never turned it over at all."""
    for old in [i.obj_id for i in items]:  # (read first: the table may show the moved card by the same item)
        if not it.act("move", old, args=("battlefield", 0, "face down")):
            return


def pile_menu(it: "Interaction", pile: PileItem) -> QMenu:
    t = it.table
    menu = QMenu(t.as_widget())
    mine = pile.owner in it.session.controls
    manual = it.manual_allowed()
    _pile_rules_section(menu, it, pile)
    if pile.kind == "library":
        _add(menu, tr("Draw a card"), lambda: commands.draw(t), mine)
        _add(menu, tr("Draw cards…"), lambda: commands.draw_n(t), mine)
        _add(menu, tr("Mill a card"), lambda: commands.mill(t), mine and manual)
        _add(menu, tr("Shuffle library"), lambda: commands.shuffle(t), mine and manual)
        _add(menu, tr("View library"), lambda: commands.view_library(t), mine and manual)
    elif pile.kind == "schemes":
        # the scheme deck is never looked at (CR 904.3); by hand (a tabletop game sets none in
        # motion itself, CR 904.6) its top scheme is set in motion (CR 701.25a)
        _add(menu, tr("Set the top scheme in motion"), lambda: it.act("set in motion", player=pile.owner),
             mine and manual)
    else:
        _add(menu, tr("Look at the cards"), lambda: t.open_zone_viewer(pile.kind, pile.owner))
    return menu


def _pile_rules_section(menu: QMenu, it: "Interaction", pile: PileItem) -> None:
    """What the rules let you do now with a card of this pile (escape, flashback, casting
    the top card of the library), one entry per card and way, on top of the menu."""
    groups: dict[tuple[Any, ...], list["Action"]] = {}
    for a in zone_actions(it, pile.kind, pile.owner):
        groups.setdefault((a.obj, a.verb, a.ability, a.face, a.alt), []).append(a)
    for group in groups.values():
        name = name_of(it, pile.kind, pile.owner, group[0])
        _add(menu, rules_label(group[0], name), partial(offer, it, pile.kind, pile.owner, group))
    if groups:
        menu.addSeparator()


def panel_menu(it: "Interaction", panel: PlayerPanel) -> QMenu:
    t = it.table
    menu = QMenu(t.as_widget())
    p = panel.index
    manual = it.manual_allowed()
    for delta in (1, -1, 5, -5):
        _add(menu, tr("Life {delta}", delta=format(delta, "+d")), partial(commands.life, t, p, delta), manual)
    _add(menu, tr("Set life total…"), lambda: commands.set_life(t, p), manual)
    menu.addSeparator()
    _add(menu, tr("Poison counters {delta}", delta="+1"), lambda: commands.poison(t, p, 1), manual)
    _add(menu, tr("Poison counters {delta}", delta="-1"), lambda: commands.poison(t, p, -1), manual)
    _stand_in_entry(menu, t, p)
    return menu


def _stand_in_entry(menu: QMenu, table: Any, seat: int) -> None:
    """On the host's table, for a player who lost the connection: let the computer play for
    them until they rejoin, instead of waiting up to five minutes (engine/net/room.py stand_in)."""
    session = getattr(table, "session", None)
    server = getattr(getattr(session, "worker", None), "server", None)
    if session is None or server is None or seat not in getattr(session, "away", ()):
        return
    names = session.player_names
    name = names[seat] if seat < len(names) else str(seat + 1)
    menu.addSeparator()
    _add(menu, tr("Let the computer play for {name} until they are back", name=name),
         lambda: session.worker.stand_in(seat))


def zone_menu(it: "Interaction", zone: ZoneItem) -> QMenu:
    t = it.table
    menu = QMenu(t.as_widget())
    manual = it.manual_allowed()
    if zone.kind == "battlefield":
        _add(menu, tr("Untap all"), lambda: commands.untap_all(t), manual)
        _add(menu, tr("Create a token…"), lambda: commands.token(t), manual)
        _add(menu, tr("Arrange cards"), lambda: _arrange(it))
        mine = any(a["player"] == it.session.seat for a in it.obs.get("arrows") or [])
        _add(menu, tr("Remove your arrows"), lambda: it.act("clear arrows"), manual and mine)
    _add(menu, tr("Roll a die…"), lambda: commands.roll(t), manual)
    _add(menu, tr("Flip a coin"), lambda: commands.coin(t), manual)
    return menu


def _arrow_head(it: "Interaction", arrow: dict[str, Any]) -> str:
    """What an arrow points to, as the menu names it: a card's name or a player's."""
    kind, val = arrow["to"]
    if kind == "p":
        names = it.session.player_names
        return names[val] if val < len(names) else str(val + 1)
    head = it.scene.cards.get(val)
    return card_name(head.name if head is not None else None)


def _arrange(it: "Interaction") -> None:
    it.scene.order.clear()
    it.scene.relayout()
    it.scene.update_arrows()


def show_context_menu(it: "Interaction", target: Any, screen_pos: Any) -> None:
    if isinstance(target, CardItem):
        menu = card_menu(it, target)
    elif isinstance(target, PileItem):
        menu = pile_menu(it, target)
    elif isinstance(target, PlayerPanel):
        menu = panel_menu(it, target)
    elif isinstance(target, ZoneItem):
        menu = zone_menu(it, target)
    else:
        return
    if not menu.isEmpty():
        menu.popup(screen_pos)
