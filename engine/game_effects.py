"""The effects a game keeps (CR 604, 611, 613, 614): the static abilities that exist now
and the one place that writes each kind of effect of a resolving spell or ability into the
state: continuous effects (GameState.effects), replacement effects (GameState.replacements),
permissions to play exiled cards (GameState.may_play), and where their durations end.
`GameBase` (engine/game_base.py) joins it with the caches these writes empty (`touch`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence, cast

from engine.rules import characteristics, schemes
from engine.rules.effects import Layer
from engine.rules.emblems import static_sources
from engine.rules.layering import cant_gain, resolved_effects
from engine.rules.permissions import CardPermission, card_permissions
from engine.rules.resolved import ResolvedEffect, describe, resolved
from engine.rules import resolved_replacements
from engine.rules.resolved_replacements import ResolvedReplacement, replacements
from engine.rules.static_ability import StaticAbility
from engine.state import State

if TYPE_CHECKING:
    from engine.rules.context import Context


class GameEffects:
    """The static abilities and the effects of resolved spells and abilities, as a game
    keeps them; `st` is the State, `touch()` empties the caches made of them."""

    st: State

    def __init__(self) -> None:
        # the static abilities (static_sources): kept while what the list is made of stays
        self._static_sources: list[tuple[int, StaticAbility]] | None = None
        self._static_kept: list[tuple[int, StaticAbility]] = []
        self._static_key: Any = None

    def touch(self) -> None:
        """The state changed (GameBase.touch empties the caches)."""
        self._static_sources = None

    @property
    def _game(self) -> "Context":
        """This game as the rules read it: GameEffects is only ever a part of GameBase (a
        Context, tests/engine/test_context_structure.py)."""
        return cast("Context", self)

    def static_sources(self) -> list[tuple[int, StaticAbility]]:
        """The static abilities that exist now (CR 604.1, 113.6): each with its object, those of
        the phased-in permanents (a copy's are the copied ones, CR 707.2), of emblems (114.4)
        and face-up schemes (113.6p)."""
        if self._static_sources is None:
            g = self._game
            # the list depends only on which permanents are there, face down, phased out, with
            # which doors unlocked, on copy effects and emblems: kept while those stay the same
            # (touch() happens after nearly every action; this is read at each SBA check)
            objs = self.st.objects
            bf = self.st.battlefield
            # (the permanents in order, and those face down, phased out or with a door unlocked:
            # on a crowded board most are none of these)
            key = (tuple(bf), tuple((oid, o.face_down, o.phased_out, tuple(o.unlocked)) for oid in bf
                                    if (o := objs[oid]).face_down or o.phased_out or o.unlocked),
                   tuple((tuple(e.ids), e.key) for e in resolved_effects(g) if e.layer == Layer.COPY),
                   tuple(tuple(p.command) for p in self.st.players))
            if key == self._static_key:
                self._static_sources = self._static_kept
                return self._static_kept
            out: list[tuple[int, StaticAbility]] = []
            # a permanent that is a copy (layer 1, CR 707.2) has the copied static abilities
            copies = {oid: e for e in sorted((e for e in resolved_effects(g) if e.layer == Layer.COPY),
                                              key=lambda e: e.ts) for oid in e.ids}
            for oid in self.st.battlefield:
                copied = oid in copies and not self.st.objects[oid].face_down
                d = (characteristics.copied_chars(copies[oid].values or {}).defn if copied
                     else characteristics.base_chars(g, oid).defn)
                if d is not None and d.statics and not self.st.objects[oid].phased_out:
                    out.extend((oid, s) for s in d.statics)
            if any(p.command for p in self.st.players):  # emblems' abilities (CR 114.4)
                out.extend(static_sources(g))
                out.extend(schemes.static_sources(g))  # face-up schemes' (CR 113.6p)
            self._static_sources = self._static_kept = out
            self._static_key = key
        return self._static_sources

    def add_effect(self, layer: str, ids: list[int], until: str = "eot", **params: Any) -> None:
        """CR 611.2: a continuous effect from a resolving spell or ability: the one place that
        writes GameState.effects. The state keeps its description (a record part of
        engine/rules/resolved.py as the dict of its fields), checked as the rules will read it
        (ResolvedEffect.of_state raises for a key, layer or part no rule reads)."""
        kws = params.get("add_kw")
        if layer == Layer.ABILITY and kws:
            # CR 101.2, 611.2c: an object that "can't have or gain" a keyword as the effect begins
            # does not gain it: for it, the effect is created without that keyword, and it stays so
            # when the "can't" ends (a spell that gives flying to a creature an Archetype keeps from it)
            kept = {oid: [k for k in kws if k not in cant_gain(self._game, oid)] for oid in ids}
            if any(len(k) < len(kws) for k in kept.values()):
                for got in {tuple(k) for k in kept.values()}:
                    part = [oid for oid in ids if tuple(kept[oid]) == got]
                    rest = {**params, "add_kw": list(got)}
                    if got or any(v for key, v in rest.items() if key != "add_kw"):
                        self.add_effect(layer, part, until, **rest)
                return
        desc = {"layer": layer, "ids": list(ids), "ts": self.st.next_timestamp, "until": until,
                **describe(params)}
        ResolvedEffect.of_state(desc)
        self.st.effects.append(desc)
        self.st.next_timestamp += 1
        self.touch()

    def end_these_effects(self, ending: list[ResolvedEffect]) -> None:
        """These effects of resolved spells and abilities end now (a duration of their own: a
        player who leaves the game, CR 800.4a; a face-down permanent turned face up, 708.8)."""
        if not ending:
            return
        gone = {id(e.desc) for e in ending}
        self.st.effects = [d for d in self.st.effects if id(d) not in gone]
        self.touch()

    def end_effects(self, until: str) -> None:
        """Continuous and replacement effects with this duration end (CR 514.2: "eot")."""
        ending = [e for e in resolved(self._game) if e.until == until]
        for e in ending:  # "Gain control of ... until end of turn" ends: control goes back
            back = e.control_back
            if back is not None and back.obj in self.st.objects and self.st.objects[back.obj].zone == "battlefield":
                self.st.objects[back.obj].controller = back.to
                self._game.bf_changed()
        self.end_replacements([r for r in replacements(self._game) if r.until == until])
        self.end_these_effects(ending)  # (none had this duration in the cleanup step of most turns)

    def add_replacement(self, rep: ResolvedReplacement) -> None:
        """CR 614.1: a replacement effect from a resolving spell or ability: the one place that
        writes GameState.replacements (engine/rules/resolved_replacements.py; checked as the rules
        will read it)."""
        desc = resolved_replacements.describe(rep)
        resolved_replacements.of_state(desc)
        self.st.replacements = [*self.st.replacements, desc]
        self.touch()

    def end_replacements(self, ending: Sequence[ResolvedReplacement]) -> None:
        """These replacement effects of resolved spells and abilities end now (a regeneration
        shield used up, CR 701.19a; their duration over, 514.2): one entry for each record."""
        if not ending:
            return
        self.st.replacements = resolved_replacements.without(self.st.replacements, replacements(self._game), ending)
        self.touch()

    def allow_play(self, oid: int, player: int, until_turn: int, **terms: Any) -> None:
        """The player may play this exiled card until the end of that turn (-1: no end, CR
        601.2a) on these terms (engine/rules/permissions.py CardPermission, which raises for an
        unknown one): the one place that writes GameState.may_play."""
        perm = CardPermission.of_state({"obj": oid, "player": player, "until_turn": until_turn, **terms})
        self.st.may_play.append(perm.describe())
        self.touch()

    def end_play_permissions(self, ends: Callable[[CardPermission], bool]) -> None:
        """The permissions to play one card for which `ends` holds end (their turn is over, the
        card is gone)."""
        st = self.st
        if not st.may_play:
            return
        kept = [d for d, perm in zip(st.may_play, card_permissions(self._game)) if not ends(perm)]
        if len(kept) != len(st.may_play):
            st.may_play = kept
            self.touch()
