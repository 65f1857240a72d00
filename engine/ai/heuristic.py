"""The heuristic level: quick rules of thumb, plus a one-step look-ahead for spells.

Lands: one a turn, the colour the hand needs. Spells: each castable spell or ability is
tried on a determinized copy (cast, let the stack resolve, evaluate the board); the best
one that improves the board enough is played — by GAIN, by LAST_GAIN in my second main phase
and for an ability; a spell cast in my main phase counts SPEND per mana besides (mana not
spent is lost). Instants are held for the opponent's turn unless they are worth much now
(a big threat to remove). Attacks and blocks come from a simple
combat simulation (engine/ai/combat_plan.py). Mulligans by land count.

`simulate=False` is the cheap policy the search uses for its rollouts: the same rules,
with spells chosen by mana value and card text instead of the look-ahead.

Budget, as the search level's (engine/ai/search.py): `budget` seconds per decision (BUDGET;
None: none) by `clock` — the deciding thread's CPU time by default (`time.thread_time`: the
work done, whatever else the machine runs; the heuristic is the level tests and benchmarks
replay, so its answers must not depend on a loaded machine's wall clock). The look-ahead stops
trying candidates at 90 % of it and a look-ahead that runs out judges nothing; every engine step
of it (the game's copy, each action applied, the evaluation) is begun only when a step as long
as the longest so far would still end by then (engine/ai/pace.py), and no cyclic garbage
collection runs in it. A decision runs past its budget only when one step takes longer than
the 10 % left and than any step before it (its slowest decision took 1.27 s of CPU in the
Commander benchmark before it had a budget: a 4-player board where each candidate's look-ahead
resolves a long stack; then 0.28 s, a copy and a step begun before the deadline and ending past it).
"""
from __future__ import annotations

import hashlib
import json
import random
import time
from typing import TYPE_CHECKING, Any, Callable

from engine.actions import Action, ActionError  # (every refusal: syntax, ambiguity, illegal)
from engine.ai import adapter, player_choices
from engine.ai.adapter import card_info
from engine.ai.combat_plan import plan_attack, plan_block
from engine.ai.determinize import Knowledge, determinize, taken_world
from engine.ai.evaluate import evaluate
from engine.ai.pace import Pace, without_cycle_collection
from engine.ai.quick_policy import MY_MAIN, choose_land, quick_spell
from engine.ai.threat import Memory, attack_preference, target_weights

if TYPE_CHECKING:
    from engine.game import Game

SIM_LIMIT = 24  # candidates tried by look-ahead per decision
BUDGET = 0.25  # seconds of the deciding thread's CPU per decision (the search level's budget)
# A pick of "any number of cards" one at a time, with an answer that ends the pick once
# enough are picked: the computer stops as soon as it may (the fewest cards: Winter's
# "exile any number of cards ... with four or more card types" keeps the rest of the
# graveyard). Looking ahead at every card instead played the pick out to the whole
# graveyard in each look-ahead: the costliest decisions of the Commander benchmark.
FINISH_PICK = {"ask.exile_from_graveyard": "exile"}
# ... and until then the card that adds the most card types the picked cards lack (the pick is
# "with four or more card types among them"), no look-ahead at each graveyard card
PICK_TYPES = ("ask.exile_from_graveyard",)
CARD_TYPES = frozenset(("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
                        "Planeswalker", "Sorcery"))  # CR 300.1
HOLD_INSTANT = 2.0  # what keeping an instant for the opponent's turn is worth (in score points)
# What a spell cast in my own main phase gains per mana of its mana value, besides the board it
# leaves: mana not spent this turn is lost (CR 500.4: it empties), and what is cast now acts
# turns earlier; a one-step look-ahead sees neither. Without it a permanent that does nothing at
# once was never worth the card in hand it was (evaluate.py): the printed Commander decks'
# computer players cast 1 spell in 12 turns (session 20).
SPEND = 0.25
# What an action must gain to be taken rather than a pass: GAIN, but only LAST_GAIN in my second
# main phase (mana not spent now is lost: a cantrip's card selection, unseen by the evaluation,
# is worth the mana then) and for an ability (a fetch land cracked beyond the sixth mana source
# gains little in the evaluation: at GAIN, lands like Terramorphic Expanse stayed uncracked)
GAIN = 0.5
LAST_GAIN = 0.05


