"""Stronghold's computer players search whole plans (plans.py, ai.plan_choice): every plan
is legal step by step, the same seed makes the same choice, and the mistakes seen in
play against the hard level are not made again."""

from __future__ import annotations

from sh_positions import (
    assault_from,
    at_phase,
    at_window,
    bare,
    fresh,
    machine,
    put_def,
    put_inv,
    set_avail,
    wall,
)

from game.core.agents import ISMCTSAgent
from game.core.rng import Rng
from game.games.stronghold import plans
from game.games.stronghold.rules import RULES


def agent(seed: int = 3, iterations: int = 16) -> ISMCTSAgent:
    return ISMCTSAgent(seed, iterations=iterations, rollout_depth=6, trees=1)


def choose(s, ag) -> object:
    seat = RULES.to_act(s)
    return ag.choose(RULES, RULES.observation(s, seat), RULES.legal_actions(s))


def play_point(s, ag, limit: int = 60) -> list[str]:
    """The agent plays the decision point it is at (while its scope lasts)."""
    key = plans.scope(s)
    done = []
    while RULES.to_act(s) is not None and plans.scope(s) == key and len(done) < limit:
        a = choose(s, ag)
        RULES.apply(s, a)
        done.append(str(a))
        if key is None:
            break
    return done


def positions(n: int, seed: int):
    rng = Rng(seed)
    for g in range(n):
        s = RULES.new_game({"players": 2 + g % 3}, seed + g)
        for _ in range(rng.below(700)):
            if RULES.is_over(s):
                break
            RULES.apply(s, RULES.random_action(s, rng))
        if not RULES.is_over(s):
            yield s, rng


def test_every_plan_is_legal_step_by_step_and_stays_in_its_decision_point():
    tried = steps = 0
    kinds = set()
    for s0, rng in positions(36, 40):
        s = s0
        for _ in range(10):
            if RULES.is_over(s):
                break
            key = plans.scope(s)
            candidates = plans.candidate_plans(s)
            assert candidates and len(candidates) <= plans.PLAN_WIDTH
            assert len(set(candidates)) == len(candidates)
            for plan in candidates:
                c = RULES.clone(s)
                for k, a in enumerate(plan):
                    assert a in RULES.legal_actions(c), (str(a), [str(x) for x in plan])
                    assert plans.scope(c) == key  # every step but the first in the point
                    RULES.apply(c, a)
                    steps += 1
                    if k < len(plan) - 1:
                        assert plans.scope(c) == key
                tried += 1
            kinds.add(s.pending["kind"])
            RULES.apply(s, RULES.random_action(s, rng))
    assert tried > 200 and steps > tried
    assert {"PHASE", "WINDOW"} <= kinds


def test_the_same_seed_makes_the_same_choices():
    for s, _rng in positions(4, 70):
        a, b = agent(5), agent(5)
        first = [str(choose(RULES.clone(s), a))]
        again = [str(choose(RULES.clone(s), b))]
        assert first == again
        x, y = RULES.clone(s), RULES.clone(s)
        assert play_point(x, agent(8)) == play_point(y, agent(8))


def test_a_plan_is_followed_without_a_new_search():
    s = bare()
    put_inv(s, "GW", g=6, o=2)
    put_inv(s, "R2", g=3)
    put_inv(s, "R5", o=2)
    put_inv(s, "R6", g=2, t=1)
    at_phase(s, 6)
    s.mobilisation = None
    ag = agent()
    RULES.apply(s, "I: MAJOR")
    searched = followed = 0
    key = plans.scope(s)
    while plans.scope(s) == key:
        several = len(RULES.legal_actions(s)) > 1
        RULES.apply(s, choose(s, ag))
        if several and ag.plan_step:
            followed += 1
        elif several:
            searched += 1
    assert searched == 1 and followed >= 2


def test_a_plan_is_searched_anew_where_the_position_is_not_the_expected_one():
    """After an undo or a load the seat may see another position than its plan
    expected: the plan is not followed there."""
    s = bare()
    put_inv(s, "GW", g=6, o=2)
    at_phase(s, 6)
    RULES.apply(s, "I: MAJOR")
    RULES.apply(s, "I: NEXT")  # step 1: nothing on the ramparts
    ag = agent()
    before = RULES.clone(s)
    first = choose(s, ag)
    assert not ag.plan_step and ag.carry  # a plan with more steps
    other = next(a for a in RULES.legal_actions(before) if a.verb == "MOVE" and a != first)
    RULES.apply(before, other)  # not the step the plan played
    choose(before, ag)
    assert not ag.plan_step


