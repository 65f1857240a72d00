"""TableWidget: the game view — phase bar, table, prompt bar, preview and log docks — and
the table's keyboard actions (QActions the main window's menus also list)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QVBoxLayout, QWidget

import app.i18n as i18n_mod
from app.i18n import card_name, message, tr
from app.render.download import SCRYFALL, ImageDownloader, image_dirs
from app.settings import STEPS, Settings
from app.shell.shortcuts import SHORTCUTS
from app.table import commands
from app.table.bars import PhaseBar, PromptBar
from app.table.card_item import CardItem
from app.table.chat_names import AmbiguousName, english_action
from app.table.docks import LogDock, PreviewDock
from app.table.handover import HandOverScreen, follow_hot_seat
from app.table.interaction import Interaction
from app.table import scheme_area
from app.table.pixmaps import PixmapStore
from app.table.prompts import _option_label, button_cards
from app.table.scene import TableScene
from app.table.keyboard import KeyboardCursor
from app.table.scheme_banner import SchemeBanner
from app.table.view import TableView
from engine.decks.names import default_resolver

if TYPE_CHECKING:
    from app.session import LocalSession
    from engine.actions import Action

TABLE_ACTIONS = {a for a, _, g, _ in SHORTCUTS if g not in ("app",)}
MENU_CHUNK = 30  # entries per (sub)menu of pick_action


class TableWidget(QMainWindow):
    """One game on screen. `session` is the only way it changes the game."""

    restart_requested = Signal()
    new_game_requested = Signal()  # after a game against the computer: choose decks again
    settings_changed = Signal()

    def __init__(self, session: "LocalSession", settings: Settings, store: PixmapStore | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Widget, True)
        self.session = session
        self.settings = settings

        self.store = store or PixmapStore(settings.language, image_dirs(settings))
        self.downloader: Any = None
        self.scene = TableScene(self.store, session.seat, self, players=len(session.player_names))
        self.scene.animations = settings.animations
        i18n_mod.SHOW_EMPTY_STEPS = settings.log_empty_steps
        self.scene.show_opponent_hand = not session.goldfish_game
        self.view = TableView(self.scene)
        self.phase_bar = PhaseBar()
        self.prompt_bar = PromptBar()
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.phase_bar)
        lay.addWidget(self.view, 1)
        lay.addWidget(self.prompt_bar)
        self.setCentralWidget(central)
        self.preview = PreviewDock(self.store, self)
        # a spectator is nobody at the table: the log names every player ("Alice keeps her hand")
        self.log = LogDock(self.send_text, self._log_you(), self)
        for dock in (self.preview, self.log):
            dock.setFeatures(QDockWidget_features())
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.preview)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log)
        self.interaction = Interaction(session, self.scene, self)
        self.keyboard = KeyboardCursor(self)  # the table without a mouse (app/table/keyboard.py)
        self.view.key_handler = self.keyboard.key
        self.view.mouse_handler = self.keyboard.mouse_pressed
        self.scheme_banner = SchemeBanner(self.view.viewport(), self.store)  # a scheme set in motion, large
        self.scheme_banner.keep_clear = self._own_zones_top
        self.scheme_banner.below = self._strips_bottom
        self.viewers: list[Any] = []
        self.handover = HandOverScreen(self)  # a hot seat's cover while the computer changes hands
        self.handover.taken.connect(self._take_seat)
        self.mode_dialog: Any = None  # the open mode dialog (tests find it here)
        self.action_menu: Any = None
        self.actions_by_id: dict[str, QAction] = {}
        self._make_actions()
        self.scene.hovered.connect(self.preview.show_item)
        self.prompt_bar.card_hovered.connect(lambda name: self.preview_card({"name": name}))
        self.scene.hovered.connect(self.view.show_zoom)
        self.view.zoom_enabled = settings.hover_zoom
        self.store.ready.connect(self._zoom_ready)
        self.phase_bar.stop_toggled.connect(self.toggle_stop)
        session.changed.connect(self.refresh)
        session.events_added.connect(self._events)
        # bound methods, not lambdas: Qt drops the connections when this widget is deleted
        session.log_reset.connect(self._log_reset)
        session.error.connect(self._error)
        self.log.show_for(session.log_seat(), self._log_you(), session.all_events())
        self.refresh()
        self.show_scenario_intro()

    # ----------------------------------------------------------------- actions
    def _make_actions(self) -> None:
        handlers: dict[str, Callable[[], Any]] = {
            "pass": self.interaction.pass_priority, "next_step": self.interaction.next_step,
            "next_turn": self.interaction.next_turn, "undo": self.undo, "redo": self.redo,
            "cancel": self.interaction.cancel, "zoom_in": lambda: self.view.zoom_by(1.2, keep_hand=True),
            "zoom_out": lambda: self.view.zoom_by(1 / 1.2, keep_hand=True), "zoom_fit": self.view.fit,
            "select_all": self.select_all, "hover_zoom": self.toggle_zoom,
        }
        for action_id, key, group, desc in SHORTCUTS:
            if action_id not in TABLE_ACTIONS:
                continue
            handler = handlers.get(action_id) or getattr(commands, action_id, None)
            if handler is None:
                continue
            act = QAction(message(desc), self)
            act.setShortcut(QKeySequence(key))
            act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            if action_id in handlers:
                act.triggered.connect(lambda _=False, h=handler: h())
            else:
                act.triggered.connect(lambda _=False, h=handler: h(self))
            self.addAction(act)
            self.actions_by_id[action_id] = act

    # ----------------------------------------------------------------- downloaded images
    def request_images(self) -> None:
        """Settings allow downloads: fetch the images of the cards on the table, in the
        background (app/render/download.py); the renders show until they arrive."""
        if not self.settings.download_images:
            if self.downloader is not None:
                self.downloader.stop()
                self.downloader = None
            return
        if self.downloader is None or self.downloader.lang != self.settings.language:
            if self.downloader is not None:
                self.downloader.stop()
            self.downloader = ImageDownloader(self.settings.language, getattr(self, "image_base_url", SCRYFALL),
                                              parent=self)
            self.downloader.downloaded.connect(self.store.forget)
            self.downloader.progress.connect(self._download_progress)
            self.downloader.failed.connect(lambda why: self.show_message(tr("Card images can't be downloaded ({reason}); the built-in card faces are shown.", reason=why), True))
        for item in list(self.scene.cards.values()):
            if item.name and (item.show_face or item.mine):
                self.downloader.request(item.name)

    def _download_progress(self, done: int, total: int) -> None:
        # in the preview's title bar: messages in the prompt bar (refusals) stay readable
        title = tr("Card preview")
        if total and done < total:
            title += " — " + tr("card images {done} of {total}", done=done, total=total)
        self.preview.setWindowTitle(title)

    def show_scenario_intro(self) -> None:
        """A scenario says what it is about when it opens, and what it expects first."""
        info = getattr(self.session, "scenario", None)
        if not info:
            return
        lines = [tr("Scenario: {title}", title=info["title"])] if info.get("title") else []
        if info.get("description"):
            lines.append(info["description"])
        if info.get("source"):
            lines.append(tr("Source: {source}", source=info["source"]))
        if info.get("first"):
            lines.append(tr("The scenario expects first: {action}", action=info["first"]))
        self.log.set_intro(lines)
        if info.get("title"):
            first = (" " + tr("The scenario expects first: {action}", action=info["first"])) if info.get("first") else ""
            self.prompt_bar.show_message(tr("Scenario: {title}", title=info["title"]) + first, seconds=30)

    def _zoom_ready(self, _key: str) -> None:
        if self.view.zoom_card is not None and not self.view.hover_zoom.isVisible():
            self.view.update_zoom()

    def toggle_zoom(self) -> None:
        self.settings.hover_zoom = not self.settings.hover_zoom
        self.view.set_zoom_enabled(self.settings.hover_zoom)
        self.show_message(message("message.zoom_on" if self.settings.hover_zoom else "message.zoom_off"))
        self.settings_changed.emit()

    def retranslate(self) -> None:
        for action_id, _, _, desc in SHORTCUTS:
            if action_id in self.actions_by_id:
                self.actions_by_id[action_id].setText(message(desc))
        self.store.set_language(self.settings.language)
        self.preview.retranslate()
        self.log.retranslate()
        self.scene.retranslate()
        self.refresh()

    def apply_settings(self, before: Settings | None = None) -> None:
        """The settings changed (the Settings dialog; `before`: what they were). Only the steps
        whose stop the user changed change in the game, each for the seat at the screen."""
        self.scene.animations = self.settings.animations
        i18n_mod.SHOW_EMPTY_STEPS = self.settings.log_empty_steps
        self.view.set_zoom_enabled(self.settings.hover_zoom)
        if before is not None:
            self._apply_stop_changes(before)

        dirs = image_dirs(self.settings)
        if dirs != self.store._image_dirs:
            self.store.set_image_dirs(dirs)
        self.retranslate()

    # ----------------------------------------------------------------- redraw
    def refresh(self) -> None:
        covered = follow_hot_seat(self)  # (a hot seat: turned to the person at the screen, or covered)
        obs = self.session.observation()
        self.scene.sync(obs)
        live = set(self.scene.cards.values())  # a card that left the table is not shown as if there
        if self.view.zoom_card is not None and self.view.zoom_card not in live:
            self.view.show_zoom(None)
        if self.preview.item is not None and self.preview.item not in live:
            self.preview.clear()
        self.request_images()
        self.interaction.refresh()
        names = self.session.player_names
        active = int(obs.get("active", 0))
        # whose turn: a player, or a team's shared turn (CR 805.4a) and the member acting now
        owner, acting = scheme_area.turn_owner(obs, names), scheme_area.acting(obs, names)
        if acting:
            owner = tr("{turn} ({name} acts)", turn=owner, name=acting)
        yours = self.session.seat in (obs.get("active_players") or [active])
        self.phase_bar.set_state(int(obs.get("turn", 1)), owner, str(obs.get("step", "")), yours, self.session.stops)
        self.phase_bar.setToolTip(scheme_area.team_members(obs, names))
        for key, act in self.actions_by_id.items():  # (covered: nothing is done for the person not at the screen yet)
            act.setEnabled(not covered and (key not in ("undo", "redo") or
                                            (self.session.can_undo() if key == "undo" else self.session.can_redo())))

    def _take_seat(self, seat: int) -> None:
        """"I am …" on the hand-over screen: the table turns to that person's seat."""
        self.session.take_seat(seat)  # (changed: refresh turns the table)
        self.view.setFocus()

    def _strips_bottom(self) -> int:
        """Where the opponents' strips across the top of the view end (0: none there)."""
        seat = self.scene.seat  # (the seat at the bottom: a hot seat's person, a scenario's deciding seat)
        bottoms = [self.view.mapFromScene(p.sceneBoundingRect().bottomLeft()).y()
                   for i, p in self.scene.panels.items() if i != seat and p.compact and p.isVisible()]
        return max([0] + bottoms)

    def _own_zones_top(self) -> int | None:
        """Where the viewer's own battlefield, hand and panel begin on the view (the scheme
        banner stays above them); None for a spectator, who has none."""
        if self.session.watching:
            return None
        seat = self.scene.seat  # (the seat at the bottom: a hot seat's person, a scenario's deciding seat)
        zones = [self.scene.zones.get((kind, seat)) for kind in ("battlefield", "hand")]
        rects = [z.sceneBoundingRect() for z in zones if z is not None and z.isVisible()]
        panel = self.scene.panels.get(seat)
        if panel is not None:
            rects.append(panel.sceneBoundingRect())
        if not rects:
            return None
        return max(0, min(self.view.mapFromScene(r.topLeft()).y() for r in rects))

    def _log_you(self) -> str | None:
        """Who the log calls "you": the seat whose log it is (a hot seat's deciding seat)."""
        seat = self.session.log_seat()
        names = self.session.player_names
        return names[seat] if seat is not None and 0 <= seat < len(names) else None

    def _log_reset(self) -> None:
        events = self.session.all_events()
        self.log.show_for(self.session.log_seat(), self._log_you(), events)

    def _error(self, message: str) -> None:
        self.show_message(message, error=True)

    def _events(self, events: list[dict[str, Any]]) -> None:
        self.scene.note_events(events)
        self.log.add_events(events)
        self.scheme_banner.show_events(events, self.log.player_name)

    def as_widget(self) -> QWidget:
        """The window the table's menus and dialogs belong to: this one (the parts below name the
        table by what they use of it, app/table/interaction_state.py Table)."""
        return self

    def update_prompt(self) -> None:
        text, buttons = self.interaction.prompt()
        self.prompt_bar.set_prompt(text, buttons, button_cards(self.interaction))

    def show_message(self, text: str, error: bool = False, seconds: float = 8.0) -> None:
        self.prompt_bar.show_message(text, error, seconds)

    def clear_message(self) -> None:
        self.prompt_bar.clear_message()

    def _apply_stop_changes(self, before: Settings) -> None:
        """The stops the Settings dialog changed: each step the user checked or unchecked there
        changes for the seat at the screen; the steps not touched keep what that seat had. (At a
        hot seat the dialog shows and changes the person's own stops, `set_person_stops`, and
        leaves the settings' alone.)"""
        s = self.session
        if s.hot_seat:
            return
        for mine, old, new in ((True, before.stops, self.settings.stops),
                               (False, before.opponent_stops, self.settings.opponent_stops)):
            added, removed = set(new) - set(old), set(old) - set(new)
            if not added and not removed:
                continue
            changed = (set(s.stops if mine else s.opponent_stops) - removed) | added
            if mine:
                s.stops = changed
            else:
                s.opponent_stops = changed

    def person_at_screen(self) -> str | None:
        """At a hot seat the name of the person at the screen, whose stops the phase bar marks
        and the Settings dialog shows; None elsewhere (the settings' stops are the user's) and
        while the hand-over screen covers the table (nobody has said who is at the screen)."""
        s = self.session
        return s.player_names[s.seat] if s.hot_seat and s.handover is None else None

    def set_person_stops(self, stops: set[str], opponent_stops: set[str]) -> None:
        """A hot seat's person at the screen set their stops (the Settings dialog): theirs for
        this game, and remembered in the settings for their next hot seat (people_stops)."""
        self.session.stops, self.session.opponent_stops = set(stops), set(opponent_stops)
        self._keep_person_stops()
        self.refresh()

    def _keep_person_stops(self) -> None:
        s = self.session
        self.settings.keep_person_stops(s.player_names[s.seat], s.stops, s.opponent_stops)
        self.settings_changed.emit()

    def toggle_stop(self, step: str) -> None:
        """A click on the phase bar: the stop of the seat at the screen. At a hot seat it is that
        person's alone: the settings' stops (every later game's, and a new person's to begin
        with) stay as they were — one person's click must not set the others' — and the person's
        own are remembered for their next hot seat. Elsewhere the settings follow, as they always
        did (one person, their program)."""
        stops = set(self.session.stops) ^ {step}
        self.session.stops = stops
        if self.session.hot_seat:
            self._keep_person_stops()
        else:
            self.settings.stops = [s for s in STEPS if s in stops]
            self.settings_changed.emit()
        self.refresh()

    # ----------------------------------------------------------------- helpers for commands
    def selected(self) -> list[CardItem]:
        sel = self.scene.selected_cards()
        return [i for i in sel if i.obj_id is not None]

    def select_all(self) -> None:
        for item in self.scene.cards.values():
            item.setSelected(item.zone == "battlefield" and item.mine)

    def open_zone_viewer(self, zone: str, owner: int) -> Any:
        from app.table.zone_viewer import ZoneViewer  # lazy: loads when a zone is opened (start-up)

        for v in self.viewers:
            if v.zone == zone and v.owner == owner and v.isVisible():
                v.raise_()
                return v
        v = ZoneViewer(self, zone, owner)
        self.viewers.append(v)
        v.finished.connect(lambda _=0, v=v: self.viewers.remove(v) if v in self.viewers else None)
        v.show()
        return v

    def divide_damage(self) -> None:
        """The damage-division dialog for the first attacking creature still to divide."""
        from app.table.damage_dialog import DamageDialog, divisions  # lazy: loads when damage is divided (start-up)
        todo = divisions(self.interaction.legal)
        if not todo:
            return
        attacker, slots = next(iter(todo.items()))
        self.damage_dialog = DamageDialog(self.interaction, attacker, slots, self)
        self.damage_dialog.open()

    def preview_card(self, card: dict[str, Any]) -> None:
        item = CardItem(card.get("id"), self.store)
        item.data = dict(card)
        item.zone = str(card.get("zone", ""))
        self.preview.show_item(item)
        self.preview.item = None  # (not a card of the table: nothing to let go of)

    def pick_action(self, actions: list["Action"], name: str | None = None,
                    names: dict[Any, str | None] | None = None,
                    then: Callable[["Action"], None] | None = None) -> None:
        """Several possible actions: a menu of readable labels (colours, alternatives, X).
        `names`: the card of each action's object, when they are for several cards; `then`:
        what a pick does instead of submitting the action (ask for its targets)."""
        if not actions:
            return
        from app.table.menus import rules_label  # lazy: the context menus load on the first right-click (start-up)

        with_x = any(a.x is not None for a in actions)  # X=0 is said too, not left out
        menu = QMenu(self)
        # every legal action stays reachable: a long list is split into submenus of
        # MENU_CHUNK entries ("1–30", "31–60", ...) instead of being cut off
        chunks = [actions[i:i + MENU_CHUNK] for i in range(0, len(actions), MENU_CHUNK)]
        for k, chunk in enumerate(chunks):
            sub = menu if len(chunks) == 1 else menu.addMenu(f"{k * MENU_CHUNK + 1}–{k * MENU_CHUNK + len(chunk)}")
            for a in chunk:
                own = name or (names or {}).get(a.obj)
                label = rules_label(a, own) if own else str(a)
                if not own and a.verb == "choose" and a.choice:  # an option of a long choice: its
                    label = ", ".join(_option_label(str(c)) for c in a.choice)
                elif not own and a.verb == "assign":  # a division of combat damage (CR 510.1c)
                    label = self._assign_label(a)
                if own and a.alt and a.verb != "cast":  # (a cast's label names its cost)
                    label += f" ({a.alt})"
                if own and with_x:
                    label += f" (X={a.x or 0})"
                act = sub.addAction(label)
                act.triggered.connect(lambda _=False, a=a: (then or self.interaction.submit)(a))
        self.action_menu = menu
        menu.popup(self.cursor().pos())

    def _assign_label(self, a: "Action") -> str:
        """"Grasping Longneck: 2 → Cult Healer, 2 → Bob" in the UI language."""
        if a.choice == ("default",) or not a.args:
            return tr("Assign by default")
        obs = self.session.observation()
        names = {c["id"]: c.get("name") for c in obs.get("battlefield", [])}
        players = [p["name"] for p in obs.get("players", [])]

        def who(ref: Any) -> str:
            kind, val = ref
            if kind == "p":
                return players[val] if 0 <= val < len(players) else "?"
            return card_name(names.get(val))
        division = ", ".join(f"{n} → {who(ref)}" for ref, n in a.args)
        return tr("{card}: {division}", card=card_name(names.get(a.obj)), division=division)

    def send_text(self, text: str) -> bool:
        """A chat-line action ("/cast Mord -> Bob"): its card names may be in the UI language
        (app/table/chat_names.py); the engine reads them in English."""
        try:
            text = english_action(text, self.session.observation(), card_name, default_resolver())
        except AmbiguousName as exc:
            self.show_message(tr("{name} is the name of more than one card here: {cards}. Type the English name of "
                                 "the one you mean.", name=exc.name, cards=", ".join(exc.cards)), error=True)
            return False
        return self.session.submit(text)

    def undo(self) -> None:
        self.interaction.reset_mode()
        self.session.undo()

    def redo(self) -> None:
        self.session.redo()

    def restart(self) -> None:
        self.restart_requested.emit()

    def closeEvent(self, event: Any) -> None:
        if self.downloader is not None:
            self.downloader.stop()
        for v in list(self.viewers):
            v.close()
        super().closeEvent(event)


def QDockWidget_features() -> Any:
    return (QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable)
