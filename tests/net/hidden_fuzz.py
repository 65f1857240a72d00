"""A hidden-information fuzzer for LAN tables (issue #26): random 2-4 player games from the
sample decks, in rules and hybrid mode, played through a Room; every frame the room sends to
every seat and to a spectator is scanned for what that viewer may not know, judged from the
host's game state (not from the observations under test):

* names: a card name the viewer has never been able to know (its own decklist, cards seen in
  a public zone, its own hand, cards revealed, its own face-down cards);
* identities: an id of a card the viewer could not see (a library card, another hand's card)
  anywhere in a frame; a face-down card's name next to its id, for anyone but its controller.

At every step each seat also sends structured actions (`fields`) naming hidden ids and an id
that does not exist: all must be refused, with one refusal key, and change nothing.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from engine.ai.match import card_pool
from engine.decks.files import read_deck
from engine.decks.samples import sample_decks
from engine.net import engine_port as port
from engine.net import protocol as P
from engine.net.room import Room
from engine.rules.targets import player_rules

ID_KEYS = ("id", "obj", "old", "src_obj", "attached_to", "attacking_obj", "source")
ID_LIST_KEYS = ("objs", "blocking", "refs", "pair_objs")
CHEAT_VERBS = ("cast", "play", "activate", "reveal", "move", "tap", "attach")
PUBLIC_ZONES = ("battlefield", "stack", "graveyard", "exile", "command")


class Recorder:
    def __init__(self) -> None:
        self.frames: list[bytes] = []
        self.closed: tuple[int, str] | None = None

    def send(self, data: bytes) -> None:
        self.frames.append(data)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    frames: int = 0
    findings: list[str] = field(default_factory=list)
    cheats: int = 0
    accepted: int = 0
    refusal_keys: set[str] = field(default_factory=set)
    stuck: list[str] = field(default_factory=list)
    undos: int = 0
    face_down: set[tuple[int, int]] = field(default_factory=set)  # (game, id) of face-down cards met


def sample_deck_lists() -> list[list[str]]:
    return [read_deck(p).deck.card_names() for p in sample_decks()]


class Truth:
    """What each viewer may know, from the host's game state, accumulated over the game."""

    def __init__(self, game: Any, decks: list[list[str]], viewers: list[int | None]) -> None:
        self.game = game
        self.known: dict[int | None, set[str]] = {v: set(decks[v]) if v is not None else set() for v in viewers}
        self.shown: dict[int | None, set[int]] = {v: set() for v in viewers}
        self.hidden: dict[int | None, set[int]] = {v: set() for v in viewers}
        self.face_down: dict[int | None, dict[int, str]] = {v: {} for v in viewers}
        self.seen_events = 0
        self.tally: Any = None

    def update(self) -> None:
        g = self.game
        st = g.st
        public_names: set[str] = set()
        public_ids: set[int] = set()
        for oid, o in st.objects.items():
            if o.zone in PUBLIC_ZONES and not o.face_down:
                public_names.add(o.name)
                public_names.add(str(o.ctx.get("source_name", o.name)))
                public_ids.add(oid)
            elif o.zone in PUBLIC_ZONES:
                public_ids.add(oid)  # a face-down card's id is on the table; its name is not
            if o.zone == "hand" and o.revealed:
                public_names.add(o.name)
                public_ids.add(oid)
        for ev in g.events[self.seen_events:]:  # cards shown by rule (CR 701.20) or moved in view
            if ev.get("key") == "reveal" and isinstance(ev.get("card"), str):
                public_names.add(ev["card"])
            if ev.get("key") == "zone_change" and isinstance(ev.get("card"), str):
                public_names.add(ev["card"])
        self.seen_events = len(g.events)
        for v in self.known:
            self.known[v] |= public_names
            self.shown[v] |= public_ids
            fd: dict[int, str] = {}
            looks = v is not None and "look_at_face_down" in player_rules(g, v)
            for oid, o in st.objects.items():
                if o.face_down and o.zone in PUBLIC_ZONES and st.outcome is not None:
                    self.known[v].add(o.name)  # CR 708.9: revealed when the game ends
                elif o.face_down and o.zone in PUBLIC_ZONES:
                    mine = v is not None and (o.controller == v if o.zone != "exile" else o.owner == v)
                    if mine or (looks and o.zone == "battlefield"):
                        self.known[v].add(o.name)
                    else:
                        fd[oid] = o.name
            self.face_down[v] = fd  # (as it is now: a card turned face up is public again)
            if fd and self.tally is not None:
                self.tally[0].face_down.update((self.tally[1], oid) for oid in fd)
            for p in st.players:
                self.hidden[v] |= set(p.library)
                if p.index == v:
                    self.known[v] |= {st.objects[o].name for o in p.hand}
                    self.shown[v] |= set(p.hand)
                else:
                    self.hidden[v] |= {o for o in p.hand if not st.objects[o].revealed}

    def bad_ids(self, v: int | None) -> set[int]:
        return self.hidden[v] - self.shown[v]


