"""Permissions a permanent's static abilities give its controller, as typed objects the rules
ask through one index (issue #24): to play lands or cast spells from a zone other than the hand
(CR 601.2a, 305.1; "You may play lands from your graveyard", "... lands and cast spells from the
top of your library", "you may cast spells from exile without paying their mana costs") and
to cast spells as though they had flash (CR 601.3b).

A card gives a play-or-cast permission with its RuleChange (engine/rules/effects.py):
`granted(g, p, action, zone)` reads p's as `Permission` objects (PERMISSIONS says which rule change is
which). A static ability that gives flash offers `flash_for(g, me, spell)` (its StaticAbility
part, engine/cards/vocab/player_rules.py FlashFor): `as_though_flash(g, p, chars)` asks them.
Permissions of resolved spells and abilities for one card ("you may play that card this turn")
stay in the state (GameState.may_play, engine/format.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from engine.rules.effects import Rule, RuleChange
from engine.rules.targets import player_rules

if TYPE_CHECKING:
    from engine.rules.context import Context

PLAY_LAND: Final = "play_land"  # CR 305.1: a land play (only with one left, 305.2)
CAST: Final = "cast"  # CR 601.2a: casting a spell, its costs paid and timing rules obeyed
GRAVEYARD: Final = "graveyard"
LIBRARY_TOP: Final = "library_top"
EXILE: Final = "exile"


class Permission(NamedTuple):
    """"You may [play lands / cast spells] from [zone]": `action` PLAY_LAND or CAST, `zone`
    GRAVEYARD, LIBRARY_TOP or EXILE; `subtype`: lands of that subtype only ("Forests");
    `types`: spells with one of these card types only ("creature spells"); `if_behind`: "as
    long as an opponent controls more lands than you"; `coven`: "as long as you control three
    or more creatures with different powers" (asked as the spell is cast); `sacrifice_nonland`:
    "by sacrificing a nonland permanent in addition to paying their other costs"; `free`:
    "without paying their mana costs" (CR 118.9)."""
    action: str
    zone: str
    subtype: str = ""
    types: frozenset[str] = frozenset()
    if_behind: bool = False
    coven: bool = False
    sacrifice_nonland: bool = False
    free: bool = False


# the rule changes that are permissions to play or cast from a zone, as Permission objects
PERMISSIONS: Final[dict[Rule, Permission]] = {
    RuleChange.PLAY_LANDS_FROM_GRAVEYARD: Permission(PLAY_LAND, GRAVEYARD),
    RuleChange.PLAY_FORESTS_FROM_GRAVEYARD: Permission(PLAY_LAND, GRAVEYARD, subtype="Forest"),
    RuleChange.PLAY_LANDS_FROM_LIBRARY_TOP: Permission(PLAY_LAND, LIBRARY_TOP),
    RuleChange.PLAY_LANDS_FROM_LIBRARY_TOP_IF_BEHIND: Permission(PLAY_LAND, LIBRARY_TOP, if_behind=True),
    RuleChange.CAST_FROM_LIBRARY_TOP: Permission(CAST, LIBRARY_TOP),
    RuleChange.CAST_FROM_LIBRARY_TOP_SACRIFICING: Permission(CAST, LIBRARY_TOP, sacrifice_nonland=True),
    RuleChange.CAST_CREATURES_FROM_LIBRARY_TOP_COVEN: Permission(CAST, LIBRARY_TOP, types=frozenset({"Creature"}),
                                                                 coven=True),
    RuleChange.FREE_CAST_FROM_EXILE: Permission(CAST, EXILE, free=True),
}


def granted(g: "Context", p: int, action: str, zone: str) -> list[Permission]:
    """The permissions p's permanents (and face-up schemes) give p now to `action` from `zone`,
    in a fixed order."""
    rules = player_rules(g, p)
    return [perm for rule, perm in PERMISSIONS.items()
            if perm.action == action and perm.zone == zone and rule in rules]


def land_play_holds(g: "Context", p: int, perm: Permission) -> bool:
    """Whether a land play's condition holds now ("as long as an opponent controls more lands")."""
    if not perm.if_behind:
        return True
    mine = len(g.with_type(p, "Land"))
    return any(len(g.with_type(q, "Land")) > mine for q in g.opponents(p))


def as_though_flash(g: "Context", player: int, c: Any) -> bool:
    """CR 601.3b, 702.8: "you may cast [creature / noncreature] spells as though they had flash"
    — static abilities of the player's permanents (engine/cards/vocab/player_rules.py FlashFor),
    for a spell with the characteristics `c`."""
    return any(check(g, g.st.objects[sid], c) for sid, check in _flash_checks(g, player))


def flash_given(g: "Context", player: int) -> bool:
    """Whether some static ability may let the player cast spells as though they had flash
    (as_though_flash may say yes for some spell; the listing skips a hand of sorcery-speed
    cards outside a main phase only where none does)."""
    return bool(_flash_checks(g, player))


def _flash_checks(g: "Context", player: int) -> list[tuple[int, Any]]:
    key = ("flash_for", player)
    checks: list[tuple[int, Any]] | None = g.memo.get(key)
    if checks is None:  # (the static abilities that may give flash: found once per position)
        checks = g.memo[key] = [(sid, fn.flash_for) for sid, fn in g.static_sources()
                                if fn.flash_for is not None and g.st.objects[sid].controller == player]
    return checks
