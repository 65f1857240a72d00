"""Permissions a permanent's static abilities give its controller, as typed objects the rules
ask through one index (issue #24): "You may play lands from your graveyard" (CR 305.1,
601.2a), "... Forests from your graveyard", "... lands from the top of your library [as long as
an opponent controls more lands than you]", and "you may cast [creature / noncreature] spells
as though they had flash" (CR 601.3b).

A card gives a land play with its RuleChange (engine/rules/effects.py); `land_plays(g, p)` reads
them as `LandPlay` objects. A static ability that gives flash offers `flash_for(g, me, spell)`
(engine/cards/vocab/player_rules.py FlashFor); `as_though_flash(g, p, chars)` asks them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from engine.rules.effects import Rule, RuleChange
from engine.rules.targets import player_rules

if TYPE_CHECKING:
    from engine.rules.context import Context


class LandPlay(NamedTuple):
    """"You may play lands from [zone]" (CR 305.1, 601.2a; a land play, so only with one left,
    CR 305.2): `zone` "graveyard" or "library_top"; `subtype` narrows it ("Forests"); `if_behind`:
    "as long as an opponent controls more lands than you"."""
    zone: str
    subtype: str = ""
    if_behind: bool = False


# the rule changes that are land plays, as LandPlay objects
LAND_PLAYS: Final[dict[Rule, LandPlay]] = {
    RuleChange.PLAY_LANDS_FROM_GRAVEYARD: LandPlay("graveyard"),
    RuleChange.PLAY_FORESTS_FROM_GRAVEYARD: LandPlay("graveyard", subtype="Forest"),
    RuleChange.PLAY_LANDS_FROM_LIBRARY_TOP: LandPlay("library_top"),
    RuleChange.PLAY_LANDS_FROM_LIBRARY_TOP_IF_BEHIND: LandPlay("library_top", if_behind=True),
}


def land_plays(g: "Context", p: int) -> list[LandPlay]:
    """The land plays p's permanents (and face-up schemes) give p now, in a fixed order."""
    rules = player_rules(g, p)
    return [play for rule, play in LAND_PLAYS.items() if rule in rules]


def land_play_holds(g: "Context", p: int, play: LandPlay) -> bool:
    """Whether the play's condition holds now ("as long as an opponent controls more lands")."""
    if not play.if_behind:
        return True
    mine = len(g.with_type(p, "Land"))
    return any(len(g.with_type(q, "Land")) > mine for q in g.opponents(p))


def as_though_flash(g: "Context", player: int, c: Any) -> bool:
    """CR 601.3b, 702.8: "you may cast [creature / noncreature] spells as though they had flash"
    — static abilities of the player's permanents (Kianne, engine/cards/vocab/player_rules.py FlashFor),
    for a spell with the characteristics `c`."""
    key = ("flash_for", player)
    checks: list[tuple[int, Any]] | None = g.memo.get(key)
    if checks is None:  # (the static abilities that may give flash: found once per position)
        checks = g.memo[key] = [(sid, fn.flash_for) for sid, fn in g.static_sources()
                                if fn.flash_for is not None and g.st.objects[sid].controller == player]
    return any(check(g, g.st.objects[sid], c) for sid, check in checks)
