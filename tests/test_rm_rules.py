"""Runes of Mayhem rules the worked examples do not reach, one test per rule."""

from __future__ import annotations

from game.games.runes_of_mayhem.rules import RULES as R
from tests.test_rm_examples import bad, ok, pos
from tests.test_rm_modules import legal as _legal


def test_rm_16_9_lock_is_the_vikings_choice():
    # "the Viking may choose one Anglo-Saxon production token" (RM-0.3: may = he chooses)
    s = pos(gold=(5, 0), hand=(["V-LOO#1"], []), tok=((4, 3), (3, 4)))
    plays = [a for a in _legal(s) if a.startswith("V: PLAY V-LOO#1@V31")]
    assert plays == ["V: PLAY V-LOO#1@V31", "V: PLAY V-LOO#1@V31 LOCK g",
                     "V: PLAY V-LOO#1@V31 LOCK f"]  # fmt: skip
    ok(s, "V: PLAY V-LOO#1@V31")
    assert s.tokens[1] == [3, 4] and s.units["V-LOO#1"][3] == ""
    # with no token on either card nothing can be locked: only the plain play
    s = pos(gold=(5, 0), hand=(["V-LOO#1"], []), tok=((4, 3), (0, 0)))
    assert [a for a in _legal(s) if a.startswith("V: PLAY V-LOO#1@V31")] == ["V: PLAY V-LOO#1@V31"]
    bad(s, "V: PLAY V-LOO#1@V31 LOCK g")


def test_rm_16_3_thick_hide_works_on_the_battlefield_only():
    # Aethelnoth's Heroic Arrival: 2 damage to each unit on the enemy Wall
    s = pos(active=1, gold=(0, 5), faith=(0, 5), wall=(["V-BEA#1"], []), hand=([], ["A-AEN#1"]))
    ok(s, "A: PLAY A-AEN#1@A21")
    assert s.units["V-BEA#1"][0] == 2  # on the Wall the Bear Warrior has no working ability
    # a direct shot of 2 + [2] at the Bear Warrior: 4 on the Wall, 3 on the Battlefield
    s = pos(active=1, gold=(0, 5), wall=(["V-BEA#1"], []), hand=([], ["A-BOW#1"]), dice=[2])
    ok(s, "A: PLAY A-BOW#1@A21 DS>VW:V-BEA#1")
    assert s.units["V-BEA#1"][0] == 4
    s = pos(active=1, gold=(0, 5), cells={"V21": "V-BEA#1"}, hand=([], ["A-BOW#1"]), dice=[2])
    ok(s, "A: PLAY A-BOW#1@A21 DS>V21")
    assert s.units["V-BEA#1"][0] == 3


def test_rm_8_2_a_wall_unit_and_a_field_unit_swap_places_whichever_sorts_first():
    s = pos(step="RE", cells={"V21": "V-AXE#1", "A21": "A-SWD#1"},
            wall=(["V-SPR#1", "V-SPR#2"], []))  # fmt: skip
    assert "V: RE V-AXE#1@VW V-SPR#1@V21" in _legal(s)  # the Wall is full: a swap only
    assert "V: RE V-AXE#1@VW" not in _legal(s)
    s = pos(step="RE", cells={"V21": "V-SPR#3", "A21": "A-SWD#1"},
            wall=(["V-AXE#1", "V-AXE#2"], []))  # fmt: skip
    assert "V: RE V-AXE#1@V21 V-SPR#3@VW" in _legal(s)


def test_rm_5_6_the_mulligans_are_secret_until_both_are_made():
    from game.core.rng import Rng

    s = R.new_game({}, 7)
    hand = sorted(s.hand[0])
    log = []
    R.apply(s, f"V: MULL {hand[0]},{hand[1]},{hand[2]}", log)
    assert [e for e in log if e[0] == -1 and e[1] != "ACT"] == []  # nothing public yet
    theirs = R.observation(s, 1)
    assert theirs["mulled"] == [-1, -1] and theirs["hand_sizes"][0] == 5
    assert theirs["aside_sizes"][0] == 0
    assert R.observation(s, 0)["aside_sizes"][0] == 3  # the Viking sees his own choice
    guess = R.determinize(theirs, Rng(1))
    assert len(guess.hand[0]) == 5 and R.check_invariants(guess) == []
    R.apply(s, "A: MULL -", log)
    assert s.mulled == [3, 0] and len(s.hand[0]) == 5 and R.observation(s, 1)["mulled"] == [3, 0]


