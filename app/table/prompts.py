"""The prompt bar's content: one sentence for the open decision and the buttons that answer it."""
from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import QInputDialog

from app.i18n import card_line, card_name, counters_text, message, prompt_text, step_name, tr, trn, zone_name
from app.table.choices import mode_texts
from app.table.zone_actions import ZoneInteraction, off_table_targets
from engine.cards.behaviour import printed

if TYPE_CHECKING:
    from app.session import LocalSession
    from app.table.interaction_state import Button
    from engine.actions import Action

MAX_OPTION_BUTTONS = 10


class PromptInteraction(ZoneInteraction, Protocol):
    """What the prompt bar's sentence and buttons use of the table's interaction
    (app/table/interaction.py Interaction): the decision and the choice being made, and what each
    button does."""

    session: LocalSession
    legal: list[Action]
    mode: str
    source_name: str
    target_i: int
    attackers: list[int]
    blocks: list[tuple[int, int]]
    chosen: list[str]
    chosen_at: list[int]
    chosen_ids: list[int]

    def decider(self) -> int | None: ...

    def act(self, verb: str, obj: int | None = None, quiet: bool = False, **fields: Any) -> bool: ...

    def cancel(self) -> None: ...

    def can_cancel_cast(self) -> bool: ...

    def cancel_cast(self) -> None: ...

    def can_stop_targets(self) -> bool: ...

    def stop_targets(self) -> None: ...

    def _pick_target(self, ref: tuple[str, int]) -> None: ...

    def _ask_refs(self) -> dict[int, str]: ...

    def choose_option(self, option: str, index: int | None = None) -> None: ...

    def choose_done(self) -> None: ...

    def declare_attackers(self, none: bool = False) -> None: ...

    def declare_blockers(self, none: bool = False) -> None: ...

    def pass_priority(self) -> None: ...

    def next_turn(self) -> None: ...