def playable(listed: list[Action]) -> list[Action]:
    """The listed actions worth deciding between: no mana ability, no concession (all of them
    when nothing else is listed)."""
    return [a for a in listed if not adapter.is_mana_ability(a) and a.verb != "concede"] or listed


def obs_seed(seed: int, obs: dict[str, Any]) -> int:
    """A seed from the AI's seed and what it observes: same observation, same choices."""
    raw = json.dumps(obs, sort_keys=True, default=str).encode()
    return int.from_bytes(hashlib.blake2b(raw, digest_size=8, key=seed.to_bytes(8, "little", signed=True)).digest(),
                          "little")


class HeuristicAgent:
    level = "heuristic"

    def __init__(self, seed: int = 0, knowledge: Knowledge | None = None, simulate: bool = True,
                 budget: float | None = BUDGET, clock: Callable[[], float] = time.thread_time) -> None:
        self.seed = seed
        self.knowledge = knowledge or Knowledge()
        self.simulate = simulate
        self.budget = budget  # per decision made by choose() (the module's docstring)
        self.deadline: float | None = None  # look-ahead stops trying candidates then (choose; the search sets it)
        self.clock = clock  # what `deadline` is measured by (the search sets its own)
        # the longest engine step of this decision (choose starts it; the search sets a new one)
        self.pace = Pace(clock)
        # multiplayer (engine/ai/threat.py): the attacks on this seat seen so far, and the
        # observation of the decision being made (whom to fear is read from it only)
        self.memory = Memory()
        self.obs: tuple[int, dict[str, Any]] | None = None
        self._seen: tuple[int, str] | None = None

    # ------------------------------------------------------------------ the interface
    def choose(self, game: "Game", seat: int) -> Action:
        """Answer the real game's pending decision for `seat` with one of its listed actions,
        within `budget` (by `clock`) from now."""
        start = self.clock()
        view = adapter.view(game, seat)
        quick = self.at_once(view)
        if quick is not None:
            return quick
        actions = playable(view.actions)
        # a seat's world handed to this agent is already a determinized copy, and its own to play
        # on (engine/ai/determinize.py `seat_world`): not sampled a second time (nor its
        # observation copied: made for this world alone)
        world = taken_world(game, seat)
        obs = adapter.observe(game, seat, copy=not world)
        self.memory.see(obs, seat)
        self.obs = (seat, obs)
        # (a collection the process owes ran above, inside this decision's time, not in a step
        # of the look-ahead below, whose length the deadline must foresee: engine/ai/pace.py)
        with without_cycle_collection():
            # (the copy is the first step timed: a look-ahead's copy costs as much)
            self.pace = Pace(self.clock)
            copy = game if world else self.pace.timed(determinize, game, seat, self.knowledge,
                                                      random.Random(obs_seed(self.seed, obs)), obs)
            # (the last 10 % covers the answer and the clock's grain: a cap, not a target)
            self.deadline = None if self.budget is None else start + 0.9 * self.budget
            try:
                return self.decide(copy, seat, view.kind, actions, own=True)
            finally:
                self.deadline = None

    def at_once(self, view: "adapter.View") -> Action | None:
        """The answer that needs no world, from what the seat is shown alone: the one listed
        action, or a pass where no action is worth considering now (moment_ok); None: the
        decision needs a world (choose). Notes the attacks it sees on the way (watch)."""
        actions = playable(view.actions)
        if len(actions) == 1:
            return actions[0]
        self.watch(view)
        if view.kind == "priority":
            if not any(moment_ok(view.info, view.player, a) for a in actions if not adapter.is_pass(a)):
                return next((a for a in actions if adapter.is_pass(a)), actions[0])
        return None

    def watch(self, view: "adapter.View") -> None:
        """Once per combat step of another player's turn with several opponents: note from
        the observation who attacks this seat (threat.Memory)."""
        info, seat = view.info, view.player
        if (seat in info.active_players if info.active_players else info.active == seat) \
                or info.step not in ("declare_attackers", "declare_blockers") \
                or len(view.opponents) < 2 or self._seen == (info.turn, info.step):
            return
        self._seen = (info.turn, info.step)
        self.memory.see(view.obs(), seat)

    def weights(self, g: "Game", seat: int) -> dict[int, float] | None:
        """Each opponent's share in the evaluation by threat (several opponents only),
        from this decision's observation."""
        if len(adapter.opponents(g, seat)) < 2:
            return None
        obs = self.obs[1] if self.obs is not None and self.obs[0] == seat else adapter.observe(g, seat)
        return target_weights(obs, seat, self.memory)

    def preference(self, g: "Game", seat: int) -> dict[int, float] | None:
        """Whom to attack, by threat (several opponents only)."""
        if len(adapter.opponents(g, seat)) < 2:
            return None
        obs = self.obs[1] if self.obs is not None and self.obs[0] == seat else adapter.observe(g, seat)
        return attack_preference(obs, seat, self.memory)

    # ------------------------------------------------------------------ on a copy
    def decide(self, g: "Game", seat: int, kind: str, actions: list[Action], own: bool = False) -> Action:
        """Decide on `g`, a game the AI may read entirely (a determinized copy). `own`: the
        copy is this decision's alone, and the last look-ahead may play on it instead of on a
        clone of it (a clone of a four-player Commander game costs milliseconds)."""
        if len(actions) == 1:
            return actions[0]
        if kind == "priority":
            return self.priority(g, seat, actions, own)
        if kind == "mulligan":
            return self.mulligan(g, seat, actions)
        if kind in ("bottom", "discard"):
            return self.discard(g, seat, actions, bottom=kind == "bottom")
        if kind == "attackers":
            return adapter.declaration(actions, plan_attack(g, seat, actions, self.preference(g, seat)))
        if kind == "blockers":
            return adapter.declaration(actions, plan_block(g, seat, actions))
        if kind == "assign":
            return next((a for a in actions if adapter.is_default_assign(a)), actions[0])
        finish = FINISH_PICK.get(adapter.pending_prompt(g))
        done = next((a for a in actions if adapter.choice(a) == (finish,)), None) if finish else None
        if done is not None:
            return done
        if adapter.pending_prompt(g) in PICK_TYPES:
            return pick_card_types(g, seat, actions)
        if kind in ("ask", "targets"):  # a restriction for later turns: not seen by the look-ahead
            picked = player_choices.choose(g, seat, actions)
            if picked is not None:
                return picked
        # ask, targets, modes, ward, trigger order, colour, ...: look ahead, else a default
        if self.simulate and len(actions) <= SIM_LIMIT:
            best, best_value = actions[0], -1e18
            weights = self.weights(g, seat)
            for i, a in enumerate(actions):
                if i and self.pace.late(self.deadline):
                    break
                value = look_ahead(g, seat, a, weights=weights, in_place=own and i == len(actions) - 1,
                                   deadline=self.deadline, clock=self.clock, pace=self.pace)
                if value is not None and value > best_value:
                    best, best_value = a, value
            return best
        return default_choice(actions)

    # ------------------------------------------------------------------ priority
    def priority(self, g: "Game", seat: int, actions: list[Action], own: bool = False) -> Action:
        st = adapter.game_state(g)
        passing = next((a for a in actions if adapter.is_pass(a)), actions[0])
        my_turn = g.is_active(seat)  # (a team's shared turn: CR 805.4a)
        lands = [a for a in actions if a.verb == "play"]
        if lands and my_turn and st.step in MY_MAIN and not st.stack:
            return choose_land(g, seat, lands)
        others = [a for a in actions if a.verb in ("cast", "activate", "unlock")]
        others = [a for a in others if self.timing_ok(g, seat, a)]
        if not others:
            return passing
        if not self.simulate:
            return quick_spell(g, seat, others) or passing
        weights = self.weights(g, seat)
        base = evaluate(g, seat, weights)
        best, best_gain = passing, 0.0
        tried = 0
        ordered = sorted(others, key=lambda a: -spell_prior(g, seat, a))[:SIM_LIMIT]
        for a in ordered:
            if tried and self.pace.late(self.deadline):
                break
            tried += 1
            # (read before g may change: the last look-ahead plays on it)
            hold = HOLD_INSTANT if is_instant_now(g, seat, a) else -spend_bonus(g, seat, a)
            need = least_gain(g, seat, a)
            value = look_ahead(g, seat, a, weights=weights, in_place=own and tried == len(ordered),
                               deadline=self.deadline, clock=self.clock, pace=self.pace)
            if value is None:  # (out of time: not judged, so not played)
                break
            gain = value - base - hold
            if gain > max(best_gain, need):
                best, best_gain = a, gain
        return best

    def timing_ok(self, g: "Game", seat: int, a: Action) -> bool:
        return moment_ok(adapter.turn_info(g), seat, a)

    # ------------------------------------------------------------------ other decisions
    def mulligan(self, g: "Game", seat: int, actions: list[Action]) -> Action:
        st = adapter.game_state(g)
        p = st.players[seat]
        hand = [st.objects[o].name for o in p.hand]
        lands = sum("Land" in card_info(n).types for n in hand)
        keep = next((a for a in actions if a.verb == "keep"), actions[0])
        mull = next((a for a in actions if a.verb == "mulligan"), keep)
        if len(hand) - p.mulligans <= 5:
            return keep
        ok = 2 <= lands <= 5 if p.mulligans == 0 else 1 <= lands <= 5
        return keep if ok else mull

    def discard(self, g: "Game", seat: int, actions: list[Action], bottom: bool) -> Action:
        st = adapter.game_state(g)
        p = st.players[seat]
        picked = set(adapter.picked_ids(g))  # a choice in parts: these are chosen already
        hand = [st.objects[o].name for o in p.hand if o not in picked]
        lands_in_play = sum(1 for _o, _x, c in g.perms(seat) if "Land" in c.types)

        def kept_score(a: Action) -> float:
            rest = list(hand)
            for n in adapter.choice(a):
                if n in rest:
                    rest.remove(n)
            lands = sum("Land" in card_info(n).types for n in rest)
            spells = [card_info(n) for n in rest if "Land" not in card_info(n).types]
            total_lands = lands + lands_in_play
            want = max(2, round(0.42 * len(rest))) if bottom else max(0, 5 - lands_in_play)
            score = -abs(lands - want) * 2.0 if bottom or total_lands < 5 else -lands * 1.5
            score += sum(3.0 - abs(s.mana_value - 2.5) * 0.5 for s in spells if s.mana_value <= total_lands + 2)
            return score
        return max(actions, key=lambda a: (kept_score(a), -actions.index(a)))


