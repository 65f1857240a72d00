"""Reading canonical action text back into Actions (SCENARIOS.md "Action text").

Untrusted input (network, files): every failure is an ActionError (ActionSyntaxError when
the text cannot be read, AmbiguousActionError when a name fits objects that differ,
IllegalActionError when it names nothing usable) with a message that says what was wrong;
nothing here changes the game.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterable

from engine.actions import MANUAL_VERBS, MAX_ACTION_TEXT, MAX_COUNTER_KIND, MAX_NOTE, MAX_TOKEN_NAME, Action, ActionError, ActionSyntaxError, IllegalActionError, Ref
from engine.action_candidates import activate_cands, hand_cands, own_battlefield, target_cands, visible_cands
from engine.format import GRAVEYARD, fmt
from engine.naming import own_face_down, player_index, resolve
from engine.state import ZONES
from engine.format import ref_text
from engine.format import resolve_graveyard_target
from engine.rules.targets import per_player
from engine.cards.behaviour import card_def

if TYPE_CHECKING:
    from engine.rules.context import Context

_CAST = re.compile(r"^(?P<card>.+?)(?:\s*:\s*(?P<face>[^>]+?))?(?:\s+with\s+(?P<alt>\w+(?:\+\w+)?))?"
                   r"(?:\s+x=(?P<x>\d+))?(?:\s+mode=(?P<mode>[\d,\s]+?))?(?:\s+life=(?P<life>[WUBRG]+))?"
                   r"(?:\s*->\s*(?P<targets>.+?))?"
                   r"(?:\s+pay\s+(?P<pay>.+))?$")
_ACTIVATE = re.compile(r"^(?P<card>.+?)(?:\s+ability\s+(?P<n>\d+))?(?:\s+mana=(?P<mana>[WUBRGC]{1,2}))?"
                       r"(?:\s+x=(?P<x>\d+))?(?:\s+mode=(?P<mode>\d+))?(?:\s*->\s*(?P<targets>.+?))?(?:\s+pay\s+(?P<pay>.+))?$")


def _resolve_list(text: str, one: Callable[[str], object], out: list[object] | None = None) -> list[object]:
    """Resolve "A, B, C" where a name may itself contain a comma ("Aminatou, Veil Piercer");
    `out` (the list being filled) lets `one` see how many are resolved already."""
    parts = [p.strip() for p in text.split(",")]
    out = [] if out is None else out
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):
            piece = ", ".join(parts[i:j])
            try:
                out.append(one(piece))
            except ActionError:
                if j == i + 1:
                    raise
                continue
            i = j
            break
    return out


def _target(g: "Context", text: str, graveyard: bool = False, among: list[int] | None = None) -> Ref:
    """A target's name: a player, a permanent or an object on the stack — or, for a spell or
    ability whose targets are cards in graveyards (CR 115.1), a graveyard card, named among
    the graveyards' cards as the listed action names it (engine.format.ref_text). `among`: the
    objects a name without "#K" is looked for among (the zone the target word reads)."""
    graveyards = [o for pl in g.st.players for o in pl.graveyard]
    if graveyard:
        return ("o", resolve(g, text, graveyards))
    try:
        return ("p", player_index(g, text))
    except IllegalActionError:
        pass
    graveyards = [o for pl in g.st.players for o in pl.graveyard]
    if text.strip().lower().endswith(GRAVEYARD):  # "Name#K (graveyard)" (engine.format.graveyard_ref)
        return ("o", resolve(g, text.strip()[:-len(GRAVEYARD)], graveyards))
    try:
        return ("o", resolve(g, text, target_cands(g) if among is None else among))
    except IllegalActionError as exc:
        # a card in a graveyard ("target card from a graveyard", CR 115.1): named there only when
        # no permanent or spell has that name, so the texts of other targets stay as they are
        found = None
        if text.strip().startswith("@"):  # an alias of a card in a graveyard
            found = next((o for pl in g.st.players for o in pl.graveyard
                          if g.st.objects[o].card == g.aliases.get(text.strip()[1:])), None)
        else:
            found = resolve_graveyard_target(g, text)
        if found is not None:
            return ("o", found)
        if not graveyards:
            raise exc
        return ("o", resolve(g, text, graveyards))


GRAVEYARD_TARGETS = ("card_in_your_graveyard", "card_in_a_graveyard")
STACK_TARGETS = ("spell", "stack_single_target")  # the target words that read the stack (engine/rules/targets.py)


def _targets(g: "Context", text: str, specs: list[Any]) -> tuple[Ref, ...]:
    """The targets of a cast or activate text, each read for its target word: a card in a
    graveyard (CR 115.1) is named among the graveyards' cards ("Forest", "Forest#2"), so a
    Forest on the battlefield doesn't stand in its way."""
    out: list[object] = []

    def one(piece: str) -> Ref:
        spec = specs[len(out)] if len(out) < len(specs) else None
        if piece.strip().lower() == "nothing" and getattr(spec, "up_to", False):
            return ("n", 0)  # an "up to one" word left without a target (engine/rules/targets.py NONE)
        if spec is not None and getattr(spec, "what", "") in GRAVEYARD_TARGETS:
            gy = [o for pl in g.st.players for o in pl.graveyard]
            if piece.strip().lower().endswith(GRAVEYARD):  # "Name#K (graveyard)" as listed
                piece = piece.strip()[:-len(GRAVEYARD)]
            return ("o", resolve(g, piece, gy))
        if spec is None or "#" in piece or piece.strip().startswith("@"):
            return _target(g, piece)  # ("NAME#K" counts the permanents and the stack together, as written)
        # a plain name is looked for in the zone the target word reads (SCENARIOS.md: "a name
        # unique in the zones that matter"): a creature shares its name with its own trigger on
        # the stack, which "target creature" can't target (CR 115.1); no guess: a name still
        # shared there is ambiguous
        stack = getattr(spec, "what", "") in STACK_TARGETS
        return _target(g, piece, among=list(g.st.stack) if stack else list(g.st.battlefield))

    _resolve_list(text, one, out)
    return tuple(out)  # type: ignore[arg-type]


