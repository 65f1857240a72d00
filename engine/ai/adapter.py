"""Every touch of the engine API the computer player makes, in one place.

The engine contract (Decision, Action, observation) is being made exact on another branch;
the rest of engine/ai/ talks to the game only through these functions, so adapting to a
changed contract is a change here and nowhere else.

Two kinds of access:
* The real game: `pending`, `legal`, `observation` — exactly what any driver sees.
* The AI's own determinized copy (see determinize.py): its full state may be read freely,
  because every hidden card in it was sampled by the AI, not copied from the real game.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from engine.actions import Action
from engine.cards.behaviour import printed
from engine.config import GameConfig
from engine.rules import teams
from engine.rules.teams import shared_life
from engine.rules import block_rules
from engine.rules.mana_sources import mana_ability
from engine.format import ref_text
from engine.redaction import who_knows

if TYPE_CHECKING:
    from engine.game import Game
    from engine.view import Observation

PASS_VERBS = ("pass",)


@dataclass(frozen=True)
class View:
    """What a seat is shown when it must decide, and nothing else: the decision's kind, its
    listed actions, the public facts of the moment, its opponents still in the game and, on
    demand, its observation. An agent answers from this alone when it needs no world
    (`at_once`: one listed answer, a pass at an idle moment)."""

    kind: str
    player: int
    actions: list[Action]
    info: "TurnInfo"
    opponents: tuple[int, ...]
    # the seat's observation of this decision, made when first asked (most answers need none)
    observation: Callable[[], "Observation"] = field(repr=False, compare=False)

    def obs(self) -> dict[str, Any]:
        """The observation's data, to read only (engine/view.py `to_json(copy=False)`)."""
        return self.observation().to_json(copy=False)


def pending_player(g: "Game") -> int | None:
    d = g.pending
    return None if d is None else int(d.player)


def pending_kind(g: "Game") -> str | None:
    d = g.pending
    return None if d is None else str(d.kind)


def pending_prompt(g: "Game") -> str:
    """The pending decision's prompt key ("ask.exile_from_graveyard"), "" when none."""
    d = g.pending
    return "" if d is None else str(d.prompt)


def graveyard_refs(g: "Game", seat: int) -> dict[str, str]:
    """The cards of a player's graveyard as a choice names them (engine/format.py ref_text),
    each with its card name."""
    st = g.st
    return {ref_text(g, ("o", o)): st.objects[o].name for o in st.players[seat].graveyard}


def legal(g: "Game", seat: int) -> list[Action]:
    return g.legal_actions(seat)


def observe(g: "Game", seat: int, copy: bool = True) -> dict[str, Any]:
    """The seat's observation as JSON data; `copy=False`: the observation's own data, for a
    caller that only reads it and keeps none of it (engine/view.py `to_json`)."""
    data: dict[str, Any] = g.observation(seat).to_json(copy=copy)
    return data


def view(g: "Game", seat: int) -> View:
    """The seat's view of its open decision (the real game's or a world's: the same)."""
    d = g.pending
    if d is None or d.player != seat:
        raise RuntimeError("asked to act without a decision")
    st, asked, done = g.st, g.st.pending, len(g.history)
    made: list["Observation"] = []

    def observation() -> "Observation":
        # the seat's observation, and only while this decision is still the open one (the
        # view gives nothing of a later position)
        if g.st is not st or g.st.pending is not asked or len(g.history) != done:
            raise RuntimeError("the view of a decision already answered")
        if not made:
            made.append(g.observation(seat))
        return made[0]
    return View(str(d.kind), seat, g.legal_actions(seat), turn_info(g), tuple(g.opponents(seat)), observation)


@dataclass(frozen=True)
class TurnInfo:
    """The public facts of the moment: whose turn, which step, the stack."""

    turn: int
    step: str
    active: int
    stack_size: int
    stack_top_controller: int | None
    #: every player whose turn it is (with shared team turns the active team, CR 805.4a)
    active_players: tuple[int, ...] = ()


def turn_info(g: "Game") -> TurnInfo:
    st = g.st  # public fields only
    top = st.objects[st.stack[-1]].controller if st.stack else None
    return TurnInfo(st.turn, st.step, st.active, len(st.stack), top,
                    tuple(p.index for p in st.players if g.is_active(p.index)))


def apply(g: "Game", action: Action) -> None:
    g.apply(action)


