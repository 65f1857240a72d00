"""The game state as plain data: objects, players, zones (CR 400), the stack, the turn.

Everything here is pure data (ints, strings, lists, dicts) so that a state can be copied
cheaply for undo checkpoints and clones, and written to JSON exactly.
"""
from __future__ import annotations

import pickle
from dataclasses import dataclass, field, fields
from hashlib import blake2b
from typing import Any
import secrets
import json

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
HIDDEN_ZONES = ("library", "hand")  # CR 400.2: hidden zones
PLAYER_ZONES = ("library", "hand", "graveyard", "exile", "command")  # per owner (CR 400.3)
# the kinds of object (`Obj.kind`) that are a card or a token, not an ability on the stack
# ("ability", "trigger"): on the stack, a spell (a copy of a spell is a "token" there, CR 707.10)
CARD_KINDS = ("card", "token")


@dataclass
class Obj:
    """One game object: a card or a token in a zone, or an ability on the stack (CR 109, 400.7).

    `card` is the physical card's identity (stable across zone changes, never shown to a
    player who cannot see the object); `id` is the object's identity and changes on every
    zone change (CR 400.7).
    """

    id: int
    card: int
    name: str
    owner: int
    controller: int
    zone: str
    timestamp: int = 0
    token: bool = False
    tapped: bool = False
    face_down: bool = False
    phased_out: bool = False
    sick: bool = False  # CR 302.6: came under its controller's control since their last turn began
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    deathtouch_damage: bool = False
    attached_to: int | None = None
    attacking: int | None = None  # player index attacked (CR 506.4)
    attacking_obj: int | None = None  # the planeswalker it attacks (CR 506.3); `attacking` is its controller
    blocking: list[int] = field(default_factory=list)  # attacker ids (CR 509)
    blocked: bool = False
    unlocked: list[str] = field(default_factory=list)  # Room doors (CR 709)
    revealed: bool = False
    note: str = ""
    # stack objects: spells and abilities
    kind: str = "card"  # card | ability | trigger | token
    source: int | None = None  # the ability's source object id
    ability: int = -1  # which ability of the source card
    targets: list[Any] = field(default_factory=list)
    x: int = 0
    modes: list[int] = field(default_factory=list)
    alt: str = ""
    ctx: dict[str, Any] = field(default_factory=dict)  # resolution progress and answers
    token_def: dict[str, Any] | None = None


@dataclass
class Player:
    """A player and the zones they own (CR 400.3); battlefield and stack are shared."""

    index: int
    name: str
    life: int = 20
    poison: int = 0
    library: list[int] = field(default_factory=list)  # top first
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)  # top first (CR 404.2)
    exile: list[int] = field(default_factory=list)
    command: list[int] = field(default_factory=list)
    mana: dict[str, int] = field(default_factory=dict)  # mana pool (CR 106.4)
    lands_played: int = 0
    drew_from_empty: bool = False
    lost: bool = False
    conceded: bool = False
    mulligans: int = 0
    kept: bool = False
    # Commander (CR 903): this player's commanders, physical card id (as text, for JSON) ->
    # name (the designation belongs to the card, CR 903.3); how often each was cast from the
    # command zone (the tax, CR 903.8); combat damage this player was dealt by each commander,
    # by that commander's card id (CR 903.10a)
    commanders: dict[str, str] = field(default_factory=dict)
    commander_casts: dict[str, int] = field(default_factory=dict)
    commander_damage: dict[str, int] = field(default_factory=dict)
    # Archenemy (CR 904, engine/rules/schemes.py): the scheme deck, top first (face down, a pile of
    # the command zone nobody looks at, CR 904.3); how many schemes the next "set in motion"
    # sets in motion instead of one (Plots That Span Centuries); the player's team (CR 904.2:
    # the archenemy alone, the others together; "" in games without teams)
    schemes: list[int] = field(default_factory=list)
    schemes_next: int = 0
    team: str = ""


