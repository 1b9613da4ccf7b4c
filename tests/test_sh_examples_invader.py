"""SH-25 worked examples: Invader actions and components (SH-EX-1 .. SH-EX-6)."""

from sh_positions import (
    at_phase,
    at_window,
    bare,
    clean,
    options,
    play,
    put_inv,
    rejects,
    set_avail,
)

from game.games.stronghold.rules import RULES


def catapult_position():
    s = bare()
    assert s.cards[0]["2"] == "2-1"  # the starter card offers the catapult (SH-15.2)
    at_phase(s, 2, res=6)
    set_avail(s, o=2, t=1)
    return s


def test_sh_ex_1a_paying_for_a_catapult_with_a_troll():
    s = catapult_position()
    supply_trolls = s.supply[2]
    play(s, "I: BUILD CAT R5 T")
    assert s.hourglasses == [1] and s.resources == [0]
    assert s.machines["R5"] == "CAT" and s.decks["R5"] == [2, 5]
    assert s.spent == [0, 0, 1] and s.available[0] == [0, 2, 0]
    # a second catapult this round is refused: the action is used (even with resources)
    s.resources, s.resource_supply = [6], s.resource_supply - 6
    s._legal = None
    err = rejects(s, "I: BUILD CAT R4 OO")
    assert err.rule == "SH-9.4"
    play(s, "I: PASS")  # the troll reaches the supply at the end of Phase 2 (D-12)
    assert s.supply[2] == supply_trolls + 1 and s.spent == [0, 0, 0]
    assert s.stage == "W2" and RULES.to_act(s) == 1
    assert clean(s) == []


def test_sh_ex_1b_paying_for_a_catapult_with_two_orcs():
    s = catapult_position()
    play(s, "I: BUILD CAT R5 OO")
    assert s.hourglasses == [2] and s.resources == [0]
    assert s.machines["R5"] == "CAT" and s.decks["R5"] == [2, 5]
    assert s.spent == [0, 2, 0]
    rejects(s, "I: BUILD CAT R4 T")


def test_sh_ex_2_component_exhaustion():
    s = bare()
    s.cauldrons = {"S1": "T", "S2": "T", "S3": "T"}
    s.paid["FG3"] = 7  # of 8 (SH-16.3, Balance)
    s.payer["FG3"] = 0
    at_window(s, 1, hg=2)
    assert not any(o.startswith("D: PAY FG3") for o in options(s))
    err = rejects(s, "D: PAY FG3 S4")
    assert err.rule == "SH-16.1.2"
    assert "D: PAY FG1" in options(s)  # he may spend elsewhere
    play(s, "D: PAY FG1")
    assert s.paid["FG1"] == 1 and s.hourglasses == [1]


def produce(t: str) -> tuple[int, int]:
    s = bare(rnd=2)
    s.resource_supply += s.resources[0]
    s.resources = [0]
    s.hourglasses = [2]
    s.stage = "P1"
    s.pending = {}
    RULES._run(s, [])  # Phase 1: 14 units drawn, +5 resources
    assert s.resources == [5] and sum(s.available[0]) == 14
    set_avail(s, g=3, o=3, t=3)
    play(s, f"I: PRODUCE {t}")
    hg = s.hourglasses[0] - 2
    rejects(s, "I: PRODUCE G")
    assert clean(s) == []
    return s.resources[0], hg


def test_sh_ex_3_resource_income_cap():
    assert produce("T") == (8, 1)
    assert produce("O") == (7, 1)
    assert produce("G") == (6, 1)


def ex4_position():
    s = bare()
    put_inv(s, "R6", o=6)
    put_inv(s, "GE", o=5, g=2)
    put_inv(s, "CAMP", o=13)
    return at_phase(s, 6)


