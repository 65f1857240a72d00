"""Revealing a card as a permanent enters (CR 614.12b, 701.16a): "As this land enters, you
may reveal a Swamp or Mountain card from your hand. If you don't, this land enters tapped."
The permanent's `ctx["choose"]` is "reveal:Swamp|Mountain" (engine/cards/layer/build.py); it
enters tapped at once when its controller has no such card (CR 614.1c), otherwise untapped
and its controller is asked before anything else happens (ask_next): a card to reveal, or
"nothing" — then it is tapped, as entering tapped would have it (no ability sees it untapped
in between: nothing happens meanwhile). The other "as it enters, choose ..." questions (a
word, a creature type, a colour) are asked by ask_next too."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.index import CARDS

if TYPE_CHECKING:
    from engine.rules.context import Context

PREFIX = "reveal:"
PROMPT = "ask.reveal_for_untapped"


def reveal_options(g: "Context", player: int, land_types: tuple[str, ...]) -> list[int]:
    """The cards in the player's hand with one of these land types (any land card, not only
    basic ones: the ruling of the snarl lands)."""
    return [o for o in g.st.players[player].hand if set(g.types_now(o)[1]) & set(land_types)]


def ask(g: "Context", oid: int, choose: str) -> bool:
    """Put the reveal question to the permanent's controller; False (and the question dropped)
    when there is nothing to reveal."""
    obj = g.st.objects[oid]
    options = reveal_options(g, obj.controller, tuple(choose[len(PREFIX):].split("|")))
    if not options or obj.tapped:
        g.update(oid, ctx={k: v for k, v in obj.ctx.items() if k != "choose"})
        return False
    g.st.pending = {"player": obj.controller, "kind": "ask", "where": "as_enters", "obj": oid, "prompt": PROMPT,
                    "params": {"card": obj.name, "types": " / ".join(choose[len(PREFIX):].split("|"))},
                    "options": sorted({g.st.objects[o].name for o in options}) + ["nothing"],
                    "count": 1, "min_count": 1}
    return True


def answered(g: "Context", pend: dict[str, Any], answer: list[str]) -> None:
    """A card revealed (everyone sees it, CR 701.16a), or "nothing": the permanent is tapped."""
    obj = g.st.objects[pend["obj"]]
    g.update(obj.id, ctx={k: v for k, v in obj.ctx.items() if k != "choose"})
    if answer[0] == "nothing":
        g.update(obj.id, tapped=True)
        return
    g.event("reveal", player=g.pname(obj.controller), card=answer[0])


def waiting(g: "Context") -> list[int]:
    """The permanents with an "as it enters" choice still to make. The choice is set as it
    enters (a move) and cleared by update (a change of its ctx): both touch, so the list is
    kept until the next touch (GameBase._PERMANENTS_ONLY), not made again after each ability
    put on the stack or each status change (on a crowded board a walk of every permanent)."""
    got: list[int] | None = g.memo.get("as_enters_waiting")
    if got is None:
        st = g.st
        got = g.memo["as_enters_waiting"] = [o for o in st.battlefield if "choose" in st.objects[o].ctx]
    return got


def ask_next(g: "Context") -> bool:
    """"As it enters, choose a color." (CR 614.12b): the choice belongs to
    the permanent's entering; the engine asks its controller before anything else happens
    (before triggered abilities go on the stack and before any player gets priority)."""
    st = g.st
    for oid in waiting(g):
        obj = st.objects[oid]
        choose = obj.ctx.get("choose")
        if isinstance(choose, str) and choose.startswith(PREFIX):  # "you may reveal ..." (CR 614.12b)
            if ask(g, oid, choose):
                return True
            continue
        if isinstance(choose, str) and choose.startswith("word:"):  # "choose Believe or Doubt" (CR 614.12b)
            st.pending = {"player": obj.controller, "kind": "ask", "where": "as_enters", "obj": oid,
                          "prompt": "ask.choose_word", "params": {"card": obj.name},
                          "options": choose[5:].split("|"), "count": 1, "min_count": 1}
            return True
        if choose == "creature_type":  # "As this enchantment enters, choose a creature type." (CR 614.12)
            st.pending = {"player": obj.controller, "kind": "ask", "where": "as_enters", "obj": oid,
                          "prompt": "ask.creature_type", "params": {"card": obj.name},
                          "options": CARDS.creature_types(), "count": 1, "min_count": 1}
            return True
        if isinstance(choose, str) and choose.split(":")[0] in ("color", "color_not"):
            # "choose a color [other than white]" ("color_not:W", the Thriving lands)
            not_ = choose.split(":")[1] if ":" in choose else ""
            st.pending = {"player": obj.controller, "kind": "ask", "where": "as_enters", "obj": oid,
                          "prompt": "ask.choose_color", "params": {"card": obj.name},
                          "options": [c for c in ("W", "U", "B", "R", "G") if c not in not_],
                          "count": 1, "min_count": 1}
            return True
    return False