def _specs(g: "Context", obj: int, verb: str, modes: tuple[int, ...] = (), ability: int = 0,
           player: int = 0) -> list[Any]:
    o = g.st.objects[obj]
    d = g.chars(obj).defn if o.zone == "battlefield" else card_def(o.name)
    if d is None:
        return []
    if verb == "cast":
        return per_player(g, player, d.targets_for(modes))  # a word per opponent (CR 601.2c)
    abilities = d.nonmana_abilities()
    if not 1 <= ability <= len(abilities):
        return []
    ab = abilities[ability - 1]
    return ab.targets_for(modes)


def _graveyard_targets(specs: list[object]) -> bool:
    """Every target of the spell or ability is a card in a graveyard."""
    return bool(specs) and all(getattr(s, "what", "") in ("card_in_your_graveyard", "card_in_a_graveyard")
                               for s in specs)


def parse_action(g: "Context", player: int, text: str) -> Action:
    if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
        raise ActionSyntaxError("parse.too_long")
    if player not in range(len(g.st.players)):
        raise IllegalActionError("player.unknown")
    t = " ".join(text.strip().split())
    low = t.lower()
    p = player
    if low in ("pass", "keep", "mulligan", "concede", "untap all", "shuffle", "flip coin", "next step",
               "next turn", "draw", "mill", "set in motion"):
        return fmt(g, Action(p, low))
    verb, _, rest = t.partition(" ")
    verb = verb.lower()
    if verb == "play":
        return fmt(g, Action(p, "play", obj=resolve(g, rest, hand_cands(g, p))))
    if verb == "cast":
        m = _CAST.match(rest)
        if not m:
            raise ActionSyntaxError("parse.cast")
        alt = m.group("alt") or ""
        try:
            obj = resolve(g, m.group("card"), hand_cands(g, p))
        except IllegalActionError:
            if not alt or m.group("face") or m.group("card").startswith("@"):
                raise  # (an alias is no name: "@m with as_instant" is @m cast another way)
            # "with" belongs to the name ("Commune with Evil")
            obj, alt = resolve(g, f"{m.group('card')} with {alt}", hand_cands(g, p)), ""
        modes = _modes(m.group("mode"))
        return fmt(g, Action(p, "cast", obj=obj, face=(m.group("face") or "").strip(), alt=alt,
                             x=_x(m.group("x")), modes=modes, choice=tuple(sorted(m.group("life") or "")),
                             targets=_targets(g, m.group("targets"), _specs(g, obj, "cast", modes, player=player))
                             if m.group("targets") else (),
                             pay=_pay(g, p, m.group("pay"))))
    if verb == "activate":
        m = _ACTIVATE.match(rest)
        if not m:
            raise ActionSyntaxError("parse.activate")
        obj = resolve(g, m.group("card"), activate_cands(g, p, m.group("card")))
        n = int(m.group("n")) if m.group("n") else None
        choice: tuple[str, ...]
        if m.group("mana"):
            ability, choice = 0, (str(m.group("mana")),)
        else:
            o = g.st.objects[obj]
            d = g.chars(obj).defn if o.zone == "battlefield" else card_def(o.name)
            has_nonmana = bool(d and d.nonmana_abilities())
            ability = (n or 1) if (n or has_nonmana) else 0
            choice = ()
        amodes = _modes(m.group("mode"))
        return fmt(g, Action(p, "activate", obj=obj, ability=ability, choice=choice, x=_x(m.group("x")),
                             modes=amodes,
                             targets=_targets(g, m.group("targets"), _specs(g, obj, "activate", amodes, ability))
                             if m.group("targets") else (),
                             pay=_pay(g, p, m.group("pay"))))
    if low in ("attack done", "block done", "choose done"):
        return fmt(g, Action(p, verb, args=("done",)))
    if verb in ("attack", "attacker"):
        act = _attack(g, p, rest, verb)
        if verb == "attacker" and len(act.pairs) != 1:
            raise ActionSyntaxError("parse.attacker")
        return fmt(g, act)
    if verb in ("block", "blocker"):
        act = _block(g, p, rest, verb)
        if verb == "blocker" and len(act.pairs) != 1:
            raise ActionSyntaxError("parse.blocker")
        return fmt(g, act)
    if verb == "choose":
        if not rest.strip():  # "choose" alone: an empty choice (saved games of session 1 wrote it so)
            return fmt(g, Action(p, "choose", args=("done",)))
        return fmt(g, Action(p, "choose", choice=tuple(_split_choice(g, rest))))
    if verb == "pick":
        got = _split_choice(g, rest)
        if len(got) != 1:
            raise ActionSyntaxError("parse.pick")
        return fmt(g, Action(p, "pick", choice=tuple(got)))
    if verb == "target":
        if not rest.strip():
            raise ActionSyntaxError("parse.target")
        return fmt(g, Action(p, "target", targets=(_target(g, rest),)))
    if verb == "suspend":  # the special action of suspend (CR 702.62a)
        return fmt(g, Action(p, "suspend", obj=resolve(g, rest, hand_cands(g, p))))
    if low.startswith("turn face up "):
        what = t[len("turn face up "):]
        morph = what.lower().endswith(" with morph")  # CR 701.40c: its morph cost instead of its mana cost
        if morph:
            what = what[:-len(" with morph")]
        return fmt(g, Action(p, "turn face up", obj=resolve(g, what, own_battlefield(g, p)), alt="morph" if morph else ""))
    if verb == "assign" and rest.strip().lower() == "default":
        return fmt(g, Action(p, "assign", choice=("default",)))
    if verb == "assign":
        m = re.match(r"^(.+?):\s*(\d+\s*->.+)$", rest)
        if not m:
            raise ActionSyntaxError("parse.assign")
        parts = []
        for piece in _split_pairs(m.group(2)):
            amount, _, who = piece.partition("->")
            if not amount.strip().isdigit():
                raise ActionSyntaxError("parse.number")
            parts.append((_target(g, who.strip()), int(amount)))
        return fmt(g, Action(p, "assign", obj=resolve(g, m.group(1), own_battlefield(g, p)), args=tuple(parts)))
    if verb == "unlock":
        card, _, door = rest.rpartition(":")
        return fmt(g, Action(p, "unlock", obj=resolve(g, card, own_battlefield(g, p)), face=door.strip()))
    return fmt(g, _manual(g, p, t))