# ----------------------------------------------------------------- the mistakes
def test_a_free_catapult_shot_is_taken():
    """SH-18.2.2: aiming costs nothing; ``AIM R2 -`` was chosen in play."""
    for seed in range(4):
        s = bare(seed=seed + 1)
        machine(s, "CAT", "R2")
        wall(s, "S3", stone=0)
        assault_from(s, "I2")
        assert s.pending["kind"] == "AIM"
        assert str(choose(s, agent(seed))) != "I: AIM R2 -"


def test_no_card_is_flipped_for_a_special_it_cannot_use_every_round():
    """SH-14.1: the hard level gave up its Phase 4 card for a transfer it never used; a
    card is flipped for good, so in round 1 (resources to gain, no throwing machine, no
    goblin in the supply) nothing is flipped."""
    for seed in range(3):
        s = RULES.new_game({"players": 2, "starter": True}, seed)
        assert s.pending["kind"] == "FLIP"
        assert str(choose(s, agent(seed))) == "I: NOFLIP"
    s = bare()
    machine(s, "CAT", "R5")
    s.stage, s.pending = "FLIP", {"kind": "FLIP", "who": 0}
    fresh(s)
    assert {p[0].args for p in plans.candidate_plans(s)} == {(), ("2",)}


def test_a_flipped_precise_shot_is_used():
    """SH-14.1: after flipping for Precise Shot the hard level passed Phase 2 without it."""
    s = bare()
    machine(s, "CAT", "R5")
    s.flipped[0] = [2]
    at_phase(s, 2)
    done = play_point(s, agent())
    assert done[0] == "I: PRECISE R5" and s.precise == ["R5"]


def test_secret_orders_are_paid_only_with_an_order_placed():
    """SH-13.6.3: an hourglass for secret orders and none placed."""
    s = bare()  # no unit on any section: no order can be placed
    put_inv(s, "R2", g=3)
    at_phase(s, 6, step="ORDERS")
    done = play_point(s, agent())
    assert not any("SECRET" in a for a in done) and s.hourglasses == [0]
    s = bare()
    put_inv(s, "S3", g=2, o=1)
    put_inv(s, "S6", o=1)
    at_phase(s, 6, step="ORDERS")
    done = play_point(s, agent(4))
    if any("SECRET" in a for a in done):
        assert any("HIDE" in a for a in done)


def test_a_full_camp_is_mobilised():
    """SH-13.5: 16 units left in the camp cost 6 hourglasses; the movement part was
    passed with them there."""
    s = bare()
    for k, n in enumerate((10, 4, 2)):
        s.bag[k] -= n
        s.camp[0][k] = n
    at_phase(s, 6)
    fresh(s)
    ag = agent()
    first = choose(s, ag)
    assert first.verb in ("MINOR", "MAJOR")
    RULES.apply(s, first)
    while s.stage == "P6" and s.pending.get("step") == "MOVE":
        RULES.apply(s, choose(s, ag))
    assert sum(s.camp[0]) < 8


def test_the_archers_shoot_at_the_goblins_both_can_reach():
    """SH-18.2.6: two tower archers shot at an empty rampart while 5 goblins stood on one
    both could hit."""
    s = bare()
    put_def(s, "T23", a=1)
    put_def(s, "T34", a=1)
    put_inv(s, "R2", g=5)
    assault_from(s, "I3", hold=False)
    assert s.pending["kind"] == "SHOOT"
    done = play_point(s, agent())
    shots = [a for a in done if "SHOOT" in a]
    assert sorted(shots) == ["D: SHOOT T23 R2", "D: SHOOT T34 R2"]


def test_the_volley_goes_where_it_kills():
    """An orc needs two fire points (SH-18.2.6): two archers that both reach it kill it;
    one archer per rampart would kill nothing."""
    s = bare()
    put_def(s, "T23", a=1)
    put_def(s, "T34", a=1)
    put_inv(s, "R2", o=1)
    put_inv(s, "R3", o=1)
    assault_from(s, "I3", hold=False)
    p = plans.candidate_plans(s)[0]
    targets = [a.args[1] for a in p if a.verb == "SHOOT"]
    assert len(targets) == 2 and len(set(targets)) == 1


def test_hourglasses_complete_a_purchase_instead_of_spreading():
    """SH-6.4: the hard level spread hourglasses over five purchases, completing none."""
    for seed in range(3):
        s = bare(seed=seed + 1)
        put_def(s, "S3", a=1, so=1)
        put_inv(s, "R2", g=2, o=2)
        at_window(s, 1, hg=4)
        play_point(s, agent(seed))
        begun = [c for c, n in s.paid.items() if n and not s.done[c]]
        assert len(begun) <= 1, begun
        assert s.hourglasses == [0]


