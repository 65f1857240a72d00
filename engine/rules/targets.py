"""Targets (CR 115): which objects and players a target requirement allows, and whether a
target is still legal on resolution (CR 608.2b). Hexproof (CR 702.11) and ward (702.21)."""
from __future__ import annotations

from dataclasses import replace
from itertools import product
from typing import TYPE_CHECKING, Any, Iterator

from engine.rules.carddef import TargetSpec
from engine.rules.index import CARDS
from engine.config import SCHEME_FORMATS
from engine.rules.effects import DoorRule, PlayerRuleEntry, Rule, RuleChange
from engine.rules import scheme_cards
from engine.rules.kept import from_permanents, having, perms_fp
from engine.state import CARD_KINDS

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

Ref = tuple[str, int]
# An "up to one" target word left without a target while a later, different word is still to be
# chosen (CR 601.2c: "up to one target artifact, up to one target creature, and up to one target
# enchantment" may leave the artifact out and still name a creature). It is never a target: the
# stack object's targets hold only the chosen ones, each with its word's index as "slot".
NONE: Ref = ("n", 0)


def allowed(g: "Context", spec: TargetSpec, ref: Ref, controller: int, source: int | None = None,
            targeting: bool = True) -> bool:
    """Whether the word allows the object or player; `targeting` False for a choice that is no
    targeting ("sacrifice a creature" as a cost, CR 115.1): shroud and hexproof don't matter then."""
    kind, val = ref
    if kind == "p":
        if g.st.players[val].lost:  # CR 800.4a: a player who left the game is no legal target
            return False
        if RuleChange.HEXPROOF in player_rules(g, val) and controller in g.opponents(val):  # CR 702.11d
            return False
        return spec.what in ("player", "any", "player_or_planeswalker") and (
            not spec.opponent_only or val in g.opponents(controller))  # CR 102.2-3: a teammate is none
    obj = g.st.objects.get(val)
    if spec.what == "spell":  # CR 115.1, 112.1: a spell on the stack (not an ability)
        return (obj is not None and obj.zone == "stack" and obj.kind in CARD_KINDS and val != source
                and (spec.extra is None or spec.extra(g, obj)))
    if spec.what in ("card_in_your_graveyard", "card_in_a_graveyard"):  # CR 115.1: cards in a graveyard
        return (obj is not None and obj.zone == "graveyard"
                and (spec.what == "card_in_a_graveyard" or obj.owner == controller)
                and (spec.extra is None or spec.extra(g, obj)))
    if spec.what == "stack_single_target":  # "target spell or ability with a single target"
        return obj is not None and obj.zone == "stack" and len(obj.targets) == 1 and val != source
    if obj is None or obj.zone != "battlefield" or obj.phased_out:
        return False
    c = g.chars(val)
    what = spec.what
    ok = (what == "permanent" or (what == "creature" and "Creature" in c.types)
          or (what == "creature_or_planeswalker" and ("Creature" in c.types or "Planeswalker" in c.types))
          or (what == "any" and ("Creature" in c.types or "Planeswalker" in c.types))
          or (what == "player_or_planeswalker" and "Planeswalker" in c.types)  # "target opponent or planeswalker"
          or (what in ("artifact", "enchantment", "land") and what.capitalize() in c.types))
    if not ok:
        return False
    if targeting and "shroud" in c.keywords:  # CR 702.18a: it can't be the target of spells or abilities
        return False
    if targeting and "hexproof" in c.keywords and obj.controller != controller and not hexproof_ignored(g, obj.id):
        return False  # CR 702.11b
    if spec.opponent_only and what != "player_or_planeswalker" and obj.controller not in g.opponents(controller):
        return False  # "... an opponent controls" (CR 102.3: not a teammate; "target opponent or planeswalker": any planeswalker)
    if spec.not_yours_only and obj.controller == controller:  # "... you don't control" (CR 109.5)
        return False
    if spec.yours_only and obj.controller != controller:  # "... you control"
        return False
    if spec.owned_only and obj.owner != controller:  # "... you own" (CR 108.3)
        return False
    if spec.player is not None and obj.controller != spec.player:  # "... that player controls"
        return False
    if spec.another and val == source:  # "another target ...": not its own source
        return False
    return spec.extra is None or spec.extra(g, obj)


