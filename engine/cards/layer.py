"""The card layer (issue #9, first slice): a card is written as data, one ability per
non-keyword line of its Oracle text, and everything printed comes from the card data.

    card("Grasping Longneck", When(DIES, GainLife(2)))
    card("Cult Healer", Eerie(Pump(0, 0, ("lifelink",))))

`card()` reads the card's text, mana cost, types and keyword lines from assets/cards: the
keywords (Reach, Flying, Ward {2} ...) are never written again, and each ability's label
is the card's own Oracle line (`line` is its index in the text, so the interface can show
the German or Italian line where the data has it). The effects are small frozen
dataclasses (`GainLife`, `Pump`, `Counters`, ...) compiled to the engine's steps; ability
words and set mechanics are modules (engine/cards/mechanics/) built from the same parts.
A card that needs more than the vocabulary uses `Custom(step)` — the escape hatch, counted
by `python -m engine.cards coverage`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from engine.cards import effects as fx
from engine.cards.model import CardDef, Step, TargetSpec, Triggered

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

# -- events (CR 603.2): what a triggered ability waits for
ENTERS, DIES, ATTACKS, YOU_ATTACK = "enters", "dies", "attacks", "you_attack"
END_STEP, SECOND_MAIN = "step:end", "step:main2"

# -- who an effect is about
THIS, TARGET = "this", "target"


# ------------------------------------------------------------------ effects
@dataclass(frozen=True)
class GainLife:
    n: int


@dataclass(frozen=True)
class LoseLife:
    n: int
    who: str = "you"  # you | each_opponent


@dataclass(frozen=True)
class Draw:
    n: int = 1
    who: str = "you"  # you | each_player (in APNAP order, CR 101.4)


@dataclass(frozen=True)
class CantBeBlocked:
    """Target creature can't be blocked this turn (a rules effect checked in CR 509.1b)."""


@dataclass(frozen=True)
class Pump:
    """Gets +P/+T (and gains keywords) until end of turn (CR 611.2c, layers 7c and 6)."""
    power: int
    toughness: int
    keywords: tuple[str, ...] = ()
    on: str = THIS


@dataclass(frozen=True)
class Counters:
    kind: str
    n: int = 1
    on: str = THIS


@dataclass(frozen=True)
class Token:
    name: str
    n: int = 1


@dataclass(frozen=True)
class Damage:
    """This source deals N damage to the target or to each opponent (CR 120.3)."""
    n: int
    to: str = TARGET  # TARGET | "each_opponent" | "each_creature"


@dataclass(frozen=True)
class PumpYours:
    """Creatures you control (of a subtype) get +P/+T and gain keywords until end of turn;
    the set of creatures is locked in as it resolves (CR 611.2c)."""
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    subtype: str = ""


@dataclass(frozen=True)
class Surveil:
    """Surveil 1 (CR 701.25a): look at the top card of your library; you may put it into your
    graveyard. (Only N = 1 so far: with more cards the rest are put back in any order, a
    choice this vocabulary does not ask for yet.)"""
    n: int = 1

    def __post_init__(self) -> None:
        if self.n != 1:
            raise ValueError("Surveil N > 1 is not in the vocabulary yet")


@dataclass(frozen=True)
class Controls:
    """A condition as data: you control a permanent of this subtype (and card type)."""
    subtype: str
    card_type: str = "Creature"

    def __call__(self, g: "Context", me: "Obj") -> bool:
        return any(self.card_type in g.chars(o).types and self.subtype in g.chars(o).subtypes
                   for o in g.battlefield(me.controller))


@dataclass(frozen=True)
class If:
    """"[effects] if [condition]. If not, [otherwise]." — checked as it resolves (CR 608.2c)."""
    condition: Controls
    then: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()


@dataclass(frozen=True)
class Destroy:
    """Destroy the target (CR 701.8)."""


@dataclass(frozen=True)
class ExileTarget:
    """Exile the target (CR 406.2)."""


@dataclass(frozen=True)
class Custom:
    """The escape hatch: a step written against the context protocol."""
    step: Step


Effect = (GainLife | LoseLife | Draw | CantBeBlocked | Pump | PumpYours | Counters | Token | Damage | Surveil
          | If | Destroy | ExileTarget | Custom)


def _source_id(g: "Context", item: "Obj") -> int | None:
    src = item.source
    return src if src is not None and src in g.st.objects and g.st.objects[src].zone == "battlefield" else None