# ---------------------------------------------------------------------- helpers
def moment_ok(info: "adapter.TurnInfo", seat: int, a: Action) -> bool:
    """Is now a moment worth considering this action? Lands and sorcery-speed spells in my
    main phase with an empty stack; instants and abilities when they can matter: my main
    phase and my blocks (tricks), their attacks, blocks and end step (their turn: hold
    mana until then), or an answer to their spell on the stack. Never on top of my own."""
    if info.stack_top_controller == seat:
        return False  # let my own spell resolve first
    mine = seat in info.active_players if info.active_players else info.active == seat
    if a.verb in ("play", "unlock"):
        return mine and info.step in MY_MAIN and info.stack_size == 0
    if info.stack_size:
        return True
    if mine:
        return info.step in MY_MAIN or info.step == "declare_blockers"
    return info.step in ("declare_attackers", "declare_blockers", "end")


def idle_moment(info: "adapter.TurnInfo", seat: int) -> bool:
    """Is now a moment at which moment_ok refuses every action (so a priority decision is a
    pass, whatever is listed)? Asked of a play and a cast: moment_ok reads only the verb, and
    every other verb is judged as a cast."""
    return not (moment_ok(info, seat, _PLAY_PROBE) or moment_ok(info, seat, _CAST_PROBE))