def test_rm_17_4_a_player_concedes_at_any_of_his_decisions():
    import pytest

    from game.core.contract import IllegalAction
    from game.core.rng import Rng

    s = R.new_game({"modules": ["K", "X5", "X7"]}, 3)
    rng = Rng(3)
    for _ in range(150):  # into the game: a Main phase or a combat, whoever decides
        R.apply(s, R.random_action(s, rng))
    me = R.decider(s)
    assert R.concession(s, 1 - me) is None  # not at the other side's decision
    bad(s, f"{'VA'[1 - me]}: CONCEDE")
    assert all(a.verb != "CONCEDE" for a in R.legal_actions(s))  # not a move agents take
    log = []
    R.apply(s, f"{'VA'[me]}: CONCEDE", log)
    assert R.is_over(s) and R.winners(s) == [1 - me] and s.end == "CONCEDED"
    assert log == [(-1, "ACT", f"{'VA'[me]}: CONCEDE"), (-1, "WIN", "VA"[1 - me], "CONCEDED")]
    assert R.check_invariants(s) == [] and R.legal_actions(s) == []
    with pytest.raises(IllegalAction):
        R.apply(s, f"{'VA'[1 - me]}: CONCEDE")  # the game is over
    s = R.new_game({}, 4)  # at the very first decision too (the Viking's mulligan)
    R.apply(s, R.concession(s, 0))
    assert R.winners(s) == [1] and R.check_invariants(s) == []


def test_rm_5_7_a_split_not_of_seven_tokens_is_notation_but_refused_by_the_rule():
    import pytest

    from game.core.contract import IllegalAction
    from game.games.runes_of_mayhem.verbs import parse_action

    s = R.new_game({}, 7)
    R.apply(s, "V: MULL -")
    R.apply(s, "A: MULL -")
    assert s.step == "TOK"
    assert parse_action("V: TOK 5/5").arg == "5/5"  # well formed: 0-7 on each card
    for split in ("5/5", "3/3", "0/0"):
        before = R.to_json(s)
        with pytest.raises(IllegalAction) as refused:
            R.apply(s, f"V: TOK {split}")
        assert refused.value.rule == "RM-5.7"
        assert R.to_json(s) == before
    R.apply(s, "V: TOK 3/4")
    assert R.check_invariants(s) == []


def test_rm_14_2_tokens_move_again_after_any_other_action_of_the_main_phase():
    s = pos(gold=(3, 0), hand=(["V-AXE#1"], []), tok=((4, 3), (4, 3)))
    ok(s, "V: MOVE g>f 1")
    assert s.tokens[0] == [3, 4]
    bad(s, "V: MOVE f>g 1")  # moves in a row are one move: "V: MOVE g>f 2" at once
    assert not [a for a in _legal(s) if a.startswith("V: MOVE")]
    ok(s, "V: PLAY V-AXE#1@V21")
    assert "V: MOVE f>g 4" in _legal(s)  # after a play he may move again, any amount
    ok(s, "V: MOVE f>g 4")
    assert s.tokens[0] == [7, 0]


def test_rm_14_2_a_token_returned_after_a_move_can_be_moved_in_the_same_phase():
    # a direct shot fells the Looter holding one of A's gold tokens after A's move
    s = pos(active=1, gold=(0, 5), cells={"V11": "V-LOO#1"}, hand=([], ["A-BOW#1"]),
            tok=((4, 3), (3, 3)), dice=[3])  # fmt: skip
    s.units["V-LOO#1"][3] = "g"
    ok(s, "A: MOVE g>f 3")
    ok(s, "A: PLAY A-BOW#1@A12 DS>V11", "A: RET f")
    assert s.tokens[1] == [0, 7]
    ok(s, "A: MOVE f>g 4")
    assert s.tokens[1] == [4, 3]


def _line(s, side):
    me = "VA".index(side)
    out = {cell: c for cell, c in s.cells.items() if cell[0] == side}
    out[side + "W"] = sorted(s.wall[me])
    return out


