"""One module per ability word, keyword action and set mechanic (issue #9). Each builds
card-layer abilities (engine/cards/layer/) from the shared vocabulary, so a mechanic is
written once for every card that has it."""

import importlib
from types import ModuleType

# the mechanics whose hooks the rules ask (engine/rules/hooks.py): alternative costs, casting
# from other zones, a leveler's and a Saga's characteristics ...
HOOKED = ("impending", "level_up", "rooms", "flashback", "blitz", "miracle", "suspend", "retrace", "escape",
          "saga", "cast_from_top", "free_cast", "elsewhere", "kicker", "spectacle", "cast_creatures_from_top",
          "morph", "adventure")


def hooked_mechanics() -> list[ModuleType]:
    """The modules of HOOKED, imported (in that order: the order the rules ask them in)."""
    return [importlib.import_module(f"{__name__}.{m}") for m in HOOKED]
