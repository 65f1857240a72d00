"""The legal-action lists of every scenario, as digests: before every action the scenario
runner applies, the deciding player's `legal_actions` (each action's fields and canonical text,
in order) is recorded; one line per scenario file: path, passed, number of lists, SHA-1 of the
lists. Two commits that write the same file list the same actions in every position the
scenarios reach (a change to the listing meant to change nothing has changed nothing).

    python tools/listing_digest.py OUT.txt [scenario paths...]

Asking the listing before each action also checks that asking it changes nothing: a
scenario that passes alone but fails here has a cache the listing leaves stale.
"""
from __future__ import annotations

import hashlib
import sys
from typing import Any

from engine import scenario
from engine.game import Game

_lists: list[str] = []
_apply = Game.apply


def _recording_apply(self: Game, action: Any, player: int | None = None) -> Any:
    dec = self.pending
    if dec is not None:
        _lists.append(repr([tuple(a) for a in self.legal_actions(dec.player)]))
    return _apply(self, action, player)


def main(argv: list[str]) -> int:
    Game.apply = _recording_apply  # type: ignore[method-assign]
    paths = scenario.collect(argv[1:] or ["tests/scenarios"])
    calls = failed = 0
    with open(argv[0], "w", encoding="utf-8") as f:
        for p in paths:
            _lists.clear()
            try:
                ok: Any = scenario.run_file(p).ok
            except Exception as exc:  # (recorded, not hidden: the line says so)
                ok = "error " + type(exc).__name__
            failed += ok is not True
            calls += len(_lists)
            digest = hashlib.sha1("\n".join(_lists).encode()).hexdigest()
            f.write(f"{p} {ok} {len(_lists)} {digest}\n")
        f.write(f"TOTAL lists {calls}\n")
    print(f"{len(paths)} scenarios, {calls} listings, {failed} not passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
