"""Stronghold in words (game/games/stronghold/words.py): log sentences, action labels,
prompts, the status line and tooltips, checked on seeded games of 2, 3 and 4 players
and on hand-built actions and events."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core import registry
from game.core.contract import PUBLIC
from game.core.rng import Rng
from game.games.stronghold import assault, words
from game.games.stronghold.board import PATHS, SECTIONS, TOWERS
from game.games.stronghold.content import (
    ACTION_CODES,
    BUILDING_ACTIONS,
    DEEDS,
    EQUIPMENT,
    MACHINES,
    ORDER_NAMES,
    RITUALS,
    TOWER_MACHINES,
    TRAINING,
)
from game.games.stronghold.observe import observation
from game.games.stronghold.verbs import VERBS, parse_action

RULES = registry.get_rules("stronghold")

#: engine codes that must never reach a player
RAW = re.compile(
    r"\b(?:p\d\d|[RS]\d|S\dT|T\d\d|TG[WE]|G[WE]\d?|BF|CY|HOSP|CAMP|OFF|WAR|"
    r"(?:FG|WK|SQ|CT|BK|WT|HS|HG)\d?|BAL|CAT|ALT|COV|RAM|TRE|TWR|BAN|LAD|ROP|TRP|BRI|SHD|"
    r"POI|GUN|QM|TM|SS|DRV|SAB|REC|BST|POS|FIR|SPC|PAN|GAL|ACC|FRZ|EXP|CAL|BLF|CAN|THR|"
    r"CAULDRON|MACHINE|(?:\d+[GOTASV])+)\b"
)
RULE = re.compile(r"^SH-\d+(\.\d+)*$")

# ------------------------------------------------------------------ seeded games
#: (players, seed, policy): random games end early, the AI playout policy plays longer
GAMES = [(p, seed, "random") for p in (2, 3, 4) for seed in range(4)] + [
    (p, 0, "policy") for p in (2, 3, 4)
]
#: the games whose every decision point is checked (labels, prompts, status)
FULL = {(2, 0, "random"), (3, 0, "random"), (4, 0, "random"), (2, 0, "policy")}


def _play(players: int, seed: int, policy: str):
    log: list = []
    s = RULES.new_game(RULES.default_config(players), seed, log)
    rng = Rng(seed)
    points = []
    full = (players, seed, policy) in FULL
    while not RULES.is_over(s):
        if full:
            seat = RULES.to_act(s)
            other = (seat + 1) % players
            points.append((observation(s, seat), observation(s, other), RULES.legal_actions(s)))
        if policy == "random":
            action = RULES.random_action(s, rng)
        else:
            action = RULES.playout_action(s, rng)
        RULES.apply(s, action, log)
    points.append((observation(s, 0), observation(s, 1), []))
    return RULES.seat_names(s), log, points


@pytest.fixture(scope="module")
def games():
    return [_play(*g) for g in GAMES]


def test_describe_every_event_of_the_games(games):
    kinds = set()
    for names, log, _points in games:
        for event in log:
            kinds.add(event[1])
            text = words.describe(event, names)  # no safety net: must not raise
            if text is None:
                continue
            assert isinstance(text, str) and text.strip(), event
            assert not RAW.search(text), (event, text)
            assert "{" not in text and "}" not in text, (event, text)
    assert kinds <= words.EVENT_KINDS
    assert len(kinds) > 35  # nearly every kind happens in these games


def test_act_sentences_name_things_by_their_game_names(games):
    seen = set()
    for names, log, _points in games:
        for event in log:
            if event[1] != "ACT":
                continue
            verb = parse_action(event[2]).verb
            text = words.describe(event, names)
            if verb in (
                "BUILD",
                "EQUIP",
                "TRAIN",
                "RITUAL",
                "MOVE",
                "PAY",
                "SHOOT",
                "AIM",
                "ORDER",
                "HIDE",
                "STONE",
                "SWAP",
            ):
                seen.add(verb)
                assert text.startswith("The ") and text.endswith((".", ")")), text
                assert not RAW.search(text), text
    assert {"BUILD", "EQUIP", "MOVE", "PAY", "SHOOT"} <= seen


def test_every_legal_action_has_a_label_and_every_decision_a_prompt(games):
    checked = 0
    for _names, _log, points in games:
        for obs, other, legal in points:
            text, rule = words.prompt(obs)
            assert text.strip() and not RAW.search(text), text
            assert rule is None or RULE.match(rule), rule
            status = words.status(obs)
            assert status.startswith(("Round", "Set-up")) and "Glory" in status, status
            if not legal:  # the game is over
                assert text.startswith("The game is over"), text
                continue
            waiting, _rule = words.prompt(other)
            assert waiting.startswith("Waiting for the "), waiting
            labels = [words.action_label(obs, action) for action in legal]
            for action, label in zip(legal, labels, strict=True):
                assert label.strip() and not RAW.search(label), (str(action), label)
                assert len(label) <= 100, label
            assert words.action_label(obs, str(legal[0])) == labels[0]
            checked += len(labels)
    assert checked > 10000


def test_every_engine_event_kind_is_described():
    """A scan of the engine's sources: every kind it emits has a sentence (or a None)."""
    folder = Path(words.__file__).parent
    emitted = set()
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        emitted |= set(re.findall(r'emit\(log, PUBLIC, "([A-Z0-9-]+)"', text))
        emitted |= set(re.findall(r'log\.append\(\([^,]+, "([A-Z0-9-]+)"', text))
    assert emitted and emitted <= words.EVENT_KINDS, emitted - words.EVENT_KINDS


