"""Building a CardDef from a card's printed data and its abilities: `card()`, the per-card
information (`LAYER`) the check and coverage read.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from engine.cards.layer.abilities import (Ability, AbilityGroup, Activate, Choose, EntersTapped, Spell, Static, When,
                                          WhenChoose)
from engine.cards.layer.statics import compile_static, cost_reduction, door_gate, gated_static
from engine.cards.layer.targets import target_spec
from engine.cards.model import Activated, CardDef, Mode, Step, TargetSpec, Triggered
from engine.cards.vocab.core import Custom, compile_effect
from engine.cards.vocab.costs import CostsLess, Discount
from engine.cards.vocab.counters import EntersWith
from engine.cards.vocab.events import ATTACKS, COMBAT_DAMAGE_PLAYER
from engine.cards.vocab.graveyard import CastFromGraveyard
from engine.cards.vocab.mana import ManaAbility
from engine.rules.as_enters import reveal_options
from engine.cards.vocab.player_rules import OpeningHand, PlayerRule
from engine.cards.vocab.reflexive import Reflexive
from engine.state import Obj
from engine.rules.card_terms import AllModesIfCastFor, AsEntersChoice, BeginInPlay, Uncounterable
from engine.rules.effects import CostChange
from engine.rules.rule_changes import DoorRule
from engine.cards.behaviour import printed
from engine.cards.data import CardData
from engine.cards.behaviour import rules_lines
from engine.cards.keywords import ward_cost
from engine.cards.mechanics import auto_lines, hideaway, level_up, persist
from engine.cards.behaviour import BASIC_MANA
from engine.rules.characteristics import split_type_line
from engine.cards.vocab.core import last_known

if TYPE_CHECKING:
    from engine.rules.context import Context


def _self_attacks(g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
    return bool(params.get("obj") == me.id)


def _triggered(w: When, label: str, line: int, door: str, active: Any = None,
               kw: dict[str, Any] | None = None) -> Triggered:
    # (with the card being built, `kw`: a delayed ability among the effects is kept on the card)
    steps = [compile_effect(e) if kw is None else _compile(e, kw) for e in w.effects]
    condition = w.condition
    if w.event in (ATTACKS, COMBAT_DAMAGE_PLAYER) and not getattr(condition, "any_creature", False):
        # "whenever this creature attacks / deals combat damage to a player"
        condition = _self_attacks if condition is None else _both(_self_attacks, condition)
    if w.resolve_if is not None:
        steps = [_guarded(w.resolve_if, s) for s in steps]
    return Triggered(w.event, steps, targets=[target_spec(t, label) for t in w.targets],
                     condition=condition, label=label, line=line, once=w.once, door=door, zone=w.zone,
                     active=active, once_each_turn=w.once_each_turn)


def triggered_of(w: When, label: str) -> Triggered:
    """A triggered ability made outside a card (an emblem's, CR 114.4)."""
    return _triggered(w, label, 0, "")


def _both(a: Any, b: Any) -> Callable[["Context", "Obj", dict[str, Any]], bool]:
    return lambda g, me, params: bool(a(g, me, params) and b(g, me, params))


def _guarded(check: Callable[["Context", "Obj"], bool], step: Step) -> Step:
    """CR 603.4: an intervening "if" is checked again as the ability resolves — with the
    source's last known information if it has left the battlefield (CR 608.2h)."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        src = None if item.source is None else (g.st.objects.get(item.source) or g.st.lki.get(item.source))
        if src is None and item.source is not None:
            src = last_known(g, item.source)  # CR 113.7a: as it last existed on the battlefield
        if src is None and "source_lki" in item.ctx:  # the source left: its last known information
            src = Obj(**item.ctx["source_lki"])
        # a condition about its controller (delirium, "if you sacrificed") is read from the
        # ability itself when the source is gone without a trace (CR 113.7a, 603.4)
        if not check(g, src if src is not None else item):
            return None
        return step(g, item, ctx)
    return run


@dataclass
class LayerInfo:
    """What the per-card check needs: the abilities in printed order, escapes used."""
    lines: list[str]
    abilities: list[Ability]
    escapes: int = 0
    words: list[str] = field(default_factory=list)
    widths: list[int] = field(default_factory=list)


LAYER: dict[str, LayerInfo] = {}


def width(ab: Ability) -> int:
    """How many printed lines an ability takes: a modal spell's "Choose one —" and bullets."""
    if isinstance(ab, Activate) and ab.choose is not None:
        return 1 + len(ab.choose.options)
    if isinstance(ab, (PlayerRule, EntersWith)) and ab.shares_line:
        return 0  # (a part of the line the next ability takes)
    return 1 + len(ab.options) if isinstance(ab, (Choose, WhenChoose)) else 1


def _compile(e: Any, kw: dict[str, Any]) -> Step:
    """An effect's step; a delayed ability's effects are kept on the card under an index."""
    if getattr(e, "is_delayed", False):
        kw.setdefault("delayed", []).append([compile_effect(x) for x in e.effects])
        index = len(kw["delayed"]) - 1
        return compile_effect(e.with_index(index) if hasattr(e, "with_index") else type(e)(*e.effects, index=index))
    return compile_effect(e)


def _with_reflexive(w: When, kw: dict[str, Any], label: str) -> When:
    """A "When you do, ..." inside a triggered ability's effect (`then=Reflexive(...)`, or a
    Reflexive among `then=(...)`): its targets and effects are kept on the card
    (CardDef.reflexive, CR 603.12) under an index."""
    effects = with_reflexives(w.effects, kw, label)
    if effects == list(w.effects):
        return w
    return When(w.event, *effects, targets=w.targets, condition=w.condition, resolve_if=w.resolve_if, word=w.word,
                once=w.once, zone=w.zone, once_each_turn=w.once_each_turn)


def with_reflexives(effects_in: Any, kw: dict[str, Any], label: str) -> list[Any]:
    """The effects with each Reflexive in their `then` given its index on the card (an
    activated or loyalty ability's too: "You may sacrifice a creature. When you do, ...")."""

    def indexed(r: Any) -> Any:
        if not isinstance(r, Reflexive) or r.index >= 0:
            return r
        kw.setdefault("reflexive", []).append(([target_spec(t, label) for t in r.targets],
                                               [compile_effect(x) for x in r.effects]))
        return Reflexive(*r.effects, targets=r.targets, index=len(kw["reflexive"]) - 1, amount=r.amount)

    effects = []
    for e in effects_in:
        r = getattr(e, "then", None)
        new_r = tuple(indexed(x) for x in r) if isinstance(r, tuple) else indexed(r)
        if new_r != r:
            e = dataclasses.replace(e, then=new_r)
        effects.append(e)
    return effects


def _escapes(effects: tuple[Any, ...]) -> int:
    return sum(isinstance(e, Custom) for e in effects)


def card(name: str, *abilities: Ability, **extra: Any) -> CardDef:
    """A card on the layer: keywords from its keyword lines, one ability per other line."""

    data = printed(name)
    if data is None:
        raise KeyError(f"{name} is not in the card data")
    return _build(name, data, abilities, extra, record=True)


def token(data: dict[str, Any], *abilities: Ability) -> CardDef:
    """A predefined token on the layer (CR 111.4): its characteristics are the dict
    `register_token` keeps (name, "def" — the definition's name when several tokens share a
    name —, type line, colours, P/T, text); one ability per rules line of its text, as for a
    card. Tokens are not in LAYER (the per-card check reads printed cards)."""
    printed_data = CardData(name=data["name"], set="", number="", mana_cost=None, type_line=data["type_line"],
                            text=data.get("text", ""), colors=tuple(data.get("colors", ())),
                            power=data.get("power"), toughness=data.get("toughness"))
    return _build(data.get("def", data["name"]), printed_data, abilities, {"token": True}, record=False)


def _build(name: str, data: Any, abilities: tuple[Ability, ...], extra: dict[str, Any], record: bool) -> CardDef:

    keywords, lines = rules_lines(data)
    doors = auto_lines.doors(data)
    # a leveler's band abilities exist only while it is in that band (CR 710.2)
    bands: list[Any] = level_up.line_bands(data) if level_up.is_leveler(data) else []
    kw: dict[str, Any] = {"triggered": [], "activated": [], "statics": []}
    escapes = 0
    i = 0
    for ab in abilities:
        label = lines[i] if i < len(lines) else ""
        door = doors[i] if i < len(doors) else ""
        gate = bands[i] if i < len(bands) else None
        if isinstance(ab, Spell):  # several spell lines add up: one spell ability, in order
            kw.setdefault("spell_targets", []).extend(target_spec(t, label) for t in ab.targets)
            kw.setdefault("spell_steps", []).extend(_compile(e, kw) for e in ab.effects)
            escapes += _escapes(ab.effects)
        elif isinstance(ab, WhenChoose):
            modes = [Mode(lines[i + 1 + k] if i + 1 + k < len(lines) else "",
                          targets=[target_spec(t, lines[i + 1 + k] if i + 1 + k < len(lines) else label)
                                   for t in o.targets],
                          steps=[_compile(e, kw) for e in o.effects])
                     for k, o in enumerate(ab.options)]
            condition = ab.condition
            if ab.event in (ATTACKS, COMBAT_DAMAGE_PLAYER) and not getattr(condition, "any_creature", False):
                condition = _self_attacks if condition is None else _both(_self_attacks, condition)
            kw["triggered"].append(Triggered(ab.event, [], condition=condition, label=label, line=i, door=door,
                                             modes=modes, unchosen=ab.unchosen, zone=ab.zone,
                                             choose=ab.choose, repeat=ab.repeat, all_if=ab.all_if))
            for event, cond in ab.also:  # the line's other events: the same modes (CR 603.2)
                kw["triggered"].append(Triggered(event, [], condition=cond, label=label, line=i, door=door,
                                                 modes=modes, unchosen=ab.unchosen, zone=ab.zone,
                                                 choose=ab.choose, repeat=ab.repeat, all_if=ab.all_if))
            escapes += sum(_escapes(o.effects) for o in ab.options)
        elif isinstance(ab, Choose):
            kw["modes"] = [Mode(lines[i + 1 + k] if i + 1 + k < len(lines) else "",
                                targets=[target_spec(t, lines[i + 1 + k] if i + 1 + k < len(lines) else label)
                                         for t in o.targets],
                                steps=[compile_effect(e) for e in o.effects])
                           for k, o in enumerate(ab.options)]
            kw["max_modes"] = ab.most
            if ab.more_if is not None:
                kw["more_modes"] = ab.more_if
            if ab.more_if_alt:
                kw.setdefault("terms", []).append(AllModesIfCastFor(ab.more_if_alt))
            escapes += sum(_escapes(o.effects) for o in ab.options)
        elif isinstance(ab, Activate):
            other = None
            if ab.sacrifice_other is not None:
                verb = {"return": "Return ", "exile": "Exile "}.get(ab.other_action, "Sacrifice ")
                what = label.split(verb, 1)[-1].split(":")[0]  # "another creature or enchantment"
                other = TargetSpec("permanent", what, extra=ab.sacrifice_other)
            tap_other = None
            if ab.tap_other is not None:
                what = label.split("Tap ", 1)[-1].split(":")[0]  # "another untapped creature you control"
                tap_other = TargetSpec("permanent", what, extra=ab.tap_other, status=True)
            kw["activated"].append(Activated(
                cost=ab.cost, tap=ab.tap, sacrifice=ab.sacrifice, sorcery=ab.sorcery, sacrifice_other=other, once=ab.once,
                zone=ab.zone, discard_self=ab.discard, tap_other=tap_other, exile_named=ab.exile_named,
                condition=ab.condition, self_to=ab.self_to, other_action=ab.other_action, other_count=ab.other_n,
                modes=[Mode(lines[i + 1 + k] if i + 1 + k < len(lines) else "",
                            targets=[target_spec(t, lines[i + 1 + k] if i + 1 + k < len(lines) else label)
                                     for t in o.targets],
                            steps=[compile_effect(e) for e in o.effects])
                       for k, o in enumerate(ab.choose.options)] if ab.choose is not None else [],
                targets=[target_spec(t, label) for t in ab.targets],
                steps=[_compile(e, kw) for e in ab.effects], label=label, active=gate))
            escapes += _escapes(ab.effects)
        elif isinstance(ab, OpeningHand):
            kw.setdefault("terms", []).append(BeginInPlay(label))
        elif isinstance(ab, ManaAbility):
            fixed = isinstance(ab.amount, int)  # or a count: "Add X mana ..." (CR 107.3)
            kw["activated"].append(Activated(tap=True, mana=ab.colors, counter=ab.counter,
                                             amount=ab.amount if fixed else 1, count=None if fixed else ab.amount,
                                             spend_only=ab.spend_only, life=ab.life, label=label))
        elif isinstance(ab, CostsLess):
            kw["cost_reduction"] = cost_reduction(ab)
        elif isinstance(ab, EntersTapped):
            unless = ab.unless
            kw["enters_tapped"] = (lambda g, o: True) if unless is None else (lambda g, o, u=unless: not u(g, o))
            if ab.choose:
                kw.setdefault("terms", []).append(AsEntersChoice(ab.choose))
            if ab.reveal:  # tapped unless a card is revealed: with none to reveal, tapped at once
                kw["enters_tapped"] = lambda g, o, r=ab.reveal: not reveal_options(g, o.controller, r)
                kw.setdefault("terms", []).append(AsEntersChoice("reveal:" + "|".join(ab.reveal)))
        elif isinstance(ab, Static):
            if gate is None and door:  # a Room door's ability works only while it is unlocked (CR 709.5)
                gate = door_gate(door)
            kw["statics"].append(compile_static(ab, door) if gate is None else gated_static(compile_static(ab, door), gate))
        elif hasattr(ab, "activated_fn"):  # a mana ability the mana lines don't read (with a life cost)
            kw["activated"].append(ab.activated_fn(label))
        elif hasattr(ab, "static_fn"):  # a static ability of a vocabulary module (its own effects)
            kw["statics"].append(ab.static_fn())
        elif isinstance(ab, PlayerRule):
            # a Room door's rule holds while that door is unlocked (CR 709.5)
            kw.setdefault("player_rules", []).extend(DoorRule(door, r) if door else r for r in ab.rules)
        elif isinstance(ab, Discount):
            kw.setdefault("discounts", []).append(CostChange.of(ab.what, ab.n, ab.per))
        elif isinstance(ab, CastFromGraveyard):
            # (no condition: "You may cast this card from your graveyard.")
            kw.setdefault("terms", []).append(ab)
        elif hasattr(ab, "add_to"):
            ab.add_to(kw, label, door)
        elif isinstance(ab, EntersWith):
            if ab.others:
                raise ValueError(f"{name}: other permanents entering with counters is a static ability: Static({ab!r})")
            kw.setdefault("enters_with", []).append((ab.kind, ab.n, ab.condition))
            if ab.tapped:  # "enters tapped with ..." (CR 614.1c)
                kw["enters_tapped"] = lambda g, o: True
        else:
            parts = ab.parts if isinstance(ab, AbilityGroup) else (ab,)
            parts = tuple(_with_reflexive(w, kw, label) for w in parts)
            for w in parts:
                kw["triggered"].append(_triggered(w, label, i, door, gate, kw))
                escapes += _escapes(w.effects)
        i += width(ab)
    for line in data.text.splitlines():  # persist, undying: a triggered ability read from its keyword line
        kind = persist.parse(line)
        if kind is not None:
            kw["triggered"].append(_triggered(persist.ability(kind), line.strip(), len(lines), ""))
        hidden = hideaway.parse(line)  # Hideaway N (CR 702.75a)
        if hidden is not None:
            kw["triggered"].append(_triggered(hideaway.ability(hidden), line.strip(), len(lines), ""))
    if record:
        LAYER[name] = LayerInfo(lines, list(abilities), escapes, [a.word for a in abilities],
                                [width(a) for a in abilities])
    auto = level_up.activated(data) if level_up.is_leveler(data) else auto_lines.activated(data)
    auto = _intrinsic_mana(data) + auto
    kw["activated"] = auto + kw["activated"] + list(extra.pop("activated", []))
    kw.setdefault("terms", []).extend(t for t in (auto_lines.impending(data), auto_lines.flashback(data))
                                      if t is not None)
    if auto_lines.uncounterable(data):
        kw["terms"].append(Uncounterable())
    if "spell_targets" not in kw and auto_lines.enchant_target(data):
        kw["spell_targets"] = auto_lines.enchant_target(data)
    extra.setdefault("ward", ward_cost(data.text))  # CR 702.21: Ward {N} from its keyword line
    return CardDef(name, keywords=frozenset(keywords), **kw, **extra)


def _intrinsic_mana(data: Any) -> list[Activated]:
    """A land's basic land types give it "{T}: Add [mana]" (CR 305.6): "Land — Swamp Mountain"
    taps for {B} or {R} (one ability making either: the same choice as the two)."""

    _, types, subs = split_type_line(data.type_line)
    colours = tuple(BASIC_MANA[s] for s in subs if s in BASIC_MANA)
    if "Land" not in types or not colours:
        return []
    label = "{T}: Add " + " or ".join("{" + c + "}" for c in colours) + "."
    return [Activated(tap=True, mana=colours, label=label)]
