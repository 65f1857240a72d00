"""A resumed journal remembers which passes a seat's program made by itself (Act.auto): an undo
asked right after the host came back takes back the player's own last action, as it would
have before the restart. An old journal (no "auto") still loads. In-process, no sockets."""
from __future__ import annotations

import json

from engine.messages import message
from engine.messages.catalogs import CatalogTranslator
from engine.net import engine_port as port
from engine.net import journal as jr
from engine.net import protocol as P
from engine.net.room import Room
from net_helpers import FakePeer, keep_all, seated_room


def _play_and_resume(tmp_path, strip_auto: bool = False):
    """Both keep; the player who decides then makes an action of their own (a pass), and their
    program passes twice more by itself. The host restarts from its journal; both come back."""
    r, peers = seated_room(journal_dir=tmp_path)
    keep_all(r, peers)
    me = port.decider(r.game)
    r.handle(peers[me], P.Act(text="pass", seq=r.seq))  # the player's own
    own = port.history_length(r.game) - 1
    autos = 0
    while autos < 2:
        who = port.decider(r.game)
        r.handle(peers[who], P.Act(text="pass", seq=r.seq, auto=who == me))
        autos += who == me
    assert port.history_length(r.game) > own + 2
    r.journal.close()
    path = tmp_path / "journal.jsonl"
    if strip_auto:  # a journal written before "auto" was recorded
        lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
        path.write_text("".join(json.dumps({k: v for k, v in x.items() if k != "auto"}) + "\n" for x in lines),
                        encoding="utf-8")
    tokens = [next(m.token for m in p.sent if isinstance(m, P.Welcome)) for p in peers]
    r2 = Room.resume(path)
    back = [FakePeer() for _ in peers]
    for i, p in enumerate(back):
        assert r2.join(p, P.Hello(version=P.PROTOCOL_VERSION, name=f"P{i + 1}", token=tokens[i]))
    return r2, back, me, own


def test_an_undo_after_a_resume_takes_back_the_players_own_last_action(tmp_path):
    r2, back, me, own = _play_and_resume(tmp_path)
    r2.handle(back[me], P.UndoRequest())
    r2.handle(back[1 - me], P.UndoAnswer(accept=True))
    assert any(isinstance(m, P.UndoResult) and m.accepted for m in back[me].sent)
    assert port.history_length(r2.game) == own  # their pass and the automatic ones after it
    assert port.decider(r2.game) == me  # the decision they passed is theirs again


def test_an_old_journal_without_auto_still_loads(tmp_path):
    r2, back, me, own = _play_and_resume(tmp_path, strip_auto=True)
    n = port.history_length(r2.game)
    assert n > own + 2
    r2.handle(back[me], P.UndoRequest())
    r2.handle(back[1 - me], P.UndoAnswer(accept=True))
    assert port.history_length(r2.game) == n - 1  # (nothing says which passes were automatic)


def test_the_journal_writes_auto_only_when_set(tmp_path):
    j = jr.Journal(tmp_path / "j.jsonl", {"names": ["A", "B"]})
    j.action(0, "pass", auto=True)
    j.action(1, "pass")
    j.close()
    assert jr.read(tmp_path / "j.jsonl")[1] == [(0, "pass", True), (1, "pass", False)]
    assert '"auto"' not in (tmp_path / "j.jsonl").read_text(encoding="utf-8").splitlines()[2]


def test_an_undo_with_only_automatic_actions_is_refused_in_words(tmp_path):
    """A seat whose every action its program made by itself (Act.auto) has nothing of its own
    to take back: the request is refused with a sentence (en/de/it), and no automatic pass is
    taken back instead (that would take back the other players' actions after it, and the
    program would pass again at once)."""
    r, peers = seated_room(journal_dir=tmp_path)
    for _ in range(8):  # every decision answered, each seat's as its program would (auto)
        who = port.decider(r.game)
        if who is None or r.game.st.game_started:
            break
        r.handle(peers[who], P.Act(text="keep", seq=r.seq, auto=True))
    for _ in range(3):
        who = port.decider(r.game)
        r.handle(peers[who], P.Act(text="pass", seq=r.seq, auto=True))
    n = port.history_length(r.game)
    r.handle(peers[0], P.UndoRequest())
    err = peers[0].errors()[-1]
    assert err.key == "net.only_automatic_to_undo" and err.reason == "wrong_time"
    assert err.message == "There is nothing of yours to take back: so far you have only passed automatically."
    assert r.undo_ask is None and port.history_length(r.game) == n
    for lang, said in (("de", "Du hast nichts zurückzunehmen: Bisher hast du nur automatisch gepasst."),
                       ("it", "Non hai nulla da annullare: finora hai solo passato automaticamente.")):
        assert message(err.key, CatalogTranslator(lang)) == said