# ------------------------------------------------------------------ every verb
SAMPLES = [
    "I: CARD 2-3", "I: FLIP 2", "I: NOFLIP", "I: PASS", "I: PRODUCE T", "IW: GIVE O 3",
    "I: BUILD CAT R5 T", "I: BUILD TRE GW OO", "I: BUILD RAM BF GG", "I: BUILD TWR S2 T",
    "I: BUILD ALT GE O", "I: PRECISE GW1", "I: EQUIP BAN S3 O", "I: EQUIP BRI p07 GG",
    "I: MOVEEQ S3 BAN S4", "I: MOVEEQ p07 BRI p06", "I: TRAIN QM R2 OO",
    "I: TRAIN GUN R5 GGG", "I: TRAIN SAB FG OO", "I: TRAIN REC - GG", "I: MOVETR R2 QM R3",
    "I: MOVETR FG SAB WK", "I: RITUAL GAL S3", "I: RITUAL BST R5", "I: RITUAL POS OFF",
    "I: RITUAL FIR FG", "I: RITUAL SPC -", "I: RITUAL PAN -", "I: RITUAL ACC S3",
    "I: ESCAPE GW 3", "I: MINOR", "I: MAJOR", "I: MOVE R6 R7 O 3", "I: MOVE CAMP S2T G 2",
    "I: NEXT", "I: ROPE S2 S3 O", "I: ORDER S3 FRZ", "I: SECRET", "I: HIDE S3 BLF",
    "I: ALTAR GW1 S3", "I: AIM R5 S6", "I: AIM GE2 -", "I: FIRE R5", "I: KEEP H",
    "I: KEEP M", "I: KILL S", "I: WRECK CAULDRON", "I: WRECK MACHINE", "I: WRECK -",
    "I: LOSE 1G1O", "I: SNIPE R2 T23", "I: SNIPE -", "I: EXPLODE S6 2", "I: CALL R1 S2",
    "I: SPECTER GW", "I: DESCEND S2 O", "D: STONE S3", "D: PAY FG3", "D: PAY FG3 S5",
    "D: PAY SQ1 p09", "D: PAY CT2 BST-R5", "D: PAY WK4", "D: PAY FG4 TGW", "D: DO FG3 S5",
    "D: SPEECH", "D: STRIKE", "D: MOVE CY S3 S", "D: MOVE S3 CY OFF", "D: MOVE T23 S2 A",
    "D: SWAP S1 A S2 S", "DW: HASTE BK2", "D: ALARM BK S4 A", "D: ALARM -",
    "D: CANNON TGW R3", "D: SHOOT S3 R2", "D: HOLD", "D: SMITE 1T", "D: THROW T23 S2",
    "D: LOSE 1A1S", "D: HEAL 1S1V", "D: HEAL -",
]  # fmt: skip


