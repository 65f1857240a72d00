"""Card-layer vocabulary for the red and colourless Duskmourn cards of engine/cards/sets/dsk_red.py
(helper cards_r), kept general: reflexive triggers ("When you do, ..."), optional sacrifices
as part of an effect, exiled cards you may play, last known power, control changes, extra
combat phases, "one or more" batched events, "can't gain life", cards from graveyards to
the bottom of libraries, discarding as an additional cost.

Conditions are called `condition(g, me[, params])`; counts `count(g, me)`; effects have
`step()` like those of engine/cards/vocab.py.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step, TargetSpec
from engine.cards.vocab import run_steps, source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

# -- events (CR 603.2) the rules fire for these cards
CREATURES_DIE = "creatures_die"  # creatures died (obj, controller, batch): "whenever one or more creatures die"
DEALT_DAMAGE = "dealt_damage"  # a permanent was dealt damage (obj, amount, batch)
DRAWS = "draw"  # a player drew a card (player)
BECOMES_BLOCKED = "becomes_blocked"  # an attacking creature became blocked (obj, player)
CAST = "cast"  # a player cast a spell (player, obj)


# ------------------------------------------------------------------ reflexive triggers (CR 603.12)
_REFLEXIVE: dict[str, tuple[list[Step], list[TargetSpec]]] = {}


def reflexive_steps(key: str) -> list[Step]:
    return _REFLEXIVE[key][0] if key in _REFLEXIVE else []


def reflexive_specs(key: str) -> list[TargetSpec]:
    return _REFLEXIVE[key][1] if key in _REFLEXIVE else []


@dataclass(frozen=True)
class Reflexive:
    """"When you do, [effects]" — a reflexive triggered ability (CR 603.12): it triggers as
    the action is done, and its targets are chosen as it is put on the stack, where every
    player may respond to it. The effects are kept under a key that is the same in every
    process (saves, LAN games)."""
    effects: tuple[Any, ...]
    targets: tuple[Any, ...] = ()
    desc: str = ""

    def __init__(self, *effects: Any, targets: tuple[Any, ...] = (), desc: str = "") -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "desc", desc)

    def step(self) -> Step:
        from engine.cards.layer import target_spec
        key = f"reflexive{zlib.crc32(repr(self).encode())}"
        _REFLEXIVE[key] = ([e.step() for e in self.effects], [target_spec(t, self.desc) for t in self.targets])

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.st.waiting.append({"source": item.source, "name": item.ctx.get("source_name", item.name),
                                 "ability": -1, "controller": item.controller, "token": False, "def": "",
                                 "delayed": {"action": "reflexive", "key": key, "event": "reflexive",
                                             "player": item.controller}})
        return run


# ------------------------------------------------------------------ sacrifices and exile
@dataclass(frozen=True)
class MaySacrifice:
    """"you may sacrifice [another creature or enchantment | a permanent other than that
    creature or this Equipment]. If you do / When you do, [then]." — the player chooses one
    of their permanents or "nothing" as it resolves (CR 701.17, 608.2d). `what` is a Target
    filter (None: any permanent); the source is never offered, nor (`not_attached`) the
    creature it is attached to."""
    what: Any = None
    not_attached: bool = False
    then: tuple[Any, ...] = ()

    def step(self) -> Step:
        what, not_attached, after = self.what, self.not_attached, [e.step() for e in self.then]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            if "sacrificed" not in ctx:
                p = item.controller
                src = item.source
                att = g.st.objects[src].attached_to if src is not None and src in g.st.objects else None
                cands = [o for o in g.battlefield(p) if o != src and not (not_attached and o == att)
                         and (what is None or what(g, g.st.objects[o]))]
                if not cands:
                    return None
                names = [ref_text(g, ("o", o)) for o in cands]
                if "answer" not in ctx:
                    return Ask(p, "choose_card", names + ["nothing"], "ask.may_sacrifice", {"card": item.name})
                choice = ctx.pop("answer")[0]
                if choice == "nothing":
                    return None
                g.sacrifice(cands[names.index(choice)])
                ctx["sacrificed"] = True
            got = run_steps(after, g, item, ctx, "sacrifice_then")
            if got is None:
                ctx.pop("sacrificed", None)
            return got
        return run


@dataclass(frozen=True)
class ExileEventCreatureMayPlay:
    """"exile it. You may play that card from exile this turn." — the permanent the trigger
    event named, if it is still on the battlefield (CR 400.7); its card may be played by the
    ability's controller this turn (CR 601.2a, 305.1: all costs paid, timing kept)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = ctx.get("event", {}).get("obj")
            if oid not in g.st.objects or g.st.objects[oid].zone != "battlefield":
                return
            token = g.st.objects[oid].token
            new = g.move(oid, "exile", cause="exile")
            if not token:
                g.allow_play(new, item.controller, g.st.turn)
        return run


