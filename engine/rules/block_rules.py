"""Which blocks are legal (CR 509.1a-c, 506.5, 805.10d): whether a creature can block an
attacker (flying/reach 702.9b/702.17b, fear 702.36b, landwalk 702.14c, "can't be blocked"),
whose attackers a player's creatures may block, and the checks on a declaration of blockers —
menace (702.111b) and "must be blocked if able" (509.1c) as small bipartite matchings, each
found once per position (g.memo). Declaring is engine/rules/combat.py; the listing of
blockers engine/rules/combat_listing.py.
"""
from __future__ import annotations

from itertools import combinations
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.actions import IllegalActionError
from engine.rules import teams
from engine.rules.effects import ObjectRule

if TYPE_CHECKING:
    from engine.rules.context import Context

# (module names: read on the hot path of every blocker listing)
_CANT_BE_BLOCKED = ObjectRule.CANT_BE_BLOCKED
_CANT_BE_BLOCKED_BY = ObjectRule.CANT_BE_BLOCKED_BY
_CANT_BLOCK = ObjectRule.CANT_BLOCK
_CANT_BLOCK_ALONE = ObjectRule.CANT_BLOCK_ALONE
_MUST_BE_BLOCKED = ObjectRule.MUST_BE_BLOCKED

# CR 702.14: landwalk and the basic land type it names (the keyword lines: engine/cards/keywords.py)
LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp", "mountainwalk": "Mountain",
            "forestwalk": "Forest"}
_LANDWALKS = frozenset(LANDWALK)


def can_block(g: "Context", blocker: int, attacker: int) -> bool:
    """Whether this creature could block that attacker (CR 509.1b), once per position and
    tapped status (a declaration's refusals ask it; the listing reads `block_table`)."""
    b = g.st.objects[blocker]
    key = ("can_block", blocker, attacker, b.tapped)
    got: bool | None = g.memo.get(key)
    if got is None:
        got = g.memo[key] = not b.tapped and _could_block(g, b, blocker, attacker)
    return got


class BlockTable(NamedTuple):
    """What p's creatures can block now (CR 509.1a-b): `attackers_of(g, p)`; `rows`, each of
    p's untapped permanents able to block one of them (in the battlefield's order) with the
    attackers it can block (in theirs); `able`, for each attacker the creatures in `rows`
    that can block it; the attackers with menace (CR 702.111b); the blockers that can't
    block alone (CR 506.5). `could` and `tapped` are what it was made of: every permanent of
    p's that could block something were it untapped, and whether each was tapped."""
    attackers: list[int]
    rows: list[tuple[int, list[int]]]
    able: dict[int, list[int]]
    menace: frozenset[int]
    alone: frozenset[int]
    could: list[tuple[int, list[int]]]
    tapped: tuple[bool, ...]


def block_table(g: "Context", p: int) -> BlockTable:
    """p's BlockTable, once per position (g.memo): the listing of blockers asks it for every
    part of a declaration, the checks of menace and "must be blocked" (CR 509.1c) for every
    pair, and who is to declare next (`next_to_block`) before that. What it is made of —
    characteristics, phasing, the attackers and whom they attack, the defending player's
    lands (landwalk) — empties the memo as it changes (GameBase.touch, GameBase.update);
    tapped status does not (GameBase.update's QUIET_FIELDS: a creature tapped by hand in the
    middle of a declaration), so it is compared here, and the rows made again when it differs."""
    objects = g.st.objects
    got: BlockTable | None = g.memo.get(("block_table", p))
    if got is not None:
        if tuple(objects[b].tapped for b, _ in got.could) == got.tapped:
            return got
        could = got.could
        atk = got.attackers
    else:
        atk = attackers_of(g, p)
        terms: list[tuple[int, _Evasion]] = []  # (what each attacker asks of every blocker: once)
        for x in atk:
            ev = _evasion(g, x, p)
            if ev is not None:
                terms.append((x, ev))
        could = []
        for b in g.battlefield(p) if terms else ():
            cb = g.chars(b)
            if "Creature" not in cb.types or objects[b].phased_out or _CANT_BLOCK in cb.flags:  # CR 509.1b
                continue
            xs = [x for x, ev in terms if _meets(cb, ev)]
            if xs:
                could.append((b, xs))
    tapped = tuple(objects[b].tapped for b, _ in could)
    rows = [row for row, t in zip(could, tapped) if not t]
    able: dict[int, list[int]] = {}
    for b, xs in rows:
        for x in xs:
            able.setdefault(x, []).append(b)
    made = g.memo[("block_table", p)] = BlockTable(
        atk, rows, able, frozenset(x for x in atk if g.has(x, "menace")),
        frozenset(b for b, _ in rows if _CANT_BLOCK_ALONE in g.chars(b).flags), could, tapped)
    return made


