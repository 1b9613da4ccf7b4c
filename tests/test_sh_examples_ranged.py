"""SH-25 worked examples: ranged combat (SH-EX-24 .. SH-EX-36)."""

from unittest import mock

from sh_positions import (
    assault_from,
    bare,
    clean,
    events,
    machine,
    options,
    play,
    put_def,
    put_inv,
    rejects,
    ritual,
    wall,
)

from game.games.stronghold import assault
from game.games.stronghold.assault import goblin_targets
from game.games.stronghold.board import RAMPARTS


def archers_24(s):
    put_def(s, "S3", a=2)
    put_def(s, "S2", a=2)
    put_inv(s, "S2", o=1)
    put_inv(s, "R2", g=1, t=1)
    put_inv(s, "R1", o=1)


def test_sh_ex_24_archer_fire_1():
    s = bare()
    archers_24(s)
    assault_from(s, "I3", hold=False)
    assert s.pending["kind"] == "SHOOT"
    assert options(s) == {"D: SHOOT S3 R2", "D: SHOOT S3 R3", "D: HOLD"}  # S2 is engaged
    rejects(s, "D: SHOOT S3 R1")  # no path from S3 to R1
    rejects(s, "D: SHOOT S2 R1")
    log = assault_from(s, "I3", ["D: SHOOT S3 R2", "D: SHOOT S3 R2", "D: HOLD"])
    after = log.at["I4"]
    assert ("R2", 2) in events(log, "ARCHERS")
    assert after.units["R2"] == [0, 0, 1]  # the goblin dies; 1 point is wasted
    assert after.units["R1"] == [0, 1, 0]


def archers_25(s):
    put_def(s, "S3", a=2)
    put_def(s, "T23", a=2)
    put_def(s, "S2", a=2)
    put_inv(s, "R2", g=1, o=1, t=1)
    s.training["R2"] = ["SS"]
    put_inv(s, "R1", g=1, o=1)


SHOTS_25 = [
    "D: SHOOT S3 R2",
    "D: SHOOT S3 R2",
    "D: SHOOT T23 R2",
    "D: SHOOT S2 R1",
    "D: SHOOT S2 R1",
    "D: SHOOT T23 R1",
]  # every archer used


def test_sh_ex_25_archer_fire_2():
    s = bare()
    archers_25(s)
    assault_from(s, "I3", SHOTS_25)
    assert s.pending["kind"] == "LOSE" and RULES_to_act(s) == "I"
    assert options(s) == {"I: LOSE 1T", "I: LOSE 1G1O"}
    assert s.units["R1"] == [0, 0, 0]  # F = 3: goblin and orc both die
    t = s.clone()
    play(t, "I: LOSE 1G1O")
    assert t.units["R2"] == [0, 0, 1]


def RULES_to_act(s):
    from game.games.stronghold.rules import RULES

    return RULES.seat_names(s)[RULES.to_act(s)]


def test_sh_ex_26_archer_fire_must_use_every_point():
    s = bare()
    put_def(s, "S2", a=2)
    put_inv(s, "R1", g=1, o=1)
    log = assault_from(s, "I3", ["D: SHOOT S2 R1", "D: SHOOT S2 R1", "D: HOLD"])
    assert log.at["I4"].units["R1"] == [1, 0, 0]  # the orc dies, the goblin lives


def test_sh_ex_27_goblin_fire():
    s = bare()
    archers_25(s)
    put_inv(s, "R3", g=1)  # a goblin on a rampart without a sharpshooter
    log = assault_from(s, "I3", SHOTS_25 + ["I: LOSE 1T"])
    assert log.at["I4"].units["R2"] == [1, 1, 0]
    assert s.pending["kind"] == "SNIPE"
    assert options(s) == {"I: SNIPE R2 S2", "I: SNIPE R2 S3", "I: SNIPE R2 T23", "I: SNIPE -"}
    rejects(s, "I: SNIPE R3 S3")
    play(s, "I: SNIPE R2 T23")
    assert s.defender_units["T23"] == [1, 0, 0]  # one archer killed (to the supply)
    for r in RAMPARTS:  # no goblin can ever target the fortified towers
        assert not {"TGW", "TGE"} & set(goblin_targets(s, r))