def compile_effect(e: Effect) -> Step:
    if isinstance(e, GainLife):
        return fx.gain_life(e.n)
    if isinstance(e, Draw):
        return fx.each_player_draws(e.n) if e.who == "each_player" else fx.draw(e.n)
    if isinstance(e, CantBeBlocked):
        return fx.cant_be_blocked()
    if isinstance(e, LoseLife):
        return _each_opponent_loses(e.n) if e.who == "each_opponent" else fx.lose_life(e.n)
    if isinstance(e, Token):
        return fx.create_token(e.name, e.n)
    if isinstance(e, Custom):
        return e.step
    if isinstance(e, Destroy):
        return fx.destroy(0)
    if isinstance(e, Damage):
        if e.to == "each_creature":
            return fx.damage_each_creature(e.n)
        return fx.damage_target(e.n) if e.to == TARGET else fx.damage_each_opponent(e.n)
    if isinstance(e, PumpYours):
        return _pump_yours(e)
    if isinstance(e, Surveil):
        return _surveil_one
    if isinstance(e, If):
        return _if(e)
    if isinstance(e, ExileTarget):
        return fx.exile_target(0)
    if isinstance(e, Pump):
        if e.on == TARGET:
            return fx.pump_target(e.power, e.toughness, e.keywords)
        return _pump_source(e.power, e.toughness, e.keywords)
    if isinstance(e, Counters):
        return _counters(e.kind, e.n, e.on)
    raise TypeError(f"not an effect: {e!r}")


def _each_opponent_loses(n: int) -> Step:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        for p in g.opponents(item.controller):
            g.lose_life(p, n)
    return step


def _if(e: If) -> Step:
    then = [compile_effect(x) for x in e.then]
    otherwise = [compile_effect(x) for x in e.otherwise]

    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        me = g.st.objects.get(item.source) if item.source is not None else None
        branch = then if me is not None and e.condition(g, me) else otherwise
        for s in branch:  # (no branch asks a question yet: only simple effects are allowed here)
            s(g, item, ctx)
        return None
    return step


