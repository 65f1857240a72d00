"""Play a Commander game to its end through the table's own mouse and keyboard paths (QTest on
the real widgets), as a player would: the start page's Commander button, the dialog (four
players by keyboard, the four printed decks it offers, OK by mouse); on the table, double-click
a land or a castable card in the hand, double-click the command zone's pile to cast the
commander, click highlighted targets and attackers, click the prompt bar's buttons. Three
computer players (heuristic level) sit in the other seats. Screenshots of the command zone, the
commander tax and commander damage, the game's end; with --lan also a joined LAN seat's table.

    python tools/play_commander.py [--lang de] [--seed 19] [--max-turns 120] [--lan] [OUT_DIR]

Prints the outcome (a win or a loss), the turn and the number of gestures.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

# first: offscreen Qt, a fresh MANATABLE_HOME, the checkout on sys.path (tools/table_driver.py)
from table_driver import command_line, game_result, lan_dialog, open_window

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from app.ai_dialog import ComputerSeatDialog
from app.commander_dialog import CommanderDialog
from app.shell import lan_flow
from engine.decks.samples import commander_decks
from play_archenemy import LEFT, Player, pump, shoot, visible_point


class CommanderPlayer(Player):
    """A human seat at a Commander table: casts the commander from the command zone's pile
    (a double-click) whenever it can, otherwise plays as tools/play_archenemy.py's Player."""

    def new_commander_game(self, players: int = 4, shot: str = "") -> None:
        def fill(dlg: Any) -> None:
            dlg.seats.setFocus()
            QTest.keyClick(dlg.seats, Qt.Key.Key_End)  # (four players, the most the spin box allows)
            while dlg.seats.value() > players:
                QTest.keyClick(dlg.seats, Qt.Key.Key_Down)
        self.start_from_dialog("commander", CommanderDialog, fill, shot)

    def decide(self) -> None:
        it = self.table.interaction
        o = self.obs()
        pend = o.get("pending") or {}
        seat = self.session.seat
        home = {c["id"] for c in o["players"][seat].get("command", [])}
        if pend.get("kind") == "priority" and not it.mode and not o.get("stack") and self.my_turn() \
                and o.get("step") in ("main1", "main2") \
                and any(a.verb == "cast" and a.obj in home for a in self.session.legal_actions()):
            pile = self.table.scene.zones[("command", seat)]
            view = self.table.view
            before = len(self.session.game.history)
            QTest.mouseDClick(view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                              view.mapFromScene(pile.mapToScene(pile.card_rect().center())))
            self.gestures += 1
            pump()
            if len(self.session.game.history) != before or it.mode:
                self.log.append(f"turn {o.get('turn')}: the commander cast from the command zone")
                return
        super().decide()


def commander_moments(out: Path, lang: str, taken: set[str]) -> Any:
    """Screenshots as the game shows them: the command zones, the tax once a commander was
    cast from there, the first commander damage."""
    def look(pl: Player) -> None:
        o = pl.obs()
        players = o.get("players", [])
        if "zone" not in taken and o.get("turn", 0) >= 2:
            taken.add("zone")
            shoot(pl.w, out / f"commander_zone_{lang}.png")
        if "tax" not in taken and any(int(c.get("tax", 0)) > 0 for p in players for c in p.get("commanders", [])):
            taken.add("tax")
            shoot(pl.w, out / f"commander_tax_{lang}.png")
        if "damage" not in taken and any(p.get("commander_damage") for p in players):
            taken.add("damage")
            shoot(pl.w, out / f"commander_damage_{lang}.png")
    return look


def play_to_the_end(lang: str, seed: int, max_turns: int, out: Path) -> dict[str, Any]:
    w = open_window(lang, seed, player_name="Anna")
    p = CommanderPlayer(w, out, lang)
    p.new_commander_game(4, shot=f"commander_newgame_{lang}.png")
    taken: set[str] = set()
    started = time.monotonic()
    p.play(max_turns, commander_moments(out, lang, taken))
    o = p.obs()
    shoot(w, out / f"commander_end_{lang}.png")
    result = game_result(p, started, you=o["players"][p.session.seat]["name"], shots=sorted(taken), log=p.log)
    w.table.session.close()
    return result