def prompt_for(it: PromptInteraction) -> tuple[str, list[Button]]:
    obs = it.obs
    s = it.session
    names = [p["name"] for p in obs.get("players", [])]
    outcome = obs.get("outcome")
    if outcome:
        winner = outcome.get("winner")
        # (at a hot seat every person's: the end is said to the whole table, app/hot_seat.py)
        mine = [names[i] for i in getattr(s, "people", s.controls) if i < len(names)]
        team = outcome.get("team")  # a team won together (CR 904.2: Archenemy)
        members = [p["name"] for p in obs.get("players", []) if team and p.get("team") == team]
        my_team = next((p.get("team") for p in obs.get("players", []) if p["index"] == s.seat), None) \
            if not s.watching and len(mine) == 1 else None
        if team and members and my_team == team:
            text = message("prompt.game_over.your_team_wins") if len(members) > 1 else message("prompt.game_over.you_win")
        elif team and len(members) > 1 and my_team:
            text = message("prompt.game_over.team_wins_you_lose", players=", ".join(members))
        elif team and len(members) > 1:
            text = message("prompt.game_over.team_wins", players=", ".join(members))
        elif team and members and my_team:  # (a team of one, the archenemy: "wins", not "win")
            text = message("prompt.game_over.you_lose", winner=members[0])
        elif team and members:
            text = message("prompt.game_over", winner=members[0])
        elif winner and winner in mine and len(mine) == 1:
            text = message("prompt.game_over.you_win")
        elif winner and len(mine) == 1 and not s.goldfish_game:
            text = message("prompt.game_over.you_lose", winner=winner)
        else:
            text = message("prompt.game_over", winner=winner) if winner else message("prompt.game_over.draw")
        buttons: list[Button] = []
        if s.goldfish_game:
            buttons.append((tr("New game"), it.table.restart, True, ""))
        if s.against_computer:  # the same decks again, or other decks and level
            buttons.append((tr("Rematch"), it.table.restart, True, ""))
            buttons.append((tr("New game"), it.table.new_game_requested.emit, True, ""))
        if s.can_undo():
            buttons.append((tr("Undo"), it.table.undo, True, "Ctrl+Z"))
        return text, buttons
    pend = obs.get("pending")
    if pend is None:
        return (tr("You are watching the game.") if s.watching else ""), []
    cancel: Button = (tr("Cancel"), it.cancel, True, "Esc")
    if it.mode == "targets":
        # targets in a graveyard or exile can't be clicked on the table: they are buttons
        off = off_table_targets(it)
        piles: list[Button] = [(tr("{card} ({zone})", card=card_name(name), zone=zone_name(zone)),
                                partial(it._pick_target, ("o", oid)), True, "")
                               for oid, name, zone, _owner in off[:MAX_OPTION_BUTTONS]]
        if len(off) > MAX_OPTION_BUTTONS:  # the others were reachable only by the pile's viewer
            piles.append((tr("All {count} targets…", count=len(off)), partial(pick_off_table_target, it, off), True, ""))
        key = ("prompt.target" if it.target_i == 0 else "prompt.target_next") + "." + _targets_are(it, off)
        if it.can_stop_targets():  # "up to" N targets: none (more) is an answer too
            piles.append((message("option.nothing"), it.stop_targets, True, ""))
        return message(_by(it, key), card=it.source_name), piles + [cancel]
    if it.mode == "attach":
        return message(_by(it, "prompt.attach")), [cancel]
    if it.mode == "arrow":
        if _by_keys(it):
            return tr("Go to the permanent or the player the arrow from {card} points to with Left and Right, and "
                      "press Return.", card=it.source_name), [cancel]
        return tr("Click the permanent or the player the arrow from {card} points to.", card=it.source_name), [cancel]
    who = it.decider()
    if who is None and s.link():  # (a LAN seat whose host is away: no answer comes or goes now)
        return _link_text(s.link(), s.answer_sent()), []
    if who is None and pend["player"] in s.controls and not s.watching:  # (a LAN seat: its choices on the way)
        if s.answer_sent():
            return tr("Your answer is on its way to the host."), []
        return tr("Your decision: waiting for the host to send what you can do."), []
    if who is None:
        waiting = message("prompt.waiting", player=names[pend["player"]] if pend["player"] < len(names) else "?")
        if s.watching:  # a spectator's own point of view: nobody's "You"
            return tr("You are watching the game. {waiting}", waiting=waiting), []
        return waiting, []
    kind = pend.get("kind")
    for_other = who != s.seat
    prefix = (names[who] + ": ") if for_other else ""
    if kind == "priority":
        stack = obs.get("stack") or []
        if stack:
            top = stack[0]
            text = message("prompt.priority_stack", card=card_name(top.get("name")))
            label = tr("Resolve")
        else:
            own = who in (obs.get("active_players") or [obs.get("active")])  # (a team turn: each member's, CR 805.4a)
            text = message("prompt.priority" if own else "prompt.priority_opponent", step=step_name(obs.get("step", "")))
            label = tr("Pass")
        return prefix + text, [(label, it.pass_priority, True, "Space"),
                               (tr("Next turn"), it.next_turn, True, "Ctrl+Return")]
    if kind == "mulligan":
        n = int(pend.get("params", {}).get("mulligans", 0) or 0)
        text = message("prompt.mulligan") if not n else message("prompt.mulligan_again", count=n)
        return prefix + text, [(tr("Keep"), lambda: it.act("keep", player=who), True, ""),
                               (tr("Mulligan"), lambda: it.act("mulligan", player=who), True, "Ctrl+M")]
    if kind in ("bottom", "discard"):
        count = int(pend.get("count") or pend.get("params", {}).get("count", 1) or 1)
        text = message(f"prompt.{kind}", count=count, chosen=len(it.chosen_ids))
        return prefix + text, [(tr("Done"), it.choose_done, len(it.chosen_ids) == count, "")]
    if kind == "attackers":
        text = message(_by(it, "prompt.attackers"), count=len(it.attackers))
        defenders = {(str(d[0]), int(d[1])) for a in it.legal if a.verb == "attacker" for _, d in a.pairs}
        if any(k == "o" for k, _ in defenders) and _by_keys(it):  # CR 506.3
            text = tr("Choose the creatures that attack, then the planeswalker they attack (otherwise they attack "
                      "the player): Left and Right go to a card, Return chooses it; then Attack (key 1). Chosen: "
                      "{count}.", count=len(it.attackers))
        elif any(k == "o" for k, _ in defenders):
            text = tr("Click the creatures that attack, then the planeswalker they attack (otherwise they attack "
                      "the player), or drag them onto the planeswalker or the player's panel; then Attack. Chosen: "
                      "{count}.", count=len(it.attackers))
        elif len(defenders) > 1 and _by_keys(it):  # several opponents (CR 802.1): their panels choose them
            nxt = s.next_opponent(who)
            text = tr("Choose the creatures that attack, then the player they attack (otherwise they attack "
                      "{player}): Left and Right go to a card or a player, Return chooses it; then Attack (key 1). "
                      "Chosen: {count}.", count=len(it.attackers), player=names[nxt] if nxt < len(names) else "?")
        elif len(defenders) > 1:  # several opponents (CR 802.1): a click on one's panel chooses it
            nxt = s.next_opponent(who)
            text = tr("Click the creatures that attack, then the player they attack (otherwise they attack "
                      "{player}), or drag them onto that player's panel; then Attack. Chosen: {count}.",
                      count=len(it.attackers),
                      player=names[nxt] if nxt < len(names) else "?")
        return prefix + text, [(tr("Attack"), it.declare_attackers, bool(it.attackers), ""),
                               (tr("Don't attack"), lambda: it.declare_attackers(none=True), True, "")]
    if kind == "blockers":
        text = message(_by(it, "prompt.blockers"), count=len(it.blocks))
        return prefix + text, [(tr("Block"), it.declare_blockers, bool(it.blocks), ""),
                               (tr("Don't block"), lambda: it.declare_blockers(none=True), True, "")]
    if kind == "assign":  # combat damage (CR 510.1): the default, or a division picked from the list
        return prefix + _unnamed(prompt_text(pend, names), names[who]), [
            (tr("Assign by default"), lambda: it.act("assign", player=who, choice=("default",)), True, "Space"),
            (tr("Divide the damage…"), it.table.divide_damage, bool(it.legal), "")]
    options = s.pending_options(who)
    text = _unnamed(prompt_text(pend, names), names[who] if who < len(names) else "")
    count = int(pend.get("count", 1) or 1)
    buttons = []
    # a spell whose targets or costs are being chosen can be taken back (the wrong card clicked)
    back: list[Button] = [(tr("Cancel"), it.cancel_cast, True, "Esc")] if it.can_cancel_cast() else []
    refs = it._ask_refs()
    if options and len(refs) == len(options):
        # identical objects on the table ("Name#1", "Name#2"): the cards are the buttons
        text += " " + message(_by(it, "prompt.click_choice"))
        if count > 1:
            buttons.append((tr("Done"), it.choose_done, bool(it.chosen), ""))
            text += " " + message("prompt.choose_count", count=count, chosen=len(it.chosen))
        elif pend.get("min_count") == 0:  # a choice that allows none (convoke: no more creatures)
            buttons.append((tr("Done"), it.choose_done, True, ""))
        return prefix + text, buttons + back
    if options and len(options) <= MAX_OPTION_BUTTONS:
        for i, o in enumerate(options):
            label = (counters_text(o, 1) if pend.get("prompt") == "ask.counter_kind"  # "a flying counter"
                     else _option_label(o, (pend.get("params") or {}).get("card"), str(pend.get("prompt") or "")))
            if count > 1:  # (by place: of two Forests, the one clicked is marked)
                label = ("✔ " if i in it.chosen_at else "") + label
            buttons.append((label, partial(it.choose_option, o, i), True, ""))
        if count > 1:  # enough chosen: at least min_count (surveil may put none in the graveyard)
            least = pend.get("min_count")
            enough = len(it.chosen) >= least if isinstance(least, int) else bool(it.chosen)
            buttons.append((tr("Done"), it.choose_done, enough, ""))
        elif pend.get("min_count") == 0 and not {o.lower() for o in options} & {"nothing", "no"}:
            # "cast any number of the copies": choosing none is an answer too (`choose done`)
            buttons.append((tr("Done"), it.choose_done, True, ""))
    elif options or it.legal:
        buttons.append((tr("Choose…"), lambda: it.table.pick_action(it.legal), True, ""))
    if count > 1:
        text += " " + message("prompt.choose_count", count=count, chosen=len(it.chosen))
    return prefix + text, buttons + back