@pytest.fixture(scope="module")
def obs2():
    s = RULES.new_game(RULES.default_config(2), 5)
    return observation(s, 0)


def test_every_verb_has_a_sentence_and_a_label(obs2):
    assert {parse_action(t).verb for t in SAMPLES} == set(VERBS)
    for text in SAMPLES:
        sentence = words.action_sentence(text, ["I", "D"])
        label = words.action_label(obs2, text)
        for out in (sentence, label):
            assert out.strip() and out != text and not RAW.search(out), (text, out)
            assert "{" not in out, out
        assert sentence[0].isupper() and sentence.endswith((".", ")")), sentence
        assert len(label) <= 100, label


@pytest.mark.parametrize("text, sentence", [
    ("I: BUILD CAT R5 T", "The Invader builds a catapult on Rampart 5 (pays 1 troll)."),
    ("IW: BUILD TRE GW OO",
     "The West Invader builds a trebuchet at the West gathering place (pays 2 orcs)."),
    ("IE: EQUIP BRI p07 GG",
     "The East Invader puts a bridge on the path from Rampart 6 to Rampart 7 (pays 2 "
     "goblins)."),
    ("I: MOVE CAMP S2T G 2",
     "The Invader moves 2 goblins from the camp to the siege tower at wall section 2."),
    ("IW: GIVE O 3", "The West Invader gives 3 orcs to the East Invader (SH-22.5)."),
    ("I: RITUAL BST R5",
     "The Invader performs Blood Stone on the catapult on Rampart 5, sacrificing 2 goblins."),
    ("D: MOVE CY S3 S", "The Defender moves a soldier from the courtyard to wall section 3."),
    ("DE: MOVE S7 CY WAR", "The East Defender moves the Warrior from wall section 7 to the "
                           "courtyard."),
    ("D: PAY FG3", "The Defender puts 1 hourglass on Troll cauldron (Forge)."),
    ("D: SHOOT T23 R2",
     "The Defender aims an archer in the tower between sections 2 and 3 at Rampart 2."),
    ("D: SWAP S1 A S2 S",
     "The Defender swaps an archer on wall section 1 with a soldier on wall section 2."),
    ("D: ALARM BK TGE A", "Alarm! The Defender sends an archer from the barracks to the East "
                          "gate tower."),
])  # fmt: skip
def test_exact_sentences(text, sentence):
    assert words.action_sentence(text, ["I", "D"]) == sentence
    assert words.action_sentence(parse_action(text), ["I", "D"]) == sentence


def test_exact_labels(obs2):
    label = words.action_label
    assert label(obs2, "I: BUILD CAT R5 T") == "Catapult on Rampart 5 — 6 resources, 1 troll"
    assert label(obs2, "I: BUILD RAM BF OO") == "Battering-ram element — 3 resources, 2 orcs"
    assert label(obs2, "I: PASS") == "Pass"
    assert label(obs2, "I: NEXT") == "End this mobilisation step"
    assert label(obs2, "I: MOVE R6 R7 O 3") == "Move 3 orcs: Rampart 6 → Rampart 7"
    assert label(obs2, "I: PRODUCE T") == "Produce 3 resources — pay 1 troll"
    assert label(obs2, "I: EQUIP BAN S3 GG") == "Banners on wall section 3 — 1 resource, 2 goblins"
    assert label(obs2, "I: TRAIN REC - GG") == "Recruiter (2 orcs to the camp) — 2 goblins"
    assert label(obs2, "D: MOVE CY T23 A") == "Move archer: Courtyard → Tower 2–3"
    assert label(obs2, "D: HOLD") == "Hold fire"
    obs = dict(obs2, paid=dict(obs2["paid"], FG3=1), saboteurs=["FG"])
    assert label(obs, "D: PAY FG3") == "Troll cauldron — 1 hourglass (1 of 9 paid)"
    assert label(obs, "D: PAY FG3 S5") == "Troll cauldron on wall section 5 — last hourglass"
    obs = dict(obs2, stage="P6", pending={"kind": "PHASE", "who": 0, "step": "MOVE"})
    assert label(obs, "I: PASS") == "Pass (end movement, go to orders)"
    obs = dict(obs2, machines={"GE1": "TRE"})
    assert (
        label(obs, "I: AIM GE1 S7") == "Aim the trebuchet at East gathering place (1) at "
        "wall section 7"
    )