def test_cauldrons_match_the_kind_that_attacks():
    """SH-16.3: a goblin or troll cauldron on walls attacked only by orcs kills nothing."""
    for seed in range(3):
        s = bare(seed=seed + 1)
        put_inv(s, "S3", o=2)
        put_inv(s, "R2", o=4)
        put_inv(s, "R5", o=3)
        put_def(s, "S3", so=1)
        for code in ("WK1", "WK2", "WK3", "WK4", "SQ1", "SQ2", "SQ3", "CT1", "CT2"):
            s.done[code] = 1  # used this round: the forge's actions are left
        at_window(s, 1, hg=6)
        done = play_point(s, agent(seed))
        assert not any(a.startswith(("D: PAY FG1", "D: PAY FG3")) for a in done), done
        assert set(s.cauldrons.values()) <= {"O"}


def test_a_begun_cauldron_is_finished_where_its_kind_comes():
    """SH-16.3 / SH-6.4: the last hourglass of an orc cauldron completes it next to the
    orc, not on an empty section (the hard level put one where no orc was)."""
    from game.games.stronghold.common import action_cost

    for seed in range(3):
        s = bare(seed=seed + 1)
        put_inv(s, "R3", o=1)
        put_inv(s, "R1", t=2)
        s.paid["FG2"] = action_cost(s, "FG2") - 1
        at_window(s, 5, hg=1)
        offered = {p[0] for p in plans.candidate_plans(s)}
        assert {str(a) for a in offered if a.verb == "PAY"} <= {"D: PAY FG2 S3", "D: PAY FG2 S4"}
        done = play_point(s, agent(seed))
        pays = [a for a in done if a.startswith("D: PAY")]
        assert pays and all(a in ("D: PAY FG2 S3", "D: PAY FG2 S4") for a in pays), done


def test_a_goblin_frenzy_counts_in_the_threat_of_its_section():
    """SH-13.6: under Goblin Frenzy each goblin has strength 3; the hard Defender left a
    section empty where five frenzied goblins then broke in."""
    from game.games.stronghold import ai

    s = bare()
    put_inv(s, "S3", g=4)
    put_inv(s, "S6", o=3)
    assert ai.target_section(s) == "S6"
    s.orders["S3"] = ["FRZ", 1, 0]
    fresh(s)
    assert ai.target_section(s) == "S3"


# ----------------------------------------------------------------- the plans offered
def test_a_window_offers_plans_that_hold_each_attacked_section():
    """SH-19.1: two sections attacked by two orcs each (A 4, a stone wall): an archer sent
    to each is breached (4 - 2 > 1), all three units on one leaves the other breached;
    a soldier on each holds both (4 - 3 <= 2).  That plan is offered, and chosen."""
    s = bare()
    put_inv(s, "S2", o=2)
    put_inv(s, "S7", o=2)
    wall(s, "S2", 1)
    wall(s, "S7", 1)
    put_def(s, "CY", a=2, so=3)
    at_window(s, 6, hg=3)
    assert plans.breach_needs(s) == {"S2": 3, "S7": 3}
    offered = [sorted(str(a) for a in p if a.verb == "MOVE") for p in plans.candidate_plans(s)]
    assert ["D: MOVE CY S2 S", "D: MOVE CY S7 S"] in offered
    for seed in range(2):
        c = RULES.clone(s)
        done = play_point(c, agent(seed, iterations=24))
        assert {"D: MOVE CY S2 S", "D: MOVE CY S7 S"} <= set(done)
        assert not c.breached and not RULES.is_over(c)  # the Assault that followed


def test_plans_concentrate_on_different_sections():
    """The plans of a window are not one set of moves in several orders: each of the most
    threatened sections is the focus of one."""
    s = bare()
    put_inv(s, "R2", o=3)
    put_inv(s, "R6", o=3)
    put_def(s, "CY", a=2, so=2)
    at_window(s, 1, hg=3)
    offered = plans.candidate_plans(s)
    ends = {frozenset(a.args[1] for a in p if a.verb == "MOVE") for p in offered}
    assert len(ends) >= 3
    assert len({tuple(sorted(map(str, p))) for p in offered}) == len(offered)


