"""The PyInstaller bundle, built and run as a player would: `manatable --self-test` from
dist/manatable under QT_QPA_PLATFORM=offscreen with an empty MANATABLE_HOME, and (when LAN
play exists) the bundled `manatable-server` on 127.0.0.1 with one bot connecting.

Slow (the build takes a minute or more of CPU): marked `bundle`, deselected by default.
Run it with `bash scripts/test.sh -m bundle`. MANATABLE_BUNDLE_PREBUILT=1 skips the build
and tests what is in dist/manatable.
"""
from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

# one build in dist/: every test of it on one pytest-xdist worker
pytestmark = [pytest.mark.bundle, pytest.mark.xdist_group("bundle")]
ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist" / "manatable"
HAS_LAN = (ROOT / "engine" / "net" / "server.py").exists()


@pytest.fixture(scope="module")
def bundle() -> Path:
    if not os.environ.get("MANATABLE_BUNDLE_PREBUILT"):
        done = subprocess.run(["bash", str(ROOT / "packaging" / "build.sh")], cwd=ROOT, capture_output=True,
                              text=True, timeout=1800)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (DIST / "manatable").is_file(), "the build left no dist/manatable/manatable"
    return DIST


def _offline() -> list[str]:
    """A command prefix that runs without any network (a new, empty network namespace) where
    the system allows it; else nothing (the proxies below still point nowhere)."""
    if shutil.which("unshare") and subprocess.run(["unshare", "-rn", "true"], capture_output=True).returncode == 0:
        return ["unshare", "-rn"]
    return []


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(QT_QPA_PLATFORM="offscreen", MANATABLE_HOME=str(tmp_path / "home"), **extra)
    return env


def test_the_bundle_passes_its_self_test(bundle: Path, tmp_path: Path) -> None:
    done = subprocess.run([str(bundle / "manatable"), "--self-test"], capture_output=True, text=True,
                          timeout=180, env=_env(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failed" in done.stdout


def test_the_bundle_carries_its_data_and_no_dev_tools(bundle: Path) -> None:
    internal = bundle / "_internal"
    for part in ("assets/cards/dsk.json", "assets/decks/furnace_red.cod", "assets/symbols/W.svg",
                 "assets/fonts/DejaVuSerifCondensed.ttf", "i18n/de/LC_MESSAGES/manatable.mo", "i18n/it/LC_MESSAGES/manatable.mo"):
        assert (internal / part).is_file(), part
    names = {p.name for p in internal.rglob("*")}
    for unwanted in ("pytest", "_pytest", "hypothesis", "mypy", "tkinter", "libQt6Qml.so.6",
                     "libQt6Quick.so.6", "libQt6Network.so.6", "libqgtk3.so", "tests"):
        assert unwanted not in names, unwanted


@pytest.mark.parametrize(("lang", "want"), [("de_DE.UTF-8", "de"), ("en_US.UTF-8", "en")])
def test_first_run_in_the_system_language(bundle: Path, tmp_path: Path, lang: str, want: str) -> None:
    """No settings, no network (no network at all where unshare works): the first window comes up in the
    system's language. MANATABLE_SHOTS=folder keeps a screenshot of it."""
    shot = Path(os.environ.get("MANATABLE_SHOTS") or tmp_path) / f"bundle_first_run_{want}.png"
    done = subprocess.run(_offline() + [str(bundle / "manatable"), "--quit-when-shown", "--screenshot", str(shot)],
                          capture_output=True, text=True,
                          timeout=120, env=_env(tmp_path, LANG=lang, LC_ALL=lang,
                                                http_proxy="http://127.0.0.1:9", https_proxy="http://127.0.0.1:9"),
                          cwd=tmp_path)
    assert done.returncode == 0 and "shown" in done.stdout, done.stdout + done.stderr
    assert done.stdout.split()[-1] == want, done.stdout
    assert shot.is_file() and shot.stat().st_size > 10_000


@pytest.mark.skipif(not HAS_LAN, reason="LAN play (engine/net) is not on this branch: no manatable-server to test")
def test_the_bundled_server_accepts_a_bot(bundle: Path, tmp_path: Path) -> None:
    # lazy: engine/net may be absent on a branch (HAS_LAN)
    from engine.net import protocol as P
    from engine.net.client import Client

    server = bundle / "manatable-server"
    assert server.is_file()
    proc = subprocess.Popen([str(server), "--host", "127.0.0.1", "--port", "0", "--dir", str(tmp_path / "lan")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=_env(tmp_path, LANGUAGE="en"))  # (its messages follow the environment's language)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # "... listening on 127.0.0.1:PORT."
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert found, line
        deck = ["Forest"] * 20 + ["Mountain"] * 20 + ["Piggy Bank"] * 4 + ["Friendly Teddy"] * 4 \
            + ["Ragged Playmate"] * 4 + ["Bear Trap"] * 4 + ["Piranha Fly"] * 4

        async def one_bot() -> P.DeckResult:
            client = Client(f"127.0.0.1:{found.group(1)}", "Bot1")
            await client.connect()
            await client.send(P.SubmitDeck(cards=deck))
            while True:
                msg = await client.recv()
                if isinstance(msg, P.DeckResult):
                    await client.send(P.Ready(ready=True))
                    await client.close()
                    return msg
        result = asyncio.run(asyncio.wait_for(one_bot(), 30))
        assert result.ok, result
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
