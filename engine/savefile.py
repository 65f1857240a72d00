"""The saved-game file (``*.manatable.json``): reading it safely, checking every field, and
replaying the game it holds (`Game.from_json`).

A saved game is a file people send each other, so before any value reaches the engine its
type and range are checked here against the schema below; anything wrong is a
`SaveFileError` ("the file is damaged: ...", with a key and parameters the UI translates),
never an IndexError, OverflowError or RecursionError from deep inside the game.

    raw = encode(game.to_json())    # the bytes to write; SaveFileError if they could not be read back
    data = read_save(path)          # bytes -> checked JSON object (SaveFileError if not)
    check_game(data)                # what replay (Game.from_json) calls first
    game = replay(Game, data)       # the game replayed from its actions (ValueError if not)
"""
from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeVar

from engine import safeio
from engine.actions import MAX_ACTION_TEXT, Action, ActionError
from engine.config import FORMATS, MAX_COMMANDERS, MAX_DECK_CARDS, MAX_PLAYERS, MODES, GameConfig
from engine.messages import english

if TYPE_CHECKING:
    from engine.state import State

VERSION = 1                     # the saved-game format this version writes and reads (Game.to_json)
MAX_FILE_BYTES = 50_000_000
MAX_ACTIONS = 200_000
MAX_TEXT = 1000                 # a player name, a card name (an action's text: MAX_ACTION_TEXT)
MAX_DEPTH = 32                  # nesting of the free-form parts (setup, state)
MAX_NODES = 2_000_000           # values in the free-form parts
CONFIG_KEYS = {"players", "decks", "mode", "seed", "starting_life", "hand_size",
               "first_player", "goldfish", "skip_mulligans", "setup", "format", "commanders",
               "schemes", "teams"}


# Cards the pool renamed (old name -> the Oracle name): a game saved before keeps replaying, its
# names read as the new ones (the Duskmourn Commander set file spelled Séance Board without its
# accent until session 14; tools/release_cards.py ORACLE_NAMES).
RENAMED_CARDS = {"Seance Board": "Séance Board"}
_RENAMED = re.compile("|".join(re.escape(old) for old in RENAMED_CARDS))


class SaveFileError(ValueError):
    """The file is not a usable saved game: `key` and `params` (the English sentence of the
    key, from engine/messages/, is the exception's text; `detail` says more, for logs)."""

    def __init__(self, key: str, params: dict[str, Any], detail: str = "") -> None:

        super().__init__(english(key, **params))
        self.key = key
        self.params = params
        self.detail = detail


def _damaged(field: str, problem: str) -> SaveFileError:
    return SaveFileError("savefile.damaged", {"field": field, "problem": problem}, f"{field} {problem}")


def _int(data: dict[str, Any], key: str, field: str, low: int, high: int,
         optional: bool = False) -> None:
    if key not in data:
        if optional:
            return
        raise _damaged(field, "is missing")
    value = data[key]
    if value is None and optional:
        return
    # bool is an int in Python; a float (inf, 1e308) is never a count or an index.
    if isinstance(value, bool) or not isinstance(value, int):
        raise _damaged(field, "is not a whole number")
    if not low <= value <= high:
        raise _damaged(field, f"is out of range ({low} to {high})")


def _text(value: Any, field: str, limit: int = MAX_TEXT) -> None:
    if not isinstance(value, str):
        raise _damaged(field, "is not text")
    if len(value) > limit:
        raise _damaged(field, f"is longer than {limit} characters")
    if any(ord(ch) < 32 for ch in value):
        raise _damaged(field, "contains control characters")


def _names_per_player(config: dict[str, Any], key: str, players: int, most: int,
                      not_per_player: str, not_names: str) -> None:
    """config[key], if there: a list of at most one list per player, each of at most `most`
    texts (a player's commanders, a player's scheme deck)."""
    lists = config.get(key, [])
    if not isinstance(lists, list) or len(lists) > players:
        raise _damaged(f"config.{key}", not_per_player)
    for i, names in enumerate(lists):
        if not isinstance(names, list) or len(names) > most:
            raise _damaged(f"config.{key}[{i}]", not_names)
        for j, card in enumerate(names):
            _text(card, f"config.{key}[{i}][{j}]")


