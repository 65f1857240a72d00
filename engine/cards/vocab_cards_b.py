"""Card-layer vocabulary for graveyards, sacrifice, life and "return it" (helper cards_b,
the black Duskmourn cards): small frozen dataclasses, each knowing its engine step
(filters are called `filter(g, obj)`, conditions `condition(g, me[, params])`).

Events a `When` can wait for (fired by engine/rules): "creature_dies" (obj, controller,
token), "sacrificed" (player, obj), "leave_graveyard" (player, obj), "damaged" (obj,
amount, combat), "player_damaged" (player, amount, combat), "gain_life" (player, amount).
A leaves-the-battlefield ability finds the card its source or event object became in
`ctx["event"]["new_obj"]` (CR 400.7: "return it" means that new object, if it is still
where it went).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab import TARGET, THIS, amount, run_steps, source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

CREATURE_DIES = "creature_dies"  # "Whenever a creature [you control / an opponent controls] dies"
SACRIFICED = "sacrificed"  # "Whenever you sacrifice a permanent"
LEAVE_GRAVEYARD = "leave_graveyard"  # "Whenever one or more cards leave your graveyard"
DAMAGED = "damaged"  # "When enchanted creature is dealt damage"
PLAYER_DAMAGED = "player_damaged"  # "Whenever enchanted player is dealt damage"
GAIN_LIFE = "gain_life"  # "Whenever you gain life"


# ------------------------------------------------------------------ filters and conditions
@dataclass(frozen=True)
class GraveyardCard:
    """A target filter: "target [creature] card from your graveyard" (CR 115.1)."""
    types: tuple[str, ...] = ()
    what = "card_in_your_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return not self.types or bool(g.printed_types(obj.id) & set(self.types))


@dataclass(frozen=True)
class OpponentPlayer:
    """A target: "target opponent" (a player other than you, CR 102.2)."""
    what = "player"
    opponent = True

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return False  # no object is an opponent


@dataclass(frozen=True)
class Yours:
    """An event condition: the event's player is you ("Whenever you gain life", "Whenever you
    sacrifice a permanent", "... leave your graveyard")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return bool(params.get("player") == me.controller)


@dataclass(frozen=True)
class CreatureDied:
    """An event condition for CREATURE_DIES: a creature you control ("you") or an opponent
    controls ("opponent") died; `nontoken` for "nontoken creature"."""
    whose: str = "you"

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        mine = params.get("controller") == me.controller
        return mine if self.whose == "you" else not mine


@dataclass(frozen=True)
class IsAttachedTo:
    """An event condition: the event's object is the permanent this Aura enchants
    ("When enchanted creature is dealt damage")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return me.attached_to is not None and params.get("obj") == me.attached_to


@dataclass(frozen=True)
class IsEnchantedPlayer:
    """An event condition: the event's player is the player this Aura enchants
    ("Whenever enchanted player is dealt damage")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        p = me.ctx.get("enchanted_player")
        return p is not None and params.get("player") == p


@dataclass(frozen=True)
class DefendingPlayerControlsNo:
    """"if defending player controls no [Glimmer] creatures" (CR 506.2: the player this
    creature attacks). As an intervening "if" it is checked again on resolution (CR 603.4)."""
    subtype: str

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        d = me.attacking
        if d is None:
            return True
        return not any(g.is_type(o, "Creature") and self.subtype in g.chars(o).subtypes for o in g.battlefield(d))


@dataclass(frozen=True)
class HadNoCounters:
    """"if it had no counters on it" — the permanent as it last existed (CR 603.10a)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return not any(n > 0 for n in me.counters.values())


@dataclass(frozen=True)
class WasCast:
    """"if it was cast" — it entered as a resolving permanent spell (CR 601.2, 608.3)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return bool(me.ctx.get("cast"))


@dataclass(frozen=True)
class WasCreature:
    """"if it was a creature" — as it last existed on the battlefield (CR 603.10a)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return me.id in g.st.objects and g.is_type(me.id, "Creature")


@dataclass(frozen=True)
class SpellX:
    """A count: the X paid for this permanent's spell (CR 107.3m: "X" in its enters ability)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return int(me.ctx.get("x", 0))


# ------------------------------------------------------------------ effects: cards and zones
def _event_new(g: "Context", ctx: dict[str, Any], zone: str = "graveyard") -> int | None:
    oid = ctx.get("event", {}).get("new_obj")
    return oid if oid is not None and oid in g.st.objects and g.st.objects[oid].zone == zone else None


