"""A mana source's actions as the listing offers them ("activate Forest", "activate Dual Land
mana=G", CR 605) and the names p gives permanents in `activate` (docs/actions.md), kept through
the position and across positions while what they are made from is the same.
"""
from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

from engine.action_candidates import graveyard_activatable
from engine.actions import Action
from engine.format import name_map
from engine.rules.kept import perms_fp
from engine.rules.lister import Lister


def source_actions(lister: Lister, oid: int, obj: Any, c: Any) -> list[Action]:
    """The mana actions of a source, kept through the position (Lister.mana_acts) and across
    positions while its characteristics and the names of the permanents called like it are
    the same objects (names are kept as the same map while the candidates are, format._named)."""
    key = (oid, lister.source_ids[oid])
    got = lister.mana_acts.get(key)
    if got is None and _carried_position(lister):
        got = lister.mana_acts.get(key)
    if got is None:
        names = _activate_names(lister, obj)
        kept = lister.g.chars_kept.get(("mana_actions", lister.p))
        if kept is None or len(kept) > 4 * len(lister.g.st.battlefield) + 200:
            kept = lister.g.chars_kept[("mana_actions", lister.p)] = {}
        was = kept.get(key)
        if was is not None and was[0] is c and was[1] is names:
            got = was[2]
        else:
            got = _mana_actions(lister, oid, obj, c, lister.source_ids[oid])
            kept[key] = (c, names, got)
        lister.mana_acts[key] = got
    return got


def _carried_position(lister: Lister) -> bool:
    """Whether the sources' actions of the last position p's were made in (Lister.mana_acts,
    per position) were put into this position's, which holds when p's permanents are the same
    with the same characteristics (the same objects: kept.perms_fp) and p's `activate` names
    are the same dict (kept_names: the same maps). Each of those actions is made of nothing
    else (source_actions): then a spell resolving or a card drawn on a crowded board does not
    look up each of its two hundred lands again. Asked at a position's first look-up that
    misses; the position is remembered then (and forgotten if p's names change in it)."""
    g, p, acts = lister.g, lister.p, lister.mana_acts
    was: tuple[Any, ...] | None = g.chars_kept.get(("mana_acts_of", p))
    names = kept_names(lister)
    if was is not None and was[3] is acts:
        if was[2] is not names:  # (names made again within the position: not carried from it)
            del g.chars_kept[("mana_acts_of", p)]
        return False
    ids, chars = perms_fp(g, p)
    carried = False
    if was is not None and _same_position(was, ids, chars, names):
        acts.update(was[3])  # (in C)
        carried = True
    g.chars_kept[("mana_acts_of", p)] = (ids, chars, names, acts)
    return carried


def _same_position(was: tuple[Any, ...], ids: list[int], chars: list[Any], names: dict[str, Any]) -> bool:
    """Whether the permanents, their characteristics (by identity) and the names are those of
    the position remembered (`was`), compared in C."""
    return was[2] is names and was[0] == ids and len(was[1]) == len(chars) and all(map(is_, was[1], chars))


def _mana_actions(lister: Lister, oid: int, obj: Any, c: Any, colours: tuple[str, ...]) -> list[Action]:
    """The actions of activating a mana source's mana ability, one per colour it makes unless
    it makes one (and its ability costs no life): then `activate Forest`."""
    assert c.defn is not None
    p = lister.p
    if len(colours) == 1 and not any(m.life for m in c.defn.mana_abilities()):  # else the colour is named
        if c.defn.nonmana_abilities():  # text_of adds its first mana ability's first colour
            return [Action(p, "activate", oid, (), "", "", None, (), 0, (), (), (), (),
                           mana_text(lister, obj, c.defn.mana_abilities()[0].mana[0]))]
        names = _activate_names(lister, obj)  # "activate Forest", as the general path writes it
        return [Action(p, "activate", oid, (), "", "", None, (), 0, (), (), (), (),
                       "activate " + names.get(oid, obj.name))]
    named = _activate_names(lister, obj).get(oid)  # (the canonical text as text_of writes it; else made there)
    return [Action(p, "activate", oid, (), "", "", None, (), 0, (), (colour,), (), (),
                   "activate " + named + " mana=" + colour if named else "") for colour in colours]