def _split_pairs(text: str) -> list[str]:
    """"2 -> A, 3 -> B, C" -> ["2 -> A", "3 -> B, C"]: a new pair starts at ", N ->"."""
    return [p.strip() for p in re.split(r",\s*(?=\d+\s*->)", text) if p.strip()]


def _split_choice(g: "Context", rest: str) -> list[str]:
    if "@" in rest:  # scenario aliases name objects: write them as the options do
        rest = ", ".join(ref_text(g, ("o", resolve(g, s, visible_cands(g, g.st.pending["player"]
                                                                         if g.st.pending else 0))))
                         if s.strip().startswith("@") else s for s in rest.split(","))
    pend = g.st.pending or {}
    options = pend.get("options")
    if options is None and pend.get("kind") in ("bottom", "discard"):
        options = [g.st.objects[o].name for o in g.st.players[pend["player"]].hand]
    if options:
        low: dict[str, str] = {str(o).lower(): str(o) for o in options}

        def one(s: str) -> str:
            if s.lower() in low:
                return low[s.lower()]
            own = private_option(g, s, low.values())  # one's own face-down permanent by its name
            if own is not None:
                return own
            raise IllegalActionError("choose.bad_option", option=s)
        try:
            return [str(x) for x in _resolve_list(rest, one)]
        except IllegalActionError:
            pass
    return [s.strip() for s in rest.split(",") if s.strip()]


