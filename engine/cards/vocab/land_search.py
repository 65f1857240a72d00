"""Searching a library for basic land cards (CR 701.23, 701.24; 205.4c "basic"): "search your
library for [a / up to N] basic land card[s], put [it / them] onto the battlefield [tapped] /
reveal them, put them into your hand, then shuffle" — one item for the ramp creatures and
spells (Sakura-Tribe Elder, Burnished Hart, Yavimaya Elder, Solemn Simulacrum ...).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import amount, pick_named
from engine.rules.entering import enter_together

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class SearchBasicLands:
    """Search for up to `n` basic land cards (a number or a count taken as it resolves): chosen
    at once among the basic land cards of the library (a search of a hidden zone may find
    nothing, CR 701.23b: `choose nothing`), then put `to` "battlefield" (`tapped` or not, all
    at the same time, CR 603.6a) or "hand" (revealed: the log names them), then shuffle."""
    n: Any = 1
    to: str = "battlefield"  # battlefield | hand
    tapped: bool = True

    def step(self) -> Step:
        n, to, tapped = self.n, self.to, self.tapped
        if to not in ("battlefield", "hand"):
            raise ValueError(f"SearchBasicLands: unknown destination {to!r}")

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            basics = [o for o in lib if "Land" in g.types_now(o)[0] and "Basic" in g.chars(o).supertypes]
            if "answer" not in ctx:
                want = amount(n, g, item)
                if want <= 0 or not basics:
                    g.shuffle(p)
                    return None
                ctx["search_n"] = want
                names = sorted(g.st.objects[o].name for o in basics)
                if want == 1:
                    return Ask(p, "choose_card", sorted(set(names)) + ["nothing"], "ask.search_basic_land", {})
                return Ask(p, "choose_card", names, "ask.search_basic_lands", {"count": want},
                           count=min(want, len(basics)), min_count=0)
            want = int(ctx.pop("search_n", 1))
            chosen = pick_named(g, basics, [a for a in ctx.pop("answer") if a != "nothing"][:want])
            if to == "battlefield":
                enter_together(g, lambda: [g.move(o, "battlefield", tapped=tapped, controller=p, cause="search")
                                             for o in chosen])
            else:
                for o in chosen:
                    new = g.move(o, "hand", cause="search")
                    g.event("reveal", player=g.pname(p), card=g.st.objects[new].name)
            g.shuffle(p)
            return None
        return run
