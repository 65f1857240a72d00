"""Every use the LAN server makes of the engine API, in one place.

The engine contract is being made exact (typed Decision, Outcome with a Termination, the
ActionError family, observation objects, 2-4 players). The rest of engine/net talks only
to these functions, so following the engine's changes means changing this module only.
"""
from __future__ import annotations

from typing import Any

from engine.actions import Action, ActionError, ActionSyntaxError, AmbiguousActionError
from engine.config import MAX_PLAYERS, MODES, GameConfig
from engine.game import Game
from engine.messages import english
from engine import redaction
from engine.decks.commander import validate_commander
from engine.decks.messages import Problem
from engine.decks.model import Deck
from engine.decks.validate import is_basic_land
from engine.cards.data import bundled_cards
from engine.decks.validate import validate

__all__ = ["MODES", "ActionError", "Game", "new_game", "max_players", "parse", "apply", "legal_texts",
           "decider", "outcome", "observe", "replay", "from_replay", "undo", "history_length",
           "check_deck", "events_since", "event_count", "error_reason", "sentence", "library_cards"]


def max_players() -> int:
    """How many seats the engine supports."""
    return MAX_PLAYERS


def new_game(names: list[str], decks: list[list[str]], mode: str, seed: int, **fmt: Any) -> Game:
    """`fmt`: the format's fields (engine/net/formats.py config: format, commanders, schemes)."""
    return Game(GameConfig(players=list(names), decks=[list(d) for d in decks], mode=mode, seed=seed, **fmt))


def check_commander(cards: list[str], commanders: list[str], strict: bool = True) -> list[dict[str, Any]]:
    """A Commander table's deck (CR 903.3-903.5): an error when it names no commander or one
    that is not among its cards (the game could not start); the deck rules' other findings
    (size, singleton, colour identity) are errors at a `strict` table, else warnings (the host
    allowed any deck: friends may agree on a house deck)."""

    def entry(p: Problem, severity: str) -> dict[str, Any]:
        return {"key": p.key, "params": dict(p.params), "text": p.text, "severity": severity}
    if not commanders:
        return [entry(Problem("deck.commander.none", {}), "error")]
    out = []
    for name in commanders:
        if cards.count(name) < commanders.count(name):
            out.append(entry(Problem("deck.commander.not_in_deck", {"card": name}), "error"))
    deck = Deck(name="LAN")
    rest = list(cards)
    for name in commanders:
        if name in rest:
            rest.remove(name)
        deck.add(name, 1, "commander")
    for name in rest:
        deck.add(name, 1, "main")
    return out + [entry(p, p.severity if strict else "warning") for p in validate_commander(deck, is_basic_land)]


def parse(game: Game, seat: int, text: str) -> Action:
    """The Action for a seat's text; ActionError (with .key) when it is not one."""
    return game.parse_action(seat, text)


def apply(game: Game, action: Action) -> tuple[int, int]:
    """Apply; the range of the new events (events_for gives them to each point of view)."""
    n = len(game.events)
    game.apply(action)
    return n, len(game.events)


def events_for(game: Game, viewer: int | None, lo: int = 0, hi: int | None = None) -> list[dict[str, Any]]:
    """The events lo..hi as one point of view may see them (engine/redaction.py: by identity)."""
    return redaction.events_for(game, viewer, lo, hi)


def sentence(key: str, **params: Any) -> str:
    """The English sentence of a message key (engine/messages: net.* for the host's errors)."""
    return english(key, **params)


def error_reason(exc: Exception) -> str:
    """A stable reason key for a refused action: syntax, ambiguous or illegal."""
    if isinstance(exc, ActionSyntaxError):
        return "action_syntax"
    if isinstance(exc, AmbiguousActionError):
        return "action_ambiguous"
    return "action_illegal"


def error_key(exc: Exception) -> tuple[str, dict[str, Any]]:
    """The refusal's message key and parameters, as JSON values."""
    params: dict[str, Any] = dict(getattr(exc, "params", {}) or {})
    return str(getattr(exc, "key", "") or ""), {str(k): v if isinstance(v, (str, int, float, bool)) or v is None
                                                else str(v) for k, v in params.items()}


def legal_texts(game: Game, seat: int) -> list[str]:
    """Texts of the seat's legal actions, every one (the engine's decisions keep the list
    short; a cut list would make a legal action look illegal to the client)."""
    return [str(a) for a in game.legal_actions(seat)]


_FIELDS = ("verb", "obj", "targets", "face", "alt", "x", "modes", "ability", "pairs", "choice", "pay", "args")


def legal_detail(game: Game, seat: int) -> tuple[list[str], list[dict[str, Any]]]:
    """Texts and fields of every legal action of the seat (none left out: see legal_texts): a
    GUI client maps clicks on objects to them by id (the ids are those of the seat's
    observation)."""
    texts, detail = [], []
    for a in game.legal_actions(seat):
        texts.append(str(a))
        detail.append(legal_fields(a))
    return texts, detail


