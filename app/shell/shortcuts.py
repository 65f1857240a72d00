"""Every keyboard shortcut in one table: the menus, the help dialog and docs/shortcuts.md
use it. Keys follow Cockatrice's defaults where it has one (Ctrl+D draw, Ctrl+U untap all,
Ctrl+S shuffle, Ctrl+M mulligan, Ctrl+Space next phase, F2 concede ...)."""
from __future__ import annotations

from app.i18n import message

# (action id, key sequence in Qt's portable text, group, message key of its description)
SHORTCUTS: tuple[tuple[str, str, str, str], ...] = (
    ("pass", "Space", "game", "action.pass"),
    ("next_step", "Ctrl+Space", "game", "action.next_step"),
    ("next_turn", "Ctrl+Return", "game", "action.next_turn"),
    ("undo", "Ctrl+Z", "game", "action.undo"),
    ("redo", "Ctrl+Shift+Z", "game", "action.redo"),
    ("cancel", "Esc", "game", "action.cancel"),
    ("draw", "Ctrl+D", "cards", "action.draw"),
    ("draw_n", "Ctrl+E", "cards", "action.draw_n"),
    ("untap_all", "Ctrl+U", "cards", "action.untap_all"),
    ("shuffle", "Ctrl+S", "cards", "action.shuffle"),
    ("mulligan", "Ctrl+M", "cards", "action.mulligan"),
    ("token", "Ctrl+T", "cards", "action.token"),
    ("tap", "Ctrl+Shift+T", "cards", "action.tap"),
    ("turn_over", "Alt+F", "cards", "action.turn_over"),
    ("phase_out", "Alt+P", "cards", "action.phase_out"),
    ("set_pt", "Ctrl+P", "cards", "action.set_pt"),
    ("counter_add", "Alt+Up", "cards", "action.counter_add"),
    ("counter_remove", "Alt+Down", "cards", "action.counter_remove"),
    ("select_all", "Ctrl+A", "cards", "action.select_all"),
    ("life_up", "Ctrl+L", "players", "action.life_up"),
    ("life_down", "Ctrl+Shift+L", "players", "action.life_down"),
    ("roll", "Ctrl+I", "players", "action.roll"),
    ("coin", "Ctrl+Shift+I", "players", "action.coin"),
    ("concede", "F2", "players", "action.concede"),
    ("view_library", "F3", "zones", "action.view_library"),
    ("view_graveyard", "F4", "zones", "action.view_graveyard"),
    ("view_exile", "F6", "zones", "action.view_exile"),
    ("zoom_in", "Ctrl++", "view", "action.zoom_in"),
    ("zoom_out", "Ctrl+-", "view", "action.zoom_out"),
    ("zoom_fit", "Ctrl+0", "view", "action.zoom_fit"),
    ("hover_zoom", "Z", "view", "action.hover_zoom"),
    ("help", "F1", "app", "action.help"),
    ("new_goldfish", "Ctrl+N", "app", "action.new_goldfish"),
    ("restart", "Ctrl+R", "app", "action.restart"),
    ("open_game", "Ctrl+O", "app", "action.open_game"),
    ("save_game", "Ctrl+Shift+S", "app", "action.save_game"),
    ("open_scenario", "Ctrl+Shift+O", "app", "action.open_scenario"),
    ("settings", "Ctrl+,", "app", "action.settings"),
    ("quit", "Ctrl+Q", "app", "action.quit"),
)
GROUPS = ("game", "cards", "players", "zones", "view", "app")
# keys the table's view reads itself (app/table/keyboard.py), not window shortcuts: (keys, message key)
TABLE_KEYS = (("Left, Right, Home, End", "keys.cursor"), ("Return", "keys.activate"),
              ("Shift+F10", "keys.menu"), ("1 … 9", "keys.buttons"))


def key_for(action_id: str) -> str:
    return next(k for a, k, _, _ in SHORTCUTS if a == action_id)


def markdown() -> str:
    """docs/shortcuts.md, in English."""
    out = ["# Keyboard shortcuts", "",
           "Manatable follows Cockatrice's default keys where Cockatrice has one. Press F1 in the",
           "app to see this list in your language.", ""]
    for group in GROUPS:
        out += ["## " + message(f"shortcut_group.{group}"), "", "| Key | Action |", "|---|---|"]
        out += [f"| {key} | {message(desc)} |" for _, key, g, desc in SHORTCUTS if g == group]
        out.append("")
    out += ["## " + message("shortcut_group.table"), "", "| Key | Action |", "|---|---|"]
    out += [f"| {key} | {message(desc)} |" for key, desc in TABLE_KEYS]
    out.append("")
    out += ["## Mouse", "", "| Gesture | Action |", "|---|---|"]
    out += ["| " + message(f"mouse.{m}.gesture") + " | " + message(f"mouse.{m}.action") + " |" for m in MOUSE]
    return "\n".join(out) + "\n"


MOUSE = ("double_hand", "double_battlefield", "drag", "drag_stack", "drag_combat", "click_target", "right_click",
         "right_drag", "rubber_band", "ctrl_wheel", "middle_drag", "double_library", "click_pile", "click_step")
