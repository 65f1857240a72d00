"""Sacrifice (CR 701.17): a player sacrifices only a permanent they control, chosen as the effect
resolves (608.2d) — "sacrifice it" (`SacrificeThis`), "[each opponent] sacrifices N ..."
(`Sacrifices`, chosen in APNAP order, 101.4, then all at once), "you may sacrifice ... If you
do" (`MaySacrifice`, also each opponent in turn) and the punisher choice "sacrifice a nonland
permanent or discard a card" (`Punisher`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import THAT_PLAYER, amount, players_named, run_steps, run_then, source_id, source_power
from engine.format import ref_text
from engine.messages.terms import kind_words

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class SacrificeThis:
    """"sacrifice it" — the ability's source, if it is still on the battlefield under the
    ability's controller (CR 701.17a: a player sacrifices only a permanent they control).
    `then`: "When you do, ..." — a reflexive ability, triggered only if it was sacrificed
    (CR 603.12; Obscura Storefront)."""
    then: Any = None

    def step(self) -> Step:
        then = self.then

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = source_id(g, item)
            if src is not None and g.st.objects[src].controller == item.controller:
                g.sacrifice(src)
                if then is not None:
                    then.fire(g, item, 1)
        return run


@dataclass(frozen=True)
class Sacrifices:
    """"[each opponent / each player / target player] sacrifices N [filter] of their choice":
    in APNAP order each chooses (CR 101.4, 701.17), then all are sacrificed at once.
    `types` the card types it may be, `nontoken`, `except_attached` ("other than enchanted
    creature"), `greatest_power`; `n` a number or a count."""
    types: tuple[str, ...]
    who: str = "each_opponent"
    n: Any = 1
    nontoken: bool = False
    except_attached: bool = False
    # "a creature with the greatest power among creatures that player controls" (Professor Onyx)
    greatest_power: bool = False

    @property
    def what(self) -> str:
        """What each player chooses, in words the prompt translates ("a nontoken creature")."""
        return kind_words(self.types, self.nontoken, self.greatest_power)

    def step(self) -> Step:
        e = self

        def fits(g: "Context", item: "Obj", p: int, oid: int, taken: list[int]) -> bool:
            if oid in taken or (e.nontoken and g.st.objects[oid].token):
                return False
            if e.greatest_power:
                powers = [g.chars(o).power or 0 for o in g.battlefield(p) if g.is_type(o, "Creature")]
                if not g.is_type(oid, "Creature") or (g.chars(oid).power or 0) < max(powers, default=0):
                    return False
            if e.except_attached:
                src = g.st.objects.get(item.source) if item.source is not None else None
                if src is not None and src.attached_to == oid:
                    return False
            return bool(g.chars(oid).types & set(e.types))

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "sac_players" not in ctx:
                ctx["sac_players"] = players_named(g, item, e.who)
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
                    # the choice is announced: the players after this one choose knowing it
                    # (CR 101.4; The Eldest Reborn's and Professor Onyx's rulings)
                    g.event("choose", player=g.pname(p), choice=ref_text(g, ("o", pick)), choice_card=True)
                    ctx["sac_left"] -= 1
                    options = [o for o in options if o != pick]
                if ctx["sac_left"] > 0 and options:
                    ctx["sac_options"] = options
                    return Ask(p, "choose_card", [ref_text(g, ("o", o)) for o in options], "ask.sacrifice_effect",
                               {"card": item.name, "what": e.what})
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
class Punisher:
    """"each opponent may sacrifice a nonland permanent of their choice or discard a card.
    Then this creature deals damage equal to its power to each opponent who didn't ..."
    Ruling (Knöcherner Zweigflechter): in turn order each opponent chooses (a permanent, a
    card, or neither), then all the actions happen at once; the power is taken as it
    resolves, or as the creature last existed on the battlefield (CR 113.7a)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
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
            power = source_power(g, item, ctx)
            for p in hit:
                g.damage(g.damage_source(item), {"player": p}, power)
            for k in ("pun_players", "pun_i", "pun_choice"):
                ctx.pop(k, None)
            return None
        return run


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
    # who chooses: "you", or "event_player" (the player the trigger event names: "... deals 2
    # damage to that player unless they sacrifice a creature of their choice"), or
    # "each_opponent": "each opponent may sacrifice a permanent of their choice ... For each
    # opponent who doesn't, [otherwise]" — in turn order each chooses one of their permanents or
    # nothing, each sacrifice made as chosen (CR 101.4); then `otherwise` once for each who
    # didn't, in that order, that player named THAT_PLAYER ("that player loses 2 life")
    who: str = "you"
    otherwise: tuple[Any, ...] = ()  # what happens if nothing is sacrificed ("unless they ...")
    # "a permanent that shares a card type with the chosen card": with the first target ("target");
    # "sacrificed": with the permanent a MaySacrifice before sacrificed ("... that shares a card
    # type with it", its card types as it last existed; ruling, Braids: an artifact creature lets
    # one opponent sacrifice an artifact and another a creature)
    shares_with: str = ""
    itself: bool = False  # the source may be sacrificed too ("you may sacrifice a creature": Braids itself)
    # the ability's own line, shown with the question: what declining means ("... unless they
    # sacrifice a creature") is then on the prompt bar, in the UI language
    line: str = ""

    def step(self) -> Step:
        what, not_attached, after = self.what, self.not_attached, [e.step() for e in self.then]
        line = self.line
        who, otherwise, shares = self.who, [e.step() for e in self.otherwise], self.shares_with
        if who == "each_opponent":
            if self.then or not_attached or self.itself or shares not in ("", "sacrificed"):
                raise ValueError(f"each opponent may sacrifice: {self!r}")
            return _each_opponent_may(what, shares == "sacrificed", otherwise, self.line)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if ctx.get("sacrificed") is False:  # declined: the "unless" part
                return run_then(otherwise, g, item, ctx, "sacrifice_else", "sacrificed")
            if "sacrificed" not in ctx:
                p = item.controller if who == "you" else ctx.get("event", {}).get("player")
                if not isinstance(p, int) or g.st.players[p].lost:
                    return None
                src = item.source
                att = g.st.objects[src].attached_to if src is not None and src in g.st.objects else None
                cands = [o for o in g.battlefield(p) if (o != src or self.itself) and not (not_attached and o == att)
                         and (what is None or what(g, g.st.objects[o]))]
                if shares:  # card types as they are now (CR 613; the target card's printed ones)
                    chosen = g.target_obj(item, 0)
                    kinds = g.types_now(chosen)[0] & PERMANENT_TYPES_SET if chosen is not None else frozenset()
                    cands = [o for o in cands if g.types_now(o)[0] & kinds]
                names = [ref_text(g, ("o", o)) for o in cands]
                choice = _may_sacrifice_choice(g, p, item, ctx, names, line)
                if isinstance(choice, Ask):
                    return choice
                if choice == "nothing":
                    if not otherwise:
                        return None
                    ctx["sacrificed"] = False
                    return run(g, item, ctx)
                oid = cands[names.index(choice)]
                # its card types as it last existed on the battlefield ("shares a card type with it")
                ctx["sacrificed_types"] = sorted(g.types_now(oid)[0] & PERMANENT_TYPES_SET)
                g.sacrifice(oid)
                ctx["sacrificed"] = True
            return run_then(after, g, item, ctx, "sacrifice_then", "sacrificed", "sacrificed_types")
        return run


PERMANENT_TYPES_SET = frozenset(("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"))


def _each_opponent_may(what: Any, sharing: bool, otherwise: list[Step], line: str = "") -> Step:
    """MaySacrifice(who="each_opponent"): see there."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        kinds = frozenset(ctx.get("sacrificed_types", ()))
        if "share_players" not in ctx:
            ctx["share_players"] = [p for p in g.apnap() if p in g.opponents(item.controller)]
            ctx["share_i"], ctx["share_refused"] = 0, []
        players: list[int] = ctx["share_players"]
        while ctx["share_i"] < len(players):
            p = players[ctx["share_i"]]
            cands = [o for o in g.battlefield(p) if (what is None or what(g, g.st.objects[o]))
                     and (not sharing or g.types_now(o)[0] & kinds)]
            names = [ref_text(g, ("o", o)) for o in cands]
            choice = _may_sacrifice_choice(g, p, item, ctx, names, line)
            if isinstance(choice, Ask):
                return choice
            if choice == "nothing":
                ctx["share_refused"].append(p)
            else:
                g.sacrifice(cands[names.index(choice)])
            ctx["share_i"] += 1
        refused: list[int] = ctx["share_refused"]
        while refused:  # "For each opponent who doesn't, that player ..."
            ctx[THAT_PLAYER] = refused[0]
            got = run_steps(otherwise, g, item, ctx, "share_else")
            if got is not None:
                return got
            refused.pop(0)
        for k in ("share_players", "share_i", "share_refused", THAT_PLAYER):
            ctx.pop(k, None)
        return None
    return run


def _may_sacrifice_choice(g: "Context", p: int, item: "Obj", ctx: dict[str, Any], names: list[str],
                          line: str = "") -> "str | Ask":
    """p's answer to "you may sacrifice one of these" — a name or "nothing" ("nothing" without
    asking when there is none) — or the question, when it is still to be asked (with the
    ability's `line` when the card gives it)."""
    if not names:
        return "nothing"
    if "answer" not in ctx:
        if line:
            return Ask(p, "choose_card", names + ["nothing"], "ask.may_sacrifice_line",
                       {"card": item.name, "ability": line})
        return Ask(p, "choose_card", names + ["nothing"], "ask.may_sacrifice", {"card": item.name})
    return str(ctx.pop("answer")[0])
