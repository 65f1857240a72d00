"""What a seat may do at a LAN table beyond what the engine allows: an action, whether sent
as text or as fields, names only objects its seat's observation shows, and a table move
(hybrid, tabletop) touches only what the seat owns or controls — unless the host made the
table a trusted "paper" table, where anyone may move anything, as around a real table.

A refused action names one reason. An object the seat cannot see is always "no such object"
(the engine's own `ref.unknown_object`), whatever is behind the id: a card in a library, in
another hand, or nothing at all, so the answer tells nothing.
"""
from __future__ import annotations

from typing import Any, Callable

from engine.actions import MANUAL_VERBS, Action, ActionError, ActionSyntaxError, IllegalActionError
from engine.naming import FACE_DOWN
from engine.redaction import who_knows

# table moves on an object (Action.obj); those without one act on the mover's own cards
OBJECT_MOVES = frozenset({"move", "tap", "untap", "face down", "face up", "phase out", "phase in", "counter",
                          "reveal", "attach", "detach", "note"})
PLAYER_MOVES = frozenset({"life", "poison"})  # args[0] is the player whose figure changes
SKIPS = frozenset({"next step", "next turn"})
MAX_TOKENS = 60  # tokens one player may control (a table move makes one each time)
MANUAL = _MANUAL = frozenset(MANUAL_VERBS)
# table moves that leave the open decision as it was (the skips move the game on): one sent
# while updates were on their way is checked again on the new position (engine/net/room.py)
TABLE_MOVES = MANUAL - SKIPS
# what means the same on a newer position: the table moves, and conceding (CR 104.3a: any time)
SAME_LATER = TABLE_MOVES | {"concede"}


class Refusal(Exception):
    """An action the host refuses before the engine sees it: a net.* key and its parameters."""

    def __init__(self, reason: str, key: str, **params: Any) -> None:
        super().__init__(key)
        self.reason, self.key, self.params = reason, key, params


def ids_in(action: Action) -> list[int]:
    """Every object id an action names: its object, its targets, attack/block pairs, and the
    attach target of a table move."""
    out: list[int] = []

    def ref(x: Any) -> None:
        if type(x) is int:
            out.append(x)
        elif isinstance(x, (tuple, list)):
            if len(x) == 2 and x[0] == "o":
                if type(x[1]) is not int:
                    raise ActionSyntaxError("action.bad_field", field="targets")
                ref(x[1])
            elif not (len(x) == 2 and x[0] == "p"):
                for y in x:
                    ref(y)
    if action.obj is not None:
        if type(action.obj) is not int:
            raise ActionSyntaxError("action.bad_field", field="obj")
        ref(action.obj)
    for part in (action.targets, action.pairs):
        ref(part or ())
    if action.verb == "attach" and action.args:
        ref(action.args[0])
    return out


def check(game: Any, seat: int, action: Action, visible: set[int], paper: bool, text: str | None = None) -> None:
    """Raise IllegalActionError or Refusal when the seat may not send this. `text`: the action
    came as text (the engine found its objects by name) rather than as fields (by id)."""
    for oid in ids_in(action):
        if oid in visible and (text is None or _name_known(game, seat, oid)):
            continue
        if text is None:
            raise IllegalActionError("ref.unknown_object")
        o = game.st.objects.get(oid)
        if o is not None and o.zone == "library" and o.owner == seat and action.verb in _MANUAL:
            continue  # a table move from one's own library, by name (a tutor by hand)
        # found by a name the seat may not know (a face-down exiled card...): answered exactly as
        # a name that matches nothing, with the name as the seat typed it
        name = str(o.name) if o is not None else ""
        at = text.lower().find(name.lower()) if name else -1
        raise IllegalActionError("ref.none", card=text[at:at + len(name)] if at >= 0 else name)
    verb = action.verb
    if verb not in _MANUAL or paper:
        return
    st = game.st
    if verb in OBJECT_MOVES and action.obj is not None:
        o = st.objects[action.obj]
        if seat not in (o.owner, o.controller):
            raise Refusal("not_yours", "net.not_yours")
    if verb in PLAYER_MOVES and action.args and action.args[0] != seat:
        raise Refusal("not_yours", "net.not_yours")
    if verb in SKIPS and game.pending is not None and game.pending.player != seat:
        raise Refusal("not_yours", "net.skip_not_yours")
    if verb == "token":
        mine = sum(1 for oid in st.battlefield if st.objects[oid].token and st.objects[oid].controller == seat)
        if mine >= MAX_TOKENS:
            raise Refusal("limit", "net.too_many_tokens", count=MAX_TOKENS)


def for_seat(game: Any, seat: int, exc: ActionError, text: str | None = None) -> ActionError:
    """The refusal as the seat may read it: the engine's refusals name objects by name
    ("Spineseeker Centipede can't block ..."), so every parameter that is the name of a
    face-down card this seat may not know becomes "face-down permanent" (CR 708.2a) — the
    names are those of the hidden objects themselves (by identity); a face-up card of the
    same name elsewhere is hidden with them, never the other way round. A name the seat typed
    itself (`text`) is echoed as typed: hiding it would tell that such a card is face down."""
    hidden = {str(o.name) for oid, o in game.st.objects.items() if o.face_down and not _name_known(game, seat, oid)}
    if text:
        hidden = {n for n in hidden if n.lower() not in text.lower()}
    params = dict(getattr(exc, "params", {}) or {})
    if not hidden or not any(isinstance(v, str) and v in hidden for v in params.values()):
        return exc
    params = {k: FACE_DOWN if isinstance(v, str) and v in hidden else v for k, v in params.items()}
    return type(exc)(exc.key, **params)


def _name_known(game: Any, seat: int, oid: int) -> bool:
    """Whether the seat may know this object's name (not a face-down card of another)."""
    aud = who_knows(game, oid)
    return aud is None or seat in aud


class Bucket:
    """A token bucket: `rate` a second, `burst` at once (table moves per seat, chat per table)."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.last = burst, clock()

    def allow(self) -> bool:
        return take_token(self, self.rate, self.burst, self.clock())


def take_token(holder: Any, rate: float, burst: float, now: float, prefix: str = "") -> bool:
    """One token from a bucket kept on `holder` (its `tokens` and `last` time, their names
    after `prefix`: a connection's "chat_tokens"): refilled at `rate` a second up to `burst`
    since `last`; False when less than one is left."""
    tokens = min(burst, getattr(holder, prefix + "tokens") + (now - getattr(holder, prefix + "last")) * rate)
    setattr(holder, prefix + "last", now)
    if tokens < 1:
        setattr(holder, prefix + "tokens", tokens)
        return False
    setattr(holder, prefix + "tokens", tokens - 1)
    return True
