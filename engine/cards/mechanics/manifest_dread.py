"""Manifest dread (keyword action, Duskmourn; CR 701.60 as the issue numbers it, with
face-down permanents, CR 708): "Look at the top two cards of your library. Put one of them
onto the battlefield face down as a 2/2 creature and the other into your graveyard."

The face-down permanent is a 2/2 with no name, mana cost, types or abilities
(engine/rules/characteristics.py, CR 708.2a); its controller sees the card, the opponents
see a face-down card and nothing more (engine/view.py, CR 708.5); it can be turned face
up for its mana cost if it is a creature card (a special action, CR 116.2b, in
engine/rules/manual.py); leaving the battlefield it is revealed (CR 708.9).

Release notes (Manifestiere das Grauen): "Falls deine Bibliothek nur eine Karte enthält,
wenn du das Grauen manifestierst, schaust du dir jene Karte an und bringst sie verdeckt ins
Spiel. Du hast nicht die Möglichkeit, sie stattdessen auf deinen Friedhof zu legen. Falls
deine Bibliothek keine Karten enthält, wenn du das Grauen manifestierst, tust du nichts."
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import amount
from engine.cards.vocab.library import library_to_graveyard

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

MANIFESTED = "manifest_dread"  # the event: a player manifested dread (player, obj, graveyard)


def manifest_dread(g: "Context", p: int, ctx: dict[str, Any]) -> Ask | None:
    """Player p manifests dread; asks which card to manifest when there are two."""
    lib = g.st.players[p].library
    top = list(lib[:2])
    if len(top) == 2 and "answer" not in ctx:
        # the names are options (seen by the deciding player only), never public parameters
        return Ask(p, "choose_card", [g.st.objects[o].name for o in top], "ask.manifest_dread", {})
    chosen = top[0] if top else None
    if len(top) == 2:
        name = ctx.pop("answer")[0]
        chosen = next((o for o in top if g.st.objects[o].name == name), top[0])
    new = None
    if chosen is not None:
        new = g.move(chosen, "battlefield", face_down=True, controller=p, cause="manifest")
    to_gy = [g.move(o, "graveyard", cause="manifest") for o in top if o != chosen]
    library_to_graveyard(g, p, to_gy)
    g.event("manifest_dread", player=g.pname(p), obj=new)
    ctx["manifested"] = new
    g.triggers.fire(MANIFESTED, player=p, obj=new, graveyard=to_gy)
    return None


@dataclass(frozen=True)
class ManifestDread:
    """You manifest dread, or the target's controller does ("Its controller manifests dread":
    the controller it had as the spell resolved, CR 608.2h), or the owners of the cards
    exiled with this permanent do ("When this Vehicle leaves the battlefield, the exiled card's
    owner manifests dread.", Unidentified Hovership: each player who owns one or more of them,
    as it last existed, CR 603.10a, manifests dread once, in APNAP order, CR 101.4; none
    exiled: nothing)."""
    who: str = "you"  # you | target_controller | exiled_cards_owners

    def step(self) -> Step:
        who = self.who
        if who not in ("you", "target_controller", "exiled_cards_owners"):
            raise ValueError(f"ManifestDread: who manifests? {who!r}")

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "dread_players" not in ctx:
                if who == "exiled_cards_owners":
                    ids = ctx.get("event", {}).get("lki_ctx", {}).get("exiled_with", [])
                    owners = {g.st.objects[o].owner for o in ids if o in g.st.objects}
                    players = [p for p in g.apnap() if p in owners]
                else:
                    players = [ctx.get("target_controller", item.controller) if who == "target_controller"
                               else item.controller]
                ctx["dread_players"], ctx["dread_i"] = players, 0
            while ctx["dread_i"] < len(ctx["dread_players"]):
                got = manifest_dread(g, ctx["dread_players"][ctx["dread_i"]], ctx)
                if got is not None:
                    return got
                ctx["dread_i"] += 1
            ctx.pop("dread_players")
            ctx.pop("dread_i")
            return None
        return run


@dataclass(frozen=True)
class ManifestDreadThenCounter:
    """"manifest dread, then put a +1/+1 counter on that creature" (Slimy Aquarium); `n`
    counters ("three +1/+1 counters", Weight Room); `also` more counters after those ("two
    +1/+1 counters and a trample counter", Experimental Lab, CR 122.1b). `times`: "Manifest
    dread X times, then put X +1/+1 counters on each of those creatures." (Valgavoth's
    Onslaught) — each manifest its own event, one after the other (release notes,
    Valgavoths Ansturm), the counters after the last (no player acts between, CR 608.2);
    `times` and `n` may be counts taken as it resolves (X)."""
    kind: str = "+1/+1"
    n: Any = 1
    also: tuple[tuple[str, int], ...] = ()
    times: Any = 1

    def step(self) -> Step:
        kind, n, also, times = self.kind, self.n, self.also, self.times

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            made: list[int] = ctx.setdefault("dread_made", [])
            while ctx.get("dread_i", 0) < amount(times, g, item):
                got = manifest_dread(g, item.controller, ctx)
                if got is not None:
                    return got
                new = ctx.pop("manifested", None)
                if new is not None:
                    made.append(new)
                ctx["dread_i"] = ctx.get("dread_i", 0) + 1
            counters = ((kind, amount(n, g, item)),) + also
            for oid in made:
                if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    for k, m in counters:
                        if m:
                            g.add_counters(oid, k, m)
            ctx.pop("dread_made", None)
            ctx.pop("dread_i", None)
            return None
        return run


@dataclass(frozen=True)
class FaceDownEnters:
    """An event condition: "Whenever a face-down permanent you control enters"."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        obj = g.st.objects.get(params.get("obj", -1))
        return obj is not None and obj.face_down and obj.controller == me.controller


@dataclass(frozen=True)
class DreadCardToHand:
    """"put a card you put into your graveyard this way into your hand" (Paranormal Analyst).
    Release notes: a card that has left the graveyard since can't be taken."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            cards = [o for o in ctx.get("event", {}).get("graveyard", [])
                     if o in g.st.objects and g.st.objects[o].zone == "graveyard"]
            if not cards:
                return None
            g.move(cards[0], "hand", cause="return")
            return None
        return run


@dataclass(frozen=True)
class ManifestDreadThenAttach:
    """"manifest dread, then attach this Equipment to that creature" (Killer's Mask ...).
    Release notes (Leitfähige Machete): "Du manifestierst auch dann das Grauen, falls die
    Ausrüstung nicht im Spiel ist, wenn ihre erste Fähigkeit verrechnet wird." """

    def step(self) -> Step:
        base = ManifestDread().step()

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            got = base(g, item, ctx)
            if got is None:
                new = ctx.pop("manifested", None)
                src = item.source
                if new is not None and new in g.st.objects and src is not None and src in g.st.objects \
                        and g.st.objects[src].zone == "battlefield":
                    g.update(src, attached_to=new)
            return got
        return run