@dataclass(frozen=True)
class GraveyardCard:
    """A target filter: "target card from a graveyard" (one is required)."""
    what = "card_in_a_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return True


@dataclass(frozen=True)
class PutOnLibraryBottom:
    """"Put target card from a graveyard on the bottom of its owner's library" (CR 401.3)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.move(oid, "library", position=-1, cause="put")
        return run


@dataclass(frozen=True)
class ReturnAsType:
    """"return it to the battlefield under its owner's control. It's an enchantment." — the
    card the dies trigger came from, if it is still in its owner's graveyard (CR 400.7), with
    a type-changing effect that lasts as long as it stays (layer 4, CR 613.1d, 205.1a): its
    types are replaced, and with them the creature types (CR 205.3d)."""
    types: tuple[str, ...] = ("Enchantment",)

    def step(self) -> Step:
        types = self.types

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            card = ctx.get("source_card")
            if card is None or item.ctx.get("token"):  # a token that died is gone (CR 111.7)
                return
            oid = next((o for pl in g.st.players for o in pl.graveyard if g.st.objects[o].card == card), None)
            if oid is None:
                return
            owner = g.st.objects[oid].owner
            new = g.move(oid, "battlefield", controller=owner, cause="return")
            g.add_effect("4", [new], until="game", set_types=list(types), set_subtypes=[])
        return run


# ------------------------------------------------------------------ damage
@dataclass(frozen=True)
class SourcePower:
    """A count: the power of the ability's source, or its power as it last existed on the
    battlefield (CR 113.7a, 608.2h) — "damage equal to its power" from a dies trigger."""

    def __call__(self, g: "Context", me: "Obj") -> int:
        if me.zone == "battlefield":
            return int(g.chars(me.id).power or 0)
        return int(me.ctx.get("lki_power") or 0)


@dataclass(frozen=True)
class DamageToEventPlayer:
    """"this creature deals N damage to them" — the player the trigger event named."""
    n: int

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = ctx.get("event", {}).get("player")
            if isinstance(p, int) and not g.st.players[p].lost:
                g.damage(g.damage_source(item), {"player": p}, n)
        return run


@dataclass(frozen=True)
class DamagedPlayerCantGainLife:
    """"If a player is dealt damage this way, they can't gain life for the rest of the game."
    — after "deals that much damage to any other target": the target, if a player and the
    amount was more than 0 (a rule for the rest of the game, whatever happens to the source)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            if ref is not None and "player" in ref and int(ctx.get("event", {}).get("amount", 0)) > 0:
                g.add_effect("rules", [], until="game", cant_gain_life=ref["player"])
        return run


def cant_gain_life(g: "Context", player: int) -> bool:
    """Is there an effect that says this player can't gain life (CR 119.7)?"""
    return any(e.get("cant_gain_life") == player for e in g.st.effects)


@dataclass(frozen=True)
class TargetDealsPowerToEachOther:
    """"Target creature you control deals damage equal to its power to each other creature."
    — the creature is the source (CR 120.3), its power taken as it resolves (CR 608.2h)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.rules.damage import permanent_source
            a = g.target_obj(item, 0)
            if a is None:
                return
            n = int(g.chars(a).power or 0)
            src = permanent_source(g, a)
            for o in [o for o in g.battlefield() if o != a and g.is_type(o, "Creature")]:
                g.damage(src, {"obj": o}, n)
        return run


def _delayed_effects(event: str, index: int, from_ctx: bool) -> Step:
    """A step that makes a delayed triggered ability for this turn (CR 603.7a) whose effects
    are the card's CardDef.delayed[index]; `from_ctx`: the definition and source name come
    from the resolving ability's context (an ability), else from its name (a spell)."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
        g.st.delayed.append({"event": event, "player": item.controller, "action": "effects",
                             "def": item.ctx.get("def", item.name) if from_ctx else item.name, "index": index,
                             "source": item.ctx.get("source_name", item.name) if from_ctx else item.name,
                             "this_turn": g.st.turn})
    return run


