"""Found Footage's first line (what a player may see) and graveyard cards named as the
targets of activated abilities (Ghost Vacuum): things a scenario file cannot check."""
from __future__ import annotations

import tomllib

from engine import scenario
from engine.view import observe


def _game(text: str) -> scenario.Game:
    return scenario.make_game(tomllib.loads(text))


FACE_DOWN = '''
[setup.Alice]
battlefield = [%s"Island"]
library = ["Island"]
[setup.Bob]
battlefield = ["Murder | face_down"]
library = ["Island"]
'''


def _face_down_name(g: scenario.Game, viewer: int) -> object:
    data = observe(g, viewer).to_json()
    views = [c for c in _all_cards(data) if c.get("face_down") and c.get("zone") == "battlefield"]
    assert len(views) == 1
    return views[0]["name"]


def _all_cards(data: object) -> list[dict]:
    out: list[dict] = []
    if isinstance(data, dict):
        if "face_down" in data and "zone" in data:
            out.append(data)
        for v in data.values():
            out += _all_cards(v)
    elif isinstance(data, list):
        for v in data:
            out += _all_cards(v)
    return out


def test_found_footage_shows_the_opponents_face_down_creatures() -> None:
    # "You may look at face-down creatures your opponents control any time."
    g = _game(FACE_DOWN % '"Found Footage", ')
    assert _face_down_name(g, 0) == "Murder"      # Alice controls Found Footage
    assert _face_down_name(g, None) is None       # the public does not see it
    g = _game(FACE_DOWN % "")
    assert _face_down_name(g, 0) is None          # without Found Footage Alice doesn't


def test_found_footage_of_the_opponent_shows_nothing_to_you() -> None:
    g = _game(FACE_DOWN.replace('"Murder | face_down"', '"Murder | face_down", "Found Footage"') % "")
    assert _face_down_name(g, 0) is None


GRAVEYARD = '''
[setup.Alice]
battlefield = ["Ghost Vacuum", "Grasping Longneck"]
graveyard = ["Grasping Longneck", "Island"]
library = ["Island"]
[setup.Bob]
graveyard = ["Grasping Longneck", "Island"]
library = ["Island"]
'''


def test_graveyard_targets_are_listed_with_texts_that_parse_back() -> None:
    g = _game(GRAVEYARD)
    acts = [a for a in g.legal_actions(0) if a.text.startswith("activate Ghost Vacuum")]
    texts = sorted(a.text for a in acts)
    # a graveyard card named among the graveyards' cards, marked "(graveyard)" (engine/format.py graveyard_ref)
    assert texts == ["activate Ghost Vacuum -> Grasping Longneck#1 (graveyard)",
                     "activate Ghost Vacuum -> Grasping Longneck#2 (graveyard)",
                     "activate Ghost Vacuum -> Island#1 (graveyard)", "activate Ghost Vacuum -> Island#2 (graveyard)"]
    for a in acts:
        assert g.parse_action(0, a.text).targets == a.targets


FACE_UP = '''
[setup.Alice]
battlefield = ["Piggy Bank @pig | face_down", "Grasping Longneck @neck | face_down", "Mountain", "Mountain"%s]
library = ["Island"]
[setup.Bob]
library = ["Island"]
'''


def test_turning_face_up_is_listed_when_it_can_be_paid() -> None:
    # CR 116.2b, 701.40b: a special action any time its controller has priority
    g = _game(FACE_UP % "")
    texts = [a.text for a in g.legal_actions(0) if a.verb == "turn face up"]
    # {1}{R}: yes; Grasping Longneck {2}{G}: no — named as face-down permanents (CR 708.2a)
    assert texts == ["turn face up face-down permanent#1"]
    assert g.parse_action(0, "turn face up Piggy Bank") == g.parse_action(0, texts[0])  # CR 708.5
    g.apply(texts[0], 0)
    pig = next(o for o in g.st.battlefield if g.st.objects[o].name == "Piggy Bank")
    assert not g.st.objects[pig].face_down


def test_unable_to_scream_removes_turning_face_up_from_the_list() -> None:
    g = _game(FACE_UP % ', "Unable to Scream | attached=@pig"')
    assert [a.text for a in g.legal_actions(0) if a.verb == "turn face up"] == []
