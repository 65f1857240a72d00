"""Canonical action text (SCENARIOS.md "Action text"): Action -> text."""
from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Iterable

from engine.action_candidates import (activate_cands, graveyard_activatable, hand_cands, own_battlefield, target_cands,
                                      visible_cands)
from engine.actions import Action, IllegalActionError
from engine.naming import named, permanents_named, public_name, ref, target_named
from engine.rules.index import CARDS

if TYPE_CHECKING:
    from engine.rules.context import Context


def _graveyard_same(g: "Context", name: str) -> tuple[int, list[int]]:
    """How many permanents, spells and abilities have this name, and the graveyard cards
    that have it (by timestamp)."""
    low = name.lower()
    objects = g.st.objects
    n = sum(1 for o in target_cands(g) if objects[o].name.lower() == low)
    gy = sorted((o for pl in g.st.players for o in pl.graveyard if objects[o].name.lower() == low),
                key=lambda o: objects[o].timestamp)
    return n, gy


def graveyard_target_text(g: "Context", oid: int) -> str:
    """How a card in a graveyard is named as a target (CR 115.1, "target card from a
    graveyard"): "Name" if nothing else has its name, else "Name#K" counted after the
    permanents, spells and abilities of that name (which keep their own numbers)."""
    name = g.st.objects[oid].name
    n, gy = _graveyard_same(g, name)
    if n == 0 and len(gy) == 1:
        return name
    return f"{name}#{n + gy.index(oid) + 1}"


def resolve_graveyard_target(g: "Context", text: str) -> int | None:
    """The graveyard card that `graveyard_target_text` names so, or None."""
    name, _, k = text.strip().partition("#")
    n, gy = _graveyard_same(g, name)
    if not gy:
        return None
    if not k:
        return gy[0] if n == 0 and len(gy) == 1 else None
    if k.isdigit() and n < int(k) <= n + len(gy):
        return gy[int(k) - n - 1]
    return None


def name_map(g: "Context", kind: str, p: int, extra: str = "") -> dict[int, str]:
    """How each candidate object of one kind ("hand", "own", "target", "visible", "attackers",
    "activate") is named by player p in this position: "Name", or "Name#K" when several
    share the name (K by timestamp, as naming.ref). Built once per position (g.memo is
    cleared by touch()), so naming the many listed actions costs a dict look-up each."""
    key = ("names", kind, p, extra, g.st.next_id, len(g.st.objects))
    got: dict[int, str] | None = g.memo.get(key)
    if got is not None:
        return got
    if kind == "hand":
        cands = hand_cands(g, p)
    elif kind == "own":
        got = g.memo[key] = permanents_named(g, p)
        return got
    elif kind == "target":
        got = g.memo[key] = target_named(g)
        return got
    elif kind == "graveyard":  # cards in graveyards as targets (CR 115.1), named among themselves
        cands = [o for pl in g.st.players for o in pl.graveyard]
    elif kind == "attackers":
        cands = [o for o in g.st.battlefield if g.st.objects[o].attacking is not None]
    elif kind == "activate":
        # usually the name is only on the battlefield (or only in hand): share that map
        low = extra.split("#")[0].strip().lower()
        # (the maps of p's permanents and hand and their lower-case names, once per position:
        # the listing asks for every name on p's battlefield)
        parts = g.memo.get(("lownames", p, key[4:]))
        if parts is None:
            own, inhand = name_map(g, "own", p), name_map(g, "hand", p)
            # (the permanents' names kept with their map — the same map: the same names — and
            # the hand's few made again: a card drawn does not read the battlefield's names)
            was = g.names_kept.get(("lownames", id(own)))
            if was is not None and was[0] is own:
                own_lows = was[1]
            else:
                own_lows = {public_name(g.st.objects[o]).lower() for o in own}
                g.names_kept[("lownames", id(own))] = (own, own_lows)
            lows = (own_lows, {g.st.objects[o].name.lower() for o in inhand})
            parts = g.memo[("lownames", p, key[4:])] = (own, inhand, lows)
        own, inhand, lows = parts
        if not low.startswith("@") and not (low in lows[0] and low in lows[1]) \
                and not graveyard_activatable(g, p, low):
            got = own if low in lows[0] else inhand
            g.memo[key] = got
            return got
        cands = activate_cands(g, p, extra)
    else:
        cands = visible_cands(g, p)
    got = g.memo[key] = named(g, cands)
    return got


