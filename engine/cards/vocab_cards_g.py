"""Vocabulary the green Duskmourn cards brought (engine/cards/sets/dsk_green.py), kept
general for the next sets: tapped tokens, putting a card from hand onto the battlefield,
manifesting dread N times, face-down targets and turning one face up by an effect, ...

Effects are frozen dataclasses with a `step()`, filters are called `(g, obj)`, counts and
conditions `(g, me)` — as in engine/cards/vocab.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab import amount, source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")  # CR 110.4


# ------------------------------------------------------------------ counts and filters
@dataclass(frozen=True)
class ValueOfX:
    """A count: the value chosen for X as the spell was cast or the ability activated (CR 107.3)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return int(getattr(me, "x", 0) or 0)


X = ValueOfX()


@dataclass(frozen=True)
class FaceDownPermanent:
    """A target filter: "target face-down permanent" (CR 708)."""

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return bool(obj.face_down)


@dataclass(frozen=True)
class GraveyardCard:
    """A target filter: "target [land] card from your graveyard" (CR 115.1); `up_to` for
    "up to N target cards" (one filter per target word)."""
    types: tuple[str, ...] = ()
    up_to: bool = False
    what = "card_in_your_graveyard"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return not self.types or bool(g.printed_types(obj.id) & set(self.types))


@dataclass(frozen=True)
class Permanent:
    """A target filter as data: a permanent of these card types (any, if none), [untapped],
    you control / an opponent controls; `up_to` for "up to one target ..."."""
    types: tuple[str, ...] = ()
    untapped: bool = False
    yours: bool = False
    opponent: bool = False
    up_to: bool = False

    @property
    def status(self) -> bool:  # the filter reads tapped status: target lists are not cached
        return self.untapped

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        if self.untapped and obj.tapped:
            return False
        return not self.types or bool(g.chars(obj.id).types & set(self.types))


UNTAPPED_CREATURE_YOU_CONTROL = Permanent(("Creature",), untapped=True, yours=True)


@dataclass(frozen=True)
class TargetedByOpponent:
    """An event condition: "Whenever [this] becomes the target of a spell or ability an
    opponent controls" (CR 603.2, 115.10)."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("obj") == me.id and params.get("controller") != me.controller


@dataclass(frozen=True)
class GreatestPower:
    """A count: the greatest power among creatures you control (0 with none)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return max((g.chars(o).power or 0 for o in g.battlefield(me.controller) if g.is_type(o, "Creature")),
                   default=0)