def test_ally_card_costs_one_more_hourglass():
    s = RULES.new_game(RULES.default_config(3), 2)
    obs = observation(s, 0)
    obs["cards"] = [{"1": "1G", "2": "2-2", "6": "6"}, {"1": "1G", "2": "2-1", "6": "6"}]
    assert words.action_label(obs, "IW: BUILD CAT R2 T").endswith("1 troll")
    assert words.action_label(obs, "IW: BUILD BAL R2 T").endswith("1 troll, +1 hourglass")


# ------------------------------------------------------------------ events by hand
N2, N3, N4 = ["I", "D"], ["IW", "IE", "D"], ["IW", "IE", "DW", "DE"]
EVENTS = [
    (N2, ("SETUP", 2), "A new game of Stronghold for 2 players."),
    (N2, ("OFFER", 2, "2-1 2-3"), None),
    (N2, ("ROUND", 3), "— Round 3 of 10 —"),
    (N2, ("PHASE", 2), "Phase 2: Siege machines (SH-9)."),
    (N2, ("DRAW", 0, "3G7O6T"),
     "The Invader draws 3 goblins, 7 orcs and 6 trolls from the bag (SH-8.1)."),
    (N3, ("DRAW", 1, "-"), "The East Invader draws nothing: the bag is empty (SH-8.1)."),
    (N2, ("BUILT", "CAT", "R5"), ""),
    (N2, ("BUILT", "FG3", "S5"), "A troll cauldron is placed on wall section 5."),
    (N2, ("BUILT", "FG4", "TGW"), "A cannon is mounted in the West gate tower."),
    (N2, ("BUILT", "CT2", "GAL-S3"),
     "Heavenly Glow cancels the Gale on wall section 3 for this round (SH-16.3)."),
    (N2, ("BUILT", "SQ2", "p09"), "A troll trap is laid on the path from Rampart 1 to wall "
                                   "section 2."),
    (N2, ("BUILT", "WK4", "-"), None),
    (N2, ("BUILT", "SQ3", "R4"), None),
    (N4, ("HOURGLASS", 0, 1), "The West Defender receives 1 hourglass."),
    (N2, ("HOURGLASS", 0, 3), "The Defender receives 3 hourglasses."),
    (N2, ("ASSAULT", 3), "— The Assault of round 3 (SH-18) —"),
    (N2, ("ASSAULT", "tie-break"), None),
    (N2, ("STEP", "I1"), "Assault step I.1: Cannon fire (SH-18.2.1)."),
    (N2, ("STEP", "POST"), None),
    (N2, ("STEP", "END"), "The Assault is over."),
    (N2, ("HITCARD", "R3", "GO", "O"),
     "Hit card “Goblin or Orc” at Rampart 3: an orc dies (SH-18.3)."),
    (N2, ("HITCARD", "BF", "M", "-"), None),
    (N2, ("HITCARD", "GW", "G", "-"), None),
    (N2, ("MACHINE", "R5", "S6", "HIT"), "The machine on Rampart 5 hits wall section 6!"),
    (N2, ("MACHINE", "GW1", "S2", "MISS"), None),
    (N2, ("WRECKED", "S5", "O"), "The orc cauldron on wall section 5 is destroyed."),
    (N2, ("WRECKED", "T56", "CAN"),
     "The cannon in the tower between sections 5 and 6 is destroyed."),
    (N2, ("KILLED", "S4", "S"), None),
    (N2, ("KILLED", "S3", "T"), "A troll on wall section 3 is killed."),
    (N2, ("SHOT", "R1", "1G1O"), "Archer fire kills 1 goblin and 1 orc on Rampart 1."),
    (N2, ("ARCHERS", "R3", 0),
     "Archers fire at Rampart 3, but its cover stops every arrow (SH-18.2.6)."),
    (N2, ("ARCHERS", "BF", 2),
     "Archers fire at the barbican forecourt with firepower 2 (SH-18.2.6)."),
    (N2, ("ACCIDENT", "S7", "V", 1), None),
    (N2, ("ACCIDENT", "S7", "A", 0), None),
    (N2, ("CAULDRON", "S4", "G", 2),
     "The goblin cauldron on wall section 4 kills 2 goblins (SH-18.4.1)."),
    (N2, ("CAULDRON", "S4", "T", 0), None),
    (N2, ("STRIKE", "S6", "1O"), None),
    (N2, ("REVEAL", "S2", "FRZ"), "Order revealed on wall section 2: Goblin Frenzy."),
    (N2, ("ORDER-VOID", "S3", "CAL"), None),
    (N2, ("EXPLOSION", "S8", 2), None),
    (N2, ("TRAP", "p06", "G", 2), "A goblin trap on the path from the East gathering place "
                                  "to Rampart 6 kills 2 goblins (SH-16.5)."),
    (N2, ("TRAP", "p09", "T", 1), None),
    (N2, ("CALLED", "R1", "S2"), None),
    (N2, ("POISON", "S3"), None),
    (N2, ("MELEE", "S2", 9, 7), "Melee on wall section 2: Invader 9 against Defender 7."),
    (N2, ("LOSSES", "S2", "1S"),
     "On wall section 2 the Defender loses 1 soldier (to the hospital, SH-18.5.5)."),
    (N2, ("LOSSES", "S2", "2O"), "On wall section 2 the Invader loses 2 orcs (SH-18.5.5)."),
    (N2, ("SHIELDS", "S7"), None),
    (N2, ("FRENZY", "S2", 1), "Goblin Frenzy on wall section 2: 1 frenzied goblin dies "
                              "(SH-13.6)."),
    (N2, ("BREACH", "S4", 2),
     "Breach at wall section 4! The game ends after this Assault; the side with more glory "
     "wins (SH-19)."),
    (N2, ("HOSPITAL", "1A1S"),
     "Back from the hospital to the courtyard: 1 archer and 1 soldier (SH-18.6)."),
    (N2, ("HOSPITAL", "-"), ""),
    (N2, ("SPECTER", "O", "GW"),
     "Specters: a soldier rises again as an orc at the West gathering place (SH-12)."),
    (N2, ("RAM", 1, 2), None),
    (N2, ("GATE-DOWN", 1), None),
    (N2, ("GATE-DOWN", 3), "Gate 3 falls: the barbican is breached! (SH-19.2)"),
    (N2, ("GLORY", "I", 3, "breach"), "The Invader gains 3 glory for the breach (SH-19.4)."),
    (N3, ("GLORY", "I", 1, "gate 2"), "The Invaders gain 1 glory for destroying Gate 2 "
                                      "(SH-19.4)."),
    (N4, ("GLORY", "D", 1, "honour guard"),
     "The Defenders gain 1 glory for the Honour Guard (SH-20.4)."),
    (N2, ("GLORY", "D", 1, "time"), None),
    (N2, ("GLORY", "D", 1, "tie-break"), None),
    (N2, ("GLORY", "I", 1, "leftover"), None),
    (N2, ("GLORY", "I", 2, "gate 3 first"), None),
    (N2, ("DEED", "BLOOD"), None),
    (N2, ("WALL", "S8", 1, 0), "Wall section 8 is hit: 1 stone element left."),
    (N2, ("WALL", "S8", 0, 0), "Wall section 8 is hit: no wall element left."),
    (N2, ("WALL", "S8", 2, 1), None),
    (N2, ("RUINED", "S3"), "Wall section 3 lies in ruins (Ruined Walls, SH-21.3)."),
    (N2, ("PANIC", "A"), "Panic in the courtyard: an archer dies (SH-12.4)."),
    (N2, ("RECRUITED", "T", 2), "The recruiter brings 2 trolls to the camp (SH-11.1)."),
    (N2, ("RECRUITED", "T", 0), None),
    (N2, ("HIDDEN-ORDER", "S6"), "A face-down order is placed on wall section 6 (SH-13.6.3)."),
    (N4, ("STUCK", 1, 2), "The East Defender cannot spend 2 hourglasses: they go back to "
                          "the supply (SH-6.5)."),
    (N2, ("STONE-LOST",), None),
    (N2, ("ROUND-END", 3, 7, 7), "End of round 3. Glory: Invader 7, Defender 7 (SH-20)."),
    (N3, ("END", "I", "breach", 10, 7), "Victory for the Invaders, 10 glory to 7 (SH-21.5)."),
    (N2, ("END", "D", "breach", 7, 9), "Victory for the Defender, 9 glory to 7 (SH-21.5)."),
    (N2, ("END", "D", "round 10", 4, 10),
     "The fortress held for 10 rounds: victory for the Defender (SH-20.5)."),
    (N2, ("END", "I", "tie-break breach", 10, 9), None),
    (N2, ("END", "D", "tie-break held", 9, 10), None),
    (N2, ("ACT", "I: BUILD CAT R5 T"),
     "The Invader builds a catapult on Rampart 5 (pays 1 troll)."),
    (N2, ("ACT", "I: NEXT"), ""),
]  # fmt: skip


