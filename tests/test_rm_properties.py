"""Runes of Mayhem properties: RM-INV fuzz, notation, bad input, hiding, JSON, replay."""

from __future__ import annotations

import json

import pytest

from game.core.contract import BadConfig, BadNotation, IllegalAction
from game.core.rng import Rng
from game.games.runes_of_mayhem.rules import RULES as R

ALL = ["K", "X1", "X2", "X3", "X4", "X5", "X6", "X7"]
CONFIGS = [{}, {"modules": ["L"]}]
#: every module alone, all together, and a few subsets (RM-3.2)
MODULE_CONFIGS = [{"modules": [m]} for m in ALL if m != "X4"] + [
    {"modules": ALL},
    {"modules": ["K", "X4"], "king_pick": "random"},
    {"modules": ["X1", "X2", "X3"], "open_decklists": True},
    {"modules": ["X5", "X6", "X7"]},
    {"modules": ["K", "X2", "X4", "X6"]},
    {"modules": ["K", "X1", "X3", "X5", "X7"], "king_pick": "random"},
]


def play(seed, config, check=True, greedy=False):
    s = R.new_game(config, seed)
    rng = Rng(seed + 99)
    steps = 0
    while not R.is_over(s):
        a = R.playout_action(s, rng) if greedy else R.random_action(s, rng)
        assert R.parse_action(str(a)) == a
        R.apply(s, a)
        steps += 1
        if check:
            assert R.check_invariants(s) == [], (seed, steps, str(a))
    return s, steps


@pytest.mark.parametrize("config", CONFIGS)
def test_every_invariant_after_every_step(config):
    for seed in range(60):
        play(seed, config, greedy=seed % 2 == 0)


@pytest.mark.parametrize("config", MODULE_CONFIGS, ids=lambda c: ",".join(c["modules"]))
def test_every_invariant_after_every_step_with_modules(config):
    for seed in range(6):
        play(seed, config, greedy=seed % 2 == 0)


@pytest.mark.slow
@pytest.mark.parametrize("config", MODULE_CONFIGS, ids=lambda c: ",".join(c["modules"]))
def test_every_invariant_with_modules_many_games(config):
    for seed in range(100, 250):
        play(seed, config, greedy=seed % 2 == 0)


def test_random_module_subsets():
    rng = Rng(11)
    for seed in range(8):
        mods = [m for m in ALL if rng.below(2)]
        if "X4" in mods and "K" not in mods:
            mods.remove("X4")
        play(seed, {"modules": mods}, greedy=seed % 2 == 0)


def test_same_seed_same_game_with_modules():
    a, na = play(6, {"modules": ALL}, check=False)
    b, nb = play(6, {"modules": ALL}, check=False)
    assert na == nb and R.to_json(a) == R.to_json(b)


def test_same_seed_same_game():
    a, na = play(5, {}, check=False)
    b, nb = play(5, {}, check=False)
    assert na == nb and R.to_json(a) == R.to_json(b)


@pytest.mark.parametrize("config", [{}, {"modules": ALL}])
def test_json_round_trip_and_clone(config):
    s = R.new_game(config, 3)
    rng = Rng(1)
    for _ in range(300):
        if R.is_over(s):
            break
        data = json.loads(json.dumps(R.to_json(s)))
        t = R.from_json(data)
        assert R.to_json(t) == R.to_json(s)
        assert R.legal_actions(t) == R.legal_actions(s)
        before = R.to_json(s)
        c = R.clone(s)
        R.apply(s, R.random_action(s, rng))
        assert R.to_json(c) == before  # the clone does not follow the original
        assert R.legal_actions(c) == R.legal_actions(t)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "V:",
        "V: FOO",
        "X: END",
        "V: PLAY V-AXE#1",
        "V: TOK 9/0",
        "V: OPEN 4",
        "V: F V21",
        "V: MULL V-AXE",
    ],
)
def test_bad_notation(text):
    with pytest.raises(BadNotation):
        R.parse_action(text)


