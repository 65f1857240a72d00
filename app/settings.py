"""User settings, as JSON in the config directory (platformdirs; MANATABLE_HOME overrides).

No Qt here: the settings are read before the first window appears. A corrupt or unreadable
file never stops the app: the defaults are used and `load()` returns a warning to show.
"""
from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStandardPaths

from engine import paths, safeio
from engine.decks.samples import SAMPLE_DIR

log = logging.getLogger(__name__)
FILE_NAME = "settings.json"
MAX_FILE_BYTES = 1_000_000      # settings are a few hundred bytes
MAX_TEXT = 4096                 # a path or a name
STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup")
# Stops: the steps of your own turn where you want priority even with nothing on the stack.
# Everything else is passed automatically (a spell or trigger on the stack always stops).
DEFAULT_STOPS = ["main1", "main2"]
# settings with a fixed set of values; any other is unusable (and reported, engine.safeio.keep_copy)
_CHOICES: dict[str, tuple[str, ...]] = {"language": ("system", "en", "de", "it"),
                                        "goldfish_mode": ("rules", "hybrid", "tabletop")}


@dataclass
class Settings:
    language: str = "system"  # "system": the system's language (app.i18n.system_language)
    card_images: str = ""  # a folder of card images in Cockatrice's layout; "" = our renders
    stops: list[str] = field(default_factory=lambda: list(DEFAULT_STOPS))
    opponent_stops: list[str] = field(default_factory=lambda: ["declare_attackers", "end"])
    animations: bool = True
    player_name: str = ""
    last_deck: str = ""
    goldfish_mode: str = "hybrid"
    hover_zoom: bool = True  # a large card beside the pointer (Z toggles it)
    accept_single_choices: bool = False  # a lone legal target is taken without a click
    log_empty_steps: bool = False  # the log shows a header for steps in which nothing happened
    download_images: bool = False  # card images from Scryfall (internet) into the cache
    maximized: bool = False  # the main window was maximized when it was last closed
    last_address: str = ""  # the LAN address last joined
    # the stops of each person who played at a hot seat (app/hot_seat.py), by `person_key` of
    # their name: {"stops": [...], "opponent_stops": [...]}; the next hot seat with that name
    # begins with them (a person without an entry begins with `stops` and `opponent_stops`)
    people_stops: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    # the file's keys this version does not know (a newer Manatable's settings): written back
    # as they were, so running an older version never drops them
    extra: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def image_dirs(self) -> list[Path]:
        return [Path(self.card_images)] if self.card_images else []

    def keep_person_stops(self, name: str, stops: Any, opponent_stops: Any) -> None:
        """Remember a hot seat's person's stops for their next hot seat (in the order of STEPS)."""
        self.people_stops[person_key(name)] = {"stops": [s for s in STEPS if s in stops],
                                               "opponent_stops": [s for s in STEPS if s in opponent_stops]}

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        return {**data.pop("extra"), **data}

    @classmethod
    def from_json(cls, data: Any) -> "Settings":
        """Build settings from parsed JSON (`read` says which values were unusable)."""
        return cls.read(data)[0]

    @classmethod
    def read(cls, data: Any) -> "tuple[Settings, list[str]]":
        """(settings, the names of the settings whose values were unusable and are at their
        defaults: a wrong type, an unknown language or step, a text too long). Unknown keys
        are kept in `extra`."""
        if not isinstance(data, dict):
            raise ValueError("the settings file does not hold a JSON object")
        base = cls()
        kw: dict[str, Any] = {}
        unusable: list[str] = []
        known = {f.name for f in fields(cls) if f.name != "extra"}
        for name in sorted(known & set(data)):
            value, default = data[name], getattr(base, name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif name == "people_stops":
                value, whole = _read_people_stops(value)  # (the usable entries stay; reported)
                ok = True
                if not whole:
                    unusable.append(name)
            elif isinstance(default, list):
                ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
                if ok and not all(v in STEPS for v in value):
                    value = [v for v in value if v in STEPS]  # the known steps stay; reported
                    unusable.append(name)
            else:
                ok = isinstance(value, type(default)) and not isinstance(value, bool)
                if isinstance(value, str) and (len(value) > MAX_TEXT or "\x00" in value):
                    ok = False
            if ok and name in _CHOICES:
                ok = value in _CHOICES[name]
            if ok:
                kw[name] = value
            elif name not in unusable:
                unusable.append(name)
        kw["extra"] = {k: v for k, v in data.items() if k not in known}
        return cls(**kw), unusable


def person_key(name: str) -> str:
    """The key of a hot seat's person in `people_stops`: their name, in any case (the dialog
    refuses two people whose names differ only in case, app/hot_seat_dialog.py)."""
    return name.strip().casefold()


def _read_people_stops(value: Any) -> tuple[dict[str, dict[str, list[str]]], bool]:
    """`people_stops` from the file: (the usable entries, whether all of it was usable). An
    entry is a name of at most MAX_TEXT characters and its two lists of steps; an unknown step
    is left out of its list and the setting reported, like `stops`."""
    if not isinstance(value, dict):
        return {}, False
    out: dict[str, dict[str, list[str]]] = {}
    ok = True
    for name, kept in value.items():
        lists = [kept.get(k) for k in ("stops", "opponent_stops")] if isinstance(kept, dict) else [None]
        if len(name) > MAX_TEXT or "\x00" in name or \
                not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in lists):
            ok = False
            continue
        steps = [[x for x in v if x in STEPS] for v in lists if isinstance(v, list)]
        ok = ok and steps == lists and set(kept) == {"stops", "opponent_stops"}
        out[person_key(name)] = {"stops": steps[0], "opponent_stops": steps[1]}
    return out, ok