def mana_text(lister: Lister, obj: Any, colour: str) -> str:
    """`activate NAME mana=COLOUR` as text_of writes it (the name as p names the permanents
    called like it), or "" for with_texts to make (a face-down permanent: its public name)."""
    if obj.face_down:
        return ""
    named = _activate_names(lister, obj).get(obj.id)
    return "activate " + named + " mana=" + colour if named else ""


def activate_names(lister: Lister, obj: Any) -> dict[int, str]:
    """How p names the permanents called like this one (face up) in `activate`, as text_of
    does (once per name and position): the same map object across positions while the
    permanents so named are the same (engine/format.py name_map)."""
    return _activate_names(lister, obj)


def _activate_names(lister: Lister, obj: Any) -> dict[int, str]:
    """How p names the permanents called like this one in `activate` (once per name and position;
    across positions while the maps of p's permanents and hand are the same objects, _kept_names)."""
    names = lister.act_names.get(obj.name)
    if names is None:
        if lister.names_kept is None:
            lister.names_kept = _kept_names(lister)
        own, inhand, kept = lister.names_kept
        names = kept.get(obj.name)
        if names is None:
            low = obj.name.lower()
            names = kept[obj.name] = name_map(lister.g, "activate", lister.p, low)
            if obj.name not in _LOWS:  # (as name_map reads it; for _carried)
                _LOWS[obj.name] = low.split("#")[0].strip()
        lister.act_names[obj.name] = names
    return names


def kept_names(lister: Lister) -> dict[str, dict[int, str]]:
    """The `activate` name maps of p's permanents by name (made when first asked): the same
    dict object across positions while the names it holds stay what they are (_kept_names) —
    what is made with them holds while it is the same."""
    if lister.names_kept is None:
        lister.names_kept = _kept_names(lister)
    return lister.names_kept[2]


def _kept_names(lister: Lister) -> tuple[dict[int, str], dict[int, str], dict[str, dict[int, str]]]:
    """The maps of p's permanents and p's hand (engine/format.py name_map "own", "hand") and
    the `activate` name maps that are one of them (a name not shared by both, no card of it
    with an ability that works from p's graveyard: name_map) by name — kept across positions
    while those two maps are the same objects (the same names) and p's graveyard holds the
    same cards."""
    g, p = lister.g, lister.p
    own, inhand = name_map(g, "own", p), name_map(g, "hand", p)
    gy = g.st.players[p].graveyard
    kept: tuple[Any, Any, list[int], dict[str, dict[int, str]]] | None = g.chars_kept.get(("activate_names", p))
    if kept is None or kept[0] is not own or kept[1] is not inhand or kept[2] != gy:
        carried = _carried(g, p, own, inhand, kept[3]) if kept is not None and kept[0] is own else {}
        kept = g.chars_kept[("activate_names", p)] = (own, inhand, list(gy), carried)
    return own, inhand, kept[3]


def _carried(g: Any, p: int, own: dict[int, str], inhand: dict[int, str],
             was: dict[str, dict[int, str]]) -> dict[str, dict[int, str]]:
    """The `activate` maps still right when only p's hand or graveyard changed (a card drawn,
    cast or discarded, a spell resolved; the same permanents, so the same map `own`): a name
    whose map was that of p's permanents (engine/format.py name_map: on p's battlefield) keeps
    it while no card of that name is in p's hand and none in p's graveyard has an ability that
    works there — name_map's own test. The others are asked again. When every one is kept, the
    same dict (what was made with it holds: permanents_plan.plan). (Not every name of a
    crowded battlefield asked again per card drawn or spell cast.)"""
    objects = g.st.objects
    bad = {objects[o].name.lower() for o in inhand}
    lows = set(map(_LOWS.__getitem__, was))  # (in C: a crowded board's hundred names)
    # (the graveyard's cards of these names alone are asked whether they work from there)
    gy = {objects[o].name.lower() for o in g.st.players[p].graveyard}
    bad.update(low for low in gy & lows if graveyard_activatable(g, p, low))
    if all(map(is_, was.values(), repeat(own))) and bad.isdisjoint(lows):
        return was
    return {name: names for name, names in was.items() if names is own and _LOWS[name] not in bad}


# each name of a permanent in `activate` as name_map looks it up (lower case, without "#K"):
# made of the name alone, once per name (the names of the game's cards and tokens)
_LOWS: dict[str, str] = {}