def test_rm_8_2_a_whole_arrangement_built_a_move_at_a_time_is_one_legal_action():
    s = pos(step="RE", cells={"V11": "V-AXE#1", "V21": "V-SPR#1", "V31": "V-HRS#1",
                              "A21": "A-SWD#1"}, wall=(["V-AXE#2"], []))  # fmt: skip
    assert R.build_on(s, R.parse_action("V: RE -")) is None
    first = R.parse_action("V: RE V-AXE#1@V12")
    shown, more = R.build_on(s, first)
    assert shown.step == "RE" and s.cells["V11"] == "V-AXE#1"  # the game is untouched
    assert shown.cells["V12"] == "V-AXE#1" and "V11" not in shown.cells
    steps = {str(step): whole for step, whole in more}
    assert "V: RE V-AXE#1@V22" in steps  # the moves and swaps of the new line, but
    assert "V: RE V-AXE#1@V11" not in steps  # not one that puts every unit back
    # a three-way rotation of the front row, one swap at a time: no single menu action
    whole = R.parse_action("V: RE V-AXE#1@V21 V-SPR#1@V11")
    assert whole in R.legal_actions(s)
    shown, more = R.build_on(s, whole)
    whole = dict((str(st), w) for st, w in more)["V: RE V-HRS#1@V11 V-SPR#1@V31"]
    assert str(whole) == "V: RE V-AXE#1@V21 V-HRS#1@V11 V-SPR#1@V31"
    assert whole not in R.legal_actions(s)
    for _, w in more:  # every whole arrangement offered is legal as one action
        t = s.clone()
        R.apply(t, w)
        assert t.step != "RE" and R.check_invariants(t) == []
    before = _line(R.build_on(s, whole)[0], "V")
    ok(s, str(whole))
    assert _line(s, "V") == before
    assert [s.cells[c] for c in ("V11", "V21", "V31")] == ["V-HRS#1", "V-AXE#1", "V-SPR#1"]


def test_rm_12_4_a_ranged_card_replayed_in_its_turn_has_no_second_shot():
    # Bowmen shoot as they come in, are sacrificed, and Odda of Devon takes them back
    # to hand: played again this turn they come in without a direct shot (RM-12.4,
    # RM-INV-10), anywhere on the field, and the play itself stays legal.
    s = pos(
        active=1,
        gold=(0, 8),
        faith=(0, 8),
        hand=([], ["A-BOW#1", "A-ODD#1"]),
        cells={"V21": "V-VAN#1", "V22": "V-VAN#2"},
        dice=[1],
    )
    ok(s, "A: PLAY A-BOW#1@A32 DS>V21", "A: SAC A32", "A: PLAY A-ODD#1@A22 HA>A-BOW#1")
    assert "A-BOW#1" in s.hand[1]
    plays = [a for a in _legal(s) if a.startswith("A: PLAY A-BOW#1@")]
    assert plays and not [a for a in plays if " DS>" in a]
    assert "A: PLAY A-BOW#1@A32" in plays
    bad(s, "A: PLAY A-BOW#1@A32 DS>V22")
    bad(s, "A: PLAY A-BOW#1@A31 DS>VF")
    ok(s, "A: PLAY A-BOW#1@A32")
    assert s.units["A-BOW#1"][2] == 0 and s.strength_points[0] == 40
    # the next turn's play of a fresh Bowmen has its shot again
    s = pos(active=1, gold=(0, 2), hand=([], ["A-BOW#2"]), cells={"V21": "V-VAN#1"})
    assert "A: PLAY A-BOW#2@A32 DS>V21" in _legal(s)


# --- an action given as a value is read as its text is (RM-26.4) ----------------------


def _refused(s, action, error):
    import pytest

    before = R.to_json(s)
    with pytest.raises(error) as err:
        R.apply(s, action)
    assert R.to_json(s) == before
    return str(err.value)