def _ints(x: Any) -> list[int]:
    if type(x) is int:
        return [x]
    if isinstance(x, list):
        return [i for y in x for i in _ints(y)]
    return []


def scan(frame: Any, v: int | None, truth: Truth, pool: set[str], where: str) -> list[str]:
    """The findings in one decoded frame sent to viewer v."""
    if isinstance(frame, dict) and frame.get("type") == "snapshot":
        # the whole log again: an old event may name a card that was face up then and is face
        # down now (public then); ids and names are checked as always, identities by the position
        truth_fd, truth.face_down[v] = truth.face_down[v], {}
        try:
            log = scan({"type": "log", "events": frame.get("events")}, v, truth, pool, where + " (log)")
        finally:
            truth.face_down[v] = truth_fd
        return log + scan({"type": "snap", "observation": frame.get("observation")}, v, truth, pool, where)
    out: list[str] = []
    bad = truth.bad_ids(v)
    known = truth.known[v]
    fd = truth.face_down[v]

    def name_ok(s: str) -> bool:
        head = s.split("#", 1)[0]
        return not (head in pool and head not in known)

    def walk(x: Any, path: str) -> None:
        if isinstance(x, dict):
            for k in ID_KEYS:
                if type(x.get(k)) is int and x[k] in bad:
                    out.append(f"{where}: hidden id {x[k]} under {path}.{k} to {v}: {str(x)[:200]}")
            for k in ID_LIST_KEYS:
                for i in _ints(x.get(k)):
                    if i in bad:
                        out.append(f"{where}: hidden id {i} in {path}.{k} to {v}: {str(x)[:200]}")
            for k in ("id", "obj"):  # a face-down card's name beside its identity
                oid = x.get(k)
                if type(oid) is int and oid in fd:
                    for nk in ("name", "card", "label"):
                        if x.get(nk) == fd[oid]:
                            out.append(f"{where}: face-down {oid} named {fd[oid]!r} to {v}: {str(x)[:200]}")
            if type(x.get("src_obj")) is int and x["src_obj"] in fd and x.get("source") == fd[x["src_obj"]]:
                out.append(f"{where}: face-down source named to {v}: {str(x)[:200]}")
            for ids_key, names_key in (("objs", "cards"), ("pair_objs", "pairs")):
                ids, names = _ints(x.get(ids_key)), x.get(names_key)
                if isinstance(names, list):
                    flat = [n for y in names for n in (y if isinstance(y, list) else [y])]
                    for i, n in zip(ids, flat):
                        if i in fd and n == fd[i]:
                            out.append(f"{where}: face-down {i} named {n!r} to {v}: {str(x)[:200]}")
            for k, y in x.items():
                walk(y, f"{path}.{k}")
        elif isinstance(x, list):
            for i, y in enumerate(x):
                walk(y, f"{path}[{i}]")
        elif isinstance(x, str) and not name_ok(x):
            out.append(f"{where}: name {x!r} at {path} to {v}")

    walk(frame, "")
    texts: list[str] = []
    if isinstance(frame, dict) and frame.get("type") == "legal":  # action texts name cards inside
        texts = list(frame.get("actions") or ())
    if isinstance(frame, dict) and frame.get("type") == "error":  # so do sentences
        texts = [str(frame.get("message") or "")]
    if texts:
        unknown = [n for n in pool - known if len(n) > 3]
        for t in texts:
            for n in unknown:
                if n in t:
                    out.append(f"{where}: action text {t!r} names {n!r} to {v}")
    return out