def _link_text(link: str, sent: bool) -> str:
    """What the prompt says while the connection to the LAN host is down (`link`: app/net_session.py
    LINKS): reconnecting by itself, or given up (the user may rejoin); `sent`: this seat answered
    the open decision, and the host may not have had the answer."""
    if link == "lost":
        return tr("The connection to the host is lost. When the host resumes the table, rejoin the game to go on.")
    if sent:
        return tr("The connection to the host was lost before your answer was confirmed. Reconnecting… Once the table "
                  "is back, you can answer again if your answer did not arrive.")
    return tr("The connection to the host was lost. Reconnecting…")


def _unnamed(text: str, name: str) -> str:
    """The engine's "{player}: choose …" sentence without the name in front: the table says
    it to its own player, or puts the other seat's name in front itself (once)."""
    head = name + ": "
    if name and text.startswith(head) and len(text) > len(head):
        rest = text[len(head):]
        return rest[0].upper() + rest[1:]
    return text


def pick_off_table_target(it: PromptInteraction, off: list[tuple[int, str, str, int]]) -> None:
    """Every target in a pile, as a list to choose from (more than the prompt bar's buttons)."""
    labels: list[str] = []
    for _oid, name, zone, _owner in off:
        label = tr("{card} ({zone})", card=card_name(name), zone=zone_name(zone))
        n = sum(1 for x in labels if x == label or x.startswith(label + " #"))
        labels.append(label if not n else f"{label} #{n + 1}")
    text, ok = QInputDialog.getItem(it.table.as_widget(), tr("Choose a target"), tr("Target:"), labels, 0, False)
    if ok and text in labels:
        it._pick_target(("o", off[labels.index(text)][0]))