def fire_at_r5(blessing=False, trench=False, cover=False):
    s = bare()
    put_inv(s, "R5", g=1, t=2)
    for pos in ("S6", "S7", "T67"):
        put_def(s, pos, a=1)
    if blessing:
        s.blessing = "R5"
    if trench:
        s.training["R5"] = ["TM"]
    if cover:
        s.covers.append("R5")
    log = assault_from(s, "I3", ["D: SHOOT S6 R5", "D: SHOOT S7 R5", "D: SHOOT T67 R5"])
    return log.at["I4"].units["R5"], events(log, "ARCHERS")


def test_sh_ex_28_cover_marksmens_blessing_trench_master():
    assert fire_at_r5() == ([1, 0, 1], [("R5", 3)])
    assert fire_at_r5(blessing=True) == ([1, 0, 0], [("R5", 6)])
    assert fire_at_r5(trench=True) == ([0, 0, 2], [("R5", 3)])
    assert fire_at_r5(blessing=True, trench=True) == ([1, 0, 1], [("R5", 6)])
    assert fire_at_r5(cover=True) == ([1, 0, 2], [("R5", 0)])
    assert fire_at_r5(cover=True, blessing=True) == ([1, 0, 2], [("R5", 0)])


def hit(value=True):
    return mock.patch.object(assault, "draw_machine", return_value=value)


def test_sh_ex_29_ballista_hit():
    s = bare()
    machine(s, "BAL", "R2", deck=(2, 3))
    put_def(s, "S3", a=1, so=1)
    put_inv(s, "S3", g=1, t=1)
    wall(s, "S3", 5)
    assault_from(s, "I2")
    assert options(s) == {"I: AIM R2 S2", "I: AIM R2 S3", "I: AIM R2 -"}
    rejects(s, "I: AIM R2 S1")
    with hit():
        log = assault_from(s, "I2", ["I: AIM R2 S3"])
    assert s.pending["kind"] == "KILL" and options(s) == {"I: KILL A", "I: KILL S"}
    dsupply = s.defender_supply[:]
    supply = s.supply[:]
    with hit():
        play(s, "I: KILL S", log=log)
    after = log.at["I3"]
    assert after.defender_units["S3"] == [1, 0, 0] and after.defender_supply[1] == dsupply[1] + 1
    assert after.units["S3"] == [1, 0, 0] and after.supply[2] == supply[2] + 1
    assert after.decks["R2"] == [2, 3]
    assert clean(after) == []


def test_sh_ex_30_machine_miss():
    s = bare()
    machine(s, "BAL", "R2")
    misses = s.miss_supply
    with hit(False):
        log = assault_from(s, "I2", ["I: AIM R2 S3"])
    after = log.at["I3"]
    assert after.decks["R2"] == [2, 4] and after.miss_supply == misses + 1
    assert ("R2", "S3", "MISS") in events(log, "MACHINE")


def catapult_on(sec, stone, wood):
    s = bare()
    machine(s, "CAT", "R4")
    wall(s, sec, stone, wood)
    with hit():
        log = assault_from(s, "I2", [f"I: AIM R4 {sec}"])
    return s, log


def test_sh_ex_31_catapult_hit_on_a_wall():
    s, log = catapult_on("S6", 2, 1)
    after = log.at["I3"]
    assert after.walls["S6"] == [1, 0] and after.ruin == 0
    assert after.stone_supply == s.stone_supply - 0 and clean(after) == []
    base = bare()
    assert after.stone_supply == base.stone_supply - 2 + 1
    assert after.wood_supply == base.wood_supply
    s, log = catapult_on("S6", 0, 2)
    after = log.at["I3"]
    assert after.walls["S6"] == [0, 0] and after.ruin == 1 and after.ruin_tile == "S6"