def _ref(g: "Context", kind: str, p: int, oid: int | None, extra: str = "") -> str:
    if oid is None:
        return "?"
    got = name_map(g, kind, p, extra).get(oid)
    if got is not None:
        return got
    obj = g.st.objects.get(oid)
    if kind == "target" and obj is not None and obj.zone == "graveyard":
        return graveyard_target_text(g, oid)
    return public_name(obj) if obj is not None else f"?{oid}"


def ref_text(g: "Context", r: Iterable[Any]) -> str:
    kind, val = tuple(r)
    if kind == "n":  # an "up to one" target word left without a target (engine/rules/targets.py NONE)
        return "nothing"
    if kind == "p":
        return g.pname(int(val))
    obj = g.st.objects.get(int(val))
    if obj is not None and obj.zone == "graveyard":
        return graveyard_ref(g, int(val))
    return _ref(g, "target", 0, int(val))


GRAVEYARD = " (graveyard)"


def graveyard_ref(g: "Context", oid: int) -> str:
    """A card in a graveyard as a target (CR 115.1): its name when no other graveyard card and
    no permanent or spell has it; otherwise "Name (graveyard)" or "Name#K (graveyard)", K
    counted by timestamp among the graveyard cards of that name."""
    name = g.st.objects[oid].name
    numbered = name_map(g, "graveyard", 0)[oid]
    if numbered == name and name not in _target_card_names(g):
        return name
    return numbered + GRAVEYARD


def _target_card_names(g: "Context") -> set[str]:
    """The names of the permanents and the objects on the stack, once per position (every
    graveyard card named as a target asks)."""
    key = ("target_card_names", g.st.next_id, len(g.st.objects))
    got: set[str] | None = g.memo.get(key)
    if got is None:
        objects = g.st.objects
        got = g.memo[key] = {objects[o].name for o in target_cands(g)}
    return got


def fmt(g: "Context", a: Action) -> Action:
    """Return the action with its canonical text filled in."""
    return a._replace(text=text_of(g, a))


_new = tuple.__new__


_TEXT = attrgetter("text")  # (an action's text, read in C: every listed action is asked)


def with_texts(g: "Context", p: int, actions: list[Action]) -> list[Action]:
    """The listed actions with their canonical texts (exactly as text_of writes them), made
    in bulk: the hot path of legal_actions. A text is a head (verb and card, the same for
    every target) and the targets, each named once per call."""
    if all(map(_TEXT, actions)):  # (the priority listing writes its texts as it goes)
        return actions
    # (the name maps are made when first needed: a choice's texts name nothing, and the maps
    # of a crowded board cost more than the texts)
    hand: dict[int, str] | None = None
    tnames: dict[int, str] | None = None
    targets: dict[Any, str] | None = None
    heads: dict[Any, str] | None = None
    out = []
    for a in actions:
        if a.text:
            out.append(a)
            continue
        v = a.verb
        if v == "pass":
            text = "pass"
        elif v == "choose" or v == "pick":  # (as text_of writes them)
            text = (v + " " + ", ".join(a.choice)) if a.choice else "choose done" if v == "choose" else "pick "
        elif v in ("cast", "activate") and not (a.x or a.pay):
            if heads is None:  # (names are the same all through a position)
                heads = g.memo.setdefault(("text_heads", p), {})
            key = (v, a.obj, a.ability, a.choice, a.face, a.alt, a.modes)
            head = heads.get(key)
            if head is None:
                if v == "cast" and not (a.face or a.alt or a.modes or a.choice):
                    if hand is None:
                        hand = name_map(g, "hand", p)
                    named_ = hand.get(a.obj) if a.obj is not None else None
                    head = "cast " + named_ if named_ is not None else text_of(
                        g, _new(Action, (*a[:3], (), *a[4:13], "")))
                else:
                    head = text_of(g, _new(Action, (*a[:3], (), *a[4:13], "")))
                heads[key] = head
            text = head
            if a.targets:
                if targets is None or tnames is None:
                    tnames = name_map(g, "target", 0)
                    targets = {("p", q.index): q.name for q in g.st.players}
                parts = []
                for t in a.targets:
                    got = targets.get(t)
                    if got is None:
                        got = targets[t] = tnames.get(t[1]) or ref_text(g, t)
                    parts.append(got)
                text += " -> " + ", ".join(parts)
        else:
            text = text_of(g, a)
        out.append(_new(Action, (*a[:13], text)))
    return out


