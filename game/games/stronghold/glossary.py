"""Stronghold's own words, explained for a newcomer: the glossary the rules reader, How to
play and the table's tooltips show (``game.app.glossary``).

Each entry: the term as the table prints it (a tuple when several names share one
explanation: the machines, the rituals), what it means in plain words, the rule that
says it.  A term spelled with a capital letter is a name printed on the table: a tooltip
that names it adds its explanation.
"""

from __future__ import annotations

from game.app.i18n import N_

GLOSSARY: tuple[tuple, ...] = (
    (
        (N_("goblin"), N_("orc"), N_("troll")),
        N_(
            "The Invader's units, of strength 1, 2 and 3. Drawn from the bag each round, they "
            "pay for his actions and storm the walls."
        ),
        "SH-2.1",
    ),
    (
        (N_("archer"), N_("soldier"), N_("veteran")),
        N_("The Defender's units, of strength 1, 2 and 3, on the wall sections and in the towers."),
        "SH-2.2",
    ),
    (
        (N_("Officer"), N_("Warrior")),
        N_("The Defender's two heroes: each has special actions bought with hourglasses."),
        "SH-17",
    ),
    (
        N_("hourglass"),
        N_(
            "The Invader's time: every unit he spends on an action gives the "
            "Defender one hourglass, which the Defender must spend."
        ),
        "SH-6",
    ),
    (
        N_("Defender's window"),
        N_(
            "After each Invader phase the Defender spends all his "
            "hourglasses: buildings, heroes, moving his units."
        ),
        "SH-6",
    ),
    (N_("glory"), N_("Points for deeds. After a breach, the side with more glory wins."), "SH-21"),
    (
        N_("breach"),
        N_("The Invader wins the melee at a wall section: the game ends after that Assault."),
        "SH-19",
    ),
    (
        N_("Assault"),
        N_("The end of every round: ranged fire first, then melee at every wall section."),
        "SH-18",
    ),
    (
        N_("phase card"),
        N_(
            "The Invader's cards, one per phase: each action printed on them "
            "may be taken once a round."
        ),
        "SH-15",
    ),
    (
        N_("gathering place"),
        N_(
            "The two assembly areas (West and East) before the "
            "ramparts, where the Invader's troops and big machines "
            "stand."
        ),
        "SH-3",
    ),
    (
        N_("Rampart"),
        N_(
            "An earthwork before the wall: machines stand on it, and paths lead "
            "from it to the wall sections."
        ),
        "SH-3",
    ),
    (
        N_("wall section"),
        N_("One of the 9 stretches of the wall: the Assault's melee is fought at each of them."),
        "SH-3.4",
    ),
    (
        N_("Camp"),
        N_("Where the Invader's units wait between rounds; mobilisation sends them to the walls."),
        "SH-13",
    ),
    (
        (
            N_("Forge"),
            N_("Workshop"),
            N_("Scouts' Quarters"),
            N_("Cathedral"),
            N_("Barracks"),
            N_("Watchtower"),
            N_("Hospital"),
            N_("Honour Guard"),
        ),
        N_(
            "The Defender's buildings: each offers actions he buys with hourglasses, one "
            "hourglass at a time."
        ),
        "SH-16",
    ),
    (
        (N_("Ballista"), N_("Catapult"), N_("Trebuchet")),
        N_("Throwing machines: in the Assault each draws from its own deck of hit and miss cards."),
        "SH-9.3",
    ),
    (
        (N_("Siege tower"), N_("Battering-ram element"), N_("Altar"), N_("Cover")),
        N_(
            "The other siege machines: room for 3 more units at a section, the attack on the "
            "gate, +1 strength at a section, shelter from arrows."
        ),
        "SH-9",
    ),
    (
        (
            N_("Banners"),
            N_("Ladders"),
            N_("Ropes"),
            N_("Trapdoor"),
            N_("Bridge"),
            N_("Shields"),
            N_("Poison"),
        ),
        N_(
            "Equipment: tiles the Invader lays at a wall section in Phase 3, each helping the "
            "assault there."
        ),
        "SH-10",
    ),
    (
        (
            N_("Gunner"),
            N_("Quartermaster"),
            N_("Trench Master"),
            N_("Sharpshooter"),
            N_("Drover"),
            N_("Saboteur"),
            N_("Recruiter"),
        ),
        N_("Training: specialists the Invader trains in Phase 4, mostly on a rampart."),
        "SH-11",
    ),
    (
        (
            N_("Blood Stone"),
            N_("Possession"),
            N_("Fire"),
            N_("Specters"),
            N_("Panic"),
            N_("Gale"),
            N_("Accident"),
        ),
        N_("Rituals: the goblins' dark magic of Phase 5, each aimed at one target."),
        "SH-12",
    ),
    (
        (N_("Goblin Frenzy"), N_("Orc Explosion"), N_("Troll Call"), N_("Bluff")),
        N_(
            "Orders: tiles laid at wall sections in Phase 6, some face down, that act in the "
            "Assault."
        ),
        "SH-13.6",
    ),
)


