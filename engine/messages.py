"""English sentences for engine events (logs, the scenario runner's --verbose, the CLI).

The GUI translates the same keys through its catalogs (i18n/*.json); this module is the
English fallback that needs no Qt.
"""
from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
    "start": "{first} plays first.",
    "draw": "{player} draws a card.",
    "draw_empty": "{player} has to draw from an empty library.",
    "shuffle": "{player} shuffles their library.",
    "play": "{player} plays {card}.",
    "cast": "{player} casts {card}.",
    "activate": "{player} activates an ability of {card}.",
    "resolve": "{card} resolves.",
    "fizzle": "{card} doesn't resolve: all its targets are illegal.",
    "countered": "{card} is countered.",
    "not_countered": "{card} can't be countered.",
    "trigger": "{card}'s ability triggers.",
    "damage": "{source} deals {amount} damage to {target}.",
    "assign": "{player} divides the combat damage of {card}.",
    "life": "{player}'s life total changes by {delta}.",
    "mana": "{player} adds {mana} with {card}.",
    "attack": "{player} attacks.",
    "block": "{player} declares blockers.",
    "step": "Turn {turn} ({player}): {step}.",
    "token": "{player} creates a {card} token.",
    "discard": "{player} discards {card}.",
    "lose": "{player} loses the game.",
    "game_over": "The game is over.",
    "keep": "{player} keeps their hand.",
    "mulligan": "{player} takes a mulligan.",
    "bottom": "{player} puts {count} card(s) on the bottom of their library.",
    "reveal": "{player} reveals {card}.",
    "surveil": "{player} surveils {count}.",
    "mill": "{player} mills {count}.",
    "attach": "{player} attaches {card} to {to}.",
    "lock": "{player} locks the door {door} of {card}.",
    "unlock": "{player} unlocks the door {door} of {card}.",
    "retarget": "{card} now targets {target}.",
    "manifest_dread": "{player} manifests dread.",
    "roll": "{player} rolls a {result} on a d{sides}.",
    "coin": "{player} flips a coin: {result}.",
    "concede": "{player} concedes.",
    "zone_change": "{card} moves from {from_zone} to {to_zone}.",
    "indestructible": "{card} is indestructible and isn't destroyed.",
    "turn_face_up": "{player} turns {card} face up.",
}


def sentence(event: dict[str, Any]) -> str:
    key = event.get("key", "")
    if key == "damage":  # name what the damage is dealt to (a face-down one stays unnamed)
        target = event.get("card") or "a face-down permanent" if "obj" in event else event.get("player", "")
        event = {**event, "target": target}
    template = EN.get(key)
    if template is None:
        if key.startswith("manual_"):
            return f"{event.get('player', '')} (by hand): {key[7:].replace('_', ' ')} {event.get('card', '')}".strip()
        return str(key)
    params = {k: ("a card" if v is None else v) for k, v in event.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return str(key)
