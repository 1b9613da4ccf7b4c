"""Hadrian's Wall computer-player knowledge: policy legality, heuristic range."""

from game.core.rng import Rng
from game.games.hadrians_wall.ai import heuristic, policy_action
from game.games.hadrians_wall.rules import RULES


def test_hw_policy_always_chooses_a_legal_action_and_beats_random_play():
    rng = Rng(8)
    wins = 0.0
    games = 120
    for g in range(games):
        state = RULES.new_game({"players": 2}, g)
        policy_seat = g % 2
        while not RULES.is_over(state):
            if RULES.to_act(state) == policy_seat:
                action = policy_action(state, rng)
                assert action in RULES.legal_actions(state)
            else:
                action = RULES.random_action(state, rng)
            RULES.apply(state, action)
        winners = RULES.winners(state)
        if policy_seat in winners:
            wins += 1 / len(winners)
    assert wins / games > 0.55  # about 0.66 measured over 800 games


def test_hw_heuristic_is_bounded_deterministic_and_leaves_the_state_alone():
    rng = Rng(2)
    for g in range(20):
        state = RULES.new_game({"players": 3, "neutrals": 1}, g)
        while not RULES.is_over(state):
            before = RULES.to_json(state)
            values = [heuristic(state, seat) for seat in range(3)]
            assert all(-1.0 <= v <= 1.0 for v in values)
            assert values == [heuristic(state, seat) for seat in range(3)]
            assert RULES.to_json(state) == before
            RULES.apply(state, RULES.random_action(state, rng))
        final = [heuristic(state, seat) for seat in range(3)]
        winners = RULES.winners(state)
        if len(winners) == 1:
            assert final[winners[0]] == max(final)


def test_hw_heuristic_values_are_each_seats_heuristic():
    # the search asks every seat's value at once where a playout stops (the turn is played
    # out once for them all): the same numbers as the heuristic seat by seat, an instant
    # FortHeca win (HW-12.1) included
    rng = Rng(5)
    seen_win = False
    for g in range(30):
        players = 2 + g % 3
        state = RULES.new_game({"players": players}, g)
        while not RULES.is_over(state):
            values = RULES.heuristic_values(state)
            assert values == [heuristic(state, seat) for seat in range(players)]
            seen_win |= 1.0 in values
            RULES.apply(state, RULES.random_action(state, rng))
    assert seen_win


def test_hw_search_takes_the_instant_fortheca_win_over_a_bigger_score():
    # third-fortheca-11: Red leads 19-17 in turn 3 and captures with a fresh Dru'hid
    # holding FH2b and FH3; taking FH1 (HW-9.2.2) is a third FortHeca and wins at once
    # (HW-10.5, HW-12.1), while NF4b leaves three rounds to play for a wider margin.  A
    # bonus for a finished game's margin made the search prefer NF4b; without it the
    # certain win is chosen
    from game.core import puzzles

    (puzzle,) = [p for p in puzzles.load_set("hadrians-wall") if p.name == "third-fortheca-11"]
    assert puzzles.choice(puzzle, "medium") == "R: DRU FH1"
    rules, state, _ = puzzles.position(puzzle)
    won = rules.clone(state)
    rules.apply(won, "R: DRU FH1")
    bigger = rules.clone(state)
    rules.apply(bigger, "R: DRU NF4b")
    assert rules.winners(won) == [1] and not rules.is_over(bigger)
    assert rules.scores(won) == [17.0, 18.0] and rules.scores(bigger) == [19.0, 23.0]


def test_hw_policy_decides_every_step_of_the_verb_table():
    # the policy is looked up by the decision step (verbs.DECISIONS) and makes the
    # actions of the verb table: every step has a choice, and the choice is legal there
    from game.games.hadrians_wall.ai import POLICY
    from game.games.hadrians_wall.verbs import DECISIONS, step_of

    assert set(POLICY) == set(DECISIONS)
    rng = Rng(3)
    seen = set()
    for g in range(40):
        state = RULES.new_game({"players": 2 + g % 3}, g)
        while not RULES.is_over(state):
            seen.add(step_of(state, state.waiting[0]))
            assert policy_action(state, rng) in RULES.legal_actions(state)
            RULES.apply(state, RULES.random_action(state, rng))
    assert seen == set(DECISIONS)


