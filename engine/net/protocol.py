"""The LAN protocol's messages (docs/protocol.md): JSON objects with a `type`, one msgspec
Struct per type. A frame is decoded against the tagged union of the messages its sender
may send; anything else (bad JSON, an unknown type, a missing or extra field, a value
out of its bounds) is refused before any game code sees it.
"""
from __future__ import annotations

from typing import Annotated, Any, Union

import re

import msgspec
from msgspec import Meta

# 2: Act.id and Error.act; 3: Act.auto; 4: a seat looks through its library (library?, library,
# searching); 5: Lobby.any_deck; 6: the deciding seat's `legal` comes unasked after the update
# that gave it the decision (LEGAL_OFFERED) — docs/protocol.md, "Versions"
PROTOCOL_VERSION = 6
# the oldest version a host still seats and a client still falls back to: each connection speaks
# its own version, and the host leaves what came later out of its frames (`encode_for`)
OLDEST_PROTOCOL = 4
# from this version on the host sends the deciding seat its legal actions (with detail) right after
# the frame that gave it the decision: the client need not ask (an older peer asks, as it always did)
LEGAL_OFFERED = 6
MAX_MESSAGE = 1 << 17  # bytes (128 KiB: a deck of 250 long names fits); websockets enforces it per message
MAX_DEPTH = 6  # nesting of arrays and objects in a client frame (an action's fields need 4)
MAX_FIELD_ITEMS = 64  # items in any list of an action's fields
MAX_FIELD_TEXT = 200  # characters of any string in an action's fields
DEFAULT_PORT = 47470

Name = Annotated[str, Meta(min_length=1, max_length=40)]
Token = Annotated[str, Meta(max_length=100)]
CardName = Annotated[str, Meta(min_length=1, max_length=200)]
ActionText = Annotated[str, Meta(min_length=1, max_length=2000)]
ChatText = Annotated[str, Meta(min_length=1, max_length=500)]
Seq = Annotated[int, Meta(ge=0, le=1 << 40)]


class _Msg(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    pass


# ---------------------------------------------------------------- client -> server
class Hello(_Msg, tag="hello"):
    """The first message of every connection. `token` reclaims a seat (reconnect)."""

    version: int
    name: Name
    role: Annotated[str, Meta(pattern="^(player|spectator)$")] = "player"
    token: Token = ""
    follow: Annotated[int, Meta(ge=0, le=3)] | None = None  # spectators: whose hand to see, if allowed


class SubmitDeck(_Msg, tag="deck"):
    cards: Annotated[list[CardName], Meta(max_length=250)]
    sideboard: Annotated[list[CardName], Meta(max_length=100)] = []
    # the table's format (Lobby.format, engine/net/formats.py): the deck's commander(s), cards
    # of `cards` (CR 903.3); the Archenemy formats' scheme deck (CR 904.3)
    commander: Annotated[list[CardName], Meta(max_length=2)] = []
    schemes: Annotated[list[CardName], Meta(max_length=40)] = []


class Ready(_Msg, tag="ready"):
    ready: bool = True


class Start(_Msg, tag="start"):
    """The host seat (seat 0) starts the game once every seat is filled and ready."""

    seed: Annotated[int, Meta(ge=0, le=(1 << 62))] | None = None


class Chat(_Msg, tag="chat"):
    text: ChatText


class Act(_Msg, tag="act"):
    """One action in its canonical text (docs/actions.md). `seq` is the update sequence
    number the client last saw: an action sent while updates were on their way is checked
    again on the position now (docs/protocol.md, "Actions on an older position")."""

    text: ActionText
    seq: Seq
    # optional: the action's fields (as in `legal` detail). The host then applies exactly
    # these (checked by the engine) and journals the engine's own text for them: a client
    # that does not see its library cannot always write "Forest#2" the way the host counts.
    fields: Annotated[dict[str, Any], Meta(max_length=13)] | None = None
    # optional: the client's own number for this action, growing with each one it sends on
    # this connection (0: none). The host takes each number once: a frame sent again is
    # refused as "replayed", never applied twice.
    id: Annotated[int, Meta(ge=0, le=1 << 53)] = 0
    # optional: a pass the client made by itself (its player has no stop there). A request to
    # take back "my last action" takes back the player's own last one, not these.
    auto: bool = False


class LegalRequest(_Msg, tag="legal?"):
    detail: bool = False  # also the actions' fields (object ids from the seat's observation)


class Concede(_Msg, tag="concede"):
    pass


class UndoRequest(_Msg, tag="undo?"):
    pass


class UndoAnswer(_Msg, tag="undo!"):
    accept: bool


class Rematch(_Msg, tag="rematch"):
    pass


class Claim(_Msg, tag="claim"):
    """Claim the win over a player who ran out of time (the table's clock, docs/protocol.md)."""


class AllowFollow(_Msg, tag="allow_follow"):
    """A seat lets spectators (if the host allows any) follow its hand, or takes it back."""

    allow: bool


class LibraryLook(_Msg, tag="library?"):
    """A seat looks through its own library by hand (hybrid and tabletop: "search your library
    for ..." at a table); `open` false: it stops looking (docs/protocol.md, "Searching a library")."""

    open: bool = True


ClientMessage = Union[Hello, SubmitDeck, Ready, Start, Chat, Act, LegalRequest, Concede, UndoRequest,
                      UndoAnswer, Rematch, AllowFollow, Claim, LibraryLook]


# ---------------------------------------------------------------- server -> client
class Welcome(_Msg, tag="welcome"):
    version: int
    seat: int | None  # None: a spectator
    token: str
    game: str
    mode: str
    players: int
    format: str = "free_for_all"  # the table's format: what to submit with the deck (engine/net/formats.py)


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True):
    seat: int
    name: str | None
    ready: bool
    deck: int  # cards in the submitted, validated deck (0: none yet)
    connected: bool
    agent: bool = False  # filled by an in-process computer player


