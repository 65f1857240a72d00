"""The card layer's vocabulary (issue #9): effects, conditions, counts, events and target
filters as small frozen dataclasses, one module a theme (docs/cards.md lists which theme
lives where). Each effect knows the engine step it stands for (`step()`); conditions are
called `condition(g, me)`, target filters `filter(g, obj)`, counts `count(g, me)`.
"""
