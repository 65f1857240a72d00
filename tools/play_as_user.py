"""Goldfish the sample decks in rules mode through the table's own gestures, as a player
would: double-click a land and the spells that can be cast, click the highlighted targets,
click the prompt bar's buttons, attack with every creature. It reports what surprised it —
a gesture that changed nothing and said nothing, a decision no button answers, an error —
and saves a screenshot per deck.

    python tools/play_as_user.py [--turns N] [--deck NAME] [--lang de] [--verbose] [OUT_DIR]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MANATABLE_HOME", tempfile.mkdtemp(prefix="manatable-play-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from app.i18n import language, set_language  # noqa: E402
from app.session import LocalSession  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.table.widget import TableWidget  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.decks import read_deck, sample_decks  # noqa: E402
from engine.game import Game  # noqa: E402


def play(deck_path: Path, turns: int, out: Path, seed: int, verbose: bool = False) -> list[str]:

    deck = read_deck(deck_path)
    cards = [e.name for e in deck.deck.main for _ in range(e.count)]
    game = Game(GameConfig(players=["You", "Bob"], decks=[cards, ["Plains"] * 40], mode="rules",
                           seed=seed, goldfish=True))
    # the card faces in the UI language, as the app draws them with that language set
    t = TableWidget(LocalSession(game, 0, controls={0}), Settings(animations=False, language=language()))
    t.resize(1500, 950)
    t.show()
    app = QApplication.instance()
    rng = random.Random(seed)
    it = t.interaction
    notes: list[str] = []

    def pump() -> None:
        for _ in range(3):
            app.processEvents()

    def obs() -> dict[str, Any]:
        return t.session.observation()

    def snapshot() -> str:
        o = obs()
        return repr((o.get("pending"), o.get("stack"), [(c["id"], c.get("tapped"), c.get("zone"))
                                                        for c in o["battlefield"]],
                     [len(p["hand"]) for p in o["players"]], it.mode, it.target_i, tuple(it.chosen)))

    def message() -> str:
        bar = t.prompt_bar
        return getattr(bar, "message_text", "") or getattr(getattr(bar, "message", None), "text", lambda: "")()

    def items(zone: str, mine: bool = True) -> list[Any]:
        return [i for i in t.scene.cards.values() if i.zone == zone and i.mine == mine and i.obj_id is not None]

    def gesture(what: str, fn: Any) -> bool:
        before = snapshot()
        t.clear_message()
        try:
            fn()
        except Exception as exc:  # a crash is the worst surprise
            notes.append(f"{deck_path.stem}: {what}: {type(exc).__name__}: {exc}")
            return False
        pump()
        menu = getattr(t, "action_menu", None)
        if menu is not None and menu.isVisible():
            acts = [a for a in menu.actions() if a.isEnabled()]
            menu.close()
            if acts:
                rng.choice(acts).trigger()
                pump()
        dlg = getattr(t, "mode_dialog", None)
        if dlg is not None and dlg.isVisible():
            buttons = [b for b in dlg.findChildren(object) if hasattr(b, "click") and hasattr(b, "text")
                       and b.text() and b.isEnabled()]
            if buttons:
                buttons[0].click()
                pump()
        changed = snapshot() != before
        if verbose:
            o = obs()
            print(f"  T{o.get('turn')} {o.get('step')}: {what} -> {'changed' if changed else 'no change'}"
                  + (f"; says {message()!r}" if message() else ""))
        if not changed and not message():
            notes.append(f"{deck_path.stem}: silent no-op: {what}")
        return changed

    def answer() -> bool:
        """Answer the open decision the way the prompt bar offers it."""
        text, buttons = it.prompt()
        if it.mode == "targets":
            refs = it.target_refs()
            targets = [i for i in t.scene.cards.values() if ("o", i.obj_id) in refs]
            players = [p for k, p in refs if k == "p"]
            if targets:
                return gesture(f"click target {targets[0].name} ({text})", lambda: it.card_clicked(targets[0]))
            if players:
                return gesture(f"click player {players[0]} ({text})", lambda: it.player_clicked(players[0]))
            piles = [b for b in buttons if b[2] and b[3] != "Esc"]  # targets in a graveyard: buttons
            if piles:
                return gesture(f"button {piles[0][0]!r} ({text})", piles[0][1])
            notes.append(f"{deck_path.stem}: targets asked, nothing highlighted: {text}")
            return gesture("cancel", it.cancel)
        if it.mode == "attackers":
            for i in items("battlefield"):
                if "Creature" in (i.data.get("types") or []) and not i.data.get("tapped") and i.highlight:
                    it.card_clicked(i)
            return gesture("declare attackers", it.declare_attackers)
        if it.mode == "blockers":
            return gesture("declare no blockers", lambda: it.declare_blockers(none=True))
        if it.mode == "choose":
            hand = items("hand")
            pend = obs().get("pending") or {}
            for i in hand[:int(pend.get("count", 1) or 1)]:
                it.card_clicked(i)
            return gesture(f"choose cards ({text})", it.choose_done)
        usable = [b for b in buttons if b[2]]
        lit = [i for i in t.scene.cards.values() if i.highlight == "choice"]
        if not usable and lit:  # "click the highlighted card on the table"
            return gesture(f"click {lit[0].name} ({text})", lambda: it.card_clicked(lit[0]))
        if not usable:
            if obs().get("pending") is not None:
                notes.append(f"{deck_path.stem}: no button answers: {text}")
            return False
        pick = usable[0] if len(usable) == 1 else rng.choice(usable[:-1] if "Esc" in usable[-1][3] else usable)
        return gesture(f"button {pick[0]!r} ({text})", pick[1])

    steps = 0
    while steps < 600:
        o = obs()
        if o.get("outcome") or o.get("turn", 0) > turns:
            break
        steps += 1
        pend = o.get("pending") or {}
        if it.mode or pend.get("kind") != "priority" or o.get("stack"):
            if not answer():
                break
            continue
        step = o.get("step")
        did = False
        if step in ("main1", "main2") and o.get("active") == 0:
            if verbose:
                print(f"  T{o.get('turn')} {step}: hand " + ", ".join(
                    f"{i.name}{'*' if any(a.verb in ('play', 'cast') for a in it.actions_for(i)) else ''}"
                    for i in items("hand")))
            for i in items("hand"):
                acts = [a for a in it.actions_for(i) if a.verb in ("play", "cast")]
                if acts:
                    did = gesture(f"double-click {i.name} in hand", lambda i=i: it.card_double_clicked(i))
                    if did:
                        break
            if not did:
                for i in items("battlefield"):
                    acts = [a for a in it.actions_for(i) if a.verb in ("activate", "unlock", "turn_face_up")
                            and a.ability != 0]
                    if acts and rng.random() < 0.5:
                        did = gesture(f"double-click {i.name} on the battlefield",
                                      lambda i=i: it.card_double_clicked(i))
                        if did:
                            break
        if not did:
            gesture(f"pass priority in {step}", it.pass_priority)
    t.grab().save(str(out / f"play_{deck_path.stem}.png"))
    o = obs()
    notes.append(f"{deck_path.stem}: turn {o.get('turn')}, Bob's life {o['players'][1]['life']}, "
                 f"{steps} gestures, outcome {o.get('outcome')}")
    t.close()
    return notes


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=tempfile.mkdtemp(prefix="manatable-play-shots-"))
    ap.add_argument("--turns", type=int, default=8)
    ap.add_argument("--deck")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="print every gesture and what it changed")
    args = ap.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])

    set_language(args.lang)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for path in sample_decks():
        if args.deck and args.deck not in path.stem:
            continue
        for line in play(path, args.turns, out, args.seed, args.verbose):
            print(line)
    print(f"screenshots in {out}")
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