class _Evasion(NamedTuple):
    """What an attacker that can be blocked at all asks of each of its blockers (CR 509.1b):
    "can't be blocked by [subtype]" / "except by [colour]" (`not_by`, pairs of group and
    value), fear (CR 702.36b), flying (CR 702.9b)."""
    not_by: tuple[tuple[str, str], ...]
    fear: bool
    flying: bool


def _evasion(g: "Context", attacker: int, defender: int) -> _Evasion | None:
    """The attacker's _Evasion against the defending player's creatures, or None if none of
    them can block it: "can't be blocked", or landwalk while that player controls a land of
    the type (CR 702.14c)."""
    ca = g.chars(attacker)
    if _CANT_BE_BLOCKED in ca.flags:
        return None
    if ca.keywords & _LANDWALKS:  # CR 702.14c: the defending player controls a land of that type
        lands = {LANDWALK[k] for k in ca.keywords & _LANDWALKS}
        if any(lands & set(c.subtypes) for _, _, c in g.perms(defender) if "Land" in c.types):
            return None
    not_by = []
    for flag in ca.flags:  # "can't be blocked by Glimmers / except by black creatures" (CR 509.1b)
        if flag.startswith(_CANT_BE_BLOCKED_BY):
            _, group, value = flag.split(":", 2)
            not_by.append((group, value))
    return _Evasion(tuple(not_by), "fear" in ca.keywords, "flying" in ca.keywords)


def _meets(cb: Any, ev: _Evasion) -> bool:
    """Whether a creature with the characteristics `cb` that can block at all meets what the
    attacker asks (its _Evasion)."""
    for group, value in ev.not_by:
        if (value in cb.subtypes) if group == "subtype" else (value not in cb.colors):
            return False
    if ev.fear and not ("Artifact" in cb.types or "B" in cb.colors):
        return False  # CR 702.36b: fear — only artifact creatures and/or black creatures block it
    if ev.flying and not ({"flying", "reach"} & cb.keywords):
        return False
    return True


def _could_block(g: "Context", b: Any, blocker: int, attacker: int) -> bool:
    """can_block, were the blocker untapped."""
    cb = g.chars(blocker)
    if "Creature" not in cb.types or b.phased_out or _CANT_BLOCK in cb.flags:  # CR 509.1b
        return False
    ev = _evasion(g, attacker, b.controller)
    return ev is not None and _meets(cb, ev)


def next_to_block(g: "Context", skip: list[int]) -> int | None:
    """The next defending player still to declare blockers who could block something (none
    if every one has declared): in turn order, a team in its own order (CR 805.6)."""
    st = g.st
    done = st.combat.get("blockers_done", [])
    foes = set(g.opponents(st.active))
    for d in teams.apnap_order(g):
        if d not in foes or d in done or d in skip or g.empty_seat(d) or st.players[d].lost:
            continue
        if _could_block_any(g, d):
            return d
    return None


def _could_block_any(g: "Context", d: int) -> bool:
    """Whether one of d's creatures can block one of the creatures attacking d now: d's
    `block_table` if made, else the first such pair (the table is made by the listing of
    d's declaration, a decision of its own)."""
    objects = g.st.objects
    if ("block_table", d) in g.memo:
        return bool(block_table(g, d).rows)
    mine = attackers_of(g, d)
    return bool(mine) and any(not objects[b].tapped and _could_block(g, objects[b], b, x)
                              for b in g.battlefield(d) for x in mine)


def blocking_side(g: "Context", p: int) -> tuple[int, ...]:
    """Whose attackers p's creatures may block: p's own (CR 509.1a), or with shared team turns
    those of every player on p's team (CR 805.10d)."""
    if teams.shared_turns(g) and g.st.players[p].team:
        return tuple(teams.team_order(g.st, p))
    return (p,)


def block_pool(g: "Context", p: int) -> tuple[int, ...]:
    """The players whose creatures can still join the team's block as p declares: p and the
    teammates who will declare after p (CR 805.10d); p alone without a shared turn."""
    side = blocking_side(g, p)
    if len(side) == 1:
        return side
    # who can still block depends on tapped status, which leaves the memo as it is (a creature
    # tapped or untapped by hand in the middle of the declaration, hybrid mode): the answer is
    # kept with the block tables of the other defending players it was read from (each made
    # again when its creatures' tapped status changes), and made again when one is not the same
    tables = tuple(block_table(g, d) for d in g.opponents(g.st.active) if d != p)
    key = ("block_pool", p, tuple(g.st.combat.get("blockers_done", ())))
    kept: tuple[tuple[int, ...], tuple[BlockTable, ...]] | None = g.memo.get(key)
    if kept is not None and all(a is b for a, b in zip(kept[1], tables)):
        return kept[0]
    later: list[int] = []
    while True:
        nxt = next_to_block(g, [p, *later])  # (reads the tables just made: _could_block_any)
        if nxt is None or nxt not in side:
            break
        later.append(nxt)
    got = (p, *later)
    g.memo[key] = (got, tables)
    return got


