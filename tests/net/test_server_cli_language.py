"""`manatable-server` speaks the environment's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), as
the app does: its help, why it cannot start, and the line it prints when it listens."""
from __future__ import annotations

import os
import selectors
import socket
import subprocess
import sys

import pytest

from engine.messages.catalogs import environment_language
from engine.net import server

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_language_comes_from_the_environment():
    assert environment_language({"LANGUAGE": "it:en", "LANG": "de_DE.UTF-8"}) == "it"
    assert environment_language({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}) == "de"
    assert environment_language({"LANG": "fr_FR.UTF-8"}) == "en"  # one we don't have: English
    assert environment_language({}) is None


def test_help_and_refusals_in_german_and_italian(monkeypatch, capsys, tmp_path):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANGUAGE", "de")
    with pytest.raises(SystemExit):
        server.main(["--help"])
    out = capsys.readouterr().out
    assert "Ein Manatable-LAN-Spiel ohne Fenster eröffnen." in out
    assert "die Plätze am Tisch (2 bis 4)" in out
    assert server.main(["--resume", str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("manatable-server: Das Journal ") and "kann nicht gelesen werden" in err
    monkeypatch.setenv("LANGUAGE", "it")
    assert server.main(["--players", "2", "--dir", str(tmp_path), "--computer", "3"]) == 2
    assert capsys.readouterr().err.strip() == "manatable-server: --computer 3: il posto è un numero da 1 a 2."
    monkeypatch.setenv("LANGUAGE", "en")
    assert server.main(["--players", "2", "--dir", str(tmp_path), "--computer", "2:genius"]) == 2
    assert capsys.readouterr().err.strip() == \
        "manatable-server: --computer 2:genius: the level is one of heuristic, search."


def test_a_port_in_use_is_said_in_german(monkeypatch, capsys, tmp_path):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANGUAGE", "de")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert server.main(["--port", str(port), "--dir", str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith(f"manatable-server: kann nicht auf 127.0.0.1:{port} lauschen: ")


def test_the_listening_line_in_italian(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(LANGUAGE="it", MANATABLE_HOME=str(tmp_path / "home"))
    proc = subprocess.Popen([sys.executable, "-m", "engine.net.server", "--port", "0", "--players", "3",
                             "--mode", "hybrid", "--name", "Venerdì", "--dir", str(tmp_path / "lan")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    try:
        assert proc.stdout is not None
        with selectors.DefaultSelector() as sel:  # (bounded: a server that prints nothing fails the test)
            sel.register(proc.stdout, selectors.EVENT_READ)
            assert sel.select(120), "the server printed nothing"
        line = proc.stdout.readline()
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(20)
    assert line.startswith("Partita LAN di Manatable «Venerdì»: 3 posti, modalità ibrida, in ascolto su 127.0.0.1:")
