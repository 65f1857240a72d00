"""Exile: cards exiled with a permanent (CR 607.2a), "until this leaves the battlefield"
(CR 610.3) and cards that may be played from exile.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.cards.vocab.core import pick_named, source_id
from engine.cards.vocab.delayed import next_turn_of
from engine.cards.model import Ask
from engine.cards.vocab.core import object_options
from engine.rules.targets import word_players
from engine.rules.exile_permissions import PERMANENT_SPELL_TYPES
from engine.rules.entering import enter_together

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class ExileTargetWithThis:
    """"exile [up to one] target card from a graveyard" — remembered as exiled with this
    permanent (for "cards exiled with this creature")."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            src = source_id(g, item)
            if oid is None:
                return
            new = g.move(oid, "exile", cause="exile")
            if src is not None:
                me = g.st.objects[src]
                g.update(src, ctx={**me.ctx, "exiled_with": [*me.ctx.get("exiled_with", []), new]})
        return run


@dataclass(frozen=True)
class ExileTopMayPlay:
    """"Exile [the top card of your library / it]. You may play [it / that card] until the
    end of your next turn [this turn]." The card is exiled face up; the ability's controller
    may play it (a land as the land for the turn, a spell by paying its costs, CR 601.2a,
    305.1) from exile until then. `n` cards ("exile the top two cards"); `until="this_turn"`
    for "You may play it this turn"; `of="event"`: the permanent the trigger event named, if
    it is still on the battlefield (CR 400.7; Norin, Swift Survivalist — a token exiled this
    way ceases to exist, CR 111.8, and is not played); `of="cost"`: the card exiled to pay this
    ability's cost ("Exile a face-down permanent you control face up: You may play that card
    this turn.", CR 602.2b; remembered on the ability); `choose_one`: "Choose one of them. ...
    you may play that card." (chosen as it resolves; the other stays in exile, not playable).

    The other shapes of the sentence, as parameters (the terms of the permission are
    engine/rules/exile_permissions.py's):

    * `of="bottom"`: the bottom cards; `whose="each_opponent"`: of each opponent's library;
    * `face_down`: exiled face down; the ability's controller may look at them (CR 406.3);
    * `until="exiled"`: "for as long as those cards remain exiled" (the permission has no end;
      it is the effect's, not its source's);
    * `cast`: "spells" — "you may cast spells from among them" (no land is played), or
      "permanent_spells" (CR 110.4);
    * `free="per_card_type"`: "for each nonland card type, you may cast a spell of that type
      from among the exiled cards without paying its mana cost" (CR 205.2a, 118.9);
    * `any_color`: "you may spend mana as though it were mana of any color to cast those
      spells" (CR 609.4b);
    * `land="put"`: "You may put a land card from among them onto the battlefield." — chosen as
      it resolves, before anything is cast (a put, not a land play: CR 305.4)."""
    n: int = 1
    until: str = "next_turn"  # next_turn | this_turn | with_this | exiled
    of: str = "top"  # top | bottom | event | cost
    # with until="with_this": "exile the top card of your library" — exiled with this permanent
    # (CR 607.2a); the permission to play it is this permanent's static ability `rule` (a
    # RuleChange, engine/format.py: during your turn, while the permanent stays, if it holds)
    rule: str = ""
    choose_one: bool = False
    whose: str = "you"  # you | each_opponent
    face_down: bool = False
    cast: str = ""  # "" (play) | spells | permanent_spells
    free: str = ""  # "" | per_card_type
    any_color: bool = False
    land: str = ""  # "" | put

    def _terms(self, item: "Obj") -> dict[str, Any]:
        """The permission's terms (engine/rules/exile_permissions.py)."""
        terms: dict[str, Any] = {}
        if self.cast:
            terms["cast_only"] = True
        if self.cast == "permanent_spells":
            terms["types"] = list(PERMANENT_SPELL_TYPES)
        if self.free == "per_card_type":
            terms.update(free=True, per_type=item.id)  # (the permissions of this one effect share it)
        if self.any_color:
            terms["any_color"] = True
        return terms

    def _cards(self, g: "Context", item: "Obj", ctx: dict[str, Any]) -> list[int]:
        if self.of == "event":
            oid = ctx.get("event", {}).get("obj")
            return [oid] if oid in g.st.objects and g.st.objects[oid].zone == "battlefield" else []
        players = [item.controller] if self.whose == "you" else g.opponents(item.controller)
        out: list[int] = []
        for q in players:
            lib = g.st.players[q].library
            out += list(lib[:self.n]) if self.of == "top" else list(lib[-self.n:]) if lib else []
        return out

    def step(self) -> Step:
        until, rule, choose_one = self.until, self.rule, self.choose_one

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "exiled_top" not in ctx and self.of == "cost":  # already exiled to pay the cost (CR 602.2b)
                ctx["exiled_top"] = list(item.ctx.get("paid_exiled", []))
            if "exiled_top" not in ctx:
                exiled = []
                for oid in self._cards(g, item, ctx):
                    token = g.st.objects[oid].token
                    new = g.move(oid, "exile", cause="exile", face_down=self.face_down)
                    if self.face_down:  # CR 406.3: "you may look at them"
                        g.update(new, ctx={**g.st.objects[new].ctx, "may_look": [p]})
                    if until == "with_this":
                        src = source_id(g, item)
                        if src is not None:
                            me = g.st.objects[src]
                            g.update(src, ctx={**me.ctx, "exiled_with": [*me.ctx.get("exiled_with", []), new]})
                            g.allow_play(new, p, -1, your_turn=True, source=src, rule=rule)
                        continue
                    if not token:
                        exiled.append(new)
                ctx["exiled_top"] = exiled
            playable = [o for o in ctx["exiled_top"] if o in g.st.objects and g.st.objects[o].zone == "exile"]
            if self.land == "put":
                got = _put_land(g, item, ctx, p, playable)
                if got is not None:
                    return got
            if choose_one and len(playable) > 1:
                if "answer" not in ctx:
                    return Ask(p, "choose_card", [g.st.objects[o].name for o in playable], "ask.choose_to_play",
                               {"card": item.name})
                playable = pick_named(g, playable, ctx.pop("answer")[:1])
            ctx.pop("exiled_top")
            ctx.pop("land_put", None)
            turn = g.st.turn if until == "this_turn" else -1 if until == "exiled" else next_turn_of(g, p)
            terms = self._terms(item)
            for new in playable:
                if new in g.st.objects and g.st.objects[new].zone == "exile":  # (not the land put)
                    g.allow_play(new, p, turn, **terms)
            return None
        return run