def test_an_invader_phase_offers_to_pass_early():
    """SH-6.1: each unit placed on an action hands the Defender an hourglass, so playing
    fewer actions is a plan too: passing at once is offered beside the full phase."""
    s = bare()
    set_avail(s, g=6, o=3, t=1)
    at_phase(s, 2, res=4)
    offered = plans.candidate_plans(s)
    assert ("I: PASS",) in [tuple(str(a) for a in p) for p in offered]
    assert max(len(p) for p in offered) > 1


def test_the_search_compares_plans_on_the_same_worlds():
    """Common random numbers: a plan offered twice gets the same rewards, so the first
    of two equal plans is chosen whatever the seed (sequential halving keeps both)."""
    from game.games.stronghold import ai

    s = bare()
    put_inv(s, "S2", o=2)
    put_def(s, "CY", a=1, so=1)
    at_window(s, 6, hg=1)
    obs = RULES.observation(s, 1)
    one = ("D: MOVE CY S2 S",)
    two = ("D: MOVE CY S2 A",)
    options = [tuple(RULES.parse_action(x) for x in p) for p in (two, one, one)]
    for seed in range(3):
        ag = agent(seed, iterations=12)
        best = ai._search_plans(RULES, obs, options, ag, Rng(seed))
        assert ag.last_iterations == 12
        assert best == options[1]  # the soldier holds S2 (4 - 4 <= 2); the archer not


def test_the_playouts_defender_holds_an_attacked_section():
    """The search's playout policy: in window 6 a soldier goes to the section two orcs
    would breach (4 - 1 > 0 with nobody there, SH-19.1), before any rated move."""
    s = bare()
    put_inv(s, "S7", o=2)
    wall(s, "S7", 1)
    put_def(s, "CY", a=1, so=1)
    at_window(s, 6, hg=2)
    for seed in range(5):
        assert str(plans.rollout_action(RULES.clone(s), Rng(seed))) == "D: MOVE CY S7 S"
    from game.games.stronghold import ai

    wall(s, "S7", 4, 1)  # now held (4 - 5 < 0): the rated policy plays
    for seed in range(5):
        c = RULES.clone(s)
        assert plans.rollout_action(c, Rng(seed)) == ai.policy_action(c, Rng(seed))


def test_a_stopped_plan_search_ends_within_a_few_iterations():
    """A cancelled search (a hint asked for before the person moved): the plan search asks
    the agent's ``stop`` every STOP_EVERY iterations and ends at once, keeping no plan."""
    from game.core.agents.ismcts import STOP_EVERY

    s = bare()
    put_inv(s, "GW", g=6, o=2)
    put_inv(s, "R2", g=3)
    put_inv(s, "R5", o=2)
    at_phase(s, 6)
    RULES.apply(s, "I: MAJOR")
    whole = agent(iterations=96)
    choose(RULES.clone(s), whole)
    assert whole.last_iterations > 4 * STOP_EVERY and whole.carry is not None
    asked = []
    cut = agent(iterations=96)
    cut.stop = lambda: asked.append(1) or True
    a = choose(RULES.clone(s), cut)
    assert a in RULES.legal_actions(s)
    assert cut.last_iterations == STOP_EVERY == STOP_EVERY * len(asked)
    assert cut.stopped and cut.carry is None


def test_a_window_offers_a_plan_that_wins_the_melee_it_would_lose():
    """SH-18.5.4: two orcs (A 4) on S2 against a soldier and two stone walls (D 4, one
    unit) are no breach (SH-19.1), but a melee not won kills no attacker, and one lost
    costs the Defender units worth the advantage, round after round: beside the plan
    that only holds, one goes on to make him win it (A - D < 0) with one unit more."""
    s = bare()
    put_inv(s, "S2", o=2)
    wall(s, "S2", 2)
    put_def(s, "S2", so=1)
    put_def(s, "CY", so=3)
    at_window(s, 6, hg=3)
    assert plans.breach_needs(s) == {"S2": -2}  # held
    assert plans.breach_needs(s, win=True) == {"S2": 0}  # not won

    def after(plan):
        c = RULES.clone(s)
        for a in plan:
            if a.verb == "MOVE":  # the window's last hourglass would start the Assault
                RULES.apply(c, a)
        return plans.breach_needs(c, win=True)["S2"]

    key = plans.scope(s)
    held = plans.extend(s, [], key, plans._hold)
    won = plans.extend(s, [], key, plans._hold_win)
    assert after(held) >= 0 > after(won)
    assert won in plans.candidate_plans(s)
    assert sum(a.verb == "MOVE" for a in won) == 1  # the one unit that makes it a win


