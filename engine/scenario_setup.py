"""Build a game position from a scenario's [setup] table (SCENARIOS.md)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.config import MAX_COMMANDERS
from engine.rules import commander, hooks, teams, zones
from engine.rules.index import CARDS
from engine.rules.mulligan import mulligan_round
from engine.rules.turn import STEPS
from engine.rules import schemes as sch

if TYPE_CHECKING:
    from engine.rules.context import Context

ZONE_KEYS = ("library", "hand", "battlefield", "graveyard", "exile", "command")
#: Commander (SCENARIOS.md "Formats"): the player's commanders, their earlier casts from the
#: command zone, the combat damage already taken from each commander
COMMANDER_KEYS = {"commander", "commander_casts", "commander_damage"}
#: Archenemy (SCENARIOS.md "Formats"): the scheme deck (top first), the face-up ongoing schemes,
#: the player's team
SCHEME_KEYS = {"schemes", "ongoing", "team"}
PLAYER_KEYS = {"life", "poison", "lands_played", *ZONE_KEYS, *COMMANDER_KEYS, *SCHEME_KEYS}
_ENTRY = re.compile(r"^\s*(?P<name>[^@|]+?)\s*(?:@(?P<alias>[\w-]+))?\s*(?:\|(?P<mods>.*))?$")


class SetupError(ValueError):
    pass


def parse_entry(text: str) -> tuple[str, str | None, list[str]]:
    m = _ENTRY.match(text)
    if not m:
        raise SetupError(f"Cannot read the card entry {text!r}.")
    mods = [x.strip() for x in (m.group("mods") or "").split("|") if x.strip()]
    return m.group("name").strip(), m.group("alias"), mods


def build_position(g: "Context", setup: dict[str, Any]) -> None:
    st = g.st
    names = [p.name for p in st.players]
    g.aliases = {}
    pending_attach: list[tuple[int, str]] = []
    for key in setup:
        if key not in ("players", "active", "turn", "step", "mode", "seed", "start", "format") and key not in names:
            raise SetupError(f"Unknown key [setup].{key}.")
    active = setup.get("active", names[0])
    if active not in names:
        raise SetupError(f"active = {active!r} is not a player.")
    st.active = st.priority = st.first_player = names.index(active)
    st.turn = _int(setup, "turn", 1, "")
    if st.turn < 1:
        raise SetupError("turn must be 1 or more.")
    step = setup.get("step", "main1")
    if step not in STEPS:
        raise SetupError(f"Unknown step {step!r}; steps are {', '.join(STEPS)}.")
    st.step = step
    for i, pname in enumerate(names):
        table = setup.get(pname, {})
        if not isinstance(table, dict):
            raise SetupError(f"[setup.{pname}] must be a table.")
        for key in table:
            if key not in PLAYER_KEYS:
                raise SetupError(f"Unknown key [setup.{pname}].{key}.")
        p = st.players[i]
        p.life = _int(table, "life", p.life, pname)
        p.poison = _int(table, "poison", 0, pname)
        p.lands_played = _int(table, "lands_played", 0, pname)
        p.kept = True
        for zone in ZONE_KEYS:
            entries = table.get(zone, [])
            if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
                raise SetupError(f"[setup.{pname}].{zone} must be a list of card names.")
            for entry in entries:
                name, alias, mods = parse_entry(entry)
                if CARDS.printed(name) is None:
                    raise SetupError(f"Unknown card {name!r} in [setup.{pname}].{zone}.")
                owner = i
                for m in mods:
                    if m.startswith("owner="):
                        who = m.split("=", 1)[1]
                        if who not in names:
                            raise SetupError(f"owner={who} is not a player.")
                        owner = names.index(who)
                obj = zones.new_object(g, name, owner, zone)
                obj.controller = i
                if alias:
                    if alias in g.aliases:
                        raise SetupError(f"The alias @{alias} is used twice.")
                    g.aliases[alias] = obj.card
                if zone == "battlefield":
                    st.battlefield.append(obj.id)
                else:
                    getattr(st.players[owner], zone).append(obj.id)
                for m in mods:
                    _modifier(g, obj, m, zone, pending_attach)
                g.bf_changed()  # (on the battlefield, phased out: GameBase.bf_kept)
    _commanders(g, setup, names)
    _schemes(g, setup, names)
    for oid, target in pending_attach:
        card = g.aliases.get(target.lstrip("@"))
        host = next((o for o in st.battlefield if st.objects[o].card == card), None)
        if host is None:
            raise SetupError(f"attached={target}: no such permanent.")
        st.objects[oid].attached_to = host
    st.queue = []
    start = setup.get("start")
    if start is not None:
        if start != "mulligan":
            raise SetupError(f"start = {start!r}: the only start is \"mulligan\".")
        _start_with_mulligans(g)
    g.touch()


def _schemes(g: "Context", setup: dict[str, Any], names: list[str]) -> None:
    """`schemes = [...]` (the scheme deck, top first, CR 904.3), `ongoing = [...]` (face-up
    ongoing schemes in the command zone, CR 314.6), `team = "NAME"` (CR 904.2). In Archenemy
    Commander a team's members share the life total the first of them sets (or the format's)."""
    st = g.st
    for i, pname in enumerate(names):
        table = setup.get(pname, {})
        deck, ongoing, team = table.get("schemes", []), table.get("ongoing", []), table.get("team", "")
        if (deck or ongoing) and not sch.in_format(g):
            raise SetupError(f"schemes need a format with schemes, not {g.config.format!r}.")
        for key, value in (("schemes", deck), ("ongoing", ongoing)):
            if not isinstance(value, list) or not all(isinstance(n, str) and sch.is_scheme(n) for n in value):
                raise SetupError(f"[setup.{pname}].{key} must be a list of scheme names.")
        if any(not sch.is_ongoing(n) for n in ongoing):
            raise SetupError(f"[setup.{pname}].ongoing: only ongoing schemes stay face up (CR 314.6).")
        if not isinstance(team, str):
            raise SetupError(f"[setup.{pname}].team must be a team name.")
        sch.build_deck(g, i, deck, shuffle=False)
        for name in ongoing:
            obj = zones.new_object(g, name, i, "command")
            st.players[i].command.append(obj.id)
        st.players[i].team = team
    if g.config.format in ("archenemy", "archenemy_commander") and not any(p.team for p in st.players):
        teams.assign(g, teams.archenemy_of(st, [setup.get(n, {}).get("schemes", []) for n in names]), set_life=False)
    if teams.shared_life(g):
        for p in st.players:
            first = next(q for q in st.players if q.team == p.team and (not p.team or "life" in setup.get(q.name, {}))
                         ) if any(q.team == p.team and "life" in setup.get(q.name, {}) for q in st.players) else p
            p.life = first.life


def _commanders(g: "Context", setup: dict[str, Any], names: list[str]) -> None:
    """`commander = ["Name"]` (a card of that player's, in any zone: CR 903.3), `commander_casts
    = N` (earlier casts from the command zone, CR 903.8), `commander_damage = { "Name" = N }`
    (combat damage already taken from that commander, CR 903.10a)."""
    st = g.st
    tables = [setup.get(n, {}) for n in names]
    if not any(COMMANDER_KEYS & set(t) for t in tables):
        return
    if not commander.in_format(g):
        raise SetupError(f"commanders need a format with commanders, not {g.config.format!r}.")
    for i, table in enumerate(tables):
        wanted = table.get("commander", [])
        if not isinstance(wanted, list) or not all(isinstance(n, str) for n in wanted) \
                or len(wanted) > MAX_COMMANDERS:
            raise SetupError(f"[setup.{names[i]}].commander must be a list of at most {MAX_COMMANDERS} card names.")
        for name in wanted:
            mine = [o for o in st.objects.values() if o.owner == i and o.name == name and o.kind == "card"
                    and not commander.is_commander(st, o)]
            if not mine:
                raise SetupError(f"[setup.{names[i]}].commander: {name!r} is in none of {names[i]}'s zones.")
            commander.designate(st, i, mine[0])
    for i, table in enumerate(tables):
        p = st.players[i]
        if "commander_casts" in table:
            casts = _int(table, "commander_casts", 0, names[i])
            if len(p.commanders) != 1 or casts < 0:
                raise SetupError(f"[setup.{names[i]}].commander_casts needs one commander and a count of 0 or more.")
            p.commander_casts = {card: casts for card in p.commanders}
        dealt = table.get("commander_damage", {})
        if not isinstance(dealt, dict):
            raise SetupError(f"[setup.{names[i]}].commander_damage must be a table of commander names.")
        for name in dealt:
            n = _int(dealt, name, 0, f"{names[i]}.commander_damage")
            cards = [card for q in st.players for card, c in q.commanders.items() if c == name]
            if len(cards) != 1:
                raise SetupError(f"[setup.{names[i]}].commander_damage: {name!r} is "
                                 f"{'the commander of several players' if cards else 'nobody’s commander'}.")
            p.commander_damage[cards[0]] = n


def _start_with_mulligans(g: "Context") -> None:
    """start = "mulligan": the hands as given are the opening hands; the players make their
    mulligan decisions in rounds (CR 103.5) before turn 1 begins with `active` starting."""
    st = g.st
    st.step = "untap"
    for p in st.players:
        p.kept = False
    seats = teams.starting_order(g, st.active)  # CR 103.5; team by team with shared turns (805.3a)
    st.queue = mulligan_round(seats) + [{"do": "begin"}]


def _int(table: dict[str, Any], key: str, default: int, where: str) -> int:
    """An integer setting within sane bounds (hostile files: no floats, no 10**100)."""
    v = table.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or abs(v) > 10**9:
        raise SetupError(f"[setup{'.' + where if where else ''}].{key} must be an integer (at most 10^9).")
    return v


def _modifier(g: "Context", obj: Any, m: str, zone: str, attach: list[tuple[int, str]]) -> None:
    if m == "tapped":
        obj.tapped = True
    elif m == "sick":
        obj.sick = True
    elif m == "face_down":
        obj.face_down = True
    elif m == "phased_out":
        obj.phased_out = True
    elif m.startswith("counter:"):
        kind, _, n = m[len("counter:"):].rpartition("=")
        if not kind or not n.lstrip("-").isdigit():
            raise SetupError(f"Cannot read {m!r}; write counter:KIND=N.")
        if len(n) > 6:
            raise SetupError(f"{m!r}: too many counters.")
        obj.counters[kind] = int(n)
    elif m.startswith("damage="):
        n = m.split("=", 1)[1]
        if not n.isdigit() or len(n) > 6:
            raise SetupError(f"Cannot read {m!r}; write damage=N.")
        obj.damage = int(n)
    elif m.startswith("attached="):
        attach.append((obj.id, m.split("=", 1)[1]))
    elif m.startswith("unlocked="):
        obj.unlocked.append(m.split("=", 1)[1])
    elif m.startswith("owner="):
        pass
    elif m == "impending":  # cast for its impending cost (CR 702.176a): not a creature while it has time counters
        d = CARDS.card_def(obj.name)
        if "impending" not in hooks.alternative_costs(d):
            raise SetupError(f"{obj.name} has no impending cost.")
        obj.alt = "impending"
    else:
        raise SetupError(f"Unknown modifier {m!r}.")
    if zone != "battlefield" and m in ("tapped", "sick", "phased_out", "impending"):
        raise SetupError(f"{m} applies only to permanents on the battlefield.")
