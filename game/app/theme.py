"""Colours and sizes of the table (design coordinates), and the seat colours of every
game (printed, or colour-blind friendly: ``seat_colours``)."""

from collections.abc import Mapping, Sequence

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
# materials of the art direction (assets/art/ART.md)
PARCHMENT = (236, 226, 200)
WOOD = (120, 82, 48)
WOOD_DARK = (72, 48, 28)
STONE = (150, 146, 136)
STONE_DARK = (96, 92, 86)

FONT = 16
FONT_SMALL = 13
FONT_BIG = 24
FONT_TITLE = 56

# ---------------------------------------------------------------------- seat colours
#: the colours of each game's seats and factions as printed
SEAT_COLOURS: dict[str, dict[str, tuple]] = {
    "hadrians-wall": {
        "G": (52, 130, 66),
        "R": (176, 56, 46),
        "Y": (196, 150, 30),
        "B": (52, 92, 170),
    },
    "stronghold": {
        "goblin": (96, 168, 64),
        "orc": (178, 76, 52),
        "troll": (122, 104, 170),
        "archer": (72, 124, 206),
        "soldier": (176, 178, 190),
        "veteran": (214, 170, 60),
    },
    "field-of-glory": {"R": (168, 50, 42), "B": (46, 84, 158), "N": (120, 120, 112)},
    "runes-of-mayhem": {"V": (150, 52, 40), "A": (44, 78, 150)},
}
#: the Okabe-Ito colours, told apart under deuteranopia and protanopia
OI_BLUE, OI_ORANGE, OI_GREEN = (0, 114, 178), (230, 159, 0), (0, 158, 115)
OI_VERMILLION, OI_SKY, OI_YELLOW, OI_PURPLE = (
    (213, 94, 0),
    (86, 180, 233),
    (240, 228, 66),
    (204, 121, 167),
)
COLOUR_BLIND_COLOURS: dict[str, dict[str, tuple]] = {
    "hadrians-wall": {"G": OI_GREEN, "R": OI_VERMILLION, "Y": OI_ORANGE, "B": OI_BLUE},
    "stronghold": {
        "goblin": OI_GREEN,
        "orc": OI_VERMILLION,
        "troll": OI_PURPLE,
        "archer": OI_BLUE,
        "soldier": (176, 178, 190),
        "veteran": OI_YELLOW,
    },
    "field-of-glory": {"R": OI_VERMILLION, "B": OI_BLUE, "N": (120, 120, 112)},
    "runes-of-mayhem": {"V": OI_VERMILLION, "A": OI_BLUE},
}
_colour_blind = [False]
_palette_hooks: list = []  # caches of drawings made with seat colours, emptied on a change


def set_colour_blind(on: bool) -> None:
    """The setting Settings.colour_blind, applied to every table drawn from now on."""
    if bool(on) != _colour_blind[0]:
        _colour_blind[0] = bool(on)
        for clear in _palette_hooks:
            clear()


def colour_blind() -> bool:
    return _colour_blind[0]


def on_palette_change(cached):
    """A decorator: the ``functools.lru_cache`` of drawings made with seat colours below
    it (a view's card faces) is emptied when the seat colours change."""
    _palette_hooks.append(cached.cache_clear)
    return cached


def seat_colours(game: str) -> dict[str, tuple]:
    """The seat and faction colours of ``game`` as the setting wants them: the printed
    ones, or the colour-blind friendly palette.  Every view takes its colours here."""
    table = COLOUR_BLIND_COLOURS if _colour_blind[0] else SEAT_COLOURS
    return table[game]


class SeatColours(Mapping):
    """A view's ``{key: rgb}`` of seat colours read through ``seat_colours`` at each use
    (``keys``: which of the game's colours, default all)."""

    def __init__(self, game: str, keys=None) -> None:
        self.game = game
        self._keys = tuple(keys or SEAT_COLOURS[game])

    def __getitem__(self, key):
        if key not in self._keys:
            raise KeyError(key)
        return seat_colours(self.game)[key]

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


class SeatColourList(Sequence):
    """The same as a tuple indexed by number: ``keys[i]`` names the i-th colour."""

    def __init__(self, game: str, keys) -> None:
        self.game = game
        self._keys = tuple(keys)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [seat_colours(self.game)[k] for k in self._keys[i]]
        return seat_colours(self.game)[self._keys[i]]

    def __len__(self) -> int:
        return len(self._keys)