def play_game(rng: random.Random, tally: Tally, decks_all: list[list[str]], pool: set[str], *,
              players: int, mode: str, max_actions: int, cheats_per_seat: int = 3) -> None:
    decks = [rng.choice(decks_all) for _ in range(players)]
    room = Room(players, mode, "Fuzz", seed=rng.randrange(1 << 30))
    peers = [Recorder() for _ in range(players)]
    spectator = Recorder()
    for i, peer in enumerate(peers):
        assert room.join(peer, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i + 1}"))
    assert room.join(spectator, P.Hello(version=P.PROTOCOL_VERSION, name="Watcher", role="spectator"))
    for i, peer in enumerate(peers):
        room.handle(peer, P.SubmitDeck(cards=decks[i]))
        room.handle(peer, P.Ready(ready=True))
    game = room.game
    assert game is not None, "the table did not start"
    viewers: list[int | None] = [*range(players), None]
    listeners: dict[int | None, Recorder] = {**{i: peers[i] for i in range(players)}, None: spectator}
    truth = Truth(game, decks, viewers)
    truth.update()
    read = {v: 0 for v in viewers}

    def drain(where: str) -> None:
        for v, peer in listeners.items():
            for raw in peer.frames[read[v]:]:
                tally.frames += 1
                tally.findings.extend(scan(json.loads(raw), v, truth, pool, where))
            read[v] = len(peer.frames)

    drain("start")
    tally.games += 1
    truth.tally = (tally, tally.games)
    for step in range(max_actions):
        game = room.game
        if game is None or port.outcome(game) is not None:
            break
        who = port.decider(game)
        if who is None:
            break
        # cheats: every seat names hidden ids (and one that does not exist) in structured actions
        for s in range(players):
            bad = sorted(truth.bad_ids(s))
            tries = rng.sample(bad, min(cheats_per_seat, len(bad))) + [max(game.st.objects) + 1000 + s]
            for hid in tries:
                fields: dict[str, Any] = {"verb": rng.choice(CHEAT_VERBS), "obj": hid}
                if fields["verb"] == "move":
                    fields["args"] = ["hand"]
                if rng.random() < 0.3:  # or as a target of a spell of one's own
                    fields = {"verb": "cast", "obj": None, "targets": [["o", hid]]}
                before = port.history_length(game)
                n = len(peers[s].frames)
                room.handle(peers[s], P.Act(text="pass", seq=room.seq, fields=fields))
                tally.cheats += 1
                if port.history_length(room.game) != before:
                    tally.accepted += 1
                for raw in peers[s].frames[n:]:
                    msg = json.loads(raw)
                    if msg.get("type") == "error":
                        tally.refusal_keys.add(msg.get("key") or msg.get("reason"))
        if mode == "hybrid" and rng.random() < 0.35:
            # a table move: a seat turns one of its creatures face down, so that attacks, blocks
            # and damage name face-down creatures (identity, not names, must hide them)
            s = rng.randrange(players)
            hand = game.st.players[s].hand
            if hand:  # onto the battlefield by hand first (it is a 2/2 once face down, CR 708.2)
                room.handle(peers[s], P.Act(text="move", seq=room.seq,
                                            fields={"verb": "move", "obj": rng.choice(hand), "args": ["battlefield"]}))
                truth.update()
                drain(f"game {tally.games} step {step} (move)")
            mine = [o for o in game.st.battlefield if game.st.objects[o].controller == s
                    and not game.st.objects[o].face_down and "Land" not in game.chars(o).types]
            if mine:
                room.handle(peers[s], P.Act(text="face down", seq=room.seq,
                                            fields={"verb": "face down", "obj": rng.choice(mine)}))
                truth.update()
                drain(f"game {tally.games} step {step} (face down)")
        game = room.game
        if port.outcome(game) is not None or port.decider(game) is None:
            break
        who = port.decider(game)
        room.handle(peers[who], P.LegalRequest(detail=True))
        other = rng.randrange(players)
        if other != who:
            room.handle(peers[other], P.LegalRequest(detail=bool(step % 2)))
        texts = port.legal_texts(game, who)
        choices = [t for t in texts if not t.startswith("concede")] or texts
        if not choices:  # (a hand-made position the engine offers nothing in: end the game)
            tally.stuck.append(f"game {tally.games} step {step}: {game.pending}")
            break
        text = choices[0] if choices[0] == "pass" and rng.random() < 0.4 else rng.choice(choices)
        room.handle(peers[who], P.Act(text=text, seq=room.seq))
        tally.actions += 1
        truth.update()
        drain(f"game {tally.games} step {step} ({text})")
        if rng.random() < 0.04 and port.outcome(room.game) is None and port.history_length(room.game):
            # an undo the table agrees to: every view is rebuilt (snapshots with the whole log),
            # and nothing hidden then may reappear in it
            asker = rng.randrange(players)
            room.handle(peers[asker], P.UndoRequest())
            for s in range(players):
                if s != asker:
                    room.handle(peers[s], P.UndoAnswer(accept=True))
            tally.undos += 1
            truth.update()
            drain(f"game {tally.games} step {step} (undo)")
    if room.game is not None and port.outcome(room.game) is None:
        for s in range(players):
            if port.outcome(room.game) is None:
                room.handle(peers[s], P.Concede())
        truth.update()
        drain("end")


def run(games: int, seed: int = 0, max_actions: int = 80) -> Tally:
    rng = random.Random(seed)
    decks_all = sample_deck_lists()
    pool = set(card_pool())
    for d in decks_all:
        pool |= set(d)
    tally = Tally()
    for i in range(games):
        play_game(rng, tally, decks_all, pool, players=2 + i % 3, mode=("rules", "hybrid")[i % 2],
                  max_actions=max_actions)
    return tally