def test_every_event_kind_by_hand():
    """Expected text, or None for "any sentence", or "" for "no line"."""
    assert {e[0] for _n, e, _t in EVENTS} == words.EVENT_KINDS
    for names, event, expected in EVENTS:
        text = words.describe((PUBLIC, *event), names)
        if expected == "":
            assert text is None, event
            continue
        assert text and not RAW.search(text) and "{" not in text, (event, text)
        if expected is not None:
            assert text == expected
    assert words.describe((PUBLIC, "NO-SUCH-EVENT", 1), N2) is None
    with pytest.raises(IndexError):  # a malformed event is an error, not a missing line
        words.describe((PUBLIC, "BREACH"), N2)
    hidden = (0, "ACT", "I: HIDE S3 BLF")  # seen by the Invader only
    assert words.describe(hidden, N2) == "The Invader places Bluff face down on wall section 3."


# ------------------------------------------------------------------ names, prompts, tips
@pytest.mark.parametrize("node, name", [
    ("GW", "West gathering place"), ("GE", "East gathering place"), ("R5", "Rampart 5"),
    ("S3", "Wall section 3"), ("T23", "Tower between sections 2 and 3"),
    ("TGW", "Gate tower (West)"), ("TGE", "Gate tower (East)"), ("BF", "Barbican forecourt"),
    ("CAMP", "Camp"), ("CY", "Courtyard"), ("BK", "Barracks"), ("WT", "Watchtower"),
    ("HG", "Honour Guard"), ("HOSP", "Hospital"),
    ("p01", "Path from West gathering place to Rampart 1"),
    ("GW1", "West gathering place, machine space 1"),
    ("S2T", "Siege tower at wall section 2"),
])  # fmt: skip
def test_space_names(node, name):
    assert words.space_name(node) == name


