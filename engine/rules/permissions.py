"""Permissions a permanent's static abilities give its controller, as typed objects the rules
ask through one index (issue #24): to play lands or cast spells from a zone other than the hand
(CR 601.2a, 305.1; "You may play lands from your graveyard", "... lands and cast spells from the
top of your library", "you may cast spells from exile without paying their mana costs") and
to cast spells as though they had flash (CR 601.3b).

A card gives a play-or-cast permission with its RuleChange (engine/rules/rule_changes.py):
`granted(g, p, action, zone)` reads p's as `Permission` objects (PERMISSIONS says which rule
change is which); `alternatives(g, p)` those that let p cast a spell for an alternative cost
only (CR 118.9: "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you
cast", life instead of mana from the hand, a free cast once each turn; engine/rules/costs.py).
A static ability that gives flash offers `flash_for(g, me, spell)` (its StaticAbility part,
engine/cards/vocab/player_rules.py FlashFor): `as_though_flash(g, p, chars)` asks them.
Permissions of resolved spells and abilities for one card ("you may play that card this turn",
CR 601.2a, 611.2) are `CardPermission` objects: the state keeps each as plain data
(GameState.may_play, for saved games and undo), written by GameBase.allow_play and read back
only through `CardPermission.of_state`, which raises for a term no rule reads; the rules ask
`card_permissions(g)` / `of_card(g, oid)`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from engine.rules.rule_changes import Rule, RuleChange, rule_change
from engine.rules.records import checked, kept
from engine.rules.targets import player_rules

if TYPE_CHECKING:
    from engine.rules.context import Context

PLAY_LAND: Final = "play_land"  # CR 305.1: a land play (only with one left, 305.2)
CAST: Final = "cast"  # CR 601.2a: casting a spell, its costs paid and timing rules obeyed
GRAVEYARD: Final = "graveyard"
LIBRARY_TOP: Final = "library_top"
EXILE: Final = "exile"
HAND: Final = "hand"
ANY_ZONE: Final = "any"  # "spells you cast": from wherever they are cast

# the alternative costs permissions give, by the name actions use (`cast CARD with life`)
ALT_LEYLINE: Final = "leyline"     # "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost ..."
ALT_LIFE: Final = "life"           # "... by paying life equal to its mana value rather than paying its mana cost"
ALT_FREE_ONCE: Final = "free_once"  # "Once during each of your turns, you may cast a spell ... without paying ..."


class Permission(NamedTuple):
    """"You may [play lands / cast spells] from [zone]": `action` PLAY_LAND or CAST, `zone`
    GRAVEYARD, LIBRARY_TOP or EXILE; `subtype`: lands of that subtype only ("Forests");
    `types`: spells with one of these card types only ("creature spells"); `if_behind`: "as
    long as an opponent controls more lands than you"; `coven`: "as long as you control three
    or more creatures with different powers" (asked as the spell is cast); `sacrifice_nonland`:
    "by sacrificing a nonland permanent in addition to paying their other costs"; `free`:
    "without paying their mana costs" (CR 118.9). An alternative cost's permission (CR 118.9)
    has `alt`, the cost's name in actions, and what is paid: `cost` (mana), `pay_life` (life
    equal to the spell's mana value, CR 119.4) or `free`; `once_each_turn`: "Once during each of
    your turns" (engine/rules/costs.py keeps what was used this turn)."""
    action: str
    zone: str
    subtype: str = ""
    types: frozenset[str] = frozenset()
    if_behind: bool = False
    coven: bool = False
    sacrifice_nonland: bool = False
    free: bool = False
    alt: str = ""
    cost: str = ""
    pay_life: bool = False
    once_each_turn: bool = False


