"""The LAN lobby's sentences (app/shell/lan_dialogs.py): the host's problems with a deck in the
UI language, the table's settings as every seat sees them, the clock's figures."""
from __future__ import annotations

from typing import Any

from app.i18n import message, tr


def problem_text(problem: dict[str, Any]) -> str:
    key, params = str(problem.get("key", "")), problem.get("params") or {}
    said = message(key, **params) if key and isinstance(params, dict) else ""
    return said if said and said != key else str(problem.get("text", ""))


def esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def table_rules(lobby: Any) -> str:
    """The table's settings as every seat sees them in the lobby (issue #26)."""
    parts = [tr("Trusted table: every player may move any card and change any life total.") if getattr(lobby, "paper", False)
             else tr("Each player moves only their own cards.")]
    if getattr(lobby, "any_deck", False):  # (a host before protocol 5 does not say: nothing shown)
        parts.append(tr("Any deck is allowed: the host also takes decks that do not pass the deck check of the format."))
    fmt = getattr(lobby, "format", "free_for_all")
    intro = {"commander": tr("A Commander game: 40 life, and each deck names its commander."),
             # (the archenemy is the host's seat: engine/net/formats.py seat_deck)
             "archenemy_commander": tr("An Archenemy Commander game: the host is the archenemy, with 60 life and a scheme deck; the other players are a team that shares 60 life and takes its turns together."),
             "archenemy": tr("A classic Archenemy game: the host is the archenemy, with a scheme deck; the other players are a team, each with their own life total."),
             "supervillain_rumble": tr("A Supervillain Rumble game: every player for themselves with 40 life, a commander and a scheme deck.")}
    if fmt in intro:
        parts.insert(0, intro[fmt])
    decision, game = float(getattr(lobby, "decision_seconds", 0) or 0), float(getattr(lobby, "game_seconds", 0) or 0)
    if decision or game:
        parts.append(tr("Clock: {decision} per decision, {game} per player and game.",
                        decision=clock_text(decision) if decision else tr("no limit"),
                        game=clock_text(game) if game else tr("no limit")))
        parts.append(tr("When time runs out, the computer decides for that player.")
                     if getattr(lobby, "on_timeout", "claim") == "computer"
                     else tr("When time runs out, the other players may claim the win."))
    return " ".join(parts)


def clock_text(seconds: float) -> str:
    """Minutes and seconds, as a clock shows them ("2:05")."""
    s = max(0, int(seconds + 0.5))
    return f"{s // 60}:{s % 60:02d}"
