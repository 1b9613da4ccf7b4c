"""Hadrian's Wall content as data: warriors (HW-2.1, HW-16.1), forts (HW-2.2, HW-16.2),
clan colours (HW-0.5, HW-16.3)."""

from __future__ import annotations

# HW-16.1 warrior types: code -> (name, strength, ability in brief)
WARRIOR_TYPES: dict[str, tuple[str, int, str]] = {
    "FIL": ("Filchy", 1, "Its clan sits out the fight for this fort (HW-9.6)."),
    "QWN": ("Qween", 2, "Borrows the strength of another clan's fresh card (HW-9.1)."),
    "DRU": ("Dru'hid", 3, "On capture, may take a later fort instead (HW-9.2)."),
    "AXX": ("Axx", 4, "On capture, may stay in the line (HW-9.4)."),
    "ARC": ("Arch'r", 5, "Wins a tie for the top (HW-9.5)."),
    "SVD": ("Svord", 6, "May rearrange its clan's face-down cards (HW-9.3)."),
    "HRS": ("Horsie", 7, "If its clan fails to capture, it loses another line card (HW-9.7)."),
    "CHA": ("Ch'ariott", 8, "Two or more revealed in one round are all discarded (HW-9.8)."),
}

# HW-2.1: every clan deck holds the same 9 cards; Arch'r twice (ARC1, ARC2)
DECK: tuple[str, ...] = ("FIL", "QWN", "DRU", "AXX", "ARC1", "ARC2", "SVD", "HRS", "CHA")

#: card id -> warrior type code
TYPE: dict[str, str] = {card: card[:3] for card in DECK}
#: card id -> strength
STRENGTH: dict[str, int] = {card: WARRIOR_TYPES[card[:3]][1] for card in DECK}
#: card id -> position in DECK (a stable order for display and tie-breaks)
DECK_ORDER: dict[str, int] = {card: i for i, card in enumerate(DECK)}

# HW-16.2 fort deck: id -> (kind, value)
FORTS: dict[str, tuple[str, int]] = {
    "NF1a": ("NieFort", 1),
    "NF1b": ("NieFort", 1),
    "KOM": ("KomFort", 2),
    "NF3a": ("NieFort", 3),
    "NF3b": ("NieFort", 3),
    "NF3c": ("NieFort", 3),
    "NF4a": ("NieFort", 4),
    "NF4b": ("NieFort", 4),
    "FOK": ("Fort Fokus", 4),
    "NF5a": ("NieFort", 5),
    "NF5b": ("NieFort", 5),
    "NF6a": ("NieFort", 6),
    "NF6b": ("NieFort", 6),
    "UNA": ("FortUna", 8),
    "FH1": ("FortHeca", -1),
    "FH2a": ("FortHeca", -2),
    "FH2b": ("FortHeca", -2),
    "FH3": ("FortHeca", -3),
}
FORT_IDS: tuple[str, ...] = tuple(FORTS)
FORT_VALUE: dict[str, int] = {fort: value for fort, (_, value) in FORTS.items()}
FORTHECA: frozenset[str] = frozenset(f for f, (kind, _) in FORTS.items() if kind == "FortHeca")

FORT_TEXT: dict[str, str] = {
    "NieFort": "Points only (HW-10.6).",
    "KomFort": "The capturer may keep its weakest warrior (HW-10.2).",
    "Fort Fokus": "Every clan discards one line card (HW-10.3).",
    "FortUna": "The capturer discards one of its other forts (HW-10.4).",
    "FortHeca": "Negative points; a player holding 3 of the 4 wins at once (HW-10.5).",
}

# HW-0.5 / HW-16.3 clan colours, in the order players take them by default
COLOURS: tuple[str, ...] = ("G", "R", "Y", "B")
COLOUR_NAMES: dict[str, str] = {"G": "Green", "R": "Red", "Y": "Gold", "B": "Blue"}

TURNS = 3  # HW-1.3
WALL_SIZE = 6  # HW-6.1
INSTANT_WIN_FORTHECA = 3  # HW-12.1

# HW-16.6 solo goal: neutral clans -> the points the solo player must reach (about half
# as much again as an even share of the forts' net 47 points; Balance, HW-20)
SOLO_TARGET: dict[int, int] = {1: 39, 2: 26, 3: 20}