def test_rm_26_4_an_action_value_is_checked_as_its_text_a_cell_that_does_not_exist():
    from game.core.contract import BadNotation
    from game.games.runes_of_mayhem.verbs import RMAction

    s = pos(step="RE", cells={"V21": "V-AXE#1", "A21": "A-SWD#1"})
    # the value for a cell V99 was put on the field (the text was refused): both refused now
    _refused(s, RMAction("V", "RE", "V-AXE#1@V99"), BadNotation)
    _refused(s, "V: RE V-AXE#1@V99", BadNotation)
    _refused(s, RMAction("V", "RE", "garbage"), BadNotation)  # was a ValueError
    _refused(s, RMAction("V", "RE", "V-AXE#1@V22 V-SPR#1@V21 "), BadNotation)  # not canonical
    _refused(s, RMAction("V", "RE", ["V-AXE#1@V22"]), BadNotation)  # a list, not text
    _refused(s, RMAction("V", "CONCEDE", "now"), BadNotation)
    ok(s, RMAction("V", "RE", "V-AXE#1@V22"))  # the same move in its canonical form
    assert s.cells.get("V22") == "V-AXE#1"


def test_rm_inv_2_a_unit_in_a_cell_that_does_not_exist_breaks_the_invariants():
    s = pos(step="RE", cells={"V21": "V-AXE#1", "A21": "A-SWD#1"})
    assert R.check_invariants(s) == []
    s.cells["V99"] = s.cells.pop("V21")  # tampered: RM-4.1 has 3 x 3 cells a side
    assert any(m.startswith("RM-INV-2: V-AXE#1 in V99") for m in R.check_invariants(s))


def test_rm_8_2_a_unit_moved_to_where_it_stands_is_refused_no_change_is_re_dash():
    # RM-8.2: the arrangement is taken "as one action, or 'no change'" (``RE -``): keeping
    # the line is the pass, a unit listed as moving to its own place is no move
    from game.core.contract import IllegalAction

    s = pos(step="RE", cells={"V21": "V-AXE#1", "A21": "A-SWD#1"},
            wall=(["V-SPR#1"], []))  # fmt: skip
    for text in ("V: RE V-AXE#1@V21", "V: RE V-SPR#1@VW", "V: RE V-AXE#1@V21 V-SPR#1@V22"):
        why = _refused(s, text, IllegalAction)
        assert "already stands in" in why and why.endswith("(RM-8.2)")
    assert "V: RE V-AXE#1@V21" not in _legal(s)
    ok(s, "V: RE V-AXE#1@V22 V-SPR#1@V21")  # a real move of both is taken
    s = pos(step="RE", cells={"V21": "V-AXE#1", "A21": "A-SWD#1"})
    ok(s, "V: RE -")  # the no-change pass stays
    assert s.step != "RE" and s.cells["V21"] == "V-AXE#1"


def test_rm_17_4_a_concession_at_every_setup_decision_keeps_the_invariants():
    # X1 deck building, K (Kings), X6 and X7 (trap and tower decks set out at RM-5 step 4),
    # the mulligans and the token split: conceding at any of them ends a game that passes
    # RM-31 (the set-up stays where it stood) and is saved and loaded as it is
    import json

    from game.core.rng import Rng

    steps = set()
    for seed in range(3):
        s = R.new_game({"modules": ["K", "X1", "X6", "X7"]}, seed)
        rng = Rng(seed)
        while s.turn == 0:
            for seat in (0, 1):
                if R.decider(s) != seat:
                    continue
                steps.add(s.step)
                c = R.clone(s)
                R.apply(c, R.concession(c, seat))
                assert R.winners(c) == [1 - seat] and R.check_invariants(c) == [], s.step
                back = R.from_json(json.loads(json.dumps(R.to_json(c))))
                assert R.check_invariants(back) == [] and R.is_over(back)
            R.apply(s, R.random_action(s, rng))
    assert steps == {"DECK", "KING", "MULL", "TOK"}


def test_rm_17_1_a_freed_token_not_yet_returned_stays_counted_when_the_game_ends():
    # RM-16.9: a fallen Looter's token goes back; the Anglo-Saxon is to return it when he
    # concedes (RM-17.4): nothing pending is resolved (RM-17.1), RM-INV-4 still counts 7
    s = pos(step="MAIN", active=1, tok=((4, 3), (3, 3)))
    s.tokens_to_return = 1
    assert R.decider(s) == 1 and R.check_invariants(s) == []
    ok(s, R.concession(s, 1))
    assert R.winners(s) == [0] and s.tokens_to_return == 1
