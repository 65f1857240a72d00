"""UI messages in English, German and Italian: `tr(key, **params)` over i18n/{lang}.json.

Every message is a whole sentence with named placeholders (word order differs between the
languages, so fragments are never glued together). A key missing in the current language
falls back to English, then to the key itself; a missing or malformed placeholder never
raises. Engine events (message keys + parameters, see engine/game.py) become log
sentences here, with card names shown in the UI language (CardData.localized_name).
"""
from __future__ import annotations

import json
import logging
from functools import lru_cache
from typing import Any, Mapping

from engine import paths

LANGUAGES = ("en", "de", "it")
CATALOG_DIR = paths.ROOT / "i18n"  # beside assets/, in the checkout and in the bundle
log = logging.getLogger(__name__)

_lang = "en"


class _Params(dict):  # type: ignore[type-arg]
    """format_map helper: an unknown placeholder stays visible as {name} instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict[str, str]:
    """The message catalog of a language ({} if missing or unreadable: English is used then)."""
    out: dict[str, str] = {}
    for path in (CATALOG_DIR / f"{lang}.json", CATALOG_DIR / f"shell_{lang}.json"):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.warning("Cannot read the %s message catalog %s: %s", lang, path, exc)
            continue
        if isinstance(data, dict):
            out.update({str(k): str(v) for k, v in data.items() if not str(k).startswith("_")})
    return out


def system_language() -> str:
    """The system's UI language if we have it, else English: the locale variables first
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them), then Qt's system locale
    (Windows and macOS set no variables)."""
    import os
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        for part in value.split(":"):  # LANGUAGE may list several: de:en
            code = part[:2].lower()
            if code in LANGUAGES:
                return code
        if value and value not in ("C", "POSIX", "C.UTF-8"):
            return "en"  # a language set that we don't have: English, not Qt's guess
    try:
        from PySide6.QtCore import QLocale
        code = QLocale.system().name()[:2].lower()
    except ImportError:  # pragma: no cover - the app always has Qt
        code = "en"
    return code if code in LANGUAGES else "en"


def set_language(lang: str) -> None:
    """Switch the UI language ("system": the system's; unknown ones fall back to English)."""
    global _lang
    if lang == "system":
        lang = system_language()
    _lang = lang if lang in LANGUAGES else "en"
    _install_qt_translations(_lang)


_qt_translator: Any = None


def _install_qt_translations(lang: str) -> None:
    """Qt's own strings (the "Cancel" and "OK" of standard buttons, file dialogs) in the UI
    language, from the qtbase catalogs PySide6 ships; switched live with the language."""
    global _qt_translator
    from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

    app = QCoreApplication.instance()
    if app is None:
        return
    if _qt_translator is not None:
        app.removeTranslator(_qt_translator)
        _qt_translator = None
    if lang == "en":
        return
    tr_ = QTranslator(app)
    if tr_.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(tr_)
        _qt_translator = tr_


def language() -> str:
    return _lang


def has(key: str) -> bool:
    return key in catalog(_lang) or key in catalog("en")


def tr(key: str, /, **params: Any) -> str:
    """The message `key` in the UI language with its placeholders filled."""
    text = catalog(_lang).get(key)
    if text is None:
        text = catalog("en").get(key, key)
    if not params:
        return text
    try:
        return text.format_map(_Params(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return text


_tr = tr


# ----------------------------------------------------------------- card and game terms
@lru_cache(maxsize=1)
def _cards() -> Mapping[str, Any]:
    try:
        from engine.cards.data import bundled_cards
        return bundled_cards()
    except Exception:  # card data missing: names stay English
        log.exception("Card data could not be loaded")
        return {}


def card_name(name: str | None, lang: str | None = None) -> str:
    """A card's name in the UI language; a hidden card is "a face-down card"."""
    if not name:
        return tr("card.hidden")
    lang = lang or _lang
    if lang != "en" and name in _BASICS:  # basic lands are named after their land type
        from app.render.translate import subtype

        return subtype(name, lang)
    data = _cards().get(name)
    if data is None:
        from engine.cards.behaviour import printed

        data = printed(name)  # an imported card: its German/Italian name if the import had one
    return data.localized_name(lang) if data is not None else name


_BASICS = frozenset(("Plains", "Island", "Swamp", "Mountain", "Forest"))


def card_list(names: list[Any] | tuple[Any, ...]) -> str:
    return ", ".join(card_name(str(n)) if n else tr("card.hidden") for n in names)


def step_name(step: str) -> str:
    return tr(f"step.{step}")


def zone_name(zone: str) -> str:
    return tr(f"zone.{zone}")


def signed(n: Any) -> str:
    try:
        return f"{int(n):+d}"
    except (TypeError, ValueError):
        return str(n)


# ----------------------------------------------------------------- event sentences
# zone changes already told by another event (cast, play, draw, resolve ...) are not repeated
_QUIET_CAUSES = {"draw", "mulligan", "cast", "resolve", "play", "manual", "discard", "countered"}


# Second-person sentences for the viewer's own events ("You cast Murder.", not "You casts"):
# event.<key>.you when the acting player is you; .self when you also are the target.
SECOND_PERSON = frozenset((
    "event.activate.you",
    "event.activate_targets.you",
    "event.attach.you",
    "event.assign.you",
    "event.attack.you",
    "event.block_none.you",
    "event.block_pair.you",
    "event.bottom.you",
    "event.cast.you",
    "event.cast_targets.you",
    "event.coin.you",
    "event.concede.you",
    "event.damage_player.you",
    "event.discard.you",
    "event.draw.you",
    "event.draw_empty.you",
    "event.draw_many.you",
    "event.manifest_dread.you",
    "event.mill.you",
    "event.game_over.you",
    "event.keep.you",
    "event.life.gain.you",
    "event.life.loss.you",
    "event.lose.empty_library.you",
    "event.lose.life.you",
    "event.lose.poison.you",
    "event.lose.you",
    "event.manual_attach.you",
    "event.manual_counter.add.you",
    "event.manual_counter.remove.you",
    "event.manual_detach.you",
    "event.manual_face_down.you",
    "event.manual_face_up.you",
    "event.manual_life.gain.self",
    "event.manual_life.gain.you",
    "event.manual_life.loss.self",
    "event.manual_life.loss.you",
    "event.manual_move.hidden.you",
    "event.manual_move.you",
    "event.manual_next_step.you",
    "event.manual_next_turn.you",
    "event.manual_note.you",
    "event.manual_phase_in.you",
    "event.manual_phase_out.you",
    "event.manual_poison.gain.self",
    "event.manual_poison.gain.you",
    "event.manual_poison.loss.self",
    "event.manual_poison.loss.you",
    "event.manual_tap.you",
    "event.manual_untap.you",
    "event.manual_untap_all.you",
    "event.mulligan.you",
    "event.play.you",
    "event.reveal.you",
    "event.roll.you",
    "event.shuffle.you",
    "event.token.you",
    "event.turn.you",
    "event.turn_face_up.you",
    "event.unlock.you",
    "event.zone_change.graveyard.hidden.you",
    "event.zone_change.graveyard.you",
    "event.zone_change.hand.hidden.you",
    "event.zone_change.hand.you",
    "event.zone_change.library.hidden.you",
    "event.zone_change.library.you",
))


def event_text(ev: Mapping[str, Any], you: str | None = None) -> str | None:
    """The log sentence for one engine event, or None if it is not worth a line.

    `you`: the viewer's player name; their own events are told in the second person."""
    key = str(ev.get("key", ""))
    p = dict(ev)

    def tr(k: str, /, **params: Any) -> str:  # shadows the module tr: picks the grammatical person
        if you is not None:
            actor = params.get("winner") if k == "event.game_over" else params.get("player")
            if actor == you:
                self_k = k + ".self"
                if params.get("target") == you and self_k in SECOND_PERSON:
                    return _tr(self_k, **params)
                if k + ".you" in SECOND_PERSON:
                    return _tr(k + ".you", **params)
        return _tr(k, **params)
    for field in ("card", "source", "to"):
        if field in p:
            p[field] = card_name(p[field])
    if key == "zone_change":
        if p.get("cause") in _QUIET_CAUSES or p.get("to_zone") == "stack":
            return None
        to = p.get("to_zone", "")
        hidden = not ev.get("card")
        k = f"event.zone_change.{to}" + (".hidden" if hidden else "")
        return tr(k if has(k) else "event.zone_change", **p, zone=zone_name(str(to)))
    if key == "start" and you is not None and p.get("first") == you:
        return _tr("event.start.you", **p)
    if key == "step":
        if p.get("step") == "untap":
            return tr("event.turn", turn=p.get("turn", "?"), player=p.get("player", ""))
        return tr("event.step", step=step_name(str(p.get("step", ""))))
    if key == "cast" and p.get("targets"):
        return tr("event.cast_targets", **{**p, "targets": card_list(p["targets"])})
    if key == "activate" and p.get("targets"):
        return tr("event.activate_targets", **{**p, "targets": card_list(p["targets"])})
    if key in ("life", "manual_life", "manual_poison"):
        delta = int(p.get("delta", 0) or 0)
        suffix = ".gain" if delta >= 0 else ".loss"
        return tr(f"event.{key}{suffix}", **{**p, "amount": abs(delta), "delta": signed(delta)})
    if key == "damage":
        return tr("event.damage_card" if "obj" in p else "event.damage_player", **p)
    if key == "attack":
        return tr("event.attack", **{**p, "cards": card_list(p.get("cards", []))})
    if key == "block":
        pairs = p.get("pairs") or []
        lines = [tr("event.block_pair", player=p.get("player", ""), blocker=card_name(b), attacker=card_name(a))
                 for b, a in pairs]
        return "\n".join(lines) if lines else tr("event.block_none", player=p.get("player", ""))
    if key == "lose":
        k = f"event.lose.{p.get('reason', '')}"
        return tr(k if has(k) else "event.lose", **p)
    if key == "game_over":
        return tr("event.game_over" if p.get("winner") else "event.game_over.draw", **p)
    if key == "coin":
        return tr("event.coin", player=p.get("player", ""), result=tr(f"coin.{p.get('result', '')}"))
    if key == "manual_move":
        return tr("event.manual_move" if ev.get("card") else "event.manual_move.hidden",
                  **{**p, "zone": zone_name(str(p.get("to_zone", "")))})
    if key == "manual_counter":
        delta = int(p.get("delta", 0) or 0)
        return tr("event.manual_counter.add" if delta >= 0 else "event.manual_counter.remove",
                  **{**p, "count": abs(delta)})
    if key == "mana":
        return None  # tapping for mana is visible on the table; the spell's line follows
    k = f"event.{key}"
    if has(k):
        return tr(k, **p)
    return tr("event.unknown", key=key, details=", ".join(f"{a}={b}" for a, b in ev.items() if a != "key"))


def _silent_step(events: list[Mapping[str, Any]], i: int) -> bool:
    """A step in which nothing worth a line happened before the next step began: no header
    (Settings can show every step). The current, unfinished step keeps its header."""
    ev = events[i]
    if SHOW_EMPTY_STEPS or ev.get("key") != "step" or ev.get("step") == "untap":
        return False
    for nxt in events[i + 1:]:
        if nxt.get("key") == "step":
            return True
        if event_text(nxt) is not None:
            return False
    return False


SHOW_EMPTY_STEPS = False  # the setting "show steps in which nothing happened" (app.settings)


def event_lines(events: list[Mapping[str, Any]], you: str | None = None) -> list[str]:
    """Sentences for a batch of events; consecutive single draws by one player are merged,
    and steps in which nothing happened are left out."""
    out: list[str] = []
    i = 0
    while i < len(events):
        ev = events[i]
        if _silent_step(events, i):
            i += 1
            continue
        if ev.get("key") == "draw":
            n = 0
            j = i
            while j < len(events) and events[j].get("key") in ("draw", "zone_change"):
                e = events[j]
                if e.get("key") == "draw":
                    if e.get("player") != ev.get("player"):
                        break
                    n += int(e.get("count", 1) or 1)
                elif e.get("cause") != "draw":
                    break
                j += 1
            who = ev.get("player", "")
            k = "event.draw" if n == 1 else "event.draw_many"
            if you is not None and who == you:
                k += ".you"
            out.append(tr(k, player=who, count=n))
            i = j
            continue
        text = event_text(ev, you)
        if text:
            out.extend(text.split("\n"))
        i += 1
    return out


def card_line(name: str | None, line: str, lang: str | None = None) -> str:
    """One rules line of a card (an ability's own Oracle line, as the card layer labels its
    abilities) in the UI language: the German line at the same place of the card's text
    where the data has it (the release notes), otherwise the English line."""
    lang = lang or _lang
    if lang != "de" or not name or not line:
        return line
    data = _cards().get(name)
    if data is None:
        from engine.cards.behaviour import printed
        data = printed(name)
    if data is None or not data.text_de:
        return line
    en = [t.strip() for t in data.text.splitlines() if t.strip()]
    de = [t.strip() for t in data.text_de.splitlines() if t.strip()]
    if line.strip() in en and len(en) == len(de):
        return de[en.index(line.strip())]
    return line


def prompt_text(pending: Mapping[str, Any] | None, names: list[str] | None = None) -> str:
    """The prompt for an open decision (engine message key + params)."""
    if pending is None:
        return ""
    params = dict(pending.get("params") or {})
    if "target" in params and "card" in params:  # a layer card's target: its line, localized
        params["target"] = card_line(str(params["card"]), str(params["target"]))
    if "ability" in params and "card" in params:  # "you may ...": the ability's own line, localized
        params["ability"] = card_line(str(params["card"]), str(params["ability"]))
    if "step" in params:
        params["step"] = step_name(str(params["step"]))
    if "card" in params:
        params["card"] = card_name(params["card"])
    if names and "player" not in params:
        params["player"] = names[pending.get("player", 0)]
    key = str(pending.get("prompt") or f"decide.{pending.get('kind', '')}")
    if has(key):
        return tr(key, **params)
    return tr("decide.generic", **params)


def error_text(exc: BaseException) -> str:
    """An engine refusal in the UI language when we have the sentence, else its own message."""
    key = getattr(exc, "key", "")
    params = dict(getattr(exc, "params", {}) or {})
    if "card" in params:
        params["card"] = card_name(params["card"])
    k = f"error.{key}"
    if key and _lang != "en" and k in catalog(_lang):  # English: the engine's own, detailed message
        return tr(k, **params)
    return str(exc)
