"""Teams in the Archenemy formats (CR 904; the release notes' "Erzfeind-Commander").

* CR 904.2 (the notes): the archenemy plays alone against a team of the other players; only
  one of the two teams can win. Teammates are not opponents (CR 102.3): `Game.opponents`
  leaves them out, so nobody attacks or targets "an opponent" on their own team.
* The archenemy always takes the first turn (CR 904.5; the notes: "beginnt er immer die
  Partie").
* Archenemy Commander (the notes): the team shares one life total of 60 and the archenemy has
  60 life; "Effekte, die sich auf den Lebenspunktstand eines Spielers beziehen, verwenden den
  gemeinsamen Lebenspunktstand des Teams" — as in Two-Headed Giant (CR 810.9): life a member
  gains or loses, and damage dealt to a member, change the team's one total. Each member's
  `life` is that total (kept equal by `share_life`), so a total of 0 or less makes the whole
  team lose at once (CR 704.5a for each member, as CR 810.8a).
* Classic Archenemy ("archenemy"): each team member keeps their own life total (the notes
  contrast it); the archenemy starts at 40 (CR 904 — the notes' Commander variant gives 60).

Shared team turns (CR 805; 805.1: "always used in ... the Archenemy casual variant", and the
notes: the team of three "teilt sich einen Zug", in classic Archenemy as well — "bei dem das
Team zwar einen gemeinsamen Zug, aber jedes Mitglied einen eigenen Lebenspunktstand hat"):
* CR 805.4, 805.4a: the team takes the turn; `State.active` is its primary player (805.2: the
  first of its seats in turn order — the rightmost seen from the team), and every member is an
  active player (`is_active`, `Game.is_active`): each untaps (502.3), draws (805.4b; 805.6a in
  team order), may play a land (805.4c), casts sorceries, has "your turn", "your upkeep" and
  "your end step" triggers, discards to hand size in the cleanup step.
* CR 805.6: APNAP becomes the active team's members first (in the team's order), then each
  nonactive team's in turn order (`apnap_order`).
* Decisions stay each member's own: a member declares attacks with their own creatures and
  chooses for their own objects; the team's creatures attack together (CR 508.1: the
  declarations are made one member after another, primary first, and take effect at once).
  Where the team would have to agree on one choice, the primary player makes it (805.2).
* Priority: each member receives it in turn order; the team has passed when each of its
  members has (all players passing in succession ends the step, CR 117.4).
* The next turn is the next team's (CR 805.4): the first player after the active team who is
  on another team.
* CR 805.3a/805.3b: mulligans, and cards that let a player begin the game with them on the
  battlefield, go team by team: the starting team's players first (in the team's order,
  primary first: "in whatever order that team likes", the primary deciding, 805.2), then
  each other team's players in turn order (`starting_order`).
* CR 805.10d: the defending team declares one combined block; a defending player's creatures
  may block creatures attacking any player of that team (engine/rules/block_rules.py,
  `blocking_side`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.config import TEAM_FORMATS

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import State

ARCHENEMY_TEAM = "archenemy"
HEROES_TEAM = "heroes"
#: Starting life in the team formats: (archenemy, team member)
STARTING_LIFE = {"archenemy_commander": (60, 60), "archenemy": (40, 20)}


def shared_life(g: "Context") -> bool:
    """Whether teams share one life total (Archenemy Commander, the notes)."""
    return g.config.format == "archenemy_commander"


def assign(g: "Context", archenemy: int, set_life: bool = True) -> None:
    """The default teams of a team format: the archenemy alone, the others together (CR 904.2);
    or the config's `teams`. Starting life by the format unless the config sets one."""
    st = g.st
    cfg = g.config
    if cfg.format not in TEAM_FORMATS:
        return
    for p in st.players:
        if cfg.teams:
            p.team = cfg.teams[p.index]
        else:
            p.team = ARCHENEMY_TEAM if p.index == archenemy else HEROES_TEAM
    for p in st.players:
        if set_life and cfg.starting_life is None:
            alone = sum(1 for q in st.players if q.team == p.team) == 1
            p.life = STARTING_LIFE[cfg.format][0 if alone else 1]


def archenemy_of(st: "State", schemes: list[list[str]]) -> int:
    """The archenemy: the first seat with a scheme deck (seat 0 if none has one)."""
    return next((i for i, deck in enumerate(schemes) if deck), 0)


