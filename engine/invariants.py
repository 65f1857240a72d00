"""Invariants of a game position that random playouts check (tests/engine/test_random_playout.py
and `python -m engine.bench --pool-games N`): every object is in exactly one zone, no card is
created or lost, and no observation shows a hidden card."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.schemes import is_scheme
from engine.view import dicts_in

if TYPE_CHECKING:
    from engine.game import Game


def conserved(g: Game, n_cards: int) -> None:
    st = g.st
    seen: dict[int, str] = {}
    lists = [("battlefield", st.battlefield), ("stack", st.stack)]
    for p in st.players:
        for z in ("library", "hand", "graveyard", "exile", "command", "schemes"):  # (schemes: the scheme deck)
            lists.append((z, getattr(p, z)))
    for zone, ids in lists:
        for oid in ids:
            assert oid not in seen, f"object {oid} in {zone} and {seen[oid]}"
            seen[oid] = zone
            assert st.objects[oid].zone == zone
    for oid, obj in st.objects.items():
        assert oid in seen, f"object {oid} ({obj.name}) is in no zone"
    # CR 800.4a: the cards of a player who left the game (3-4 players) left it with them
    # (all of them, or none: a player who lost as the game ended keeps theirs)
    per_owner: dict[int, set[int]] = {}
    for o in st.objects.values():
        # (a copy of a card made in exile to be cast, CR 707.12 — in exile or cast, on the stack —
        # is no physical card of the deck: it ceases to exist, CR 704.5e)
        # (scheme cards, CR 314, are no deck cards: the scheme decks are counted apart)
        if o.kind == "card" and not (o.ctx.get("card_copy") or o.ctx.get("copy")) and not is_scheme(o.name):
            per_owner.setdefault(o.owner, set()).add(o.card)
    for p in st.players:
        n = len(per_owner.get(p.index, ()))
        assert n == n_cards // len(st.players) or (p.lost and n == 0), "cards were created or lost"


def no_leak(g: Game) -> None:
    st = g.st
    for viewer in [*range(len(st.players)), None]:
        data = g.observation(viewer).to_json()
        hidden_ids = set()
        for p in st.players:
            hidden_ids.update(p.library)
            if p.index != viewer:
                hidden_ids.update(p.hand)
        found: list[int] = []
        for d in dicts_in(data):
            assert not isinstance(d.get("card"), int), "physical card identity leaked"
            if isinstance(d.get("id"), int):
                found.append(d["id"])
        assert not hidden_ids & set(found), "a hidden card's id is visible"
        for p in data["players"]:
            if p["index"] != viewer:
                assert all(c["name"] is None for c in p["hand"])
