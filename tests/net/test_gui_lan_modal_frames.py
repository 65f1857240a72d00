"""Frames that reach a LAN guest while a modal question is open on its window (session 20: a
guest fell silent just as its player was asked "Do you really want to concede this game?" and a
decision of his own came). The question runs an event loop of its own: the host's updates, the
guest's decision and its list of legal actions arrive inside it. Once the question is answered
("No") the guest's table shows its decision answerable (its buttons, the legal actions known),
and answering it through the table moves the game on — each time, ten times. Loopback only;
bounded."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from app.table import commands  # noqa: E402
from net_helpers import EVERY_STEP, answer_at_table, for_up_to, keep_hands, lan_pair  # noqa: E402

pytestmark = pytest.mark.usefixtures("gui_home")  # (tests/net/conftest.py)


def test_a_decision_that_comes_while_a_question_is_open_can_be_answered(qtbot, tmp_path):
    w, alice, v, bob, _address = lan_pair(qtbot, tmp_path)
    keep_hands(qtbot, [alice, bob])
    bob.stops, bob.opponent_stops = set(EVERY_STEP), set(EVERY_STEP)  # (Bob decides at every step)
    asked: list[str] = []
    inside: list[bool] = []  # per question: Bob's decision and its list came while it was open

    def answer_no() -> None:  # (inside the question's own event loop)
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            asked.append(box.text())
            inside.append(bob.state.my_decision() and bob.legal.known())
            box.button(QMessageBox.StandardButton.No).click()
        else:
            QTimer.singleShot(50, answer_no)

    rounds = 0
    for _ in for_up_to(qtbot, 90):
        if rounds >= 10:
            break
        if alice.state.my_decision() and alice.legal_actions():
            seq = bob.state.seq
            # Bob is asked whether he concedes; while the question is open Alice answers, and
            # her update (and Bob's next decision, if it is his) comes to Bob inside its loop
            QTimer.singleShot(0, lambda: commands.concede(v.table))
            QTimer.singleShot(100, lambda: answer_at_table(alice, w.table))
            QTimer.singleShot(600, answer_no)
            qtbot.waitUntil(lambda: len(asked) > rounds, timeout=10000)
            qtbot.waitUntil(lambda: bob.state.seq > seq, timeout=10000)
            rounds += 1
        elif bob.state.my_decision() and bob.legal_actions() and not bob.answer_sent():
            qtbot.waitUntil(lambda: bool(v.table.prompt_bar.buttons) and bob.decision_known(bob.seat), timeout=5000)
            answer_at_table(bob, v.table)
    assert rounds == 10, f"only {rounds} questions were asked in time"
    assert sum(inside) >= 5, inside  # (the case looked for: not a question over an idle table)
    assert bob.state.outcome is None and not bob.observation()["players"][bob.seat].get("lost")  # ("No": still in)
    alice.close()
    bob.close()