def _put_land(g: "Context", item: "Obj", ctx: dict[str, Any], p: int, exiled: list[int]) -> Ask | None:
    """"You may put a land card from among them onto the battlefield." (one decision: a land
    card or "nothing"; a put, not the turn's land play, CR 305.4)."""
    if ctx.get("land_put"):
        return None
    lands = [o for o in exiled if "Land" in g.types_now(o)[0]]
    if not lands:
        ctx["land_put"] = True
        return None
    if "answer" not in ctx:
        return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in lands}) + ["nothing"],
                   "ask.exiled_land_onto_battlefield", {"card": item.name})
    ctx["land_put"] = True
    picked = pick_named(g, lands, ctx.pop("answer")[:1])
    for oid in picked:
        g.move(oid, "battlefield", controller=p, cause="put")
    return None


@dataclass(frozen=True)
class ExileUntilLeaves:
    """"exile target ... until this [permanent] leaves the battlefield" (CR 610.3): the
    exiled cards are remembered on the source and return under their owners' control as it
    leaves (engine/rules/zones.py). If the source has already left as this resolves, nothing
    is exiled (CR 610.3c)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            src = source_id(g, item)
            if oid is None or src is None:
                return
            new = g.move(oid, "exile", cause="exile")
            me = g.st.objects[src]
            g.update(src, ctx={**me.ctx, "exiled_until": [*me.ctx.get("exiled_until", []), new]})
        return run


def return_exiled_until(g: "Context", old: "Obj") -> None:
    """CR 610.3a: the permanent that exiled cards "until it leaves the battlefield" has left:
    they return to the battlefield under their owners' control at once. A token exiled this
    way has ceased to exist (CR 111.8) and stays where it is."""
    for oid in old.ctx.get("exiled_until", []):
        obj = g.st.objects.get(oid)
        if obj is not None and obj.zone == "exile" and not obj.token:
            g.move(oid, "battlefield", controller=obj.owner, cause="return")


def exiled_with(g: "Context", item: "Obj") -> list[int]:
    """The cards "exiled with" the ability's source (CR 607.2a linked abilities): read from
    the source, or — if paying the cost removed it (sacrificed) — from the last known
    information the activation kept (engine/rules/activation.py)."""
    src = source_id(g, item)
    ids = g.st.objects[src].ctx.get("exiled_with", []) if src is not None else item.ctx.get("lki_exiled_with", [])
    return [o for o in ids if o in g.st.objects and g.st.objects[o].zone == "exile"]


@dataclass(frozen=True)
class PutExiledWith:
    """"Put each [creature] card exiled with this [permanent] [into its owner's hand / onto the
    battlefield under your control with a [kind] counter on it]. [Each of them is a P/T
    Spirit in addition to its other types.]" — the cards exiled with the source (CR 607.2a),
    those still in exile; after the source left, as it last existed (CR 603.10a: "When this
    creature leaves the battlefield, put each card exiled with it into its owner's hand",
    Fear of Abduction). `types` the printed card types they must have (any if none);
    `counters` put on each as it is put onto the battlefield; `becomes` a Becomes applied to
    them (Ghost Vacuum: `until="never"` — no duration, CR 611.2a does not end it)."""
    to: str = "hand"
    types: tuple[str, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    becomes: Any = None

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            ids = exiled_with(g, item) or [o for o in ctx.get("event", {}).get("lki_ctx", {}).get("exiled_with", [])
                                           if o in g.st.objects and g.st.objects[o].zone == "exile"]
            new_ids: list[int] = []

            def put_each() -> None:
                for oid in ids:
                    if e.types and not g.types_now(oid)[0] & set(e.types):
                        continue
                    if e.to == "hand":
                        g.move(oid, "hand", cause="return")
                        continue
                    new = g.move(oid, "battlefield", controller=p, cause="put")
                    for kind, n in e.counters:
                        g.add_counters(new, kind, n)
                    new_ids.append(new)
            # "put each ... onto the battlefield": all at once (CR 603.6a, 614.12)
            enter_together(g, put_each)
            if e.becomes is not None:
                e.becomes.apply(g, item, new_ids)
        return run


@dataclass(frozen=True)
class ControllersMayExileTargets:
    """"For each permanent chosen this way, its controller may exile it." (Disorienting
    Choice) — for each target still legal (CR 608.2b), its controller chooses: the next
    opponent in turn order first, then the others in turn order (each sees the choices
    before, CR 101.4), you last if you control one; then all of them are exiled at once.
    `ctx["chosen_left"]`: how many of the chosen permanents are still on the battlefield
    afterwards ("if one or more of the chosen permanents are still on the battlefield")."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            you = item.controller
            if "exile_asks" not in ctx:
                ids = list(dict.fromkeys(o for o in (g.target_obj(item, i) for i in range(len(item.targets)))
                                         if o is not None))
                order = [*word_players(g, you), you]  # the opponents in turn order, then you
                objects = g.st.objects
                ctx["exile_chosen"] = ids
                ctx["exile_asks"] = [o for q in order for o in ids if objects[o].controller == q]
                ctx["exile_yes"] = []
            asks: list[int] = ctx["exile_asks"]
            while asks:
                oid = asks[0]
                obj = g.st.objects.get(oid)
                if obj is not None and obj.zone == "battlefield":
                    if "answer" not in ctx:
                        return Ask(obj.controller, "yes_no", ["yes", "no"], "ask.may_exile_chosen",
                                   {"card": item.name, "permanent": object_options(g, [oid])[0]})
                    answer = ctx.pop("answer")[0]
                    g.event("choose", player=g.pname(obj.controller), choice=answer)
                    if answer == "yes":
                        ctx["exile_yes"].append(oid)
                asks.pop(0)
            for oid in ctx.pop("exile_yes"):  # all at once, after every choice
                if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    g.move(oid, "exile", cause="exile")
            ctx["chosen_left"] = sum(1 for o in ctx.pop("exile_chosen")
                                     if o in g.st.objects and g.st.objects[o].zone == "battlefield")
            ctx.pop("exile_asks")
            return None
        return run