# the rule changes that are permissions to play or cast from a zone, or to cast for an
# alternative cost, as Permission objects (one rule change may give one for each zone)
PERMISSIONS: Final[dict[Rule, tuple[Permission, ...]]] = {
    RuleChange.PLAY_LANDS_FROM_GRAVEYARD: (Permission(PLAY_LAND, GRAVEYARD),),
    RuleChange.PLAY_FORESTS_FROM_GRAVEYARD: (Permission(PLAY_LAND, GRAVEYARD, subtype="Forest"),),
    RuleChange.PLAY_LANDS_FROM_LIBRARY_TOP: (Permission(PLAY_LAND, LIBRARY_TOP),),
    RuleChange.PLAY_LANDS_FROM_LIBRARY_TOP_IF_BEHIND: (Permission(PLAY_LAND, LIBRARY_TOP, if_behind=True),),
    RuleChange.CAST_FROM_LIBRARY_TOP: (Permission(CAST, LIBRARY_TOP),),
    RuleChange.CAST_FROM_LIBRARY_TOP_SACRIFICING: (Permission(CAST, LIBRARY_TOP, sacrifice_nonland=True),),
    RuleChange.CAST_CREATURES_FROM_LIBRARY_TOP_COVEN: (Permission(CAST, LIBRARY_TOP, types=frozenset({"Creature"}),
                                                                  coven=True),),
    RuleChange.FREE_CAST_FROM_EXILE: (Permission(CAST, EXILE, free=True),),
    # CR 118.9: alternative costs
    RuleChange.ALT_COST_WUBRG: (Permission(CAST, ANY_ZONE, alt=ALT_LEYLINE, cost="{W}{U}{B}{R}{G}"),),
    RuleChange.CAST_FROM_HAND_FOR_LIFE: (Permission(CAST, HAND, alt=ALT_LIFE, pay_life=True, once_each_turn=True),),
    RuleChange.CAST_ENCHANTMENT_FOR_LIFE: (Permission(CAST, HAND, types=frozenset({"Enchantment"}), alt=ALT_LIFE,
                                                      pay_life=True, once_each_turn=True),),
    RuleChange.FREE_CAST_ONCE_EACH_TURN: (Permission(CAST, HAND, alt=ALT_FREE_ONCE, free=True, once_each_turn=True),
                                          Permission(CAST, LIBRARY_TOP, alt=ALT_FREE_ONCE, free=True,
                                                     once_each_turn=True)),
}


def granted(g: "Context", p: int, action: str, zone: str) -> list[Permission]:
    """The permissions p's permanents (and face-up schemes) give p now to `action` from `zone`
    paying the spell's costs (no alternative cost of their own), in a fixed order."""
    return _of_rules(player_rules(g, p), action, zone)


def alternatives(g: "Context", p: int, zone: str | None = None) -> list[Permission]:
    """The alternative costs (CR 118.9) p's permanents give p's spells now (cast from `zone`,
    if given), in a fixed order."""
    return _of_rules(player_rules(g, p), "", zone)


# the permissions a set of rule changes gives, by the set: it is the same object across positions
# while p's permanents are (targets.player_rules), and the listing asks for each card in hand
_OF_RULES: dict[tuple[int, str, str | None], tuple[frozenset[Rule], list[Permission]]] = {}


def _of_rules(rules: frozenset[Rule], action: str, zone: str | None) -> list[Permission]:
    """The permissions of these rule changes: to `action` from `zone` paying the spell's costs,
    or ("" action) the alternative costs (from `zone`, if given). Callers never change the list."""
    key = (id(rules), action, zone)
    got = _OF_RULES.get(key)
    if got is None or got[0] is not rules:
        if len(_OF_RULES) > 500:
            _OF_RULES.clear()
        if action:
            made = [perm for rule, perms in PERMISSIONS.items() if rule in rules for perm in perms
                    if perm.action == action and perm.zone == zone and not perm.alt]
        else:
            made = [perm for rule, perms in PERMISSIONS.items() if rule in rules for perm in perms
                    if perm.alt and (zone is None or perm.zone == zone)]
        got = _OF_RULES[key] = (rules, made)  # (the entry holds the set: its id is not reused)
    return got[1]


