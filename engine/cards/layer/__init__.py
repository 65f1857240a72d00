"""The card layer (issue #9): a card is written as data, one ability per non-keyword line of
its Oracle text. `abilities` holds the ability kinds (When, Spell, Activate, Static ...),
`targets` turns target words into the engine's requirements, `statics` makes a static
ability's continuous effects and `build` makes the CardDef (`card()`).
"""
