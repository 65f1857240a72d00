"""Card characteristics (bundled assets), card behaviour per set, and the card database."""

from engine.rules.index import CARDS

# What the rules ask of the card layer (engine/rules/index.py): each answer's module and
# function, imported on its first use.
CARDS.provide(
    card_def="engine.cards.behaviour:card_def",
    printed="engine.cards.behaviour:printed",
    rules_lines="engine.cards.behaviour:rules_lines",
    token="engine.cards.sets:token",
    token_data="engine.cards.sets:token_data",
    load_emblem="engine.cards.sets:load_emblem",
    has_definition="engine.cards.sets:has_definition",
    is_implemented="engine.cards.behaviour:is_implemented",
    top_card="engine.cards.mechanics.cast_from_top:top_card",
    hooked_mechanics="engine.cards.mechanics:hooked_mechanics",
    suspend_of="engine.cards.mechanics.suspend:of",
    can_suspend="engine.cards.mechanics.suspend:can_suspend",
    suspend_cost="engine.cards.mechanics.suspend:suspend_cost",
    do_suspend="engine.cards.mechanics.suspend:do_suspend",
    can_crew="engine.cards.mechanics.crew:can_crew",
    crew_candidates="engine.cards.mechanics.crew:crew_candidates",
    crew_power="engine.cards.mechanics.crew:crew_power",
    every_creature_type="engine.cards.mechanics.changeling:every_creature_type",
    goad_allowed_defenders="engine.cards.mechanics.goad:allowed_defenders",
    goaders="engine.cards.mechanics.goad:goaders",
    goaded_among="engine.cards.mechanics.goad:goaded_among",
    copy_on_entering="engine.cards.mechanics.enters_as_copy:copy_on_entering",
    replace_destruction="engine.cards.mechanics.regenerate:replace_destruction",
    required_player="engine.cards.vocab.attack_requirements:required_player",
    required_players="engine.cards.vocab.attack_requirements:required_players",
    noncombat_damage_factor="engine.cards.vocab.prevention:noncombat_damage_factor",
    doubling_sources="engine.cards.vocab.prevention:doubling_sources",
    return_exiled_until="engine.cards.vocab.exile:return_exiled_until",
    with_activated="engine.cards.vocab.copies:with_activated",
    run_steps="engine.cards.vocab.core:run_steps",
    creature_types="engine.cards.vocab.player_rules:creature_types",
)
