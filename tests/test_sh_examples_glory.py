"""SH-25 worked examples: barbican, Defender economy, glory and the end of the game
(SH-EX-37 .. SH-EX-47)."""

from unittest import mock

from sh_positions import (
    assault_from,
    at_phase,
    at_window,
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
    set_avail,
)

from game.games.stronghold import assault
from game.games.stronghold.board import CY, HOSP
from game.games.stronghold.common import action_cost
from game.games.stronghold.content import camp_upkeep
from game.games.stronghold.rules import RULES


def ram(s, elements, orcs=0, goblins=0):
    s.ram = elements
    put_inv(s, "BF", g=goblins, o=orcs)


def test_sh_ex_37_battering_ram_carry_over():
    s = bare()
    s.gates[0] = 2
    ram(s, 4, orcs=8)
    log = assault_from(s, "III")
    after = log.at["POST"]
    assert after.gate == 1 and after.gates == [0, 4, 6]
    assert after.glory == [11, 4] and events(log, "GATE-DOWN") == [(1,)]
    s = bare()
    s.gate, s.gates = 1, [0, 1, 6]
    ram(s, 5, orcs=10)
    after = assault_from(s, "III").at["POST"]
    assert after.gate == 2 and after.gates == [0, 0, 2] and after.glory == [11, 4]


def test_sh_ex_38_crew_regrouping():
    s = bare()
    ram(s, 3, orcs=4, goblins=2)
    s.tower_machines["TGE"] = "CAN"
    with mock.patch.object(assault, "draw_hit", return_value="GO"):
        log = assault_from(s, "I1", ["D: CANNON TGE BF"])
    assert log.at["I2"].units["BF"] == [1, 4, 0]  # the weakest match: a goblin
    assert log.at["POST"].gates[0] == 4  # e = min(3, 5 // 2) = 2
    # next Phase 6: 3 elements, 5 crew: 1 more is legal, 2 more is not
    put_inv(s, "CAMP", o=4)
    at_phase(s, 6)
    play(s, "I: MINOR", "I: NEXT", "I: NEXT")
    assert "I: MOVE CAMP BF O 1" in options(s)
    rejects(s, "I: MOVE CAMP BF O 2")


def test_sh_ex_39a_gate_3_glory_as_the_first_breach():
    s = bare()
    s.gate, s.gates = 2, [0, 0, 3]
    ram(s, 3, orcs=6)
    assault_from(s, "III")
    assert s.gate == 3 and s.glory == [13, 4] and s.gate3_first
    assert s.stage == "OVER" and s.winner == "I"
    assert clean(s) == []


def test_sh_ex_39b_gate_3_after_a_wall_breach():
    s = bare()
    s.gate, s.gates = 2, [0, 0, 3]
    ram(s, 3, orcs=6)
    put_inv(s, "S2", o=1)
    log = assault_from(s, "II4")
    assert events(log, "BREACH") == [("S2", 2)]
    assert s.glory == [14, 4] and not s.gate3_first  # +3 wall, +1 gate: +4
    assert s.stage == "OVER" and s.winner == "I"


def test_sh_ex_40_camp_upkeep():
    table = {3: 0, 4: 1, 7: 1, 8: 3, 11: 3, 12: 6, 20: 6}
    assert {n: camp_upkeep(n) for n in table} == table
    s = bare()
    put_inv(s, "CAMP", o=8)
    at_phase(s, 6)
    play(s, "I: PASS", "I: PASS")
    assert s.hourglasses == [3] and s.stage == "W6"


