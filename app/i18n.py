"""The app's one translation module: GNU gettext catalogs in i18n/<lang>/LC_MESSAGES/manatable.mo.

Messages are written in the code as whole English sentences with named {placeholders}
(word order differs between the languages, so fragments are never glued together):

    tr("Resume game")                              # gettext
    trc("menu", "Untap")                           # pgettext: one English word, two translations
    trn("Add {card}", "Add {count}× {card}", n)    # ngettext: the language's plural rule; count=n
    message("event.cast", player=..., card=...)    # a key from engine/messages/ or app/messages.py

`pybabel extract` (babel.cfg) finds them all; docs/translating.md tells how the catalogs are
updated and compiled. A message missing from a catalog is shown in English; a missing or
malformed placeholder never raises. The language switches live (set_language); windows
re-read their texts in retranslate(). Engine events become log sentences in
engine/messages/, with this module's translator: card names in the UI language
(CardData.localized_name).
"""
from __future__ import annotations

import errno
import logging
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from app.catalogs import catalog
from app.messages import MESSAGES
from engine import messages as _engine
from engine.cards.behaviour import printed
from engine.cards.data import bundled_card, bundled_names
from engine.messages import fill
from engine.messages.catalogs import LANGUAGES, environment_language

if TYPE_CHECKING:
    from engine.rules.carddata import CardData

# the language names in Settings -> Language, each in its own language
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "it": "Italiano"}
log = logging.getLogger(__name__)

_lang = "en"