def options(g: "Context", spec: TargetSpec, controller: int, source: int | None = None) -> list[Ref]:
    if spec.status:  # tapping does not empty the per-position caches (Game.update)
        return _options(g, spec, controller, source)
    key = ("targets", id(spec), controller, source if spec.another else None)
    got = g.memo.get(key)
    if got is None:
        got = g.memo[key] = _kept_options(g, spec, controller, source, key)
    return got


# the target words whose options may be kept across positions: a permanent of some kind,
# restricted by nothing that reads more than its characteristics (TargetSpec.extra declares it:
# `reads_chars_only`, engine/cards/layer/abilities.py Target, engine/cards/vocab/targets.py)
_PERMANENT_WORDS = frozenset({"permanent", "creature", "creature_or_planeswalker", "artifact", "enchantment", "land"})


def _kept_options(g: "Context", spec: TargetSpec, controller: int, source: int | None, key: tuple[Any, ...]
                  ) -> list[Ref]:
    """The options of a word that names permanents by their characteristics alone: kept across
    positions (g.chars_kept) while all that allowed() reads of them is the same — the order
    of the battlefield, each player's permanents with their characteristics (compared by
    value: kept.perms_fp), the players' rule changes (hexproof ignored, CR 702.11) and who
    has left the game (CR 800.4a, the opponents). A crowded board's "target creature" scans
    four hundred permanents at every ability announced otherwise."""
    if spec.what not in _PERMANENT_WORDS or spec.player is not None or g.memo.get("effects_partial") or (
            spec.extra is not None and getattr(spec.extra, "reads_chars_only", False) is not True):
        return _options(g, spec, controller, source)
    st = g.st
    players = range(len(st.players))
    fp = (st.battlefield, [perms_fp(g, q) for q in players], [player_rules(g, q) for q in players],
          [pl.lost for pl in st.players])
    kept = g.chars_kept.get(key)
    if kept is not None and kept[0] is spec and kept[1] == fp:
        return kept[2]  # type: ignore[no-any-return]
    got = _options(g, spec, controller, source)
    # (the battlefield copied: it is changed in place)
    g.chars_kept[key] = (spec, (list(st.battlefield), *fp[1:]), got)
    return got


def kept_options_stale(g: "Context", fresh: "Context") -> str | None:
    """For engine/cache_check.py: each list of options kept across positions that would be used
    now, against the list a game with empty caches makes; the first that differs, described."""
    for key, entry in list(g.chars_kept.items()):
        if not (type(key) is tuple and key[:1] == ("targets",) and len(entry) == 3
                and isinstance(entry[0], TargetSpec)):
            continue
        spec, (_, _, controller, src) = entry[0], key
        if _kept_options(g, spec, controller, src, key) is not entry[2]:
            continue  # (not kept now: made again)
        made = _options(fresh, spec, controller, src)
        if made != entry[2]:
            return f"options of {spec.desc!r} for player {controller}: kept {entry[2]!r}, made {made!r}"
    return None


def _options(g: "Context", spec: TargetSpec, controller: int, source: int | None = None) -> list[Ref]:
    return list(_each_option(g, spec, controller, source))


def _each_option(g: "Context", spec: TargetSpec, controller: int, source: int | None = None) -> Iterator[Ref]:
    if spec.what in ("player", "any", "player_or_planeswalker"):
        yield from (("p", p.index) for p in g.st.players if allowed(g, spec, ("p", p.index), controller))
    if spec.what in ("spell", "stack_single_target"):
        yield from (("o", oid) for oid in g.st.stack if allowed(g, spec, ("o", oid), controller, source))
    elif spec.what in ("card_in_your_graveyard", "card_in_a_graveyard"):
        for pl in g.st.players:
            yield from (("o", oid) for oid in pl.graveyard if allowed(g, spec, ("o", oid), controller, source))
    elif spec.what != "player":
        objects = g.st.objects
        if spec.player is not None:  # "... that player controls" (a word per opponent)
            yield from (("o", oid) for oid in g.st.battlefield if objects[oid].controller == spec.player
                        and allowed(g, spec, ("o", oid), controller, source))
        elif spec.opponent_only or spec.yours_only or spec.not_yours_only:  # (controller first: cheaper than allowed())
            mine = bool(spec.yours_only)
            yield from (("o", oid) for oid in g.st.battlefield if (objects[oid].controller == controller) == mine
                        and allowed(g, spec, ("o", oid), controller, source))
        else:
            yield from (("o", oid) for oid in g.st.battlefield if allowed(g, spec, ("o", oid), controller, source))