@dataclass(frozen=True)
class WheneverYourCreatureDiesThisTurn:
    """"Until end of turn, whenever a creature you control dies, [effects]." — a delayed
    triggered ability made as the spell resolves (CR 603.7a), triggering each time until the
    turn ends. The layer keeps its effects on the card (CardDef.delayed) and gives the index."""
    effects: tuple[Any, ...]
    index: int = -1
    is_delayed = True

    def __init__(self, *effects: Any, index: int = -1) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "index", index)

    def step(self) -> Step:
        return _delayed_effects("your_creature_dies", self.index, from_ctx=False)


@dataclass(frozen=True)
class OpponentChoosesOne:
    """"That player chooses one of those creatures. [This] deals N damage to that creature, and
    the other can't block this turn." — the targets' controller chooses among the targets still
    legal (a decision even with one left: the ruling of Trial of Agony)."""
    damage: int

    def step(self) -> Step:
        n = self.damage

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            legal = [o for o in (g.target_obj(item, i) for i in range(len(item.targets))) if o is not None]
            if not legal:
                return None
            names = [ref_text(g, ("o", o)) for o in legal]
            if "answer" not in ctx:
                return Ask(g.st.objects[legal[0]].controller, "choose_card", names, "ask.choose_one_of_these",
                           {"card": item.name})
            chosen = legal[names.index(ctx.pop("answer")[0])]
            g.damage(g.damage_source(item), {"obj": chosen}, n)
            others = [o for o in legal if o != chosen and o in g.st.objects]
            if others:
                g.add_effect("rules", others, flags=["cant_block"])
        return run


# ------------------------------------------------------------------ control, untap, combat
@dataclass(frozen=True)
class GainControlUntilEot:
    """"Gain control of target creature until end of turn." (CR 613.1b, layer 2; control is kept
    on the object, and given back as "until end of turn" effects end, CR 514.2). Auras and
    Equipment attached to it stay with their controller."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            obj = g.st.objects[oid]
            if obj.controller != item.controller:
                g.add_effect("rules", [], control_back={"obj": oid, "to": obj.controller})
                g.update(oid, controller=item.controller, sick=True)  # CR 302.6
        return run


@dataclass(frozen=True)
class UntapTarget:
    """Untap the target (CR 701.21)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.update(oid, tapped=False)
        return run


@dataclass(frozen=True)
class AdditionalCombat:
    """"After this phase, there is an additional combat phase." (CR 500.8) — no additional main
    phase: the end of combat step is followed by a beginning of combat step."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.mark_turn("extra_combat")
        return run


@dataclass(frozen=True)
class FirstAttackThisTurn:
    """An event condition: "whenever this creature attacks for the first time each turn"."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("obj") == me.id and int(g.st.this_turn.get(f"attacked:{me.id}", 0)) == 1


@dataclass(frozen=True)
class YourTurn:
    """A condition: "during your turn"."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return g.st.active == me.controller


@dataclass(frozen=True)
class OpponentOf:
    """An event condition: the event's player is an opponent ("Whenever an opponent draws")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("player") is not None and params.get("player") != me.controller


@dataclass(frozen=True)
class EventIsThis:
    """An event condition: the event is about this permanent ("Whenever this creature is dealt
    damage")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("obj") == me.id


@dataclass(frozen=True)
class YourCreature:
    """An event condition: the event's permanent is a creature you control ("Whenever a
    creature you control becomes blocked")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        return oid in g.st.objects and g.st.objects[oid].controller == me.controller and g.is_type(oid, "Creature")


@dataclass(frozen=True)
class CountersOnThis:
    """A count: counters of a kind on this permanent ("the number of rev counters on this
    Equipment")."""
    kind: str

    def __call__(self, g: "Context", me: "Obj") -> int:
        return int(me.counters.get(self.kind, 0))