def _named_objects(a: Action) -> list[Any]:
    """The object ids an action names: its card, its targets, its attack or block pairs, the
    sources it pays with."""
    out: list[Any] = [] if a.obj is None else [a.obj]
    out += [t[1] for t in a.targets if t[0] == "o"]
    for first, second in a.pairs:  # (attack: a player or a planeswalker; block: ("o", attacker))
        out.append(first)
        if second[0] == "o":
            out.append(second[1])
    return out + list(a.pay)


def text_of(g: "Context", a: Action) -> str:
    """The action's canonical text (SCENARIOS.md "Action text"). An action naming an object
    that is not there (it left the game or moved: a new object, CR 400.7; or, for a LAN client,
    one its observation does not show) has no text: refused as "ref.unknown_object", the
    refusal every caller already says in words ("There is no such object ..."), never a
    KeyError and never a made-up name."""
    objects = g.st.objects
    if (a.obj is not None and a.obj not in objects) or ((a.targets or a.pairs or a.pay) and any(
            o not in objects for o in _named_objects(a))):
        raise IllegalActionError("ref.unknown_object")
    p = a.player
    v = a.verb
    if v in ("pass", "keep", "mulligan", "concede", "untap all", "shuffle", "flip coin", "next step", "next turn",
             "set in motion"):
        return v
    if v == "choose":
        return "choose " + ", ".join(a.choice) if a.choice else "choose done"
    if v == "pick":
        return "pick " + ", ".join(a.choice)
    if v == "play":
        return "play " + _ref(g, "hand", p, a.obj)
    tail = ""
    if a.x is not None and a.x:
        tail += f" x={a.x}"
    if a.modes:
        tail += " mode=" + ",".join(str(m) for m in a.modes)
    if v == "cast" and a.choice:  # the Phyrexian symbols paid with life (CR 107.4f)
        tail += " life=" + "".join(a.choice)
    if a.targets:
        tail += " -> " + ", ".join(ref_text(g, t) for t in a.targets)
    if a.pay:
        tail += " pay " + ", ".join(_ref(g, "own", p, o) for o in a.pay)
    if v == "target":
        return "target " + ", ".join(ref_text(g, t) for t in a.targets)
    if v == "cast":
        head = "cast " + _ref(g, "hand", p, a.obj)
        if a.face:
            head += ": " + a.face
        if a.alt:
            head += " with " + a.alt
        return head + tail
    if v == "activate":
        obj = g.st.objects[a.obj]  # type: ignore[index]
        head = "activate " + _ref(g, "activate", p, a.obj, public_name(obj).lower())
        d = g.chars(a.obj).defn if obj.zone == "battlefield" else CARDS.card_def(obj.name)  # type: ignore[arg-type]
        if a.ability == 0:
            if a.choice:
                head += " mana=" + a.choice[0]
            elif d is not None and d.nonmana_abilities() and d.mana_abilities():
                head += " mana=" + d.mana_abilities()[0].mana[0]
        elif a.ability != 1:
            head += f" ability {a.ability}"
        return head + tail
    if v in ("attack", "attacker"):
        if not a.pairs:
            return "attack done" if a.args == ("done",) else "attack none"
        groups: dict[str, list[str]] = {}
        for oid, defender in a.pairs:
            groups.setdefault(ref_text(g, defender), []).append(_ref(g, "own", p, oid))
        # groups are separated by ", " while every defender is a player (as ever); once one is
        # a planeswalker, whose name may hold a comma, by "; " (docs/actions.md)
        sep = "; " if any(d[0] == "o" for _, d in a.pairs) else ", "
        return v + " " + sep.join(f"{', '.join(names)} -> {who}" for who, names in groups.items())
    if v in ("block", "blocker"):
        if not a.pairs:
            return "block done" if a.args == ("done",) else "block none"
        return v + " " + ", ".join(f"{_ref(g, 'own', p, b)} -> {_ref(g, 'attackers', p, x[1])}"
                                   for b, x in a.pairs)
    if v == "assign" and a.choice == ("default",):
        return "assign default"
    if v == "assign":
        head = "assign " + _ref(g, "own", p, a.obj)
        return head + ": " + ", ".join(f"{n} -> {ref_text(g, r)}" for r, n in a.args)
    if v == "suspend":  # a card in the hand (CR 702.62a)
        return f"suspend {_ref(g, 'hand', p, a.obj)}"
    if v in ("turn face up", "unlock"):
        base = f"{v} {_ref(g, 'own', p, a.obj)}"
        return base + (f": {a.face}" if a.face else "") + (" with morph" if a.alt == "morph" else "")
    return manual_text(g, a)


