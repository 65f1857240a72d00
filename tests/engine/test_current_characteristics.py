"""Every reader of types, subtypes and colours in the pool's card vocabulary reads an object's
current characteristics (CR 613, issue #24), generated from the pool itself.

The card definitions of the whole pool are walked for the vocabulary objects that name a card
type, a subtype or a colour (a group "Insects and Spiders you control", a condition "if you
control a red permanent", a count "for each Spider you control", a target filter "target
artifact or enchantment", an event condition "whenever a land an opponent controls enters" ...).
Each one, with the parameters a card gives it, is asked about two permanents (for a reader of
spells — "whenever you cast an enchantment spell", "target creature or enchantment spell" —
two spells on the stack):

* one that matches **only through a continuous effect** — a permanent printed without the type
  (subtype, colour) that an effect gives it (layer 4 or 5, as Leyline of Transformation, Secret
  Arcade, Ashaya, Possessed Goat do): the reader must count it;
* one that matches **only as printed** but lost it to an effect (layer 4 or 5, as Enduring
  Innocence returned as "an enchantment" loses Creature, Sheep and Glimmer, or Yedora's
  face-down card is "a Forest land" only): the reader must not.

An engine that reads printed characteristics fails both. A reader class that names a type and
is not asked here is listed in NOT_A_BOARD_READER with the reason and the scenarios that cover
it (docs/characteristics_matrix.md); a new class must be added to one or the other.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import types as pytypes
from typing import Any, Iterator

import pytest

from engine.cards import sets as pool
from engine.cards.sets import index
from engine.config import GameConfig
from engine.game import Game
from engine.rules.index import CARDS
from engine.rules.printed import split_type_line
from engine.scenario_checks import find_ref

# the fields by which a vocabulary object names what it reads
READ_FIELDS = frozenset({"types", "type", "card_type", "subtype", "subtypes", "color", "colors", "not_types",
                         "not_subtype", "colorless", "typed_subtypes", "types_are"})
CARD_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker", "Kindred",
                        "Instant", "Sorcery"})
COLORS = frozenset("WUBRG")
ALL_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker"})

# Reader classes of the vocabulary that name a type, subtype or colour but are not a question
# about a permanent on the battlefield, with where they are covered instead.
NOT_A_BOARD_READER = {
    # changers, not readers
    "engine.cards.layer.abilities.Gets": "a changer (Kaito's \"is a creature\", layer 4)",
    "engine.cards.vocab.groups.AreAlso": "a changer (Secret Arcade, Ashaya: layer 4)",
    "engine.rules.card_terms.CreatureWhileNotOnBattlefield": "a changer (Grist outside the battlefield)",
    "engine.cards.vocab.becomes.Becomes": "a changer (Rootwise Survivor, Haunted Screen, Ghost Vacuum, Jump Scare)",
    # cards outside the battlefield: no effect of the pool changes a card type there (Grist's and
    # changeling's are part of the card's own characteristics, engine/rules/printed.py; Leyline of
    # Transformation adds subtypes: characteristics.chars, types_everywhere)
    "engine.cards.vocab.targets.GraveyardCard": "graveyard cards (scenario characteristics/balemurk_non_avatar_leyline)",
    "engine.cards.vocab.targets.CardInAGraveyard": "graveyard cards",
    "engine.cards.vocab.graveyard.ReturnFromGraveyard": "graveyard cards",
    "engine.cards.vocab.mass.RandomFromGraveyard": "graveyard cards",
    "engine.cards.vocab.reanimate.ReturnIt": "the card put into a graveyard",
    "engine.cards.vocab.costs.DiscardedWasNot": "the discarded card",
    "engine.cards.vocab.exile.PutExiledWith": "exiled cards",
    "engine.cards.vocab.those_cards.FromAmongThem": "library cards looked at",
    "engine.cards.vocab.reveal.TopCards": "library cards (Leyline's subtypes: characteristics/demonic_counsel_finds_leyline_demon)",
    # what a resolving effect or a turn's record reads: scenarios
    "engine.cards.vocab.conditions.CreatureDiedThisTurn": "the turn's record of deaths (characteristics/undead_sprinter_leyline_zombie)",
    "engine.cards.vocab.sacrifice.Sacrifices": "a choice as it resolves (characteristics/vile_mutilator_secret_arcade_creature)",
    "engine.cards.vocab.removal.ReturnYours": "a choice as it resolves (characteristics/bounce_land_returns_ashaya_creature)",
    "engine.cards.vocab.mass.DestroyAllCounted": "a resolving effect (characteristics/decree_of_pain_enduring_enchantment)",
    "engine.cards.vocab.mass.ExileAllThenTokenEach": "a resolving effect: all creatures by g.is_type",
    "engine.cards.vocab.those_cards.ChoosePermanents": "a choice as it resolves: creatures by g.is_type",
    "engine.cards.vocab.copies.EntersAsCopy": "a choice as it enters (characteristics/phantasmal_image_not_enduring_enchantment)",
    "engine.cards.vocab.pump.PumpCreatures": "a resolving effect (characteristics/midnight_mayhem_leyline_gremlins)",
    "engine.cards.vocab.prevention.Prevent": "a prevention shield read as damage is dealt (characteristics/arachnogenesis_leyline_spiders)",
    "engine.cards.vocab.counters.EntersWith": "a replacement as it enters (dsc/curator_beastie)",
}


# ---------------------------------------------------------------- the pool's readers
def _walk(x: Any, seen: set[int], found: list[Any], depth: int = 0) -> None:
    if depth > 25 or id(x) in seen or isinstance(x, (str, int, float, bool, type(None), enum.Enum, type)):
        return
    seen.add(id(x))
    if isinstance(x, (list, tuple, set, frozenset)):
        for y in x:
            _walk(y, seen, found, depth + 1)
        return
    if isinstance(x, dict):
        for y in x.values():
            _walk(y, seen, found, depth + 1)
        return
    if isinstance(x, pytypes.ModuleType):
        return
    if dataclasses.is_dataclass(x):
        names = {f.name for f in dataclasses.fields(x)}
        if names & READ_FIELDS and any(getattr(x, n) not in ((), "", None, False) for n in names & READ_FIELDS):
            found.append(x)
        for f in dataclasses.fields(x):
            _walk(getattr(x, f.name), seen, found, depth + 1)
        return
    if isinstance(x, pytypes.MethodType):
        _walk(x.__self__, seen, found, depth + 1)
        _walk(x.__func__, seen, found, depth + 1)
        return
    if isinstance(x, functools.partial):
        _walk((x.func, x.args, x.keywords), seen, found, depth + 1)
        return
    if isinstance(x, pytypes.FunctionType):
        _walk((x.__defaults__, x.__kwdefaults__), seen, found, depth + 1)
        for cell in x.__closure__ or ():
            try:
                _walk(cell.cell_contents, seen, found, depth + 1)
            except ValueError:
                pass
        return
    for slot in getattr(type(x), "__slots__", ()) or ():
        if hasattr(x, slot):
            _walk(getattr(x, slot), seen, found, depth + 1)
    if hasattr(x, "__dict__"):
        _walk(vars(x), seen, found, depth + 1)


def _qualname(x: Any) -> str:
    return f"{type(x).__module__}.{type(x).__qualname__}"


@functools.lru_cache(maxsize=1)
def pool_readers() -> dict[str, list[tuple[str, Any]]]:
    """Reader class -> [(a card using it, the instance)], each distinct instance once."""
    pool.behaviours()  # the whole pool
    out: dict[str, list[tuple[str, Any]]] = {}
    for name, defn in [*pool._REGISTRY.items(), *pool._TOKENS.items()]:
        found: list[Any] = []
        _walk(defn, set(), found)
        for inst in found:
            got = out.setdefault(_qualname(inst), [])
            if all(other != inst for _, other in got):
                got.append((name, inst))
    return out


# ---------------------------------------------------------------- what a reader wants
@dataclasses.dataclass(frozen=True)
class Want:
    """What a reader looks for: `kind` "type" / "subtype" / "color"; `any_of` (one of them is
    enough; the permanent that loses it loses all of them), `needs_type` (a card type the
    permanent must have besides, for a subtype or colour reader), `negative` ("non-Toy",
    "nonland": having it means not being read)."""
    kind: str
    any_of: tuple[str, ...]
    needs_type: str = ""
    negative: bool = False
    avoid: tuple[str, ...] = ()  # card types the permanent must not have either ("noncreature artifact")


def want(inst: Any) -> Want | None:
    """What this reader instance looks for, None if it names nothing to test on a permanent."""
    get = functools.partial(getattr, inst)
    fields = {f.name for f in dataclasses.fields(inst)}
    if "commander" in fields and get("commander"):
        return None  # "your commander": the designation, not a type
    cls = type(inst).__name__
    if cls == "Count":
        what, t = get("what"), get("type")
        if what == "permanents_of_color":
            return Want("color", (t,))
        if what in ("permanents", "all_permanents") and t:
            return Want("type", (t,)) if t in CARD_TYPES else Want("subtype", (t,))
        if what == "permanents" and get("types") and all(isinstance(x, str) for x in get("types")):
            return Want("type", tuple(get("types")))
        return None
    if cls == "Controls":
        if get("color"):
            return Want("color", (get("color"),))
        if get("subtype"):
            return Want("subtype", (get("subtype"),), needs_type=get("card_type"))
        return None
    if cls == "ControlsLandType":
        return Want("subtype", tuple(get("types")), needs_type="Land")
    if cls == "AmongEventObjects":
        if get("subtype"):
            return Want("subtype", (get("subtype"),), needs_type="Creature")
        if get("not_subtype"):
            return Want("subtype", (get("not_subtype"),), needs_type="Creature", negative=True)
        return Want("color", ("colorless",), needs_type="Creature") if get("colorless") else None
    if cls == "BasePTIsCount":
        return Want("type", (get("card_type"),))
    if cls in ("SpellCast", "SpellOf"):
        if get("types"):
            return Want("type", tuple(get("types")), avoid=tuple(get("not_types")) if cls == "SpellCast" else ())
        if cls == "SpellCast" and get("not_types"):
            return Want("type", tuple(get("not_types")), negative=True)
        return None
    if cls == "YourPermanents":
        return Want("subtype", tuple(get("subtypes"))) if get("subtypes") else None
    if cls == "Yours":
        if get("subtype"):
            return Want("subtype", (get("subtype"),), needs_type=get("types")[0] if get("types") else "")
        if get("all_types") and len(get("types")) > 1:
            # "other enchantment creatures": the one it may lack is the first (the permanent
            # has the others printed)
            return Want("type", (get("types")[0],), needs_type=get("types")[1])
        if get("types") and not set(get("types")) >= ALL_PERMANENT_TYPES:
            return Want("type", tuple(get("types")), avoid=tuple(get("not_types")))
        if get("not_types"):
            return Want("type", tuple(get("not_types")), negative=True)
        return None
    if cls in ("TargetWord", "Permanent", "OpponentsPermanent", "Target", "Entering", "EventIs"):
        if cls == "TargetWord" and (get("counter") or get("attacking") or get("face_down") or get("commander")
                                    or get("controller")):
            return None  # (a filter on a counter, combat or a designation the board does not set up)
        if cls == "Target" and get("nonland"):
            return Want("type", ("Land",), negative=True)
        if get("types") and set(get("types")) >= ALL_PERMANENT_TYPES:
            return None  # "target permanent": no type to read
        if get("types") and set(get("types")) <= CARD_TYPES:
            avoid = tuple(get("not_types")) if "not_types" in fields else ()
            return Want("type", tuple(get("types")), avoid=avoid)
        if "not_types" in fields and get("not_types"):
            return Want("type", tuple(get("not_types")), negative=True)
        return None
    return None


# ---------------------------------------------------------------- asking a reader
def _side(inst: Any) -> str:
    """Whose permanent the reader looks at: the source's controller's (Alice) or an opponent's."""
    if getattr(inst, "opponents", False) or getattr(inst, "opponent", False) \
            or getattr(inst, "controller", "") == "opponent" or getattr(inst, "player", "") == "opponent" \
            or getattr(inst, "whose", "") == "opponents" or getattr(inst, "by", "") == "opponent":
        return "Bob"
    return "Alice"