def _pay(g: "Context", p: int, text: str | None) -> tuple[int, ...]:
    if not text:
        return ()
    return tuple(_resolve_list(text, lambda s: resolve(g, s, own_battlefield(g, p))))  # type: ignore[arg-type]


def _x(text: str | None) -> int | None:
    if not text:
        return None
    if len(text) > 7:
        raise ActionSyntaxError("parse.x")
    return int(text)


def _modes(text: str | None) -> tuple[int, ...]:
    if not text:
        return ()
    parts = [t for t in re.split(r"[,\s]+", text.strip())]
    if not parts or any(not t.isdigit() or len(t) > 3 or int(t) < 1 for t in parts):
        raise ActionSyntaxError("parse.mode")
    return tuple(int(t) for t in parts)


def _attack(g: "Context", p: int, rest: str, verb: str = "attack") -> Action:
    if rest.strip().lower() == "none" and verb == "attack":
        return Action(p, "attack")
    pairs: list[tuple[int, Ref]] = []
    if ";" in rest:  # "A, B -> Bob; C -> Kaito, Bane of Nightmares": one group per defender
        for group in rest.split(";"):
            attackers_text, arrow, defender_text = group.partition("->")
            if not arrow or not attackers_text.strip() or not defender_text.strip():
                raise ActionSyntaxError("parse.attack")
            d = _target(g, defender_text.strip())
            for oid in _resolve_list(attackers_text, lambda s: resolve(g, s, own_battlefield(g, p))):
                pairs.append((oid, d))  # type: ignore[arg-type]
        return Action(p, verb, pairs=tuple(pairs))
    # "A, B -> Bob, C -> Bob": a defender's name ends at its first comma
    groups = _arrow_pairs(rest, _first_comma)
    if not groups:
        raise ActionSyntaxError("parse.attack")
    for attackers_text, defender_text in groups:
        d = _target(g, defender_text.strip())
        for oid in _resolve_list(attackers_text, lambda s: resolve(g, s, own_battlefield(g, p))):
            pairs.append((oid, d))  # type: ignore[arg-type]
    return Action(p, verb, pairs=tuple(pairs))


def _arrow_pairs(rest: str, split: Callable[[str], tuple[str, str]]) -> list[tuple[str, str]]:
    """ "X -> A, Y -> B" as [(X, A), (Y, B)]: split on "->"; `split` divides each middle part
    into the right side before it and the left side of the next pair. Empty without an arrow."""
    chunks = [c.strip() for c in rest.split("->")]
    if len(chunks) < 2:
        return []
    out: list[tuple[str, str]] = []
    left = chunks[0]
    for i in range(1, len(chunks)):
        right, after = (chunks[i], "") if i == len(chunks) - 1 else split(chunks[i])
        out.append((left, right))
        left = after
    return out


def _first_comma(chunk: str) -> tuple[str, str]:
    right, _, after = chunk.partition(",")
    return right, after


def _last_comma(chunk: str) -> tuple[str, str]:
    """An attacker's name may hold a comma ("Kaito, Bane of Nightmares"): the attacker's name
    before the last one, the next blocker's after it; no comma: the whole part is the attacker."""
    right, _, after = chunk.rpartition(",")
    return (right, after) if right else (after, "")


def _block(g: "Context", p: int, rest: str, verb: str = "block") -> Action:
    if rest.strip().lower() == "none" and verb == "block":
        return Action(p, "block")
    atk = [o for o in g.st.battlefield if g.st.objects[o].attacking is not None]
    pairs: list[tuple[int, Ref]] = []
    groups = _arrow_pairs(rest, _last_comma)
    if not groups:
        raise ActionSyntaxError("parse.block")
    for blocker_text, attacker_text in groups:
        b = resolve(g, blocker_text.strip(), own_battlefield(g, p))
        x = resolve(g, attacker_text.strip(), atk)
        pairs.append((b, ("o", x)))
    return Action(p, verb, pairs=tuple(pairs))


def _signed(s: str) -> int:
    if not re.fullmatch(r"[+-]?\d{1,6}", s):
        raise ActionSyntaxError("parse.number")
    return int(s)


