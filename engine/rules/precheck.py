"""The refusals of an action that need no change to the state (Game.apply asks them before
anything changes, engine/rules/priority.py performs what passes): who decides, which verbs
answer the open decision (CR 117.1: with priority, a player may cast, activate, play a land or
take a special action; each other decision has its own answers), which fields each verb takes.
"""
from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from engine.actions import MANUAL_VERBS, Action, ActionSyntaxError, IllegalActionError

if TYPE_CHECKING:
    from engine.contract import Decision
    from engine.rules.context import Context


_FIELDS = ("obj", "targets", "face", "alt", "x", "modes", "ability", "pairs", "choice", "pay", "args")
_ALLOWED = {"pass": (), "keep": (), "mulligan": (), "play": ("obj",),
            "cast": ("obj", "targets", "face", "alt", "x", "modes", "pay", "choice"),
            "activate": ("obj", "ability", "targets", "x", "pay", "choice", "modes"), "unlock": ("obj", "face", "pay"),
            "turn face up": ("obj", "pay", "alt"), "suspend": ("obj", "pay"), "assign": ("obj", "args", "choice"), "attacker": ("pairs",),
            "blocker": ("pairs",), "attack": ("pairs", "args"), "block": ("pairs", "args"),
            "choose": ("choice", "args"), "pick": ("choice",), "target": ("targets",)}
_DEFAULTS = {f: Action._field_defaults[f] for f in _FIELDS}


# per verb, the fields it does not take: (position in Action, default, name) — checked by index
_NOT_TAKEN = {verb: tuple((Action._fields.index(f), _DEFAULTS[f], f) for f in _FIELDS if f not in allowed)
              for verb, allowed in _ALLOWED.items()}


# the fields from `obj` to `args` (Action's positions 2-12) as an action without any has them
_BARE = Action(0, "")[2:13]


# per verb, the fields it does not take read at once (in C) and the values they have unset
_UNSET = {verb: (itemgetter(*(i for i, _, _ in not_taken)), tuple(default for _, default, _ in not_taken))
          for verb, not_taken in _NOT_TAKEN.items()}


def _extra_field(a: Action) -> str | None:
    not_taken = _NOT_TAKEN.get(a.verb)
    if not_taken is None or a[2:13] == _BARE:  # (a pass: no field at all, nothing to look at)
        return None
    read, unset = _UNSET[a.verb]
    if read(a) != unset:  # (else every field it does not take is unset)
        for i, default, f in not_taken:
            if a[i] != default and not (f == "x" and a.x == 0):
                return f
    if a.verb == "activate" and a.ability == 0 and (a.targets or a.x or a.pay):
        return "targets" if a.targets else "x" if a.x else "pay"  # CR 605.3: a mana ability just adds mana
    if a.verb == "activate" and a.ability != 0 and a.choice:
        return "choice"
    return None


_ANSWERS = {"priority": ("pass", "play", "cast", "activate", "unlock", "turn face up", "suspend"), "assign": ("assign",),
            "mulligan": ("keep", "mulligan"), "attackers": ("attacker", "attack"), "blockers": ("blocker", "block"),
            "bottom": ("pick", "choose"), "discard": ("pick", "choose"), "ask": ("pick", "choose"),
            "order_triggers": ("pick", "choose"), "targets": ("pick", "choose")}


def precheck(g: "Context", a: Action) -> "Decision | None":
    """The checks that need no change to the state: who decides, which verbs answer the
    open decision, which fields the verb takes. Refused here, nothing has to be rebuilt.
    Returns the open decision the action answers (None for a concession or a table move,
    which answer none)."""
    st = g.st
    extra = _extra_field(a)
    if extra is not None:
        raise ActionSyntaxError("action.extra_field", verb=a.verb, field=extra)
    if st.outcome is not None:
        raise IllegalActionError("game.over")
    if not 0 <= a.player < len(st.players):
        raise IllegalActionError("player.unknown")
    if a.verb == "concede" or a.verb in MANUAL_VERBS:
        return None
    dec = g.pending
    if dec is None or dec.player != a.player:
        who = g.pname(dec.player) if dec else "nobody"
        raise IllegalActionError("not_your_decision", player=who)
    if a.verb not in _ANSWERS.get(dec.kind, ()):
        if dec.kind == "priority":
            raise IllegalActionError("priority.verb", verb=a.verb)
        if dec.kind == "mulligan":
            raise IllegalActionError("mulligan.expected")
        if dec.kind == "attackers":
            raise IllegalActionError("attack.expected")
        if dec.kind == "blockers":
            raise IllegalActionError("block.expected")
        raise IllegalActionError("choose.expected")
    return dec