def _bounded(value: Any, field: str, max_int: int | None = None) -> None:
    """Free-form JSON (a scenario setup, the state): depth and size limits, finite numbers."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if depth > MAX_DEPTH:
            raise _damaged(field, "is nested too deeply")
        if nodes > MAX_NODES:
            raise _damaged(field, "is too large")
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise _damaged(field, "holds a number that is not finite")
        elif max_int is not None and isinstance(item, int) and abs(item) > max_int:
            raise _damaged(field, "holds a number that is too large")


def check_config(config: Any) -> None:
    if not isinstance(config, dict):
        raise _damaged("config", "is not an object")
    unknown = sorted(set(config) - CONFIG_KEYS)
    if unknown:
        raise _damaged(f"config.{unknown[0]}", "is not a known setting")
    players = config.get("players", ["Alice", "Bob"])
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        raise _damaged("config.players", f"is not a list of 2 to {MAX_PLAYERS} names")
    for i, name in enumerate(players):
        _text(name, f"config.players[{i}]")
    decks = config.get("decks", [[], []])
    if not isinstance(decks, list) or len(decks) > len(players):
        raise _damaged("config.decks", "is not a list of one deck per player")
    for i, deck in enumerate(decks):
        if not isinstance(deck, list):
            raise _damaged(f"config.decks[{i}]", "is not a list of card names")
        if len(deck) > MAX_DECK_CARDS:
            raise _damaged(f"config.decks[{i}]", f"has more than {MAX_DECK_CARDS} cards")
        for j, card in enumerate(deck):
            _text(card, f"config.decks[{i}][{j}]")
    if config.get("mode", "hybrid") not in MODES:
        raise _damaged("config.mode", f"is not one of {', '.join(MODES)}")
    if config.get("format", "free_for_all") not in FORMATS:
        raise _damaged("config.format", f"is not one of {', '.join(FORMATS)}")
    _names_per_player(config, "commanders", len(players), MAX_COMMANDERS,
                      "is not a list of one list of commanders per player",
                      f"is not a list of at most {MAX_COMMANDERS} card names")
    _names_per_player(config, "schemes", len(players), MAX_DECK_CARDS,
                      "is not a list of one scheme deck per player", "is not a list of scheme names")
    teams = config.get("teams", [])
    if not isinstance(teams, list) or len(teams) > len(players):
        raise _damaged("config.teams", "is not a list of team names")
    for i, team in enumerate(teams):
        _text(team, f"config.teams[{i}]")
    _int(config, "seed", "config.seed", -2 ** 63, 2 ** 256, optional=True)  # (LAN: a keyed state, engine/state.py)
    _int(config, "starting_life", "config.starting_life", 1, 1_000_000, optional=True)
    _int(config, "hand_size", "config.hand_size", 0, 100, optional=True)
    # (one of the seats: 0 to 3 with four players, CR 101.4)
    _int(config, "first_player", "config.first_player", 0, len(players) - 1, optional=True)
    for key in ("goldfish", "skip_mulligans"):
        if key in config and not isinstance(config[key], bool):
            raise _damaged(f"config.{key}", "is not true or false")
    setup = config.get("setup")
    if setup is not None:
        if not isinstance(setup, dict):
            raise _damaged("config.setup", "is not an object")
        _bounded(setup, "config.setup", 10 ** 9)


def check_game(data: Any) -> None:
    """Raise SaveFileError unless `data` is a saved game whose every field is sound."""
    if not isinstance(data, dict) or data.get("format") != "manatable-game":
        raise SaveFileError("savefile.not_a_game", {})
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        # a newer Manatable's file: say so, not "damaged" (the file is fine, this program is old)
        raise SaveFileError("savefile.newer_version", {"version": version, "supported": VERSION})
    _int(data, "version", "version", 1, VERSION, optional=True)
    if "config" not in data:
        raise _damaged("config", "is missing")
    check_config(data["config"])
    seats = len(data["config"].get("players", ["Alice", "Bob"]))
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise _damaged("actions", "is not a list")
    if len(actions) > MAX_ACTIONS:
        raise _damaged("actions", f"has more than {MAX_ACTIONS} entries")
    for i, act in enumerate(actions):
        if not isinstance(act, dict):
            raise _damaged(f"actions[{i}]", "is not an object")
        _int(act, "player", f"actions[{i}].player", 0, seats - 1)
        if "text" not in act:
            raise _damaged(f"actions[{i}].text", "is missing")
        # (the engine records no longer one: Game.apply; a text it wrote always reads back)
        _text(act["text"], f"actions[{i}].text", MAX_ACTION_TEXT)
    if "state" in data:
        _bounded(data["state"], "state")   # only compared; its random-number state is huge
    gui = data.get("gui")
    if gui is not None:
        if not isinstance(gui, dict):
            raise _damaged("gui", "is not an object")
        _int(gui, "seat", "gui.seat", 0, seats - 1, optional=True)


def renamed(value: Any) -> Any:
    """`value` (a checked saved game, or any part of it) with each renamed card's old name
    replaced by its new one, in every string and key (card names, action texts, the state)."""
    if isinstance(value, str):
        return _RENAMED.sub(lambda m: RENAMED_CARDS[m.group(0)], value) if _RENAMED.search(value) else value
    if isinstance(value, list):
        return [renamed(v) for v in value]
    if isinstance(value, dict):
        return {renamed(k): renamed(v) for k, v in value.items()}
    return value


def parse(raw: bytes) -> Any:
    """JSON from a saved game's bytes; SaveFileError for anything that is not JSON text."""
    try:
        text = raw.decode("utf-8")
        # parse_constant: NaN and Infinity are not JSON, and not a number of anything.
        return json.loads(text, parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise SaveFileError("savefile.not_json", {}, "not UTF-8 text") from None
    except RecursionError:
        raise SaveFileError("savefile.not_json", {}, "nested too deeply") from None
    except ValueError as exc:
        raise SaveFileError("savefile.not_json", {}, f"not valid JSON ({exc})") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def read_save(path: str | Path) -> dict[str, Any]:
    """Read and check a saved game (regular files only, size-limited)."""
    try:
        raw = safeio.read_bytes(path, MAX_FILE_BYTES)
    except safeio.FileTooLargeError:   # (its reason was English text inside a translated sentence)
        raise SaveFileError("savefile.too_large", {"maximum": MAX_FILE_BYTES // 1_000_000}) from None
    except safeio.NotRegularFileError:
        raise SaveFileError("savefile.not_a_file", {}) from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveFileError("savefile.unreadable", {"reason": reason}) from None
    data = parse(raw)
    check_game(data)
    assert isinstance(data, dict)
    return data


def encode(data: dict[str, Any]) -> bytes:
    """The bytes of a saved game (Game.to_json, with the app's "gui" part) — refused here, at
    save time, when `read_save` would refuse them: more than MAX_ACTIONS actions, more than
    MAX_FILE_BYTES, or any field out of its range (a save the app cannot open again is no save).
    Raises SaveFileError (savefile.too_long_to_save, savefile.too_large_to_save,
    savefile.cannot_save) before anything is written."""
    actions = data.get("actions", [])
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise SaveFileError("savefile.too_long_to_save", {"actions": len(actions), "maximum": MAX_ACTIONS})
    raw = json.dumps(data, ensure_ascii=False).encode("utf-8")
    if len(raw) > MAX_FILE_BYTES:
        raise SaveFileError("savefile.too_large_to_save", {"size": -(-len(raw) // 1_000_000),
                                                           "maximum": MAX_FILE_BYTES // 1_000_000})
    try:
        check_game(data)
    except SaveFileError as exc:  # (a field the engine wrote out of range: a bug, said in English)
        raise SaveFileError("savefile.cannot_save", {"reason": str(exc)}, exc.detail) from exc
    return raw


class Replaying(Protocol):
    """What `replay` uses of the game it makes (`Game`): each saved action read and applied,
    then the state to compare with the stored one."""
    @property
    def st(self) -> State: ...
    def parse_action(self, player: int, text: str) -> Action: ...
    def apply(self, action: Action) -> object: ...


G = TypeVar("G", bound=Replaying)


def replay(cls: Callable[[GameConfig], G], data: dict[str, Any]) -> G:
    """Game.from_json: replay a saved game (checked first: every field's type and range) and
    check that the stored state equals the replayed one."""
    check_game(data)   # every field's type and range (SaveFileError, a ValueError)
    data = renamed(data)
    # Each failure below is a SaveFileError with a key (translated by the app): the reason is the
    # engine's own sentence; an ActionError's key stays on __cause__ for the app to translate.
    try:
        config = GameConfig.from_json(dict(data["config"]))
        g = cls(config)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFileError("savefile.bad_settings", {"reason": str(exc)}, str(exc)) from exc
    actions = data.get("actions", [])
    for i, act in enumerate(actions):
        try:
            g.apply(g.parse_action(int(act["player"]), str(act["text"])))
        except (ActionError, KeyError, TypeError, ValueError) as exc:
            params = {"number": i + 1, "action": str(act.get("text")), "reason": str(exc)}
            raise SaveFileError("savefile.action_refused", params, str(exc)) from exc
    if "state" in data and not _same_as_saved(g.st.to_dict(), data["state"]):
        raise SaveFileError("savefile.state_differs", {})
    return g


def _same_as_saved(now: Any, stored: Any) -> bool:
    """The replayed state equals the stored one, except for fields newer than the save, at any
    depth: a game saved before the players' arrows existed, or before last-known records kept
    an object's colours, still loads. (The game is the replay; the stored state only shows that
    the file is whole, so a field it lacks has nothing to compare.)"""
    if isinstance(now, dict) and isinstance(stored, dict):
        return stored.keys() <= now.keys() and all(_same_as_saved(now[k], v) for k, v in stored.items())
    if isinstance(now, list) and isinstance(stored, list):
        return len(now) == len(stored) and all(map(_same_as_saved, now, stored))
    return bool(now == stored)