def combos(g: "Context", specs: list[TargetSpec], controller: int, source: int | None = None
           ) -> list[tuple[Ref, ...]]:
    """Every legal choice of targets, none left out; the same object can't be chosen twice
    for one word "target" (CR 115.3, 601.2c), but once for each word (TargetSpec.word).
    `source`: the ability's source, for "another target ..."."""
    if not specs:
        return [()]
    if len(specs) == 1:
        key = ("combos", id(specs[0]), controller, source if specs[0].another else None)
        got = g.memo.get(key)
        if got is None:
            got = g.memo[key] = ([()] if specs[0].up_to else []) + [(r,) for r in options(g, specs[0], controller,
                                                                                            source)]
        return list(got)
    # an "up to one" word may stay without a target (NONE, CR 601.2c): a word that may be
    # skipped (skippable) before later ones, any word once the later ones stay empty too
    pools = [options(g, s, controller, source) + ([NONE] if s.up_to else []) for s in specs]
    out = []
    for combo in product(*pools):
        if any(r == NONE and not skippable(specs, k) and any(q != NONE for q in combo[k + 1:])
               for k, r in enumerate(combo)):
            continue
        if all(r == NONE or (not taken(specs, combo[:k], r) and related_ok(g, specs, combo[:k], r))
               for k, r in enumerate(combo)):
            out.append(combo)
    return out


# A spell or ability with one target word lists one action per legal target
# (`cast SPELL -> TARGET`) while the zone its targets come from holds at most this many
# objects; on a more crowded battlefield (graveyards, stack), and always with several target
# words, it is announced and the targets are chosen in a `targets` decision, so the listing
# grows with the board, not with its square (docs/actions.md "Decisions in parts").
INLINE_TARGETS = 30


def in_parts(g: "Context", specs: list[TargetSpec], controller: int, source: int | None = None) -> bool:
    """Whether these targets are chosen in a `targets` decision after the announcement."""
    if len(specs) != 1:
        return len(specs) > 1
    return _candidates(g, specs[0]) > INLINE_TARGETS


def _candidates(g: "Context", spec: TargetSpec) -> int:
    """How many objects the zone of this target holds (an upper bound of its legal targets)."""
    what = spec.what
    if what == "player":
        return len(g.st.players)
    if what in ("spell", "stack_single_target"):
        return len(g.st.stack)
    if what in ("card_in_your_graveyard", "card_in_a_graveyard"):
        return sum(len(pl.graveyard) for pl in g.st.players)
    return len(g.st.battlefield) + (len(g.st.players) if what == "any" else 0)


def reads_source(spec: TargetSpec) -> bool:
    """Whether a word's legal targets depend on its spell's or ability's source: "another
    target" and a spell's targets (any_option keeps its answer per source only for these)."""
    return bool(spec.another) or spec.what in ("spell", "stack_single_target")


