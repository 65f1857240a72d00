"""Terms the engine's sentences are made of: counter kinds with their number (CR 122.1, in the
glossary's terms: "3 Stufenmarken", "1 segnalino livello"; a kind not listed: OTHER_COUNTERS)
and the short wordings the card layer gives its targets and costs (TargetSpec.desc: "target
creature you control"); whole rules lines are shown by the card's own line in the UI language
(app.i18n.card_line) instead."""
from __future__ import annotations

from engine.messages.markers import N_, NP_, Message

COUNTERS: dict[str, Message] = {
    "+1/+1": NP_("{count} +1/+1 counter", "{count} +1/+1 counters"),
    "-1/-1": NP_("{count} -1/-1 counter", "{count} -1/-1 counters"),
    "loyalty": NP_("{count} loyalty counter", "{count} loyalty counters"),
    "poison": NP_("{count} poison counter", "{count} poison counters"),
    "level": NP_("{count} level counter", "{count} level counters"),
    "time": NP_("{count} time counter", "{count} time counters"),
    "stun": NP_("{count} stun counter", "{count} stun counters"),
    "shield": NP_("{count} shield counter", "{count} shield counters"),
    "defense": NP_("{count} defense counter", "{count} defense counters"),
    "lore": NP_("{count} lore counter", "{count} lore counters"),
    # the Commander cards' own kinds (Séance Board, Chainsaw, Toby's nest, Vengeful Possession)
    "soul": NP_("{count} soul counter", "{count} soul counters"),
    "nest": NP_("{count} nest counter", "{count} nest counters"),
    "possession": NP_("{count} possession counter", "{count} possession counters"),
    "rev": NP_("{count} rev counter", "{count} rev counters"),
    "energy": NP_("{count} energy counter", "{count} energy counters"),
    "finality": NP_("{count} finality counter", "{count} finality counters"),
    "slumber": NP_("{count} slumber counter", "{count} slumber counters"),  # Arixmethes, Slumbering Isle
    "coin": NP_("{count} coin counter", "{count} coin counters"),  # Athreos, Shroud-Veiled
    "flying": NP_("{count} flying counter", "{count} flying counters"),
    # keyword counters (CR 122.1b) other cards give: Reluctant Role Model's lifelink ...
    "lifelink": NP_("{count} lifelink counter", "{count} lifelink counters"),
    "deathtouch": NP_("{count} deathtouch counter", "{count} deathtouch counters"),
    "first strike": NP_("{count} first strike counter", "{count} first strike counters"),
    "hexproof": NP_("{count} hexproof counter", "{count} hexproof counters"),
    "menace": NP_("{count} menace counter", "{count} menace counters"),
    "reach": NP_("{count} reach counter", "{count} reach counters"),
    "trample": NP_("{count} trample counter", "{count} trample counters"),
    "vigilance": NP_("{count} vigilance counter", "{count} vigilance counters"),
}

OTHER_COUNTERS = NP_("{count} {kind} counter", "{count} {kind} counters")

DESCRIPTIONS: dict[str, Message] = {
    "target creature": N_("target creature"),
    "target creature you control": N_("target creature you control"),
    "another target creature you control": N_("another target creature you control"),
    "target creature an opponent controls": N_("target creature an opponent controls"),
    "target attacking creature": N_("target attacking creature"),
    "target creature or planeswalker": N_("target creature or planeswalker"),
    "any target": N_("any target"),
    "target player": N_("target player"),
    "target opponent": N_("target opponent"),
    "target permanent": N_("target permanent"),
    "target nonland permanent": N_("target nonland permanent"),
    "target artifact": N_("target artifact"),
    "target enchantment": N_("target enchantment"),
    "target land": N_("target land"),
    "target spell": N_("target spell"),
    "Enchant creature": N_("Enchant creature"),
    "a creature": N_("a creature"),
    "a creature or enchantment": N_("a creature or enchantment"),
    # what a cost asks for ("choose what to sacrifice as an additional cost ({what})")
    "a nonland permanent": N_("a nonland permanent"),
    "nonland permanent": N_("nonland permanent"),
    "a permanent you control": N_("a permanent you control"),
    "a creature you control": N_("a creature you control"),
    "a land": N_("a land"),
    "a card": N_("a card"),
    "a land card": N_("a land card"),
    "a Room": N_("a Room"),
    "6 cards from your graveyard": N_("6 cards from your graveyard"),
    "an unblocked attacker you control": N_("an unblocked attacker you control"),
    "another creature or enchantment": N_("another creature or enchantment"),
    "another untapped creature you control": N_("another untapped creature you control"),
    "two untapped creatures and/or lands you control": N_("two untapped creatures and/or lands you control"),
    "a creature you control or reveal a creature card from your hand":
        N_("a creature you control or reveal a creature card from your hand"),
    # what an effect makes a player choose from their permanents (kind_words)
    "a nontoken creature": N_("a nontoken creature"),
    "an enchantment": N_("an enchantment"),
    "a nontoken enchantment": N_("a nontoken enchantment"),
    "a creature or planeswalker": N_("a creature or planeswalker"),
    "a creature with the greatest power among creatures you control":
        N_("a creature with the greatest power among creatures you control"),
}

# card types (CR 300.1) as the kind of permanent a choice asks for; NONLAND: every permanent type but Land
_KINDS = {("Creature",): "creature", ("Land",): "land", ("Enchantment",): "enchantment",
          ("Creature", "Planeswalker"): "creature or planeswalker",
          ("Artifact", "Creature", "Enchantment", "Planeswalker", "Battle"): "nonland permanent"}


def kind_words(types: tuple[str, ...], nontoken: bool = False, greatest_power: bool = False) -> str:
    """The English wording of the permanent a player chooses ("a creature or planeswalker"), a
    key of DESCRIPTIONS so that a prompt's {what} reads in the UI language. A combination not
    listed raises: a prompt never shows the engine's type names ("Creature/Planeswalker")."""
    if greatest_power:
        return "a creature with the greatest power among creatures you control"
    words = ("nontoken " if nontoken else "") + _KINDS[tuple(types)]
    return ("an " if words[0] in "aeiou" else "a ") + words