def test_sh_ex_32_catapult_hit_on_a_bare_section():
    s = bare()
    machine(s, "CAT", "R4")
    s.cauldrons["S5"] = "O"
    s.tower_machines = {"T56": "CAN", "TGE": "THR"}
    with hit():
        assault_from(s, "I2", ["I: AIM R4 S5"])
    assert s.pending["kind"] == "WRECK"
    assert options(s) == {"I: WRECK CAULDRON", "I: WRECK MACHINE", "I: WRECK -"}
    for choice, cauldrons, towers in (
        ("CAULDRON", {}, {"T56": "CAN", "TGE": "THR"}),
        ("MACHINE", {"S5": "O"}, {"TGE": "THR"}),
        ("-", {"S5": "O"}, {"T56": "CAN", "TGE": "THR"}),
    ):
        t = s.clone()
        play(t, f"I: WRECK {choice}")
        assert t.cauldrons == cauldrons and t.tower_machines == towers and t.ruin == 0


def test_sh_ex_33_trebuchet_hit_on_a_bare_section():
    s = bare()
    machine(s, "TRE", "GE1")
    s.cauldrons["S9"] = "T"
    s.tower_machines = {"T89": "THR"}
    assault_from(s, "I2")
    rejects(s, "I: AIM GE1 S4")
    with hit():
        log = assault_from(s, "I2", ["I: AIM GE1 S9"])
    after = log.at["I3"]
    assert "S9" not in after.cauldrons and after.tower_machines == {"T89": "THR"}


def test_sh_ex_34_blood_stone():
    s = bare()
    machine(s, "CAT", "R1")
    ritual(s, "BST", "R1")
    wall(s, "S1", 1)
    put_def(s, "S1", a=1, so=1)
    with hit():
        assault_from(s, "I2", ["I: AIM R1 S1"])
    assert s.walls["S1"] == [0, 0] and s.ruin == 1
    assert s.pending["kind"] == "KILL"
    dsupply = s.defender_supply[1]
    play(s, "I: KILL S")
    assert s.defender_units["S1"][:2] == [1, 0] and s.defender_supply[1] == dsupply + 1
    # variant: S1 already bare: no element destroyed, the kill still happens
    s = bare()
    machine(s, "CAT", "R1")
    ritual(s, "BST", "R1")
    put_def(s, "S1", a=1, so=1)
    with hit():
        assault_from(s, "I2", ["I: AIM R1 S1"])
    assert s.ruin == 0 and s.pending["kind"] == "KILL"


def test_sh_ex_35_precise_shot():
    s = bare()
    machine(s, "CAT", "R4", deck=(2, 3))
    s.precise = ["R4"]
    wall(s, "S6", 2)
    with mock.patch.object(assault, "draw_two", return_value=(True, False)):
        assault_from(s, "I2", ["I: AIM R4 S6"])
    assert s.pending["kind"] == "KEEP"
    play(s, "I: KEEP H")
    assert s.decks["R4"] == [2, 3] and s.walls["S6"][0] == 1
    s = bare()
    machine(s, "CAT", "R4", deck=(2, 3))
    s.precise = ["R4"]
    with mock.patch.object(assault, "draw_two", return_value=(False, False)):
        log = assault_from(s, "I2", ["I: AIM R4 S6"])
    assert log.at["I3"].decks["R4"] == [2, 2]


def cannon_card(card):
    s = bare()
    s.tower_machines["TGW"] = "CAN"
    put_inv(s, "R3", o=1, t=1)
    with mock.patch.object(assault, "draw_hit", return_value=card):
        log = assault_from(s, "I1", ["D: CANNON TGW R3"])
    return log.at["I2"].units["R3"]


def test_sh_ex_36_cannon_card_resolution():
    assert cannon_card("G") == [0, 1, 1]
    assert cannon_card("GO") == [0, 0, 1]
    assert cannon_card("GOT") == [0, 0, 1]
    assert cannon_card("M") == [0, 1, 1]
    s = bare()
    s.tower_machines = {"T12": "CAN", "TGW": "CAN"}
    assault_from(s, "I1")
    assert "D: CANNON TGW BF" in options(s)
    assert not any(o.startswith("D: CANNON T12 BF") for o in options(s))
    rejects(s, "D: CANNON T12 BF")
