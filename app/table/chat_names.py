"""Card names in the UI language in the chat line's actions ("/cast Mord -> Bob"): the action
text the engine reads names cards in English (SCENARIOS.md "Action text"), so a German or
Italian player's names are put into English here, before the text is sent — locally and at a
LAN table alike (the host reads English whatever its own language).

A name is taken exactly as the card is called (case, accents and apostrophe styles folded as
deck lists are read: engine.decks.names.normalize_name), never guessed: the cards the player
can see first (the observation: battlefield, stack, hands, graveyards, exile, command zones),
then every built-in card (a card in the library, "/move Wald to hand"). An English name and
the players' names stay as they are. A name in the UI language that two different cards in
sight share is refused with the cards' English names, so the player can say which one they
mean; a name nobody has is left for the engine, which says there is no such card."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from engine.decks.names import NameResolver, normalize_name

_SUFFIX = re.compile(r"^(?P<core>.*?)(?P<index>#\d+)?(?P<punct>[,:]?)$")
# what follows the verb is free text (a note's text, a token's name): only the card is a card name
_FIRST_NAME_ONLY = {"note"}
_UNTOUCHED = {"token", "roll", "life", "poison", "draw", "mill"}


class AmbiguousName(Exception):
    """A name in the UI language that several cards in sight share (`cards`: their English
    names)."""

    def __init__(self, name: str, cards: list[str]) -> None:
        super().__init__(name)
        self.name, self.cards = name, cards


def seen_names(obs: dict[str, Any]) -> set[str]:
    """The English names of the cards the player can see."""
    names = {str(o.get("name")) for o in (obs.get("battlefield") or []) + (obs.get("stack") or [])}
    for p in obs.get("players") or []:
        for zone in ("hand", "graveyard", "exile", "command"):
            names |= {str(o.get("name")) for o in p.get(zone) or [] if isinstance(o, dict)}
    return {n for n in names if n and n != "None"}


def _keys(names: Iterable[str], localized: Callable[[str], str]) -> tuple[dict[str, str], dict[str, set[str]]]:
    """The English names' keys, and each UI-language name's key -> the English names it has
    (a Room's doors each by themselves too)."""
    english: dict[str, str] = {}
    local: dict[str, set[str]] = {}
    for name in names:
        parts = [name] + ([f.strip() for f in name.split("//")] if "//" in name else [])
        for part in parts:
            english[normalize_name(part)] = part
            local.setdefault(normalize_name(localized(part)), set()).add(part)
    return english, local


def english_action(text: str, obs: dict[str, Any], localized: Callable[[str], str],
                   everything: NameResolver | None = None) -> str:
    """`text` with its card names in English (AmbiguousName: a name several cards in sight
    share). `localized`: an English card name in the UI language (app.i18n.card_name);
    `everything`: any card's name in any language -> English (the built-in cards)."""
    tokens = text.replace("->", " -> ").split()
    if len(tokens) < 2 or tokens[0].lower() in _UNTOUCHED:
        return text
    english, local = _keys(seen_names(obs), localized)
    players = {normalize_name(str(p.get("name", ""))) for p in obs.get("players") or []}
    out = tokens[:1]
    i, found = 1, 0
    while i < len(tokens):
        if tokens[0].lower() in _FIRST_NAME_ONLY and found:
            out += tokens[i:]
            break
        for j in range(len(tokens), i, -1):
            m = _SUFFIX.match(" ".join(tokens[i:j]))
            assert m is not None  # (every text matches: all of it may be the core)
            core, key = m.group("core"), normalize_name(m.group("core"))
            if not key:
                continue
            if key in english or key in players:
                name = core
            elif key in local:
                cards = sorted(local[key])
                if len(cards) > 1:
                    raise AmbiguousName(core, cards)
                name = cards[0]
            elif everything is not None and everything.resolve(core) is not None:
                name = str(everything.resolve(core))
            else:
                continue
            out.append(name + (m.group("index") or "") + m.group("punct"))
            found += 1
            i = j
            break
        else:
            out.append(tokens[i])
            i += 1
    return " ".join(out)
