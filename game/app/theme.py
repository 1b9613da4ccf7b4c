"""Colours and sizes of the table (design coordinates), and the seat colours of every
game (printed, or colour-blind friendly: ``seat_colours``; each game's view declares its
own with ``palettes``)."""

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
#: the Okabe-Ito colours, told apart under deuteranopia and protanopia
OI_BLUE, OI_ORANGE, OI_GREEN = (0, 114, 178), (230, 159, 0), (0, 158, 115)
OI_VERMILLION, OI_SKY, OI_YELLOW, OI_PURPLE = (
    (213, 94, 0),
    (86, 180, 233),
    (240, 228, 66),
    (204, 121, 167),
)
#: game -> (its seat and faction colours as printed, the colour-blind friendly ones): each
#: game's view declares its own (``palettes``)
_PALETTES: dict[str, tuple[dict[str, tuple], dict[str, tuple]]] = {}
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


def palettes(
    game: str, printed: dict[str, tuple] | None = None, colour_blind: dict[str, tuple] | None = None
) -> tuple[dict[str, tuple], dict[str, tuple]]:
    """``game``'s seat and faction colours as printed and colour-blind friendly (the same
    keys): declared by its view (with ``printed`` and ``colour_blind``), or read; the
    game's view is imported to declare them if it has not been yet."""
    if printed is not None and colour_blind is not None:
        if printed.keys() != colour_blind.keys():
            raise ValueError(f"{game}: the two palettes name different colours")
        _PALETTES[game] = (dict(printed), dict(colour_blind))
    elif game not in _PALETTES:
        import importlib

        importlib.import_module(f"game.games.{game.replace('-', '_')}.view")
    return _PALETTES[game]


def seat_colours(game: str) -> dict[str, tuple]:
    """The seat and faction colours of ``game`` as the setting wants them: the printed
    ones, or the colour-blind friendly palette.  Every view takes its colours here."""
    return palettes(game)[1 if _colour_blind[0] else 0]


class SeatColours(Mapping):
    """A view's ``{key: rgb}`` of seat colours read through ``seat_colours`` at each use
    (``keys``: which of the game's colours, default all)."""

    def __init__(self, game: str, keys=None) -> None:
        self.game = game
        self._keys = tuple(keys or palettes(game)[0])

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