# ------------------------------------------------------------------ additional costs
@dataclass(frozen=True)
class DiscardAsCost:
    """"As an additional cost to cast this spell, discard a card." (CR 601.2b, 601.2h): chosen
    and discarded as the spell is cast; the spell remembers the card's types."""
    word: str = ""

    def layer_kw(self) -> dict[str, Any]:
        from engine.cards.model import SacrificeCost
        return {"additional": SacrificeCost(TargetSpec("card", "a card"), discard=True)}


@dataclass(frozen=True)
class DiscardedWasNot:
    """A condition on the spell: "if the discarded card wasn't a [land] card"."""
    card_type: str

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        types = me.ctx.get("discarded_types")
        return types is not None and self.card_type not in types


def discard_cost_options(g: "Context", p: int, spell: int | None) -> list[int]:
    """The cards p could discard for the spell's additional cost (not the spell itself)."""
    return [o for o in g.st.players[p].hand if o != spell]


def source_still_here(g: "Context", item: "Obj") -> int | None:
    return source_id(g, item)


@dataclass(frozen=True)
class AnyOtherTarget:
    """A target filter: "any other target" — a creature, planeswalker or player, not the
    ability's own source (CR 115.4)."""
    what = "any"
    another = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return True


# ------------------------------------------------------------------ gained activated abilities
_WITH: dict[tuple[str, tuple[str, ...]], Any] = {}


def with_activated(defn: Any, names: tuple[str, ...]) -> Any:
    """A card definition that also has the activated abilities (mana abilities too, CR 605.1a)
    of these cards' definitions; each gained ability remembers its own card and index, so it
    resolves as printed there, with this permanent as its source ("this creature" is this
    one: the ruling of Marvin, Murderous Mimic). Kept per combination: the same objects in
    every position."""
    import dataclasses
    from engine.cards.behaviour import card_def
    key = (defn.name, names)
    got = _WITH.get(key)
    if got is None:
        extra = []
        for name in names:
            other = card_def(name)
            if other is None:
                continue
            nonmana = other.nonmana_abilities()
            for ab in other.activated:
                if ab.zone != "battlefield":
                    continue  # cycling and the like work from a hand only (CR 113.6)
                origin = (name, nonmana.index(ab)) if not ab.mana else None
                extra.append(dataclasses.replace(ab, origin=origin))
        got = _WITH[key] = dataclasses.replace(defn, activated=list(defn.activated) + extra)
    return got


@dataclass(frozen=True)
class HasActivatedAbilitiesOf:
    """"[This] has all activated abilities of creatures you control that don't have the same
    name as this creature." — a static ability in layer 6 (CR 613.1f): it gains activated
    abilities only, none triggered or static. The creatures are read from their printed
    characteristics (face-down and token creatures give none)."""
    word: str = ""

    def static_fn(self) -> Any:
        def effects(g: "Context", me: "Obj") -> list[dict[str, Any]]:
            names = sorted({g.st.objects[o].name for o in g.battlefield(me.controller)
                            if o != me.id and not g.st.objects[o].face_down and not g.st.objects[o].token
                            and "Creature" in g.printed_types(o) and g.st.objects[o].name != me.name})
            if not names:
                return []
            return [{"layer": "6", "ids": [me.id], "ts": me.timestamp, "gain_activated": names}]
        return effects


# ------------------------------------------------------------------ copying spells (CR 707.10)
def copy_spell(g: "Context", oid: int, controller: int) -> int:
    """Put a copy of a spell on the stack (CR 707.10): the same targets, modes and X, and what
    its additional costs decided (Grab the Prize's discarded card); it is not cast (CR 707.10)
    and ceases to exist when it leaves the stack (CR 707.10a)."""
    from engine.rules.zones import new_object, put_on_stack
    orig = g.st.objects[oid]
    new = new_object(g, orig.name, controller, "stack")
    # CR 707.10: a copy of a spell is not a card — on the stack it is like a token spell
    new.kind, new.token, new.controller = "token", True, controller
    new.targets = [dict(t) for t in orig.targets]
    new.x, new.modes, new.alt = orig.x, list(orig.modes), orig.alt
    new.ctx = {"copy": True, **{k: v for k, v in orig.ctx.items() if k in ("discarded_types", "from")}}
    put_on_stack(g, new.id)
    g.event("copy", card=orig.name, obj=new.id, player=g.pname(controller))
    return new.id