def manual_text(g: "Context", a: Action) -> str:
    v = a.verb
    p = a.player
    name = ref(g, a.obj, visible_cands(g, p)) if a.obj is not None else ""
    if v == "move":
        zone, pos = a.args[0], a.args[1] if len(a.args) > 1 else 0
        where = "" if zone not in ("library",) else (" bottom" if pos == -1 else " top" if pos == 0 else f" {pos + 1}")
        down = " face down" if len(a.args) > 2 and a.args[2] == "face down" else ""
        return f"move {name} to {zone}{where}{down}"
    if v in ("tap", "untap", "face down", "face up", "phase out", "phase in", "reveal", "detach", "abandon"):
        return f"{v} {name}"
    if v == "counter":
        kind, delta = a.args
        return f"counter {name} {kind} {delta:+d}"
    if v == "token":
        tname, pw, tg = a.args
        return f"token {tname}" + (f" {pw}/{tg}" if pw is not None else "")
    if v in ("life", "poison"):
        who, delta = a.args
        return f"{v} {g.pname(who)} {delta:+d}"
    if v in ("draw", "mill"):
        n = a.args[0] if a.args else 1
        return v if n == 1 else f"{v} {n}"
    if v == "roll":
        return f"roll d{a.args[0]}"
    if v == "attach":
        # the host is named among the battlefield's permanents, as parse.py reads it back (a
        # second copy in a hand or library must not make it "#2" here and unknown there)
        return f"attach {name} -> {ref(g, a.args[0], list(g.st.battlefield))}"
    if v == "note":
        return f"note {name}: {a.args[0]}"
    if v in ("arrow", "remove arrow"):  # named among the battlefield's permanents, as parse.py reads them
        field = list(g.st.battlefield)
        kind, val = a.targets[0]
        head = g.pname(val) if kind == "p" else ref(g, val, field)
        assert a.obj is not None  # (engine/check.py: an arrow has its card)
        return f"{v} {ref(g, a.obj, field)} -> {head}"
    return v


def ref_for(g: "Context", player: int, oid: int, verb: str) -> str:
    """How `player` names object `oid` in an action with this verb (for GUIs building text)."""
    if verb in ("play", "cast", "suspend"):
        cands = hand_cands(g, player)
    elif verb in ("activate", "attack", "block", "turn face up", "unlock", "pay"):
        cands = own_battlefield(g, player) + hand_cands(g, player)
    elif verb == "target":
        cands = target_cands(g)
    else:
        cands = visible_cands(g, player)
    return ref(g, oid, cands)