def test_sh_ex_41_saboteur_fire_and_partial_purchases():
    s = bare(rnd=3)
    s.saboteurs = ["FG"]
    ritual(s, "FIR", "FG")
    # SH-16.3 base costs 7 and 8 (Balance), +1 saboteur, +1 fire
    assert action_cost(s, "FG1") == 9 and action_cost(s, "FG3") == 10
    s.paid["FG3"], s.payer["FG3"] = 9, 0
    RULES._end_round(s, [])  # the fire tile leaves; FG3 keeps its 9 hourglasses
    assert s.paid["FG3"] == 9 and action_cost(s, "FG3") == 9
    s.stage, s.pending = "W1", {}
    s._legal = None
    RULES._run(s, [])
    assert s.pending["kind"] == "WINDOW" and RULES.to_act(s) == 1
    assert "D: DO FG3 S4" in options(s) and len(options(s)) == 9
    play(s, "D: DO FG3 S4")
    assert s.cauldrons == {"S4": "T"} and s.done["FG3"] == 1 and s.stage == "P2"


def test_sh_ex_42_specters_and_panic():
    s = bare()
    put_def(s, HOSP, a=1, so=2, v=1)
    ritual(s, "SPC", "HOSP")
    ritual(s, "PAN", CY)
    for t in (0, 1):  # the Invader supply holds a goblin and an orc to convert into
        s.bag[t] -= 1
        s.supply[t] += 1
    assault_from(s, "II5")
    assert s.pending["kind"] == "HEAL"
    assert options(s) == {"D: HEAL 1A1S", "D: HEAL 1A1V", "D: HEAL 2S", "D: HEAL 1S1V"}
    dsupply = s.defender_supply[:]
    play(s, "D: HEAL 1S1V")
    assert s.pending["kind"] == "SPECTER" and options(s) == {"I: SPECTER GW", "I: SPECTER GE"}
    log = play(s, "I: SPECTER GW", "I: SPECTER GE")
    assert s.units["GW"] == [1, 0, 0] and s.units["GE"] == [0, 1, 0]
    assert s.defender_units[CY] == [0, 0, 1]  # Panic: the soldier died
    assert ("S",) in events(log, "PANIC")
    assert s.defender_supply == [dsupply[0] + 1, dsupply[1] + 2, dsupply[2]]
    assert s.supply == [0, 0, 0]


def test_sh_ex_43_haste_tile():
    s = bare(players=4)
    s.blessing = "R2"
    for code, cost in (("CT1", 7), ("BK2", 6)):  # SH-16.3 costs (Balance)
        s.done[code], s.paid[code], s.payer[code] = 1, cost, 0
    at_window(s, 2, hg=7, d=1)
    assert "DE: HASTE BK2" in options(s)
    rejects(s, "DE: HASTE CT1")  # there is only one blessing tile
    soldiers = s.defender_units["BK"][1]
    play(s, "DE: HASTE BK2")
    assert s.paid["BK2"] == 0 and not s.haste
    play(s, *["DE: PAY BK2"] * 5)
    assert s.done["BK2"] == 1 and s.paid["BK2"] == 5
    play(s, "DE: PAY BK2")  # the sixth hourglass completes it a second time
    assert s.done["BK2"] == 2 and s.payer["BK2"] == 1 and s.defender_units["BK"][1] == soldiers + 1
    assert clean(s) == []


def end_of_round(rnd, glory, intact):
    s = bare(rnd=rnd)
    s.glory = list(glory)
    s.glory_supply_taken = sum(glory) - 14
    s.honour_guard_intact = intact
    RULES._end_round(s, [])
    return s


def test_sh_ex_44_end_of_round_6():
    assert end_of_round(6, (5, 9), 1).glory == [4, 11]
    assert end_of_round(6, (5, 9), 0).glory == [4, 10]
    assert end_of_round(5, (5, 9), 1).glory == [4, 10]  # from round 6 on only