@dataclass(frozen=True)
class ReturnTargetCard:
    """"Return target [creature] card from your graveyard to your hand / to the battlefield"
    (under its owner's control, CR 110.2)."""
    to: str = "hand"  # hand | battlefield

    def step(self) -> Step:
        to = self.to

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            g.move(oid, to, cause="return")
        return run


@dataclass(frozen=True)
class ReturnIt:
    """"return it [this card / that card] to the battlefield [tapped] under its owner's /
    your control [with counters on it]" — the card the dying permanent became, only if it is
    still in the graveyard (CR 400.7). `only_enchantment`: "It's an enchantment." (it is no
    other card type and has no creature types, layer 4); `mine`: under your control."""
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    only_enchantment: bool = False
    mine: bool = False

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = _event_new(g, ctx)
            if oid is None:
                return
            return_to_battlefield(g, oid, item.controller if e.mine else g.st.objects[oid].owner,
                                  e.tapped, e.counters, e.only_enchantment)
        return run


def return_to_battlefield(g: "Context", oid: int, controller: int, tapped: bool = False,
                          counters: tuple[tuple[str, int], ...] = (), only_enchantment: bool = False) -> int:
    """Put a card onto the battlefield; it enters with the counters (CR 614.1c) and, for
    "It's an enchantment.", a type-changing effect for as long as it stays (layer 4)."""
    def enter() -> int:  # others' "whenever ... enters" see it as it enters: an enchantment (CR 603.6a)
        new = g.move(oid, "battlefield", controller=controller, tapped=tapped, cause="return")
        for kind, n in counters:
            g.add_counters(new, kind, n)
        if only_enchantment:
            c = g.chars(new)
            g.add_effect("4", [new], until="never", remove_types=sorted(c.types - {"Enchantment"}),
                         remove_subtypes=[s for s in c.subtypes if s != "Aura"])
        return new
    return int(g.triggers.together(enter))


@dataclass(frozen=True)
class ReturnThisWith:
    """"Return this card from your graveyard to the battlefield with a finality counter on it"
    (an activated ability that works from the graveyard)."""
    counters: tuple[tuple[str, int], ...] = (("finality", 1),)

    def step(self) -> Step:
        counters = self.counters

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = item.source
            if src is None or src not in g.st.objects or g.st.objects[src].zone != "graveyard":
                return
            return_to_battlefield(g, src, g.st.objects[src].owner, counters=counters)
        return run


@dataclass(frozen=True)
class ReturnAllFromGraveyard:
    """"return all [creature] cards from your graveyard to the battlefield" — at once (CR 608.2)."""
    types: tuple[str, ...] = ("Creature",)

    def step(self) -> Step:
        types = frozenset(self.types)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            cards = [o for o in g.st.players[p].graveyard if g.printed_types(o) & types]
            g.triggers.together(lambda: [g.move(o, "battlefield", controller=p, cause="return") for o in cards])
        return run


@dataclass(frozen=True)
class LookTakeOne:
    """"Look at the top N cards of your library. Put one of them into your hand and the rest
    into your graveyard." (The names are options, seen by that player only.)"""
    n: int
    rest: str = "graveyard"

    def step(self) -> Step:
        n, rest = self.n, self.rest

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            top = list(g.st.players[p].library[:n])
            if not top:
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in top], "ask.put_into_hand", {})
            name = ctx.pop("answer")[0]
            chosen = next((o for o in top if g.st.objects[o].name == name), top[0])
            g.move(chosen, "hand", cause="put")
            for o in top:
                if o != chosen:
                    g.move(o, rest, cause="put")
            return None
        return run


