"""The vocabulary measure of `python -m engine.cards coverage` (engine/cards/constructors.py):
which constructors the card definitions call, and which only one card calls."""
from __future__ import annotations

from pathlib import Path

from engine.cards.constructors import definition_names, keyed_use, report, vocabulary_use
from engine.cards.sets import behaviours, tokens

SET_FILE = '''
from engine.cards.layer.abilities import Spell, When
from engine.cards.layer.build import card, token
from engine.cards.sets import register, register_token
from engine.cards.vocab.events import DIES, ENTERS
from engine.cards.vocab.hand import Draw
from engine.cards.vocab.life import GainLife
from engine.cards.vocab.targets import GraveyardCard

CREATURE_CARD = GraveyardCard(("Creature",))
ALSO = CREATURE_CARD
_DEVIL = {"name": "Devil", "type_line": "Creature - Devil", "text": "When this token dies, draw a card."}
register_token(token(_DEVIL, When(DIES, Draw(1))), _DEVIL)

for defn in (
    card("Alpha", When(ENTERS, GainLife(2)), Spell(targets=(CREATURE_CARD,))),
    card("Beta", Spell(Draw(1), targets=(ALSO,))),
    *(card(name, When(ENTERS, Draw(2))) for name, n in (("Gamma", 1), ("Delta", 2))),
):
    register(defn)
'''


def test_constructors_are_counted_per_card(tmp_path: Path) -> None:
    (tmp_path / "some_set.py").write_text(SET_FILE, encoding="utf-8")
    use = vocabulary_use(tmp_path)
    assert use.users["engine.cards.vocab.life.GainLife"] == {"Alpha"}
    # a constant counts for each card that names it, also through another constant
    assert use.users["engine.cards.vocab.targets.GraveyardCard"] == {"Alpha", "Beta"}
    # the cards of a loop over names, and a token built with token(), are definitions too
    assert use.users["engine.cards.vocab.hand.Draw"] == {"Beta", "Gamma", "Delta", "token Devil"}
    assert use.users["engine.cards.layer.abilities.When"] == {"Alpha", "Gamma", "Delta", "token Devil"}
    # builders and uncalled constants are not constructors
    assert not any(c.endswith((".card", ".token", ".DIES", ".ENTERS")) for c in use.users)
    assert use.one_card == ["engine.cards.vocab.life.GainLife"]
    assert use.share == 1 / len(use.users)


KEYED_FILE = '''
from engine.cards.layer.abilities import When
from engine.cards.layer.build import card
from engine.cards.sets import register
from engine.cards.vocab.counts import Count
from engine.cards.vocab.events import ENTERS
from engine.cards.vocab.life import GainLife
from engine.cards.vocab.player_rules import PlayerRule
from engine.rules.effects import RuleChange

HAND = Count("cards_in_hand")
for defn in (
    card("Alpha", When(ENTERS, GainLife(HAND)), PlayerRule(RuleChange.IGNORE_HEXPROOF)),
    card("Beta", When(ENTERS, GainLife(Count("cards_in_hand")), GainLife(Count("devotion", key="B")))),
):
    register(defn)
'''


def test_keys_chosen_inside_a_general_constructor_are_counted_apart(tmp_path: Path) -> None:
    """Count("kind") and the rule-change members: a one-card behaviour written as a key, not
    as a class, is listed too (constants followed)."""
    (tmp_path / "some_set.py").write_text(KEYED_FILE, encoding="utf-8")
    keyed = keyed_use(tmp_path)
    assert keyed["Count"].users == {"cards_in_hand": {"Alpha", "Beta"}, "devotion": {"Beta"}}
    assert keyed["Count"].one_card == ["devotion"]
    assert keyed["RuleChange"].users == {"IGNORE_HEXPROOF": {"Alpha"}}
    assert keyed["ObjectRule"].users == {}


def test_report_of_the_pool_lists_the_one_card_constructors() -> None:
    lines = report(one_card=True)
    use = vocabulary_use()
    assert lines[0].startswith(f"Vocabulary: {len(use.users)} constructors called by card definitions; "
                               f"{len(use.one_card)} used by one card only")
    keyed = keyed_use()
    assert lines[1 + len(use.one_card)].startswith(
        f"Keyed (not in the share above): Count: {len(keyed['Count'].users)} kinds named, "
        f"{len(keyed['Count'].one_card)} by one card only")
    assert len(lines) == 2 + len(use.one_card) + sum(len(u.one_card) for u in keyed.values())
    assert "vocab.hand.Discards" not in "\n".join(lines)  # used by several cards


def test_every_definition_of_the_pool_is_measured() -> None:
    assert definition_names() == set(behaviours()) | {f"token {name}" for name in tokens()}
