"""RM-28 computer players of Runes of Mayhem: the policy's rules and the search's menu."""

from __future__ import annotations

from game.core.agents import make_agent
from game.core.rng import Rng
from game.games.runes_of_mayhem.ai import (
    _re_moves,
    _re_ranked,
    arrangement_score,
    policy_action,
    search_actions,
)
from game.games.runes_of_mayhem.content import is_castle
from game.games.runes_of_mayhem.rules import RULES as R
from tests.test_rm_examples import pos


def test_rm_28_2_arrangement_scores_the_class_wheel_and_formations():
    # Viking Spearmen face Anglo-Saxon Scouts (Spear beats Cavalry), Axemen face Riders
    # (Cavalry beats Melee)
    s = pos(
        step="RE", cells={"V11": "V-SPR#1", "V21": "V-AXE#1", "A11": "A-SCT#1", "A21": "A-RID#1"}
    )
    assert arrangement_score(s, 0, {}) == 2 - 2
    # a swap puts the Axemen before the Scouts... and the Spearmen before the Riders
    swapped = {"V-SPR#1": "V21", "V-AXE#1": "V11"}
    assert arrangement_score(s, 0, swapped) == -2 + 2
    # three Spearmen in row 1 make a formation (+3)
    s = pos(step="RE", cells={"V11": "V-SPR#1", "V21": "V-SPR#2", "V32": "V-SPR#3"})
    assert arrangement_score(s, 0, {"V-SPR#3": "V31"}) == 3


def _ranked_whole(s, legal) -> list:
    """The Reorganize actions best first, each arrangement scored whole."""
    me = R.decider(s)
    base = arrangement_score(s, me, {})
    whole = []
    for i, a in enumerate(legal):
        moves = _re_moves(a)
        wall = sum(0.5 if is_castle(c) else -0.5 for c, w in moves.items() if w.endswith("W"))
        gain = arrangement_score(s, me, moves) - base + wall - 0.01 * bool(moves)
        whole.append((gain, -i, a))
    return [a for _, _, a in sorted(whole, reverse=True)]


def test_rm_28_2_reorganize_ranking_scores_each_move_as_the_whole_arrangement_does():
    """The ranking rescores only the columns and rows a move touches: the same order as
    scoring every arrangement whole, in a formation made across rows and columns and on
    the Reorganize steps of random games (every module)."""
    s = pos(step="RE", cells={"V11": "V-SPR#1", "V21": "V-SPR#2", "V32": "V-SPR#3",
                              "A11": "A-SCT#1", "A31": "A-RID#1"})  # fmt: skip
    legal = R.legal_actions(s)
    assert _re_ranked(R, s, 0, legal) == _ranked_whole(s, legal)
    assert str(_re_ranked(R, s, 0, legal)[0]) == "V: RE V-SPR#3@V31"  # the formation
    met = 0
    for seed in range(6):
        s = R.new_game({"modules": ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]}, seed)
        rng = Rng(seed)
        while not R.is_over(s):
            legal = R.legal_actions(s)
            if s.step == "RE" and not s.tokens_to_return and len(legal) > 2:
                assert _re_ranked(R, s, R.decider(s), legal) == _ranked_whole(s, legal)
                met += 1
            R.apply(s, legal[rng.below(len(legal))])
    assert met > 50


def test_rm_28_2_reorganize_moves_the_front_to_beat_the_enemy():
    # Viking Axemen (Melee) in front of column 1 against Anglo-Saxon Fyrd Spearmen: the
    # Axemen already beat them; in column 2 Raiders (Cavalry) face Swordsmen (Melee):
    # they beat them too. Nothing to gain: the line is kept.
    s = pos(
        step="RE", cells={"V11": "V-AXE#1", "V21": "V-RDR#1", "A11": "A-FYR#1", "A21": "A-SWD#1"}
    )
    assert str(policy_action(R, s, Rng(1), 0.0)) == "V: RE -"
    # the other way round the Raiders lose to the Fyrd Spearmen and the Axemen only match
    # the Swordsmen: one swap wins both columns
    s = pos(
        step="RE", cells={"V11": "V-RDR#1", "V21": "V-AXE#1", "A11": "A-FYR#1", "A21": "A-SWD#1"}
    )
    a = policy_action(R, s, Rng(1), 0.0)
    assert a in R.legal_actions(s)
    assert str(a) == "V: RE V-AXE#1@V11 V-RDR#1@V21"


def _positions(n):
    """Positions met in greedy games (seeded)."""
    out = []
    for seed in range(n):
        s = R.new_game({}, seed)
        rng = Rng(seed)
        while not R.is_over(s):
            out.append(R.clone(s))
            R.apply(s, R.greedy_action(s, R.legal_actions(s), rng))
    return out


