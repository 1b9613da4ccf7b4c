"""The 3- and 4-player variants (SH-22, SH-23) and other rules the worked examples do
not reach: set-up (SH-4), flips (SH-14), short supplies (SH-8.5, SH-22.7), the
Defender's windows (SH-6, SH-16, SH-17)."""

from __future__ import annotations

from sh_positions import (
    at_phase,
    at_window,
    bare,
    clean,
    machine,
    options,
    play,
    put_def,
    rejects,
    ritual,
    set_avail,
)

from game.games.stronghold.content import INV_TOTAL
from game.games.stronghold.rules import RULES

# ----------------------------------------------------------------- set-up (SH-4, SH-22.3)


def test_sh_4_3_the_invader_keeps_one_of_two_drawn_cards_per_phase():
    s = RULES.new_game({"players": 2}, 3)
    for phase in (2, 3, 4, 5):
        assert s.pending["kind"] == "CARD" and s.pending["phase"] == phase
        offer = sorted(o.split()[-1] for o in options(s))
        assert len(offer) == 2 and all(c.startswith(f"{phase}-") for c in offer)
        play(s, f"I: CARD {offer[1]}")
        assert s.cards[0][str(phase)] == offer[1]
    assert s.stage == "FLIP" and s.round == 1
    assert s.resources == [5] and s.resource_supply == 11 and s.hourglasses == [4]  # SH-4.3, SH-4.4


def test_sh_22_3_two_invaders_share_three_drawn_cards_and_start_with_3_resources():
    s = RULES.new_game({"players": 3}, 3)
    assert s.resources == [3, 3] and s.resource_supply == 10 and s.cards[0]["1"] == "1G"  # D-15
    offer = sorted(o.split()[-1] for o in options(s))
    assert len(offer) == 3
    play(s, f"IW: CARD {offer[0]}")
    assert RULES.to_act(s) == 1 and len(options(s)) == 2
    rejects(s, f"IE: CARD {offer[0]}")
    play(s, f"IE: CARD {offer[2]}")
    assert s.cards[0]["2"] == offer[0] and s.cards[1]["2"] == offer[2]


# ----------------------------------------------------------------- flips (SH-14)


def test_sh_14_charge_draws_more_units_and_no_resources():
    s = RULES.new_game({"players": 2, "starter": True}, 2)
    play(s, "I: FLIP 1", "D: STONE S1")
    assert s.stage == "P1" and sum(s.available[0]) == 16 and s.resources == [5]  # setup cubes only
    assert not any(o.startswith("I: PRODUCE") for o in options(s))
    s2 = RULES.new_game({"players": 2, "starter": True}, 2)
    play(s2, "I: NOFLIP", "D: STONE S1")
    assert sum(s2.available[0]) == 14 and s2.resources == [10]


def test_sh_14_1_a_flipped_card_offers_only_its_special_action():
    s = bare()
    s.flipped[0] = [5]
    s.supply[0], s.bag[0] = 3, s.bag[0] - 3
    at_phase(s, 5)
    set_avail(s, g=4)
    assert not any(o.startswith("I: RITUAL") for o in options(s))
    play(s, "I: ESCAPE GW 3")
    assert s.units["GW"] == [3, 0, 0] and s.hourglasses == [1]
    rejects(s, "I: ESCAPE GE 1")  # once per round


# ----------------------------------------------------------------- short supplies


def test_sh_8_5_income_never_exceeds_the_resource_supply():
    s = bare(players=3, rnd=2)
    s.resources, s.resource_supply = [9, 4], 3
    s.hourglasses = [2]
    s.stage, s.pending = "P1", {}
    RULES._run(s, [])
    assert (
        s.resources == [11, 5] and s.resource_supply == 0
    )  # 3 cubes split, West takes the odd one
    assert clean(s) == []


def test_sh_22_7_a_short_bag_is_drawn_alternately():
    s = bare(players=3, rnd=2)
    s.supply = [s.bag[0] - 2, s.bag[1] - 2, s.bag[2] - 1]
    s.bag = [2, 2, 1]
    s.hourglasses = [2]
    s.stage, s.pending = "P1", {}
    RULES._run(s, [])
    assert sum(s.available[0]) == 3 and sum(s.available[1]) == 2 and s.bag == [0, 0, 0]
    assert clean(s) == []


# ----------------------------------------------------------------- 3 players (SH-22)


def three_players_phase(phase: int):
    s = bare(players=3)
    at_phase(s, phase, res=10)
    s.resources, s.resource_supply = [10, 6], 0
    set_avail(s, g=3, o=4, t=2, i=0)
    set_avail(s, g=3, o=4, t=2, i=1)
    return s


