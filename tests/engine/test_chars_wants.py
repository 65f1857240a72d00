"""The characteristics' "may a mechanic change these" answer (hooks.wants_chars) is kept with
the characteristics it answers for: exact for each object, and no table keeps objects alive
(a table by id held up to 5,000 of them for every full garbage collection to scan)."""
from __future__ import annotations

import dataclasses
import gc
import weakref

from engine.config import GameConfig
from engine.game import Game
from engine.rules import characteristics
from engine.rules.printed import chars_of_values


def _game() -> Game:
    setup = {"Alice": {"battlefield": ["Forest"], "library": ["Forest"] * 3},
             "Bob": {"library": ["Island"] * 3}, "step": "main1"}
    return Game(GameConfig(decks=[[], []], seed=1, mode="rules", setup=setup))


def test_token_characteristics_are_not_kept_alive() -> None:
    g = _game()
    obj = g.st.objects[g.st.battlefield[0]]
    made = [chars_of_values({"name": "Spirit", "type_line": "Token Creature — Spirit", "power": 1,
                             "toughness": 1}) for _ in range(50)]
    for c in made:
        assert characteristics._wants_chars(obj, c) is False
    refs = [weakref.ref(c) for c in made]
    del made, c
    gc.collect()
    assert all(r() is None for r in refs)


def test_answer_is_per_object_and_asked_again_for_a_changed_copy() -> None:
    g = _game()
    obj = g.st.objects[g.st.battlefield[0]]
    c = chars_of_values({"name": "Spirit", "type_line": "Token Creature — Spirit"})
    assert characteristics._wants_chars(obj, c) is False
    assert c.wants_effects is False
    changed = dataclasses.replace(c, power=3)
    assert changed.wants_effects is None       # a new object: not the old answer
    assert changed == dataclasses.replace(changed)  # (the answer takes no part in equality)
