"""The English sentence of every message the engine sends, and the log sentences of its events.

The engine's interface carries no English: events, decisions (pending["prompt"]), refusals
(ActionError.key/.params), deck problems, import reports and search errors are keys with
parameters. This package is the one place where each key has its English sentence, marked
for `pybabel extract` (N_ / NC_ / NP_), in one table per topic:

    events.py    the log: event.<key> sentences, step, zone and coin names
    prompts.py   decisions: decide.<kind>, ask.<what>
    refusals.py  ActionError keys: error.<key>
    files.py     saved games that cannot be read: savefile.*
    net.py       the LAN host's error frames: net.<what>
    cli.py       what manatable-server says on the command line: server.<what>
    decks.py     deck problems, card import reports, search errors
    terms.py     counter kinds with their number, target and cost wordings

This module turns a key and its parameters into a sentence. The app shows the same keys in
the UI language through app.i18n, which passes a `Translator` over the gettext catalogs in
i18n/. Without one (the CLI, the scenario runner's --verbose, str() of an ActionError) the
sentences are English. No Qt here.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from engine.messages.cli import SERVER_CLI
from engine.messages.decks import DECK_MESSAGES
from engine.messages.events import EVENTS
from engine.messages.files import FILES
from engine.messages.markers import NC_, NP_, N_, Message
from engine.messages.net import NET
from engine.messages.prompts import PROMPTS
from engine.messages.refusals import REFUSALS
from engine.messages.terms import COUNTERS, DESCRIPTIONS, OTHER_COUNTERS

__all__ = ["COUNTERS", "DECK_MESSAGES", "DESCRIPTIONS", "ENGLISH", "MESSAGES", "Message", "NC_", "NP_", "N_",
           "OTHER_COUNTERS", "Translator", "counters", "description", "english", "entry", "event_lines",
           "event_text", "fill", "has", "message", "sentence", "translate"]

# every key of the engine but the deck family: events, steps, zones, decisions, refusals, files,
# the LAN host's errors and command line
MESSAGES: dict[str, Message] = {**EVENTS, **PROMPTS, **REFUSALS, **FILES, **NET, **SERVER_CLI}


class Params(dict):  # type: ignore[type-arg]
    """format_map helper: an unknown placeholder stays visible as {name} instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(text: str, params: Mapping[str, Any]) -> str:
    """`text` with its {placeholders} filled; a missing or malformed one never raises."""
    if not params:
        return text
    try:
        return text.format_map(Params(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return text


class Translator:
    """English: every message as written. app.i18n subclasses it over the gettext catalogs."""

    def gettext(self, message: str) -> str:
        return message

    def pgettext(self, context: str, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)

    def card_name(self, name: str | None) -> str:
        """A card's name as shown (English: as it is; a hidden card: "a face-down card")."""
        return str(name) if name else message("card.hidden", self)

    def quoted_text(self, card: str | None, text: str) -> str:
        """Text a card quotes (an emblem's abilities) as that card's printed text has it in the
        UI language (English: as it is)."""
        return text


ENGLISH = Translator()


def entry(key: str) -> Message | None:
    """The message of a key, or None."""
    found = MESSAGES.get(key)
    return found if found is not None else DECK_MESSAGES.get(key)


def has(key: str) -> bool:
    return entry(key) is not None


def translate(msg: Message, tr: Translator = ENGLISH, count: Any = None) -> str:
    """The text of a message entry in the translator's language (placeholders unfilled)."""
    if isinstance(msg, str):
        return tr.gettext(msg)
    if len(msg) == 2:
        return tr.pgettext(msg[0], msg[1])
    context, singular, plural = msg
    try:
        n = int(count)
    except (TypeError, ValueError):
        n = 2
    return tr.npgettext(context, singular, plural, n) if context else tr.ngettext(singular, plural, n)


def message(key: str, tr: Translator = ENGLISH, /, **params: Any) -> str:
    """The sentence of `key` in the translator's language with its placeholders filled
    (the key itself when it has no sentence)."""
    msg = entry(key)
    if msg is None:
        return key
    return fill(translate(msg, tr, params.get("count")), params)


def english(key: str, /, **params: Any) -> str:
    return message(key, ENGLISH, **params)


def counters(kind: str, count: int, tr: Translator | None = None) -> str:
    """`count` counters of a kind as a phrase in the translator's language: "2 +1/+1 counters"."""
    msg = COUNTERS.get(kind, OTHER_COUNTERS)
    return fill(translate(msg, tr or ENGLISH, count), {"count": count, "kind": kind})


def description(text: str, tr: Translator | None = None) -> str:
    """A target's or cost's wording in the translator's language (as given if not listed)."""
    msg = DESCRIPTIONS.get(text)
    return text if msg is None else translate(msg, tr or ENGLISH)


# ----------------------------------------------------------------- event sentences
def signed(n: Any) -> str:
    try:
        return f"{int(n):+d}"
    except (TypeError, ValueError):
        return str(n)


# zone changes already told by another event (cast, play, draw, resolve ...) are not repeated
_QUIET_CAUSES = {"draw", "mulligan", "cast", "resolve", "play", "manual", "discard", "countered"}


def event_text(ev: Mapping[str, Any], you: str | None = None, tr: Translator = ENGLISH) -> str | None:
    """The log sentence for one engine event, or None if it is not worth a line.

    `you`: the viewer's player name; their own events are told in the second person
    (event.<key>.you; .self when they are also the target). A sentence starts with a capital
    letter also when it starts with a hidden card ("A face-down card deals 4 damage to you.",
    "Eine verdeckte Karte fügt dir 4 Schadenspunkte zu.")."""
    text = _event_text(ev, you, tr)
    return text[0].upper() + text[1:] if text and text[0].islower() else text


def _team_turn(turn: Any, members: list[str], you: str | None, tr: Translator) -> str:
    """The heading of a team's shared turn (CR 805.4a), naming every member, primary first
    ("— Turn 3: Alice and Bob —"); to a member, "you" first and the others after. Teams have
    two or three members (at most four seats; engine/config.py)."""
    if you in members and has(f"event.turn.team{len(members)}.you"):
        others = [m for m in members if m != you]
        k = f"event.turn.team{len(members)}.you"
        return message(k, tr, turn=turn, **dict(zip(("other", "other2"), others)))
    k = f"event.turn.team{len(members)}"
    if not has(k):  # (no team of this size exists: the members in one list, never a name dropped)
        return message("event.turn", tr, turn=turn, player=", ".join(members))
    return message(k, tr, turn=turn, **dict(zip(("first", "second", "third"), members)))


def _event_text(ev: Mapping[str, Any], you: str | None, tr: Translator) -> str | None:
    key = str(ev.get("key", ""))
    p = dict(ev)

    def say(k: str, /, **params: Any) -> str:
        if you is not None:
            actor = params.get("winner") if k == "event.game_over" else params.get("player")
            if actor == you:
                if params.get("target") == you and has(k + ".self"):
                    return message(k + ".self", tr, **params)
                if has(k + ".you"):
                    return message(k + ".you", tr, **params)
        return message(k, tr, **params)

    def names(cards: Any) -> str:
        return ", ".join(tr.card_name(str(n)) if n else tr.card_name(None) for n in cards or ())

    if key == "emblem":  # its abilities as the card that made it quotes them, in the UI language
        p["text"] = tr.quoted_text(ev.get("of"), str(ev.get("text", "")))
    for field in ("card", "source", "to", "door", "room"):
        if field in p:
            p[field] = tr.card_name(p[field])
    if key == "zone_change":
        if p.get("cause") in _QUIET_CAUSES or p.get("to_zone") == "stack":
            return None
        to = p.get("to_zone", "")
        if to == "command" and ev.get("commander") and ev.get("card"):  # CR 903.9: back to the command zone
            return say("event.zone_change.command.commander", **p)
        k = f"event.zone_change.{to}" + ("" if ev.get("card") else ".hidden")
        return say(k if has(k) else "event.zone_change", **p, zone=message(f"zone.{to}", tr))
    if key == "start" and you is not None and p.get("first") == you:
        return message("event.start.you", tr, **p)
    if key == "vote" and has(f"vote.{p.get('choice')}"):  # the word voted for, as the card says it
        return say("event.vote", **{**p, "choice": message(f"vote.{p.get('choice')}", tr)})
    if key == "step":
        if p.get("step") == "untap" and isinstance(p.get("team"), list) and len(p["team"]) > 1:
            return _team_turn(p.get("turn", "?"), [str(n) for n in p["team"]], you, tr)
        if p.get("step") == "untap":
            return say("event.turn", turn=p.get("turn", "?"), player=p.get("player", ""))
        return say("event.step", step=message(f"step.{p.get('step', '')}", tr))
    if key == "cast" and ev.get("commander_tax") is not None:  # from the command zone (CR 903.8)
        k = f"event.cast{'_targets' if p.get('targets') else ''}.commander" + ("" if ev.get("commander_tax") else "_first")
        return say(k, **{**p, "targets": names(p.get("targets")), "tax": ev.get("commander_tax")})
    if key == "cast" and (ev.get("alt") or "room" in ev):  # how it was cast: an alternative cost, a door
        k = f"event.cast{'_targets' if p.get('targets') else ''}.{ev.get('alt') or 'door'}"
        if has(k):
            return say(k, **{**p, "targets": names(p.get("targets")), "count": p.get("life")})
    if key in ("cast", "activate") and p.get("targets"):
        return say(f"event.{key}_targets", **{**p, "targets": names(p["targets"])})
    if key in ("life", "manual_life", "manual_poison"):
        delta = int(p.get("delta", 0) or 0)
        suffix = ".gain" if delta >= 0 else ".loss"
        return say(f"event.{key}{suffix}", **{**p, "amount": abs(delta), "count": abs(delta),
                                               "delta": signed(delta)})
    if key == "damage":
        return say("event.damage_card" if "obj" in p else "event.damage_player", **{**p, "count": p.get("amount")})
    if key == "attack":
        return say("event.attack", **{**p, "cards": names(p.get("cards", []))})
    if key == "block":
        pairs = p.get("pairs") or []
        lines = [say("event.block_pair", player=p.get("player", ""), blocker=tr.card_name(b),
                     attacker=tr.card_name(a)) for b, a in pairs]
        return "\n".join(lines) if lines else say("event.block_none", player=p.get("player", ""))
    if key == "lose":
        k = f"event.lose.{p.get('reason', '')}"
        return say(k if has(k) else "event.lose", **p)
    if key == "game_over":
        return say("event.game_over" if p.get("winner") else "event.game_over.draw", **p)
    if key == "coin":
        return say("event.coin", player=p.get("player", ""), result=message(f"coin.{p.get('result', '')}", tr))
    if key == "manual_move":
        return say("event.manual_move" if ev.get("card") else "event.manual_move.hidden",
                   **{**p, "zone": message(f"zone.{p.get('to_zone', '')}", tr)})
    if key == "manual_counter":
        delta = int(p.get("delta", 0) or 0)
        return say("event.manual_counter.add" if delta >= 0 else "event.manual_counter.remove",
                   **{**p, "count": abs(delta), "counters": counters(str(p.get("kind", "")), abs(delta), tr)})
    if key in ("counter", "counter_removed"):
        n = int(p.get("count", 1) or 1)
        return say(f"event.{key}", **{**p, "counters": counters(str(p.get("kind", "")), n, tr)})
    if key == "library_placed" and has(f"event.library_placed.{p.get('where', '')}"):  # top / bottom
        return say(f"event.library_placed.{p.get('where', '')}", **p)
    if key == "team_wins" and has(f"event.team_wins.{p.get('team', '')}"):  # the default teams (CR 904.2)
        return say(f"event.team_wins.{p.get('team', '')}", **p)
    if key.startswith("manual_arrow") and isinstance(p.get("cards"), list):  # the permanent it points to
        p["to"] = names(p["cards"])
    if key in ("choose", "chosen"):  # an object chosen is a card's name, in the UI language
        choice = str(ev.get("choice", ""))
        if ev.get("choice_card"):
            name, twin, k = choice.rpartition("#") if re.fullmatch(r".+#\d+", choice) else (choice, "", "")
            # (a face-down permanent goes by no name, CR 708.4: "a face-down card")
            p["choice"] = tr.card_name(None if name == "face-down permanent" else name) + (f" #{k}" if twin else "")
        elif has(f"choice.{choice}"):  # "yes" / "no"
            p["choice"] = message(f"choice.{choice}", tr)
    if key == "choose_color" and has(f"color.{ev.get('color')}"):
        p["color"] = message(f"color.{ev.get('color')}", tr)
    if key == "resolve" and ev.get("ability"):  # an ability, not its card resolving again (CR 608.2)
        return say("event.resolve.ability" if ev.get("card") else "event.resolve.ability.hidden", **p)
    if key == "mana":
        return None  # tapping for mana is visible on the table; the spell's line follows
    if has(f"event.{key}"):
        return say(f"event.{key}", **p)
    return message("event.unknown", tr, key=key,
                   details=", ".join(f"{a}={b}" for a, b in ev.items() if a != "key"))


def _silent_step(events: list[Mapping[str, Any]], i: int, tr: Translator) -> bool:
    """A step in which nothing worth a line happened before the next step began: no header.
    The current, unfinished step keeps its header."""
    ev = events[i]
    if ev.get("key") != "step" or ev.get("step") == "untap":
        return False
    for nxt in events[i + 1:]:
        if nxt.get("key") == "step":
            return True
        if event_text(nxt, None, tr) is not None:
            return False
    return False


def event_lines(events: list[Mapping[str, Any]], you: str | None = None, tr: Translator = ENGLISH,
                show_empty_steps: bool = False) -> list[str]:
    """Sentences for a batch of events; consecutive single draws by one player are merged,
    and steps in which nothing happened are left out (unless show_empty_steps)."""
    out: list[str] = []
    i = 0
    while i < len(events):
        ev = events[i]
        if not show_empty_steps and _silent_step(events, i, tr):
            i += 1
            continue
        if ev.get("key") == "draw":
            n = 0
            j = i
            while j < len(events) and events[j].get("key") in ("draw", "zone_change"):
                e = events[j]
                if e.get("key") == "draw":
                    if e.get("player") != ev.get("player"):
                        break
                    n += int(e.get("count", 1) or 1)
                elif e.get("cause") != "draw":
                    break
                j += 1
            who = ev.get("player", "")
            k = "event.draw" + (".you" if you is not None and who == you else "")
            out.append(message(k, tr, player=who, count=n))
            i = j
            continue
        text = event_text(ev, you, tr)
        if text:
            out.extend(text.split("\n"))
        i += 1
    return out


def sentence(event: Mapping[str, Any]) -> str:
    """One event as an English sentence (the CLI, the scenario runner's game log)."""
    text = event_text(event)
    if text is None:
        key = str(event.get("key", ""))
        return message("event.mana", ENGLISH, **event) if key == "mana" else key
    return text.replace("\n", " ")