@dataclass(frozen=True)
class CountersOnThis:
    """A count: the counters on this permanent (all kinds) — as it last existed on the
    battlefield if a cost sacrificed it (CR 113.7a)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        if me.zone == "battlefield":
            return sum(me.counters.values())
        return sum(int(n) for n in me.ctx.get("lki_counters", {}).values())


# ------------------------------------------------------------------ effects
@dataclass(frozen=True)
class TappedToken:
    """"create a tapped [token]" (CR 111.1, 110.5b): N tokens that enter tapped."""
    name: str
    n: Any = 1

    def step(self) -> Step:
        name, n = self.name, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.cards.sets import token_data
            from engine.rules import zones
            for _ in range(amount(n, g, item)):
                zones.create_token(g, item.controller, token_data(name), tapped=True)
        return run


@dataclass(frozen=True)
class PutFromHand:
    """"you may put a [permanent / land] card from your hand onto the battlefield [tapped]"
    (CR 305.1 does not apply: it is not playing a land). The names are options seen by the
    chooser only; "nothing" declines."""
    types: tuple[str, ...] = PERMANENT_TYPES
    tapped: bool = False
    line: str = ""

    def step(self) -> Step:
        types, tapped, line = frozenset(self.types), self.tapped, self.line

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            fits = [o for o in g.st.players[p].hand if g.printed_types(o) & types]
            if not fits:
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in fits}) + ["nothing"], "ask.may",
                           {"card": item.name, "ability": line})
            choice = ctx.pop("answer")[0]
            oid = next((o for o in fits if g.st.objects[o].name == choice), None)
            if oid is not None:
                g.move(oid, "battlefield", controller=p, tapped=tapped, cause="put")
            return None
        return run


@dataclass(frozen=True)
class ManifestDreadTimes:
    """"Manifest dread X times, then put X +1/+1 counters on each of those creatures." Each
    manifest is its own event, one after the other (release notes, Valgavoths Ansturm); no
    player acts before the counters are put on (CR 608.2)."""
    n: Any
    counters: Any = 0
    kind: str = "+1/+1"

    def step(self) -> Step:
        n, counters, kind = self.n, self.counters, self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.cards.mechanics.manifest_dread import manifest_dread
            made: list[int] = ctx.setdefault("dread_made", [])
            while ctx.get("dread_i", 0) < amount(n, g, item):
                got = manifest_dread(g, item.controller, ctx)
                if got is not None:
                    return got
                new = ctx.pop("manifested", None)
                if new is not None:
                    made.append(new)
                ctx["dread_i"] = ctx.get("dread_i", 0) + 1
            k = amount(counters, g, item)
            for oid in made:
                if k and oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    g.add_counters(oid, kind, k)
            ctx.pop("dread_made", None)
            ctx.pop("dread_i", None)
            return None
        return run


def turn_face_up(g: "Context", oid: int, player: int) -> None:
    """A face-down permanent is turned face up by an effect (CR 708.8, 701.40b): no cost;
    "whenever you turn a permanent face up" sees `player` do it."""
    obj = g.update(oid, face_down=False)
    g.event("turn_face_up", player=g.pname(player), card=obj.name)
    g.mark_turn(f"faceup:{player}")
    g.triggers.fire("turned_face_up", obj=oid, player=player)


@dataclass(frozen=True)
class RevealMayTurnFaceUp:
    """"Reveal target face-down permanent. If it's a creature card, you may turn it face up."
    Only the card's printed characteristics count (release notes, Spukgehölz-Kreischer)."""
    line: str = ""

    def step(self) -> Step:
        line = self.line

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.cards.behaviour import printed
            oid = g.target_obj(item, 0)
            if oid is None or not g.st.objects[oid].face_down:
                return None
            obj = g.st.objects[oid]
            if "answer" not in ctx:
                g.event("reveal", player=g.pname(obj.controller), card=obj.name)
                data = printed(obj.name)
                if data is None or "Creature" not in data.type_line.split("//")[0].split("—")[0]:
                    return None
                return Ask(item.controller, "yes_no", ["yes", "no"], "ask.may", {"card": item.name, "ability": line})
            if ctx.pop("answer")[0] == "yes":
                turn_face_up(g, oid, item.controller)
            return None
        return run


@dataclass(frozen=True)
class ReturnTargetToBattlefield:
    """"Return target [land] card from your graveyard to the battlefield [tapped]" — under
    your control (CR 400.7, 110.2)."""
    tapped: bool = False

    def step(self) -> Step:
        tapped = self.tapped

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is not None:
                g.move(oid, "battlefield", controller=item.controller, tapped=tapped, cause="return")
        return run


@dataclass(frozen=True)
class TargetsDealPowerTo:
    """"Tap one or two target untapped creatures you control. They each deal damage equal to
    their power to target creature an opponent controls." The victim is target 0; the other
    targets still legal as it resolves are tapped, then each deals damage equal to its power
    (CR 608.2b: an illegal one does nothing; with the victim illegal, no damage at all)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.rules.damage import permanent_source
            victim = g.target_obj(item, 0)
            mine = [o for o in (g.target_obj(item, i) for i in range(1, len(item.targets))) if o is not None]
            for oid in mine:
                g.update(oid, tapped=True)
            if victim is None:
                return
            for oid in mine:
                if oid in g.st.objects and g.st.objects[oid].zone == "battlefield" \
                        and victim in g.st.objects and g.st.objects[victim].zone == "battlefield":
                    g.damage(permanent_source(g, oid), {"obj": victim}, g.chars(oid).power or 0)
        return run


@dataclass(frozen=True)
class BecomesCreature:
    """"That [target] becomes a P/T [subtype] creature in addition to its other types" with
    no duration: for good (layers 4 and 7b, CR 613.1d, 613.4b; ruling, Wurzelweiser
    Überlebender)."""
    power: int
    toughness: int
    subtypes: tuple[str, ...] = ()

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            g.add_effect("4", [oid], until="permanent", add_types=["Creature"], add_subtypes=list(e.subtypes))
            g.add_effect("7b", [oid], until="permanent", power=e.power, toughness=e.toughness)
        return run


@dataclass(frozen=True)
class TapThis:
    """"Tap it." / "Tap this ..." — the source, if it is still on the battlefield."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is not None:
                g.update(oid, tapped=True)
        return run