def teammates(st: "State", player: int) -> list[int]:
    """The other players on the player's team (none without teams)."""
    team = st.players[player].team
    if not team:
        return []
    return [p.index for p in st.players if p.index != player and p.team == team]


def share_life(g: "Context", player: int) -> None:
    """The team's shared life total (the notes; CR 810.9 as the model): the member's new total
    is every member's."""
    if not shared_life(g):
        return
    st = g.st
    for q in teammates(st, player):
        st.players[q].life = st.players[player].life


def team_life(g: "Context", name: str) -> int | None:
    """The life total of the team of that name: the shared total (Archenemy Commander), else
    the sum of its members' own totals (None if no player is on it)."""
    members = [p for p in g.st.players if p.team == name]
    if not members:
        return None
    return members[0].life if shared_life(g) else sum(p.life for p in members)


def shared_turns(g: "Context") -> bool:
    """Whether the game uses the shared team turns option (CR 805.1: always in Archenemy,
    CR 904; both of our team formats)."""
    return g.config.format in TEAM_FORMATS and any(p.team for p in g.st.players)


def team_order(st: "State", player: int) -> list[int]:
    """The player's team in turn order, primary player first (CR 805.2: the rightmost seat from
    the team's perspective — with turns passing to the left, the first of the team's seats):
    members still in the game; the player alone without a team."""
    team = st.players[player].team
    n = len(st.players)
    if not team:
        return [player]
    members = [i for i in range(n) if st.players[i].team == team]
    # the primary: a member whose seat before it (turn order) is not the team's
    start = next((m for m in members if st.players[(m - 1) % n].team != team), members[0])
    ordered = [(start + k) % n for k in range(n) if st.players[(start + k) % n].team == team]
    alive = [m for m in ordered if not st.players[m].lost]
    return alive or [player]


def active_players(g: "Context") -> list[int]:
    """The active team's members (CR 805.4a), primary first; without shared turns the active
    player alone (CR 102.1)."""
    if not shared_turns(g):
        return [g.st.active]
    return team_order(g.st, g.st.active)


def is_active(g: "Context", player: int) -> bool:
    """Whether it is the player's turn: the active player, or with shared team turns any member
    of the active team (CR 805.4a)."""
    st = g.st
    if player == st.active:
        return True
    if not isinstance(player, int) or not 0 <= player < len(st.players):
        return False
    return shared_turns(g) and bool(st.players[player].team) and st.players[player].team == st.players[st.active].team


def apnap_order(g: "Context") -> list[int]:
    """CR 805.6 (shared team turns; CR 101.4 otherwise): the active team's members first, in
    the team's order, then each nonactive team's members in turn order (each team's own order).
    Players who have left the game are kept in place (callers skip them as before)."""
    return starting_order(g, g.st.active)


def starting_order(g: "Context", a: int) -> list[int]:
    """Every seat team by team from player a's team (CR 805.6's order with a's team active):
    before the first turn this is CR 805.3a's mulligan order and 805.3b's order for opening-hand
    cards — "each player on the starting team, in whatever order that team likes" (the team's
    order, primary first: 805.2), "then the players on each other team in turn order"; without
    shared team turns plain turn order from a (CR 103.5, 103.6)."""
    st = g.st
    n = len(st.players)
    plain = [(a + i) % n for i in range(n)]
    if not shared_turns(g):
        return plain
    out: list[int] = []
    for p in plain:
        if p in out:
            continue
        team = st.players[p].team
        if not team:
            out.append(p)
            continue
        members = [m for m in range(n) if st.players[m].team == team]
        start = next((m for m in members if st.players[(m - 1) % n].team != team), members[0])
        out += [(start + k) % n for k in range(n) if st.players[(start + k) % n].team == team]
    return out


def next_team_player(g: "Context") -> int:
    """CR 805.4: the next turn is the next team's — the first player in turn order after the
    active player who is still in the game and not on the active team; its primary player
    takes the turn (the active player again if no other team is left)."""
    st = g.st
    n = len(st.players)
    team = st.players[st.active].team
    for i in range(1, n + 1):
        q = (st.active + i) % n
        if not st.players[q].lost and st.players[q].team != team:
            return team_order(st, q)[0]
    return st.active


def winning_team(st: "State") -> str | None:
    """CR 104.2a with teams (CR 904.2; the notes: "nur eines unserer beiden Teams kann
    gewinnen"): the team whose members are the only players left wins."""
    alive = {p.team for p in st.players if not p.lost}
    if len(alive) == 1 and all(p.team for p in st.players):
        return next(iter(alive))
    return None
