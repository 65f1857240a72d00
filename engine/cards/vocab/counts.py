"""Counts: numbers in card text taken as an effect resolves or a static ability is read
("for each ...", "equal to ...", X) — each called `count(g, me)` (CR 107.3, 608.2h).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

from engine.cards.mechanics.delirium import CARD_TYPES
from engine.cards.vocab.core import THAT_PLAYER, THOSE, last_known_power
from engine.rules.characteristics import copiable_mana_costs
from engine.cards.data import printed
from engine.rules.mana import parse_cost

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class CreaturesYouControl:
    """A count (and, as a condition, "you control another such creature"): creatures you
    control, with power N or less, other than the source if `another`."""
    power_at_most: int | None = None
    another: bool = False

    def count(self, g: "Context", me: "Obj") -> int:
        return sum(1 for o in g.battlefield(me.controller)
                   if g.is_type(o, "Creature") and not (self.another and o == me.id)
                   and (self.power_at_most is None or (g.chars(o).power or 0) <= self.power_at_most))

    def __call__(self, g: "Context", me: "Obj") -> int:
        return self.count(g, me)


@dataclass(frozen=True)
class ValueOfX:
    """A count: the value chosen for X as the spell was cast or the ability activated (CR 107.3)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        return int(getattr(me, "x", 0) or 0)


X = ValueOfX()


@dataclass(frozen=True)
class CountersOnThis:
    """A count: the counters of a kind (all kinds if none) on this permanent ("the number of rev
    counters on this Equipment") — as it last existed on the battlefield if a cost sacrificed
    it (CR 113.7a)."""
    kind: str = ""
    # on the battlefield it reads its own counters, which are part of its characteristics' inputs
    # (a mana ability's amount: engine/rules/payment.py player_mana)
    reads_own_permanents = True

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        counters = me.counters if me.zone == "battlefield" else me.ctx.get("lki_counters", {})
        return sum(int(n) for k, n in counters.items() if not self.kind or k == self.kind)