@dataclass(frozen=True)
class PumpYoursBy:
    """"Creatures you control get +X/+X until end of turn, where X is [a count]" — X counted
    once as it resolves, the creatures locked in then (CR 608.2h, 611.2c)."""
    count: Any

    def step(self) -> Step:
        count = self.count

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            x = amount(count, g, item)
            ids = [o for o in g.battlefield(item.controller) if g.is_type(o, "Creature")]
            if ids and x:
                g.add_effect("7c", ids, power=x, toughness=x)
        return run


@dataclass(frozen=True)
class SearchNamedOntoBattlefield:
    """"Search your graveyard, hand, and/or library for a card named [name] and put it onto
    the battlefield. If you search your library this way, shuffle." The player picks one of
    the cards found (an option per zone it is in, "zone: name") or nothing; the library is
    searched (and shuffled) unless the card comes from the graveyard or the hand."""
    name: str
    zones: tuple[str, ...] = ("graveyard", "hand", "library")

    def step(self) -> Step:
        name, zones = self.name, self.zones

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            pl = g.st.players[p]
            found = {z: next((o for o in getattr(pl, z) if g.st.objects[o].name == name), None) for z in zones}
            options = [f"{z}: {name}" for z, o in found.items() if o is not None]
            if "answer" not in ctx:
                return Ask(p, "choose_card", options + ["nothing"], "ask.search_any", {})
            choice = ctx.pop("answer")[0]
            zone = choice.split(":", 1)[0]
            oid = found.get(zone) if choice != "nothing" else None
            if oid is not None:
                g.move(oid, "battlefield", controller=p, cause="search")
            if zone not in ("graveyard", "hand") and "library" in zones:
                g.shuffle(p)
            return None
        return run


@dataclass(frozen=True)
class ReturnThisToBattlefield:
    """"Return this card from your graveyard to the battlefield [with a finality counter on
    it]" — if it is still in the graveyard (CR 400.7)."""
    counter: str = ""

    def step(self) -> Step:
        counter = self.counter

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = item.source
            if src is None or src not in g.st.objects or g.st.objects[src].zone != "graveyard":
                return
            new = g.move(src, "battlefield", controller=item.controller, cause="return")
            if counter:
                g.add_counters(new, counter, 1)
        return run


