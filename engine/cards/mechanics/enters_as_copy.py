""""You may have this creature enter as a copy of any creature on the battlefield, except ..."
(Phantasmal Image): a replacement effect of the entering card itself (CR 614.1c), so the choice
is made as the card enters, from the stack or from anywhere else (CR 614.12), among the
creatures already on the battlefield — not one entering at the same time (ruling). The copy
takes the chosen creature's copiable values (CR 707.2: a copy's values if it copies something,
CR 707.3; a token's as the effect that made it set them) with the card's exceptions (CR 707.9a-b),
as a copy effect in layer 1 (CR 613.2a). What applies to it as it enters — "enters with",
"as it enters", its enters abilities — is the copied creature's (CR 614.12, 603.6a).

engine/rules/zones.py `move` asks `copy_on_entering` before the permanent is put onto the
battlefield. The question is a choice in the middle of an effect (Context.choice): the rules
module running the effect takes a snapshot first (`may_ask`, engine/game.py `attempt`).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.cards.behaviour import card_def
from engine.cards.copy_values import CopyOnEntering, with_exceptions
from engine.cards.model import Ask
from engine.cards.sets import definition
from engine.format import ref_text
from engine.rules.characteristics import copiable_values

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def copy_on_entering(g: "Context", new: "Obj", cause: str) -> dict[str, Any] | None:
    """The copiable values `new` enters with, or None if it enters as itself: its card has no
    such ability, nothing is chosen, or there is no creature to copy. A card moved by hand (a
    manual move of the table) or put onto the battlefield face down is not asked (CR 708.3: a
    face-down permanent has no abilities)."""
    if cause == "manual" or new.face_down or new.token:
        return None
    d = card_def(new.name)
    term = d.term(CopyOnEntering) if d is not None else None
    spec = term.spec if term is not None else None
    if spec is None:
        return None
    from engine.cards.vocab.core import answer_object, object_options  # lazy: start-up (the vocabulary)
    entering = g.triggers.entering or []  # permanents entering at the same time are not there yet
    ids = [o for o in g.st.battlefield if o not in entering and not g.st.objects[o].phased_out
           and any(g.is_type(o, t) for t in spec.types)]
    if not ids:
        return None  # nothing to copy: no choice to make
    prompt = "ask.enter_as_copy" if spec.types == ("Creature",) else "ask.enter_as_copy_permanent"
    answer = g.choice(Ask(new.controller, "choose_card", object_options(g, ids) + ["nothing"], prompt,
                          {"card": new.name}))
    pick = answer_object(g, ids, answer[0]) if answer and answer[0] != "nothing" else None
    if pick is None:
        return None
    values = with_exceptions(copiable_values(g, pick), None, None, (), spec.add_subtypes, ())
    values["grants"] = [*values.get("grants", []), new.name]  # "and it has ..." (CR 707.9a)
    if "Aura" in str(values.get("type_line", "")).split():
        _choose_enchanted(g, new, values, entering)
    g.event("enters_as_copy", player=g.pname(new.controller), card=new.name, copy=str(values.get("name", "")))
    return values


def _choose_enchanted(g: "Context", new: "Obj", values: dict[str, Any], entering: list[int]) -> None:
    """A copy of an Aura enters without being cast as an Aura spell: its controller chooses what
    it enchants as it enters — not a target, so hexproof doesn't matter — among what its enchant
    ability allows that is already on the battlefield (CR 303.4f-g); `values["attach"]` is the
    choice ("o"/"p", id), or `values["no_recipient"]` when nothing is legal: then it stays in its
    zone, a spell is put into its owner's graveyard (CR 303.4g; engine/rules/zones.py)."""
    from engine.cards.vocab.core import answer_object  # lazy: start-up (the vocabulary)
    from engine.cards.vocab.returns import can_enchant, enchant_spec  # lazy: start-up (the vocabulary)
    spec = enchant_spec(str(values.get("def") or values.get("name") or ""))
    p = new.controller
    refs: list[tuple[str, int]] = [] if spec is None else (
        [("o", o) for o in g.st.battlefield if o not in entering and can_enchant(g, spec, ("o", o), p)]
        + [("p", q) for q in range(len(g.st.players))
           if not g.st.players[q].lost and can_enchant(g, spec, ("p", q), p)])
    if not refs:
        values["no_recipient"] = True
        return
    options = [ref_text(g, r) for r in refs]
    answer = g.choice(Ask(p, "choose_card", options, "ask.aura_attach", {"card": new.name}))
    ref = refs[options.index(answer[0])] if answer and answer[0] in options else None
    if ref is None and answer:  # an answer naming an object (an alias, a face-down one)
        got = answer_object(g, [r[1] for r in refs if r[0] == "o"], answer[0])
        ref = ("o", got) if got is not None else None
    if ref is None:
        values["no_recipient"] = True
        return
    values["attach"] = list(ref)


def may_ask(g: "Context") -> bool:
    """Whether copy_on_entering may ask while something resolves: a card with such an ability
    is somewhere it may enter from (once per position). Work that may do it takes a snapshot
    first (Game.attempt)."""
    if g.st.resolving is None:
        return False
    got = g.memo.get("copy_card_about")
    if got is None:
        objects = g.st.objects
        got = g.memo["copy_card_about"] = any(
            objects[o].zone != "battlefield" for o in _copy_cards(g) if o in objects)
    return bool(got)


def _copy_cards(g: "Context") -> tuple[int, ...]:
    """The ids of the objects (in any zone, left or not) whose card has such an ability. An
    object keeps its id and name while it exists (a zone change makes a new object with a new
    id, CR 400.7), so only the objects made since the last look are looked at: the ids up to
    st.next_id looked at are kept in g.names_kept (emptied when the state is replaced)."""
    st = g.st
    kept: tuple[int, tuple[int, ...]] | None = g.names_kept.get("copy_card_ids")
    if kept is None or kept[0] > st.next_id:
        kept = (0, ())
    upto, ids = kept
    if upto < st.next_id:
        objects = st.objects
        ids += tuple(i for i in range(upto, st.next_id) if i in objects and enters_as_copy(objects[i].name))
        g.names_kept["copy_card_ids"] = (st.next_id, ids)
    return ids


@lru_cache(maxsize=None)
def enters_as_copy(name: str) -> bool:
    """Whether the card `name` has such an ability (a snapshot is taken where one may enter)."""
    defn = definition(name)
    return defn is not None and defn.term(CopyOnEntering) is not None
