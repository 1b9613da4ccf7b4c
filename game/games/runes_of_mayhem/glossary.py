"""Runes of Mayhem's own words, explained for a newcomer: the glossary the rules reader,
How to play and the table's tooltips show (``game.app.glossary``).

Each entry: the term as the table prints it, what it means in plain words, the rule
that says it.  A term spelled with a capital letter is a name printed on the table (a
zone, a keyword): a tooltip that names it adds its explanation.  An entry with a pattern
explains codes written by a rule (the cells ``V21``, ``A13``).
"""

from __future__ import annotations

from game.app.glossary import Code
from game.app.i18n import N_

GLOSSARY: tuple[tuple, ...] = (
    (
        N_("SP"),
        N_("Structure points of a Fortress: bring the enemy's down to 0 to win."),
        "RM-17.1",
    ),
    (
        N_("Fortress"),
        N_(
            "Each side's stronghold card. Units that break through a column "
            "besiege it and take its SP."
        ),
        "RM-11",
    ),
    (
        N_("Wall"),
        N_(
            "The place in front of your Fortress for up to 2 units: they protect "
            "the Fortress from sieges."
        ),
        "RM-4.4",
    ),
    (
        N_("Battlefield"),
        N_("The 3 columns by 3 rows of cells on each side where units fight; row 1 is the front."),
        "RM-4",
    ),
    (
        Code("V21"),
        N_(
            "A cell's name: the side (V Viking, A Anglo-Saxon), then its column, "
            "then its row (1 is the front)."
        ),
        "RM-0.6",
        r"[VA][1-3][1-3]",
    ),
    (
        (N_("gold"), N_("faith")),
        N_(
            "The two currencies. A card's cost is printed in a gold "
            "hexagon and a faith diamond (1g 3f: 1 gold and 3 faith)."
        ),
        "RM-7",
    ),
    (
        N_("production token"),
        N_(
            "Your 7 markers on your gold and faith cards: each brings one gold or faith every turn."
        ),
        "RM-7",
    ),
    (
        (N_("Spearmen"), N_("Melee"), N_("Cavalry")),
        N_(
            "The basic classes: Spearmen beat Cavalry, Cavalry beat Melee, Melee beat Spearmen "
            "(the loser rolls no die)."
        ),
        "RM-9.3",
    ),
    (
        N_("Ranged"),
        N_("Attacks once a turn from anywhere in its column, with no counterattack."),
        "RM-12",
    ),
    (
        N_("Priest"),
        N_("Never fights; in a burial step it stands fallen units up again (Heal)."),
        "RM-13.3",
    ),
    (
        N_("formation"),
        N_("Three basic units of one class filling a row: they grow stronger."),
        "RM-16.2",
    ),
    (
        N_("Flank"),
        N_("After beating a unit, it may fight the enemy in the same row of the next column."),
        "RM-16.5",
    ),
    (
        N_("Heroic Arrival"),
        N_("A hero's effect, once, when it is played onto the Battlefield."),
        "RM-16.6",
    ),
    (N_("direct shot"), N_("The free attack a ranged unit makes when it is played."), "RM-12.6"),
    (N_("Lock"), N_("A Looter takes an enemy production token while it stays in play."), "RM-16.9"),
    (
        N_("supporter"),
        N_(
            "A unit in row 2 behind a friend in row 1: beat the front unit and "
            "you must fight it too."
        ),
        "RM-10.4",
    ),
    (
        N_("fallen"),
        N_(
            "A unit whose damage reached its life: turned sideways, healed or "
            "removed in a burial step."
        ),
        "RM-13",
    ),
    (
        N_("siege"),
        N_("An attack on the enemy Fortress by a unit whose column has no living enemy left."),
        "RM-11",
    ),
    (N_("trade"), N_("Instead of playing a card, roll three dice for gold and faith."), "RM-14.6"),
)


#: How to play (game.app.scenes.howto): the goal, a turn in a few lines, the rules to
#: read more
HOWTO: tuple[str, tuple[str, ...], tuple[str, ...]] = (
    N_("Vikings and Anglo-Saxons fight for England. Bring the enemy Fortress down to 0 SP to win."),
    (
        N_("The Vikings take the first turn; the Anglo-Saxons start with 3 gold."),
        N_("Production: collect your gold and faith."),
        N_("Combat: rearrange your units, then attack column by column; the fallen are buried."),
        N_("A column that breaks through lays siege to the enemy Fortress and takes its SP."),
        N_(
            "Main phase: pay gold and faith to play cards onto the Battlefield or your "
            "Wall, or trade."
        ),
        N_(
            "In the Main phase you may also move tokens between your gold and faith cards "
            "and sacrifice your own units to make room."
        ),
        N_(
            "The modules add Main-phase actions: hire a mercenary from the Lodge (X5), lay "
            "a trap (X6), build a tower (X7), bring your King onto the field (X4)."
        ),
        N_("Draw: discard one card if you like, then draw up to your hand limit."),
    ),
    ("RM-1", "RM-6", "RM-9", "RM-11", "RM-14", "RM-17", "RM-18"),
)


#: the codes of the notation (a move, a step of the engine, a board space) as a player
#: meets them on the table's buttons and labels: the rules reader (game.app.rulebook)
#: shows a code span of the rules' text that is such a code as these words (the rules
#: are in English, so are the words), except in the sections that define the notation
#: (NOTATION_RULES) and in code blocks
CODE_WORDS: dict[str, str] = {
    # the moves (RM-26.4), as the table's buttons say them
    "OPEN": "Open a column",
    "CLOSE": "Close the column",
    "EC": "End the combats",
    "F": "Fight",
    "CONT": "Continue",
    "STOP": "Stop",
    "COV": "Fight the supporter",
    "FL": "Flank",
    "SG": "Siege",
    "RE": "Rearrange",
    "HEAL": "Heal",
    "PLAY": "Play a card",
    "TRADE": "Trade",
    "MOVE": "Move tokens",
    "SAC": "Sacrifice",
    "END": "End",
    "RET": "Return the token",
    "DISC": "Discard",
    "SIDE": "Side",
    "KING": "King",
    "MULL": "Mulligan",
    "TOK": "Token split",
    "DECK": "Deck list",
    "TRAP": "Trap option",
    "HIRE": "Hire",
    "LAY": "Lay a trap",
    "BUILD": "Build a tower",
    "FIELD": "Take the field",
    "FLIP": "Turn up the tower",
    # the engine's events and steps (RM-6.2)
    "PROD": "Production",
    "FALL": "Falls",
    "RM": "Removed",
    "DRAW": "Draw",
    "SHUF": "Shuffle",
    "WIN": "Wins",
    "SETUP": "Set-up",
    "PRODUCTION": "Production",
    "REORGANIZE": "Reorganize",
    "RESOLVE": "Resolve combats",
    "BURIAL1": "First burial",
    "MAIN": "Main phase",
    "BURIAL2": "Second burial",
    "DISCARD": "Discard",
    "GAME_OVER": "Game over",
}
#: the sections that define the notation, where the codes stay
NOTATION_RULES = ("RM-0.6", "RM-26.4")
