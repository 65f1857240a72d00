"""Computer players that play through the engine API (issue #15).

Every agent has `at_once(view) -> Action | None` and `choose(game, seat) -> Action`. A
decision is first put to `at_once` with only what the seat is shown (adapter.py `View`: the
listed actions, the moment, the observation); it answers there when that suffices (one listed
action, a pass at an idle moment; the random level always). Otherwise `choose` is handed its
seat's world (determinize.py `seat_world`: every card the seat can't see already sampled),
never the real game — by the local window, a LAN host and `match` — and answers with one of
its listed actions; it takes that world as its first determinized copy (`taken_world`), a
search samples again from it.

* random_agent.py — a seeded random player (tests, engine benchmark)
* heuristic.py — the quick level: rules of thumb and a one-step look-ahead
* search.py — the strong level: flat Monte Carlo over determinized samples
* adapter.py — every touch of the engine API, in one place
* determinize.py, evaluate.py — sampling the unknown cards; the board evaluation
* match.py — `python -m engine.ai.match DECK_A DECK_B --games N --levels heuristic,search`
"""
