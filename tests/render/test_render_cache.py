"""Card images on disk: user images (Cockatrice layout) win, renders are cached."""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from PIL import Image

import app.render.cache as cache_mod
from app.render import CardImages, cockatrice_name, render_set
from engine.cards.data import bundled_cards


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("MANATABLE_HOME", str(tmp_path / "home"))


def _jpg(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (63, 88), (200, 10, 10)).save(path)
    return path


def test_render_is_cached_under_the_cache_dir_and_not_redone(tmp_path, monkeypatch):
    c = bundled_cards()["Acrobatic Cheerleader"]
    images = CardImages()
    path = images.path_for(c, "de", 244)
    assert path.is_file() and path.suffix == ".png"
    assert path.parent == tmp_path / "home" / "cache" / "cards" / "de" / "244"
    with Image.open(path) as im:
        assert im.size == (244, 340)

    def no_render(*args, **kwargs):
        raise AssertionError("rendered again although the image is cached")

    monkeypatch.setattr(cache_mod, "render_view", no_render)
    assert CardImages().path_for(c, "de", 244) == path          # another instance: same file
    assert not list(path.parent.glob(".*.tmp"))                  # written atomically, no leftovers


def test_cache_key_depends_on_language_width_and_card():
    cards = bundled_cards()
    images = CardImages()
    a = images.cached_path(cards["Acrobatic Cheerleader"], "en", 244)
    assert a != images.cached_path(cards["Acrobatic Cheerleader"], "de", 244)
    assert a != images.cached_path(cards["Acrobatic Cheerleader"], "en", 488)
    assert a != images.cached_path(cards["Cult Healer"], "en", 244)
    # a Mapping with the same printed data is the same image
    c = cards["Acrobatic Cheerleader"]
    as_dict = {k: getattr(c, k) for k in ("name", "set", "number", "rarity", "mana_cost", "colors",
                                          "type_line", "text", "power", "toughness", "name_it")}
    assert images.cached_path(as_dict, "en", 244) == a


def test_explicit_cache_dir(tmp_path):
    path = CardImages(cache_dir=tmp_path / "elsewhere").path_for(bundled_cards()["Forest"], "it", 100)
    assert path.is_relative_to(tmp_path / "elsewhere" / "cards" / "it" / "100")


def test_user_image_folder_replaces_rendered_face(tmp_path, monkeypatch):
    pics = tmp_path / "pics"
    mine = _jpg(pics / "DSK" / "Acrobatic Cheerleader.jpg")
    monkeypatch.setattr(cache_mod, "render_view", lambda *a, **k: pytest.fail("should not render"))
    images = CardImages(image_dirs=[pics])
    assert images.path_for(bundled_cards()["Acrobatic Cheerleader"], "de", 244) == mine


@pytest.mark.parametrize("relative", [
    "DSK/Cult Healer.full.jpg",
    "dsk/Cult Healer.png",
    "downloadedPics/DSK/Cult Healer.jpg",
    "Cult Healer.full.jpg",
    "CUSTOM/some/folder/Cult Healer.jpg",
])
def test_cockatrice_layouts(tmp_path, relative):
    pics = tmp_path / "pics"
    mine = _jpg(pics / relative)
    assert CardImages(image_dirs=[pics]).path_for(bundled_cards()["Cult Healer"]) == mine


def test_split_card_names_follow_cockatrice(tmp_path):
    assert cockatrice_name("Dazzling Theater // Prop Room") == "Dazzling TheaterProp Room"
    assert cockatrice_name('Circle of Protection: Red') == "Circle of Protection Red"
    assert cockatrice_name("Question Elemental?") == "Question Elemental"
    assert cockatrice_name("Who/What/When") == "Who What When"
    pics = tmp_path / "pics"
    mine = _jpg(pics / "DSK" / "Dazzling TheaterProp Room.full.jpg")
    assert CardImages(image_dirs=[pics]).path_for(bundled_cards()["Dazzling Theater // Prop Room"]) == mine


def test_missing_user_image_falls_back_to_render(tmp_path):
    pics = tmp_path / "pics"
    _jpg(pics / "DSK" / "Someone Else.jpg")
    path = CardImages(image_dirs=[pics]).path_for(bundled_cards()["Cult Healer"], "en", 120)
    assert path.is_relative_to(tmp_path / "home" / "cache" / "cards")


def test_back_path_and_image_helper():
    images = CardImages()
    back = images.back_path(120)
    assert back.is_file()
    with Image.open(back) as im:
        assert im.size == (120, 167)
    assert images.image(bundled_cards()["Forest"], "en", 150).size == (150, 209)


def test_render_set_reports_progress_and_can_be_cancelled():
    cards = list(bundled_cards().values())[:6]
    seen = []
    paths = render_set(cards, "it", 100, progress=lambda done, total: seen.append((done, total)))
    assert len(paths) == 6 and all(p.is_file() for p in paths)
    assert seen[-1] == (6, 6)
    stop = threading.Event()
    calls = []

    def progress(done, total):
        calls.append(done)
        if done == 2:
            stop.set()

    assert len(render_set(cards, "de", 100, progress, stop.is_set)) == 2
    assert calls == [1, 2]


def test_unwritable_cache_still_gives_an_image(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    monkeypatch.setattr(cache_mod.tempfile, "tempdir", str(tmp_path / "tmp"))
    path = CardImages(cache_dir=blocked).path_for(bundled_cards()["Forest"], "en", 100)
    assert path.is_file() and path.is_relative_to(tmp_path / "tmp")


def test_the_temp_fallback_is_private(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("x")
    monkeypatch.setattr(cache_mod.tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp" / "manatable-cards").mkdir(parents=True)      # planted by someone
    path = CardImages(cache_dir=blocked).path_for(bundled_cards()["Forest"], "en", 100)
    assert not path.is_relative_to(tmp_path / "tmp" / "manatable-cards")
    folder = cache_mod.private_tmp()
    assert os.stat(folder).st_mode & 0o077 == 0


def test_broken_user_images_and_damaged_cache_fall_back_to_renders(tmp_path):
    images_dir = tmp_path / "pics"
    (images_dir / "CUSTOM").mkdir(parents=True)
    (images_dir / "CUSTOM" / "Forest.png").write_bytes(b"GIF89a not a png at all")
    images = CardImages(cache_dir=tmp_path / "cache", image_dirs=[images_dir])
    forest = bundled_cards()["Forest"]
    path = images.path_for(forest, "en", 100)
    assert path.is_relative_to(tmp_path / "cache") and cache_mod.image_ok(path, 100)
    path.write_bytes(b"\x89PNG damaged")
    again = CardImages(cache_dir=tmp_path / "cache").path_for(forest, "en", 100)
    assert again == path and cache_mod.image_ok(again, 100)


def test_set_codes_never_become_paths(tmp_path):
    assert cache_mod._set_dirs("../../etc") == []
    assert cache_mod._set_dirs("DSK") == ["DSK", "dsk"]


def test_half_written_renders_of_a_killed_session_are_removed(tmp_path: Path) -> None:
    folder = tmp_path / "cards" / "en" / "488"
    folder.mkdir(parents=True)
    old = folder / ".abc.png.x1.tmp"
    new = folder / ".def.png.x2.tmp"
    kept = folder / "abc.png"
    for f in (old, new, kept):
        f.write_bytes(b"x")
    hours_ago = time.time() - 7200
    os.utime(old, (hours_ago, hours_ago))
    assert CardImages(cache_dir=tmp_path).root == tmp_path / "cards"
    assert not old.exists()
    assert new.exists() and kept.exists()  # a render in progress elsewhere is left alone
