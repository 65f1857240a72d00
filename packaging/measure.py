"""Measure the bundle: size on disk, start to the first window, memory in a goldfish game.

    python packaging/measure.py                 # dist/manatable/manatable, 7 starts
    python packaging/measure.py --runs 5 --source   # the source checkout instead (python -m app.main)

Each start is a new process with an empty MANATABLE_HOME (first run: no settings, no
recent decks) under QT_QPA_PLATFORM=offscreen unless a display is set on purpose. "Start"
is the wall time from spawning the process to the first window being shown (the app prints
"shown" from a zero-delay timer after window.show(), i.e. once the event loop runs). The
goldfish table's start is the same with `--goldfish` (a sample deck's game on the table),
reported also as a ratio to the first window's. The
memory is the peak (VmHWM) of each goldfish start until its table shows, and VmRSS/VmHWM from
/proc after a goldfish game with a sample deck has been open for twice the median time its
table takes to show (at least 6 s). Linux only (it reads /proc).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def size_on_disk(folder: Path) -> int:
    """Bytes allocated on disk for every file below `folder` (symlinks not followed)."""
    total = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_blocks * 512
    return total


def _env(home: str) -> dict[str, str]:
    env = dict(os.environ, MANATABLE_HOME=home)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a checkout starts from cached bytecode, as installed
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def evict(folder: Path) -> None:
    """Drop the bundle's files from the page cache (POSIX_FADV_DONTNEED, only our files, no
    root needed), so the next start reads them from disk: a cold start of the bundle."""
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            fd = os.open(path, os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def start_time(cmd: list[str], timeout: float = 60.0, cold: Path | None = None) -> float:
    """Seconds from spawn to the "shown" line of `--quit-when-shown` (`cold`: evict that folder first)."""
    return start(cmd, timeout, cold)[0]


def start(cmd: list[str], timeout: float = 60.0, cold: Path | None = None) -> tuple[float, int]:
    """Seconds from spawn to the "shown" line of `--quit-when-shown`, and the process's peak
    resident memory in bytes (its VmHWM: ru_maxrss of the exited child, from wait4)."""
    if cold is not None:
        evict(cold)
    with tempfile.TemporaryDirectory() as home:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd + ["--quit-when-shown"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True, env=_env(home))
        assert proc.stdout is not None
        shown = None
        for line in proc.stdout:
            if line.startswith("shown"):
                shown = time.perf_counter() - t0
                break
        proc.stdout.read()
        deadline = time.monotonic() + timeout
        while True:  # wait4 gives the child's own peak memory (Popen.wait would not)
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                proc.returncode = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"{cmd[0]} did not exit after showing a window")
            time.sleep(0.02)
        if shown is None:
            raise RuntimeError(f"{cmd[0]} exited with {proc.returncode} before showing a window")
        return shown, usage.ru_maxrss * 1024  # KiB on Linux


def _status(pid: int) -> dict[str, int]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(("VmRSS:", "VmHWM:")):
            key, value = line.split(":", 1)
            out[key] = int(value.split()[0]) * 1024
    return out


def goldfish_memory(cmd: list[str], settle: float = 6.0) -> dict[str, int]:
    """VmRSS/VmHWM of the app with a goldfish game (the first sample deck) open."""
    with tempfile.TemporaryDirectory() as home:
        proc = subprocess.Popen(cmd + ["--goldfish"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=_env(home))
        try:
            time.sleep(settle)
            if proc.poll() is not None:
                raise RuntimeError(f"{cmd[0]} exited with {proc.returncode}")
            return _status(proc.pid)
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--source", action="store_true", help="measure `python -m app.main` from the checkout")
    ap.add_argument("--bundle", type=Path, default=ROOT / "dist" / "manatable")
    args = ap.parse_args(argv)
    if args.source:
        cmd = [sys.executable, "-m", "app.main"]
        print("source checkout:", " ".join(cmd))
    else:
        exe = args.bundle / "manatable"
        if not exe.exists():
            print(f"no bundle at {args.bundle}: run bash packaging/build.sh first", file=sys.stderr)
            return 2
        cmd = [str(exe)]
        print(f"bundle {args.bundle}: {size_on_disk(args.bundle) / 2**20:.1f} MiB on disk")
    if not args.source:
        cold = [start_time(cmd, cold=args.bundle) for _ in range(args.runs)]
        print(f"cold start to first window (bundle evicted from the page cache): median "
              f"{statistics.median(cold):.2f} s (min {min(cold):.2f}, max {max(cold):.2f}, {args.runs} runs)")
    times: list[float] = []
    tables: list[float] = []
    peaks: list[int] = []
    first_peaks: list[int] = []
    for _ in range(args.runs):  # interleaved, so that both see the same load of the machine
        shown, peak = start(cmd)
        times.append(shown)
        first_peaks.append(peak)
        shown, peak = start(cmd + ["--goldfish"])
        tables.append(shown)
        peaks.append(peak)
    print(f"warm start to first window: median {statistics.median(times):.2f} s "
          f"(min {min(times):.2f}, max {max(times):.2f}, {args.runs} runs; first {times[0]:.2f} s); "
          f"peak memory: median {statistics.median(first_peaks) / 2**20:.1f} MiB")
    print(f"warm start to a goldfish table: median {statistics.median(tables):.2f} s "
          f"(min {min(tables):.2f}, max {max(tables):.2f}); "
          f"{statistics.median(tables) / statistics.median(times):.2f}x the first window; "
          f"peak memory until it is shown: median {statistics.median(peaks) / 2**20:.1f} MiB")
    mem = goldfish_memory(cmd, settle=max(6.0, 2 * statistics.median(tables)))  # the table is up by then
    print(f"goldfish game open: VmRSS {mem['VmRSS'] / 2**20:.1f} MiB, VmHWM {mem['VmHWM'] / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