def _manual(g: "Context", p: int, t: str) -> Action:
    low = t.lower()
    vis = visible_cands(g, p)
    for verb in sorted(MANUAL_VERBS, key=len, reverse=True):
        if low == verb or low.startswith(verb + " "):
            rest = t[len(verb):].strip()
            break
    else:
        raise ActionSyntaxError("parse.unknown")
    if verb == "move":
        m = re.match(r"^(.+?) to (\w+)(?: (top|bottom|\d+))?( face down)?$", rest)
        if not m or m.group(2) not in ZONES or m.group(2) == "stack" or (m.group(4) and m.group(2) != "battlefield"):
            raise ActionSyntaxError("parse.move")
        pos_t = m.group(3) or "top"
        pos = 0 if pos_t == "top" else -1 if pos_t == "bottom" else int(pos_t) - 1
        # "face down": onto the battlefield face down in one move (nobody sees it face up first)
        down = ("face down",) if m.group(4) else ()
        return Action(p, "move", obj=resolve(g, m.group(1), vis), args=(m.group(2), pos, *down))
    if verb in ("tap", "untap", "face down", "face up", "phase out", "phase in", "reveal", "detach", "abandon"):
        return Action(p, verb, obj=resolve(g, rest, vis))
    if verb == "counter":
        # a kind is one word, or a two-word keyword counter (CR 122.1b: "first strike")
        m = re.match(r"^(.+?) ((?:first|double) strike|\S+) ([+-]\d+)$", rest)
        if not m:
            raise ActionSyntaxError("parse.counter")
        if len(m.group(2)) > MAX_COUNTER_KIND:
            raise ActionSyntaxError("parse.counter_kind_too_long", maximum=MAX_COUNTER_KIND)
        return Action(p, "counter", obj=resolve(g, m.group(1), vis), args=(m.group(2), _signed(m.group(3))))
    if verb == "token":
        m = re.match(r"^(.+?)(?: (\d+)/(\d+))?$", rest)
        if not m or not rest:
            raise ActionSyntaxError("parse.token")
        if len(m.group(1)) > MAX_TOKEN_NAME:
            raise ActionSyntaxError("parse.token_name_too_long", maximum=MAX_TOKEN_NAME)
        pw = int(m.group(2)) if m.group(2) else None
        return Action(p, "token", args=(m.group(1), pw, int(m.group(3)) if m.group(3) else None))
    if verb in ("life", "poison"):
        m = re.match(r"^(.+) ([+-]?\d+)$", rest)
        if not m:
            raise ActionSyntaxError("parse.life")
        return Action(p, verb, args=(player_index(g, m.group(1)), _signed(m.group(2))))
    if verb in ("draw", "mill"):
        n = _signed(rest) if rest else 1
        if not 1 <= n <= 100:
            raise ActionSyntaxError("parse.count")
        return Action(p, verb, args=(n,))
    if verb == "roll":
        m = re.fullmatch(r"d(\d{1,4})", rest.lower())
        if not m or int(m.group(1)) < 2:
            raise ActionSyntaxError("parse.roll")
        return Action(p, "roll", args=(int(m.group(1)),))
    if verb == "attach":
        a, _, b = rest.partition("->")
        return Action(p, "attach", obj=resolve(g, a, vis), args=(resolve(g, b, list(g.st.battlefield)),))
    if verb in ("arrow", "remove arrow"):
        # both ends among the battlefield's permanents (an arrow joins what is on the table), or
        # a player at its head
        a, _, b = rest.partition("->")
        field = list(g.st.battlefield)
        try:
            head: Ref = ("p", player_index(g, b.strip()))
        except IllegalActionError:
            head = ("o", resolve(g, b, field))
        return Action(p, verb, obj=resolve(g, a, field), targets=(head,))
    if verb == "note":
        a, _, b = rest.partition(":")
        if len(b.strip()) > MAX_NOTE:
            raise ActionSyntaxError("parse.note_too_long", maximum=MAX_NOTE)
        return Action(p, "note", obj=resolve(g, a, vis), args=(b.strip(),))
    return Action(p, verb)


def private_option(g: "Context", text: str, options: Iterable[str]) -> str | None:
    """The option that names, by its public name, the deciding player's own face-down
    permanent called `text` (a choice written with the card's name, CR 708.5), or None."""
    opts = {o.lower(): o for o in options}
    for o in sorted(own_face_down(g), key=lambda c: g.st.objects[c].timestamp):
        if g.st.objects[o].name.lower() == text.strip().lower():
            got = opts.get(ref_text(g, ("o", o)).lower())
            if got is not None:
                return got
    return None