def test_sh_ex_45_deeds():
    # Blood Sacrifices: 10 goblins on the blood space, Accident paid with 3 more
    s = bare()
    s.cards[0]["5"] = "5-2"
    s.blood = 10
    s.bag[0] -= 10
    s.cauldrons["S3"] = "G"
    at_phase(s, 5)
    set_avail(s, g=3)
    supply = s.supply[0]
    play(s, "I: RITUAL ACC S3")
    assert s.deeds["BLOOD"] and s.glory == [11, 3]
    assert s.blood == 0 and s.supply[0] == supply + 13
    assert clean(s) == []
    # Great Siege: a mobilisation puts a 7th section under attack
    s = bare()
    for sec in ("S1", "S2", "S3", "S5", "S6", "S7"):
        put_inv(s, sec, g=1)
    put_inv(s, "R6", o=1)
    at_phase(s, 6)
    play(s, "I: MINOR")
    assert not s.deeds["SIEGE"]
    play(s, "I: MOVE R6 S8 O 1")
    assert s.deeds["SIEGE"] and s.glory == [11, 3]
    # Troll Assault: a Troll Call brings the 4th troll, before the melee
    s = bare()
    put_inv(s, "S2", t=3)
    s.orders["S2"] = ["CAL", 1, 1]
    put_inv(s, "R1", t=1)
    log = assault_from(s, "II3")
    assert log.at["II4"].deeds["TROLLS"] and log.at["II4"].units["S2"] == [0, 0, 4]
    # ... at once, even while the same step waits for another decision (an explosion)
    s = bare()
    put_inv(s, "S2", t=3)
    s.orders["S2"] = ["CAL", 1, 1]
    put_inv(s, "R1", t=1)
    put_inv(s, "S7", o=2)
    s.orders["S7"] = ["EXP", 1, 1]
    assault_from(s, "II3")
    assert s.pending["kind"] == "EXPLODE" and s.deeds["TROLLS"] and clean(s) == []
    # Ruined Walls: the second time a section loses its last element
    s = bare()
    s.ruin = 1
    s.ruin_tile = "S1"
    machine(s, "CAT", "R4")
    s.walls["S6"] = [1, 0]
    s.stone_supply -= 1
    with mock.patch.object(assault, "draw_machine", return_value=True):
        log = assault_from(s, "I2", ["I: AIM R4 S6"])
    assert log.at["I3"].deeds["RUIN"] and log.at["I3"].ruin == 2
    assert log.at["I3"].ruin_tile == "S1"


def tie_position(gate_falls: bool):
    s = bare(rnd=6)
    s.glory = [5, 9]
    put_inv(s, "S2", o=1)
    put_inv(s, "S6", o=1)
    s.gate, s.gates = 2, [0, 0, 2 if gate_falls else 6]
    ram(s, 1, orcs=2)
    return s


def test_sh_ex_46_tie_break():
    s = tie_position(gate_falls=False)
    log = assault_from(s, "I1")
    assert events(log, "BREACH") == [("S2", 2), ("S6", 2)]
    assert events(log, "ASSAULT") == [("tie-break",)]  # glory 9 : 9 after the breaches
    assert s.breached == ["S2", "S6"] and s.gates[2] == 4  # the ram hit twice
    assert s.stage == "OVER" and s.winner == "D" and s.glory == [9, 10]
    assert clean(s) == []
    s = tie_position(gate_falls=True)
    log = assault_from(s, "I1")
    assert s.gate == 3 and s.tiebreak_breach  # Gate 3 falls in the extra Assault
    assert s.stage == "OVER" and s.winner == "I" and s.glory == [10, 9]
    assert RULES.winners(s) == [0]


def test_sh_ex_47_round_10_timeout():
    s = bare(rnd=10)
    s.deeds = {d: 1 for d in s.deeds}
    s.glory = [5, 9]
    s.honour_guard_intact = 0
    s.stage = "ENDROUND"
    s.pending = {}
    RULES._run(s, [])
    assert s.glory == [4, 10] and s.stage == "OVER" and s.winner == "D"
    assert RULES.winners(s) == [1]
    s = bare(rnd=10)  # more Invader glory changes nothing: no breach in 10 rounds
    s.glory = [12, 2]
    s.glory_supply_taken = 0
    s.honour_guard_intact = 0
    s.stage, s.pending = "ENDROUND", {}
    RULES._run(s, [])
    assert s.glory == [11, 3] and s.winner == "D" and RULES.is_over(s)
    assert RULES.to_act(s) is None and RULES.legal_actions(s) == []