@dataclass(frozen=True)
class SearchToGraveyard:
    """"search your library for a card, put it into your graveyard, then shuffle" (CR 701.19)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            if "answer" not in ctx:
                return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in lib}) + ["nothing"],
                           "ask.search_any", {})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in lib if g.st.objects[o].name == choice), None)
            if oid is not None:
                g.move(oid, "graveyard", cause="search")
            g.shuffle(p)
            return None
        return run


@dataclass(frozen=True)
class ExileAllButBottom:
    """"each player exiles all but the bottom N cards of their library face down"."""
    n: int = 6

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for p in g.apnap():
                lib = g.st.players[p].library
                for oid in list(lib[:max(0, len(lib) - n)]):
                    g.move(oid, "exile", face_down=True, cause="exile")
        return run


# ------------------------------------------------------------------ effects: players
def _players(g: "Context", item: "Obj", who: str) -> list[int]:
    if who == "each_opponent":
        return [p for p in g.apnap() if p in g.opponents(item.controller)]
    if who == "each_player":
        return list(g.apnap())
    if who == TARGET:
        ref = g.target_ref(item, 0)
        return [ref["player"]] if ref is not None and "player" in ref else []
    return [item.controller]


@dataclass(frozen=True)
class Sacrifices:
    """"[each opponent / each player / target player] sacrifices N [filter] of their choice":
    in APNAP order each chooses (CR 101.4, 701.17), then all are sacrificed at once.
    `types` the card types it may be, `nontoken`, `except_attached` ("other than enchanted
    creature"); `n` a number or a count."""
    types: tuple[str, ...]
    who: str = "each_opponent"
    n: Any = 1
    nontoken: bool = False
    except_attached: bool = False

    def step(self) -> Step:
        e = self

        def fits(g: "Context", item: "Obj", p: int, oid: int, taken: list[int]) -> bool:
            if oid in taken or (e.nontoken and g.st.objects[oid].token):
                return False
            if e.except_attached:
                src = g.st.objects.get(item.source) if item.source is not None else None
                if src is not None and src.attached_to == oid:
                    return False
            return bool(g.chars(oid).types & set(e.types))

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            if "sac_players" not in ctx:
                ctx["sac_players"] = _players(g, item, e.who)
                ctx["sac_n"] = amount(e.n, g, item)
                ctx["sac_chosen"] = []
                ctx["sac_i"] = 0
                ctx["sac_left"] = ctx["sac_n"]
            players: list[int] = ctx["sac_players"]
            while ctx["sac_i"] < len(players):
                p = players[ctx["sac_i"]]
                options = [o for o in g.battlefield(p) if fits(g, item, p, o, ctx["sac_chosen"])]
                if "answer" in ctx and "sac_options" in ctx:
                    name = ctx.pop("answer")[0]
                    refs = ctx.pop("sac_options")
                    texts = [ref_text(g, ("o", o)) for o in refs]
                    pick = refs[texts.index(name)] if name in texts else refs[0]
                    ctx["sac_chosen"].append(pick)
                    ctx["sac_left"] -= 1
                    options = [o for o in options if o != pick]
                if ctx["sac_left"] > 0 and options:
                    ctx["sac_options"] = options
                    return Ask(p, "choose_card", [ref_text(g, ("o", o)) for o in options], "ask.sacrifice",
                               {"card": item.name, "what": "/".join(e.types)})
                ctx["sac_i"] += 1
                ctx["sac_left"] = ctx["sac_n"]
            for oid in ctx["sac_chosen"]:
                if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    g.sacrifice(oid)
            for k in ("sac_players", "sac_n", "sac_chosen", "sac_i", "sac_left"):
                ctx.pop(k, None)
            return None
        return run


@dataclass(frozen=True)
class EachDiscards:
    """"Each opponent discards N cards." — in APNAP order, each choosing one card at a time."""
    n: int = 1
    who: str = "each_opponent"

    def step(self) -> Step:
        n, who = self.n, self.who

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "dis_players" not in ctx:
                ctx["dis_players"] = _players(g, item, who)
                ctx["dis_i"], ctx["dis_k"] = 0, 0
            players: list[int] = ctx["dis_players"]
            while ctx["dis_i"] < len(players):
                p = players[ctx["dis_i"]]
                hand = g.st.players[p].hand
                if "answer" in ctx:
                    name = ctx.pop("answer")[0]
                    oid = next((o for o in hand if g.st.objects[o].name == name), hand[0])
                    g.move(oid, "graveyard", cause="discard")
                    g.event("discard", player=g.pname(p), card=name)
                    ctx["dis_k"] += 1
                if ctx["dis_k"] < n and hand:
                    return Ask(p, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
                ctx["dis_i"] += 1
                ctx["dis_k"] = 0
            for k in ("dis_players", "dis_i", "dis_k"):
                ctx.pop(k, None)
            return None
        return run


@dataclass(frozen=True)
class LookAtHandDiscard:
    """"look at target player's hand. You may choose a nonland card from it. That player
    discards that card." (The hand's cards are options for you alone.)"""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            ref = g.target_ref(item, 0)
            if ref is None or "player" not in ref:
                return None
            p = ref["player"]
            hand = g.st.players[p].hand
            fits = [o for o in hand if "Land" not in g.printed_types(o)]
            if "answer" not in ctx:  # the hand's cards are options: seen by the looking player only
                return Ask(item.controller, "choose_card", sorted({g.st.objects[o].name for o in fits}) + ["nothing"],
                           "ask.choose_to_discard", {"player": g.pname(p)})
            name = ctx.pop("answer")[0]
            oid = next((o for o in fits if g.st.objects[o].name == name), None)
            if oid is not None:
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(p), card=name)
            return None
        return run


@dataclass(frozen=True)
class LoseHalfLife:
    """"they lose half their life, rounded up" — the player the event named (CR 107.1a)."""
    who: str = "event"  # event | attached (the enchanted player)

    def step(self) -> Step:
        who = self.who

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if who == "attached":
                src = g.st.objects.get(item.source) if item.source is not None else None
                p = src.ctx.get("enchanted_player") if src is not None else None
            else:
                p = ctx.get("event", {}).get("player")
            if p is None:
                return
            life = g.st.players[p].life
            if life > 0:
                g.lose_life(p, (life + 1) // 2)
        return run


@dataclass(frozen=True)
class TargetLoses:
    """"target opponent loses N life", or with no N "loses that much life" — the amount of
    the event (CR 608.2h)."""
    n: int | None = None

    def step(self) -> Step:
        fixed = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            n = fixed if fixed is not None else int(ctx.get("event", {}).get("amount", 0))
            if ref is not None and "player" in ref and n > 0:
                g.lose_life(ref["player"], n)
        return run


@dataclass(frozen=True)
class DestroyIt:
    """"destroy it" — the permanent the trigger event named (CR 701.8)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = ctx.get("event", {}).get("obj")
            if oid is not None and oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                g.destroy(oid)
        return run


@dataclass(frozen=True)
class TapThis:
    """"Tap it." — this permanent (CR 701.21)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is not None:
                g.update(oid, tapped=True)
        return run


@dataclass(frozen=True)
class PumpTheirs:
    """"Creatures your opponents control get +P/+T until end of turn" — locked in as it
    resolves (CR 611.2c)."""
    power: int
    toughness: int

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ids = [o for p in g.opponents(item.controller) for o in g.battlefield(p) if g.is_type(o, "Creature")]
            if ids:
                g.add_effect("7c", ids, power=e.power, toughness=e.toughness)
        return run


@dataclass(frozen=True)
class Punisher:
    """"each opponent may sacrifice a nonland permanent of their choice or discard a card.
    Then this creature deals damage equal to its power to each opponent who didn't ..."
    Ruling (Knöcherner Zweigflechter): in turn order each opponent chooses (a permanent, a
    card, or neither), then all the actions happen at once; the power is taken as it
    resolves, or as the creature last existed on the battlefield (CR 113.7a)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.format import ref_text
            if "pun_players" not in ctx:
                ctx["pun_players"] = [p for p in g.apnap() if p in g.opponents(item.controller)]
                ctx["pun_i"], ctx["pun_choice"] = 0, {}
            players: list[int] = ctx["pun_players"]
            while ctx["pun_i"] < len(players):
                p = players[ctx["pun_i"]]
                perms = [o for o in g.battlefield(p) if "Land" not in g.chars(o).types]
                hand = g.st.players[p].hand
                options = ([f"sacrifice {ref_text(g, ('o', o))}" for o in perms]
                           + [f"discard {g.st.objects[o].name}" for o in hand] + ["nothing"])
                if "answer" not in ctx:
                    return Ask(p, "choose_card", list(dict.fromkeys(options)), "ask.punisher", {"card": item.name})
                ctx["pun_choice"][str(p)] = ctx.pop("answer")[0]
                ctx["pun_i"] += 1
            hit = []
            for p in players:
                verb, _, what = ctx["pun_choice"][str(p)].partition(" ")
                if verb == "sacrifice":
                    oid = next((o for o in g.battlefield(p) if ref_text(g, ("o", o)) == what
                                and "Land" not in g.chars(o).types), None)
                    if oid is not None:
                        g.sacrifice(oid)
                        continue
                elif verb == "discard":
                    oid = next((o for o in g.st.players[p].hand if g.st.objects[o].name == what), None)
                    if oid is not None:
                        g.move(oid, "graveyard", cause="discard")
                        g.event("discard", player=g.pname(p), card=what)
                        continue
                hit.append(p)
            power = _power_lki(g, item, ctx)
            for p in hit:
                g.damage(g.damage_source(item), {"player": p}, power)
            for k in ("pun_players", "pun_i", "pun_choice"):
                ctx.pop(k, None)
            return None
        return run


def _power_lki(g: "Context", item: "Obj", ctx: dict[str, Any]) -> int:
    """The source's power now, or as it last existed on the battlefield (CR 113.7a)."""
    oid = source_id(g, item)
    if oid is not None:
        return int(g.chars(oid).power or 0)
    return int(g.st.this_turn.get(f"lki_power:{item.source}", 0))


@dataclass(frozen=True)
class PayLifeOrReturn:
    """Meathook Massacre II: "you may pay 3 life. If you do, return that card under your
    control with a finality counter on it" (`payer` = "you", return if paid) and "they may
    pay 3 life. If they don't, return that card under your control ..." (`payer` =
    "controller": the dead creature's controller, return if not paid). A token can't
    return (CR 111.8); the card must still be in the graveyard (CR 400.7)."""
    life: int = 3
    payer: str = "you"

    def step(self) -> Step:
        life, payer = self.life, self.payer

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            ev = ctx.get("event", {})
            p = item.controller if payer == "you" else ev.get("controller", item.controller)
            if "answer" not in ctx:
                if g.st.players[p].life < life:  # CR 119.4: you can't pay more life than you have
                    paid = False
                else:
                    return Ask(p, "yes_no", ["yes", "no"], "ask.pay_life", {"card": item.name, "life": life})
            else:
                paid = ctx.pop("answer")[0] == "yes"
                if paid:
                    g.lose_life(p, life)
            if paid == (payer == "you"):
                oid = _event_new(g, ctx)
                if oid is not None and not g.st.objects[oid].token:  # a token can't return (CR 111.8)
                    return_to_battlefield(g, oid, item.controller, counters=(("finality", 1),))
            return None
        return run


@dataclass(frozen=True)
class Reflexive:
    """"When you do, [effects]" — a reflexive triggered ability (CR 603.12): it triggers when
    the effect before it is done, and its targets are chosen as it goes on the stack.
    `up_to_that_many`: its target word is repeated once per thing done ("up to that many
    target creatures"). The card layer keeps its effects on the card (CardDef.reflexive)
    and gives it its index."""
    effects: tuple[Any, ...]
    targets: tuple[Any, ...] = ()
    index: int = -1

    def __init__(self, *effects: Any, targets: tuple[Any, ...] = (), index: int = -1) -> None:
        object.__setattr__(self, "effects", tuple(effects))
        object.__setattr__(self, "targets", tuple(targets))
        object.__setattr__(self, "index", index)

    def fire(self, g: "Context", item: "Obj", count: int) -> None:
        g.st.waiting.append({"source": item.source, "name": item.name, "ability": -1, "controller": item.controller,
                             "token": False, "def": item.ctx.get("def", item.name), "event": {},
                             "delayed": {"action": "reflexive", "index": self.index, "count": count,
                                         "def": item.ctx.get("def", item.name), "player": item.controller}})


@dataclass(frozen=True)
class DiscardAnyNumber:
    """"you may discard any number of cards. When you do, [reflexive ability]" — the cards
    are chosen as it resolves (none is an answer too); the reflexive ability triggers if one
    or more were discarded, knowing how many (CR 603.12)."""
    then: Reflexive

    def step(self) -> Step:
        then = self.then

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.naming import ref
            p = item.controller
            hand = list(g.st.players[p].hand)
            if not hand:
                return None
            names = [ref(g, o, hand) for o in hand]
            if "answer" not in ctx:
                return Ask(p, "choose_card", names, "ask.discard_any_number", {"card": item.name},
                           count=len(hand), min_count=0)
            picked = [hand[names.index(a)] for a in ctx.pop("answer") if a in names]
            for oid in picked:
                name = g.st.objects[oid].name
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(p), card=name)
            if picked:
                then.fire(g, item, len(picked))
            return None
        return run


@dataclass(frozen=True)
class PumpEachTarget:
    """"each get +P/+T until end of turn" — every target still legal (CR 608.2b, 611.2c)."""
    power: int
    toughness: int

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ids = [o for o in (g.target_obj(item, i) for i in range(len(item.targets))) if o is not None]
            if ids:
                g.add_effect("7c", ids, power=e.power, toughness=e.toughness)
        return run


__all__ = ["THIS", "run_steps"]
