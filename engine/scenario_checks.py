"""The checks of a scenario's [expect] table and `check = {...}` steps (SCENARIOS.md)."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from engine.cards.behaviour import printed
from engine.cards.keywords import EVERGREEN, OTHER
from engine.messages import sentence
from engine.rules import sba
from engine.state import CARD_KINDS, ZONES
from engine.view import observe
from engine.cards.sets import token_data, tokens
from engine.rules import commander
from engine.rules.teams import team_life
from engine.rules.schemes import ongoing_names

if TYPE_CHECKING:
    from engine.game import Game

PLAYER_ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "command", "stack")
REF_KEYS = {"zone", "controller", "tapped", "face_down", "phased_out", "pt", "counters", "damage", "level",
            "types", "subtypes", "has", "lacks", "unlocked", "attached_to", "seen_by", "colors"}


class ScenarioError(Exception):
    """A scenario failed: the message says where and why (English, for the scenario's author).
    The file's own problems (cannot be read, too large, not text) also carry a message `key`
    and its `params` (engine/messages/files.py scenario.*), for the table to say in the user's
    language."""

    def __init__(self, message: str, key: str = "", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


def _fail(key: str, expected: Any, actual: Any) -> None:
    raise ScenarioError(f"{key}: expected {expected!r}, got {actual!r}")


def _err(msg: str) -> None:
    raise ScenarioError(msg)


def _known_name(g: "Game", name: str) -> None:

    # a token by its definition ("Insect 2/1") or by the name it has ("Spirit", an X/X)
    if printed(name) is None and name not in tokens() and all(token_data(t)["name"] != name for t in tokens()):
        _err(f"unknown card name {name!r}")


def _zone_names(g: "Game", p: int, zone: str) -> list[str]:
    st = g.st
    if zone == "battlefield":
        ids = [o for o in st.battlefield if st.objects[o].controller == p]
    elif zone == "stack":
        ids = [o for o in st.stack if st.objects[o].controller == p]
    else:
        ids = getattr(st.players[p], zone)
    return [st.objects[o].name for o in ids]


def find_ref(g: "Game", ref: str) -> int:
    st = g.st
    if ref.startswith("@"):
        card = g.aliases.get(ref[1:])
        if card is None:
            _err(f"unknown alias {ref}")
        for oid, o in st.objects.items():
            if o.card == card and o.kind in CARD_KINDS:
                return oid
        _err(f"{ref} no longer exists (a token that left the battlefield?)")
    name, hash_, k = ref.partition("#")
    _known_name(g, name)
    same = [o for o in st.battlefield if st.objects[o].name == name]
    if hash_:  # NAME#K: the K-th such permanent by timestamp, as in actions
        same.sort(key=lambda o: st.objects[o].timestamp)
        if not k.isdigit() or not 1 <= int(k) <= len(same):
            _err(f"there is no {ref!r}: {len(same)} {name!r} on the battlefield")
        return same[int(k) - 1]
    if len(same) != 1:
        _err(f"{ref!r} is {'ambiguous' if same else 'not'} on the battlefield; use an @alias")
    return same[0]


def winner_name(g: "Game") -> str | None:
    """The winner's name, or None (no winner yet, or a draw). Reads a dict outcome or a typed
    one (`winner` as a seat index or a name)."""
    out: Any = g.outcome
    if out is None:
        return None
    w = out.get("winner") if isinstance(out, dict) else getattr(out, "winner", None)
    if isinstance(w, int) and not isinstance(w, bool) and 0 <= w < len(g.st.players):
        return g.pname(w)
    return w if isinstance(w, str) else None


def _ref_value(g: "Game", oid: int, attr: str) -> Any:
    o = g.st.objects[oid]
    on_bf = o.zone == "battlefield"
    c = g.chars(oid) if on_bf else None
    if attr == "zone":
        return o.zone
    if attr == "controller":
        return g.pname(o.controller)
    if attr in ("tapped", "face_down", "phased_out", "damage"):
        return getattr(o, attr)
    if attr == "pt":
        cc = g.chars(oid)
        return f"{cc.power}/{cc.toughness}"
    if attr == "counters":
        return {k: v for k, v in o.counters.items() if v}
    if attr == "level":
        return o.counters.get("level", 0)
    if attr == "colors":  # its colours now, in any zone (CR 105.2, 202.2), as letters W U B R G
        return [c for c in "WUBRG" if c in g.chars(oid).colors]
    if attr == "types":
        cc = c or g.chars(oid)
        return sorted(cc.types)
    if attr == "subtypes":
        return list((c or g.chars(oid)).subtypes)
    if attr in ("has", "lacks"):
        return sorted((c or g.chars(oid)).keywords)
    if attr == "unlocked":
        return list(o.unlocked)
    if attr == "attached_to":
        return o.attached_to
    if attr == "seen_by":
        return seen_by(g, oid)
    raise AssertionError(attr)


def seen_by(g: "Game", oid: int) -> list[str]:
    """The players whose observation (engine/view.py, the one path by which hidden information
    leaves the engine) shows this object's face: its name, not only that it is there."""

    def shows(x: Any) -> bool:
        if isinstance(x, dict):
            if x.get("id") == oid and x.get("name"):
                return True
            return any(shows(v) for v in x.values())
        if isinstance(x, list):
            return any(shows(v) for v in x)
        return False
    data = {p.index: observe(g, p.index).to_json(copy=False) for p in g.st.players}
    o = g.st.objects.get(oid)
    # the top card of a library a player may look at (Verge Rangers, CR 401.2) is shown by its
    # face only (its id stays hidden, engine/view.py): it is the object if it is on top now
    top_owner = o.owner if o is not None and o.zone == "library" and g.st.players[o.owner].library[:1] == [oid] else None

    def shows_top(view: dict[str, Any]) -> bool:
        if top_owner is None or o is None:
            return False
        pvs = [pv for pv in view.get("players", ()) if isinstance(pv, dict) and pv.get("index", -1) == top_owner]
        return any((pv.get("library_top") or {}).get("name") == o.name for pv in pvs)
    return [p.name for p in g.st.players
            if shows({k: data[p.index][k] for k in ("battlefield", "stack", "players")}) or shows_top(data[p.index])]


def _names(key: str, expected: Any) -> list[str]:
    if not isinstance(expected, list) or not all(isinstance(n, str) for n in expected):
        _err(f"{key}: expected a list of card names, not {str(expected)[:80]!r}")
    return list(expected)


def _stack_name(g: "Game", oid: int) -> str:
    """A spell's name on the stack is its characteristic: a Room spell is named after the
    door cast (CR 709.3), a copy of one too; an ability is named after its source."""
    obj = g.st.objects[oid]
    return g.chars(oid).name if obj.kind in CARD_KINDS and " // " in obj.name else obj.name


def _damage_text(e: dict[str, Any]) -> str:
    """A damage event as the `damage` check writes it: "SOURCE (COLORS) -> WHAT: N", COLORS
    the source's colours as it dealt the damage in WUBRG letters, "colorless", or "?" when the
    engine did not know them (engine/rules/damage.py source_colors)."""
    colors = e.get("source_colors")
    shown = "?" if colors is None else (colors or "colorless")
    what = e.get("player") if e.get("player") is not None else e.get("card") or "a face-down permanent"
    return f"{e.get('source')} ({shown}) -> {what}: {e.get('amount')}"


def check_one(g: "Game", key: str, expected: Any) -> None:
    st = g.st
    names = [p.name for p in st.players]
    parts = key.split(".")
    if key == "stack":
        actual = [_stack_name(g, o) for o in reversed(st.stack)]
        return None if actual == _names(key, expected) else _fail(key, expected, actual)
    if key == "stack.count":
        return None if len(st.stack) == expected else _fail(key, expected, len(st.stack))
    if key == "revealed":  # the cards shown to all players so far: the public log's reveal events
        actual = [str(e.get("card")) for e in g.events if e.get("key") == "reveal"]
        return None if actual == _names(key, expected) else _fail(key, expected, actual)
    if key == "votes":  # the votes cast so far, in order, as the public log shows them (CR 701.38a)
        actual = [f"{e.get('player')}: {e.get('choice')}" for e in g.events if e.get("key") == "vote"]
        return None if actual == _names(key, expected) else _fail(key, expected, actual)
    if key == "choices":  # the answers announced to all players so far ("Bob chooses yes."), in order
        actual = [f"{e.get('player')}: {e.get('choice')}" for e in g.events if e.get("key") == "choose"]
        return None if actual == _names(key, expected) else _fail(key, expected, actual)
    if key == "rolls":  # the dice rolled so far, in order, as the public log shows them (CR 706)
        actual = [f"d{e.get('sides')}: {e.get('result')}" for e in g.events if e.get("key") == "roll"]
        return None if actual == _names(key, expected) else _fail(key, expected, actual)
    if key == "damage":  # the damage dealt so far, in order, with its source's colours then (CR 120, 105.2)
        actual = [_damage_text(e) for e in g.events if e.get("key") == "damage"]
        return None if actual == _names(key, expected) else _fail(key, expected, actual)
    if key == "pending":
        return _pending(g, key, expected)
    if key == "game.over":
        return None if (g.outcome is not None) == expected else _fail(key, expected, g.outcome is not None)
    if key == "game.draw":  # the game is over and nobody won (CR 104.4a)
        drawn = g.outcome is not None and winner_name(g) is None
        return None if drawn == expected else _fail(key, expected, drawn)
    if key == "game.winner":
        winner = winner_name(g)
        out = g.outcome  # in a game of teams the winning team's name also names the winner (CR 904.2)
        team = out.get("team") if isinstance(out, dict) else getattr(out, "team", None)
        return None if expected in (winner, team) and (winner is not None or expected is None) \
            else _fail(key, expected, winner)
    if parts[0] == "team" and len(parts) == 3 and parts[2] == "life":
        actual_team = team_life(g, parts[1])
        if actual_team is None:
            _err(f"{key}: no player is on team {parts[1]!r}")
        return None if actual_team == expected else _fail(key, expected, actual_team)
    if key == "turn":
        return None if st.turn == expected else _fail(key, expected, st.turn)
    if key == "step":
        return None if st.step == expected else _fail(key, expected, st.step)
    if key == "active":
        return None if g.pname(st.active) == expected else _fail(key, expected, g.pname(st.active))
    if parts[0] in names:
        p = names.index(parts[0])
        if len(parts) == 2 and parts[1] in ("life", "poison", "mulligans"):
            actual = getattr(st.players[p], parts[1])
            return None if actual == expected else _fail(key, expected, actual)
        if len(parts) == 2 and parts[1] in ("commander_damage", "commander_tax"):
            return _commander_check(g, p, key, parts[1], expected)
        if key.endswith(".schemes.count") and len(parts) == 3:  # the scheme deck's size (CR 904.3)
            n = len(st.players[p].schemes)
            return None if n == expected else _fail(key, expected, n)
        if len(parts) == 2 and parts[1] == "ongoing":  # face-up ongoing schemes (CR 314.6)
            got = ongoing_names(g, p)
            return None if Counter(got) == Counter(_names(key, expected)) else _fail(key, expected, got)
        if len(parts) >= 2 and parts[1] in PLAYER_ZONES:
            actual_names = _zone_names(g, p, parts[1])
            if len(parts) == 3 and parts[2] == "count":
                return None if len(actual_names) == expected else _fail(key, expected, len(actual_names))
            if len(parts) == 2:
                expected = _names(key, expected)
                for n in expected:
                    _known_name(g, n)
                if parts[1] == "library":
                    return None if actual_names == list(expected) else _fail(key, expected, actual_names)
                if Counter(actual_names) != Counter(expected):
                    _fail(key, sorted(expected), sorted(actual_names))
                return None
        _err(f"unknown check key {key!r}")
    attr = parts[-1]
    ref = ".".join(parts[:-1])
    if attr not in REF_KEYS or not ref:
        _err(f"unknown check key {key!r}")
    if attr in ("has", "lacks", "types", "subtypes", "unlocked", "seen_by", "colors"):
        expected = _names(key, expected)
    if attr in ("has", "lacks"):
        if not expected:
            _err(f"{key}: an empty list checks nothing")
        for word in expected:
            _keyword(key, word)
    if attr == "colors":
        if any(c not in "WUBRG" or len(c) != 1 for c in expected):
            _err(f"{key}: colors are written as letters W, U, B, R, G")
        expected = [c for c in "WUBRG" if c in expected]
    if attr == "counters" and isinstance(expected, dict):
        expected = {k: v for k, v in expected.items() if v}  # kinds named with 0 = absent (docs/scenarios.md)
    oid = find_ref(g, ref)
    actual = _ref_value(g, oid, attr)
    if attr == "attached_to":
        if expected is not None and not isinstance(expected, str):
            _err(f"{key}: expected @alias or a card name")
        want: int | None = find_ref(g, expected) if expected else None
        if actual != want:
            _fail(key, expected, st.objects[actual].name if actual in st.objects else actual)
        return None
    if attr == "has":
        missing = [k for k in expected if k.lower() not in actual]
        return None if not missing else _fail(key, expected, actual)
    if attr == "lacks":
        present = [k for k in expected if k.lower() in actual]
        return None if not present else _fail(key, expected, actual)
    if attr == "types":
        return None if sorted(actual) == sorted(expected) else _fail(key, expected, actual)
    if attr == "zone" and expected not in ZONES:
        _err(f"{key}: {expected!r} is not a zone")
    if actual != expected:
        _fail(key, expected, actual)
    return None


def _commander_check(g: "Game", p: int, key: str, what: str, expected: Any) -> None:
    """`PLAYER.commander_damage`: the combat damage this player was dealt by each commander, by
    the commander's name (those with none left out, CR 903.10a); `PLAYER.commander_tax`: the
    generic mana casting the player's commander from the command zone costs more now (CR 903.8)."""

    st = g.st
    pl = st.players[p]
    if what == "commander_tax":
        if len(pl.commanders) != 1:
            _err(f"{key}: {pl.name} has {len(pl.commanders)} commanders, not one")
        actual_tax = commander.TAX_PER_CAST * pl.commander_casts.get(next(iter(pl.commanders)), 0)
        return None if actual_tax == expected else _fail(key, expected, actual_tax)
    if not isinstance(expected, dict):
        _err(f"{key}: expected a table of commander names and damage")
    named = {card: name for q in st.players for card, name in q.commanders.items()}
    actual: dict[str, int] = {}
    for card, n in pl.commander_damage.items():
        if n:
            actual[named.get(card, card)] = actual.get(named.get(card, card), 0) + n
    return None if actual == expected else _fail(key, expected, actual)


def _keyword(key: str, word: str) -> None:
    """A keyword in `has`/`lacks` must be one the engine knows: a misspelt one would make
    `lacks` pass whatever the object has."""
    w = word.lower()
    if w not in EVERGREEN and w not in OTHER and not (w == "ward" or w.startswith("ward ")):
        _err(f"{key}: {word!r} is not a keyword ability the engine knows")


def _pending(g: "Game", key: str, expected: Any) -> None:
    """`pending = "PLAYER: KIND"`: the open decision, by whom and of which kind (a kind of
    `Game.pending`: priority, targets, ask, attackers, blockers, assign, order_triggers,
    discard, bottom, mulligan)."""
    if not isinstance(expected, str) or ":" not in expected:
        _err(f'{key}: write pending = "PLAYER: KIND"')
    who, _, kind = (x.strip() for x in expected.partition(":"))
    if who not in [p.name for p in g.st.players]:
        _err(f"{key}: unknown player {who!r}")
    d = g.pending
    actual = f"{g.pname(d.player)}: {d.kind}" if d is not None else "nobody (the game is over)"
    if actual != f"{who}: {kind}":
        _fail(key, expected, actual)


def settled(g: "Game", table: dict[str, Any]) -> None:
    """SCENARIOS.md "A scenario cannot pass by accident": checks read a point the game really
    reaches. A decision other than priority still open must be named (`pending`). Where a
    player has priority, state-based actions were performed and the triggers they caused
    put on the stack (CR 117.5, 704.3) — the engine does that before it gives priority, also
    after the setup; a position where it did not is an engine error, never silently checked."""
    d = g.pending
    if d is None:
        return
    if d.kind != "priority":
        if "pending" not in table:
            who = g.pname(d.player)
            options = ", ".join(d.options[:12]) + (" ..." if len(d.options) > 12 else "")
            _err(f"{who} still faces a decision ({d.kind}: {d.prompt}{'; options: ' + options if options else ''}):"
                 f' answer it, or name it with pending = "{who}: {d.kind}"')
        return
    if g.mode == "tabletop":  # (the players perform state-based actions themselves there)
        return
    due = _due(g)
    if due:
        _err(f"{g.pname(d.player)} has priority, but the engine left this undone (CR 704.3, 117.5): {due}")


def _due(g: "Game") -> str:
    """What a state-based action check and the waiting triggers would still do here (on a
    copy of the game: the game itself is not changed)."""
    if g.st.waiting:
        return "triggered abilities waiting to be put on the stack"
    copy = g.clone()
    n = len(copy.events)
    done, did = copy.attempt(lambda: sba.check(copy))
    if not done:
        return "a state-based action that needs a choice"
    if did or copy.st.waiting:
        shown = "; ".join(sentence(e) for e in copy.events[n:])
        return f"state-based actions ({shown or 'no event'})"
    return ""


def check_all(g: "Game", table: dict[str, Any]) -> None:
    if not isinstance(table, dict):
        _err("a check is a table of KEY = VALUE")
    for key, expected in table.items():
        check_one(g, key, expected)