def test_rm_28_3_search_menu_is_small_and_keeps_the_policy_choice():
    for s in _positions(6):
        legal = R.legal_actions(s)
        menu = search_actions(R, s, legal)
        assert menu and set(menu) <= set(legal)
        assert policy_action(R, s, Rng(0), 0.0) in menu
        if s.step in ("MAIN", "RE"):
            assert len(menu) <= 7, (s.step, [str(a) for a in menu])
        elif any(a.verb == "SG" for a in legal):  # RM-11.3: a free siege is not passed up
            assert menu == [a for a in legal if a.verb not in ("CLOSE", "EC", "STOP")]
        else:
            assert menu == legal


def test_rm_28_3_hard_player_picks_a_legal_move_from_its_observation():
    s = _positions(1)[30]
    seat = R.to_act(s)
    agent = make_agent("ai:hard", 1, R, levels={"hard": {"iterations": 40, "millis": None}})
    before = R.to_json(s)
    a = agent.choose(R, R.observation(s, seat), R.legal_actions(s))
    assert a in R.legal_actions(s)
    assert R.to_json(s) == before
    assert agent.last_iterations == 40


ALL = ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]


def test_rm_28_2_greedy_players_use_the_modules():
    verbs, pits = set(), []
    for seed in range(6):
        s = R.new_game({"modules": ALL}, seed)
        rng = Rng(seed)
        while not R.is_over(s):
            a = R.greedy_action(s, R.legal_actions(s), rng)
            verbs.add(a.verb)
            if a.verb == "TRAP" and a.arg.startswith("TR-PIT"):
                u = s.module_data["trap_trigger"]["attacker"]
                # a Spiked Pit kills a triggering unit with 3 life or less left (option A)
                if R.cur_l(s, u) - s.units[u][0] <= 3:
                    assert a.arg.endswith("A")
                    pits.append(u)
            R.apply(s, a)
            assert R.check_invariants(s) == []
    # a computer seat keeps its base deck (RM-19.4), picks a King, builds, lays traps
    assert {"DECK", "KING", "BUILD", "FLIP", "LAY", "TRAP"} <= verbs, verbs


def test_rm_28_3_search_menu_holds_a_hire():
    for s in _positions_with(ALL, 4):
        legal = R.legal_actions(s)
        if any(a.verb == "HIRE" for a in legal):
            menu = search_actions(R, s, legal)
            assert sum(1 for a in menu if a.verb == "HIRE") >= 1
            return
    raise AssertionError("no position offered a hire")


def _positions_with(modules, n):
    out = []
    for seed in range(n):
        s = R.new_game({"modules": modules}, seed)
        rng = Rng(seed)
        while not R.is_over(s):
            if s.step == "MAIN":
                out.append(R.clone(s))
            R.apply(s, R.greedy_action(s, R.legal_actions(s), rng))
    return out


def test_rm_28_1_fight_oracle_counts_the_dice_exactly():
    from game.games.runes_of_mayhem.ai import fight_odds

    # Axemen 2/2 (Melee) on Fyrd Spearmen 2/4 (Spear): the Spearmen are at disadvantage
    # (no die); the Axemen need 2+ on their die (2, 2, 3: one half) and always fall to
    # the counterattack of 2
    s = pos(step="RESOLVE", cells={"V11": "V-AXE#1", "A11": "A-FYR#1"})
    assert fight_odds(R, s, "V-AXE#1", "A-FYR#1") == (0.5, 1.0)
    # Archers 2/3 (ranged) shoot: no counterattack; 2 + die >= 4 again one half
    s = pos(step="RESOLVE", cells={"V21": "V-AXE#1", "V22": "V-ARC#1", "A21": "A-FYR#1"})
    assert fight_odds(R, s, "V-ARC#1", "A-FYR#1") == (0.5, 0.0)


def test_rm_28_2_discard_only_when_a_card_cannot_be_paid_next_turn():
    from game.games.runes_of_mayhem.ai import _discard_choice

    # Onager costs 4g 2f: with 0 gold and 4 gold tokens it can be paid next turn
    s = pos(step="DISC", hand=(["V-ONG#1", "V-AXE#1"], []), tok=((4, 3), (4, 3)), faith=(0, 0))
    legal = R.legal_actions(s)
    assert _discard_choice(s, 0, legal).arg == "-"
    # with every token on faith, the 4 gold are out of reach: the lowest value per cost
    # goes, the Onager (8 for 6) before the Axemen (3 for 1)
    s = pos(step="DISC", hand=(["V-ONG#1", "V-AXE#1"], []), tok=((0, 7), (4, 3)))
    assert _discard_choice(s, 0, R.legal_actions(s)).arg == "V-ONG#1"