def _by_keys(it: PromptInteraction) -> bool:
    """The player plays by keyboard (the cursor's keys since the last mouse press)."""
    keyboard = getattr(it.table, "keyboard", None)
    return bool(keyboard is not None and keyboard.used)


def _by(it: PromptInteraction, key: str) -> str:
    """A prompt's message key, its keyboard wording when the player plays by keyboard."""
    return key + ".keys" if _by_keys(it) else key


def _targets_are(it: PromptInteraction, off_table: list[tuple[int, str, str, int]]) -> str:
    """What the player can choose as the current target, for the prompt's wording: "cards"
    (clicked on the table), "players", "any" (both), "buttons" (cards only in a pile: the
    prompt bar's buttons) or "players_buttons"."""
    refs = it.target_refs()
    players = any(kind == "p" for kind, _ in refs)
    piled = {oid for oid, *_ in off_table}
    on_table = any(kind == "o" and val not in piled for kind, val in refs)
    if on_table:
        return "any" if players else "cards"
    if piled:
        return "players_buttons" if players else "buttons"
    return "players" if players else "any"


def _no_more(prompt: str) -> str:
    """The answer that ends a choice made one at a time, naming what was being chosen: the
    players whose life totals are redistributed, permanents, cards, creatures (crew: the power
    is there, CR 702.122a). Played in German, the players' and permanents' choices of two
    schemes read "Keine weiteren Kreaturen"."""
    if prompt == "ask.redistribute_player":  # You Live Only Because I Allow It
        return tr("No more players")
    if prompt == "ask.choose_permanent_to_gain":  # My Will Is Irresistible
        return tr("No more permanents")
    if prompt in ("ask.face_up_pile", "ask.put_onto_battlefield"):  # Choose Your Demise; Only I Know What Awaits
        return tr("No more cards")
    if prompt in ("ask.crew", "ask.choose_creature"):
        return tr("No more creatures")
    return tr("Choose no more")  # (a choice not listed here: it names no kind, never a wrong one)