def _orders_game(seed: int, players: int = 2):
    from game.core.agents import ISMCTSAgent

    agent = ISMCTSAgent(seed, iterations=60, rollout_depth=0, margin_weight=0.0)
    state = RULES.new_game({"players": players}, seed)
    return agent, state


def test_hw_orders_are_searched_once_and_played_step_by_step():
    # HW-7.2, HW-7.3: at the set-aside the search chooses the whole orders; the five
    # placements that follow are its orders, played without a new search
    for seed in range(3):
        agent, state = _orders_game(seed)
        seat = state.waiting[0]
        obs = RULES.observation(state, seat)
        first = agent.choose(RULES, obs, RULES.legal_actions(state))
        assert agent.last_iterations > 0 and first.verb == "ASIDE"
        orders = list(agent.carry[1])
        played = []
        RULES.apply(state, first)
        while state.waiting and state.waiting[0] == seat and len(state.hand[seat]) > 0:
            obs = RULES.observation(state, seat)
            action = agent.choose(RULES, obs, RULES.legal_actions(state))
            assert agent.last_iterations == 0  # no new search
            played.append(action.b)
            RULES.apply(state, action)
        assert played == orders[:-1]  # the engine places the last card
        assert state.facedown[seat] == orders
        # the same seat and seed in the same position choose the same orders
        again, fresh = _orders_game(seed)
        obs = RULES.observation(fresh, seat)
        assert again.choose(RULES, obs, RULES.legal_actions(fresh)) == first
        assert list(again.carry[1]) == orders


def test_hw_orders_kept_for_another_hand_are_searched_again():
    # a plan carried for another hand (an undo, a load) is not played: a new search
    agent, state = _orders_game(4)
    seat = state.waiting[0]
    obs = RULES.observation(state, seat)
    first = agent.choose(RULES, obs, RULES.legal_actions(state))
    other = next(a for a in RULES.legal_actions(state) if a != first)
    RULES.apply(state, other)
    obs = RULES.observation(state, seat)
    action = agent.choose(RULES, obs, RULES.legal_actions(state))
    assert agent.last_iterations > 0
    assert action in RULES.legal_actions(state)


def test_hw_searched_orders_do_better_than_the_orders_it_starts_from():
    # the hill climb keeps a swap only where it does better on the same worlds; on fresh
    # worlds (not those it chose on) its orders still beat the rank orders it started from
    from game.games.hadrians_wall.ai import _orders_value, rank_orders, search_orders

    gained = 0.0
    for seed in range(4):
        state = RULES.new_game({"players": 2}, 40 + seed)
        seat = state.waiting[0]
        obs = RULES.observation(state, seat)
        orders, aside, used = search_orders(obs, 1500, Rng(seed))
        assert aside and used <= 1500 and sorted(orders) == sorted(state.hand[seat])
        rng = Rng(99 + seed)
        for _ in range(150):
            world = RULES.determinize(obs, rng)
            x = rng.next64()
            start = rank_orders(world, seat)
            gained += _orders_value(world, seat, orders, True, Rng(x))
            gained -= _orders_value(world, seat, start, True, Rng(x))
    assert gained > 0


def test_hw_two_fortheca_with_a_third_to_come_count_in_the_value():
    # HW-12.1: a player holding two FortHeca wins at once with a third, so while one is
    # still in the fort deck or on the wall the holder's rivals value the state lower
    # and the holder higher; with the other two out of the game the threat is gone
    from game.games.hadrians_wall.ai import (
        FORTHECA_CHANCE,
        FORTHECA_THREAT,
        _fortheca_threats,
        _margin,
        _value_margin,
    )

    state = RULES.new_game({"players": 3}, 1)
    for f in ("FH1", "FH2a"):  # (a fort taken off the wall leaves an NF1a in its place)
        if f in state.fort_deck:
            state.fort_deck.remove(f)
        else:
            state.wall[state.wall.index(f)] = "NF1a"
        state.piles[1].append(f)
    assert _fortheca_threats(state) == [1]
    assert _value_margin(state, 0, [1]) == _margin(state, 0) - FORTHECA_THREAT
    assert _value_margin(state, 1, [1]) == _margin(state, 1) + FORTHECA_CHANCE
    for f in ("FH2b", "FH3"):
        if f in state.fort_deck:
            state.fort_deck.remove(f)
        else:
            state.wall[state.wall.index(f)] = "NF1b"
        state.fort_discard.append(f)
    assert _fortheca_threats(state) == []