class Lobby(_Msg, tag="lobby"):
    seats: list[SeatInfo]
    spectators: int
    started: bool
    paper: bool = False  # a trusted table: any seat may move anything (docs/protocol.md)
    mode: str = "rules"
    format: str = "free_for_all"  # engine/config.py FORMATS: what each seat submits with its deck
    decision_seconds: float = 0.0  # the clock (0: none)
    game_seconds: float = 0.0
    on_timeout: str = "claim"  # "claim": the others may claim the win; "computer": it decides
    any_deck: bool = False  # the host allows decks that break the format's deck check (version 5)


class DeckResult(_Msg, tag="deck_result"):
    ok: bool
    problems: list[dict[str, Any]]  # {"key", "params", "text", "severity"}


class ChatLine(_Msg, tag="chat_line"):
    name: str
    seat: int | None
    text: str


class Started(_Msg, tag="started"):
    seat: int | None
    players: list[str]
    mode: str
    seq: int
    observation: dict[str, Any]


class Update(_Msg, tag="update"):
    """The seat's observation as a patch against the previous one (engine/net/delta.py)
    and the new events (message keys + params, redacted for this seat)."""

    seq: int
    patch: list[list[Any]]
    events: list[dict[str, Any]]


class Snapshot(_Msg, tag="snapshot"):
    """The whole observation (after a reconnect or an undo) and the full event log."""

    seq: int
    observation: dict[str, Any]
    events: list[dict[str, Any]]


class LegalList(_Msg, tag="legal"):
    seq: int
    actions: list[str]
    detail: list[dict[str, Any]] | None = None  # per action: verb, obj, targets, pairs ... (GUI clients)


class Error(_Msg, tag="error"):
    """A refusal. `reason` is a stable key (docs/protocol.md); `message` English text."""

    reason: str
    message: str
    ref: str = ""  # the type of the refused message, when known
    key: str = ""  # a refused action: the engine's message key and parameters (clients translate)
    params: dict[str, Any] = {}
    act: int = 0  # a refused `act`: its `id` (0: none), so a client knows which of its actions it was


class Presence(_Msg, tag="presence"):
    seat: int
    name: str
    connected: bool  # False: "waiting for NAME (reconnecting)"


class UndoAsked(_Msg, tag="undo_asked"):
    seat: int
    name: str


class UndoResult(_Msg, tag="undo_result"):
    accepted: bool
    by: int | None = None  # who declined (None, not accepted: it lapsed, the game ended)


class GameOver(_Msg, tag="game_over"):
    outcome: dict[str, Any]
    replay: str  # file name of the saved replay on the host ("" if none)


class RematchVotes(_Msg, tag="rematch_votes"):
    seats: list[int]


class Clock(_Msg, tag="clock"):
    """The table's clock, sent whenever someone else is to decide: who decides, the seconds
    left for this decision, each seat's seconds left in the game, and who ran out of time
    (the others may then claim the win, or the computer decides for them: `on_timeout`)."""

    seat: int | None
    decision: float
    game: list[float]
    out_of_time: list[int]
    on_timeout: str


class LibraryCard(msgspec.Struct, forbid_unknown_fields=True):
    id: int
    name: str


class Library(_Msg, tag="library"):
    """To the looking seat only: its library, the top card first, as of update `seq`; sent
    again after every change while it looks. The ids name these cards in `act` fields."""

    seq: int
    cards: list[LibraryCard]


class Searching(_Msg, tag="searching"):
    """To everyone else: a seat began looking through its library (they see that, not the cards)."""

    seat: int
    name: str


ServerMessage = Union[Welcome, Lobby, DeckResult, ChatLine, Started, Update, Snapshot, LegalList, Error,
                      Presence, UndoAsked, UndoResult, GameOver, RematchVotes, Clock, Library, Searching]