def legal_fields(a: Action) -> dict[str, Any]:
    """An action's fields as JSON (what `legal` detail and `act` fields carry)."""
    return {k: _jsonable(getattr(a, k)) for k in _FIELDS}


def action_from_detail(seat: int, text: str, fields: dict[str, Any]) -> Action:
    """The client side of legal_detail: an Action object carrying the host's text."""
    kw = {k: _tupled(v) if k in ("targets", "modes", "pairs", "choice", "pay", "args") else v
          for k, v in fields.items() if k in _FIELDS}
    return Action(seat, text=text, **kw)


def structured(seat: int, fields: dict[str, Any]) -> Action:
    """An Action from a client's fields; the engine checks it when applied (engine/check.py)."""
    unknown = next((k for k in fields if k not in _FIELDS), None)
    if unknown is not None:  # ("player" among them: an action is always the sender's own)
        raise ActionSyntaxError("action.bad_field", field=str(unknown)[:40])
    try:
        action = action_from_detail(seat, "", fields)
    except TypeError as exc:
        raise ActionSyntaxError("action.bad_field", field="fields") from exc
    if not isinstance(action.verb, str):
        raise ActionSyntaxError("action.bad_field", field="verb")
    return action


def last_text(game: Game) -> str:
    """The canonical text of the action applied last (what the journal keeps)."""
    return str(game.history[-1])


def _jsonable(v: Any) -> Any:
    if isinstance(v, (tuple, list)):
        return [_jsonable(x) for x in v]
    return v


def _tupled(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tupled(x) for x in v)
    return v


def decider(game: Game) -> int | None:
    dec = game.pending
    return None if dec is None else int(dec.player)


def decision_key(game: Game) -> tuple[Any, ...]:
    """What a decision was made on: the open decision, the stack, the turn and step. A table
    move may change it (its triggers go on the stack, CR 117.3c), a decision answered always does."""
    st = game.st
    return (game.pending, tuple(st.stack), st.turn, st.step)


def outcome(game: Game) -> dict[str, Any] | None:
    """The outcome as JSON: {"winner": seat or None, "termination": "life" | "concede" ...}."""
    out = game.outcome
    return None if out is None else out.to_json()


def observe(game: Game, seat: int | None, shared: dict[Any, Any] | None = None) -> dict[str, Any]:
    """A fresh observation as JSON, not copied again (nobody else holds it). With `shared`
    (one dict for every point of view of one position) card views are made once and shared:
    read-only data."""
    data: dict[str, Any] = game.observation(seat, shared).to_json(copy=False)
    return data


def library_cards(game: Game, seat: int) -> list[tuple[int, str]]:
    """A seat's own library, the top card first, as (id, name): what its player sees when they
    look through it by hand (hybrid and tabletop; a search by a card's ability is a decision
    whose options go to that seat alone). Only for that seat (engine/net/library_look.py)."""
    return [(oid, game.name_of(oid)) for oid in game.zone(seat, "library")]


def replay(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = game.to_json()
    return data


def from_replay(data: dict[str, Any]) -> Game:
    return Game.from_json(data)


def undo(game: Game) -> None:
    game.undo()


def history_length(game: Game) -> int:
    return len(game.history)


def history_texts(game: Game) -> list[tuple[int, str]]:
    return [(a.player, str(a)) for a in game.history]


def event_count(game: Game) -> int:
    return len(game.events)


def events_since(game: Game, n: int) -> list[dict[str, Any]]:
    return [dict(e) for e in game.events[n:]]


def concede_text() -> str:
    return "concede"


def check_deck(cards: list[str], sideboard: list[str], strict: bool = True, rules: bool = True) -> list[dict[str, Any]]:
    """Problems of a submitted deck (engine/decks validation, by the format its size suggests:
    `rules`; a Commander table checks by check_commander instead); errors make it unusable, and
    the deck rules' errors are warnings unless the table is `strict`. A card the engine does not
    know is always an error: the host's game could not build it."""

    deck = Deck(name="LAN")
    for name in cards:
        deck.add(name, 1, "main")
    for name in sideboard:
        deck.add(name, 1, "side")
    out = [{"key": p.key, "params": dict(p.params), "text": p.text, "severity": p.severity if strict else "warning"}
           for p in (validate(deck) if rules else []) if p.key != "deck.unrecognized"]
    known = bundled_cards()
    for name in sorted(set(cards)):
        if name not in known:
            out.append({"key": "deck.unknown_card", "params": {"card": name},
                        "text": f"{name} is not a card this host knows.", "severity": "error"})
    return out