def reads(inst: Any, g: Game, me: int, oid: int) -> bool:
    """Whether the reader counts / accepts / finds the permanent `oid` (the only other
    candidate on the board than `me`)."""
    cls = type(inst).__name__
    src = g.st.objects[me]
    obj = g.st.objects[oid]
    if cls == "Yours":
        return oid in inst(g, src)
    if cls == "YourPermanents":
        return bool(inst(g, src, oid))
    if cls in ("Controls", "ControlsLandType"):
        return bool(inst(g, src))
    if cls == "Count":
        return int(inst(g, src)) > 0
    if cls == "BasePTIsCount":
        made = inst.layer_effects(g, src)  # (none without a creature to set)
        return bool(made) and made[0].power > 0
    if cls == "AmongEventObjects":
        return bool(inst(g, src, {inst.key: [oid]}))
    if cls == "SpellCast":
        if inst.by == "enchanted":  # (an Aura that enchants the caster: Maddening Hex)
            src.ctx = {**src.ctx, "enchanted_player": obj.controller}
        return bool(inst(g, src, {"obj": oid, "player": obj.controller}))
    if cls in ("Entering", "EventIs"):
        counters = {inst.had_counter: 1} if getattr(inst, "had_counter", "") else dict(obj.counters)
        return bool(inst(g, src, {"obj": oid, "controller": obj.controller, "player": obj.controller,
                                  "counters": counters}))
    return bool(inst(g, obj))  # a target filter