#: How to play (game.app.scenes.howto): the goal, a turn in a few lines, the rules to
#: read more
HOWTO: tuple[str, tuple[str, ...], tuple[str, ...]] = (
    N_(
        "The Invader must breach the fortress; the Defender must hold it for 10 rounds. "
        "After a breach the side with more glory wins; with no breach by the end of "
        "round 10 the Defender wins."
    ),
    (
        N_(
            "A round has six Invader phases: Supply, Machines, Equipment, Training, Rituals "
            "and Mobilisation."
        ),
        N_("Every Invader action costs time: its hourglasses go to the Defender."),
        N_(
            "After each phase the Defender spends all his hourglasses on buildings, heroes "
            "and moving his units."
        ),
        N_("In Mobilisation the Invader sends his units to the walls and gives secret orders."),
        N_("The round ends with the Assault: ranged fire first, then melee at every wall section."),
        N_("A wall section where the Invader's strength wins is breached."),
    ),
    ("SH-1", "SH-5", "SH-6", "SH-18", "SH-19", "SH-21"),
)


def _code_words() -> dict[str, str]:
    words = {
        "CAMP": "the camp",
        "GW": "the West gathering place",
        "GE": "the East gathering place",
        "BF": "the barbican forecourt",
        "GATE": "the barbican",
        "TGW": "the West gate tower",
        "TGE": "the East gate tower",
        "CY": "the courtyard",
        "HOSP": "the hospital",
        # the engine's steps (SH-5.1) and the Invader's unit zones (SH-7.2)
        "ROUND_START": "the start of the round",
        "INCOME": "the Defender's income",
        "CAMP_UPKEEP": "the camp's upkeep",
        "ASSAULT": "the Assault",
        "GAME_END": "the end of the game",
        "END_OF_ROUND": "the end of the round",
        "TIE_BREAK_ASSAULT": "the tie-breaking assault",
        "BAG": "the bag",
        "AVAILABLE": "available",
        "SPENT": "spent",
        "BOARD": "on the board",
        "SUPPLY": "the supply",
        "BLOOD": "the blood sacrifices",
    }
    names = ("Supply", "Machines", "Equipment", "Training", "Rituals", "Mobilisation")
    for n, name in enumerate(names, 1):
        words[f"PHASE_{n}"] = f"Phase {n} ({name})"
        words[f"DEF_WINDOW_{n}"] = f"the Defender's window {n}"
    for n in range(1, 8):
        words[f"R{n}"] = f"Rampart {n}"
    for n in range(1, 10):
        words[f"S{n}"] = f"wall section {n}"
    for a, b in ("12", "23", "34", "56", "67", "78", "89"):
        words[f"T{a}{b}"] = f"the tower between sections {a} and {b}"
    for n in range(1, 22):
        words[f"p{n:02d}"] = f"path {n}"
    return words


#: the codes of the notation (a move, a step of the engine, a board space) as a player
#: meets them on the table's buttons and labels: the rules reader (game.app.rulebook)
#: shows a code span of the rules' text that is such a code as these words (the rules
#: are in English, so are the words), except in the sections that define the notation
#: (NOTATION_RULES) and in code blocks
CODE_WORDS: dict[str, str] = _code_words()
#: the sections that define the notation, where the codes stay (SH-3's own tables list
#: the board's nodes by their IDs: the map's data, like a code block; its rules SH-3.1
#: ... are worded)
NOTATION_RULES = ("SH-0.6", "SH-3")