def any_option(g: "Context", spec: TargetSpec, controller: int, source: int | None = None) -> bool:
    """Whether there is a legal target for this target word (stops at the first); "up to
    one target" may also have none."""
    if spec.up_to:
        return True
    if spec.status:  # (tapping does not empty the per-position caches)
        return _some_option(g, spec, controller, source)
    src = source if reads_source(spec) else None
    # this word's answer in this position, asked before: the listing's kept entries ask it again
    # at each listing (Lister.same_answers). Found by the word's id (the entry holds the word, so
    # the id is its own), without the keys below — the shared one's restriction is a dataclass,
    # hashed by Python code
    mine = ("any_word", id(spec), controller, src)
    was = g.memo.get(mine)
    if was is not None and was[0] is spec:
        return bool(was[1])
    key = ("targets", id(spec), controller, source if spec.another else None)
    got = g.memo.get(key)
    if got is not None:
        return bool(got)
    if _found_again(g, spec, controller, source):  # (the target found last: no key made, no walk)
        g.memo[mine] = (spec, True)
        return True
    # the listing asks for each ability once per position; abilities whose words allow the same
    # objects (what allowed() reads of the word) share the answer
    key_: tuple[Any, ...] = ("any_target", spec.what, spec.extra, spec.opponent_only, spec.not_yours_only,
           spec.yours_only, spec.owned_only, spec.player, controller, src)
    try:
        found = g.memo.get(key_)
    except TypeError:  # (a restriction that cannot be a key: asked for this word alone)
        key_ = ("any_target",) + key[1:]
        found = g.memo.get(key_)
    if found is None:
        found = g.memo[key_] = _first_found(g, spec, controller, source)
    g.memo[mine] = (spec, found)
    return bool(found)


def _some_option(g: "Context", spec: TargetSpec, controller: int, source: int | None) -> bool:
    """Whether the word has a legal target now: the one found last time for this word and
    controller asked first (_found_again), else the walk from the start (_first_found). A
    crowded board's "target creature" otherwise walks its lands again at every position."""
    return _found_again(g, spec, controller, source) or _first_found(g, spec, controller, source)


def _found_again(g: "Context", spec: TargetSpec, controller: int, source: int | None) -> bool:
    """Whether the legal target found last for this word and controller (_first_found) is one
    still: allowed() says so — it is all that _each_option asks of an object or player in the
    zones it walks, and it reads the zone — so nothing is kept but where to look first."""
    found: dict[tuple[int, int], tuple[TargetSpec, Ref]] | None = g.names_kept.get("target_found")
    was = found.get((id(spec), controller)) if found is not None else None
    return was is not None and was[0] is spec and allowed(g, spec, was[1], controller, source)


def _first_found(g: "Context", spec: TargetSpec, controller: int, source: int | None) -> bool:
    """Whether _each_option finds a legal target, walking from the start; the one found is
    remembered for _found_again (in g.names_kept: bounded, words made for one use let go)."""
    ref = next(_each_option(g, spec, controller, source), None)
    if ref is None:
        return False
    found: dict[tuple[int, int], tuple[TargetSpec, Ref]] | None = g.names_kept.get("target_found")
    if found is None or len(found) > 1000:
        found = g.names_kept["target_found"] = {}
    found[(id(spec), controller)] = (spec, ref)  # (the entry holds the word: its id is its own)
    return True


def completable(g: "Context", specs: list[TargetSpec], controller: int, chosen: tuple[Ref, ...] = (),
                source: int | None = None) -> bool:
    """Can the remaining target words be filled with legal targets, distinct within a word (CR 115.3)?
    A depth-first search that stops at the first full choice."""
    i = len(chosen)
    if i >= len(specs) or specs[i].up_to:  # "one or two targets": the rest may stay unchosen
        return True
    return any(not taken(specs, chosen, r) and related_ok(g, specs, chosen, r)
               and completable(g, specs, controller, chosen + (r,), source)
               for r in options(g, specs[i], controller, source))


def taken(specs: "list[TargetSpec] | tuple[TargetSpec, ...]", chosen: "tuple[Ref, ...] | list[Any]", r: Any) -> bool:
    """Whether `r` is already a target of the same word "target" as the next one: "a player
    can't choose the same object or player more than once for each instance of the word
    'target'", but "the same object or player can be chosen once for each instance of the word
    'target'" when the spell uses it in several places (CR 601.2c, 115.3; ruling, Altanak)."""
    i = len(chosen)
    word = specs[i].word if i < len(specs) else 0
    return tuple(r) != NONE and any(tuple(c) == tuple(r) and k < len(specs) and specs[k].word == word
                                    for k, c in enumerate(chosen))