class _Translator(_engine.Translator):
    """engine.messages' translator over the current language's catalog."""

    def gettext(self, message: str) -> str:
        return catalog(_lang).gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return catalog(_lang).pgettext(context, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return catalog(_lang).ngettext(singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return catalog(_lang).npgettext(context, singular, plural, n)

    def card_name(self, name: str | None) -> str:
        return card_name(name)

    def quoted_text(self, card: str | None, text: str) -> str:
        return quoted_text(card, text)


TRANSLATOR = _Translator()


def tr(message: str, /, **params: Any) -> str:
    """`message` (an English sentence) in the UI language with its placeholders filled."""
    return fill(catalog(_lang).gettext(message), params)


def trc(context: str, message: str, /, **params: Any) -> str:
    """`tr` for a message with a context (msgctxt)."""
    return fill(catalog(_lang).pgettext(context, message), params)


def trn(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of a message for the number `n` by the language's plural rule; {count} is n
    unless given."""
    params.setdefault("count", n)
    return fill(catalog(_lang).ngettext(singular, plural, n), params)


def message(key: str, /, **params: Any) -> str:
    """The sentence of a message key (app/messages.py, else engine/messages/) in the UI
    language; the key itself if there is none."""
    msg = MESSAGES.get(key)
    if msg is None:
        msg = _engine.entry(key)
    if msg is None:
        log.warning("No message for the key %r", key)
        return key
    return fill(_engine.translate(msg, TRANSLATOR, params.get("count")), params)


def has_message(key: str) -> bool:
    return key in MESSAGES or _engine.has(key)


def system_language() -> str:
    """The system's UI language if we have it, else English: the locale variables first
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them), then Qt's system locale
    (Windows and macOS set no variables)."""
    code = environment_language()  # (engine/messages/catalogs.py: manatable-server reads it too)
    if code is not None:
        return code
    code = QLocale.system().name()[:2].lower()
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


# ----------------------------------------------------------------- card and game terms
_no_card_data: list[bool] = []  # set once the card data failed to load (logged once)


def _card(name: str) -> CardData | None:
    """The bundled card's data by English name, or None; read card by card (a game's table
    parses the records of its own cards, engine/rules/carddata.py)."""
    if _no_card_data:
        return None
    try:
        return bundled_card(name)
    except Exception:  # card data missing: names stay English
        log.exception("Card data could not be loaded")
        _no_card_data.append(True)
        return None


@lru_cache(maxsize=1)
def _card_names() -> list[str]:
    try:
        return bundled_names()
    except Exception:  # card data missing: names stay English
        log.exception("Card data could not be loaded")
        return []


def card_name(name: str | None, lang: str | None = None) -> str:
    """A card's name in the UI language; a hidden card is "a face-down card"."""
    if not name:
        return message("card.hidden")
    lang = lang or _lang
    if lang != "en" and name in _BASICS:  # basic lands are named after their land type
        from app.render.translate import subtype  # lazy: the renderer's translations load once a card's text is shown (start-up)

        return subtype(name, lang)
    data = _card(name)
    if data is None:
        data = printed(name)  # an imported card: its German/Italian name if the import had one
    if data is not None:
        return data.localized_name(lang)
    face = _faces().get(name)
    whole = _card(face[0]) if face is not None else None
    if face is not None and whole is not None:  # one face of a split card or a Room's door: that face of its translation
        parts = whole.localized_name(lang).split(" // ")
        return parts[face[1]] if len(parts) > face[1] else name
    of = emblem_of(name)
    if of is not None:  # "Kaito, Bane of Nightmares Emblem": the card's name in the language
        return fill(_engine.translate(MESSAGES["card.emblem"], _LangTranslator(lang)), {"card": card_name(of, lang)})
    if lang != "en":
        named = _token_name(name, lang)
        if named:  # a token with a name of its own in the language (Primo, the Indivisible)
            return named
        # a token named after its creature type ("Spirit", "Insect"): the glossary's word
        from app.render.translate import subtype  # lazy: the renderer's translations load once a card's text is shown (start-up)

        return subtype(name, lang)
    return name


_BASICS = frozenset(("Plains", "Island", "Swamp", "Mountain", "Forest"))


def _token_name(name: str, lang: str) -> str:
    """A predefined token's own name in `lang` where its data has one (engine.cards.sets)."""
    from engine.cards.sets import loaded_token_named, token_data  # lazy: the token definitions load once a token is named (start-up)
    try:
        data: dict[str, Any] | None = token_data(name)
    except KeyError:  # a token named otherwise than its definition ("Phyrexian Beast")
        data = loaded_token_named(name)
    return str((data or {}).get(f"name_{lang}") or "")


def emblem_of(name: str | None) -> str | None:
    """The card that made an emblem named "<card> Emblem" (CR 114), if we know that card."""
    if not name or not name.endswith(" Emblem"):
        return None
    of = name[:-len(" Emblem")]
    return of if _card(of) is not None else None


class _LangTranslator(_Translator):
    """The catalog of one given language (an emblem's name drawn in the cards' language)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def gettext(self, message: str) -> str:
        return catalog(self.lang).gettext(message)


def emblem_card(name: str, text: str) -> dict[str, Any]:
    """What the renderer draws for an emblem: its name and the card's quoted text in each
    language, marked so that it gets no TOKEN tag."""
    of = emblem_of(name)
    card: dict[str, Any] = {"name": name, "type_line": "Emblem", "text": text, "is_emblem": True}
    if of is not None:
        for lang in ("de", "it"):
            card[f"name_{lang}"] = card_name(name, lang)
            quoted = quoted_text(of, text, lang)
            if quoted != text:
                card[f"text_{lang}"] = quoted
    return card


@lru_cache(maxsize=1)
def _faces() -> dict[str, tuple[str, int]]:
    """Face name -> (the card's whole name, the face's index), for "A // B" cards."""
    out: dict[str, tuple[str, int]] = {}
    for whole in _card_names():
        if " // " in whole:
            for i, face in enumerate(whole.split(" // ")):
                out.setdefault(face, (whole, i))
    return out


def card_list(names: list[Any] | tuple[Any, ...]) -> str:
    return ", ".join(card_name(str(n)) if n else message("card.hidden") for n in names)


def step_name(step: str) -> str:
    return message(f"step.{step}")


def zone_name(zone: str) -> str:
    return message(f"zone.{zone}")


signed = _engine.signed


def counters_text(kind: str, count: int) -> str:
    """`count` counters of a kind in the UI language: "2 +1/+1 counters", "2 Stufenmarken"."""
    return _engine.counters(kind, count, TRANSLATOR)

# ----------------------------------------------------------------- event sentences
SHOW_EMPTY_STEPS = False  # the setting "show steps in which nothing happened" (app.settings)


def event_text(ev: Mapping[str, Any], you: str | None = None) -> str | None:
    """The log sentence for one engine event in the UI language, or None if it is not worth
    a line. `you`: the viewer's player name; their own events are told in the second person."""
    return _engine.event_text(ev, you, TRANSLATOR)


def event_lines(events: Sequence[Mapping[str, Any]], you: str | None = None) -> list[str]:
    """Sentences for a batch of events; consecutive single draws by one player are merged,
    and steps in which nothing happened are left out (unless SHOW_EMPTY_STEPS)."""
    return _engine.event_lines(list(events), you, TRANSLATOR, SHOW_EMPTY_STEPS)


def _printed_lines(name: str, lang: str) -> tuple[list[str], list[str]] | None:
    """The English and the `lang` rules lines of a card, line by line, where the card data
    has its printed text in `lang` (German or Italian) with as many lines as the English."""
    data = _card(name)
    if data is None:
        data = printed(name)
    local = getattr(data, f"text_{lang}", None) if data is not None else None
    if not local or data is None:
        return None
    en = [t.strip() for t in data.text.splitlines() if t.strip()]
    other = [t.strip() for t in local.splitlines() if t.strip()]
    if "//" in en and len(other) == len(en) + 1 and other[-1].startswith("("):
        other = other[:-1]  # a Room's reminder line, which the English text keeps apart
    return (en, other) if len(en) == len(other) else None


def card_line(name: str | None, line: str, lang: str | None = None, partial: bool = True) -> str:
    """One rules line of a card (an ability's own Oracle line, as the card layer labels its
    abilities) in the UI language: the printed German or Italian line at the same place of
    the card's text where the data has it, otherwise the English line."""
    lang = lang or _lang
    if lang not in ("de", "it") or not name or not line:
        return line
    lines = _printed_lines(name, lang)
    if lines is None:  # a token the engine makes (a Treasure's ability in its menu): no card file
        from app.render.translate import token_line  # lazy: the renderer's translations load once a card's text is shown (start-up)
        return token_line(line, lang)
    en, local = lines
    target = line.strip()

    def plain(i: int) -> str:
        # the printed line keeps its reminder text; the label does not when the English has none
        return _REMINDER.sub("", local[i]).strip() if "(" not in target else local[i]

    if target in en:
        return plain(en.index(target))
    bare = [t.lstrip("•").strip() for t in en]  # a mode is its line without the bullet
    if target in bare:
        return plain(bare.index(target)).lstrip("•").strip()
    within = [i for i, t in enumerate(en) if target in t] if partial else []  # a line without its ability word
    if partial and not within and len(target) > 12:
        # a sentence out of a line, its first word capitalised and its own full stop ("Target
        # opponent may have you draw three cards." of Combustible Gearhulk's trigger): the line
        key = target.rstrip(".").lower()
        within = [i for i, t in enumerate(en) if key in t.lower()]
    return plain(within[0]) if len(within) == 1 else line


_REMINDER = re.compile(r"\s*\([^()]*\)\s*$")
_QUOTES = {"de": ("„", "“"), "it": ("\"", "\"")}


def quoted_text(card: str | None, text: str, lang: str | None = None) -> str:
    """Text a card quotes ("You get an emblem with \"Ninjas you control get +1/+1.\"") as
    the card's German or Italian text quotes it where the data has it; otherwise as given."""
    lang = lang or _lang
    if lang not in _QUOTES or not card or not text:
        return text
    lines = _printed_lines(card, lang)
    if lines is None:
        return text
    en, local = lines
    line = next((i for i, t in enumerate(en) if text in t), None)
    opening, closing = _QUOTES[lang]
    if line is None or opening not in local[line]:
        return text
    quoted = local[line].split(opening, 1)[1]
    return quoted.split(closing, 1)[0] if closing in quoted else text


def _names_listed(text: str) -> list[str]:
    """The card names of an engine's "A, B, C" list, where a name may itself hold a comma
    ("Aminatou, Veil Piercer"): the longest run of pieces that names a card is one name."""
    parts = [p for p in text.split(", ") if p] if text.strip() else []
    out, i = [], 0
    while i < len(parts):
        j = next((j for j in range(len(parts), i + 1, -1) if _card(", ".join(parts[i:j])) is not None), i + 1)
        out.append(", ".join(parts[i:j]))
        i = j
    return out


def prompt_text(pending: Mapping[str, Any] | None, names: list[str] | None = None) -> str:
    """The prompt for an open decision (engine message key + params)."""
    if pending is None:
        return ""
    params = dict(pending.get("params") or {})
    if "target" in params and "card" in params:  # a layer card's target: its line, localized
        # (a whole line ends with its full stop, and the prompt closes its brackets with one:
        # "(… esilia il cimitero di un giocatore bersaglio.)." read twice)
        line = card_line(str(params["card"]), str(params["target"]))
        params["target"] = line[:-1] if line.endswith(".") and not line.endswith("..") else line
    if "ability" in params and "card" in params:  # "you may ...": the ability's own line, localized
        params["ability"] = card_line(str(params["card"]), str(params["ability"]))
    for field in ("target", "what"):  # a short wording ("target creature you control")
        if isinstance(params.get(field), str):
            params[field] = _engine.description(params[field], TRANSLATOR)
    if "step" in params:
        params["step"] = step_name(str(params["step"]))
    if isinstance(params.get("subtype"), str) and _lang != "en":  # "a Forest card": the glossary's word
        from app.render.translate import subtype  # lazy: the renderer's translations load once a card's text is shown (start-up)

        params["subtype"] = subtype(params["subtype"], _lang)
    if "card" in params:
        params["card"] = card_name(params["card"])
    if isinstance(params.get("permanent"), str):  # a permanent named as an option: "Bear Trap" or "Bear Trap#2"
        name, sep, k = params["permanent"].partition("#")
        params["permanent"] = card_name(name) + sep + k
    if names and "player" not in params:
        params["player"] = names[pending.get("player", 0)]
    key = str(pending.get("prompt") or f"decide.{pending.get('kind', '')}")
    if key == "ask.choose_pile" and isinstance(params.get("up"), str):  # Choose Your Demise's face-up cards
        up = _names_listed(params["up"])
        params["up"] = ", ".join(card_name(n) for n in up) if up else tr("no cards")
    if has_message(key):
        return message(key, **params)
    return message("decide.generic", **params)


def os_reason(exc: OSError) -> str:
    """Why the system refused a file, in the UI language for the usual reasons (a full disk, no
    permission, a read-only disk, a missing folder); else the system's own words (its
    strerror, which Python gives in English)."""
    full, denied = tr("the disk is full"), tr("Manatable has no permission to use that file or folder")
    reasons = {errno.ENOSPC: full, errno.EDQUOT: full, errno.EACCES: denied, errno.EPERM: denied,
               errno.EROFS: tr("the disk or folder can only be read"),
               errno.ENOENT: tr("the file or its folder does not exist"),
               errno.EISDIR: tr("that is a folder, not a file"),
               errno.ENOTDIR: tr("a part of the path is not a folder"),
               errno.ENAMETOOLONG: tr("the file name is too long"),
               errno.EIO: tr("the disk reported an error (input/output error)")}
    return (reasons.get(exc.errno) if exc.errno is not None else None) or exc.strerror or str(exc)


def file_error_text(exc: BaseException) -> str:
    """A file refused with a message key (SaveFileError: savefile.*) in the UI language; the
    refusal that stopped a replay (an ActionError on __cause__) is translated too; an OSError
    by its reason (os_reason)."""
    if isinstance(exc, OSError):
        return os_reason(exc)
    key = getattr(exc, "key", None)
    if not isinstance(key, str) or not has_message(key):
        return str(exc)
    params = dict(getattr(exc, "params", {}) or {})
    cause = exc.__cause__
    if "reason" in params and cause is not None and getattr(cause, "key", None):
        params["reason"] = error_text(cause)
    return message(key, **params)


def error_text(exc: BaseException) -> str:
    """An engine refusal (ActionError: key + params) in the UI language; anything else as its
    own text. The English sentence is the catalog's, as str(exc) is."""
    key = getattr(exc, "key", "")
    params = dict(getattr(exc, "params", {}) or {})
    for field in ("card", "attacker", "source", "door"):  # the fields that hold a card's name
        if isinstance(params.get(field), str):
            params[field] = card_name(params[field])
    if isinstance(params.get("desc"), str):
        params["desc"] = _engine.description(params["desc"], TRANSLATOR)
    k = f"error.{key}"
    if key and has_message(k):
        return message(k, **params)
    return str(exc)