# ---------------------------------------------------------------- the board
@functools.lru_cache(maxsize=1)
def _printed_pool() -> list[tuple[str, frozenset[str], tuple[str, ...], frozenset[str]]]:
    out = []
    for name in sorted(index.CARDS):
        data = CARDS.printed(name)
        if data is None or "//" in data.type_line or data.power in ("*",) or "Legendary" in data.type_line:
            continue
        _, types, subs = split_type_line(data.type_line)
        if not types & {"Artifact", "Creature", "Enchantment", "Land", "Instant", "Sorcery"} \
                or types & {"Planeswalker", "Battle"}:
            continue
        out.append((name, types, subs, frozenset(data.colors)))
    return out


# plain cards first (no ability that changes its own characteristics or reads the board)
PREFERRED = ("Starfield Mystic", "Cult Healer", "Arcane Signet", "Plains", "Forest", "Island", "Swamp",
             "Mountain", "Deadbridge Chant", "Mesa Enchantress", "Demonic Counsel")


def carriers(w: Want, printed_with: bool, castable: bool = False) -> Iterator[str]:
    """The pool cards printed with (or without) what `w` looks for, with `w.needs_type` and
    none of `w.avoid`; plain ones first."""
    def fits(types: frozenset[str], subs: tuple[str, ...], colors: frozenset[str]) -> bool:
        if (w.needs_type and w.needs_type not in types) or types & set(w.avoid):
            return False
        if "Land" in types if castable else not types & {"Artifact", "Creature", "Enchantment", "Land"}:
            return False  # (a spell to cast; a permanent on the battlefield)
        if w.kind == "type":
            has = bool(types & set(w.any_of))
        elif w.kind == "subtype":
            has = bool(set(subs) & set(w.any_of))
        elif w.any_of == ("colorless",):
            has = not colors
        else:
            has = bool(colors & set(w.any_of))
        return has == printed_with
    cards = _printed_pool()
    by_name = {c[0]: c for c in cards}
    for name in PREFERRED:
        if name in by_name and fits(*by_name[name][1:]):
            yield name
    for name, *rest in cards:
        if name not in PREFERRED and fits(*rest) and "changeling" not in (CARDS.printed(name).text or "").lower():
            yield name