@dataclass(frozen=True)
class DistributeCounters:
    """"distribute N [kind] counters among one or two target creatures" — the division is
    made as the ability goes on the stack (CR 601.2d, 603.3d): with as many targets as
    counters each gets one, with one target it gets them all; a target illegal on
    resolution gets none of its share (CR 608.2b)."""
    kind: str = "+1/+1"
    n: int = 2

    def step(self) -> Step:
        kind, n = self.kind, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            k = len(item.targets)
            if not k:
                return
            share = [n // k + (1 if i < n % k else 0) for i in range(k)]
            for i in range(k):
                oid = g.target_obj(item, i)
                if oid is not None and share[i]:
                    g.add_counters(oid, kind, share[i])
        return run


@dataclass(frozen=True)
class DoubleCountersOnTargets:
    """"double the number of [kind] counters on those creatures": each gets as many more as
    it has (release notes, Allesfressende Fliegenfalle)."""
    kind: str = "+1/+1"

    def step(self) -> Step:
        kind = self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for i in range(len(item.targets)):
                oid = g.target_obj(item, i)
                if oid is not None and g.st.objects[oid].counters.get(kind, 0):
                    g.add_counters(oid, kind, g.st.objects[oid].counters[kind])
        return run


@dataclass(frozen=True)
class ShuffleTargetsIntoLibraries:
    """"The owner of target ... shuffles it into their library" / "shuffle up to four target
    cards from your graveyard into your library": the targets (by index) still legal go to
    their owners' libraries, and each of those libraries is shuffled — yours too with
    `yours` even if no target is left (ruling, Kathartischer Abschied)."""
    indices: tuple[int, ...] = (0,)
    yours: bool = False

    def step(self) -> Step:
        indices, yours = self.indices, self.yours

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            owners: set[int] = {item.controller} if yours else set()
            for i in indices:
                oid = g.target_obj(item, i) if i < len(item.targets) else None
                if oid is not None:
                    owners.add(g.st.objects[oid].owner)
                    g.move(oid, "library", cause="shuffle")
            for p in sorted(owners):
                g.shuffle(p)
        return run


REFLEXIVE = "reflexive"  # a reflexive triggered ability ("When you do, ...", CR 603.12): no event fires it


def trigger_reflexive(g: "Context", item: "Obj") -> None:
    """CR 603.12: the reflexive ability written on the same line as the resolving ability
    triggers now; it goes on the stack (targets chosen then) the next time a player would
    receive priority."""
    from engine.cards.behaviour import card_def
    d = card_def(item.ctx.get("def", item.name), token=item.ctx.get("token", False))
    if d is None or item.ability < 0:
        return
    line = d.triggered[item.ability].line
    idx = next((i for i, t in enumerate(d.triggered) if t.event == REFLEXIVE and t.line == line), None)
    if idx is None:
        return
    g.st.waiting.append({"source": item.source, "name": item.ctx.get("source_name", item.name), "ability": idx,
                         "controller": item.controller, "token": item.ctx.get("token", False),
                         "def": item.ctx.get("def", item.name), "event": {}, "lki_keywords": []})


@dataclass(frozen=True)
class DiscardOrPayThen:
    """"you may discard a card or pay {N}. When you do, [reflexive ability]" — the controller
    chooses: discard (then which card), pay, or nothing; if they did, the reflexive ability
    triggers (CR 603.12; release notes, Menschenfüßler)."""
    cost: str = "{2}"
    line: str = ""

    def step(self) -> Step:
        cost, line = self.cost, self.line

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            from engine.rules import casting
            p = item.controller
            hand = g.st.players[p].hand
            if "dop" not in ctx:
                options = (["discard"] if hand else []) + (["pay " + cost] if casting.can_pay(g, p, cost) else [])
                if not options:
                    return None
                if "answer" not in ctx:
                    return Ask(p, "choose_card", options + ["nothing"], "ask.may", {"card": item.name, "ability": line})
                ctx["dop"] = ctx.pop("answer")[0]
            choice = ctx["dop"]
            if choice == "discard":
                if not hand:
                    ctx.pop("dop")
                    return None
                if "answer" not in ctx:
                    return Ask(p, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
                name = ctx.pop("answer")[0]
                oid = next((o for o in hand if g.st.objects[o].name == name), hand[0])
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(p), card=name)
            elif choice.startswith("pay"):
                casting.pay_now(g, p, cost)
            ctx.pop("dop")
            if choice != "nothing":
                trigger_reflexive(g, item)
            return None
        return run


@dataclass(frozen=True)
class ReturnItFromGraveyard:
    """"When [this] dies, return it to the battlefield under its owner's control. It's an
    [enchantment]." — the card the source was, if it is still in its owner's graveyard
    (CR 400.7, 603.10a); `not_types` it no longer has, for good, with the subtypes of those
    types (layer 4; release notes, Andauernde Vitalität). A token is not returned (CR 111.8)."""
    not_types: tuple[str, ...] = ()

    def step(self) -> Step:
        not_types = self.not_types

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            card = item.ctx.get("source_card")
            oid = next((o for pl in g.st.players for o in pl.graveyard if g.st.objects[o].card == card), None)
            if card is None or oid is None:
                return
            owner = g.st.objects[oid].owner
            new = g.move(oid, "battlefield", controller=owner, cause="return")
            if not_types:
                g.add_effect("4", [new], until="permanent", remove_types=list(not_types),
                             remove_subtypes=list(g.printed_subtypes(new)))
        return run


@dataclass(frozen=True)
class MillThenReturn:
    """"mill N cards, then return up to K [permanent] cards from among them to your hand":
    the milled cards still in the graveyard are offered, K picks at most (CR 701.13)."""
    n: int
    up_to: int
    types: tuple[str, ...] = PERMANENT_TYPES

    def step(self) -> Step:
        n, k, types = self.n, self.up_to, frozenset(self.types)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "milled" not in ctx:
                milled = [g.move(o, "graveyard", cause="mill") for o in list(g.st.players[p].library[:n])]
                g.event("mill", player=g.pname(p), count=n)
                ctx["milled"] = milled
            fits = [o for o in ctx["milled"] if o in g.st.objects and g.st.objects[o].zone == "graveyard"
                    and g.printed_types(o) & types]
            if not fits:
                ctx.pop("milled")
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in fits], "ask.return_from_graveyard", {},
                           count=min(k, len(fits)), min_count=0)
            taken: list[int] = []
            for name in ctx.pop("answer"):
                oid = next((o for o in fits if o not in taken and g.st.objects[o].name == name), None)
                if oid is not None:
                    taken.append(oid)
            for oid in taken:
                g.move(oid, "hand", cause="return")
            ctx.pop("milled")
            return None
        return run