def gives(rules: Any, alt: str) -> bool:
    """Whether these rule changes (one permanent's, CardDef.player_rules) give the alternative
    cost `alt` (each permanent's own "once during each of your turns", the card's ruling)."""
    return any(perm.alt == alt for r in rules if isinstance(r, str) for perm in PERMISSIONS.get(Rule(r), ()))


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
        objects = g.st.objects
        checks = g.memo[key] = [(sid, check) for sid, check in flash_statics(g)
                                if objects[sid].controller == player]
    return checks


def flash_statics(g: "Context") -> list[tuple[int, Any]]:
    """The static abilities that may let their controller cast spells as though they had flash,
    each with its object and check: those of g.static_sources() with a `flash_for`, kept while
    that list is the same object (it is kept across positions while the permanents and what
    it reads of them are the same; `flash_for` is part of the ability, which never changes) —
    a board of hundreds of permanents is not walked at every listing. Whose they are is asked
    per position (_flash_checks: control may change while the list stays)."""
    sources = g.static_sources()
    was = g.names_kept.get("flash_statics")
    if was is not None and was[0] is sources:
        got: list[tuple[int, Any]] = was[1]
        return got
    got = [(sid, fn.flash_for) for sid, fn in sources if fn.flash_for is not None]
    g.names_kept["flash_statics"] = (sources, got)
    return got


class CardPermission(NamedTuple):
    """"You may play [that card] [this turn / until the end of your next turn / for as long as it
    remains exiled]" — a resolved effect's permission for one card in exile (CR 601.2a, 611.2):
    `player` may play `obj` until the end of turn `until_turn` (-1: no end). Its terms
    (engine/rules/exile_permissions.py, engine/format.py):

    * `cast_only`: spells only, no land (CR 305.9); `types`: spells with one of these card types
      only ("permanent spells", CR 110.4);
    * `free`: without paying its mana cost (CR 118.9) and no other way; `per_type`: "for each
      nonland card type ... one" — the permissions of one effect share the key (CR 205.2a);
    * `any_color`: mana spent as though it were mana of any color (CR 609.4b);
    * `pay_life`: life equal to its mana value rather than its mana cost (CR 118.9, 119.4);
    * `your_turn`, `source`, `rule`: "during your turn, you may play cards exiled with [this
      permanent]" while `source` is on the battlefield under `player`'s control and, with `rule`,
      while it has that rule change (CR 607.2a);
    * `adventurer`: its Adventure's permission ("you may cast the creature later", CR 715.4);
    * `card_copy`: a copy of a card made in exile to be cast (CR 707.12)."""
    obj: int
    player: int
    until_turn: int
    cast_only: bool = False
    types: tuple[str, ...] = ()
    free: bool = False
    per_type: int | None = None
    any_color: bool = False
    pay_life: bool = False
    your_turn: bool = False
    source: int | None = None
    rule: Rule | None = None
    adventurer: bool = False
    card_copy: bool = False

    @classmethod
    def of_state(cls, desc: dict[str, Any]) -> "CardPermission":
        """The permission the state's description stands for: the one conversion of
        GameState.may_play. Raises (ValueError) for a term no rule reads or a missing one."""
        return checked(cls, desc, "a permission to play a card", convert=_CONVERT)

    def describe(self) -> dict[str, Any]:
        """Its plain description for the state: the player, the card, the turn it ends and each
        term it has (as JSON keeps them)."""
        out: dict[str, Any] = {"obj": self.obj, "player": self.player, "until_turn": self.until_turn}
        for k, default in zip(self._fields[3:], self._field_defaults.values()):
            v = getattr(self, k)
            if v != default:
                out[k] = list(v) if k == "types" else v
        return out


_CONVERT: Final = {"rule": rule_change}


def card_permissions(g: "Context") -> list[CardPermission]:
    """The permissions to play one card that resolved spells and abilities gave (GameState.may_play),
    in the order they were given: each description converted once and kept while the state
    holds it (found by identity: the state is replaced on undo)."""
    return kept(g, "card_permissions", g.st.may_play, CardPermission.of_state)


def of_card(g: "Context", oid: int, player: int | None = None) -> list[CardPermission]:
    """The permissions to play this card (that `player` has, if given)."""
    return [m for m in card_permissions(g) if m.obj == oid and (player is None or m.player == player)]