def test_sh_ex_4_both_mobilisations_in_one_round():
    s = ex4_position()
    play(s, "I: MAJOR", "I: MOVE R6 R7 O 6", "I: NEXT",
         "I: MOVE GE R6 O 5", "I: MOVE GE R5 G 2", "I: NEXT",
         "I: MOVE CAMP GE O 7", "I: NEXT")  # fmt: skip
    u = s.units
    assert u["R7"] == [0, 6, 0] and u["R6"] == [0, 5, 0] and u["R5"] == [2, 0, 0]
    assert u["GE"] == [0, 7, 0] and s.camp[0] == [0, 6, 0]
    assert s.hourglasses == [5] and s.mobilisation is None
    play(s, "I: MINOR", "I: MOVE R7 S8 O 3", "I: MOVE R7 S9 O 2")
    rejects(s, "I: MOVE R7 S9 O 1")  # a 6th unit leaving R7 (L = 5)
    rejects(s, "I: MOVE R7 R6 O 1")  # backwards without a drover
    play(s, "I: MOVE R6 R7 O 5", "I: NEXT", "I: MOVE GE R4 O 3")
    before_step2_end = s.clone()
    play(s, "I: MOVE GE R5 O 2")
    rejects(s, "I: MOVE GE R4 O 1")  # a 6th unit leaving GE
    play(s, "I: NEXT", "I: MOVE CAMP GE O 5")
    rejects(s, "I: MOVE CAMP GE O 1")  # GE would hold 8: only the limit L rejects it
    play(s, "I: NEXT")
    assert u["S8"] == [0, 3, 0] and u["S9"] == [0, 2, 0] and u["R7"] == [0, 6, 0]
    assert u["R6"] == [0, 0, 0] and u["R5"] == [2, 2, 0] and u["R4"] == [0, 3, 0]
    assert u["GE"] == [0, 7, 0] and s.camp[0] == [0, 1, 0]
    assert s.hourglasses == [8]
    play(s, "I: PASS", "I: PASS")  # movement over, no orders; camp upkeep of 1 unit: 0
    assert s.hourglasses == [8] and s.stage == "W6"
    assert clean(s) == []
    # only 3 units left GE in minor step 2 (7 -> 4 there): 6 more would make 10 + ...
    t = before_step2_end
    play(t, "I: NEXT")  # GE keeps 4 (3 left); 5 arriving would make 9: legal
    t2 = t.clone()
    play(t2, "I: MOVE CAMP GE O 5")
    assert t2.units["GE"] == [0, 9, 0]
    # the rejection of SH-EX-4: only 1 unit leaves GE in step 2, then 5 arrive: 11
    s = ex4_position()
    play(s, "I: MAJOR", "I: MOVE R6 R7 O 6", "I: NEXT",
         "I: MOVE GE R6 O 5", "I: MOVE GE R5 G 2", "I: NEXT",
         "I: MOVE CAMP GE O 7", "I: NEXT",
         "I: MINOR", "I: NEXT", "I: MOVE GE R4 O 1", "I: NEXT")  # fmt: skip
    assert s.units["GE"] == [0, 6, 0]
    rejects(s, "I: MOVE CAMP GE O 5")
    play(s, "I: MOVE CAMP GE O 4")
    assert s.units["GE"] == [0, 10, 0]
    assert clean(s) == []


def test_sh_ex_5_siege_tower_and_the_camp_allowance():
    s = bare()
    s.siege["S2"] = [0, 0, 0]
    put_inv(s, "CAMP", o=11)
    at_phase(s, 6)
    play(s, "I: MINOR", "I: NEXT", "I: NEXT",
         "I: MOVE CAMP S2T O 3", "I: MOVE CAMP GW O 2", "I: MOVE CAMP GE O 5")  # fmt: skip
    assert s.siege["S2"] == [0, 3, 0] and s.units["GW"] == [0, 2, 0]
    assert s.units["GE"] == [0, 5, 0] and s.camp[0] == [0, 1, 0]
    assert s.mobilisation["camp"] == {"W": 5, "E": 5, "BF": 0}
    assert s.hourglasses == [3]
    for text in ("I: MOVE CAMP GW O 1", "I: MOVE CAMP S2T O 1", "I: MOVE CAMP GE O 1"):
        err = rejects(s, text)
        assert err.rule == "SH-13.3"
    assert clean(s) == []


def test_sh_ex_6_drover_and_the_east_asymmetry():
    s = bare()
    put_inv(s, "R7", o=4)
    at_phase(s, 6)
    play(s, "I: MAJOR")
    rejects(s, "I: MOVE R7 R6 O 1")
    s = bare()
    put_inv(s, "R7", o=4)
    s.training["R7"] = ["DRV"]
    at_phase(s, 6)
    play(s, "I: MAJOR")
    assert "I: MOVE R7 R6 O 1" in options(s)
    s = bare()
    put_inv(s, "R4", o=2)
    s.training["R4"] = ["DRV"]
    at_phase(s, 6)
    play(s, "I: MAJOR")
    assert {"I: MOVE R4 GE O 1", "I: MOVE R4 R5 O 1"} <= options(s)
    play(s, "I: MOVE R4 R5 O 1", "I: MOVE R4 GE O 1")
    # the moved units cannot move again in this mobilisation
    assert not any(o.startswith(("I: MOVE R5", "I: MOVE GE")) for o in options(s))
    play(s, "I: NEXT")
    assert not any(o.startswith("I: MOVE GE") for o in options(s))
    assert clean(s) == []