def test_every_space_has_a_name():
    for node in SECTIONS + TOWERS + tuple(PATHS) + ("R1", "R7", "GE2", "S8T", "FG", "HS"):
        for text in (words.space_name(node), words.place(node), words.short_name(node)):
            assert text and not RAW.search(text), (node, text)


def test_prompts_of_every_assault_decision(obs2):
    base = dict(obs2, stage="ASSAULT", assault={"todo": [["WRECK", "R5", "S6"]]})
    for d in assault.OPTIONS:
        pending = {
            "kind": d,
            "seat": 0,
            "slot": "R5",
            "section": "S3",
            "tower": "T23",
            "to_return": 2,
            "node": "R2",
        }
        text, rule = words.prompt(dict(base, pending=pending))
        assert text != "Decide." and not RAW.search(text), d
        assert RULE.match(rule), (d, rule)
        waiting, _rule = words.prompt(dict(base, pending=pending, seat=1))
        assert waiting == "Waiting for the Invader."
    melee = {"kind": "LOSE", "seat": 1, "section": "S4", "side": "D", "options": [[1, 0, 0]]}
    assert words.prompt(dict(base, pending=melee, seat=1)) == (
        "You lost the melee on wall section 4: choose which units you lose.",
        "SH-18.5.5",
    )


