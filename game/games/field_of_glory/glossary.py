"""Field of Glory's own words and abbreviations, explained for a newcomer: the glossary
the rules reader, How to play and the table's tooltips show (``game.app.glossary``).

Each entry: the term as the table prints it (abbreviations that share a meaning are
several names), what it means in plain words, the rule that says it.  A
term spelled with capitals is printed on the cards: a tooltip that names it adds its
explanation.  An entry with a pattern explains codes written by a rule (``R-CAV1``).
"""

from __future__ import annotations

from game.app.glossary import Code
from game.app.i18n import N_

GLOSSARY: tuple[tuple, ...] = (
    (
        (N_("MC"), N_("CV"), N_("CP"), N_("WP"), N_("VP")),
        N_(
            "A unit card's numbers: move cost (command points to deploy it; a unit of lower MC "
            "may retreat), combat value (0-5), command points (the only currency: a card pays "
            "its CP), wing penalty (extra cost on a wing), victory points (they count only "
            "when terrain does not decide)."
        ),
        "FG-3.1",
    ),
    (Code("HI"), N_("Heavy infantry: strong and slow; +1 against medium infantry."), "FG-22.2"),
    (Code("PH"), N_("Phalanx: +1 beside another phalanx and against cavalry."), "FG-22.2"),
    (Code("SP"), N_("Spearmen: +2 against cavalry."), "FG-22.2"),
    (Code("MI"), N_("Medium infantry: +1 in difficult terrain (forest, marsh)."), "FG-22.2"),
    (Code("LI"), N_("Light infantry: cheap; +2 against elephants."), "FG-22.2"),
    (
        Code("AR"),
        N_("Archers: +1 against cavalry and elephants; may share a column with any unit."),
        "FG-22.2",
    ),
    (Code("CAV"), N_("Cavalry: +1 against light infantry and archers."), "FG-22.2"),
    (
        Code("LC"),
        N_("Light cavalry: costs nothing to move; +1 when it leads a flank attack."),
        "FG-22.2",
    ),
    (
        Code("EL"),
        N_(
            "Elephants: the strongest; +2 against cavalry, but losing them routs a "
            "card of your deck."
        ),
        "FG-16",
    ),
    (
        Code("LD"),
        N_("Leader: a card worth 5 command points, never placed on the battlefield."),
        "FG-22.4",
    ),
    (
        Code("ENV"),
        N_("Envelopment: in an assault, +1 for each of your units in the columns beside it."),
        "FG-15",
    ),
    (Code("RES"), N_("Reserve: play it to draw cards."), "FG-17"),
    (
        Code("R-CAV1"),
        N_("A card's code: side (R Red, B Blue), troop type, copy number."),
        "FG-0.5",
        r"[RB]-(?:HI|PH|SP|MI|LI|AR|CAV|LC|EL|LD|ENV|RES)\d",
    ),
    (
        N_("column"),
        N_(
            "One of the five places of the battlefield, each under a terrain "
            "card; the two at the ends are the wings."
        ),
        "FG-0.4",
    ),
    (
        N_("control"),
        N_("Whose a terrain card is: hold 3 at the start of your turn to win."),
        "FG-7",
    ),
    (
        N_("lead unit"),
        N_("The unit whose combat value counts in a combat, with its modifiers."),
        "FG-13",
    ),
    (
        N_("bonus card"),
        N_("A card added face down to a combat: its CP join your strength."),
        "FG-12.4",
    ),
    (
        N_("shuffle card"),
        N_("Marks how often your deck has run out: the second time, the end is near."),
        "FG-5.4",
    ),
    (N_("box"), N_("The cards rejected in the draft: out of the game."), "FG-4.3"),
)


#: How to play (game.app.scenes.howto): the goal, a turn in a few lines, the rules to
#: read more
HOWTO: tuple[str, tuple[str, ...], tuple[str, ...]] = (
    N_(
        "Two armies fight over five terrain cards. Control 3 of them at the start of "
        "your turn to win at once; otherwise, when both decks have run out twice, more "
        "terrain cards and then more VP win."
    ),
    (
        N_("Check: with 3 terrain cards or more at the start of your turn you win."),
        N_("Advance: you take every column where only your units stand."),
        N_("Flank attacks: you may attack an enemy column from a neighbouring one."),
        N_(
            "Actions: deploy units from your hand, assault contested columns or play a "
            "Reserve, as long as you can pay."
        ),
        N_("A combat compares the two sides' strengths; the loser retreats or routs."),
        N_("Draw: draw your cards and keep at most 9 in your hand."),
    ),
    ("FG-1", "FG-6", "FG-10", "FG-13", "FG-19"),
)


#: the codes of the notation (a move, a step of the engine, a board space) as a player
#: meets them on the table's buttons and labels: the rules reader (game.app.rulebook)
#: shows a code span of the rules' text that is such a code as these words (the rules
#: are in English, so are the words), except in the sections that define the notation
#: (NOTATION_RULES) and in code blocks
CODE_WORDS: dict[str, str] = {
    "ENDACT": "End the actions",
    "DRAW3": "Draw 3 cards",
    "ENDPLACE": "End placement",
    "ENDFLANK": "End the flank attacks",
    "DRAWCP": "Discard and draw",
    "ASSAULT": "Assault",
    "RESERVE": "Reserve",
    "PLACE": "Place",
    "PAY": "Pay",
    "FLANK": "Flank attack",
    "DROP": "Discard (hand limit)",
    "RETREAT": "Retreat",
    "LOSE": "Lose",
    "KEEP": "Keep",
}
#: the sections that define the notation, where the codes stay
NOTATION_RULES = ("FG-20.4",)