def test_sh_22_5_invaders_alternate_single_actions_and_end_on_two_passes():
    s = three_players_phase(2)
    assert s.cards[1]["2"] == "2-2"
    assert RULES.to_act(s) == 0
    play(s, "IW: BUILD CAT R1 T")
    assert RULES.to_act(s) == 1
    play(s, "IE: PASS")
    assert RULES.to_act(s) == 0 and s.stage == "P2"
    play(s, "IW: BUILD COV R2 O", "IE: PASS")
    assert s.stage == "P2"
    play(s, "IW: PASS")
    assert s.stage == "W2"
    assert s.hourglasses == [2]  # 1 troll + 1 orc (SH-7.7); one Defender takes both colours


def test_sh_22_2_each_invader_acts_on_his_own_side_only():
    s = three_players_phase(2)
    rejects(s, "IW: BUILD CAT R5 T")
    assert "IW: BUILD RAM BF O" in options(s)  # the barbican belongs to neither side
    play(s, "IW: BUILD RAM BF O")
    assert not any(o.startswith("IE: BUILD RAM") for o in options(s))  # one per round
    rejects(s, "IE: BUILD ALT GW O")
    assert "IE: BUILD ALT GE O" in options(s)


def test_sh_22_5_using_the_allys_action_costs_one_more_hourglass():
    s = three_players_phase(2)
    # West holds 2-1 (BAL CAT COV RAM), East 2-2 (CAT TRE ALT COV): the trebuchet is East's
    play(s, "IW: BUILD TRE GW OO")
    assert s.hourglasses == [3] and "TRE" in s.used[1] and "TRE" not in s.used[0]
    assert not any(o.startswith("IE: BUILD TRE") for o in options(s))


def test_sh_14_1_charge_allows_no_produce_resources_even_on_the_allys_card():
    s = RULES.new_game({"players": 3, "starter": True}, 5)
    play(s, "IW: FLIP 1", "IE: NOFLIP", "D: STONE S1")
    assert s.stage == "P1" and 1 in s.flipped[0]
    assert not any(o.startswith("IW: PRODUCE") for o in options(s))  # East's card neither
    rejects(s, "IW: PRODUCE G")


def test_sh_8_3_an_invader_produces_once_a_round_on_his_card_or_his_allys():
    s = RULES.new_game({"players": 3, "starter": True}, 5)
    play(s, "IW: NOFLIP", "IE: NOFLIP", "D: STONE S1")
    s.resource_supply += s.resources[
        1
    ]  # East's cubes back in the supply: Produce has cubes to give
    s.resources[1] = 0
    s._legal = None
    start = s.resources[0]
    play(s, "IW: PRODUCE " + ("T" if s.available[0][2] else "O" if s.available[0][1] else "G"))
    assert s.resources[0] - start <= 3
    assert any(o.startswith("IE: PRODUCE") for o in options(s))  # East's own is still there
    play(s, "IE: PASS")
    assert not any(o.startswith("IW: PRODUCE") for o in options(s))  # not on East's card
    assert s.produced == [1, 0]
    rejects(s, "IW: PRODUCE G")


def test_sh_22_5_unit_transfer_gives_up_to_three_units_of_one_type():
    s = three_players_phase(1)
    play(s, "IW: GIVE O 3")
    assert s.available == [[3, 1, 2], [3, 7, 2]] and s.hourglasses == [1]
    rejects(s, "IW: GIVE O 1")  # East's turn now (SH-22.5)
    play(s, "IE: GIVE T 2")
    assert s.available == [[3, 1, 4], [3, 7, 0]] and s.hourglasses == [2]
    assert not any(o.startswith("IW: GIVE") for o in options(s))  # both cards used


def test_sh_22_6_green_camp_card_counts_each_camp():
    s = bare(players=3)
    s.camp = [[0, 6, 0], [0, 2, 0]]
    s.bag[1] -= 8
    at_phase(s, 6, step="ORDERS")
    play(s, "IW: PASS", "IE: PASS")
    assert s.hourglasses == [3]  # 6 units: 3 hourglasses; 2 units: none


# ----------------------------------------------------------------- 4 players (SH-23)


def test_sh_23_4_each_defender_receives_the_hourglasses_of_his_side():
    s = bare(players=4)
    at_phase(s, 2, res=10)
    s.resources, s.resource_supply = [10, 6], 0
    set_avail(s, t=1, i=0)
    set_avail(s, o=2, i=1)
    play(s, "IW: BUILD CAT R1 T", "IE: BUILD CAT R5 OO")
    assert s.hourglasses == [1, 2]


