"""SH-25 worked examples: orders and melee (SH-EX-7 .. SH-EX-23)."""

from sh_positions import (
    assault_from,
    bare,
    clean,
    events,
    options,
    put_def,
    put_inv,
    ritual,
    wall,
)

from game.games.stronghold.board import HOSP
from game.games.stronghold.content import INV_TOTAL


def melee(setup, decisions=None, step="II4"):
    """Run the Assault from ``step`` on the position ``setup`` builds; the state right
    after the melee step (start of II.5) and the log."""
    s = bare()
    setup(s)
    log = assault_from(s, step, decisions)
    return log.at["II5"], s, log


def order(s, sec, kind):
    s.orders[sec] = [kind, 1, 1]
    s.order_owner[sec] = 0


def test_sh_ex_7_goblin_frenzy_defender_wins():
    def setup(s):
        put_inv(s, "S6", g=1, o=2)
        s.equipment["S6"] = ["BAN"]
        order(s, "S6", "FRZ")
        put_def(s, "S6", so=2, v=1)
        wall(s, "S6", 4)

    after, s, log = melee(setup)
    assert ("S6", 8, 11) in events(log, "MELEE")
    assert after.units["S6"] == [0, 0, 0]  # frenzied goblin first, then both orcs (6 > 4)
    assert after.defender_units["S6"] == [0, 2, 1] and after.defender_units[HOSP] == [0, 0, 0]
    assert after.supply == [1, 2, 0]
    assert clean(after) == []


def test_sh_ex_8_goblin_frenzy_invader_wins():
    def setup(s):
        put_inv(s, "S6", g=1, o=2)
        s.equipment["S6"] = ["BAN"]
        order(s, "S6", "FRZ")
        put_def(s, "S6", so=2)
        wall(s, "S6", 3)

    after, s, log = melee(setup)
    assert ("S6", 8, 7) in events(log, "MELEE")
    assert after.units["S6"] == [0, 2, 0] and after.equipment["S6"] == ["BAN"]
    assert after.defender_units["S6"] == [0, 1, 0] and after.walls["S6"] == [3, 0]
    assert after.defender_units[HOSP] == [0, 1, 0]  # adv 1, T* = 2: one soldier
    assert after.supply == [1, 0, 0]  # the frenzied goblin, after the losses
    assert not after.breached


def test_sh_ex_9_melee_basic():
    def setup(s):
        put_def(s, "S4", a=1, so=2)
        wall(s, "S4", 2)
        put_inv(s, "S4", o=1, t=2)

    after, _, log = melee(setup)
    assert ("S4", 8, 7) in events(log, "MELEE")
    assert after.defender_units["S4"] == [0, 2, 0] and after.defender_units[HOSP] == [1, 0, 0]
    assert after.units["S4"] == [0, 1, 2] and not after.breached


def test_sh_ex_10_melee_rounding_up():
    def setup(s):
        put_def(s, "S4", a=1, so=2)
        wall(s, "S4", 2)
        put_inv(s, "S4", o=3)

    after, _, log = melee(setup)
    assert ("S4", 6, 7) in events(log, "MELEE")
    assert after.units["S4"] == [0, 2, 0] and after.supply == [0, 1, 0]
    assert after.defender_units["S4"] == [1, 2, 0]


def test_sh_ex_11_breach():
    def setup(s):
        put_def(s, "S6", so=2)
        wall(s, "S6", 2)
        put_inv(s, "S6", o=2, t=3)

    after, s, log = melee(setup)
    assert ("S6", 13, 6) in events(log, "MELEE")
    assert ("S6", 3) in events(log, "BREACH")
    assert after.defender_units["S6"] == [0, 0, 0] and after.defender_units[HOSP] == [0, 2, 0]
    assert after.glory == [13, 4] and after.breached == ["S6"]
    # the rest of the Assault is played, then the game ends without end-of-round glory
    assert s.stage == "OVER" and s.winner == "I" and s.glory == [13, 4]
    assert "II5" in log.at and "III" in log.at
    assert clean(s) == []


