"""Voting (CR 701.38; "Council's dilemma" is an ability word, CR 207.2c: `Spell(...,
word=)`): each player votes, and each vote adds to the outcome (Expropriate).

CR 701.38a: "To vote, each player, starting with a specified player and proceeding in turn
order, chooses one of those choices." Each vote is its own decision of that player, offered
only the listed words (no abstaining, ruling), and logged as it is cast, so the players after
see the votes before them (ruling). The votes are kept on the resolving spell (ctx["votes"]:
[[player, word], ...]) for the instructions that follow, and each word's number of votes
under "WORD_votes" (`Count("ability", key="time_votes")`: "for each time vote, ...").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import answer_object, object_options
from engine.rules.targets import word_players

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def _voters(g: "Context", first: int) -> list[int]:
    """The players still in the game in turn order, starting with `first` (CR 701.38a, 101.4)."""
    return ([] if g.st.players[first].lost else [first]) + list(word_players(g, first))


@dataclass(frozen=True)
class Vote:
    """"Starting with you, each player votes for time or money." — as the spell resolves
    (ruling: no vote before; responses are made without knowing it)."""
    words: tuple[str, ...]

    def step(self) -> Step:
        words = self.words

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "voters" not in ctx:
                ctx["voters"], ctx["votes"] = _voters(g, item.controller), []
            voters: list[int] = ctx["voters"]
            votes: list[list[Any]] = ctx["votes"]
            if "answer" in ctx:
                word = ctx.pop("answer")[0].lower()
                voter = voters[len(votes)]
                votes.append([voter, word])
                g.event("vote", player=g.pname(voter), choice=word)
            while len(votes) < len(voters) and g.st.players[voters[len(votes)]].lost:
                voters.pop(len(votes))  # a player who left the game doesn't vote (CR 800.4a)
            if len(votes) < len(voters):
                return Ask(voters[len(votes)], "choose_card", list(words), "ask.vote", {"card": item.name})
            ctx.pop("voters")
            for word in words:
                ctx[f"{word.lower()}_votes"] = len(_count(ctx, word.lower()))
            return None
        return run


def _count(ctx: dict[str, Any], word: str) -> list[int]:
    """The players who voted for `word`, in the order they voted."""
    return [int(p) for p, w in ctx.get("votes", []) if w == word]


@dataclass(frozen=True)
class GainControlPerVote:
    """"For each [money] vote, choose a permanent owned by the voter and gain control of it."
    — for each such vote in voting order, the spell's controller chooses one of the voter's
    permanents (whoever controls it now; chosen, not targeted) and controls it from then on (a
    control-changing effect without duration, layer 2, CR 613.1b, 611.2b). A voter who owns no
    permanent gives nothing."""
    word: str

    def step(self) -> Step:
        word = self.word

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            voters = _count(ctx, word)
            done = int(ctx.get("money_done", 0))
            while done < len(voters):
                voter = voters[done]
                owned = [o for o in g.st.battlefield if g.st.objects[o].owner == voter]
                if owned:
                    if "answer" not in ctx:
                        return Ask(p, "choose_card", object_options(g, owned), "ask.gain_control_of",
                                   {"card": item.name, "player": g.pname(voter)})
                    oid = answer_object(g, owned, ctx.pop("answer")[0])
                    if oid is not None:
                        g.add_effect("2", [oid], until="never", controller=p)
                done += 1
                ctx["money_done"] = done
            ctx.pop("money_done", None)
            return None
        return run