@dataclass(frozen=True)
class DamageEqualToChosenPower:
    """"[This spell] deals damage equal to the power of the creature you chose or the card you
    revealed to target creature": that power as the spell resolves, or — if the creature has
    left the battlefield — as it last was (release notes, Monströser Auswuchs; CR 113.7a)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            oid = item.ctx.get("chosen")
            if ref is None or oid is None:
                return
            obj = g.st.objects.get(oid)
            if obj is not None and obj.zone in ("battlefield", "hand"):
                power = g.chars(oid).power or 0
            else:
                power = int(item.ctx.get("chosen_power", 0))
            g.damage(g.damage_source(item), ref, power)
        return run


@dataclass(frozen=True)
class GraveyardSpellsThisTurn:
    """"you may cast spells from your graveyard this turn, and if a card would be put into
    your graveyard from anywhere this turn, exile it instead" — a permission (CR 601.2a:
    every cost and timing rule still applies) and a replacement effect (CR 614.1a, not for
    tokens: release notes, Vergessener Keller) until the turn ends."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.mark_turn(f"cast_from_graveyard:{item.controller}")
            g.mark_turn(f"graveyard_exile:{item.controller}")
        return run


@dataclass(frozen=True)
class PutEventCardsOntoBattlefield:
    """"put them onto the battlefield tapped" — the cards the trigger event named, those still
    in the graveyard, under your control (CR 400.7)."""
    tapped: bool = True

    def step(self) -> Step:
        tapped = self.tapped

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            for oid in list(ctx.get("event", {}).get("cards", [])):
                if oid in g.st.objects and g.st.objects[oid].zone == "graveyard":
                    g.move(oid, "battlefield", controller=item.controller, tapped=tapped, cause="put")
        return run


__all__ = ["PERMANENT_TYPES", "X", "ValueOfX", "FaceDownPermanent", "TappedToken", "PutFromHand",
           "ManifestDreadTimes", "turn_face_up", "RevealMayTurnFaceUp", "source_id", "GraveyardCard", "Permanent",
           "UNTAPPED_CREATURE_YOU_CONTROL", "TargetedByOpponent", "GreatestPower", "CountersOnThis",
           "ReturnTargetToBattlefield", "TargetsDealPowerTo", "BecomesCreature", "TapThis", "PumpYoursBy", "SearchNamedOntoBattlefield", "ReturnThisToBattlefield", "DistributeCounters",
           "DoubleCountersOnTargets", "ShuffleTargetsIntoLibraries", "REFLEXIVE", "trigger_reflexive",
           "DiscardOrPayThen", "ReturnItFromGraveyard", "MillThenReturn",
           "DamageEqualToChosenPower", "GraveyardSpellsThisTurn",
           "PutEventCardsOntoBattlefield"]