def _new_targets(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
    """"You may choose new targets for the copy." (CR 707.10c): target by target, the copy's
    controller keeps it ("keep") or names another legal one — not one the copy already has
    for another target word (CR 115.3)."""
    from engine.format import ref_text
    from engine.rules import targets as tg
    copy = g.st.objects.get(ctx.get("copy_id", -1))
    if copy is None or copy.zone != "stack":
        return None
    specs = tg.item_specs(g, copy)
    while ctx.get("copy_i", 0) < min(len(specs), len(copy.targets)):
        i = ctx.get("copy_i", 0)
        now = copy.targets[i]
        current = ("o", now["obj"]) if "obj" in now else ("p", now["player"])
        taken = [("o", t["obj"]) if "obj" in t else ("p", t["player"]) for t in copy.targets]
        refs = [r for r in tg.options(g, specs[now.get("slot", i)], copy.controller, copy.source)
                if r != current and r not in taken and r != ("o", copy.id)]
        if refs:
            names = [ref_text(g, r) for r in refs]
            if "answer" not in ctx:
                return Ask(copy.controller, "choose_card", ["keep"] + names, "ask.copy_target",
                           {"card": copy.name, "target": ref_text(g, current)})
            answer = ctx.pop("answer")[0]
            if answer != "keep":
                ref = refs[names.index(answer)]
                g.update(copy.id, targets=[{**tg.as_dict(ref), **({"slot": t["slot"]} if "slot" in t else {})}
                                           if k == i else t for k, t in enumerate(copy.targets)])
        ctx["copy_i"] = i + 1
    ctx.pop("copy_i", None)
    return None


@dataclass(frozen=True)
class CopyEventSpell:
    """"copy that spell. You may choose new targets for the copy." — the spell the trigger
    event named, if it is still on the stack; the copy is controlled by this ability's
    controller."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "copy_id" not in ctx:
                oid = ctx.get("event", {}).get("obj")
                if oid not in g.st.objects or g.st.objects[oid].zone != "stack":
                    return None
                ctx["copy_id"] = copy_spell(g, oid, item.controller)
            got = _new_targets(g, item, ctx)
            if got is None:
                ctx.pop("copy_id", None)
            return got
        return run


@dataclass(frozen=True)
class InstantOrSorceryCast:
    """An event condition: you cast an instant or sorcery spell (`single_creature`: "that
    targets only a single creature you control" — every target is that one creature)."""
    single_creature: bool = False

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        if params.get("player") != me.controller or oid not in g.st.objects:
            return False
        spell = g.st.objects[oid]
        if not g.printed_types(oid) & {"Instant", "Sorcery"}:
            return False
        if not self.single_creature:
            return True
        objs = {t.get("obj") for t in spell.targets}
        if len(objs) != 1 or any("player" in t for t in spell.targets):
            return False
        target = next(iter(objs))
        return (target in g.st.objects and g.st.objects[target].zone == "battlefield"
                and g.is_type(target, "Creature") and g.st.objects[target].controller == me.controller)


@dataclass(frozen=True)
class CountersThenIfAtLeast:
    """"put a [kind] counter on this [permanent]. Then if there are N or more [kind] counters
    on it, remove those counters and it deals D damage to you." (Cursed Recording)"""
    kind: str
    at_least: int
    damage_to_you: int

    def step(self) -> Step:
        kind, n, d = self.kind, self.at_least, self.damage_to_you

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is None:
                return
            g.add_counters(oid, kind, 1)
            have = g.st.objects[oid].counters.get(kind, 0)
            if have >= n:
                g.add_counters(oid, kind, -have)
                g.damage(g.damage_source(item), {"player": item.controller}, d)
        return run


@dataclass(frozen=True)
class WhenYouNextCastThisTurn:
    """"When you next cast an instant or sorcery spell this turn, [effects]." — a delayed
    triggered ability (CR 603.7a, 603.7c: once), ending with the turn; the layer keeps its
    effects on the card (CardDef.delayed) and gives the index."""
    effects: tuple[Any, ...]
    index: int = -1
    is_delayed = True

    def __init__(self, *effects: Any, index: int = -1) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "index", index)

    def step(self) -> Step:
        return _delayed_effects("next_instant_or_sorcery", self.index, from_ctx=True)


@dataclass(frozen=True)
class OpeningHand:
    """"If this card is in your opening hand, you may begin the game with it on the
    battlefield." (CR 103.6; engine/rules/setup.py asks after the mulligans)."""
    word: str = ""

    def layer_kw(self) -> dict[str, Any]:
        return {"opening_hand": True}


# ------------------------------------------------------------------ The Rollercrusher Ride
DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM = "double_noncombat_damage_with_delirium"


def noncombat_damage_factor(g: "Context", controller: Any) -> int:
    """"If a source you control would deal noncombat damage to a permanent or player while
    there are four or more card types among cards in your graveyard, it deals double that
    damage instead." (a replacement effect, CR 614.1a; each such permanent doubles once more)."""
    if not isinstance(controller, int) or not 0 <= controller < len(g.st.players):
        return 1
    n = sum(1 for _, obj, c in g.perms(controller) if c.defn is not None
            for r in c.defn.player_rules if r == DOUBLE_NONCOMBAT_DAMAGE_WITH_DELIRIUM)
    if not n:
        return 1
    from engine.cards.mechanics.delirium import card_types_in_graveyard
    return 2 ** n if card_types_in_graveyard(g, controller) >= 4 else 1


@dataclass(frozen=True)
class UpToXTargets:
    """A target kind: "each of up to X target [creatures]" — as many target words as the X
    paid for the permanent's spell (CR 107.3m), each "up to", distinct (CR 115.3)."""
    kind: str = "creature"
    what = "creature"
    up_to = True
    per_x = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Creature" in g.chars(obj.id).types


@dataclass(frozen=True)
class SourceX:
    """A count: the X paid for this permanent's spell (CR 107.3m)."""

    def __call__(self, g: "Context", me: "Obj") -> int:
        return int(me.x)


@dataclass(frozen=True)
class DamageEachTarget:
    """"deals N damage to each of [the targets]" — every target still legal (CR 608.2b)."""
    n: Any

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.cards.vocab import amount
            x = amount(n, g, item)
            src = g.damage_source(item)
            for i in range(len(item.targets)):
                ref = g.target_ref(item, i)
                if ref is not None:
                    g.damage(src, ref, x)
        return run


# ------------------------------------------------------------------ Haunted Screen
@dataclass(frozen=True)
class ManaAbility:
    """A mana ability the plain mana lines don't read: "{T}, Pay 1 life: Add {G}, {U}, or {R}."
    (CR 605.1a, 119.4)."""
    colors: tuple[str, ...]
    life: int = 0
    word: str = ""

    def activated_fn(self, label: str) -> Any:
        from engine.cards.model import Activated
        return Activated(tap=True, mana=self.colors, life=self.life, label=label)


@dataclass(frozen=True)
class BecomesCreatureThis:
    """"It becomes a P/T [subtype] creature in addition to its other types." — with no
    duration: for as long as it stays on the battlefield (layers 4 and 7b, CR 613.1d, 613.4b)."""
    power: int
    toughness: int
    subtypes: tuple[str, ...] = ()

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is None:
                return
            g.add_effect("4", [oid], until="game", add_types=["Creature"], add_subtypes=list(e.subtypes))
            g.add_effect("7b", [oid], until="game", power=e.power, toughness=e.toughness)
        return run


@dataclass(frozen=True)
class OpponentsCreature:
    """A target filter: a creature an opponent controls; `same_controller_as=K`: controlled by
    the same player as the K-th target ("two target creatures controlled by the same
    opponent", engine/rules/targets.py related_ok)."""
    same_controller_as: int | None = None
    what = "creature"
    opponent = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Creature" in g.chars(obj.id).types


@dataclass(frozen=True)
class CreatureOfEventPlayer:
    """A triggered ability's target filter: "target creature that player controls" — the
    player the trigger event named (engine/rules/triggers.py offers only their creatures)."""
    what = "creature"
    of_event_player = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return "Creature" in g.chars(obj.id).types