def test_illegal_actions_leave_the_state_unchanged():
    s = R.new_game({}, 2)
    before = R.to_json(s)
    for text in ("A: MULL -", "V: END", "V: TOK 4/3", "V: MULL A-PEA#1"):
        with pytest.raises(IllegalAction):
            R.apply(s, text)
        assert R.to_json(s) == before


def test_bad_configs():
    for cfg in (
        {"modules": ["Q"]},
        {"modules": ["X4"]},
        {"modules": ["L", "K"]},
        {"modules": ["K", "K"]},
        {"modules": ["X1"], "decks": {"V": ["V-AXE#1"]}},
        {"king_pick": "random"},
        {"players": 3},
        {"colour": 1},
    ):
        with pytest.raises(BadConfig):
            R.new_game(cfg, 1)


def test_observation_hides_the_other_hand_and_the_piles():
    s, _ = play(4, {}, check=False)
    s = R.new_game({}, 4)
    for seat in (0, 1):
        obs = R.observation(s, seat)
        text = json.dumps(obs)
        for card in s.hand[1 - seat] + s.pile[0] + s.pile[1]:
            if card not in s.hand[seat]:
                assert f'"{card}"' not in text
        assert obs["hand"] == s.hand[seat] and "rng" not in obs


@pytest.mark.parametrize("config", [{}, {"modules": ALL}])
def test_determinize_is_consistent_with_the_observation(config):
    s = R.new_game(config, 8)
    rng = Rng(3)
    for _ in range(200):
        if R.is_over(s):
            break
        seat = R.to_act(s)
        d = R.determinize(R.observation(s, seat), Rng(7))
        assert R.check_invariants(d) == []
        assert R.legal_actions(d) == R.legal_actions(s)
        R.apply(s, R.random_action(s, rng))


def test_invariants_catch_broken_states():
    """RM-INV-10 (ranged and flank parts), RM-INV-16, RM-INV-17 are really checked."""
    s = R.new_game({"modules": ["X5", "X7"]}, 1)
    s.last = {"ranged": ["V-ARC#1", "V-ARC#1"]}
    s.combat = {"opened": [], "sieged": ["V-RDR#1"], "flanked": ["V-RDR#1", "V-RDR#1"]}
    s.module_data["towers"] = {"V21": ["TW-KEEP", 0, 3]}
    s.module_data["tower_deck"].remove("TW-KEEP")
    s.last["drawn"] = [0, 2, 5, 3]
    found = " ".join(R.check_invariants(s))
    for rule in (
        "attacked twice",
        "flanked twice",
        "besieged after flanking",
        "RM-INV-16: tower on V21",
        "RM-INV-16: tower TW-KEEP",
        "RM-INV-17",
    ):
        assert rule in found, rule


def test_observation_shares_nothing_with_the_state():
    import copy

    s = R.new_game({"modules": ALL}, 4)
    rng = Rng(4)
    kept = []
    for _ in range(300):
        if R.is_over(s):
            break
        seen = [R.observation(s, p) for p in (0, 1)]
        kept.append((seen, copy.deepcopy(seen)))
        R.apply(s, R.random_action(s, rng))
    # what a seat was shown stays as it was, however the game went on
    assert all(seen == copy_ for seen, copy_ in kept)


@pytest.mark.parametrize("config", [{}, {"modules": ALL}])
def test_rm_8_2_reorganize_menu_is_every_accepted_move_or_swap(config):
    """The Reorganize menu: keeping the line, then exactly the one-unit moves and the
    two-unit swaps (field or Wall) that RE's own check accepts, each once."""
    met = 0
    for seed in range(25):
        s = R.new_game(config, seed)
        rng = Rng(seed)
        while not R.is_over(s):
            if s.step == "RE" and not s.tokens_to_return:
                me = R.decider(s)
                menu = R._re_menu(s, me)
                assert menu[0].arg == "-" and len(set(menu)) == len(menu)
                assert set(menu[1:]) == _re_moves_checked(s, me)
                met += 1
            R.apply(s, R.random_action(s, rng))
    assert met > 100