def test_sh_ex_12_the_warrior_cannot_absorb_losses():
    def setup(s):
        put_inv(s, "S7", o=2, t=2)
        put_def(s, "S7", a=2)
        s.heroes["WAR"] = "S7"
        wall(s, "S7", 3)

    after, s, log = melee(setup)
    assert ("S7", 10, 7) in events(log, "MELEE")
    assert ("S7", 1) in events(log, "BREACH")
    assert after.defender_units[HOSP] == [2, 0, 0] and after.heroes["WAR"] == "S7"


def test_sh_ex_13_assault_example_2():
    def setup(s):
        put_inv(s, "S7", o=2, t=2)
        put_def(s, "S7", a=2, so=1)
        wall(s, "S7", 3)

    after, _, _ = melee(setup)
    assert after.defender_units[HOSP] == [1, 1, 0]
    assert after.defender_units["S7"] == [1, 0, 0] and after.walls["S7"] == [3, 0]
    assert after.units["S7"] == [0, 2, 2] and not after.breached


def test_sh_ex_14_assault_example_3():
    def setup(s):
        put_inv(s, "S7", o=2, t=2)
        put_def(s, "S7", so=2)
        wall(s, "S7", 3)

    after, _, _ = melee(setup)
    assert after.defender_units[HOSP] == [0, 2, 0] and not after.breached


def test_sh_ex_15_undefended_wall():
    def setup(s):
        put_inv(s, "S1", g=2)
        wall(s, "S1", 4)

    after, _, log = melee(setup)
    assert ("S1", 2, 4) in events(log, "MELEE")
    assert after.units["S1"] == [2, 0, 0] and not after.breached


def test_sh_ex_16_officer_alone():
    def setup(s):
        put_inv(s, "S3", o=1)
        s.heroes["OFF"] = "S3"
        wall(s, "S3", 3)

    after, _, log = melee(setup)
    assert ("S3", 2, 3) in events(log, "MELEE")
    assert after.units["S3"] == [0, 1, 0]


def test_sh_ex_17_officer_with_a_soldier():
    def setup(s):
        put_inv(s, "S3", o=1)
        put_def(s, "S3", so=1)
        s.heroes["OFF"] = "S3"

    after, _, log = melee(setup)
    assert ("S3", 2, 3) in events(log, "MELEE")
    assert after.units["S3"] == [0, 0, 0] and after.defender_units["S3"] == [0, 1, 0]


def test_sh_ex_18_melee_tie():
    def setup(s):
        put_inv(s, "S2", o=3)
        put_def(s, "S2", so=1)
        wall(s, "S2", 4)

    after, _, log = melee(setup)
    assert ("S2", 6, 6) in events(log, "MELEE")
    assert after.units["S2"] == [0, 3, 0] and after.defender_units["S2"] == [0, 1, 0]
    assert not after.breached


def shields(a, so, stone, frenzy=False):
    def setup(s):
        s.equipment["S7"] = ["SHD"]
        put_inv(s, "S7", g=1, o=2)
        put_def(s, "S7", a=a, so=so)
        wall(s, "S7", stone)
        if frenzy:
            order(s, "S7", "FRZ")

    return melee(setup)


def test_sh_ex_19_shields():
    after, _, log = shields(1, 1, 3)  # (a) D = 6: 5 + 3 >= 6
    assert ("S7", 5, 6) in events(log, "MELEE") and ("S7",) in events(log, "SHIELDS")
    assert after.units["S7"] == [1, 2, 0]
    after, _, log = shields(1, 2, 3)  # (b) D = 8: 8 >= 8
    assert ("S7", 5, 8) in events(log, "MELEE")
    assert after.units["S7"] == [1, 2, 0]
    after, _, log = shields(1, 2, 4)  # (c) D = 9: A3 = 8, loss 1: the goblin
    assert ("S7", 5, 9) in events(log, "MELEE")
    assert after.units["S7"] == [0, 2, 0]
    after, _, log = shields(1, 2, 4, frenzy=True)  # (d) A = 7; 10 >= 9; the goblin dies
    assert ("S7", 7, 9) in events(log, "MELEE") and ("S7",) in events(log, "SHIELDS")
    assert after.units["S7"] == [0, 2, 0] and ("S7", 1) in events(log, "FRENZY")