def _option_label(option: str, card: str | None = None, prompt: str = "") -> str:
    """An option of a decision in the UI language: a card's name (or its own line, for a
    mode of `card`), a way to cast, a door to lock, a cost to pay ...; never the engine's
    English action words. `prompt`: the decision's message key."""
    low = option.lower()
    if low in ("yes", "no", "nothing"):
        return message(f"option.{low}")
    if low == "no more":  # what the choice one at a time was choosing: it ends here
        return _no_more(prompt)
    if low in ("face-up pile", "face-down pile"):  # Choose Your Demise: the pile for its owner's hand
        return tr("The face-up pile") if low == "face-up pile" else tr("The face-down pile")
    fixed = {"keep": tr("Keep the current target"), "discard": tr("Discard a card"),
             "exile": tr("Exile the chosen cards"), "unlock a door": tr("Unlock a door"),
             "face-down permanent": tr("A face-down permanent"),
             "return an enchantment card": tr("Return an enchantment card"),
             "turn face up": tr("Turn it face up"), "counter": tr("Put a +1/+1 counter on it")}
    if low in fixed:
        return fixed[low]
    if low in ("time", "money"):  # a vote's words (Expropriate), as the card says them
        return message(f"vote.{low}")
    if low.startswith("pay {"):  # "... or pay {2}" instead of a sacrifice
        return tr("Pay {cost}", cost=option[4:])
    if low.startswith("discard "):  # a punisher's choice: "discard Murder"
        return tr("Discard {card}", card=_name(option[8:]))
    if low.startswith("sacrifice "):
        return tr("Sacrifice {card}", card=_name(option[10:]))
    found = re.fullmatch(r"(graveyard|hand|library): (.+)", option)
    if found:  # a card searched for in several zones: "library: Altanak, the Thrice-Called"
        return tr("{card} ({zone})", card=_name(found.group(2)), zone=zone_name(found.group(1)))
    if low.startswith(("lock ", "unlock ")):  # Keys to the House: a door to lock or unlock
        verb, _, door = option.partition(" ")
        if verb.lower() == "lock":
            return tr("Lock {door}", door=_name(door))
        return tr("Unlock {door}", door=_name(door))
    paid = re.fullmatch(r"pay (\d+) life", low)
    if paid:  # "... unless you pay 3 life" (Fear My Authority)
        return trn("Pay {count} life", "Pay {count} life", int(paid.group(1)))
    cast = re.fullmatch(r"cast (.+?)(?: with (\w+))?(?: x=(\d+))?(?: mode=([\d,]+))?(?: life=([WUBRG]+))?"
                        r"(?: -> (.+))?", option)
    if cast:  # a way to cast a card while an ability resolves (miracle, suspend, a copy): "Cast X (miracle) → Y"
        from app.table.menus import alt_label  # lazy: the context menus load on the first right-click (start-up)
        card_, alt, x, modes, life, tgts = cast.groups()
        if life:  # its Phyrexian symbols paid with life (CR 107.4f)
            head = message("menu.verb.cast_life", card=_name(card_), life=2 * len(life))
            head += f" ({alt_label(alt)})" if alt else ""
        else:
            head = (message("menu.verb.cast_alt", card=_name(card_), alt=alt_label(alt))
                    if alt else message("menu.verb.cast", card=_name(card_)))
        if x:
            head += f" (X={x})"
        if modes:  # a modal spell cast for free (Split Up with unpaid mode=1): the mode's own line
            lines = mode_texts(card_)
            picked = [int(k) for k in modes.split(",") if k]
            head += ": " + " ".join(lines[k - 1] if 0 < k <= len(lines) else tr("mode {number}", number=k)
                                    for k in picked)
        targets = [_name(t.strip()) for t in tgts.split(",")] if tgts else []
        return head + (" → " + ", ".join(targets) if targets else "")
    numbered = re.fullmatch(r"(.+) \((\d+)\)", option)
    if numbered:  # a replacement effect to apply first (CR 616.1): "Valgavoth, Terror Eater (2)"
        what, k = numbered.groups()
        if what == "finality counter":  # CR 122.1h: the counter's own "exile it instead"
            return tr("Finality counter ({number})", number=k)
        if what == "regeneration shield":  # CR 701.19a
            return tr("Regeneration shield ({number})", number=k)
        return tr("{card} ({number})", card=_name(what), number=k)
    where = re.fullmatch(r"(.+) \((battlefield|graveyard|exile|hand|library|stack|command)\)", option)
    if where:  # a name the engine tells apart by its zone: "Plains (graveyard)"
        return tr("{card} ({zone})", card=_name(where.group(1)), zone=zone_name(where.group(2)))
    if card:  # a mode: one of the card's own lines ("Draw a card."), as the card says it
        line = card_line(card, option, partial=False)
        if line != option:
            return line
    return _name(option)


def _name(text: str) -> str:
    """A card's name in the UI language, with the engine's "#2" that tells twins apart."""
    twin = re.fullmatch(r"(.+)#(\d+)", text.strip())
    if twin:
        return f"{card_name(twin.group(1))} #{twin.group(2)}"
    return card_name(text.strip())


def button_cards(it: PromptInteraction) -> dict[str, str]:
    """The prompt's option buttons that name a card (surveil, manifest dread, a search):
    label -> the card's English name, for the preview on hover."""
    who = it.decider()
    pend = it.obs.get("pending") or {}
    if who is None:
        return {}
    out = {}
    for o in it.session.pending_options(who):
        if printed(o) is not None:
            out[_option_label(o, (pend.get("params") or {}).get("card"), str(pend.get("prompt") or ""))] = o
    return out
