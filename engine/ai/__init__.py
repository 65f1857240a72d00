"""Computer players that play through the engine API (issue #15).

Every agent has `choose(game, seat) -> Action`: it reads the pending decision and the
seat's observation and answers with one of `game.legal_actions(seat)`. The game it is handed
is its seat's world (determinize.py `seat_world`: every card the seat can't see already
sampled), never the real one — by the local window, a LAN host and `match`; searches sample
again from it.

* random_agent.py — a seeded random player (tests, engine benchmark)
* heuristic.py — the quick level: rules of thumb and a one-step look-ahead
* search.py — the strong level: flat Monte Carlo over determinized samples
* adapter.py — every touch of the engine API, in one place
* determinize.py, evaluate.py — sampling the unknown cards; the board evaluation
* match.py — `python -m engine.ai.match DECK_A DECK_B --games N --levels heuristic,search`
"""