_PLAY_PROBE = Action(0, "play", text="play")  # (moment_ok reads the verb only)
_CAST_PROBE = Action(0, "cast", text="cast")


def pick_card_types(g: "Game", seat: int, actions: list[Action]) -> Action:
    """A pick of graveyard cards toward a number of card types: the card adding the most
    types the cards picked so far (the graveyard's cards no longer offered) lack."""
    refs = adapter.graveyard_refs(g, seat)
    offered = {adapter.choice(a)[0] for a in actions if adapter.choice(a)}
    have: set[str] = set()
    for ref, name in refs.items():
        if ref not in offered:
            have |= card_info(name).types & CARD_TYPES

    def gain(a: Action) -> tuple[int, int]:
        c = adapter.choice(a)
        name = refs.get(c[0]) if c else None
        if name is None:
            return (-1, 0)
        types = card_info(name).types & CARD_TYPES
        return (len(types - have), -len(types))  # (a card of one new type before a card of several)
    return max(actions, key=lambda a: (gain(a), -actions.index(a)))


def default_choice(actions: list[Action]) -> Action:
    """Cheap answer to an `ask`: yes to paying/doing things, the first real option otherwise."""
    for a in actions:
        if adapter.is_default_assign(a):
            return a
    for a in actions:
        c = adapter.choice(a)
        if c and c[0] in ("yes", "pay"):
            return a
    for a in actions:
        c = adapter.choice(a)
        if not c or c[0] not in ("no", "nothing", "done", "none"):
            return a
    return actions[0]