def test_sh_23_4_a_purchase_is_one_colour_and_locks_the_action():
    s = bare(players=4)
    at_window(s, 1, hg=2, d=0)
    s.hourglasses = [2, 2]
    play(s, "DW: PAY FG1")
    assert RULES.to_act(s) == 3  # SH-23.6 West, then East, alternately
    assert not any(o.startswith("DE: PAY FG1") for o in options(s))
    rejects(s, "DE: PAY FG1")
    play(s, "DE: PAY FG2", "DW: PAY FG1", "DE: PAY FG2")
    assert s.payer["FG1"] == 0 and s.payer["FG2"] == 1


def test_sh_23_2_building_effects_target_the_defenders_own_side():
    s = bare(players=4)
    s.paid["FG1"], s.payer["FG1"] = 6, 0  # of 7 (SH-16.3, Balance)
    at_window(s, 1, hg=1, d=0)
    targets = {o.split()[-1] for o in options(s) if o.startswith("DW: PAY FG1")}
    assert targets == {"S1", "S2", "S3", "S4"}


def test_sh_23_3_the_weaker_side_places_the_shared_stone():
    s = bare(players=4)
    s.walls["S1"] = [3, 0]
    s.stone_supply -= 3
    s.stage, s.pending = "INCOME", {}
    RULES._run(s, [])
    assert s.hourglasses == [1, 1] and RULES.to_act(s) == 3  # East has fewer wall elements


def test_sh_23_2_a_defender_moves_only_his_units_but_shares_the_interior():
    s = bare(players=4)
    put_def(s, "S2", so=1)
    put_def(s, "S7", so=1)
    at_window(s, 1, hg=1, d=0)
    mine = options(s)
    assert "DW: MOVE S2 CY S" in mine and "DW: MOVE BK S3 A" in mine
    assert not any(" S7 " in o or o.endswith(" S7 A") for o in mine)


# ----------------------------------------------------------------- Defender windows


def test_sh_6_2_the_defender_must_spend_every_hourglass():
    s = bare()
    at_window(s, 1, hg=2)
    assert all(not o.endswith("PASS") for o in options(s))
    play(s, "D: MOVE BK S1 A", "D: MOVE BK S1 A")
    assert s.hourglasses == [0] and s.stage == "P2"


def test_sh_17_2_gale_costs_one_more_hourglass_and_blocks_swaps():
    s = bare()
    put_def(s, "S3", a=1)
    put_def(s, "S4", so=1)
    ritual(s, "GAL", "S4")
    at_window(s, 1, hg=1)
    assert "D: MOVE BK S4 A" not in options(s)
    assert not any(o.startswith("D: SWAP S3") for o in options(s))
    s.hourglasses = [2]
    s._legal = None
    play(s, "D: MOVE BK S4 A")
    assert s.hourglasses == [0]


def test_sh_17_6_the_honour_guard_glory_is_lost_once_a_guard_leaves():
    s = bare()
    at_window(s, 1, hg=1)
    rejects(s, "D: MOVE CY HG S")
    play(s, "D: MOVE HG CY S")
    assert s.honour_guard_intact == 0


def test_sh_12_4_panic_kills_the_weakest_in_the_courtyard_at_once():
    s = bare()
    put_def(s, "CY", a=1, so=1)
    s.cards[0]["5"] = "5-3"
    at_phase(s, 5)
    set_avail(s, g=2)
    play(s, "I: RITUAL PAN -")
    assert s.defender_units["CY"] == [0, 1, 0]
    assert clean(s) == []


def test_sh_16_3_alarm_moves_three_units_from_inside_to_the_walls():
    s = bare()
    s.paid["WT2"], s.payer["WT2"] = 4, 0  # of 6 (SH-16.3, Balance)
    at_window(s, 1, hg=2)
    play(s, "D: PAY WT2", "D: PAY WT2")
    assert s.pending["alarm"] == 3 and RULES.to_act(s) == 1
    play(s, "D: ALARM BK S1 A", "D: ALARM BK S2 S", "D: ALARM WT S3 A")
    assert s.defender_units["S1"] == [1, 0, 0] and s.defender_units["S2"] == [0, 1, 0]
    assert s.stage == "P2" and clean(s) == []


def test_sh_inv_1_units_are_conserved_after_a_full_game():
    s = RULES.new_game({"players": 4}, 5)
    from game.core.rng import Rng

    rng = Rng(5)
    while not RULES.is_over(s):
        RULES.apply(s, RULES.random_action(s, rng))
    units = [
        s.bag[t]
        + s.supply[t]
        + sum(c[t] for c in s.camp)
        + sum(u[t] for u in s.units.values())
        + sum(u[t] for u in s.siege.values())
        for t in range(3)
    ]
    units[0] += s.blood
    assert units == list(INV_TOTAL)