def test_prompts_in_phases_and_windows(obs2):
    p3 = dict(obs2, stage="P3", pending={"kind": "PHASE", "who": 0})
    assert words.prompt(p3) == (
        "Phase 3 — Equipment: click a wall section or path to equip it, or Pass.",
        "SH-10.1",
    )
    assert words.prompt(dict(p3, seat=1)) == ("Waiting for the Invader.", "SH-10.1")
    mob = dict(
        obs2,
        stage="P6",
        mobilisation={"kind": "MINOR", "limit": 5, "step": 2},
        pending={"kind": "PHASE", "who": 0, "step": "MOVE"},
    )
    assert words.prompt(mob)[0].startswith("Minor mobilisation, step 2 of 3")
    window = dict(
        obs2,
        stage="W2",
        window=2,
        hourglasses=[3],
        pending={"kind": "WINDOW", "who": 0, "to_complete": [], "alarm": 0},
    )
    assert words.prompt(dict(window, seat=1)) == (
        "Defender window 2: spend your 3 hourglasses on building actions, hero actions or "
        "moves, one at a time.",
        "SH-6.2",
    )
    assert words.prompt(window) == ("Waiting for the Defender.", "SH-6.2")
    do = dict(
        window,
        seat=1,
        payer={"FG3": 0},
        pending={"kind": "WINDOW", "who": 0, "to_complete": ["FG3"], "alarm": 0},
    )
    assert words.prompt(do) == ("Troll cauldron is paid up: choose where it goes.", "SH-16.1.3")
    alarm = dict(
        window,
        seat=1,
        pending={"kind": "WINDOW", "who": 0, "to_complete": [], "alarm": 3, "alarm_defender": 0},
    )
    assert words.prompt(alarm)[0].startswith("Alarm: move up to 3 units")


def test_status(obs2):
    assert words.status(obs2) == "Set-up · Glory: Invader 10, Defender 4 · Hourglasses 4"
    obs = dict(obs2, round=3, stage="P2", glory=[4, 6], hourglasses=[3])
    assert words.status(obs) == (
        "Round 3 of 10 — Phase 2: Siege machines · Glory: Invader 4, Defender 6 · Hourglasses 3"
    )
    obs = dict(obs, stage="OVER", winner="D", hourglasses=[1, 2])
    assert words.status(obs) == (
        "Round 3 of 10 — Game over: victory for the Defender · "
        "Glory: Invader 4, Defender 6 · Hourglasses: West 1, East 2"
    )


def test_tips():
    kinds = {
        "machine": list(MACHINES) + list(TOWER_MACHINES),
        "equipment": list(EQUIPMENT),
        "training": list(TRAINING),
        "ritual": list(RITUALS),
        "order": list(ORDER_NAMES),
        "action": list(ACTION_CODES),
        "building": sorted({b for b, *_ in BUILDING_ACTIONS.values()}) + ["HG"],
        "deed": list(DEEDS),
    }
    for kind, codes in kinds.items():
        for code in codes:
            text = words.tip(kind, code)
            assert re.search(r"\(SH-\d+(\.\d+)*\)\.?$", text), (kind, code, text)
            assert not RAW.search(text), (kind, code, text)
    assert words.tip("machine", "CAT").startswith("Catapult: 6 resources")
    assert words.tip("action", "FG3").startswith(  # SH-16.3, SH-22.8
        "Troll cauldron (Forge, 8 hourglasses, 9 with 3 players)"
    )
    assert words.tip("machine", "XXX") == "" and words.tip("nothing", "CAT") == ""
