"""Colours and sizes of the table (design coordinates)."""

BG = (28, 34, 30)
FELT = (44, 62, 48)
PANEL = (36, 40, 46)
PANEL_EDGE = (92, 100, 110)
INK = (236, 232, 220)
INK_DIM = (160, 160, 150)
INK_DARK = (30, 30, 30)
ACCENT = (226, 180, 72)
HILITE = (255, 226, 110)
DANGER = (220, 90, 80)
OK = (120, 200, 120)
BUTTON = (70, 78, 92)
BUTTON_HOVER = (96, 108, 128)
BUTTON_OFF = (52, 56, 62)
SHADE = (0, 0, 0, 160)

FONT = 16
FONT_SMALL = 13
FONT_BIG = 24
FONT_TITLE = 56
