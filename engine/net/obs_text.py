"""Canonical action text on a client, which has an observation and no game.

A GUI client builds actions from object ids (a drag, a click) and must send their text.
The host's legal-action list carries exact texts for everything the rules offer; for the
rest (table moves, chosen targets) this module writes the text with the engine's own
formatter (engine/format.py) run on a stand-in built from the seat's observation.
Copies with the same name are told apart as "Name#K" in the engine's order, which is by
timestamp; the stand-in uses the object id instead (ids grow with every new object, so the
orders agree except after a face change) — the host parses the text and refuses it if it
names nothing; a wrong copy is the price of a rare ambiguity.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from engine.actions import Action
from engine.check import checked
from engine.format import text_of
from engine.cards.behaviour import card_def
from engine.cards.behaviour import printed


@dataclass
class _Obj:
    name: str
    zone: str
    controller: int | None
    owner: int | None
    timestamp: int
    attacking: Any = None
    face_down: bool = False
    card: Any = None
    unlocked: list[str] = field(default_factory=list)
    kind: str = "card"


@dataclass
class _Player:
    index: int
    name: str
    hand: list[int] = field(default_factory=list)
    library: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    exile: list[int] = field(default_factory=list)
    command: list[int] = field(default_factory=list)
    # CR 903.3: the commanders by card identity — on a client the command-zone cards the
    # observation marks "commander" (the designation is public, 903.6), keyed by object id
    commanders: dict[str, str] = field(default_factory=dict)


class ObservationGame:
    """Just enough of `Game` for engine.format.text_of."""

    def __init__(self, obs: dict[str, Any]) -> None:
        self.aliases: dict[str, int] = {}
        self.memo: dict[Any, Any] = {}
        self.mana_memo: dict[Any, Any] = {}
        self.names_kept: dict[Any, Any] = {}
        self.chars_kept: dict[Any, Any] = {}
        self.face_gen = 0
        objects: dict[int, _Obj] = {}

        def add(cards: list[dict[str, Any]]) -> list[int]:
            ids = []
            for c in cards:
                oid = c.get("id")
                if isinstance(oid, int):
                    objects[oid] = _Obj(c.get("name") or "", c.get("zone", ""), c.get("controller", c.get("owner")),
                                        c.get("owner"), oid, c.get("attacking"), bool(c.get("face_down")),
                                        unlocked=list(c.get("unlocked") or []))
                    ids.append(oid)
            return ids
        players = []
        for p in obs.get("players", []):
            # ("library": only the cards of a library its player looks through, app/net_session.py)
            players.append(_Player(p["index"], p.get("name", ""), add(p.get("hand", [])), add(p.get("library", [])),
                                   add(p.get("graveyard", [])), add(p.get("exile", [])), add(p.get("command", []))))
        # commanders (CR 903.3, 903.8): a commander the client sees is named like the engine
        # names it — castable from its owner's command zone (engine/format.py hand_cands)
        for card in [c for p in obs.get("players", []) for c in p.get("command", [])] + \
                list(obs.get("battlefield", [])) + list(obs.get("stack", [])):
            oid, owner = card.get("id"), card.get("owner")
            if card.get("commander") and oid in objects and isinstance(owner, int) and owner < len(players):
                objects[oid].card = f"seen:{oid}"
                players[owner].commanders[f"seen:{oid}"] = objects[oid].name
        for p in obs.get("players", []):  # a commander in a public zone the piles above missed
            for c in p.get("commanders") or []:
                if isinstance(c.get("id"), int) and c["id"] in objects and objects[c["id"]].card is None:
                    objects[c["id"]].card = f"seen:{c['id']}"
                    players[p["index"]].commanders[f"seen:{c['id']}"] = c.get("card") or ""
        self.config = SimpleNamespace(format=obs.get("format") or "free_for_all")
        self.mode = obs.get("mode") or "rules"
        battlefield = add(obs.get("battlefield", []))
        stack = list(reversed(add(obs.get("stack", []))))  # the observation lists the top first
        self.st = SimpleNamespace(players=players, battlefield=battlefield, stack=stack, objects=objects,
                                  next_id=max(objects, default=0) + 1, this_turn={f"cast_from_graveyard:{i}": True
                                             for i in obs.get("cast_from_graveyard") or [] if isinstance(i, int)},
                                  may_play=[dict(m) for m in obs.get("may_play", []) if isinstance(m, dict)])

    def pname(self, player: int) -> str:
        return str(self.st.players[player].name)

    def bf_kept(self, key: Any, make: Any, face: bool = False) -> Any:
        """As GameBase.bf_kept: the observation's battlefield never changes, so made once."""
        if key not in self.names_kept:
            self.names_kept[key] = make()
        return self.names_kept[key]

    def chars(self, oid: int) -> Any:

        return SimpleNamespace(defn=card_def(self.st.objects[oid].name))

    def perms(self, controller: int) -> list[tuple[int, Any, Any]]:
        """The permanents a player controls, with their printed abilities (the rules the
        engine.format naming reads: playing lands from the graveyard, Walk-In Closet)."""
        return [(oid, self.st.objects[oid], self.chars(oid)) for oid in self.st.battlefield
                if self.st.objects[oid].controller == controller and not self.st.objects[oid].face_down]

    def printed_types(self, oid: int) -> frozenset[str]:

        data = printed(self.st.objects[oid].name)
        return frozenset(data.types) if data is not None else frozenset()


def checked_for(obs: dict[str, Any], action: Action) -> Action:
    """The action with its text, its fields first checked against what the seat sees (as the
    engine checks a driver's action, engine/check.py): a field that names nothing the seat
    sees or has the wrong shape is an ActionError, never a KeyError or TypeError."""
    return checked(ObservationGame(obs), action)  # type: ignore[arg-type]


def text_for(obs: dict[str, Any], action: Action) -> str:

    return text_of(ObservationGame(obs), action)  # type: ignore[arg-type]