def change(g: Game, oid: int, w: Want, give: bool) -> None:
    """A continuous effect (CR 611.2: from a resolved ability, "until" never) that gives the
    permanent what `w` looks for, or takes it away."""
    c = g.chars(oid)
    if w.kind == "type":
        if give:
            g.add_effect("4", [oid], until="never", add_types=[w.any_of[0]])
        else:
            lost = sorted(c.types & set(w.any_of))
            g.add_effect("4", [oid], until="never", remove_types=lost)
            if not c.types - set(lost):  # (still a permanent of some type: the reader may ask for one)
                other = next(t for t in ("Artifact", "Enchantment", "Creature", "Land") if t not in w.any_of)
                g.add_effect("4", [oid], until="never", add_types=[other])
    elif w.kind == "subtype":
        if give:
            g.add_effect("4", [oid], until="never", add_subtypes=[w.any_of[0]])
        else:
            g.add_effect("4", [oid], until="never", remove_subtypes=sorted(set(c.subtypes) & set(w.any_of)))
    elif w.any_of == ("colorless",):
        g.add_effect("5", [oid], until="never", set_colors=[] if give else ["W"])
    elif give:
        g.add_effect("5", [oid], until="never", add_colors=[w.any_of[0]])
    else:
        g.add_effect("5", [oid], until="never", set_colors=sorted(COLORS - set(w.any_of))[:1])


