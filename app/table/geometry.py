"""Sizes and colours of the table, in scene units (one unit is one pixel at 100 % zoom)."""
from __future__ import annotations

from PySide6.QtGui import QColor

CARD_W = 90.0
CARD_H = round(CARD_W * 680 / 488, 1)  # 125.4: the card's 63 x 88 mm proportions
GAP = 8.0
ROW_GAP = 6.0
ATTACH_OFFSET = 12.0  # an Aura or Equipment peeks out this far from under its host

PILE_SCALE = 0.8  # library, graveyard, exile and command are drawn a little smaller
PILE_W = round(CARD_W * PILE_SCALE, 1)
PILE_CARD_H = round(CARD_H * PILE_SCALE, 1)
PILE_LABEL_H = 28.0  # room for a two-line zone name ("Zona di / comando")
SIDE_W = 2 * PILE_W + 3 * GAP  # the left column: player info and the piles
PANEL_H = 150.0
COMMANDER_PANEL_EXTRA = 40.0  # a Commander game's panel: lines for the tax and commander damage
STRIP_H = 64.0  # the goldfish empty seat: a thin strip with its panel
MIN_FIELD_W = 6 * (CARD_W + GAP)
STACK_W = CARD_W + 28.0
LAND_STACK_DX = 14.0  # identical untapped lands overlap by all but this much
HALF_H = 3 * CARD_H + 4 * ROW_GAP + 2 * ATTACH_OFFSET  # three battlefield rows per player
HAND_H = CARD_H + 1.5 * GAP  # (every unit of height costs card size: the view fits the height)
OPP_HAND_H = 0.55 * CARD_H + GAP
# the table's default size (two players, 4:3); the scene adapts it to the window's shape
FIELD_W = 1120.0
TABLE_W = SIDE_W + GAP + FIELD_W + GAP + STACK_W
TABLE_H = OPP_HAND_H + HALF_H + GAP + HALF_H + HAND_H

FELT = QColor(26, 58, 44)
FELT_DARK = QColor(18, 40, 31)
ZONE_FILL = QColor(255, 255, 255, 16)
ZONE_EDGE = QColor(255, 255, 255, 60)
TEXT = QColor(236, 236, 228)
TEXT_DIM = QColor(180, 190, 180)

HIGHLIGHT = {
    "playable": QColor(90, 220, 120),
    "target": QColor(255, 170, 40),
    "choice": QColor(255, 170, 40),
    "chosen": QColor(80, 170, 255),
    "attacker": QColor(230, 60, 50),
    "blocker": QColor(80, 140, 255),
    "drop": QColor(255, 230, 120),
}
SELECTED = QColor(80, 170, 255)
ATTACK = QColor(220, 50, 40)
BLOCK = QColor(70, 130, 240)
ARROW_TARGET = QColor(255, 150, 30, 220)