def is_over(g: "Game") -> bool:
    return g.outcome is not None or g.pending is None


def winner(g: "Game") -> int | None:
    """The winning seat, None for a draw or an unfinished game."""
    out = g.outcome
    return None if out is None else out.winner


def opponents(g: "Game", seat: int) -> list[int]:
    """The seat's opponents still in the game, in turn order."""
    return g.opponents(seat)


def team_of(g: "Game", seat: int) -> str:
    """The seat's team ("" without teams; CR 904.2)."""
    return str(g.st.players[seat].team or "")


def teammates(g: "Game", seat: int) -> list[int]:
    """The seat's teammates still in the game (CR 904.2: never its opponents)."""
    team = team_of(g, seat)
    if not team:
        return []
    return [p.index for p in g.st.players if p.index != seat and p.team == team and not p.lost]


def shared_turns(g: "Game") -> bool:
    """Whether teams take shared turns (CR 805; the Archenemy formats, engine/rules/teams.py):
    a team attacks together and blocks as one."""
    return teams.shared_turns(g)


def blocked_by_teammates(g: "Game", seat: int) -> set[int]:
    """The attackers the seat's teammates have blocked in this combat's one team block, made
    when its last member declares (CR 805.10d; engine/rules/combat.py `team_blocks`)."""
    mates = set(teammates(g, seat))
    return {int(r[1]) for q, pairs in g.st.combat.get("team_blocks", ()) if q in mates for _b, r in pairs}


def shares_life(g: "Game") -> bool:
    """Whether teams share one life total (Archenemy Commander, engine/rules/teams.py)."""
    return shared_life(g)


def clone(g: "Game") -> "Game":
    return g.clone()


def may_know(g: "Game", seat: int, oid: int) -> bool:
    """Whether `seat` may know the object's name (engine/redaction.py, the rule the
    observation and the log follow)."""
    aud = who_knows(g, oid)
    return aud is None or seat in aud


# ------------------------------------------------------------------ actions
def verb(a: Action) -> str:
    return a.verb


def obj(a: Action) -> int | None:
    return a.obj


def targets(a: Action) -> tuple[tuple[str, int], ...]:
    return tuple(a.targets)


def pairs(a: Action) -> tuple[tuple[int, tuple[str, int]], ...]:
    return tuple(a.pairs)


def choice(a: Action) -> tuple[str, ...]:
    return tuple(a.choice)


def is_mana_ability(a: Action) -> bool:
    """Tapping for mana by hand: the engine pays costs itself, so the AI never needs it."""
    return a.verb == "activate" and a.ability == 0


def makes_mana(g: "Game", oid: int, c: Any) -> bool:
    """Does the permanent (characteristics `c`) have a mana ability (CR 605.1a), its own or
    one granted?"""
    return mana_ability(g, oid, c) is not None


def is_pass(a: Action) -> bool:
    return a.verb in PASS_VERBS


def is_done_step(a: Action) -> bool:
    """`attack done` / `block done` / `choose done` (decisions in parts)."""
    return a.verb in ("attack", "block", "choose") and a.args == ("done",)


def declared_pairs(g: "Game") -> list[tuple[int, tuple[str, int]]]:
    """Attackers/blockers declared so far in a declaration made in parts (the AI's copy)."""
    pend = g.st.pending or {}
    return [(int(o), (str(r[0]), int(r[1]))) for o, r in pend.get("declared", ())]


def picked_ids(g: "Game") -> list[int]:
    """Cards picked so far in a choice of several made in parts (the AI's copy)."""
    pend = g.st.pending or {}
    return [int(o) for o in pend.get("picked", ())]


def is_default_assign(a: Action) -> bool:
    return a.verb == "assign" and str(a).strip().endswith("default")


def declaration(actions: list[Action], plan: set[tuple[int, tuple[str, int]]]) -> Action:
    """The listed action that best carries out a planned attack/block declaration.

    The engine lists one creature at a time (`attacker A -> Bob` ... `attack done`); older
    engines listed whole declarations (`attack A, B -> Bob`). Whole form if listed; otherwise
    the next part of the plan not yet declared, else `done`. `plan` includes the parts
    already declared.
    """
    best: Action | None = None
    best_score = -1.0
    for a in actions:
        ps = set(a.pairs)
        if ps == plan:
            return a
    # one at a time: a listed single step that is part of the plan
    for a in actions:
        ps = set(a.pairs)
        if len(ps) == 1 and ps <= plan and not is_done_step(a):
            return a
    for a in actions:
        if is_done_step(a):
            return a
    for a in actions:  # the closest whole declaration: most planned pairs, no unplanned ones
        ps = set(a.pairs)
        if ps - plan:
            continue
        score = len(ps & plan)
        if score > best_score:
            best, best_score = a, score
    return best if best is not None else actions[0]


