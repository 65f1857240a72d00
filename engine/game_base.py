"""What the rules and the cards call on a game (engine/rules/context.py `Context`): its
characteristics and caches, changes that empty them, events, choices in the middle of work
(engine/game_choices.py). `Game` (engine/game.py) adds the drivers' API on top: actions, undo, saving, observations.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from engine.config import GameConfig
from engine.contract import Decision
from engine.decisions import READS_NOTHING, decision, reads as decision_reads
from engine.redaction import concealed
from engine.rules import characteristics, hooks, life, payment, priority, sba, teams, zones
from engine.rules.characteristics import Chars
from engine.rules.damage import deal_damage, source_info
from engine.rules.triggers import Triggers
from engine.state import State
from engine.game_choices import GameChoices
from engine.cards.sets import token_data

# Object fields no characteristic (CR 109.3) depends on: a change keeps the characteristics
# cache (Game.update). QUIET ones also keep the per-position lists (targets, names):
# tapping lands for mana must not rebuild them. A target restriction that reads one of
# them (a TargetSpec with `status=True`) is not cached (engine/rules/targets.py).
_PLAIN = frozenset({bool, int, str, type(None)})
QUIET_FIELDS = frozenset({"tapped", "sick", "revealed", "note"})
STATUS_FIELDS = QUIET_FIELDS | {"damage", "deathtouch_damage", "attacking", "attacking_obj", "blocking", "blocked"}
# ... and those no state-based action reads of a creature (CR 704.5: damage, toughness, counters,
# attachments, legends; a creature's combat status only by CR 506.4's removal of a permanent
# that is no creature from combat, engine/rules/sba.py _out_of_combat): declaring attackers and
# blockers leaves the check as it was
COMBAT_FIELDS = QUIET_FIELDS | {"attacking", "attacking_obj", "blocking", "blocked"}


# per-position memo entries made from the permanents and their characteristics alone, which an
# ability going onto or leaving the stack leaves as they are (Game.touch_stack): the effects
# index and what is made of it, triggered abilities by event, permanents by type, each player's
# permanents, rule changes, discounts, restricted mana, lands' mana actions, whom to attack,
# the permanents with an
# "as it enters" choice still to make (engine/rules/as_enters.py: their `choose` is set as they
# enter and cleared by update, both of which touch), whether one remembers its controller before
# a control-changing effect (engine/rules/control.py, written by update) and those with a
# control-changing effect (kept with the effects index they were read from)
_PERMANENTS_ONLY = frozenset({"effects", "effect_keys", "effect_lists", "trigger_index", "type_index", "perms_fp",
                              "player_rules", "discounts", "restricted_mana", "plain_mana_actions", "defenders",
                              "land_types", "mana_triggers", "lands_could_make",
                              "as_enters_waiting", "controlled_from", "control_objs"})


class GameBase(GameChoices):
    """The game as the rules see it; `st` (the State) is set by Game. The static abilities and
    the writes of effects are engine/game_effects.py's, the choices in the middle of work
    engine/game_choices.py's."""

    st: State

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        self.config = config
        self.chars_cache: dict[int, Chars] = {}
        # characteristics with what they were made of, kept across changes of position
        # (engine/rules/characteristics.py _inputs)
        self.chars_kept: dict[Any, Any] = {}
        # how objects are named among themselves, across positions (engine/naming.py named)
        self.names_kept: dict[Any, Any] = {}
        self.face_gen = 0  # turned face up or down so far (names of face-down permanents)
        # changes of which objects are on the battlefield, in which order, who controls them and
        # which are phased in, so far (bf_changed): what is made of those alone — each player's
        # list of permanents, how they are named — is kept across positions while it is the same
        # (a spell resolving on a crowded board does not list its hundreds of permanents again)
        self.bf_gen = 0
        # battlefield(): the lists by controller, with the battlefield list, its length and the
        # bf_gen they were made at (the list object and its length too: a replaced state has
        # another list, and an object put onto it unannounced makes it longer)
        self._bf_lists: tuple[list[int], int, int, dict[int | None, list[int]]] = ([], 0, -1, {})
        # whether a static ability reads tapped status, with the static-ability list it was read
        # from (reads_tapped): the same list object while the static abilities are the same
        self._tapped_kept: tuple[list[Any], bool] | None = None
        # each player's permanents with their characteristics (perms()): emptied with the
        # characteristics, not by status changes (damage, combat) that empty the memo
        self._perms: dict[int, list[tuple[int, Any, Chars]]] = {}
        self.triggers = Triggers(self)
        self.events: list[dict[str, Any]] = []
        self.event_hidden: dict[int, dict[str, Any]] = {}  # event index -> its concealed parts
        self._new_events: list[dict[str, Any]] = []
        self._decision: tuple[dict[str, Any], Decision, tuple[Any, ...]] | None = None
        # the last Decision of each player and kind that reads only its dict (pending)
        self._alike: dict[tuple[int, str, Any], tuple[dict[str, Any], Decision]] = {}
        self.memo: dict[Any, Any] = {}  # per-position caches (target lists); cleared by touch()
        # the keys _keep_permanents_only kept last time (keys only: no value kept alive)
        self._only_kept: frozenset[Any] = frozenset()
        # mana sources per position: cleared by touch() and whenever a permanent taps or untaps
        self.mana_memo: dict[Any, Any] = {}
        self.dirty = True  # something changed since the last state-based action check
        self.aliases: dict[str, int] = {}  # scenario @alias -> physical card (not game state)

    @property
    def pending(self) -> Decision | None:
        """The open decision, or None when the game is over."""
        p = self.st.pending
        if p is None or self.st.outcome is not None:
            return None
        # (kept while the open decision is the same dict and what else it is made of is the
        # same: asked by the listing, then by Game.apply's precheck and perform — built once)
        cached = self._decision
        if cached is not None and cached[0] is p and (
                p["kind"] in READS_NOTHING or cached[2] == decision_reads(self, p)):
            return cached[1]
        kind = p["kind"]
        if kind in READS_NOTHING:
            # made of the dict alone: an equal dict makes an equal Decision. Each pass gives
            # priority in a new dict equal to the one of that player's last priority in that
            # step: its Decision is kept per player, kind and step (dicts in the state are
            # never changed in place, engine/decisions.py reads)
            params = p.get("params")
            slot = (p["player"], kind, params.get("step") if params else None)
            was = self._alike.get(slot)
            if was is not None and was[0] == p:
                dec = was[1]
            else:
                dec = decision(self, p)
                self._alike[slot] = (p, dec)
            self._decision = (p, dec, ())
            return dec
        dec = decision(self, p)
        self._decision = (p, dec, decision_reads(self, p))
        return dec

    @property
    def mode(self) -> str:
        return self.config.mode

    def opponents(self, player: int) -> list[int]:
        """The player's opponents still in the game, in turn order after them (CR 102.2); never
        a teammate (CR 102.3, the Archenemy teams of CR 904.2)."""
        n = len(self.st.players)
        team = self.st.players[player].team
        return [(player + i) % n for i in range(1, n) if not self.st.players[(player + i) % n].lost
                and not (team and self.st.players[(player + i) % n].team == team)]

    def opponents_this_turn(self, player: int) -> list[int]:
        """The player's opponents, also those who left the game (CR 800.4a): what happened to a
        player who was an opponent when they left still counts for "an opponent lost life this
        turn" and "an opponent was dealt damage this turn" (the rulings of spectacle and of
        hideaway lands). Never a teammate (CR 102.3)."""
        n = len(self.st.players)
        team = self.st.players[player].team
        return [(player + i) % n for i in range(1, n)
                if not (team and self.st.players[(player + i) % n].team == team)]

    # ------------------------------------------------------ helpers for rules and cards
    def touch(self) -> None:
        """The state changed in a way that may matter to characteristics or SBAs."""
        self.chars_cache.clear()
        self.memo.clear()
        self._perms.clear()
        for mana in self.mana_memo.values():
            mana["stale"] = True  # (checked before use: payment.player_mana)
        super().touch()  # (the static abilities' list: engine/game_effects.py)
        self.dirty = True

    def touch_stack(self, oid: int) -> None:
        """An ability went onto the stack or left it (engine/rules/zones.py): what is listed and
        named changes (stack objects are targets and have names), the characteristics, the
        static abilities' effects and the mana sources do not."""
        self._keep_permanents_only()
        self.chars_cache.pop(oid, None)
        # no state-based action looks at abilities on the stack (CR 704.5): whatever else the
        # ability's costs or effects change marks the check itself

    def bf_changed(self) -> None:
        """An object entered or left the battlefield, or a permanent's controller or phasing
        changed (engine/rules/zones.py, update): what is kept of the battlefield by bf_gen is
        made again when next asked (battlefield, bf_kept). Called right after the change."""
        self.bf_gen += 1

    def bf_kept(self, key: Any, make: Any, face: bool = False) -> Any:
        """make(), kept in names_kept under `key` while the battlefield, who controls its
        permanents and which are phased in stay as they are (bf_gen, and the battlefield list
        object and its length), and with `face` while nothing turned face up or down and
        nothing was renamed (face_gen). `make` reads nothing else of the game."""
        bf = self.st.battlefield
        was = self.names_kept.get(key)
        if was is not None and was[0] == self.bf_gen and was[1] is bf and was[2] == len(bf) \
                and (not face or was[3] == self.face_gen):
            return was[4]
        got = make()
        self.names_kept[key] = (self.bf_gen, bf, len(bf), self.face_gen, got)
        return got

    def _keep_permanents_only(self) -> None:
        """Empty the per-position memo but for what is made of the permanents and their
        characteristics alone (_PERMANENTS_ONLY: the effects index and what is made of it)."""
        memo = self.memo
        if len(memo) <= len(self._only_kept) and memo.keys() <= self._only_kept:
            return  # (every entry is one this kept last time: a status change after another)
        # (a tuple key by its first part alone: hashing a whole key, a target restriction's
        # dataclass in it, costs a call of Python code; the kept ones are copied with their hashes)
        kept = {k: v for k, v in memo.items() if (k[0] if type(k) is tuple else k) in _PERMANENTS_ONLY}
        memo.clear()
        memo.update(kept)
        self._only_kept = frozenset(kept)

    def event(self, key: str, **params: Any) -> None:
        ev = {"key": key, **params}
        # who may know the hidden objects it names, decided now, by identity (engine/redaction.py)
        hide = concealed(self, ev)
        if hide is not None:
            self.event_hidden[len(self.events)] = hide
        elif self.event_hidden:
            self.event_hidden.pop(len(self.events), None)
        self.events.append(ev)
        self._new_events.append(ev)

    def pname(self, player: int) -> str:
        return self.st.players[player].name

    def opponent(self, player: int) -> int:
        """The next opponent in turn order still in the game (two players: the other one).
        For "each opponent" use opponents(); this is for effects that name one opponent."""
        opps = self.opponents(player)
        return opps[0] if opps else (player + 1) % len(self.st.players)

    def next_player(self, player: int) -> int:
        """The next player in turn order still in the game (CR 101.4, 800.4a)."""
        n = len(self.st.players)
        for i in range(1, n + 1):
            q = (player + i) % n
            if not self.st.players[q].lost:
                return q
        return player

    def empty_seat(self, player: int) -> bool:
        """Seat 1 when goldfishing (GameConfig.goldfish), or a player who has left a game that
        goes on (CR 800.4a): never decides, never draws."""
        return (self.config.goldfish and player == 1) or self.st.players[player].lost

    def apnap(self) -> list[int]:
        """CR 101.4: active player first, then the others in turn order; with shared team turns
        the active team first, then each nonactive team (CR 805.6, engine/rules/teams.py)."""
        return teams.apnap_order(self)

    def is_active(self, player: int) -> bool:
        """Whether it is the player's turn (CR 102.1; with shared team turns any member of the
        active team, CR 805.4a)."""
        return teams.is_active(self, player)

    def chars(self, oid: int) -> Chars:
        got = self.chars_cache.get(oid)
        return got if got is not None else characteristics.chars(self, oid)

    def is_type(self, oid: int, type_: str) -> bool:
        got = self.chars_cache.get(oid) or characteristics.chars(self, oid)
        return type_ in got.types

    def has(self, oid: int, keyword: str) -> bool:
        got = self.chars_cache.get(oid) or characteristics.chars(self, oid)
        return keyword in got.keywords

    def types_now(self, oid: int) -> tuple[frozenset[str], tuple[str, ...]]:
        """Current card types and subtypes, in any zone (CR 613, 400.2): characteristics.types_now."""
        return characteristics.types_now(self, oid)

    def printed_types(self, oid: int) -> frozenset[str]:
        return characteristics.base_chars(self, oid).types

    def printed_subtypes(self, oid: int) -> tuple[str, ...]:
        return characteristics.base_chars(self, oid).subtypes

    def perms(self, controller: int) -> list[tuple[int, Any, Chars]]:
        """(id, object, characteristics) of the phased-in permanents a player controls.
        Cached until the next touch(); read mutable status (tapped) from the object itself."""
        got = self._perms.get(controller)
        if got is None:
            # (the player's permanents kept across positions, battlefield(); gathered in C but
            # for each one's characteristics, in battlefield order)
            ids = self.battlefield(controller)
            got = list(zip(ids, map(self.st.objects.__getitem__, ids), map(self.chars, ids)))
            if not self.memo.get("effects_partial"):  # (not while static abilities are being read)
                self._perms[controller] = got
        return got

    def with_type(self, player: int, type_: str, subtype: bool = False) -> list[int]:
        """The permanents a player controls with this card type or subtype (once per position)."""
        return characteristics.with_type(self, player, type_, subtype)

    def all_perms(self) -> list[tuple[int, Any, Chars]]:
        """perms() of every player, seat by seat."""
        return [x for p in range(len(self.st.players)) for x in self.perms(p)]

    def battlefield(self, controller: int | None = None) -> Iterable[int]:
        """Permanents that exist for the rules: phased-out ones do not (CR 702.26b). A list
        kept while the battlefield, control and phasing stay as they are (bf_changed; callers
        never change it): static abilities read it for each group they affect, in every
        position."""
        kept = self._bf_lists
        bf = self.st.battlefield
        if kept[2] != self.bf_gen or kept[0] is not bf or kept[1] != len(bf):
            kept = self._bf_lists = (bf, len(bf), self.bf_gen, {})
        got = kept[3].get(controller)
        if got is None:
            objects = self.st.objects
            got = kept[3][controller] = [oid for oid in bf if not objects[oid].phased_out
                                         and (controller is None or objects[oid].controller == controller)]
        return got

    def move(self, oid: int, zone: str, **kw: Any) -> int:
        return zones.move(self, oid, zone, **kw)

    def draw(self, player: int, n: int = 1) -> None:
        zones.draw(self, player, n)

    def shuffle(self, player: int) -> None:
        zones.shuffle_library(self, player)

    def shuffle_into_bottom(self, player: int, ids: list[int]) -> None:
        zones.to_bottom_random(self, player, ids)

    def create_token(self, controller: int, name: str) -> int:

        return zones.create_token(self, controller, token_data(name))

    def update(self, oid: int, **fields: Any) -> Any:
        """Change fields of an object (tapped, damage, attacking, face_down, ...). Status that
        no characteristic depends on (tapped, damage, combat, ...) keeps the characteristics
        cache: tapping lands for mana must not make every permanent's characteristics be
        computed again."""
        obj = self.st.objects[oid]
        # a field set to the value it has changes nothing (the cleanup step clears damage
        # that is 0 on every permanent): no cache is emptied for it. (Containers always count:
        # a caller may have changed the object's own dict and hands it back.)
        fields = {k: v for k, v in fields.items()
                  if not (type(v) in _PLAIN and getattr(obj, k) == v)}
        if not fields:
            return obj
        for key, value in fields.items():
            setattr(obj, key, value)
        if "face_down" in fields or "name" in fields:
            self.face_gen += 1  # (it is named otherwise now)
        if "controller" in fields or "phased_out" in fields or "zone" in fields:
            self.bf_changed()  # (another player's permanent now, or one that does not exist: CR 702.26b)
        if "tapped" in fields or "sick" in fields:
            payment.mana_changed(self, obj, fields)
        reads = characteristics.tap_statics(self, oid) if "tapped" in fields and self.reads_tapped() else False
        if reads is True or not STATUS_FIELDS.issuperset(fields):
            self.touch()  # (a static ability whose effects depend on tapped status: all again)
        elif reads == "self":
            # "Other tapped creatures you control have ...": the effects stay as they are (they
            # apply while tapped); this permanent's characteristics change, and what was made
            # of them in this position
            self.chars_cache.pop(oid, None)
            effects = self.memo.get("effects")
            self.memo.clear()
            self._perms.clear()  # (they hold its characteristics)
            if effects is not None:  # (no static ability reads the other status fields either)
                self.memo["effects"] = effects
            self.dirty = True
        elif not QUIET_FIELDS.issuperset(fields):
            # damage and combat status: no characteristic (CR 109.3, 613) and so no static
            # ability's effects read them (STATUS_FIELDS), nor what is made of the permanents'
            # characteristics: those stay as the characteristics do (engine/cache_check.py
            # compares them with a fresh reading); the per-position lists go ("target
            # attacking creature", what is listed and named)
            self._keep_permanents_only()
            if not COMBAT_FIELDS.issuperset(fields) or not self.is_type(oid, "Creature"):
                self.dirty = True
        # otherwise (tapped, sick, revealed, a note) nothing: no state-based action and no
        # characteristic looks at these (CR 704.5)
        return obj

    def reads_tapped(self) -> bool:
        """Whether a static ability that exists now reads tapped status (StaticAbility.reads_tapped):
        if none does, tapping or untapping changes no characteristic and no effect
        (characteristics.tap_statics has nothing to look at). Kept with the static-ability list it
        was read from (static_sources: the same list object while they are the same), not read
        again at each land tapped for mana."""
        sources = self.static_sources()
        kept = self._tapped_kept
        if kept is None or kept[0] is not sources:
            kept = self._tapped_kept = (sources, any(fn.reads_tapped for _, fn in sources))
        return kept[1]

    def add_counters(self, oid: int, kind: str, n: int) -> None:
        """Put n counters of a kind on an object (n < 0 removes them; none left: gone)."""
        obj = self.st.objects[oid]
        counters = obj.counters
        before = counters.get(kind, 0)
        left = before + n
        if left > 0:
            counters[kind] = left
        else:
            counters.pop(kind, None)
        if n > 0 and characteristics.is_keyword_counter(kind):
            # CR 613.1f, 122.1b: a keyword counter's effect applies in layer 6 from the time
            # it was put on the object (an ability-removing effect older than it doesn't remove it)
            obj.ctx = {**obj.ctx, "kw_ts": {**obj.ctx.get("kw_ts", {}), kind: self.st.next_timestamp}}
            self.st.next_timestamp += 1
        self.touch()
        if n < 0 and before > 0:  # abilities that trigger on counters leaving, however (CR 702.62a)
            self.st.waiting.extend(hooks.counters_removed(self, oid, kind, max(left, 0)))

    def update_player(self, player: int, **fields: Any) -> None:
        pl = self.st.players[player]
        for key, value in fields.items():
            setattr(pl, key, value)
        if "life" in fields and pl.team:
            teams.share_life(self, player)  # the team's shared life total (Archenemy Commander)
        self.touch()

    def remove(self, oid: int) -> None:
        """The object ceases to exist (a token off the battlefield, an ability that is done)."""
        zones.remove(self, oid)

    def mark_turn(self, key: str) -> None:
        """Remember for the rest of the turn that something was done ("Do this only once each turn")."""
        self.st.this_turn[key] = self.st.this_turn.get(key, 0) + 1

    def turn_began(self) -> None:
        """A new turn: its record starts empty (CR 500.1). Static abilities read the record and
        whose turn it is ("as long as this Aura entered this turn", "during your turn"), so the
        characteristics are made again."""
        # "if you drew a card last turn" (Mine Is the Only Truth): who drew in the turn now over
        drew = [f"drew_last_turn:{p.index}" for p in self.st.players if self.st.this_turn.get(f"drew:{p.index}")]
        self.st.this_turn = {key: 1 for key in drew}
        self.st.lki = {}
        self.touch()

    def destroy(self, oid: int) -> int | None:
        return sba.destroy(self, oid)

    def sacrifice(self, oid: int) -> int:
        """CR 701.17: sacrifice — move to its owner's graveyard; not "destroy"."""
        return sba.put_into_graveyard(self, oid, cause="sacrifice")

    def damage(self, source: dict[str, Any], ref: dict[str, Any], amount: int) -> None:

        deal_damage(self, source, ref, amount)

    def damage_source(self, item: Any) -> dict[str, Any]:

        return source_info(self, item)

    def gain_life(self, player: int, n: int) -> None:
        """CR 119.3; nothing if an effect says the player can't gain life (CR 119.7); "If you
        would gain life, you gain that much life plus N instead" (a replacement effect,
        CR 614.1a, applied once per event by each permanent): engine/rules/life.py."""
        if n <= 0:
            return  # CR 107.1b: a negative amount of life to gain is 0 — no life is gained or lost
        if life.enchanted_cant_gain_life(self, player):
            self.event("no_life_gain", player=self.pname(player))
            return
        if life.cant_gain_life(self, player):
            return
        n += life.gain_bonus(self, player) if n > 0 else 0
        self.st.players[player].life += n
        teams.share_life(self, player)
        self.touch()
        self.event("life", player=self.pname(player), delta=n)
        self.triggers.fire("gain_life", player=player, amount=n)

    def lose_life(self, player: int, n: int) -> None:
        self.st.players[player].life -= n
        teams.share_life(self, player)
        self.touch()
        self.event("life", player=self.pname(player), delta=-n)
        self.triggers.fire("lose_life", player=player, amount=n)  # "Whenever you lose life"
        if n > 0:
            self.life_lost(player, n)

    def life_lost(self, player: int, n: int) -> None:
        """CR 119.3, 120.3a: a player lost life (by damage too): counted for the turn, for
        "loses life for the first time during each of their turns"."""
        self.mark_turn(f"life_lost:{player}")
        # how much: "the total amount of life your opponents lost this turn" (not a life-total change)
        self.st.this_turn[f"life_lost_amount:{player}"] = int(self.st.this_turn.get(f"life_lost_amount:{player}", 0)) + n
        self.triggers.fire("life_lost", player=player, amount=n)

    def target_ref(self, item: Any, i: int) -> dict[str, Any] | None:
        """The i-th target if it is still legal (CR 608.2b), else None."""
        return priority.target_still_legal(self, item, i + item.ctx.get("target_offset", 0))

    def target_obj(self, item: Any, i: int) -> int | None:
        ref = self.target_ref(item, i)
        return ref.get("obj") if ref else None

    def dump(self) -> str:
        return json.dumps(self.st.to_dict(), sort_keys=True)
