"""Modal triggered abilities (CR 700.2): the controller chooses the mode as the ability is
put on the stack (CR 700.2b, 603.3c), "choose three" one mode at a time (CR 700.2d), "that
hasn't been chosen" leaving out the modes chosen before; engine/rules/triggers.py puts it on
the stack once chosen."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from engine.rules import targets as tg
from engine.rules.index import CARDS

if TYPE_CHECKING:
    from engine.rules.context import Context


class ModeTriggers(Protocol):
    """What choosing a trigger's mode uses of the triggered abilities' keeper
    (engine/rules/triggers.py Triggers): the game, and putting the ability on the stack."""

    @property
    def g(self) -> Context: ...

    def push(self, w: dict[str, Any], chosen: list[Any] | None = None, final: bool = True) -> bool: ...


def ask_mode(t: ModeTriggers, w: dict[str, Any], trig: Any) -> bool:
    """A modal triggered ability's controller chooses its mode as it is put on the stack
    (CR 700.2b); "that hasn't been chosen" leaves out the modes this object chose before
    (a ruling); with none left, it is removed (CR 700.2)."""
    g = t.g
    src = g.st.objects.get(w["source"]) if w.get("source") is not None else None
    if trig.all_if is not None and src is not None and trig.all_if(g, src):  # "choose both instead"
        every = list(range(1, len(trig.modes) + 1))
        i = g.st.waiting.index(w)
        g.st.waiting[i] = {**w, "mode": 1, "modes": every}
        return t.push(g.st.waiting[i])
    done = src.ctx.get(f"modes:{w['ability']}", []) if (src is not None and trig.unchosen) else []
    # CR 603.3c: a mode whose targets can't be chosen can't be chosen either
    picked = w.get("modes_so_far", [])  # "choose three": the modes chosen so far (CR 700.2d)
    left = [k for k in range(1, len(trig.modes) + 1) if k not in done
            and (trig.repeat or k not in picked)
            and all(s.up_to or tg.options(g, s, w["controller"], w.get("source")) for s in trig.modes[k - 1].targets)]
    if not left:
        g.st.waiting.remove(w)
        return True
    g.st.pending = {"player": w["controller"], "kind": "ask", "where": "trigger_mode",
                    "prompt": "decide.trigger_mode", "params": {"card": w["name"]},
                    "options": [trig.modes[k - 1].label.lstrip("•").strip() for k in left], "refs": left,
                    "waiting": w, "count": 1, "min_count": 1}
    return True

def mode_chosen(t: ModeTriggers, pend: dict[str, Any], answer: list[str]) -> None:
    g = t.g
    w = pend["waiting"]
    mode = pend["refs"][[o.lower() for o in pend["options"]].index(answer[0].lower())]
    i = g.st.waiting.index(w)
    if trig_choose(g, w) > 1:  # "choose three" (CR 700.2d): one mode at a time, then all of them
        picked = [*w.get("modes_so_far", []), mode]
        if len(picked) < trig_choose(g, w):
            w = g.st.waiting[i] = {**w, "modes_so_far": picked}
            t.push(w)
            return
        w = g.st.waiting[i] = {**{k: v for k, v in w.items() if k != "modes_so_far"},
                               "mode": sorted(picked)[0], "modes": sorted(picked)}
        t.push(w)
        return
    w = g.st.waiting[i] = {**w, "mode": mode}
    src = g.st.objects.get(w["source"]) if w.get("source") is not None else None
    if src is not None:
        key = f"modes:{w['ability']}"
        g.update(src.id, ctx={**src.ctx, key: [*src.ctx.get(key, []), mode]})
    t.push(w)


def trig_choose(g: Any, w: dict[str, Any]) -> int:
    """How many modes a waiting modal trigger chooses ("choose three", CR 700.2d; else one)."""
    if w.get("ability", -1) < 0:
        return 1
    d = CARDS.card_def(w["def"], token=w["token"])
    return d.triggered[w["ability"]].choose if d is not None else 1