def held_blocks(g: "Context", p: int) -> list[tuple[int, Any]]:
    """The blocks p's teammates have declared this combat, held until the team's last member
    declares (CR 805.10d); none without a shared turn."""
    side = blocking_side(g, p)
    return [(int(b), (str(r[0]), int(r[1]))) for q, pairs in g.st.combat.get("team_blocks", ())
            if q in side for b, r in pairs]


def attackers_of(g: "Context", defender: int) -> list[int]:
    """The creatures the defender's creatures may block: those attacking the defender or a
    planeswalker they control (CR 509.1a), or any player of their team (CR 805.10d). Once per
    position (g.memo: combat status is written by GameBase.update, which empties it); callers
    never change the list."""
    side = blocking_side(g, defender)
    got: list[int] | None = g.memo.get(("attackers_of", side))
    if got is None:
        objects = g.st.objects
        got = g.memo[("attackers_of", side)] = [o for o in g.st.battlefield if objects[o].attacking in side]
    return got


def _able_blockers(g: "Context", p: int, x: int, pool: tuple[int, ...] | None = None) -> list[int]:
    """The creatures that could block attacker x as p declares — p's own, and with a team's
    combined block those of the teammates still to declare (`block_pool`): their
    `block_table`s' (kept while they hold, tapped status compared)."""
    pool = block_pool(g, p) if pool is None else pool
    if len(pool) == 1:
        return block_table(g, pool[0]).able.get(x, [])
    return [b for q in pool for b in block_table(g, q).able.get(x, ())]


def completable(g: "Context", p: int, pairs: list[tuple[int, Any]]) -> bool:
    """Can these blocks still grow into a legal declaration? Menace (CR 702.111b): each
    attacker blocked by one creature needs one more blocker from those still free — a small
    bipartite matching; "must be blocked if able" (CR 509.1c) must stay satisfiable."""
    count: dict[int, int] = {}
    for _, ref in pairs:
        count[ref[1]] = count.get(ref[1], 0) + 1
    needy = {x for x, n in count.items() if n == 1 and g.has(x, "menace")}
    if pairs and unmet_requirement(g, p, pairs, complete=False) is not None:
        return False
    return menace_completable(g, p, needy, {b for b, _ in pairs})


def menace_completable(g: "Context", p: int, needy: set[int], taken: set[int]) -> bool:
    """Can each of these menace attackers, blocked by one creature so far, still get one more
    blocker of p's not in `taken` (CR 702.111b), each its own?"""
    return not needy or _fills(g, p, list(needy), taken)


def block_legal(g: "Context", pairs: tuple[tuple[int, Any], ...],
                 defender: int | None = None) -> IllegalActionError | None:
    """CR 509.1b-c: restrictions (flying, can't be blocked) and requirements (menace): the
    refusal of the first one these blocks break, or None."""
    count: dict[int, int] = {}
    for b, ref in pairs:
        x = ref[1]
        if not can_block(g, b, x):
            return IllegalActionError("block.cant", card=g.st.objects[b].name, attacker=g.st.objects[x].name)
        count[x] = count.get(x, 0) + 1
    for x, n in count.items():
        if g.has(x, "menace") and n < 2:  # CR 702.111b
            return IllegalActionError("block.menace_alone", card=g.st.objects[x].name)
    if len({b for b, _ in pairs}) == 1 and _CANT_BLOCK_ALONE in g.chars(pairs[0][0]).flags:
        return IllegalActionError("block.alone", card=g.st.objects[pairs[0][0]].name)
    unmet = unmet_requirement(g, defender, list(pairs)) if defender is not None else None
    if unmet is not None:
        return IllegalActionError("block.must", card=g.st.objects[unmet].name)
    return None


def must_be_blocked(g: "Context", p: int) -> list[int]:
    """Attackers of player p (or p's team, CR 805.10d) with the requirement "must be blocked if
    able" (CR 509.1c), found once per position (block_actions asks for every possible pair)."""
    if p < 0:
        return []
    key = ("musts", blocking_side(g, p))
    got: list[int] | None = g.memo.get(key)
    if got is None:
        got = g.memo[key] = [x for x in attackers_of(g, p) if _MUST_BE_BLOCKED in g.chars(x).flags]
    return got