def board(inst: Any, card: str) -> tuple[Game, int, int]:
    """A game with the carrier `x` on the battlefield of the side the reader looks at, and the
    reader's source `me`: a card of Alice's in exile (so it is never one of the permanents it
    reads; the readers ask only who controls it)."""
    side = _side(inst)
    setup: dict[str, Any] = {"Alice": {"battlefield": [], "exile": ["Island @me"], "library": ["Plains"] * 3},
                             "Bob": {"battlefield": [], "library": ["Island"] * 3}}
    setup[side]["battlefield"] = [f"{card} @x"]
    g = Game(GameConfig(mode="rules", setup=setup))
    return g, find_ref(g, "@me"), find_ref(g, "@x")


BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
SPELL_READERS = ("SpellCast", "SpellOf")


def spell_board(inst: Any, card: str) -> tuple[Game, int, int] | None:
    """A game where the side the reader looks at has cast `card` (its spell `x` on the stack,
    paid from four basic lands of each type); `me` as in `board`. None if it can't be cast so."""
    side = _side(inst)
    setup: dict[str, Any] = {"active": side,
                             "Alice": {"battlefield": [], "exile": ["Island @me"], "library": ["Plains"] * 3},
                             "Bob": {"battlefield": [], "library": ["Island"] * 3}}
    setup[side]["hand"] = [card]
    setup[side]["battlefield"] = [b for b in BASICS for _ in range(4)]
    g = Game(GameConfig(mode="rules", setup=setup))
    try:
        g.apply(f"cast {card}", 0 if side == "Alice" else 1)
    except Exception:  # (a spell with targets or an unusual cost: the next carrier)
        return None
    x = next((o for o in g.st.stack if g.st.objects[o].name == card), None)
    return None if x is None else (g, find_ref(g, "@me"), x)


def cases() -> Iterator[Any]:
    for cls, uses in sorted(pool_readers().items()):
        if cls in NOT_A_BOARD_READER:
            continue
        for card, inst in uses:
            w = want(inst)
            if w is not None:
                yield pytest.param(card, inst, w, id=f"{card}:{type(inst).__name__}")


# ---------------------------------------------------------------- the tests
def test_every_reader_class_is_asked_or_explained() -> None:
    """A vocabulary class that names a type, subtype or colour is either asked below or listed
    with the reason it is not a question about a permanent (a new reader must be one of them)."""
    asked = {"Yours", "YourPermanents", "Controls", "ControlsLandType", "Count", "BasePTIsCount",
             "AmongEventObjects", "Entering", "EventIs", "TargetWord", "Permanent", "OpponentsPermanent", "Target",
             *SPELL_READERS}
    left = sorted(cls for cls in pool_readers() if cls not in NOT_A_BOARD_READER and cls.rsplit(".", 1)[1] not in asked)
    assert left == []
    assert sum(1 for _ in cases()) >= 40  # (the pool's readers: a walk that finds nothing proves nothing)


def _printed_control(inst: Any, w: Want, printed_with: bool) -> tuple[Game, int, int] | None:
    """The first carrier the reader tells apart as printed (a card printed without it is not
    read, one printed with it is — for a "non-" reader the other way round): a board that asks
    the reader what the test means to ask (a power or mana value it reads besides is met)."""
    spells = type(inst).__name__ in SPELL_READERS
    for card in carriers(w, printed_with, castable=spells):
        got = spell_board(inst, card) if spells else board(inst, card)
        if got is not None and reads(inst, got[0], got[1], got[2]) == (printed_with != w.negative):
            return got
    return None


@pytest.mark.parametrize("card, inst, w", list(cases()))
def test_reader_reads_current_characteristics(card: str, inst: Any, w: Want) -> None:
    got = _printed_control(inst, w, printed_with=False)
    assert got is not None, f"{card}: no pool card without {w} that the reader tells apart as printed"
    g, me, x = got
    # matches only through an effect (or, for a "non-" reader, stops matching)
    change(g, x, w, give=True)
    name = g.st.objects[x].name
    assert reads(inst, g, me, x) != w.negative, f"{card}: {name} given {w.any_of[0]} by an effect"
    got = _printed_control(inst, w, printed_with=True)
    if got is None:
        # no pool card is printed with it that the reader asks about (a subtype only tokens have)
        assert w.kind == "subtype", f"{card}: no pool card printed with {w}"
        return
    g, me, x = got
    change(g, x, w, give=False)
    name = g.st.objects[x].name
    assert reads(inst, g, me, x) == w.negative, f"{card}: {name} after an effect took {w.any_of} away"