def test_sh_ex_20_poison():
    def setup(s):
        s.equipment["S3"] = ["POI"]
        put_inv(s, "S3", o=1)
        put_def(s, "S3", a=2, so=1)
        wall(s, "S3", 1)

    after, _, log = melee(setup)
    assert ("S3",) in events(log, "POISON")
    assert ("S3", 2, 4) in events(log, "MELEE")
    assert after.defender_units[HOSP] == [1, 0, 0] and after.units["S3"] == [0, 0, 0]

    def no_invader(s):
        s.equipment["S3"] = ["POI"]
        put_def(s, "S3", a=2, so=1)
        put_inv(s, "S1", o=1)

    after, _, log = melee(no_invader)
    assert not events(log, "POISON") and after.defender_units["S3"] == [2, 1, 0]


def test_sh_ex_21_orc_explosion():
    def setup(s):
        put_inv(s, "S6", o=3, t=1)
        order(s, "S6", "EXP")
        put_def(s, "S6", so=1)
        wall(s, "S6", 3, 1)

    s = bare()
    setup(s)
    log = assault_from(s, "II3")
    assert s.pending["kind"] == "EXPLODE"
    assert options(s) == {"I: EXPLODE S6 1", "I: EXPLODE S6 2", "I: EXPLODE S6 3"}
    log = assault_from(s, "II3", ["I: EXPLODE S6 2"])
    before_melee = log.at["II4"]
    assert before_melee.walls["S6"] == [1, 0] and before_melee.units["S6"] == [0, 1, 1]
    after = log.at["II5"]
    assert ("S6", 5, 3) in events(log, "MELEE")
    assert after.defender_units[HOSP] == [0, 1, 0] and not after.breached


def test_sh_ex_22_troll_call_through_a_troll_trap():
    def setup(s):
        put_inv(s, "S2", o=2, t=1)
        order(s, "S2", "CAL")
        put_inv(s, "R1", t=1)
        s.trapspace["p09"] = "TT"
        wall(s, "S2", 5)
        put_def(s, "S2", v=2)

    s = bare()
    setup(s)
    log = assault_from(s, "II3")
    after = log.at["II4"]
    assert after.units["R1"] == [0, 0, 0] and "p09" not in after.trapspace
    assert after.units["S2"] == [0, 2, 1] and after.supply[2] == 1
    # variant: a second troll on R2 may be called instead
    s = bare()
    setup(s)
    put_inv(s, "R2", t=1)
    log = assault_from(s, "II3")
    assert s.pending["kind"] == "CALL"
    assert options(s) == {"I: CALL R1 S2", "I: CALL R2 S2"}
    log = assault_from(s, "II3", ["I: CALL R2 S2"])
    after = log.at["II4"]
    assert after.units["S2"] == [0, 2, 2] and after.units["R1"] == [0, 0, 1]
    assert after.trapspace["p09"] == "TT"


def accident(kind, defenders, glow=False):
    def setup(s):
        s.cauldrons["S7"] = kind
        ritual(s, "ACC", "S7")
        if glow:
            s.glow = 0
        put_inv(s, "S7", t=2)
        put_def(s, "S7", *defenders)
        wall(s, "S7", 5)

    s = bare()
    setup(s)
    log = assault_from(s, "II1")
    return log.at["II2"]


def test_sh_ex_23_accident_and_heavenly_glow():
    after = accident("T", (0, 1, 1))
    assert after.units["S7"] == [0, 0, 2] and after.defender_units[HOSP] == [0, 0, 1]
    after = accident("G", (2, 1, 0))
    assert after.defender_units[HOSP] == [2, 0, 0] and after.defender_units["S7"] == [0, 1, 0]
    after = accident("T", (0, 1, 1), glow=True)
    assert after.units["S7"] == [0, 0, 1] and after.defender_units[HOSP] == [0, 0, 0]
    assert sum(after.supply) == 1 and sum(INV_TOTAL) == sum(after.bag) + 2
