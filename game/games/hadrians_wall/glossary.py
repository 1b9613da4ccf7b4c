"""Hadrian's Wall's own words, explained for a newcomer: the glossary the rules reader,
How to play and the table's tooltips show (``game.app.glossary``).

Each entry: the term as the table prints it, what it means in plain words, the rule
that says it.  A term spelled with a capital letter is a name printed on a card (a
warrior, a fort): the table's tooltip that names it adds its explanation.
"""

from __future__ import annotations

from game.app.i18n import N_

GLOSSARY: tuple[tuple[str, str, str], ...] = (
    (
        N_("Filchy"),
        N_(
            "Warrior of strength 1: its clan sits this fort out, so it can "
            "neither capture it nor tie. Good for dodging a FortHeca."
        ),
        "HW-9.6",
    ),
    (
        N_("Qween"),
        N_(
            "Warrior of strength 2: borrows the strength of another clan's card "
            "revealed in the same round."
        ),
        "HW-9.1",
    ),
    (
        N_("Dru'hid"),
        N_(
            "Warrior of strength 3: when its clan captures, it may take a later "
            "fort of the wall instead."
        ),
        "HW-9.2",
    ),
    (
        N_("Axx"),
        N_(
            "Warrior of strength 4: when its clan captures, it may stay in the line "
            "for the next forts."
        ),
        "HW-9.4",
    ),
    (
        N_("Arch'r"),
        N_(
            "Warrior of strength 5 (two in every deck): breaks a tie for the "
            "highest total in its clan's favour."
        ),
        "HW-9.5",
    ),
    (
        N_("Svord"),
        N_(
            "Warrior of strength 6: lets its clan rearrange its face-down orders "
            "for the forts still to come."
        ),
        "HW-9.3",
    ),
    (
        N_("Horsie"),
        N_(
            "Warrior of strength 7: if its clan does not capture, it must "
            "discard another card of its line."
        ),
        "HW-9.7",
    ),
    (
        N_("Ch'ariott"),
        N_("Warrior of strength 8: two or more revealed in the same round are all discarded."),
        "HW-9.8",
    ),
    (N_("NieFort"), N_("An ordinary fort: worth its value in points, nothing more."), "HW-10.6"),
    (
        N_("KomFort"),
        N_("Fort worth 2: its capturer may keep its weakest warrior in the line."),
        "HW-10.2",
    ),
    (
        N_("Fort Fokus"),
        N_("Fort worth 4: when it is captured, every clan discards one card of its line."),
        "HW-10.3",
    ),
    (
        N_("FortUna"),
        N_("Fort worth 8, but its capturer must discard one of its other forts."),
        "HW-10.4",
    ),
    (
        N_("FortHeca"),
        N_("A cursed fort: its value counts against you. A clan holding 3 of the 4 wins at once."),
        "HW-10.5",
    ),
    (
        N_("wall"),
        N_("The 6 forts under attack this turn, fought over from left to right, one per round."),
        "HW-6",
    ),
    (
        N_("order"),
        N_("A warrior laid face down under a fort: it attacks that fort when its round comes."),
        "HW-7.3",
    ),
    (
        N_("line"),
        N_(
            "A clan's revealed warriors: their strengths add up fort after fort "
            "until the clan captures."
        ),
        "HW-8.2",
    ),
    (
        N_("fresh card"),
        N_("The card a clan revealed this round: only then does its ability work."),
        "HW-8.3",
    ),
    (N_("set aside"), N_("The cards a clan keeps out of this turn, face down."), "HW-7.2"),
    (N_("neutral clan"), N_("A clan nobody plays: its cards are laid at random."), "HW-13"),
)


#: How to play (game.app.scenes.howto): the goal, a turn in a few lines, the rules to
#: read more
HOWTO: tuple[str, tuple[str, ...], tuple[str, ...]] = (
    N_(
        "Lead a Caledonian clan against Hadrian's Wall. The game lasts 3 turns; after "
        "the third, the clan with the most points from its captured forts wins. A clan "
        "that holds 3 FortHeca forts wins at once."
    ),
    (
        N_("Each turn opens with a wall of 6 forts."),
        N_(
            "Orders: set 1 card of the 7 in your hand aside, then lay one warrior face down "
            "at each of the 6 forts."
        ),
        N_(
            "Every clan gives its orders in secret; then the attack runs fort by fort, "
            "from left to right."
        ),
        N_("In each round the warriors at that fort are revealed and join their clans' lines."),
        N_(
            "The highest total strength of a line captures the fort; a tie leaves it "
            "unclaimed, unless an Arch'r settles it."
        ),
        N_(
            "A warrior's ability works in the round it is revealed: its card's tooltip "
            "tells what it does."
        ),
        N_("The clan that captures discards its line; the other lines keep adding their strength."),
    ),
    ("HW-1", "HW-7", "HW-8", "HW-9", "HW-12"),
)


#: the codes of the notation (a move, a step of the engine, a board space) as a player
#: meets them on the table's buttons and labels: the rules reader (game.app.rulebook)
#: shows a code span of the rules' text that is such a code as these words (the rules
#: are in English, so are the words), except in the sections that define the notation
#: (NOTATION_RULES) and in code blocks
CODE_WORDS: dict[str, str] = {
    # the engine's steps (HW-14.4)
    "SETUP": "Set-up",
    "WALL": "Building the wall",
    "ORDERS": "Orders",
    "END_TURN": "End of the turn",
    "GAME_OVER": "Game over",
}
#: the sections that define the notation, where the codes stay
NOTATION_RULES = ("HW-0.5",)
