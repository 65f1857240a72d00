"""The English sentence of every message the engine sends, and the log sentences of its events.

The engine's interface carries no English: events, decisions (pending["prompt"]), refusals
(ActionError.key/.params), deck problems, import reports and search errors are keys with
parameters. This module is the one place where each key has its English sentence, marked
for `pybabel extract` (N_ / NC_ / NP_); the app shows the same keys in the UI language
through app.i18n, which passes a `Translator` over the gettext catalogs in i18n/. Without
one (the CLI, the scenario runner's --verbose) the sentences are English. No Qt here.
"""
from __future__ import annotations

from typing import Any, Mapping, Union

# A message: its English text, (context, text), or ("", singular, plural) for a plural.
Message = Union[str, tuple[str, str], tuple[str, str, str]]


def N_(message: str) -> str:
    """Marks an English message for extraction; translated where it is shown."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """A message with a context (one English word, two translations)."""
    return (context, message)


def NP_(singular: str, plural: str) -> tuple[str, str, str]:
    """A message with plural forms, chosen by the parameter `count`."""
    return ("", singular, plural)


class Params(dict):  # type: ignore[type-arg]
    """format_map helper: an unknown placeholder stays visible as {name} instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(text: str, params: Mapping[str, Any]) -> str:
    """`text` with its {placeholders} filled; a missing or malformed one never raises."""
    if not params:
        return text
    try:
        return text.format_map(Params(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return text


class Translator:
    """English: every message as written. app.i18n subclasses it over the gettext catalogs."""

    def gettext(self, message: str) -> str:
        return message

    def pgettext(self, context: str, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)

    def card_name(self, name: str | None) -> str:
        """A card's name as shown (English: as it is; a hidden card: "a face-down card")."""
        return str(name) if name else message("card.hidden", self)


ENGLISH = Translator()


def entry(key: str) -> Message | None:
    """The message of a key, or None."""
    found = MESSAGES.get(key)
    return found if found is not None else DECK_MESSAGES.get(key)


def has(key: str) -> bool:
    return entry(key) is not None


def translate(msg: Message, tr: Translator = ENGLISH, count: Any = None) -> str:
    """The text of a message entry in the translator's language (placeholders unfilled)."""
    if isinstance(msg, str):
        return tr.gettext(msg)
    if len(msg) == 2:
        return tr.pgettext(msg[0], msg[1])
    context, singular, plural = msg
    try:
        n = int(count)
    except (TypeError, ValueError):
        n = 2
    return tr.npgettext(context, singular, plural, n) if context else tr.ngettext(singular, plural, n)


def message(key: str, tr: Translator = ENGLISH, /, **params: Any) -> str:
    """The sentence of `key` in the translator's language with its placeholders filled
    (the key itself when it has no sentence)."""
    msg = entry(key)
    if msg is None:
        return key
    return fill(translate(msg, tr, params.get("count")), params)


def english(key: str, /, **params: Any) -> str:
    return message(key, ENGLISH, **params)


# ----------------------------------------------------------------- counters
# Counter kinds (CR 122.1) with their number, in the glossary's terms ("3 Stufenmarken",
# "1 segnalino livello"); a kind not listed here: OTHER_COUNTERS.
COUNTERS: dict[str, Message] = {
    "+1/+1": NP_("{count} +1/+1 counter", "{count} +1/+1 counters"),
    "-1/-1": NP_("{count} -1/-1 counter", "{count} -1/-1 counters"),
    "loyalty": NP_("{count} loyalty counter", "{count} loyalty counters"),
    "poison": NP_("{count} poison counter", "{count} poison counters"),
    "level": NP_("{count} level counter", "{count} level counters"),
    "time": NP_("{count} time counter", "{count} time counters"),
    "stun": NP_("{count} stun counter", "{count} stun counters"),
    "shield": NP_("{count} shield counter", "{count} shield counters"),
    "defense": NP_("{count} defense counter", "{count} defense counters"),
    "lore": NP_("{count} lore counter", "{count} lore counters"),
    "energy": NP_("{count} energy counter", "{count} energy counters"),
    "finality": NP_("{count} finality counter", "{count} finality counters"),
    "flying": NP_("{count} flying counter", "{count} flying counters"),
}
OTHER_COUNTERS = NP_("{count} {kind} counter", "{count} {kind} counters")


def counters(kind: str, count: int, tr: Translator | None = None) -> str:
    """`count` counters of a kind as a phrase in the translator's language: "2 +1/+1 counters"."""
    msg = COUNTERS.get(kind, OTHER_COUNTERS)
    return fill(translate(msg, tr or ENGLISH, count), {"count": count, "kind": kind})


# ----------------------------------------------------------------- descriptions
# Short wordings the card layer gives its targets and costs (TargetSpec.desc: "target creature
# you control"); whole rules lines are shown by the card's own line in the UI language
# (app.i18n.card_line) instead.
DESCRIPTIONS: dict[str, Message] = {
    "target creature": N_("target creature"),
    "target creature you control": N_("target creature you control"),
    "another target creature you control": N_("another target creature you control"),
    "target creature an opponent controls": N_("target creature an opponent controls"),
    "target attacking creature": N_("target attacking creature"),
    "target creature or planeswalker": N_("target creature or planeswalker"),
    "any target": N_("any target"),
    "target player": N_("target player"),
    "target opponent": N_("target opponent"),
    "target permanent": N_("target permanent"),
    "target nonland permanent": N_("target nonland permanent"),
    "target artifact": N_("target artifact"),
    "target enchantment": N_("target enchantment"),
    "target land": N_("target land"),
    "target spell": N_("target spell"),
    "Enchant creature": N_("Enchant creature"),
    "a creature": N_("a creature"),
    "a creature or enchantment": N_("a creature or enchantment"),
}


def description(text: str, tr: Translator | None = None) -> str:
    """A target's or cost's wording in the translator's language (as given if not listed)."""
    msg = DESCRIPTIONS.get(text)
    return text if msg is None else translate(msg, tr or ENGLISH)


# ----------------------------------------------------------------- event sentences
def signed(n: Any) -> str:
    try:
        return f"{int(n):+d}"
    except (TypeError, ValueError):
        return str(n)


# zone changes already told by another event (cast, play, draw, resolve ...) are not repeated
_QUIET_CAUSES = {"draw", "mulligan", "cast", "resolve", "play", "manual", "discard", "countered"}


def event_text(ev: Mapping[str, Any], you: str | None = None, tr: Translator = ENGLISH) -> str | None:
    """The log sentence for one engine event, or None if it is not worth a line.

    `you`: the viewer's player name; their own events are told in the second person
    (event.<key>.you; .self when they are also the target)."""
    key = str(ev.get("key", ""))
    p = dict(ev)

    def say(k: str, /, **params: Any) -> str:
        if you is not None:
            actor = params.get("winner") if k == "event.game_over" else params.get("player")
            if actor == you:
                if params.get("target") == you and has(k + ".self"):
                    return message(k + ".self", tr, **params)
                if has(k + ".you"):
                    return message(k + ".you", tr, **params)
        return message(k, tr, **params)

    def names(cards: Any) -> str:
        return ", ".join(tr.card_name(str(n)) if n else tr.card_name(None) for n in cards or ())

    for field in ("card", "source", "to", "door"):
        if field in p:
            p[field] = tr.card_name(p[field])
    if key == "zone_change":
        if p.get("cause") in _QUIET_CAUSES or p.get("to_zone") == "stack":
            return None
        to = p.get("to_zone", "")
        k = f"event.zone_change.{to}" + ("" if ev.get("card") else ".hidden")
        return say(k if has(k) else "event.zone_change", **p, zone=message(f"zone.{to}", tr))
    if key == "start" and you is not None and p.get("first") == you:
        return message("event.start.you", tr, **p)
    if key == "step":
        if p.get("step") == "untap":
            return say("event.turn", turn=p.get("turn", "?"), player=p.get("player", ""))
        return say("event.step", step=message(f"step.{p.get('step', '')}", tr))
    if key in ("cast", "activate") and p.get("targets"):
        return say(f"event.{key}_targets", **{**p, "targets": names(p["targets"])})
    if key in ("life", "manual_life", "manual_poison"):
        delta = int(p.get("delta", 0) or 0)
        suffix = ".gain" if delta >= 0 else ".loss"
        return say(f"event.{key}{suffix}", **{**p, "amount": abs(delta), "count": abs(delta),
                                               "delta": signed(delta)})
    if key == "damage":
        return say("event.damage_card" if "obj" in p else "event.damage_player", **{**p, "count": p.get("amount")})
    if key == "attack":
        return say("event.attack", **{**p, "cards": names(p.get("cards", []))})
    if key == "block":
        pairs = p.get("pairs") or []
        lines = [say("event.block_pair", player=p.get("player", ""), blocker=tr.card_name(b),
                     attacker=tr.card_name(a)) for b, a in pairs]
        return "\n".join(lines) if lines else say("event.block_none", player=p.get("player", ""))
    if key == "lose":
        k = f"event.lose.{p.get('reason', '')}"
        return say(k if has(k) else "event.lose", **p)
    if key == "game_over":
        return say("event.game_over" if p.get("winner") else "event.game_over.draw", **p)
    if key == "coin":
        return say("event.coin", player=p.get("player", ""), result=message(f"coin.{p.get('result', '')}", tr))
    if key == "manual_move":
        return say("event.manual_move" if ev.get("card") else "event.manual_move.hidden",
                   **{**p, "zone": message(f"zone.{p.get('to_zone', '')}", tr)})
    if key == "manual_counter":
        delta = int(p.get("delta", 0) or 0)
        return say("event.manual_counter.add" if delta >= 0 else "event.manual_counter.remove",
                   **{**p, "count": abs(delta), "counters": counters(str(p.get("kind", "")), abs(delta), tr)})
    if key in ("counter", "counter_removed"):
        n = int(p.get("count", 1) or 1)
        return say(f"event.{key}", **{**p, "counters": counters(str(p.get("kind", "")), n, tr)})
    if key == "mana":
        return None  # tapping for mana is visible on the table; the spell's line follows
    if has(f"event.{key}"):
        return say(f"event.{key}", **p)
    return message("event.unknown", tr, key=key,
                   details=", ".join(f"{a}={b}" for a, b in ev.items() if a != "key"))


def _silent_step(events: list[Mapping[str, Any]], i: int, tr: Translator) -> bool:
    """A step in which nothing worth a line happened before the next step began: no header.
    The current, unfinished step keeps its header."""
    ev = events[i]
    if ev.get("key") != "step" or ev.get("step") == "untap":
        return False
    for nxt in events[i + 1:]:
        if nxt.get("key") == "step":
            return True
        if event_text(nxt, None, tr) is not None:
            return False
    return False


def event_lines(events: list[Mapping[str, Any]], you: str | None = None, tr: Translator = ENGLISH,
                show_empty_steps: bool = False) -> list[str]:
    """Sentences for a batch of events; consecutive single draws by one player are merged,
    and steps in which nothing happened are left out (unless show_empty_steps)."""
    out: list[str] = []
    i = 0
    while i < len(events):
        ev = events[i]
        if not show_empty_steps and _silent_step(events, i, tr):
            i += 1
            continue
        if ev.get("key") == "draw":
            n = 0
            j = i
            while j < len(events) and events[j].get("key") in ("draw", "zone_change"):
                e = events[j]
                if e.get("key") == "draw":
                    if e.get("player") != ev.get("player"):
                        break
                    n += int(e.get("count", 1) or 1)
                elif e.get("cause") != "draw":
                    break
                j += 1
            who = ev.get("player", "")
            k = "event.draw" + (".you" if you is not None and who == you else "")
            out.append(message(k, tr, player=who, count=n))
            i = j
            continue
        text = event_text(ev, you, tr)
        if text:
            out.extend(text.split("\n"))
        i += 1
    return out


def sentence(event: Mapping[str, Any]) -> str:
    """One event as an English sentence (the CLI, the scenario runner's game log)."""
    text = event_text(event)
    if text is None:
        key = str(event.get("key", ""))
        return message("event.mana", ENGLISH, **event) if key == "mana" else key
    return text.replace("\n", " ")


# ----------------------------------------------------------------- the messages
# Events (event.<key>, .you: the viewer's own, .self: also the target), steps, zones,
# decisions (decide.*, ask.*) and refusals (error.<ActionError key>).
MESSAGES: dict[str, Message] = {
    "event.choose": N_("{player} chooses {choice}."),
    "event.choose.you": N_("You choose {choice}."),
    "event.monstrous": N_("{card} becomes monstrous."),
    "ask.face_up_or_counter": N_("{card}: turn that creature face up, or put a +1/+1 counter on it?"),
    "ask.choose_creature": N_("{card}: choose a creature."),
    "ask.odd_or_even": N_("{card}: choose odd or even."),
    "ask.untap_lands": N_("Choose up to {count} lands to untap."),
    "ask.turn_face_up": N_("{card}: you may turn a permanent you control face up."),
    "ask.pay_ward_life": N_("Ward: pay {life} life? If you don't, {card} is countered."),
    "ask.sacrifice_may": N_("{card}: choose another permanent to sacrifice, or choose nothing."),
    "ask.pick_to_hand": N_("Choose a card to put into your hand, or choose nothing to stop."),
    "ask.reanimate": N_("Choose a creature card in a graveyard to put onto the battlefield under your control."),
    "error.cast.zone": N_("You can't cast {card} from there this way now (CR 601.2a)."),
    "ask.scry_bottom": N_("Scry {count}: choose the cards to put on the bottom of your library (or nothing); the others stay on top."),
    "event.scry": N_("{player} scries {count}."),
    "ask.begin_on_battlefield": N_("{card} is in your opening hand: begin the game with it on the battlefield?"),
    "ask.choose_to_discard": N_("Choose a nonland card from {player}'s hand to be discarded, or nothing."),
    "ask.discard_any_number": N_("{card}: discard any number of cards (choose done to stop)."),
    "ask.cast_copies": N_("{card}: cast one of the copies (choose done to cast no more of them)."),
    "ask.pay_life": N_("{card}: pay {life} life?"),
    "ask.pay_ward_sacrifice": N_("Ward: sacrifice {count} nonland permanents? If you don't, {card} is countered."),
    "ask.punisher": N_("{card}: sacrifice a nonland permanent, discard a card, or neither (and be dealt damage)."),
    "ask.put_into_hand": N_("Choose the card to put into your hand; the rest go to your graveyard."),
    "event.no_life_gain": N_("{player} can't gain life."),
    "error.cast.pay_life": N_("{card} is cast by paying life equal to its mana value, and nothing else."),
    "error.activate.crew": N_("Your untapped creatures do not have enough total power to crew {card} (CR 702.122a)."),
    "error.activate.discard": N_("You have no card to discard for this ability of {card} (CR 602.2b)."),
    "error.attack.alone": N_("{card} can't attack alone (CR 506.5, 508.1c)."),
    "event.choose_color": N_("{player} chooses {color} for {card}."),
    "ask.choose_color": N_("{card}: choose a color."),
    "ask.crew": N_("Crew {count}: choose an untapped creature you control to tap, or “no more” once their total power is {count} or more."),
    "ask.reveal_to_hand": N_("Look at the top {count} cards: choose a card to reveal and put into your hand, or choose nothing."),
    "ask.choose_effect": N_("{card}: choose what happens."),
    "ask.tap_any_number": N_("{card}: choose any number of untapped creatures you control to tap."),
    "ask.counter_kind": N_("{card}: choose the kind of counter."),
    "event.not_countered": N_("{card} can't be countered."),
    "ask.choose_cost": N_("{card}: as an additional cost, choose {what}."),
    "ask.tap_cost": N_("{card}: choose what to tap to pay the cost ({what})."),
    "error.activate.condition": N_("This ability can't be activated now: its condition is not met (CR 602.5b)."),
    "error.activate.tap_other": N_("You have nothing to tap for this ability."),
    "error.activate.graveyard": N_("That ability works only from your graveyard."),
    "error.activate.cost": N_("You can't pay this ability's cost now (CR 602.2b)."),
    "error.activate.once": N_("This ability can be activated only once (CR 602.5b)."),
    "error.mana.life": N_("You can't pay {life} life (CR 119.4)."),
    "ask.may_sacrifice": N_("{card}: choose a permanent to sacrifice, or nothing."),
    "ask.choose_one_of_these": N_("{card}: choose one of these creatures."),
    "ask.return_cost": N_("{card}: choose the permanent you control to return to its owner's hand as an additional cost ({what})."),
    "ask.exile_from_graveyard_cost": N_("{card}: choose {count} cards from your graveyard to exile as an additional cost."),
    "ask.top_or_bottom": N_("{card}: choose whether you put it on the top or on the bottom of your library."),
    "ask.search_room": N_("Choose a Room card that shares no name with a Room you control, or choose nothing."),
    "decide.trigger_mode": N_("{card}: choose the mode of its triggered ability."),
    "ask.opening_hand": N_("{card} is in your opening hand: begin the game with it on the battlefield?"),
    "ask.creature_type": N_("{card}: choose a creature type."),
    "event.chosen": N_("{card}: {choice} is chosen."),
    "event.control": N_("{player} controls {card} now."),
    "event.copy_token": N_("A copy of {card} is created."),
    "event.library_placed": N_("{player} puts the card into their library ({where})."),
    "error.mana.restricted": N_("The mana of {card} can be spent only on what its ability says; it is used as you pay such a cost."),
    "error.special.cant_turn_face_up": N_("This face-down permanent can't be turned face up."),
    "card.hidden": N_("a face-down card"),

    "step.untap": N_("Untap step"),
    "step.upkeep": N_("Upkeep step"),
    "step.draw": N_("Draw step"),
    "step.main1": N_("First main phase"),
    "step.beginning_of_combat": N_("Beginning of combat step"),
    "step.declare_attackers": N_("Declare attackers step"),
    "step.declare_blockers": N_("Declare blockers step"),
    "step.combat_damage": N_("Combat damage step"),
    "step.end_of_combat": N_("End of combat step"),
    "step.main2": N_("Second main phase"),
    "step.end": N_("End step"),
    "step.cleanup": N_("Cleanup step"),

    "zone.library": N_("Library"),
    "zone.hand": N_("Hand"),
    "zone.battlefield": N_("Battlefield"),
    "zone.graveyard": N_("Graveyard"),
    "zone.stack": N_("Stack"),
    "zone.exile": N_("Exile"),
    "zone.command": N_("Command zone"),

    "event.start": N_("{first} plays first."),
    "event.turn": N_("— Turn {turn}: {player} —"),
    "event.turn.you": N_("— Turn {turn}: your turn —"),
    "event.step": N_("— {step} —"),
    "event.keep": N_("{player} keeps their hand."),
    "event.keep.you": N_("You keep your hand."),
    "event.mulligan": N_("{player} takes a mulligan."),
    "event.mulligan.you": N_("You take a mulligan."),
    "event.bottom": NP_("{player} puts a card from their hand on the bottom of their library.",
        "{player} puts {count} cards from their hand on the bottom of their library."),
    "event.bottom.you": NP_("You put a card from your hand on the bottom of your library.",
        "You put {count} cards from your hand on the bottom of your library."),
    "event.draw": NP_("{player} draws a card.",
        "{player} draws {count} cards."),
    "event.draw.you": NP_("You draw a card.",
        "You draw {count} cards."),
    "event.draw_empty": N_("{player} has to draw from an empty library."),
    "event.draw_empty.you": N_("You have to draw from an empty library."),
    "event.shuffle": N_("{player} shuffles their library."),
    "event.shuffle.you": N_("You shuffle your library."),
    "event.mana": N_("{player} adds {mana} with {card}."),
    "event.play": N_("{player} plays {card}."),
    "event.play.you": N_("You play {card}."),
    "event.cast": N_("{player} casts {card}."),
    "event.cast.you": N_("You cast {card}."),
    "event.cast_targets": N_("{player} casts {card} targeting {targets}."),
    "event.cast_targets.you": N_("You cast {card} targeting {targets}."),
    "event.activate": N_("{player} activates an ability of {card}."),
    "event.activate.you": N_("You activate an ability of {card}."),
    "event.activate_targets": N_("{player} activates an ability of {card} targeting {targets}."),
    "event.activate_targets.you": N_("You activate an ability of {card} targeting {targets}."),
    "event.unlock": N_("{player} unlocks the door {door} of {card}."),
    "event.unlock.you": N_("You unlock the door {door} of {card}."),
    "event.turn_face_up": N_("{player} turns {card} face up."),
    "event.turn_face_up.you": N_("You turn {card} face up."),
    "event.trigger": N_("An ability of {card} triggers."),
    "event.resolve": N_("{card} resolves."),
    "event.fizzle": N_("{card} doesn't resolve: all its targets are illegal."),
    "event.countered": N_("{card} is countered."),
    "event.attack": N_("{player} attacks with {cards}."),
    "event.attack.you": N_("You attack with {cards}."),
    "event.block_pair": N_("{player} blocks {attacker} with {blocker}."),
    "event.block_pair.you": N_("You block {attacker} with {blocker}."),
    "event.block_none": N_("{player} doesn't block."),
    "event.block_none.you": N_("You don't block."),
    "event.assign": N_("{player} divides the combat damage of {card}."),
    "event.assign.you": N_("You divide the combat damage of {card}."),
    "event.damage_player": NP_("{source} deals {amount} damage to {player}.",
        "{source} deals {amount} damage to {player}."),
    "event.damage_player.you": NP_("{source} deals {amount} damage to you.",
        "{source} deals {amount} damage to you."),
    "event.damage_card": NP_("{source} deals {amount} damage to {card}.",
        "{source} deals {amount} damage to {card}."),
    "event.life.gain": NP_("{player} gains {amount} life.",
        "{player} gains {amount} life."),
    "event.life.gain.you": NP_("You gain {amount} life.",
        "You gain {amount} life."),
    "event.life.loss": NP_("{player} loses {amount} life.",
        "{player} loses {amount} life."),
    "event.life.loss.you": NP_("You lose {amount} life.",
        "You lose {amount} life."),
    "event.token": N_("{player} creates a {card} token."),
    "event.token.you": N_("You create a {card} token."),
    "event.counter": N_("{card} gets {counters}."),
    "event.counter_removed": N_("{card} loses {counters}."),
    "event.discard": N_("{player} discards {card}."),
    "event.discard.you": N_("You discard {card}."),
    "event.reveal": N_("{player} reveals {card}."),
    "event.reveal.you": N_("You reveal {card}."),
    "event.indestructible": N_("{card} is indestructible and isn't destroyed."),
    "event.regeneration_shield": N_("{card} gets a regeneration shield."),
    "event.regenerate": N_("{card} regenerates: tapped, damage removed, out of combat."),
    "event.prevent": N_("{amount} damage to {to} is prevented."),
    "event.extra_turn": N_("{player} will take an extra turn after this one."),
    "event.extra_turn.you": N_("You will take an extra turn after this one."),
    "event.copy": N_("{player} copies {card}."),
    "event.copy.you": N_("You copy {card}."),
    "event.zone_change": N_("{card} moves to another zone: {zone}."),
    "event.zone_change.battlefield": N_("{card} enters the battlefield."),
    "event.zone_change.battlefield.hidden": N_("A face-down permanent enters the battlefield."),
    "event.zone_change.graveyard": N_("{card} is put into {player}'s graveyard."),
    "event.zone_change.graveyard.you": N_("{card} is put into your graveyard."),
    "event.zone_change.graveyard.hidden": N_("A card is put into {player}'s graveyard."),
    "event.zone_change.graveyard.hidden.you": N_("A card is put into your graveyard."),
    "event.zone_change.exile": N_("{card} is exiled."),
    "event.zone_change.exile.hidden": N_("A card is exiled face down."),
    "event.zone_change.hand": N_("{card} is put into {player}'s hand."),
    "event.zone_change.hand.you": N_("{card} is put into your hand."),
    "event.zone_change.hand.hidden": N_("A card is put into {player}'s hand."),
    "event.zone_change.hand.hidden.you": N_("A card is put into your hand."),
    "event.zone_change.library": N_("{card} is put into {player}'s library."),
    "event.zone_change.library.you": N_("{card} is put into your library."),
    "event.zone_change.library.hidden": N_("A card is put into {player}'s library."),
    "event.zone_change.library.hidden.you": N_("A card is put into your library."),
    "event.zone_change.command": N_("{card} is put into the command zone."),
    "event.zone_change.command.hidden": N_("A card is put into the command zone."),
    "event.roll": N_("{player} rolls a d{sides}: {result}."),
    "event.roll.you": N_("You roll a d{sides}: {result}."),
    "event.coin": N_("{player} flips a coin: {result}."),
    "event.coin.you": N_("You flip a coin: {result}."),

    "coin.heads": N_("heads"),
    "coin.tails": N_("tails"),

    "event.concede": N_("{player} concedes the game."),
    "event.concede.you": N_("You concede the game."),
    "event.lose": N_("{player} loses the game."),
    "event.lose.you": N_("You lose the game."),
    "event.lose.life": N_("{player} loses the game: their life total is 0 or less."),
    "event.lose.life.you": N_("You lose the game: your life total is 0 or less."),
    "event.lose.empty_library": N_("{player} loses the game: they had to draw from an empty library."),
    "event.lose.empty_library.you": N_("You lose the game: you had to draw from an empty library."),
    "event.lose.poison": N_("{player} loses the game: ten or more poison counters."),
    "event.lose.poison.you": N_("You lose the game: ten or more poison counters."),
    "event.game_over": N_("The game is over: {winner} wins."),
    "event.game_over.you": N_("The game is over: you win."),
    "event.game_over.draw": N_("The game is over: it's a draw."),
    "event.manual_move": N_("{player} moves {card} by hand to: {zone}."),
    "event.manual_move.you": N_("You move {card} by hand to: {zone}."),
    "event.manual_move.hidden": N_("{player} moves a hidden card by hand to: {zone}."),
    "event.manual_move.hidden.you": N_("You move a hidden card by hand to: {zone}."),
    "event.manual_tap": N_("{player} taps {card}."),
    "event.manual_tap.you": N_("You tap {card}."),
    "event.manual_untap": N_("{player} untaps {card}."),
    "event.manual_untap.you": N_("You untap {card}."),
    "event.manual_untap_all": N_("{player} untaps all their permanents."),
    "event.manual_untap_all.you": N_("You untap all your permanents."),
    "event.manual_face_down": N_("{player} turns a permanent face down."),
    "event.manual_face_down.you": N_("You turn a permanent face down."),
    "event.manual_face_up": N_("{player} turns {card} face up by hand."),
    "event.manual_face_up.you": N_("You turn {card} face up by hand."),
    "event.manual_phase_out": N_("{player} phases out {card}."),
    "event.manual_phase_out.you": N_("You phase out {card}."),
    "event.manual_phase_in": N_("{player} phases in {card}."),
    "event.manual_phase_in.you": N_("You phase in {card}."),
    "event.manual_counter.add": N_("{player} puts {counters} on {card}."),
    "event.manual_counter.add.you": N_("You put {counters} on {card}."),
    "event.manual_counter.remove": N_("{player} removes {counters} from {card}."),
    "event.manual_counter.remove.you": N_("You remove {counters} from {card}."),
    "event.manual_life.gain": N_("{player} raises {target}'s life total by {amount}."),
    "event.manual_life.gain.you": N_("You raise {target}'s life total by {amount}."),
    "event.manual_life.gain.self": N_("You raise your life total by {amount}."),
    "event.manual_life.loss": N_("{player} lowers {target}'s life total by {amount}."),
    "event.manual_life.loss.you": N_("You lower {target}'s life total by {amount}."),
    "event.manual_life.loss.self": N_("You lower your life total by {amount}."),
    "event.manual_poison.gain": NP_("{player} gives {target} a poison counter.",
        "{player} gives {target} {amount} poison counters."),
    "event.manual_poison.gain.you": NP_("You give {target} a poison counter.",
        "You give {target} {amount} poison counters."),
    "event.manual_poison.gain.self": NP_("You give yourself a poison counter.",
        "You give yourself {amount} poison counters."),
    "event.manual_poison.loss": NP_("{player} removes a poison counter from {target}.",
        "{player} removes {amount} poison counters from {target}."),
    "event.manual_poison.loss.you": NP_("You remove a poison counter from {target}.",
        "You remove {amount} poison counters from {target}."),
    "event.manual_poison.loss.self": NP_("You remove a poison counter from yourself.",
        "You remove {amount} poison counters from yourself."),
    "event.manual_attach": N_("{player} attaches {card} to {to}."),
    "event.manual_attach.you": N_("You attach {card} to {to}."),
    "event.manual_detach": N_("{player} unattaches {card}."),
    "event.manual_detach.you": N_("You unattach {card}."),
    "event.manual_note": N_("{player} notes on {card}: {text}"),
    "event.manual_note.you": N_("You note on {card}: {text}"),
    "event.manual_next_step": N_("{player} moves on to the next step by hand."),
    "event.manual_next_step.you": N_("You move on to the next step by hand."),
    "event.manual_next_turn": N_("{player} moves on to the next turn by hand."),
    "event.manual_next_turn.you": N_("You move on to the next turn by hand."),
    "event.unknown": N_("Event {key}: {details}"),

    "decide.priority": N_("{player} has priority ({step})."),
    "decide.mulligan": N_("{player}: keep this hand or take a mulligan?"),
    "decide.bottom": NP_("{player}: put a card from your hand on the bottom of your library.",
        "{player}: put {count} cards from your hand on the bottom of your library."),
    "decide.attackers": N_("{player}: declare attackers."),
    "decide.blockers": N_("{player}: declare blockers."),
    "decide.discard": NP_("{player}: discard a card down to your maximum hand size.",
        "{player}: discard {count} cards down to your maximum hand size."),
    "decide.order_triggers": N_("{player}: choose the triggered ability to put on the stack first."),
    "decide.trigger_target": N_("{player}: choose a target for the ability of {card} ({target})."),
    "decide.generic": N_("Make a choice."),

    "ask.surveil": N_("Surveil {count}: choose the card to put into your graveyard, or choose nothing to keep it on top of your library."),

    "event.surveil": N_("{player} surveils {count}."),

    "ask.search_library": N_("Search your library for a {subtype} card, or choose nothing."),
    "ask.pay_ward": N_("Ward: pay {cost}? If you don't, {card} is countered."),
    "ask.sacrifice": N_("{card}: choose what to sacrifice as an additional cost ({what})."),
    "ask.legend_rule": N_("Legend rule: choose the {card} you keep; the others are put into your graveyard."),
    "ask.replacement": N_("Choose which replacement effect applies to {card} first."),

    "error.engine": N_("The rules engine failed: {message}. The game was left unchanged."),
    "error.not_your_seat": N_("You can't act for that player."),
    "error.text_round_trip": N_("The table cannot write this action down unambiguously: {action}"),
    "error.not_your_decision": N_("It is not your decision now; {player} decides."),
    "error.undo.nothing": N_("There is nothing to undo."),
    "error.game.over": N_("The game is over."),
    "error.player.unknown": N_("There is no such player."),
    "error.decision.unknown": N_("This decision is not known."),
    "error.priority.verb": N_("You can't do that now (“{verb}”); you have priority: play a card or pass."),
    "error.mulligan.expected": N_("Keep your hand or take a mulligan (CR 103.5)."),
    "error.mulligan.limit": N_("You can't take another mulligan."),
    "error.choose.expected": N_("Answer this decision with a choice."),
    "error.choose.count": N_("Choose exactly {count}."),
    "error.choose.not_in_hand": N_("{card} is not in your hand."),
    "error.choose.bad_option": N_("{option} is not one of the options."),
    "error.ref.no_player": N_("There is no player called {player}."),
    "error.ref.not_here": N_("{card} is not where this action needs it."),
    "error.ref.none": N_("There is no {card} that this action can use."),
    "error.ref.ambiguous": N_("{card} is ambiguous: add #1, #2 … to the name to say which one."),
    "error.ref.unknown_alias": N_("Unknown alias {alias}."),
    "error.ref.bad_index": N_("There is no {card}."),
    "error.parse.too_long": N_("An action must be a short line of text."),
    "error.parse.unknown": N_("Unknown action. Right-click a card, a pile or a player for what you can do."),
    "error.parse.number": N_("Write a number such as 2, +2 or -3."),
    "error.parse.count": N_("Draw between 1 and 100 cards."),
    "error.parse.cast": N_("This cast action can't be read."),
    "error.parse.activate": N_("This activate action can't be read."),
    "error.parse.attack": N_("Write: attack CARD, CARD -> PLAYER (or attack none)."),
    "error.parse.block": N_("Write: block CARD -> ATTACKER, … (or block none)."),
    "error.parse.assign": N_("Write: assign CARD: N -> BLOCKER, N -> BLOCKER (or PLAYER)."),
    "error.parse.move": N_("Write: move CARD to ZONE [top|bottom|N]."),
    "error.parse.counter": N_("Write: counter CARD KIND +N (or -N)."),
    "error.parse.token": N_("Write: token NAME [P/T]."),
    "error.parse.life": N_("Write: life PLAYER +N (or poison PLAYER +N)."),
    "error.parse.roll": N_("Write: roll dN, e.g. roll d20."),
    "error.pay.cannot": N_("You can't pay {cost} now (CR 601.2h)."),
    "error.pay.bad_source": N_("A named mana source can't be used now (it is tapped or not yours)."),
    "error.pay.too_many": N_("More mana sources are named than the cost {cost} needs."),
    "error.play.not_in_hand": N_("You can play only a land from your hand."),
    "error.play.not_land": N_("Only lands are played; spells are cast (CR 305.1)."),
    "error.play.timing": N_("You can play a land only in your main phase while the stack is empty (CR 305.1)."),
    "error.play.one_per_turn": N_("You have already played a land this turn (CR 305.2)."),
    "error.cast.not_in_hand": N_("You can cast only a card in your hand (CR 601.2a)."),
    "error.cast.land": N_("A land is played, not cast (CR 305.1)."),
    "error.cast.timing": N_("You can cast {card} only as a sorcery: in your main phase while the stack is empty (CR 307.1)."),
    "error.cast.additional": N_("{card} has an additional cost you can't pay (CR 601.2h)."),
    "error.cast.face": N_("Choose which half of {card} to cast (CR 709.3)."),
    "error.cast.no_face": N_("{card} has no halves to choose from."),
    "error.cast.not_modal": N_("{card} is not modal."),
    "error.cast.mode": N_("Choose a mode for {card} (CR 700.2a)."),
    "error.cast.alt": N_("{card} has no such alternative cost."),
    "error.cast.no_targets": N_("{card} has no targets."),
    "error.cast.targets_count": N_("{card} needs a different number of targets (CR 601.2c)."),
    "error.cast.target_twice": N_("The same object can't be chosen twice as a target (CR 115.3)."),
    "error.cast.bad_target": N_("That is not a legal choice for {desc} (CR 115.1)."),
    "error.activate.none": N_("There is no such ability."),
    "error.activate.zone": N_("That ability works only from your hand."),
    "error.activate.not_yours": N_("You can activate abilities only of permanents you control (CR 602.2)."),
    "error.activate.tapped": N_("This permanent is tapped, so it can't pay a tap cost (CR 602.5a)."),
    "error.activate.sick": N_("This creature has summoning sickness (CR 302.6)."),
    "error.activate.timing": N_("This ability can be activated only as a sorcery (CR 602.5d)."),
    "error.mana.none": N_("This permanent has no mana ability you can activate."),
    "error.mana.tapped": N_("This permanent is already tapped."),
    "error.mana.colour": N_("Choose the colour of mana to add."),
    "error.unlock.not_room": N_("You can unlock doors only of Rooms you control (CR 709.5)."),
    "error.unlock.no_door": N_("This Room has no locked door called {door}."),
    "error.unlock.timing": N_("You can unlock a door only in your main phase while the stack is empty (CR 116.2m)."),
    "error.special.none": N_("There is no such permanent."),
    "error.special.not_face_down": N_("You can turn face up only a face-down permanent you control."),
    "error.special.not_creature": N_("Only a face-down creature card can be turned face up for its mana cost (CR 701.40b)."),
    "error.attack.expected": N_("Declare attackers: attack CARD, CARD -> PLAYER, or attack none (CR 508.1)."),
    "error.attack.twice": N_("A creature can attack only once (CR 508.1)."),
    "error.attack.not_yours": N_("You can attack only with creatures you control (CR 508.1a)."),
    "error.attack.cant": N_("{card} can't attack."),
    "error.attack.defender": N_("Attack an opponent or a planeswalker they control (CR 506.3)."),
    "error.block.expected": N_("Declare blockers: block CARD -> ATTACKER, … or block none (CR 509.1)."),
    "error.block.not_yours": N_("You can block only with creatures you control (CR 509.1a)."),
    "error.block.twice": N_("A creature can block only one attacker (CR 509.1a)."),
    "error.block.not_attacker": N_("Block an attacking creature."),
    "error.block.illegal": N_("These blocks are not legal: a restriction or requirement is not met (for example flying or menace; CR 509.1b–c)."),
    "error.assign.not_blocker": N_("Damage can go only to creatures blocking it (CR 510.1c)."),
    "error.assign.no_trample": N_("Only a creature with trample assigns damage to the player or planeswalker it attacks (CR 702.19b)."),
    "error.assign.amount": N_("Assign at least 1 damage with each part."),
    "error.assign.negative": N_("Damage amounts can't be negative."),
    "error.assign.total": N_("Assign exactly {power} damage (the creature's power, CR 510.1a)."),
    "error.assign.trample_lethal": N_("With trample, every blocker must be assigned lethal damage before the player (CR 702.19b)."),
    "error.manual.rules_mode": N_("Manual moves are not allowed in rules mode; switch to hybrid or tabletop mode."),
    "error.manual.unknown": N_("Unknown table move."),

    "event.start.you": N_("You play first."),

    "decide.assign": N_("{player}: assign the combat damage of your blocked creatures."),

    "error.assign.expected": N_("Assign combat damage: assign default, or assign ATTACKER: N -> BLOCKER, M -> PLAYER (CR 510.1)."),
    "error.assign.not_choosing": N_("That creature has no combat damage to divide now (CR 510.1)."),
    "error.action.bad_x": N_("X must be between 0 and 1000000."),
    "error.action.bad_field": N_("A part of this action has the wrong form ({field})."),
    "error.action.bad_args": N_("The details of this action are not right; see docs/actions.md."),
    "error.action.missing_card": N_("This action needs a card."),
    "error.attack.in_parts": N_("Attackers are being declared one at a time: go on, or write attack done."),
    "error.attack.one": N_("Declare one attacker at a time: attacker CARD -> PLAYER."),
    "error.block.in_parts": N_("Blockers are being declared one at a time: go on, or write block done."),
    "error.block.one": N_("Declare one blocker at a time: blocker CARD -> ATTACKER."),
    "error.block.menace": N_("{card} has menace and no other creature of yours could block it too (CR 702.111b)."),
    "error.block.not_attacking_you": N_("Block a creature that is attacking you (CR 509.1a)."),
    "error.choose.in_parts": N_("Go on picking one at a time, then write choose done."),
    "error.choose.twice": N_("Choose each option at most once."),
    "error.pick.full": N_("Everything is picked; write choose done."),
    "error.pick.one": N_("Pick one option at a time."),
    "error.pick.twice": N_("{option} is already picked."),
    "error.ref.unknown_object": N_("There is no such object (it may have changed zones, CR 400.7)."),
    "error.parse.x": N_("X must be between 0 and 1000000."),
    "error.parse.mode": N_("Write mode=N or mode=N,M with mode numbers from 1."),
    "error.parse.attacker": N_("Write attacker CARD -> PLAYER: one creature at a time."),
    "error.parse.blocker": N_("Write blocker CARD -> ATTACKER: one creature at a time."),
    "error.parse.pick": N_("Write pick OPTION: one at a time."),
    "error.parse.target": N_("Write target CARD (or PLAYER)."),
    "error.parse.no_player": N_("A text action needs the acting player."),
    "error.parse.not_action": N_("That is not an action."),
    "error.action.extra_field": N_("{verb} takes no {field} here; see docs/actions.md."),
    "error.cast.no_x": N_("{card} has no X in its cost (CR 107.3)."),
    "error.pick.choose_one": N_("This is a choice of one: answer with choose OPTION."),

    "decide.spell_target": N_("{player}: choose the next target for {card} ({target})."),

    "ask.surveil_graveyard": N_("Surveil {count}: choose the cards to put into your graveyard; the others stay on top of your library."),
    "ask.surveil_top": N_("Surveil: choose the card to put on top of your library; the next card you choose goes beneath it."),
    "ask.may": N_("{card}: {ability} Do you want to do this?"),
    "ask.search_basic_land": N_("Search your library for a basic land card, or choose nothing."),
    "ask.search_any": N_("Search your library for any card, or choose nothing."),
    "ask.return_from_graveyard": N_("Choose a card to return from your graveyard to your hand, or choose nothing."),
    "ask.manifest_dread": N_("Manifest dread: choose the card to put onto the battlefield face down as a 2/2 creature; the other goes into your graveyard."),
    "ask.copy_target": N_("{card} (copy): choose its target ({target}) — the current one or a new one."),

    "event.mill": NP_("{player} mills a card.",
        "{player} mills {count} cards."),
    "event.mill.you": NP_("You mill a card.",
        "You mill {count} cards."),
    "event.manifest_dread": N_("{player} manifests dread."),
    "event.manifest_dread.you": N_("You manifest dread."),
    "event.attach": N_("{player} attaches {card} to {to}."),
    "event.attach.you": N_("You attach {card} to {to}."),

    "ask.pay_ward_discard": N_("Ward: discard a card? If you don't, {card} is countered."),
    "ask.discard": N_("Choose a card to discard."),

    "error.activate.sacrifice": N_("You have nothing to sacrifice for this ability."),

    "ask.pay_or_countered": N_("Pay {cost}? If you don't, {card} is countered."),
    "ask.unlock_door": N_("{card}: choose the door to unlock."),
    "ask.lock_or_unlock": N_("{card}: choose a door to lock or unlock."),

    "event.lock": N_("{player} locks the door {door} of {card}."),

    "ask.change_target": N_("Choose the new target for {card}."),

    "event.retarget": N_("{card} now targets {target}."),

    "ask.land_onto_battlefield": N_("Choose the land card to put it onto the battlefield, or choose nothing to put it into your hand."),

    "error.deck_file": N_("The deck {path} cannot be opened: {detail}"),
    "error.deck_empty": N_("The deck {path} has no cards in its main deck."),
    "error.game_file": N_("The game {path} cannot be opened: {detail}"),
    "error.scenario_file": N_("The scenario {path} cannot be opened: {detail}"),
    "error.save": N_("The game could not be saved to {path}: {detail}"),

    "savefile.not_a_game": N_("This is not a Manatable game file."),
    "savefile.damaged": N_("The file is damaged: the value of {field} is wrong or impossible."),
    "savefile.not_json": N_("The file is damaged: it is not a readable game file."),
    "savefile.unreadable": N_("The file cannot be read: {reason}."),
}

# Deck problems (engine.decks Problem/DeckFormatError keys), card import reports and
# search errors (CardFileError, SearchError keys), as the engine sends them.
DECK_MESSAGES: dict[str, Message] = {
    "deck.manual_play": N_("Played by hand (the rules engine does not implement their text): {cards}."),
    "deck.storage.damaged": N_("{path} could not be read and was set aside as {kept}."),
    "deck.zone.too_many_cards": N_("Line {line}: the {zone} zone would have more than {maximum} cards; that is not a deck."),
    "deck.zone_too_big": N_("The {zone} zone has {count} cards; no deck has more than {maximum}."),
    "deck.line.too_long": N_("Line {line} is longer than {maximum} characters; that is not a card line."),
    "deck.file.too_many_lines": N_("The text has more than {maximum} lines; that is not a deck list."),
    "deck.line.control_characters": N_("Line {line}: the card name contains control characters."),
    "deck.file.not_a_file": N_("{path} is not a regular file (a device, pipe or folder); it was not read."),
    "cards.db_locked": N_("The card database {path} is locked by another program (an SQLite browser?). Close that program and try again; nothing was changed."),
    "cards.db_disk_full": N_("The disk holding the card database {path} is full. Free some space and try again; nothing was changed."),
    "cards.db_unavailable": N_("The card database {path} cannot be opened ({reason}); it was left as it is."),
    "cards.db_read_only": N_("The card database {path} can only be read: searching works, importing does not."),
    "cards.db_damaged_read_only": N_("The card database {path} is damaged and cannot be replaced because its folder is read-only."),
    "cards.db_refresh_failed": N_("The bundled cards could not be updated ({reason}); the card database is used as it is."),
    "cards.backup_missing": N_("{path} is not a backup of the card database."),
    "cards.backup_unusable": N_("{path} cannot be restored: {reason}."),
    "cards.backup_restored": N_("{backup} was restored ({cards} cards); the database it replaced was kept as {previous}."),
    "import.read_only": N_("The card database can only be read; {file} was not imported."),
    "deck.cod.zone_without_name": N_("Line {line}: a <zone> has no name attribute."),
    "deck.dek.bad_sideboard_flag": N_("Line {line}: Sideboard=\"{value}\" must be true or false."),
    "deck.file.bad_xml": N_("Line {line}: the file is not well-formed XML ({reason})."),
    "deck.file.doctype": N_("Line {line}: the file declares a document type (DOCTYPE), which deck files never do."),
    "deck.file.empty": N_("The file contains no deck."),
    "deck.file.too_large": N_("{path} is too large to be a deck file ({size} bytes)."),
    "deck.file.unreadable": N_("{path} could not be read: {reason}."),
    "deck.file.wrong_root": N_("Line {line}: this is not a {format} file; it starts with <{found}> instead of <{expected}>."),
    "deck.line.bad_count": N_("Line {line}: “{count}” is not a valid card count; use a whole number such as 4."),
    "deck.line.count_out_of_range": N_("Line {line}: the card count {count} is out of range; it must be between 1 and {maximum}."),
    "deck.line.no_count": N_("Line {line}: the entry {card} has no card count."),
    "deck.line.no_name": N_("Line {line}: the card entry has no card name."),
    "deck.line.not_a_card": N_("Line {line}: “{text}” is not a card line; give it a count such as “1 {text}”, or start it with // to make it a comment."),
    "deck.sideboard_too_big": N_("The sideboard has {count} cards; {format} allows at most {maximum}."),
    "deck.too_few": NP_("The main deck has {count} card; {format} needs at least {minimum}.",
        "The main deck has {count} cards; {format} needs at least {minimum}."),
    "deck.too_many_copies": N_("The deck and sideboard have {count} copies of {card}; {format} allows at most {maximum} of a card other than a basic land."),
    "deck.unrecognized": N_("{card} is not a known card name, so it cannot be checked; it stays in the deck as written."),
    "import.bad_entry": N_("The file {file} has an entry of an unexpected shape near line {line}: {reason}."),
    "import.cancelled": N_("The import of {file} was cancelled; nothing was changed."),
    "import.damaged_archive": N_("The compressed file {file} is damaged: {reason}."),
    "import.database_error": N_("The import of {file} failed in the card database: {reason}; nothing was changed."),
    "import.done": N_("Imported {file}: {added} new cards, {updated} updated, {printings} new printings in {seconds} s."),
    "import.encoding": N_("The file {file} is not UTF-8 text near byte {offset}."),
    "import.failed": N_("The import of {file} failed: {reason}; nothing was changed."),
    "import.json_error": N_("The file {file} is not valid JSON at line {line} (byte {offset}): {reason}."),
    "import.json_truncated": N_("The file {file} ends unexpectedly at line {line} (byte {offset}); it is probably incomplete."),
    "import.not_found": N_("The file {file} does not exist."),
    "import.unknown_format": N_("The file {file} is not a card database Manatable can read (MTGJSON, Scryfall bulk data or Cockatrice cards.xml)."),
    "import.unreadable": N_("The file {file} cannot be read: {reason}."),
    "import.xml_error": N_("The file {file} is not valid XML at line {line}, column {column}: {reason}."),
    "import.zip_members": N_("The archive {file} must contain exactly one card file."),
    "import.zip_encrypted": N_("The archive {file} is encrypted; unpack it first."),
    "import.zip_unsupported": N_("The archive {file} uses a kind of compression Manatable cannot unpack ({reason}); unpack it first."),
    "import.too_large": N_("The file {file} unpacks to more than {gigabytes} GB; that is not a card file."),
    "import.bomb": N_("The compressed file {file} unpacks to more than {ratio} times its size; it is not read any further."),
    "import.too_deep": N_("The file {file} nests too deeply; no card file does."),
    "import.string_too_long": N_("The file {file} has a text value longer than {megabytes} MB; that is not a card file."),
    "cards.db_refreshed": N_("The bundled cards were updated."),
    "cards.db_schema_rebuilt": N_("The card database was made by another version of Manatable and has been rebuilt from the bundled cards; import your card files again."),
    "cards.db_corrupt_rebuilt": N_("The card database was damaged; it was moved to {backup} and rebuilt from the bundled cards. Import your card files again."),
    "search.and_without_term": N_("\"AND\" at position {position} needs a search term on both sides."),
    "search.bad_color": N_("\"{value}\" at position {position} is not a colour; use w, u, b, r, g, c (colourless), m (multicoloured) or a colour name."),
    "search.bad_is": N_("\"{value}\" at position {position} is not something \"{keyword}:\" can search for; use implemented, bundled or imported."),
    "search.bad_lang": N_("\"{value}\" at position {position} is not a language you can search for; use en, de or it."),
    "search.bad_operator": N_("The keyword \"{keyword}\" at position {position} cannot be used with \"{operator}\"."),
    "search.bad_rarity": N_("\"{value}\" at position {position} is not a rarity; use common, uncommon, rare, mythic, special or bonus."),
    "search.empty_parens": N_("The parentheses at position {position} contain nothing to search for."),
    "search.failed": N_("The search could not be run: {reason}."),
    "search.missing_value": N_("The keyword \"{keyword}\" at position {position} needs a value."),
    "search.negation_without_term": N_("The minus sign at position {position} is not followed by anything to exclude."),
    "search.not_a_number": N_("\"{value}\" at position {position} is not a number."),
    "search.or_without_term": N_("\"OR\" at position {position} needs a search term on both sides."),
    "search.unclosed_paren": N_("The parenthesis at position {position} is never closed."),
    "search.unclosed_quote": N_("The quotation mark at position {position} is never closed."),
    "search.unexpected_paren": N_("The closing parenthesis at position {position} has no matching opening parenthesis."),
    "search.unknown_keyword": N_("\"{keyword}\" at position {position} is not a search keyword."),
}
