"""Checking a structured Action built by a driver (not read from text, not listed by the
game) before the rules see it: every field has the right type and names an existing object
or seat. A bad field is an ActionSyntaxError (wrong shape) or an IllegalActionError (no
such object or player), never a KeyError deep in the rules."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import MANUAL_VERBS, MAX_COUNTER_KIND, MAX_NOTE, MAX_TOKEN_NAME, RULES_VERBS, Action, ActionSyntaxError, IllegalActionError
from engine.state import ZONES
from engine.format import text_of

if TYPE_CHECKING:
    from engine.rules.context import Context

_VERBS = frozenset(RULES_VERBS + MANUAL_VERBS)
MAX_ITEMS = 64  # no declaration or choice has more parts than objects; this bounds bad input


def _int(v: Any, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ActionSyntaxError("action.bad_field", field=what)
    return v


def _tuple(v: Any, what: str, g: "Context | None" = None) -> tuple[Any, ...]:
    # A part list is bounded by what it can name: the game's objects and players (an attack of
    # 300 tokens is legal and was refused here as "the wrong form" at a fixed 256).
    limit = MAX_ITEMS * 4 if g is None else max(MAX_ITEMS * 4, len(g.st.objects) + len(g.st.players))
    if not isinstance(v, tuple) or len(v) > limit:
        raise ActionSyntaxError("action.bad_field", field=what)
    return v


def _obj(g: "Context", v: Any, what: str = "object") -> int:
    oid = _int(v, what)
    if oid not in g.st.objects:
        raise IllegalActionError("ref.unknown_object")
    return oid


def _seat(g: "Context", v: Any) -> int:
    p = _int(v, "player")
    if not 0 <= p < len(g.st.players):
        raise IllegalActionError("player.unknown")
    return p


def _ref(g: "Context", r: Any) -> None:
    if not isinstance(r, tuple) or len(r) != 2 or r[0] not in ("o", "p", "n"):
        raise ActionSyntaxError("action.bad_field", field="target")
    if r[0] == "n":  # ("n", 0): an "up to one" word left without a target (engine/rules/targets.py NONE)
        if r[1] != 0:
            raise ActionSyntaxError("action.bad_field", field="target")
    elif r[0] == "o":
        _obj(g, r[1], "target")
    else:
        _seat(g, r[1])


def checked(g: "Context", a: Action) -> Action:
    """The action with its canonical text, or an ActionError saying what is wrong with it."""
    _seat(g, a.player)
    if not isinstance(a.verb, str) or a.verb not in _VERBS:
        raise ActionSyntaxError("parse.unknown")
    if a.obj is not None:
        _obj(g, a.obj)
    for r in _tuple(a.targets, "targets", g):
        _ref(g, r)
    for pair in _tuple(a.pairs, "pairs", g):
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise ActionSyntaxError("action.bad_field", field="pairs")
        _obj(g, pair[0])
        _ref(g, pair[1])
    for c in _tuple(a.choice, "choice", g):
        if not isinstance(c, str) or len(c) > 200:
            raise ActionSyntaxError("action.bad_field", field="choice")
    for o in _tuple(a.pay, "pay", g):
        _obj(g, o)
    for m in _tuple(a.modes, "modes", g):
        if _int(m, "mode") < 1:
            raise ActionSyntaxError("action.bad_field", field="mode")
    if a.x is not None and not 0 <= _int(a.x, "X") <= 1_000_000:
        raise IllegalActionError("action.bad_x")
    if _int(a.ability, "ability") < 0:
        raise ActionSyntaxError("action.bad_field", field="ability")
    if not isinstance(a.face, str) or not isinstance(a.alt, str) or len(a.face) > 200 or len(a.alt) > 40:
        raise ActionSyntaxError("action.bad_field", field="face")
    _args(g, a)
    if a.verb in ("play", "cast", "unlock", "turn face up", "suspend", "move", "tap", "untap", "face down", "face up",
                  "phase out", "phase in", "reveal", "detach", "counter", "note", "attach", "assign",
                  "arrow", "remove arrow") \
            and a.obj is None:
        raise ActionSyntaxError("action.missing_card", verb=a.verb)
    if a.verb == "activate" and a.obj is None:
        raise ActionSyntaxError("action.missing_card", verb=a.verb)
    if a.verb in ("arrow", "remove arrow") and (len(a.targets) != 1 or a.targets[0][0] not in ("o", "p")):
        raise ActionSyntaxError("action.bad_args", verb=a.verb)  # one head: a permanent or a player
    return a._replace(text=text_of(g, a))


def _args(g: "Context", a: Action) -> None:
    args = _tuple(a.args, "args")
    v = a.verb
    bad = ActionSyntaxError("action.bad_args", verb=v)
    if v == "move":
        if len(args) not in (1, 2, 3) or args[0] not in ZONES or args[0] == "stack":
            raise bad
        if len(args) >= 2:
            _int(args[1], "position")
        if len(args) == 3 and (args[2] != "face down" or args[0] != "battlefield"):
            raise bad
    elif v == "counter":
        if len(args) != 2 or not isinstance(args[0], str) or not args[0]:
            raise bad
        if len(args[0]) > MAX_COUNTER_KIND:
            raise ActionSyntaxError("parse.counter_kind_too_long", maximum=MAX_COUNTER_KIND)
        _int(args[1], "amount")
    elif v == "token":
        if len(args) != 3 or not isinstance(args[0], str) or not args[0]:
            raise bad
        if len(args[0]) > MAX_TOKEN_NAME:
            raise ActionSyntaxError("parse.token_name_too_long", maximum=MAX_TOKEN_NAME)
        for n in args[1:]:
            if n is not None and not 0 <= _int(n, "power") <= 1000:
                raise bad
    elif v in ("life", "poison"):
        if len(args) != 2:
            raise bad
        _seat(g, args[0])
        _int(args[1], "amount")
    elif v in ("draw", "mill"):
        if len(args) > 1 or (args and not 1 <= _int(args[0], "count") <= 100):
            raise bad
    elif v == "roll":
        if len(args) != 1 or not 2 <= _int(args[0], "sides") <= 9999:
            raise bad
    elif v == "attach":
        if len(args) != 1:
            raise bad
        _obj(g, args[0])
    elif v == "note":
        if len(args) != 1 or not isinstance(args[0], str):
            raise bad
        if len(args[0]) > MAX_NOTE:
            raise ActionSyntaxError("parse.note_too_long", maximum=MAX_NOTE)
    elif v == "assign":
        for item in args:
            if not isinstance(item, tuple) or len(item) != 2:
                raise bad
            _ref(g, item[0])
            if _int(item[1], "amount") < 0:
                raise bad
    elif v in ("attack", "block", "choose"):
        if args not in ((), ("done",)):
            raise bad
    elif args:
        raise bad