def settings_path() -> Path:
    return paths.config_dir() / FILE_NAME


def load() -> tuple[Settings, str | None]:
    """(settings, warning): the defaults and a warning when the file is unreadable.

    A damaged file (not JSON, nested absurdly deep, a FIFO, huge) is renamed to
    settings.json.damaged-N, so it is kept for a look but no longer in the way. A file with
    some unusable values gives the others, the defaults for those, a warning naming them, and
    a copy settings.json.damaged-N of the file as it was.
    """
    try:
        path = settings_path()
    except OSError as exc:              # the config folder cannot be created
        log.warning("No settings folder: %s", exc)
        return Settings(), str(exc)
    safeio.clean_tmp_leftovers(path.parent)     # half-written saves of a killed session
    if not path.exists() and not path.is_symlink():
        return Settings(), None
    try:
        raw = safeio.read_text(path, MAX_FILE_BYTES)
        settings, unusable = Settings.read(json.loads(raw))
        if not unusable:
            return settings, None
        # Some values are unusable: the defaults stand in for them, and the file as it was is
        # kept beside it (the next save writes the settings in use over it).
        kept = safeio.keep_copy(path, raw.encode("utf-8"))
        log.warning("Settings at their defaults: %s (the file kept as %s)", ", ".join(unusable), kept)
        where = f"{path} (kept as {kept.name})" if kept else str(path)
        return settings, f"{where}: {', '.join(unusable)}"
    except (OSError, ValueError, TypeError, RecursionError) as exc:
        reason = (exc.strerror if isinstance(exc, OSError) else None) or \
            ("nested too deeply" if isinstance(exc, RecursionError) else str(exc))
        kept = safeio.keep_aside(path)
        log.warning("Ignoring the settings file %s: %s (kept as %s)", path, reason, kept)
        where = f"{path} (kept as {kept.name})" if kept else str(path)
        return Settings(), f"{where}: {reason}"


_RUN_LANGUAGE: dict[str, str] = {}  # --lang: {"run": the language of this run, "saved": the setting}


def set_run_language(settings: Settings, lang: str) -> None:
    """`--lang`: this run speaks `lang`; the saved setting keeps its own language."""
    _RUN_LANGUAGE.update(run=lang, saved=settings.language)
    settings.language = lang


def save(settings: Settings) -> None:
    data = settings.to_json()
    if _RUN_LANGUAGE and data.get("language") == _RUN_LANGUAGE["run"]:
        data["language"] = _RUN_LANGUAGE["saved"]  # chosen in Settings later, it is saved as chosen
    paths.atomic_write(settings_path(), json.dumps(data, indent=2, ensure_ascii=False))


def documents_dir(near: Path | None = None) -> str:
    """Where deck and game file dialogs start: next to `near` (the deck open, the last deck
    used) unless that is inside the program (its sample decks), else the user's documents."""
    program = Path(SAMPLE_DIR).resolve().parent.parent
    if near is not None:
        try:
            inside = Path(near).resolve().is_relative_to(program)
        except OSError:
            inside = True
        if not inside and Path(near).is_dir():
            return str(near)
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return docs if docs and Path(docs).is_dir() else str(Path.home())