client_decoder = msgspec.json.Decoder(ClientMessage)
server_decoder = msgspec.json.Decoder(ServerMessage)
_encoder = msgspec.json.Encoder()


def older_host(msg: Any, version: int) -> int | None:
    """The version to say hello with again when `msg` is a host's refusal of `version` because
    it speaks an older one this program still speaks (a host before version 5 seats only its
    own: the client falls back, docs/protocol.md "Versions"); None for anything else."""
    if not isinstance(msg, Error) or msg.reason != "version":
        return None
    host = msg.params.get("host")
    if isinstance(host, int) and not isinstance(host, bool) and OLDEST_PROTOCOL <= host < version:
        return host
    return None


def encode(msg: msgspec.Struct) -> bytes:
    return _encoder.encode(msg)


#: what each version added to a server message, by message type: left out of the frames to a
#: peer of an older version, whose decoder refuses a field it does not know
ADDED_FIELDS: dict[int, dict[type[msgspec.Struct], tuple[str, ...]]] = {5: {Lobby: ("any_deck",)}}


def encode_for(msg: msgspec.Struct, version: int) -> bytes:
    """`msg` as a peer speaking `version` reads it: without the fields of later versions."""
    if version >= PROTOCOL_VERSION:
        return encode(msg)
    dropped = [name for added, fields in ADDED_FIELDS.items() if added > version
               for name in fields.get(type(msg), ())]
    if not dropped:
        return encode(msg)
    data = msgspec.to_builtins(msg)
    for name in dropped:
        data.pop(name, None)
    return _encoder.encode(data)


_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


class TooDeep(ValueError):
    """A frame nested deeper than MAX_DEPTH or an action's fields over their bounds."""


def check_depth(frame: str | bytes, limit: int = MAX_DEPTH) -> None:
    """Refuse deep nesting before any parser sees the frame (a few hundred brackets would
    make every parser recurse). Cheap: most frames hold fewer brackets than the limit."""
    data = frame.encode() if isinstance(frame, str) else frame
    if data.count(b"[") + data.count(b"{") <= limit:
        return
    depth = 0
    for m in _BRACKETS.finditer(_STRINGS.sub(b"", data)):
        if m.group() in (b"[", b"{"):
            depth += 1
            if depth > limit:
                raise TooDeep("nested too deeply")
        else:
            depth -= 1


def check_fields(value: Any, depth: int = 0) -> None:
    """An action's fields: small lists of small values (the engine reads nothing bigger)."""
    if isinstance(value, dict):
        for v in value.values():
            check_fields(v, depth + 1)
    elif isinstance(value, list):
        if len(value) > MAX_FIELD_ITEMS or depth > 4:
            raise TooDeep("a field is too long")
        for v in value:
            check_fields(v, depth + 1)
    elif isinstance(value, str) and len(value) > MAX_FIELD_TEXT:
        raise TooDeep("a field is too long")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > (1 << 53):
        raise TooDeep("a number is too large")


def fields_fit(fields: dict[str, Any]) -> bool:
    """Whether an action's fields pass `check_fields` (a client asks before it sends them: the
    host refuses a frame that does not, unread)."""
    try:
        check_fields(fields)
    except TooDeep:
        return False
    return True


class _Named(msgspec.Struct):
    """What a refused client frame is, read without its schema: its `type` and `id` (any other
    field skipped, whatever it holds)."""

    type: str = ""
    id: int = 0


_named_decoder = msgspec.json.Decoder(_Named)
NAMED_DEPTH = 64  # nesting read to name a refused frame (deeper ones name nothing)


def act_named(frame: str | bytes) -> int:
    """The `id` of an `act` the host refuses as a frame (unread: a flood, a frame that breaks the
    schema or the limits), so that its refusal names it (Error.act) and the client answers again
    at once; 0 when the frame is no act or names none. Reads nothing that could recurse deeply."""
    try:
        check_depth(frame, NAMED_DEPTH)
        named = _named_decoder.decode(frame)
    except Exception:  # (anything unreadable names nothing)
        return 0
    return named.id if named.type == "act" and 0 < named.id <= (1 << 53) else 0


def decode_client(frame: str | bytes) -> ClientMessage:
    """Raises msgspec.DecodeError (bad JSON), msgspec.ValidationError (wrong schema) or TooDeep."""
    check_depth(frame)
    msg: ClientMessage = client_decoder.decode(frame)
    if isinstance(msg, Act) and msg.fields is not None:
        check_fields(msg.fields)
    return msg


def decode_server(frame: str | bytes) -> ServerMessage:
    """Raises msgspec.DecodeError, msgspec.ValidationError or TooDeep (the parser's own limit
    on nesting: a host's frames nest deeper than a client's, so the limit is msgspec's; its
    RecursionError must not end the reader as an unexpected error)."""
    try:
        msg: ServerMessage = server_decoder.decode(frame)
    except RecursionError:
        raise TooDeep("nested too deeply") from None
    return msg