# ------------------------------------------------------------------ cards
@dataclass(frozen=True)
class CardInfo:
    name: str
    mana_value: int
    types: frozenset[str]
    power: int
    toughness: int
    text: str
    colours: frozenset[str]


_CARD_CACHE: dict[str, CardInfo] = {}


def card_info(name: str) -> CardInfo:
    got = _CARD_CACHE.get(name)
    if got is not None:
        return got
    d = printed(name)
    if d is None:
        info = CardInfo(name, 0, frozenset(), 0, 0, "", frozenset())
    else:
        cost = d.mana_cost or ""
        mv = 0
        for sym in cost.replace("}", "").split("{")[1:]:
            mv += int(sym) if sym.isdigit() else (0 if sym == "X" else 1)
        types = frozenset(w for w in d.type_line.split("—")[0].split() if w[:1].isupper())

        def num(v: str | None) -> int:
            return int(v) if v and v.isdigit() else 0
        colours = frozenset(d.colors) | frozenset(c for c in "WUBRG" if "{" + c + "}" in (d.text or ""))
        info = CardInfo(d.name, mv, types, num(d.power), num(d.toughness), d.text or "", colours)
    _CARD_CACHE[name] = info
    return info


def harmful_text(name: str) -> bool | None:
    """Does the card hurt what it targets? True (removal), False (a boost), None (unknown)."""
    t = card_info(name).text.lower()
    if any(w in t for w in ("destroy", "damage to", "exile target", "gets -", "get -", "sacrifice",
                            "return target", "tap target", "fights", "counter target")):
        return True
    if any(w in t for w in ("gets +", "get +", "gains", "gain ", "+1/+1 counter", "indestructible")):
        return False
    return None


# ------------------------------------------------------------------ a determinized copy
def game_state(g: "Game") -> Any:
    """The full state of the AI's own determinized copy (never of the real game)."""
    return g.st


def public_config(g: "Game", decks: list[list[str]]) -> GameConfig:
    """A config for the copy: the real one with the decklists replaced by what the seat knows
    (the copy's commanders are in its state, the real one's: its decks are only guesses)."""
    c = g.config
    return GameConfig(players=list(c.players), decks=[list(d) for d in decks], mode=c.mode, seed=0,
                      starting_life=c.starting_life, hand_size=c.hand_size, first_player=c.first_player,
                      goldfish=c.goldfish, skip_mulligans=True, setup=None, format=c.format)


def reset_history(g: "Game", config: GameConfig) -> None:
    """The copy has no past: its history, events and checkpoints are dropped."""
    g.config = config
    g.history = []
    g.events = []
    g.event_hidden.clear()  # (the events' concealed parts, which went with them)
    g.aliases.clear()  # (a scenario's @aliases name physical cards, renumbered in the sample)
    g._checkpoints = {0: (g.st.freeze(), 0)}  # noqa: SLF001 (the one place the AI touches it)
    # the sampled hidden cards were renamed in place (engine/ai/determinize.py): what was known
    # of the objects by id goes
    g.names_kept.clear()
    g.chars_kept.clear()
    g.mana_memo.clear()
    g.touch()


def chars(g: "Game", oid: int) -> Any:
    return g.chars(oid)


def creatures(g: "Game", seat: int) -> Iterable[tuple[int, Any, Any]]:
    for oid, o, c in g.perms(seat):
        if "Creature" in c.types:
            yield oid, o, c


def can_block(g: "Game", blocker: int, attacker: int) -> bool:

    return bool(block_rules.can_block(g, blocker, attacker))


def apply_copy(g: "Game", action: Action) -> None:
    """Apply a listed action to a copy. Today's engine fills in a mutable action's text from
    the game it is applied to: a fresh Action keeps the real game's listed object untouched.
    (An immutable Action, as the contract branch makes it, is applied as it is.)"""
    if dataclasses.is_dataclass(action) and any(f.name == "game" for f in dataclasses.fields(action)):
        action = dataclasses.replace(action, text="", game=None)
    g.apply(action)