def _surveil_one(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
    """CR 701.25a with N = 1. The card's name is an option (seen by its owner only), never a
    prompt parameter (those are public)."""
    from engine.cards.model import Ask
    p = item.controller
    lib = g.st.players[p].library
    if not lib:
        return None
    if "answer" not in ctx:
        return Ask(p, "choose_card", [g.st.objects[lib[0]].name, "nothing"], "ask.surveil", {"count": 1})
    if ctx.pop("answer")[0] != "nothing":
        g.move(lib[0], "graveyard", cause="surveil")
    g.event("surveil", player=g.pname(p), count=1)
    return None


def _pump_yours(e: PumpYours) -> Step:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        ids = [o for o in g.battlefield(item.controller) if g.is_type(o, "Creature")
               and (not e.subtype or e.subtype in g.chars(o).subtypes)]
        if not ids:
            return
        if e.power or e.toughness:
            g.add_effect("7c", ids, power=e.power, toughness=e.toughness)
        if e.keywords:
            g.add_effect("6", ids, add_kw=list(e.keywords))
    return step


def _pump_source(power: int, toughness: int, keywords: tuple[str, ...]) -> Step:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        oid = _source_id(g, item)
        if oid is None:
            return
        if power or toughness:
            g.add_effect("7c", [oid], power=power, toughness=toughness)
        if keywords:
            g.add_effect("6", [oid], add_kw=list(keywords))
    return step


def _counters(kind: str, n: int, on: str) -> Step:
    """CR 122.1: put counters on the source or on the target, if it is still there."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        oid = g.target_obj(item, 0) if on == TARGET else _source_id(g, item)
        if oid is not None:
            g.add_counters(oid, kind, n)
    return step


# ------------------------------------------------------------------ abilities
@dataclass(frozen=True)
class When:
    """One triggered ability (CR 603): its event, effects, targets, condition."""
    event: str
    effects: tuple[Effect, ...]
    targets: tuple[Any, ...] = ()  # "creature" or a Target
    condition: Callable[["Context", "Obj", dict[str, Any]], bool] | None = None
    resolve_if: Callable[["Context", "Obj"], bool] | None = None  # CR 603.4 intervening "if"
    word: str = ""  # the ability word that starts its line (Eerie, Survival, Delirium)
    once: bool = False  # "This ability triggers only once."

    def __init__(self, event: str, *effects: Effect, targets: tuple[Any, ...] = (),
                 condition: Any = None, resolve_if: Any = None, word: str = "", once: bool = False) -> None:
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "resolve_if", resolve_if)
        object.__setattr__(self, "word", word)
        object.__setattr__(self, "once", once)


@dataclass(frozen=True)
class Spell:
    """An instant's or sorcery's effect (CR 608.2): its targets and effects, in order."""
    effects: tuple[Effect, ...]
    targets: tuple[Any, ...] = ()
    word: str = ""

    def __init__(self, *effects: Effect, targets: tuple[Any, ...] = ()) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "word", "")


@dataclass(frozen=True)
class AbilityGroup:
    """Several engine abilities for one printed line (Eerie: two trigger events)."""
    parts: tuple[When, ...]
    word: str = ""


Ability = When | AbilityGroup | Spell


def WhenAny(events: tuple[str, ...], *effects: Effect, targets: tuple[Any, ...] = ()) -> AbilityGroup:  # noqa: N802
    """One line, several events ("Whenever this creature enters or attacks, ...")."""
    return AbilityGroup(tuple(When(ev, *effects, targets=targets) for ev in events))


@dataclass(frozen=True)
class Target:
    """A target restriction as data: a permanent of one of these card types; a creature only
    with at least this power (Exorcise: "artifact, enchantment, or creature with power 4 or
    greater")."""
    types: tuple[str, ...]
    creature_power_at_least: int | None = None

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        c = g.chars(obj.id)
        if any(t in c.types for t in self.types if t != "Creature"):
            return True
        if "Creature" in self.types and "Creature" in c.types:
            need = self.creature_power_at_least
            return need is None or (c.power or 0) >= need
        return False


@dataclass(frozen=True)
class Entering:
    """Which entering permanent a "whenever ... enters" ability looks for (CR 603.2)."""
    types: tuple[str, ...] = ()
    yours: bool = True
    another: bool = True
    power_at_most: int | None = None

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        if oid not in g.st.objects or (self.another and oid == me.id):
            return False
        obj = g.st.objects[oid]
        if self.yours and obj.controller != me.controller:
            return False
        c = g.chars(oid)
        if self.types and not any(t in c.types for t in self.types):
            return False
        return self.power_at_most is None or (c.power or 0) <= self.power_at_most


def _target_spec(kind: "str | Target", desc: str) -> TargetSpec:
    if isinstance(kind, Target):
        return TargetSpec("permanent", desc, extra=kind)
    if kind in ("creature", "any", "player"):
        return TargetSpec(kind, desc)
    if kind == "another_creature_you_control":
        return TargetSpec("creature", desc, yours_only=True, another=True)
    if kind == "attacking_creature":
        return TargetSpec("creature", desc, extra=_attacking)
    raise ValueError(f"unknown target kind {kind!r}")


def _attacking(g: "Context", obj: "Obj") -> bool:
    return obj.attacking is not None


def _self_attacks(g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
    return bool(params.get("obj") == me.id)


def _triggered(w: When, label: str, line: int) -> Triggered:
    steps = [compile_effect(e) for e in w.effects]
    condition = w.condition
    if w.event == ATTACKS and condition is None:  # "whenever this creature attacks"
        condition = _self_attacks
    if w.resolve_if is not None:
        steps = [_guarded(w.resolve_if, s) for s in steps]
    return Triggered(w.event, steps, targets=[_target_spec(t, label) for t in w.targets],
                     condition=condition, label=label, line=line, once=w.once)


def _guarded(check: Callable[["Context", "Obj"], bool], step: Step) -> Step:
    """CR 603.4: an intervening "if" is checked again as the ability resolves."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        src = g.st.objects.get(item.source) if item.source is not None else None
        if src is None or not check(g, src):
            return None
        return step(g, item, ctx)
    return run


# ------------------------------------------------------------------ cards
@dataclass
class LayerInfo:
    """What the per-card check needs: the abilities in printed order, escapes used."""
    lines: list[str]
    abilities: list[Ability]
    escapes: int = 0
    words: list[str] = field(default_factory=list)


LAYER: dict[str, LayerInfo] = {}


def card(name: str, *abilities: Ability, **extra: Any) -> CardDef:
    """A card on the layer: keywords from its keyword lines, one ability per other line."""
    from engine.cards.behaviour import printed, rules_lines

    data = printed(name)
    if data is None:
        raise KeyError(f"{name} is not in the card data")
    keywords, lines = rules_lines(data)
    triggered: list[Triggered] = []
    escapes = 0
    spell: dict[str, Any] = {}
    for i, ab in enumerate(abilities):
        label = lines[i] if i < len(lines) else ""
        if isinstance(ab, Spell):  # several spell lines add up: one spell ability, in order
            spell.setdefault("spell_targets", []).extend(_target_spec(t, label) for t in ab.targets)
            spell.setdefault("spell_steps", []).extend(compile_effect(e) for e in ab.effects)
            escapes += sum(isinstance(e, Custom) for e in ab.effects)
            continue
        parts = ab.parts if isinstance(ab, AbilityGroup) else (ab,)
        for w in parts:
            triggered.append(_triggered(w, label, i))
            escapes += sum(isinstance(e, Custom) for e in w.effects)
    LAYER[name] = LayerInfo(lines, list(abilities), escapes,
                            [a.word for a in abilities])
    from engine.cards.keywords import ward_cost
    from engine.cards.mechanics import landcycling
    activated = [ab for ab in (landcycling.parse(t) for t in data.text.splitlines()) if ab is not None]
    extra.setdefault("ward", ward_cost(data.text))  # CR 702.21: Ward {N} from its keyword line
    return CardDef(name, keywords=frozenset(keywords), triggered=triggered,
                   activated=activated + list(extra.pop("activated", [])), **spell, **extra)
