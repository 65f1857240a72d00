"""Every decision of every scenario, as the table's prompt bar shows it: runs each scenario's
[[do]] steps on a game that sits on a table (offscreen), and before each step looks at the
open decision the way a player would. It reports

* a decision the prompt bar cannot answer: no button, no highlighted card, no click mode;
* a choice the scenario makes that no button, highlighted card or click offers;
* English words inside the German or Italian prompt (card names and card text excepted);
* a prompt or button text that is a raw key or an action text ("cast X -> Y").

    python tools/prompts_in_scenarios.py [--lang de] [DIR_OR_FILE ...]   (default: tests/scenarios)
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-prompts-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from app.i18n import card_name, set_language  # noqa: E402
from app.session import LocalSession  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.table.prompts import _option_label  # noqa: E402
from app.table.widget import TableWidget  # noqa: E402
from engine import scenario as sc  # noqa: E402

# words that are English and never German or Italian rules words (nor parts of our card names)
ENGLISH = {"the", "you", "your", "target", "choose", "creature", "cards", "each", "with", "and", "from", "put",
           "graveyard", "library", "battlefield", "counter", "counters", "sacrifice", "player", "opponent",
           "nothing", "done", "cast", "pay", "draw", "discard", "exile", "return", "permanent", "nonland",
           "enchantment", "artifact", "spell", "ability", "attack", "block", "damage", "control", "this", "that",
           "or", "of", "to", "it", "its", "may", "another", "untapped", "tapped", "land", "reveal"}
WORD = re.compile(r"[A-Za-z']+")
SAME = {"de": {"Permanent", "Land"}, "it": {"creature"}}  # also words of that language ("le creature", "ein Land")


def english_words(text: str, names: set[str], lang: str = "de") -> list[str]:
    for n in sorted(names, key=len, reverse=True):  # card names as the data has them (English where
        text = text.replace(n, " ")                     # no translation exists) are not UI text
    text = re.sub(r"\([^()]*\)", " ", text)  # a card's own text quoted in parentheses
    return sorted({w for w in WORD.findall(text) if w.lower() in ENGLISH and w not in SAME.get(lang, ())})


def check_file(path: Path, lang: str) -> list[str]:
    notes: list[str] = []
    try:
        data = sc.load(path)
        game = sc.make_game(data)
    except Exception as exc:  # noqa: BLE001 - a scenario the runner refuses is reported by it
        return [f"{path.name}: cannot load: {exc}"]
    session = LocalSession(game, 0, controls=set(range(game.num_players)))
    table = TableWidget(session, Settings(animations=False, language=lang))
    names = {o.name for o in game.st.objects.values()} | {card_name(o.name) for o in game.st.objects.values()}
    names |= {p.name for p in game.players}
    seen: set[tuple[Any, ...]] = set()
    try:
        for i, step in enumerate(data.get("do", []), 1):
            key, value = next(iter(step.items()))
            dec = game.pending
            if dec is not None and dec.kind != "priority":
                session._obs = None
                table.refresh() if hasattr(table, "refresh") else None
                it = table.interaction
                it.refresh()
                text, buttons = it.prompt()
                labels = [b[0] for b in buttons if b[2] and b[3] != "Esc"]  # (Cancel answers nothing)
                lit = [c for c in table.scene.cards.values() if c.highlight]
                where = f"{path.name} #{i} ({dec.kind} {dec.prompt})"
                sig = (dec.kind, dec.prompt, tuple(dec.options))
                if not labels and not lit and it.mode not in ("targets", "attackers", "blockers", "choose"):
                    notes.append(f"{where}: no button or card answers: {text!r}")
                if key == "act" and isinstance(value, str) and ": choose " in value and labels and it.mode != "targets":
                    card = (dec.params or {}).get("card")
                    wanted = [w.strip() for w in value.split(": choose ", 1)[1].split(",")]
                    for w in wanted:  # the option the answer names (it may be a prefix: "library: Altanak")
                        option = next((o for o in dec.options if o == w), None) or \
                            next((o for o in dec.options if o.startswith(w)), None)
                        if option is None or option.lower() in ("nothing", "done", "yes", "no"):
                            continue  # (an @reference, or a word every prompt offers)
                        if _option_label(option, card, str(dec.prompt or "")) not in {b.lstrip("✔ ") for b in labels} \
                                and option.split("#")[0] not in {c.name for c in lit}:
                            notes.append(f"{where}: the answer {w!r} is not offered: buttons {labels}")
                if lang != "en" and sig not in seen:
                    for t in [text] + labels:
                        bad = english_words(t, names, lang)
                        if bad:
                            notes.append(f"{where}: English {bad} in {t!r}")
                        if re.search(r"\b(cast|activate|choose) \S.* -> ", t) or re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", t):
                            notes.append(f"{where}: raw text {t!r}")
                seen.add(sig)
            try:
                if key == "act":
                    sc.do_act(game, value)
                elif key == "refuse":
                    sc.do_refuse(game, value)
                elif key == "pass_until":
                    sc.do_pass_until(game, value, [sc.MAX_AUTO_TOTAL])
            except Exception as exc:  # noqa: BLE001 - the runner's own job; stop here
                notes.append(f"{path.name} #{i}: the scenario stopped: {exc}")
                break
    finally:
        table.close()
        table.deleteLater()
    return notes


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=[str(ROOT / "tests" / "scenarios")])
    ap.add_argument("--lang", default="de")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])

    set_language(args.lang)
    files: list[Path] = []
    for p in map(Path, args.paths):
        files += sorted(p.rglob("*.toml")) if p.is_dir() else [p]
    count = 0
    for f in files:
        for line in check_file(f, args.lang):
            print(line)
            count += 1
        app.processEvents()
    print(f"{len(files)} scenarios, {count} notes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