def related_ok(g: "Context", specs: list[TargetSpec], chosen: tuple[Ref, ...], r: Ref) -> bool:
    """A restriction between targets ("two target creatures controlled by the same opponent"):
    the next target's filter names the earlier target whose controller it must share."""
    j = getattr(specs[len(chosen)].extra, "same_controller_as", None)
    if j is None or j >= len(chosen) or r[0] != "o" or chosen[j][0] != "o":
        return True
    a, b = g.st.objects.get(chosen[j][1]), g.st.objects.get(r[1])
    return a is not None and b is not None and a.controller == b.controller


def next_options(g: "Context", specs: list[TargetSpec], controller: int, chosen: tuple[Ref, ...],
                 source: int | None = None) -> list[Ref]:
    """Legal targets for the next target word after `chosen`, each leaving a full choice
    possible: choosing targets one at a time never reaches a dead end."""
    i = len(chosen)
    if i >= len(specs):
        return []
    if not chosen and len(specs) == 1:  # (one word: nothing taken, nothing related, nothing after it)
        return list(options(g, specs[0], controller, source))
    return [r for r in options(g, specs[i], controller, source)
            if not taken(specs, chosen, r) and related_ok(g, specs, chosen, r)
            and completable(g, specs, controller, chosen + (r,), source)]


def as_dict(ref: Ref) -> dict[str, Any]:
    return {"obj": ref[1]} if ref[0] == "o" else {"player": ref[1]}


def as_dicts(refs: "tuple[Ref, ...] | list[Ref]") -> list[dict[str, Any]]:
    """The chosen targets as a stack object's targets: the words left without one (NONE) are
    dropped, and a target after such a word remembers its word's index ("slot")."""
    out: list[dict[str, Any]] = []
    for k, r in enumerate(refs):
        if tuple(r) == NONE:
            continue
        d = as_dict(r)
        if k != len(out):
            d["slot"] = k
        out.append(d)
    return out


def _word(s: TargetSpec) -> tuple[Any, ...]:
    return (s.what, s.extra, s.opponent_only, s.yours_only, s.another, s.owned_only, s.player)


# "For each opponent, choose up to one target artifact or enchantment that player controls"
# (a target count read as it is cast): how many target words the spell has depends on the game. As it is
# cast (CR 601.2c) such a word becomes one word per opponent, in turn order from the next
# player, each for that opponent's permanents; the stack object remembers the opponents
# (ctx "word_players"), so its words stay the same until it resolves (CR 608.2b) even if an
# opponent leaves the game (CR 800.4a). The words made are kept here for the life of the
# process: the per-position caches key target lists by id(spec).
_PER_PLAYER: dict[tuple[int, tuple[int, ...]], tuple[TargetSpec, list[TargetSpec]]] = {}


def word_players(g: "Context", controller: int) -> tuple[int, ...]:
    """The opponents of `controller` still in the game, in turn order from the next player
    (CR 102.2, 101.4)."""
    out: list[int] = []
    p = g.next_player(controller)
    while p != controller and p not in out:
        if not g.st.players[p].lost:
            out.append(p)
        p = g.next_player(p)
    return tuple(out)


def per_player(g: "Context", controller: int, specs: list[TargetSpec],
               players: "tuple[int, ...] | None" = None) -> list[TargetSpec]:
    """The target words as this game has them: a word "for each opponent" is one word per
    opponent (`players`, default: `controller`'s opponents now); other lists as they are."""
    if not specs or not any(s.each_opponent for s in specs):
        return specs
    opps = word_players(g, controller) if players is None else tuple(players)
    out: list[TargetSpec] = []
    for s in specs:
        if not s.each_opponent:
            out.append(s)
            continue
        key = (id(s), opps)
        got = _PER_PLAYER.get(key)
        if got is None or got[0] is not s:  # (the entry holds its word: its id is not reused)
            got = _PER_PLAYER[key] = (s, [replace(s, each_opponent=False, player=q) for q in opps])
        out.extend(got[1])
    return out


def skippable(specs: list[TargetSpec], i: int) -> bool:
    """May the i-th target word be left without a target while the next words are still chosen?
    Yes for an "up to one" word followed by a different word (Convert to Slime's artifact,
    creature, enchantment). For repeated words ("up to two target creatures", written as two
    "up to one" words) choosing none ends the choice: leaving the first out and naming the
    second would be the same choice again."""
    return i < len(specs) - 1 and specs[i].up_to and any(_word(t) != _word(specs[i]) for t in specs[i + 1:])