def test_the_honour_guard_holds_a_section_only_where_no_other_unit_can():
    """SH-20.4: the Honour Guard's soldiers earn a glory a round from round 6 while they
    never moved, but a breach ends the game (SH-1.4): the hold plan sends a soldier of
    the courtyard first, and a guard only where nobody else is left to send."""
    s = bare()
    put_inv(s, "S2", o=3)
    wall(s, "S2", 1)
    for pos in ("CY", "BK", "WT"):
        s.defender_units[pos] = [0, 0, 0]
    put_def(s, "CY", so=1)
    at_window(s, 6, hg=3)
    assert s.defender_units["HG"][1] == 2 and plans.breach_needs(s)["S2"] > 0
    legal = RULES.legal_actions(s)
    assert any(a.verb == "MOVE" and a.args[0] == "HG" for a in legal)
    assert str(plans.hold_move(s, legal)) == "D: MOVE CY S2 S"
    s.defender_units["CY"] = [0, 0, 0]
    s.heroes = {"OFF": "S8", "WAR": "S9"}  # (far from S2: no hero to send either)
    fresh(s)
    move = plans.hold_move(s, RULES.legal_actions(s))
    assert move is not None and move.args[0] == "HG" and move.args[1] == "S2"


def test_a_plan_never_sends_a_defender_back_where_it_came_from():
    """SH-17.2: each move costs an hourglass; a plan that moved an archer from a wall to
    a tower and back had spent two for nothing (seen in play: the ratings liked both
    moves).  Even a rule that asks for the way back is not given it."""
    s = bare()
    put_def(s, "S2", a=1)
    at_window(s, 1, hg=4)
    out = RULES.parse_action("D: MOVE S2 T12 A")
    back = RULES.parse_action("D: MOVE T12 S2 A")

    def homesick(c, legal, focus=None):
        return back if back in legal else legal[0]

    c = RULES.clone(s)
    RULES.apply(c, out)
    assert back in RULES.legal_actions(c)
    plan = plans.extend(s, [out], plans.scope(s), homesick)
    assert plan[0] == out and back not in plan and len(plan) == 4


def test_the_defenders_search_finds_the_soldier_that_holds_a_section():
    """The Defender's plan search (sequential halving on common worlds, his archers and
    cauldrons counted where a playout stops) picks the soldier that keeps S2 from a
    breach (SH-19.1) over three archers sent to calm sections, whichever comes first."""
    from game.games.stronghold import ai

    s = bare()
    put_inv(s, "S2", o=2)
    put_def(s, "CY", a=2, so=1)
    at_window(s, 6, hg=1)
    obs = RULES.observation(s, 1)
    calm = [(RULES.parse_action(f"D: MOVE CY {sec} A"),) for sec in ("S8", "S9", "S7")]
    hold = (RULES.parse_action("D: MOVE CY S2 S"),)
    for seed in range(2):
        for options in ([*calm, hold], [hold, *calm]):
            ag = agent(seed, iterations=24)
            best = ai._search_plans(RULES, obs, options, ag, Rng(seed), defender=True)
            assert best == hold


def test_a_full_section_is_held_by_a_swap():
    """SH-17.3: a section full of archers (capacity 4, SH-17.2) cannot take one more unit,
    but one of its archers can change places with a soldier of the next section for one
    hourglass: +1 strength and +1 D_units there, enough against a breach by one (SH-19.1).
    The hold move finds the swap (seen in play: an archer was sent in after a platform,
    and the wall fell by one point)."""
    s = bare()
    put_inv(s, "S2", g=2, o=4)  # A = 10
    put_def(s, "S2", a=4)  # D = 4 + 1 wall, D_units 4: 10 - 5 > 4, a breach by one
    wall(s, "S2", 1)
    put_def(s, "S3", so=1)
    for pos in ("CY", "BK", "WT"):
        s.defender_units[pos] = [0, 0, 0]
    s.heroes = {"OFF": "S8", "WAR": "S9"}
    at_window(s, 6, hg=1)
    assert plans.breach_needs(s) == {"S2": 1}
    legal = RULES.legal_actions(s)
    assert not any(a.verb == "MOVE" and a.args[1] == "S2" for a in legal)  # S2 is full
    swap = plans.hold_move(s, legal)
    assert str(swap) == "D: SWAP S2 A S3 S"
    assert any(plan[0] == swap for plan in plans.candidate_plans(s))  # a plan holds S2
    RULES.apply(s, swap)
    assert plans.breach_needs(s) == {"S2": -1}  # held