@dataclass
class State:
    """Everything that defines a game position."""

    players: list[Player]
    objects: dict[int, Obj] = field(default_factory=dict)
    battlefield: list[int] = field(default_factory=list)  # in timestamp order
    stack: list[int] = field(default_factory=list)  # bottom first; top is stack[-1]
    turn: int = 1
    active: int = 0
    step: str = "main1"
    priority: int = 0
    passes: int = 0  # consecutive passes with the stack unchanged (CR 117.4)
    next_id: int = 1
    next_card: int = 1
    next_timestamp: int = 1
    rng: int = 0
    phase_started: bool = True
    pending: dict[str, Any] | None = None  # the open decision
    effects: list[dict[str, Any]] = field(default_factory=list)  # continuous effects (CR 611)
    replacements: list[dict[str, Any]] = field(default_factory=list)  # from resolved effects (CR 614)
    delayed: list[dict[str, Any]] = field(default_factory=list)  # delayed triggers (CR 603.7)
    waiting: list[dict[str, Any]] = field(default_factory=list)  # triggered, not yet on stack (CR 603.3)
    combat: dict[str, Any] = field(default_factory=dict)
    outcome: dict[str, Any] | None = None
    game_started: bool = True
    queue: list[dict[str, Any]] = field(default_factory=list)  # turn-based work still to do
    resolving: int | None = None  # the stack object being resolved (CR 608), when a step asks
    first_player: int = 0
    sba_count: int = 0  # how many times state-based actions were performed (CR 514.3a)
    extra_cleanup: bool = False
    choice_answers: list[list[str]] = field(default_factory=list)  # answers to mid-effect choices
    tokens_out: list[int] = field(default_factory=list)  # tokens that left the battlefield
    # what happened this turn, for "if a creature died this turn" and the like (reset as a turn begins)
    this_turn: dict[str, Any] = field(default_factory=dict)
    # cards in exile a player may play until the end of a turn: {"obj", "player", "until_turn"}
    may_play: list[dict[str, Any]] = field(default_factory=list)
    # last known information (CR 113.7a, 608.2h): permanents that left the battlefield this
    # turn, as they last existed there, by their old id (reset as a turn begins)
    lki: dict[int, "Obj"] = field(default_factory=dict)
    # extra turns to take (CR 500.7): players, the most recently created first; `natural` is
    # the player whose turn the normal turn order continues from after them
    extra_turns: list[int] = field(default_factory=list)
    natural: int | None = None
    # commanders put into a graveyard or exile since state-based actions were last checked
    # (CR 903.9a, 704.6d), by object id
    commander_moved: list[int] = field(default_factory=list)
    # players' own arrows at a tabletop or hybrid table (engine/rules/arrows.py):
    # {"player", "from": permanent id, "to": ["o", id] or ["p", index]}
    arrows: list[dict[str, Any]] = field(default_factory=list)

    def copy(self) -> "State":
        # pickle round-trip is several times faster than copy.deepcopy for pure data
        copied: State = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        return copied

    def freeze(self) -> bytes:
        return pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL)

    @staticmethod
    def thaw(data: bytes) -> "State":
        state: State = pickle.loads(data)  # only ever our own bytes from freeze(), never outside input
        return state

    def zone_list(self, obj_zone: str, owner: int) -> list[int]:
        if obj_zone == "battlefield":
            return self.battlefield
        if obj_zone == "stack":
            return self.stack
        ids: list[int] = getattr(self.players[owner], obj_zone)
        return ids

    def to_dict(self) -> dict[str, Any]:
        return _dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "State":
        st = cls(players=[Player(**p) for p in data["players"]])
        for f in fields(cls):
            if f.name in ("players", "objects", "lki") or f.name not in data:  # a field newer than the save: default
                continue
            setattr(st, f.name, data[f.name])
        st.objects = {int(k): Obj(**v) for k, v in data["objects"].items()}
        st.lki = {int(k): Obj(**v) for k, v in data.get("lki", {}).items()}
        return st


def _dump(st: State) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(st):
        val = getattr(st, f.name)
        if f.name == "players":
            val = [dict(vars(p)) for p in val]
        elif f.name in ("objects", "lki"):
            val = {str(k): dict(vars(o)) for k, o in val.items()}
        out[f.name] = val
    # a JSON round-trip turns tuples into lists; normalise now so equality holds exactly
    normal: dict[str, Any] = json.loads(json.dumps(out))
    return normal


KEYED = 1 << 64  # a state this large holds a secret key above a counter (secret_seed)


def secret_seed() -> int:
    """A generator state for a game whose shuffles nobody may work out (a LAN host): a 128-bit
    key from the system's secure source above a 64-bit counter. Each number drawn is then
    BLAKE2b keyed with it (a pseudorandom function): seeing every shuffle so far tells nothing
    of the next, yet the game replays exactly from this one number (undo, journal, replay)."""
    return ((1 << 128) | secrets.randbits(128)) << 64


def rng_next(st: State) -> int:
    """SplitMix64: a tiny seeded generator whose whole state is one int (replays are exact).
    A state from secret_seed() draws from keyed BLAKE2b instead (LAN games)."""
    if st.rng >= KEYED:
        key, counter = st.rng >> 64, (st.rng + 1) & 0xFFFFFFFFFFFFFFFF
        st.rng = (key << 64) | counter
        digest = blake2b(counter.to_bytes(8, "little"), key=key.to_bytes(17, "little"), digest_size=8).digest()
        return int.from_bytes(digest, "little")
    st.rng = (st.rng + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = st.rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


def rng_below(st: State, n: int) -> int:
    return rng_next(st) % n if n > 0 else 0


def shuffle(st: State, items: list[int]) -> None:
    """Fisher-Yates with the game's RNG (CR 701.24: shuffle)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng_below(st, i + 1)
        items[i], items[j] = items[j], items[i]