def still_legal(g: "Context", item: Any, i: int) -> dict[str, Any] | None:
    """CR 608.2b: a target is illegal if it left its zone (new object) or no longer qualifies."""
    if i >= len(item.targets):
        return None
    t = item.targets[i]
    specs = item_specs(g, item)
    k = t.get("slot", i)  # the target word it was chosen for (NONE words before it, see as_dicts)
    spec = specs[k] if k < len(specs) else None
    ref: Ref = ("o", t["obj"]) if "obj" in t else ("p", t["player"])
    if spec is None or allowed(g, spec, ref, item.controller, item.source):
        return t if ref[0] == "p" or ref[1] in g.st.objects else None
    return None


def item_specs(g: "Context", item: Any) -> list[TargetSpec]:

    if item.kind in CARD_KINDS:
        d = CARDS.card_def(item.name)
        return per_player(g, item.controller, d.targets_for(item.modes), item.ctx.get("word_players")) if d else []
    if item.kind == "ability":
        d = CARDS.card_def(item.ctx.get("def", item.name), token=item.ctx.get("token", False))
        return d.nonmana_abilities()[item.ability].targets_for(item.modes) if d else []
    if item.kind == "trigger":
        d = CARDS.card_def(item.ctx.get("def", item.name), token=item.ctx.get("token", False))
        if not d or item.ability < 0:
            return []
        trig = d.triggered[item.ability]
        if trig.modes and len(item.modes) > 1:  # "choose three" (CR 700.2d)
            return list(trig.chosen_targets(item.modes))
        specs: list[TargetSpec] = trig.modes[item.modes[0] - 1].targets if trig.modes and item.modes else trig.targets
        if specs and any(s.each_opponent for s in specs):  # one word per opponent (per_player)
            wp = item.ctx.get("word_players")
            return per_player(g, item.controller, specs, tuple(wp) if wp else None)
        return specs
    return []


def required(specs: list[TargetSpec]) -> int:
    """How many of the target words must be filled: all but trailing "up to" ones."""
    n = len(specs)
    while n and specs[n - 1].up_to:
        n -= 1
    return n


def hexproof_ignored(g: "Context", oid: int) -> bool:
    """The rule change "Creatures your opponents control can be the targets of spells and
    abilities as though they didn't have hexproof. Ward abilities of those creatures don't
    trigger." — a creature controlled by an opponent of a player with that rule, for every
    spell and ability, whoever controls it (in a game of three or more, another opponent's
    spells too); creatures only."""
    obj = g.st.objects[oid]
    if not g.is_type(oid, "Creature"):
        return False
    return any(RuleChange.IGNORE_HEXPROOF in player_rules(g, q) for q in g.opponents(obj.controller))


def rule_name(r: PlayerRuleEntry) -> Rule:
    """A player rule without its door (a DoorRule is a Room door's, engine/cards/layer/build.py)."""
    return r.rule if isinstance(r, DoorRule) else r


def rule_holds(r: PlayerRuleEntry, obj: "Obj") -> bool:
    """A Room's door gives its rule only while that door is unlocked (CR 709.5)."""
    return not isinstance(r, DoorRule) or r.door in obj.unlocked


def player_rules(g: "Context", p: int) -> frozenset[Rule]:
    """Rule changes p's permanents give p (CardDef.player_rules), found once per position."""
    # (a door's rule holds while it is unlocked: the Room's characteristics say which doors are)
    kept = g.memo.get(("player_rules", p))  # (from_permanents' entry: asked many times a position)
    if kept is not None and not g.st.players[p].command:
        return kept[0]  # type: ignore[no-any-return]
    got: frozenset[Rule] = from_permanents(g, p, "player_rules", lambda: frozenset(
        rule_name(r) for _, obj, d in having(g.perms(p), "player_rules") for r in d.player_rules
        if rule_holds(r, obj)))
    if g.st.players[p].command and g.config.format in SCHEME_FORMATS:  # a face-up scheme's (CR 113.6p)
        got = got | scheme_cards.player_rules(g, p)
    return got