# ---------------------------------------------------------------------- a joined LAN seat
def lan_joined_seat(lang: str, out: Path, turns: int = 24) -> dict[str, Any]:
    """A LAN Commander table on loopback: Anna hosts (the first Commander deck), Bob joins from a
    second window with the second deck, a computer player takes the third seat. Both humans
    answer through their prompt bars, play lands by double-clicks (and Bob casts his commander
    from his command zone's pile when he can); Bob's table is photographed once a commander's
    tax and commander damage show (or after `turns` turns)."""
    decks = [str(p) for p in commander_decks()]

    def wait(cond: Any, seconds: float = 60.0) -> None:
        end = time.monotonic() + seconds
        while not cond():
            if time.monotonic() > end:
                raise TimeoutError("the LAN table did not get there")
            pump(20)

    w = open_window(lang)
    host = lan_flow.host_lan(w, bind="127.0.0.1", announce=False, port=0,
                             dialog=lan_dialog(w, host=True, name="Anna", deck=decks[0]))
    wait(lambda: w.lan_lobby.ready.isEnabled())
    v = open_window(lang)
    bob = lan_flow.join_lan(v, dialog=lan_dialog(v, host=False, name="Bob", deck=decks[1],
                                                 address=f"127.0.0.1:{host.worker.server.port}"))
    wait(lambda: v.lan_lobby.ready.isEnabled())
    QTest.mouseClick(v.lan_lobby.ready, LEFT)
    # the host's lobby: "Add a computer player…", the third deck in its dialog, OK (by mouse)
    def fill_computer() -> None:
        dlg = QApplication.activeModalWidget()
        if not isinstance(dlg, ComputerSeatDialog):
            QTimer.singleShot(50, fill_computer)
            return
        dlg.deck.setCurrentIndex(dlg.deck.findData(decks[2]))
        QTest.mouseClick(dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok), LEFT)
    wait(lambda: w.lan_lobby.computer.isEnabled())
    QTimer.singleShot(0, fill_computer)
    QTest.mouseClick(w.lan_lobby.computer, LEFT)
    wait(lambda: w.lan_lobby.start.isEnabled())
    QTest.mouseClick(w.lan_lobby.start, LEFT)
    wait(lambda: w.table is not None and v.table is not None and bool(bob.observation().get("players")))
    labels = ("Behalten", "Keep", "Ja", "Yes", "Nicht angreifen", "Don't attack", "Nicht blocken", "Don't block",
              "Nächster Zug", "Next turn", "Passen", "Pass", "Verrechnen", "Resolve")
    cast = False
    end = time.monotonic() + 600
    while time.monotonic() < end:
        o = bob.observation()
        if o.get("outcome") or o.get("turn", 0) > turns:
            break
        taxed = any(int(c.get("tax", 0)) for p in o["players"] for c in p.get("commanders", []))
        if taxed and any(p.get("commander_damage") for p in o["players"]) and o.get("step") in ("end", "cleanup"):
            break  # a commander's tax and commander damage: both show on Bob's table
        for window, s in ((w, host), (v, bob)):
            if not s.state.my_decision():
                continue
            obs = s.observation()
            home = {c["id"] for c in obs["players"][s.seat].get("command", [])}
            main = obs.get("active") == s.seat and obs.get("step") in ("main1", "main2") and not obs.get("stack")
            legal = s.legal_actions() if main else []
            view = window.table.view
            if s is bob and not cast and any(a.verb == "cast" and a.obj in home for a in legal):
                pile = window.table.scene.zones[("command", s.seat)]
                QTest.mouseDClick(view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                                  view.mapFromScene(pile.mapToScene(pile.card_rect().center())))
                cast = True
                pump(300)
                continue
            land = next((a for a in legal if a.verb == "play" and a.obj in window.table.scene.cards), None)
            if land is not None:  # a land from the hand, double-clicked
                before = len(obs["players"][s.seat].get("hand", []))
                QTest.mouseDClick(view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                                  visible_point(window.table, window.table.scene.cards[land.obj]))
                end_wait = time.monotonic() + 10
                while len(s.observation()["players"][s.seat].get("hand", [])) == before and time.monotonic() < end_wait:
                    pump(20)
                continue
            shown = [b for b in window.table.prompt_bar.buttons if b.isEnabled() and b.isVisible()]
            pick = next((b for label in labels for b in shown if b.text() == label), shown[0] if shown else None)
            lit = [i for i in window.table.scene.cards.values() if i.highlight == "choice"]
            if pick is None and lit:  # a card to choose (a discard to hand size): click it
                view = window.table.view
                QTest.mouseClick(view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, visible_point(window.table, lit[0]))
                pump(50)
            elif pick is not None:
                before = repr(s.observation().get("pending"))
                QTest.mouseClick(pick, LEFT)
                # (one click per decision: wait for the host's answer before looking again)
                end_wait = time.monotonic() + 10
                while repr(s.observation().get("pending")) == before and time.monotonic() < end_wait:
                    pump(20)
        pump(30)
    pump(300)
    shoot(v, out / f"commander_lan_joined_{lang}.png")
    o = bob.observation()
    result = {"turn": o.get("turn"), "bob_cast": cast,
              "taxes": [[int(c.get("tax", 0)) for c in p.get("commanders", [])] for p in o["players"]],
              "commander_damage": [p.get("commander_damage") for p in o["players"]]}
    bob.close()
    host.close()
    return result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lang", default="de")
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--max-turns", type=int, default=120)
    ap.add_argument("--lan", action="store_true", help="also a joined LAN seat's table")
    ap.add_argument("--lan-only", action="store_true")
    args, app, out = command_line(ap)
    if not args.lan_only:
        print(play_to_the_end(args.lang, args.seed, args.max_turns, out), flush=True)
    if args.lan or args.lan_only:
        print(lan_joined_seat(args.lang, out), flush=True)
    app.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