def _max_matching(g: "Context", p: int, musts: list[int], taken: set[int],
                  pool: tuple[int, ...] | None = None) -> int:
    """The most of these attackers that p's creatures not in `taken` can block, each by one
    creature — or by two if it has menace (a restriction the requirement must not break,
    CR 509.1c): the largest group of them whose blocker slots can all be filled at once."""
    for k in range(len(musts), 0, -1):
        for group in combinations(musts, k):
            slots = [x for x in group for _ in range(2 if g.has(x, "menace") else 1)]
            if _fills(g, p, slots, taken, pool):
                return k
    return 0


def _fills(g: "Context", p: int, slots: list[int], taken: set[int], pool: tuple[int, ...] | None = None) -> bool:
    """Can every slot (an attacker, listed once per blocker it needs) get its own blocker of p's
    not in `taken`? A bipartite matching by augmenting paths (Kuhn's algorithm): the one answer
    both of menace (CR 702.111b; a creature blocks one attacker, CR 509.1a)
    and of "must be blocked if able" (CR 509.1c) ask."""
    match: dict[int, int] = {}  # blocker -> slot index
    # the closure reaches itself through `again`, emptied after use: no cycle keeps the game
    again: list[Callable[[int, set[int]], bool]] = []

    def augment(i: int, seen: set[int]) -> bool:
        for b in _able_blockers(g, p, slots[i], pool):
            if b in seen or b in taken:
                continue
            seen.add(b)
            if b not in match or again[0](match[b], seen):
                match[b] = i
                return True
        return False
    again.append(augment)
    found = all(augment(i, set()) for i in range(len(slots)))
    again.clear()
    return found


def unmet_requirement(g: "Context", p: int, pairs: list[tuple[int, Any]], complete: bool = True,
                       blocked: set[int] | None = None, taken: set[int] | None = None) -> int | None:
    """CR 509.1c: the declaration must obey as many "must be blocked if able" requirements as
    possible. Every creature of p can block at most one attacker here, so the most that can be
    obeyed is a maximum matching of those attackers with p's creatures; a (partial)
    declaration falls short when the blocked ones plus what its free creatures could still
    block are fewer. Returns an attacker left unblocked, or None."""
    musts = must_be_blocked(g, p)
    if not musts:
        return None
    side = blocking_side(g, p)  # the most the whole team's creatures could obey (CR 805.10d)
    # (kept with the block tables it was read from: tapped status leaves the memo as it is,
    # and a creature tapped by hand mid-declaration makes its controller's table again)
    tables = tuple(block_table(g, q) for q in side)
    kept: tuple[int, tuple[BlockTable, ...]] | None = g.memo.get(("musts_best", side))
    if kept is not None and all(a is b for a, b in zip(kept[1], tables)):
        best = kept[0]
    else:
        best = _max_matching(g, p, musts, set(), side)
        g.memo[("musts_best", side)] = (best, tables)
    if blocked is None:
        blocked = {ref[1] for _, ref in pairs}
    left = [x for x in musts if x not in blocked]
    if taken is None:
        taken = {b for b, _ in pairs}
    reach = _max_matching(g, p, left, taken) if not complete and left else 0
    if len(musts) - len(left) + reach < best:
        return left[0] if left else musts[0]
    return None


def block_pair_problem(g: "Context", p: int, b: int, ref: Any, taken: set[int]) -> IllegalActionError | None:
    st = g.st
    o = st.objects.get(b)
    if o is None or o.controller != p or o.zone != "battlefield":
        return IllegalActionError("block.not_yours")
    if b in taken:
        return IllegalActionError("block.twice")
    if ref[0] != "o" or st.objects.get(ref[1]) is None or st.objects[ref[1]].attacking is None:
        return IllegalActionError("block.not_attacker")
    if st.objects[ref[1]].attacking not in blocking_side(g, p):  # (a teammate: CR 805.10d)
        return IllegalActionError("block.not_attacking_you")
    if not can_block(g, b, ref[1]):
        return IllegalActionError("block.cant", card=o.name, attacker=st.objects[ref[1]].name)
    return None


def done_problem(g: "Context", p: int, pairs: list[tuple[int, Any]]) -> IllegalActionError | None:
    """Why p may not end their declaration with these blocks (the team's so far, CR 805.10d):
    the last to declare makes the whole block, which must be legal (CR 509.1b-c); a team
    member before them leaves one the teammates still to declare can complete."""
    if block_pool(g, p) == (p,):
        return block_legal(g, tuple(pairs), p)
    if not completable(g, p, pairs):
        x = next((r[1] for _, r in pairs if g.has(r[1], "menace")), pairs[0][1][1] if pairs else None)
        return IllegalActionError("block.menace", card=g.st.objects[x].name if x is not None else "")
    return None

