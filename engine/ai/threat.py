"""Whom a computer player fears and whom it attacks in a multiplayer game (CR 802: a player
attacks any of their opponents; CR 903.10a: 21 combat damage from one commander).

Read from the seat's own observation only — life totals, the battlefield, the commander
damage each player has taken and the attacks the seat has seen (its `Memory`) are public;
hands and libraries never enter. Two numbers per living opponent:

* danger: how much that opponent threatens this seat — their creatures' power, how close
  their commander is to 21 damage on this seat, whether they attack this seat now or did on
  their earlier turns, a little for their life total (the player ahead is the one to stop);
* attack preference: danger, plus how killable they are — their life against the power this
  seat can send past their untapped creatures, this seat's commander's damage on them.

With two players there is one opponent and nothing to choose.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

COMMANDER_LETHAL = 21  # CR 903.10a
ATTACK_MEMORY = 3  # the earlier turns whose attacks on this seat are remembered


@dataclass
class Memory:
    """The attacks on this seat the computer player has seen, by turn: {turn: {attacker seat}}."""

    attacks: dict[int, set[int]] = field(default_factory=dict)

    def see(self, obs: dict[str, Any], seat: int) -> None:
        """Note who attacks this seat in the observed combat (CR 506.4: each attacking
        creature attacks one player; the observation names that player)."""
        turn = int(obs.get("turn") or 0)
        for c in obs.get("battlefield", []):
            if c.get("attacking") == seat and isinstance(c.get("controller"), int):
                self.attacks.setdefault(turn, set()).add(int(c["controller"]))
        for old in [t for t in self.attacks if t < turn - ATTACK_MEMORY * 4]:
            del self.attacks[old]  # four seats' turns a round: older attacks are forgotten

    def attacked_by(self, opponent: int, turn: int) -> int:
        """On how many of the remembered turns this opponent attacked this seat."""
        return sum(1 for t, who in self.attacks.items() if opponent in who and t >= turn - ATTACK_MEMORY * 4)


def _creatures(obs: dict[str, Any], controller: int) -> list[dict[str, Any]]:
    return [c for c in obs.get("battlefield", []) if c.get("controller") == controller
            and "Creature" in (c.get("types") or []) and not c.get("phased_out")]


def _commander_damage(obs: dict[str, Any], victim: int, by: int) -> int:
    """The most combat damage one of `by`'s commanders has dealt `victim` (CR 903.10a)."""
    players = obs.get("players", [])
    name = players[by].get("name") if by < len(players) else None
    dealt = [int(d.get("damage") or 0) for d in players[victim].get("commander_damage") or []
             if d.get("owner") == name] if victim < len(players) else []
    return max(dealt, default=0)


def opponents(obs: dict[str, Any], seat: int) -> list[int]:
    """The living players other than `seat` (free-for-all: each is an opponent, CR 806)."""
    teams = {p["index"]: p.get("team") for p in obs.get("players", [])}
    mine = teams.get(seat)
    return [p["index"] for p in obs.get("players", []) if p["index"] != seat and not p.get("lost")
            and (not mine or teams.get(p["index"]) != mine)]


def danger(obs: dict[str, Any], seat: int, memory: Memory | None = None) -> dict[int, float]:
    """How much each living opponent threatens `seat` (see the module doc), ≥ 1 each."""
    turn = int(obs.get("turn") or 0)
    out: dict[int, float] = {}
    for o in opponents(obs, seat):
        creatures = _creatures(obs, o)
        power = sum(max(int(c.get("power") or 0), 0) for c in creatures)
        now = sum(max(int(c.get("power") or 0), 0) for c in creatures if c.get("attacking") == seat)
        cmd = _commander_damage(obs, seat, o)
        life = int(obs["players"][o].get("life") or 0)
        score = 1.0 + power + 0.5 * now + 10.0 * cmd / COMMANDER_LETHAL + 0.1 * max(life, 0)
        if memory is not None:
            score += 3.0 * min(memory.attacked_by(o, turn), ATTACK_MEMORY)
        out[o] = score
    return out


def attack_preference(obs: dict[str, Any], seat: int, memory: Memory | None = None) -> dict[int, float]:
    """Whom to attack: danger plus how near each opponent is to losing to this seat's attack."""
    mine = [c for c in _creatures(obs, seat) if not c.get("tapped")]
    my_power = sorted((max(int(c.get("power") or 0), 0) for c in mine), reverse=True)
    out = {}
    for o, d in danger(obs, seat, memory).items():
        blockers = [c for c in _creatures(obs, o) if not c.get("tapped")]
        through = sum(my_power[len(blockers):])  # each untapped creature stops one of the biggest
        life = int(obs["players"][o].get("life") or 0)
        score = d
        if my_power and through >= life:
            score += 25.0  # a player taken out attacks nobody again
        else:
            score += 6.0 * min(through / max(life, 1), 1.0)
        score += 8.0 * _commander_damage(obs, o, seat) / COMMANDER_LETHAL  # my commander's 21 on them
        out[o] = score
    return out


def target_weights(obs: dict[str, Any], seat: int, memory: Memory | None = None) -> dict[int, float]:
    """The share of each opponent's board in this seat's evaluation (they sum to 1): harm
    done to the most dangerous opponent counts the most."""
    d = danger(obs, seat, memory)
    total = sum(d.values())
    return {o: v / total for o, v in d.items()} if total > 0 else {}