def _re_moves_checked(s, me) -> set:
    """Every single move or swap of the seat's units that ``_check_re`` accepts."""
    from game.games.runes_of_mayhem.rules_board import CELLS, owner
    from game.games.runes_of_mayhem.verbs import make

    sd = "VA"[me]
    cur = {c: R.loc(s, c) for c in s.units if owner(s, c) == me}
    tries = set()
    for c, here in cur.items():
        for d in [*CELLS[me], sd + "W"]:  # to an empty cell or onto the Wall
            if d != here and (d.endswith("W") or d not in s.cells):
                tries.add(f"{c}@{d}")
        for o, there in cur.items():  # a swap with any other unit not beside it on the Wall
            if o != c and there != here:
                tries.add(" ".join(sorted([f"{c}@{there}", f"{o}@{here}"])))
    return {a for a in (make(sd, "RE", t) for t in tries) if not R._check_re(s, a)}


@pytest.mark.parametrize("config", [{}, {"modules": ALL}])
def test_rm_14_main_phase_check_without_the_menu_agrees_with_the_menu(config):
    """apply() checks a Main-phase action without making the menu: the same verdict."""
    met = 0
    for seed in range(12):
        s = R.new_game(config, seed)
        rng = Rng(seed)
        while not R.is_over(s):
            if s.step == "MAIN" and s._legal is None:
                menu = R._legal(s)
                tries = (
                    menu
                    + [a._replace(arg=a.arg + "1") for a in menu[:5]]
                    + [a._replace(arg=a.arg.replace("1", "2")) for a in menu]
                    + [a._replace(verb="PLAY") for a in menu if a.verb == "SAC"]
                )
                for a in tries:
                    assert R._is_legal(s, a) == (a in menu), str(a)
                met += 1
                s._legal = None
            R.apply(s, R.random_action(s, rng))
    assert met > 50


@pytest.mark.parametrize("config", [{}, {"modules": ALL}, {"modules": ["L"]}])
def test_rm_14_random_main_action_is_the_menu_entry_the_same_draw_picks(config):
    """random_action counts the Main-phase menu in parts and makes one action: each part's
    count is its size, the parts make the menu in order, each part's k-th action alone is
    its list's k-th, and the pick is the very entry a draw over the whole menu would take
    (uniform, and games replay as before)."""
    met = 0
    for seed in range(10):
        s = R.new_game(config, seed)
        rng = Rng(seed)
        while not R.is_over(s):
            if s.step == "MAIN" and s._legal is None and s.main.get("roll") is None:
                parts = R.main_parts(s, s.active)
                menu = R._legal(s)
                made = [make(*args) for _, _, make, args in parts]
                assert [a for part in made for a in part] == menu
                assert [n for _, n, _, _ in parts] == [len(part) for part in made]
                assert all(made)
                for (_, _, make, args), part in zip(parts, made, strict=True):
                    assert [make(*args, k) for k in range(len(part))] == part
                assert [verb for verb, _, _, _ in parts] == [part[0].verb for part in made]
                draw = Rng(seed * 1000 + met)
                expected = menu[Rng(draw.state).below(len(menu))]
                assert R.random_action(s, draw) == expected
                met += 1
            R.apply(s, R.random_action(s, rng))
    assert met > 100


def test_rm_14_a_drawn_main_action_is_trusted_only_where_it_was_drawn():
    """apply() skips the check of the very action random_action drew from this state;
    another action, the same text as a new object, or a clone are still checked."""
    s = R.new_game({"modules": ALL}, 5)
    rng = Rng(5)
    while not (s.step == "MAIN" and s._legal is None and s.main.get("roll") is None):
        R.apply(s, R.random_action(s, rng))
    drawn = R.random_action(s, rng)
    assert s._picked is drawn
    other = s.clone()
    assert other._picked is None
    with pytest.raises(IllegalAction):
        R.apply(s, drawn._replace(verb="SAC", arg="V11" if drawn.side == "A" else "A11"))
    assert s._picked is drawn  # a refused action changes nothing
    R.apply(other, R.parse_action(str(drawn)))  # checked, and legal
    R.apply(s, drawn)
    assert s._picked is None
    assert R.to_json(s) == R.to_json(other)
