"""A game in progress: play, record, undo and load."""

import pytest
from toygame import RULES, Bid

from game.core.contract import BadNotation, IllegalAction
from game.core.match import Match
from game.core.record import CorruptSave, replay
from game.core.rng import Rng


def new_match(seed: int = 2, seats=("human", "random")) -> Match:
    return Match.new(RULES, RULES.default_config(len(seats)), seed, list(seats))


def play_random(match: Match, count: int, rng: Rng) -> None:
    for _ in range(count):
        match.play(RULES.random_action(match.state, rng))


def test_play_appends_the_canonical_text_and_returns_the_events():
    match = new_match()
    seat = match.to_act()
    card = match.state.hands[seat][0]
    events = match.play(f" {'AB'[seat]}:BID   {card} ")
    assert match.record.actions == [f"{'AB'[seat]}: BID {card}"]
    assert (seat, "BID", "AB"[seat], card) in events
    assert match.actor(0) == seat
    assert card not in match.state.hands[seat]


@pytest.mark.parametrize("bad", ["A: BID 99", "B: BID 1 2", "nonsense", Bid("C", 1)])
def test_an_illegal_action_changes_neither_state_nor_record(bad):
    match = new_match()
    play_random(match, 3, Rng(1))
    state, actions = RULES.to_json(match.state), list(match.record.actions)
    with pytest.raises(IllegalAction):
        match.play(bad)
    assert RULES.to_json(match.state) == state and match.record.actions == actions


def test_bad_notation_is_an_illegal_action():
    with pytest.raises(BadNotation):
        new_match().play("A: FOLD")


def test_the_state_is_always_the_replay_of_the_record():
    match = new_match(7)
    rng = Rng(3)
    while match.to_act() is not None:
        match.play(RULES.random_action(match.state, rng))
        assert RULES.to_json(replay(RULES, match.record)) == RULES.to_json(match.state)
    with pytest.raises(IllegalAction):
        match.play("A: BID 1")


def test_undo_takes_back_the_last_human_action_and_the_computer_actions_after_it():
    match = new_match(4)
    play_random(match, 7, Rng(5))
    actors = [match.actor(i) for i in range(7)]
    last_human = max(i for i, seat in enumerate(actors) if seat == 0)
    assert last_human < 6  # the test game alternates the starter, so a computer bid follows
    assert match.undo([0]) is True
    assert len(match.record.actions) == last_human
    assert RULES.to_json(match.state) == RULES.to_json(replay(RULES, match.record))
    assert match.to_act() == 0


def test_undo_defaults_to_the_human_seats_of_the_record():
    match = new_match(4, seats=("random", "human"))
    play_random(match, 5, Rng(6))
    actors = [match.actor(i) for i in range(5)]
    assert match.undo() is True
    assert len(match.record.actions) == max(i for i, s in enumerate(actors) if s == 1)


def test_undo_repeatedly_back_to_the_start_then_refuses():
    match = new_match(8)
    play_random(match, 10, Rng(2))
    undos = 0
    while match.undo([0]):
        undos += 1
    assert undos == 5  # each seat bid five times in ten actions
    assert all(match.actor(i) == 1 for i in range(len(match.record.actions)))
    before = (RULES.to_json(match.state), list(match.record.actions))
    assert match.undo([0]) is False
    assert (RULES.to_json(match.state), list(match.record.actions)) == before


def test_undo_without_any_human_action_changes_nothing():
    match = new_match(3, seats=("random", "random"))
    play_random(match, 4, Rng(9))
    before = RULES.to_json(match.state)
    assert match.undo() is False
    assert RULES.to_json(match.state) == before and len(match.record.actions) == 4


def test_load_replays_and_does_not_share_the_record():
    match = new_match(11)
    play_random(match, 6, Rng(4))
    loaded = Match.load(RULES, match.record)
    assert RULES.to_json(loaded.state) == RULES.to_json(match.state)
    assert [loaded.actor(i) for i in range(6)] == [match.actor(i) for i in range(6)]
    loaded.play(RULES.random_action(loaded.state, Rng(1)))
    assert len(match.record.actions) == 6


def test_load_refuses_a_record_that_does_not_replay():
    match = new_match(11)
    play_random(match, 4, Rng(4))
    match.record.actions.append("A: BID 999")
    with pytest.raises(CorruptSave, match="action 5"):
        Match.load(RULES, match.record)