@dataclass(frozen=True)
class SourcePower:
    """A count: the source's power — as it last existed on the battlefield if it has left
    (CR 113.7a, 608.2h; release notes, Rip, Spawn Hunter): "damage equal to its power" from a
    dies trigger."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        if me.id in g.st.objects and g.st.objects[me.id].zone == "battlefield":
            return max(0, g.chars(me.id).power or 0)
        # (`me` is the ability on the stack when its source no longer exists: amount())
        return max(0, last_known_power(g, me.source if me.zone == "stack" and me.source is not None else me.id))


@dataclass(frozen=True)
class Count:
    """A count as data, taken when it is read (CR 608.2h); `what` says what is counted:

    * "permanents": permanents you control with the card type or subtype `type` ("for each
      enchantment you control", "the number of lands you control"), or with one of the card
      types `types` (each permanent once); `whose="opponents"`: the permanents your opponents
      control ("the number of lands your opponents control", "artifacts and enchantments your
      opponents control"); "all_permanents": on the whole battlefield ("for each creature on
      the battlefield"); "opponents": your opponents still in the game ("each opponent loses 1
      life and you gain that much life");
    * "cards_in_hand": cards in your hand; "cards_in_graveyard": cards in your graveyard with
      one of the card types `types` (any card if none; printed types, CR 400.2);
    * "greatest_power": the greatest power among creatures you control (0 with none);
    * "unlocked_doors": unlocked doors among Rooms you control (CR 709.5); "door_names":
      different names among those doors (ruling, Promising Stairs);
    * "exiled_with_this": cards exiled with this permanent still in exile;
    * "defending_player_creatures": creatures with the subtype `type` the player this creature
      attacks controls (CR 506.2; 0 when it is not attacking);
    * "creature_tokens": creature tokens you control; "face_down_permanents": face-down
      permanents you control (CR 708);
    * "life_above_starting": your life minus your starting life total (CR 103.4);
    * "opponents_lost_life": opponents who lost life this turn (CR 119.3, 120.3a: damage to a
      player is life loss), not a change of life total; one who has since left the game counts
      too (rulings, Kaito, Feind der Albträume);
    * "remembered": the number this object remembered under `key` ("x": the X paid for this
      permanent's spell, CR 107.3m; "sacrificed_mv": the mana value of the creature sacrificed
      to pay its cost, CR 113.7a; "destroyed_mv": the total mana value of permanents it
      destroyed, CR 608.2h);
    * "basic_lands": basic lands you control; "permanents_of_color": permanents you control of
      the colour `type` ("B"); "total_power": the total power of creatures you control;
      "opponent_damage_this_turn": the most damage one of your opponents was dealt this turn;
    * "this_turn": how many times you did `key` this turn ("sacrificed": permanents you
      sacrificed; "died": creatures that died under your control, CR 700.4; "facedown": a
      permanent entered face down under your control, "faceup": you turned one face up;
      "drew_last_turn": 1 if you drew a card in the turn before this one, engine/game.py);
    * "greatest_power_in_graveyard": the greatest power among creature cards in your
      graveyard (0 with none);
    * "devotion": your devotion to the colours of `key` ("B", "BR": CR 700.5 — the mana
      symbols of those colours among the mana costs of permanents you control, a hybrid
      symbol counting once);
    * "life_opponents_lost": the total life your opponents lost this turn (CR 119.3, 120.3a;
      one who has since left the game counts too);
    * "attacking_you": creatures attacking you (not a planeswalker you control, CR 506.2);
    * "ability": a number an earlier effect of the same ability wrote down for the next ones
      (read from the ability on the stack): `key="chosen_left"`, the chosen permanents still
      on the battlefield (ControllersMayExileTargets, "if one or more of the chosen
      permanents are still on the battlefield"); `key="copies_made"`, the tokens
      TokenCopyOfTarget made ("If you created fewer than two tokens this way"); `key="chosen_power"`,
      the power of the creature chosen or the card revealed as the spell's additional cost
      ("damage equal to the power of the creature you chose or the card you revealed"): as
      the spell resolves, or — if the creature has left the battlefield — as it last was
      (release notes, Monströser Auswuchs; CR 113.7a); `key="discarded"`, the cards Discards
      discarded — with `whose="that_player"` those of the player an effect names now
      (core.THAT_PLAYER), with `whose="controller"` the ability's controller's;
    * "those": "those cards" the ability recorded (engine/cards/vocab/those_cards.py), those
      still where they were put: how many, or with `key="mana_value"` their total mana value
      (CR 202.3); `type` a card type they have, "nonland" none of Land ("When you reveal one or
      more nonland cards this way, ... damage equal to their total mana value");
    * "event": a number the trigger event carries, read from the ability's event (CR 608.2h;
      as a trigger condition, from the event itself): `key` "spell_mv" (the mana value of the
      event's spell, X as chosen, CR 202.3e), "spell_mv_minus_spent" (that mana value minus the
      mana spent to cast it; as it last existed on the stack, rulings Uralte Kellerbrut),
      "card_types" (card types among the event's cards, CR 300.1: "for each card type among
      those cards"; of its one object when it names no cards: "whenever you play a card with
      two or more card types"), "power" (the power of the event's creature, as it last existed on the
      battlefield, CR 113.7a: "X, where X is its power"), "amount" (the event's amount);
    * arithmetic over `types`, each a count or a number: "sum" adds them ("each land you
      control and each land card in your graveyard": `Count("sum", types=(Count(...),
      Count(...)))`), "difference" takes the others from the first ("seven minus the number
      of those card types": `Count("difference", types=(7, CardTypesInGraveyard()))`), "max"
      the greatest ("if they control fewer than four, four instead": `Count("max",
      types=(Count(...), 4))`).
    """
    what: str
    type: str = ""
    types: tuple[Any, ...] = ()
    key: str = ""
    whose: str = "you"  # "permanents": "you", "opponents" or "not_owned" (you control but don't own)

    @property
    def reads_event(self) -> bool:
        """An "event" or "ability" count (or arithmetic over one) is read with the ability on
        the stack (its event, its record), not its source (core.amount), and as a trigger
        condition with the event (conditions.AtLeast)."""
        return self.what in ("event", "ability", "those") or any(getattr(p, "reads_event", False) for p in self.types)

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> int:
        if self.what == "event":
            event = rest[0] if rest and isinstance(rest[0], dict) else me.ctx.get("event") or {}
            return _event_number(g, event, self.key)
        if self.what == "ability":
            if self.key == "chosen_power":
                return _chosen_power(g, me)
            if self.whose in ("that_player", "controller"):  # one player's part of the record
                p = me.ctx.get(THAT_PLAYER) if self.whose == "that_player" else me.controller
                return int(me.ctx.get(f"{self.key}_by", {}).get(str(p), 0))
            return int(me.ctx.get(self.key, 0) or 0)
        if self.what == "those":
            return _those(self, g, me)
        return _COUNTS[self.what](self, g, me)


def _event_number(g: "Context", event: dict[str, Any], key: str) -> int:
    if key == "card_types":
        if "card_types" not in event:  # one card: the event's object as it is now ("a card with two or more card types")
            oid = event.get("obj")
            return len(g.chars(oid).types & CARD_TYPES) if oid in g.st.objects else 0
        return len(set(event.get("card_types", [])) & CARD_TYPES)
    if key == "power":
        return max(0, last_known_power(g, event.get("obj")))
    if key in ("spell_mv", "spell_mv_minus_spent"):
        oid = event.get("obj")
        if oid is None:
            return 0
        mv = spell_mana_value(g, oid)
        if key == "spell_mv":
            return mv
        spell = g.st.objects.get(oid) or g.st.lki.get(oid)
        return mv - (int(spell.ctx.get("mana_spent", 0)) if spell is not None else 0)
    return int(event.get(key, 0) or 0)


def _those(c: Count, g: "Context", me: "Obj") -> int:
    ids = [o for o in me.ctx.get(THOSE, []) if o in g.st.objects]
    if c.type.startswith("non"):  # "nonland": none of that card type
        ids = [o for o in ids if not g.is_type(o, c.type[3:].capitalize())]
    elif c.type:
        ids = [o for o in ids if g.is_type(o, c.type)]
    if c.key == "mana_value":
        return sum(g.chars(o).mana_value for o in ids)
    if c.key:
        raise ValueError(f"what of those cards: {c.key!r}")
    return len(ids)


def _chosen_power(g: "Context", spell: "Obj") -> int:
    oid = spell.ctx.get("chosen")
    obj = g.st.objects.get(oid) if oid is not None else None
    if obj is not None and obj.zone in ("battlefield", "hand"):
        return int(g.chars(obj.id).power or 0)
    return int(spell.ctx.get("chosen_power", 0))


def _creature_tokens(c: Count, g: "Context", me: "Obj") -> int:
    from engine.cards.vocab.groups import types_before_pt  # lazy: start-up
    return sum(1 for o in g.battlefield(me.controller)
               if g.st.objects[o].token and "Creature" in types_before_pt(g, o))


def _exiled_with_this(c: Count, g: "Context", me: "Obj") -> int:
    return sum(1 for o in me.ctx.get("exiled_with", []) if o in g.st.objects and g.st.objects[o].zone == "exile")


def _door_names(c: Count, g: "Context", me: "Obj") -> int:
    from engine.cards.vocab.doors import unlocked_door_names  # lazy: start-up
    return len(unlocked_door_names(g, me.controller))


_COUNTS: dict[str, Callable[[Count, "Context", "Obj"], int]] = {
    "permanents": lambda c, g, me: _permanents(c, g, me),
    "all_permanents": lambda c, g, me: sum(1 for o in g.battlefield() if g.is_type(o, c.type)),
    "opponents": lambda c, g, me: len(g.opponents(me.controller)),
    "cards_in_hand": lambda c, g, me: len(g.st.players[me.controller].hand),
    # (a graveyard card's card types are its own, CR 400.2 — no continuous effect of the pool
    # changes them there, Grist's and changeling's are its own characteristics, printed.py —
    # read without its power and toughness: a characteristic-defining ability may count the
    # card itself, Old Stickfingers in the graveyard)
    "cards_in_graveyard": lambda c, g, me: sum(1 for o in g.st.players[me.controller].graveyard
                                               if not c.types or g.printed_types(o) & set(c.types)),
    "greatest_power": lambda c, g, me: max((g.chars(o).power or 0 for o in g.battlefield(_whose(c, g, me))
                                            if g.is_type(o, "Creature")), default=0),
    "unlocked_doors": lambda c, g, me: sum(len(g.st.objects[o].unlocked)
                                           for o in g.with_type(me.controller, "Room", True)),
    "door_names": _door_names,
    "exiled_with_this": _exiled_with_this,
    "creature_tokens": _creature_tokens,
    "defending_player_creatures": lambda c, g, me: 0 if me.attacking is None else sum(
        1 for o in g.battlefield(me.attacking) if g.is_type(o, "Creature") and c.type in g.chars(o).subtypes),
    "face_down_permanents": lambda c, g, me: sum(1 for o in g.battlefield(me.controller) if g.st.objects[o].face_down),
    "life_above_starting": lambda c, g, me: g.st.players[me.controller].life - g.config.life,
    "opponents_lost_life": lambda c, g, me: sum(1 for q in range(len(g.st.players))
                                                if q != me.controller and g.st.this_turn.get(f"life_lost:{q}")),
    "remembered": lambda c, g, me: int(me.ctx.get(c.key, 0)),
    # "two or more basic lands" (supertype Basic, CR 205.4c); "two or more black permanents"
    "basic_lands": lambda c, g, me: sum(1 for o in g.with_type(me.controller, "Land") if "Basic" in g.chars(o).supertypes),
    # "creatures you control have total power 10 or greater"; the most damage an opponent was
    # dealt this turn (engine/rules/damage.py "damage_to:P", CR 120.3)
    "total_power": lambda c, g, me: sum(max(0, g.chars(o).power or 0) for o in g.battlefield(me.controller)
                                        if g.is_type(o, "Creature")),
    "opponent_damage_this_turn": lambda c, g, me: max((int(g.st.this_turn.get(f"damage_to:{q}", 0))
                                                       for q in g.opponents_this_turn(me.controller)), default=0),
    "permanents_of_color": lambda c, g, me: sum(1 for o in g.battlefield(me.controller) if c.type in g.chars(o).colors),
    "this_turn": lambda c, g, me: int(g.st.this_turn.get(f"{c.key}:{me.controller}", 0)),
    "greatest_power_in_graveyard": lambda c, g, me: max(
        (g.chars(o).power or 0 for o in g.st.players[me.controller].graveyard if "Creature" in g.printed_types(o)),
        default=0),
    "devotion": lambda c, g, me: _devotion(g, me.controller, c.key),
    "sum": lambda c, g, me: sum(_part(part, g, me) for part in c.types),
    "life_opponents_lost": lambda c, g, me: sum(int(g.st.this_turn.get(f"life_lost_amount:{q}", 0))
                                                for q in range(len(g.st.players)) if q != me.controller),
    "attacking_you": lambda c, g, me: sum(1 for o in g.st.battlefield if g.st.objects[o].attacking == me.controller
                                          and g.st.objects[o].attacking_obj is None),
    "difference": lambda c, g, me: _part(c.types[0], g, me) - sum(_part(part, g, me) for part in c.types[1:]),
    "max": lambda c, g, me: max(_part(part, g, me) for part in c.types),
}


def _whose(c: Count, g: "Context", me: "Obj") -> int:
    """Whose permanents a count reads: yours, or with `key` "target_player" the first target
    player's ("the greatest power among creatures they control"), still legal (CR 608.2b)."""
    if c.key == "target_player":
        ref = g.target_ref(me, 0)
        return int(ref["player"]) if ref is not None and "player" in ref else -1
    return me.controller


def _part(part: Any, g: "Context", me: "Obj") -> int:
    """One term of "sum", "difference" or "max": a number, or a count read now."""
    return part if isinstance(part, int) else int(part(g, me))


def _permanents(c: Count, g: "Context", me: "Obj") -> int:
    """Permanents you (or your opponents) control of the type or subtype `type`, or of one of
    the card types `types` (current characteristics, CR 613)."""
    if c.whose == "not_owned":  # "permanents you control but don't own" (CR 108.3, 110.2)
        return sum(1 for o in g.battlefield(me.controller) if g.st.objects[o].owner != me.controller
                   and (not c.type or g.is_type(o, c.type)))
    players = g.opponents(me.controller) if c.whose == "opponents" else [me.controller]
    if c.types:
        return sum(1 for p in players for o in g.battlefield(p) if any(g.is_type(o, t) for t in c.types))
    return sum(len(g.with_type(p, c.type, c.type not in CARD_TYPES)) for p in players)


def _devotion(g: "Context", p: int, colors: str) -> int:
    """CR 700.5: each mana symbol of one of `colors` in the mana costs of p's permanents
    ({B/R} counts once toward devotion to black and red, CR 700.5a)."""
    # the mana cost is a copiable value (CR 707.2); a face-down permanent has none (CR 708.2)
    return sum(_symbols_of(cost, colors) for cost in copiable_mana_costs(g, g.battlefield(p)))


@lru_cache(maxsize=4096)
def _symbols_of(mana_cost: str, colors: str) -> int:
    """The mana symbols of one of `colors` in a mana cost (its first half's: "//"), each once."""
    return sum(1 for sym in re.findall(r"{([^}]*)}", mana_cost.split("//")[0])
               if any(col in sym.split("/") for col in colors))


def counters_when_it_left(ctx: dict[str, Any]) -> int:
    """"the number of counters on this creature" as it last existed on the battlefield
    (CR 113.7a; every kind counts, the +1/+1 and -1/-1 ones it died with included)."""
    return sum(int(n) for n in ctx.get("event", {}).get("counters", {}).values())


def spell_mana_value(g: "Context", oid: int) -> int:
    """A spell's mana value on the stack, X counted as chosen (CR 202.3e); after it left the
    stack, as it last existed there (CR 113.7a)."""
    obj = g.st.objects.get(oid) or g.st.lki.get(oid)
    if obj is None:
        return 0
    mv = g.chars(oid).mana_value if oid in g.st.objects else 0
    data = printed(obj.name)
    cost = (data.mana_cost or "") if data is not None else ""
    if oid not in g.st.objects and data is not None:
        mv = parse_cost(cost.split("//")[0]).mana_value
    if "{X}" in cost and obj.zone == "stack":
        mv += int(obj.x or 0) * cost.count("{X}")
    return mv