def test_sh_2_4_no_throwing_machine_is_built_without_its_hit_cards_in_supply():
    s = bare(rnd=10)
    machine(s, "BAL", "R1")
    s.decks["R1"][0] += s.hit_supply  # gunners have put every other hit card in its deck
    s.gunners["R1"] = s.hit_supply
    s.hit_supply = 0
    at_phase(s, 2, res=6)
    set_avail(s, t=1)
    assert RULES.check_invariants(s) == []
    builds = [o for o in options(s) if o.startswith("I: BUILD")]
    assert not any(o.split()[2] in ("BAL", "CAT", "TRE") for o in builds), builds
    rejects(s, "I: BUILD BAL R2 T")
    s.hit_supply, s.decks["R1"][0], s.gunners["R1"] = 2, 11, 7  # two hit cards back
    s._legal = None
    assert "I: BUILD BAL R2 T" in options(s)


def test_sh_23_5_haste_reopens_an_action_for_the_defender_who_used_it_only():
    s = bare(players=4)
    s.paid["BK2"], s.payer["BK2"] = 4, 0  # of 6 (SH-16.3, Balance)
    at_window(s, 1, 4, d=0)
    s.hourglasses[1] = 4
    play(s, "DW: PAY BK2", "DE: MOVE BK CY A", "DW: PAY BK2")
    assert s.done["BK2"] == 1 and s.payer["BK2"] == 0
    play(s, "DE: HASTE BK2")
    assert s.pending["who"] == 0  # single actions alternate: West is next
    assert not any("BK2" in o for o in options(s))  # West bought it: not again
    rejects(s, "DW: PAY BK2")
    play(s, "DW: MOVE BK CY A")
    assert "DE: PAY BK2" in options(s)  # East, who used the Haste tile, may buy it
    play(s, "DE: PAY BK2")
    assert s.payer["BK2"] == 1


def test_sh_23_6_after_an_alarm_the_other_defender_spends_next():
    s = bare(players=4)
    s.paid["WT2"], s.payer["WT2"] = 4, 0  # of 6 (SH-16.3, Balance)
    at_window(s, 1, 3, d=0)
    s.hourglasses[1] = 3
    play(s, "DW: PAY WT2", "DE: MOVE BK CY A", "DW: PAY WT2")
    assert s.pending.get("alarm")
    play(s, "DW: ALARM BK S1 A", "DW: ALARM -")
    assert s.hourglasses == [1, 2] and RULES.to_act(s) == s.n_inv + 1  # East, then they alternate


def test_sh_23_4_the_invaders_choose_the_defender_who_gets_the_secret_order_hourglass():
    s = bare(players=4)
    at_phase(s, 6, step="ORDERS")
    secret = sorted(o for o in options(s) if "SECRET" in o)
    assert secret == ["IW: SECRET DE", "IW: SECRET DW"], secret
    rejects(s, "IW: SECRET")  # in four players the Defender must be named
    before = list(s.hourglasses)
    play(s, "IW: SECRET DE")  # the West Invader's hourglass to the East Defender
    assert s.hourglasses[1] == before[1] + 1 and s.hourglasses[0] == before[0]
    assert s.secret[0] == 1


def test_sh_22_8_the_lone_defender_pays_one_more_for_each_building_action():
    """SH-16.3 costs (+4 in Balance) and SH-22.8: with 3 players the one Defender, who
    receives both Invaders' hourglasses, pays 1 more; with 2 or 4 players he does not."""
    from game.games.stronghold import words
    from game.games.stronghold.common import action_cost

    for players, fg1, wk1 in ((2, 7, 6), (3, 8, 7), (4, 7, 6)):
        s = bare(players=players)
        assert (action_cost(s, "FG1"), action_cost(s, "WK1")) == (fg1, wk1)
        obs = RULES.observation(s, players - 1)
        assert words.action_cost(obs, "FG1") == fg1
    s = bare(players=3)
    s.paid["WK1"], s.payer["WK1"] = 6, 0  # of 7
    at_window(s, 1, hg=1)
    assert any(o.startswith("D: PAY WK1 S") for o in options(s))  # the 7th completes it
    s = bare(players=2)
    s.paid["WK1"], s.payer["WK1"] = 5, 0  # of 6
    at_window(s, 1, hg=1)
    assert any(o.startswith("D: PAY WK1 S") for o in options(s))
