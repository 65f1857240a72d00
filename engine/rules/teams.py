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

Not built (left for the next session): shared team turns (CR 805: the team's members take one
turn together, the primary player deciding where they disagree, APNAP modified as 805.6) —
here each member takes their own turn in turn order.
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


def winning_team(st: "State") -> str | None:
    """CR 104.2a with teams (CR 904.2; the notes: "nur eines unserer beiden Teams kann
    gewinnen"): the team whose members are the only players left wins."""
    alive = {p.team for p in st.players if not p.lost}
    if len(alive) == 1 and all(p.team for p in st.players):
        return next(iter(alive))
    return None