def look_ahead(g: "Game", seat: int, a: Action, limit: int = 40, weights: dict[int, float] | None = None,
               in_place: bool = False, deadline: float | None = None,
               clock: Callable[[], float] = time.perf_counter, pace: Pace | None = None) -> float | None:
    """Apply `a` on a copy of `g` (on `g` itself when in_place: it is not read again), let the
    stack resolve (everyone passes, other choices by the cheap policy) and evaluate the board
    for `seat` (`weights`: the opponents' shares by threat, evaluate.evaluate). None when
    `deadline` (by `clock`) would pass before the board is judged: each step (the copy, an
    action with what it sets off, the evaluation) is begun only when one as long as the longest
    so far (`pace`: this decision's) would end by then. A board with the spell cast but not
    resolved says nothing of it (the search's heuristic answer is bounded by its share of the
    budget, issue #28)."""
    pace = pace if pace is not None else Pace(clock)
    if pace.late(deadline):
        return None
    c = g if in_place else pace.timed(adapter.clone, g)
    try:
        if pace.late(deadline):
            return None
        pace.timed(adapter.apply_copy, c, a)
    except ActionError:
        return -1e9
    cheap = HeuristicAgent(simulate=False)
    for _ in range(limit):
        if adapter.is_over(c):
            break
        if pace.late(deadline):
            return None
        st = adapter.game_state(c)
        kind = adapter.pending_kind(c)
        who = adapter.pending_player(c)
        assert who is not None
        if kind == "priority" and not st.stack:
            break
        pace.timed(_step, c, cheap, who, kind)
    if pace.late(deadline):
        return None
    return pace.timed(evaluate, c, seat, weights)


def _step(c: "Game", cheap: "HeuristicAgent", who: int, kind: str | None) -> None:
    """One step of a look-ahead: the pending player's answer (a pass at priority, the cheap
    policy otherwise) applied, with what it sets off."""
    if kind == "priority":  # (the listing's first action, always: engine/rules/listing.py legal_actions)
        nxt = Action(who, "pass", text="pass")
    else:
        acts = [x for x in adapter.legal(c, who) if not adapter.is_mana_ability(x) and x.verb != "concede"]
        nxt = cheap.decide(c, who, kind or "", acts)
    adapter.apply_copy(c, nxt)


def is_instant_now(g: "Game", seat: int, a: Action) -> bool:
    """A cast of an instant or flash spell on my own turn (worth holding for theirs)."""
    st = adapter.game_state(g)
    if not g.is_active(seat) or a.verb != "cast" or a.obj is None:
        return False
    info = card_info(st.objects[a.obj].name)
    return "Instant" in info.types or ("Flash" in info.text and "Creature" not in info.types)


def least_gain(g: "Game", seat: int, a: Action) -> float:
    """What `a` must gain over a pass to be taken (GAIN, LAST_GAIN)."""
    if a.verb == "activate" or (g.is_active(seat) and adapter.game_state(g).step == "main2"):
        return LAST_GAIN
    return GAIN


def spend_bonus(g: "Game", seat: int, a: Action) -> float:
    """SPEND per mana of a spell cast in my own main phase on an empty stack (a sorcery's moment)."""
    st = adapter.game_state(g)
    if a.verb != "cast" or st.stack or st.step not in MY_MAIN or not g.is_active(seat):
        return 0.0
    return SPEND * spell_prior(g, seat, a)


def spell_prior(g: "Game", seat: int, a: Action) -> float:
    st = adapter.game_state(g)
    if a.obj is None or a.obj not in st.objects:
        return 0.0
    return float(card_info(st.objects[a.obj].name).mana_value)
