"""The strength ladder: ``python -m game bench GAME --ladder``."""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from toygame import RULES, SecretBids

from game.core import ladder
from game.core.contract import BadConfig
from game.core.registry import get_rules

ROOT = Path(__file__).resolve().parent.parent
FAST = {
    "easy": {"iterations": 6, "trees": 1},
    "medium": {"iterations": 12, "trees": 1},
    "hard": {"iterations": 24, "trees": 1},
}


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


class FirstSeatWins(SecretBids):
    """Whoever sits in the first seat wins: a game with no strength in it."""

    def winners(self, state):
        return [0] if self.is_over(state) else []


class NobodyWins(SecretBids):
    def winners(self, state):
        return []


# ------------------------------------------------------------------ layouts


def test_hadrians_wall_is_measured_at_2_3_and_4_players_from_every_seat():
    plan = ladder.layouts(get_rules("hadrians-wall"))
    assert Counter(p for p, _, _ in plan) == {2: 2, 3: 6, 4: 6}  # no solo game (HW-16)
    for players in (2, 3, 4):
        mine = [seats for p, seats, _ in plan if p == players]
        # about half the seats each: 1 of 2; 1 or 2 of 3; 2 of 4
        assert {len(s) for s in mine} == ({players // 2, players - players // 2})
        # every seat is the tested player's equally often
        assert len(set(Counter(s for seats in mine for s in seats).values())) == 1
        assert set(range(players)) == {s for seats in mine for s in seats}
        # each choice is followed by its complement
        for a, b in zip(mine[::2], mine[1::2], strict=True):
            assert sorted(a + b) == list(range(players))


def test_stronghold_gives_the_tested_player_a_whole_side_in_turn():
    plan = ladder.layouts(get_rules("stronghold"))
    # SH-22.1, SH-23.1: seats IW, IE are the Invaders at 3 and 4 players; D, or DW and DE
    assert plan == [
        (2, (0,), "2p Invader"),
        (2, (1,), "2p Defender"),
        (3, (0, 1), "3p Invader"),
        (3, (2,), "3p Defender"),
        (4, (0, 1), "4p Invader"),
        (4, (2, 3), "4p Defender"),
    ]


def test_two_sided_games_swap_sides():
    for name, sides in (
        ("field-of-glory", ("Red (Carthage)", "Blue (Rome)")),
        ("runes-of-mayhem", ("Vikings", "Anglo-Saxons")),
    ):
        plan = ladder.layouts(get_rules(name), {"modules": []} if name[0] == "r" else None)
        assert plan == [(2, (0,), f"2p {sides[0]}"), (2, (1,), f"2p {sides[1]}")]


def test_games_take_the_player_counts_and_then_the_layouts_in_turn():
    plan = ladder.layouts(get_rules("hadrians-wall"))
    order = [ladder.layout_of(g, plan) for g in range(108)]  # 36 games of each count
    assert [plan[i][0] for i in order[:6]] == [2, 3, 4, 2, 3, 4]
    assert Counter(order) == {i: 18 if p == 2 else 6 for i, (p, _, _) in enumerate(plan)}
    # 200 games: no layout of a count more than one game ahead of another
    counts = Counter(ladder.layout_of(g, plan) for g in range(200))
    for players in (2, 3, 4):
        mine = [counts[i] for i, (p, _, _) in enumerate(plan) if p == players]
        assert max(mine) - min(mine) <= 1


# ------------------------------------------------------------------ figures


def test_the_tested_side_gets_its_seats_shares_and_a_half_of_a_draw():
    assert ladder.side_result([1.0, 0.0, 0.0], (0,)) == 1.0
    assert ladder.side_result([0.0, 1.0, 0.0], (0, 2)) == 0.0
    assert ladder.side_result([0.5, 0.5, 0.0], (1, 2)) == 0.5
    assert ladder.side_result([0.5, 0.5, 0.0], (0, 1)) == 1.0
    assert ladder.side_result([0.0, 0.0], (1,)) == 0.5


def test_a_game_with_no_strength_in_it_is_even_from_every_seat():
    result = ladder.play_matchup(FirstSeatWins(), "hard-greedy", games=16, levels=FAST)
    # the first seat wins every game; the tested player holds it in half the layouts
    assert result["won"] == 8 and result["win_rate"] == 0.5 and result["games"] == 16
    by = {p["layout"]: p["win_rate"] for p in result["by_layout"]}
    assert by["2p A"] == 1.0 and by["2p B"] == 0.0  # seat names of the toy game
    assert not result["met"] and result["sure"]  # 85 % is out of the whole interval
    draws = ladder.play_matchup(NobodyWins(), "easy-random", games=4, levels=FAST)
    assert draws["won"] == 2.0


def test_the_interval_is_the_wilson_interval_of_the_games():
    results = [(1.0, 0.5)] * 9 + [(0.0, 1.5)]
    plan = ladder.layouts(RULES)
    figures = ladder.summary("secret-bids", "easy-random", plan, results)
    assert figures["win_rate"] == 0.9 and figures["games"] == 10
    assert figures["interval"] == pytest.approx([0.5958, 0.9821], abs=1e-4)  # 9 of 10
    assert figures["cpu_s_per_game"] == 0.6 and figures["cpu_s"] == 6.0
    assert figures["met"] and not figures["sure"]  # 90 %: met, but not by the interval
    sure = ladder.summary("secret-bids", "easy-random", plan, [(1.0, 0.1)] * 60)
    assert sure["interval"][0] >= 0.9 and sure["met"] and sure["sure"]
    short = ladder.summary("secret-bids", "medium-easy", plan, [(0.5, 0.1)] * 100)
    assert short["interval"][1] < 0.65 and not short["met"] and short["sure"]
    assert sum(p["games"] for p in figures["by_layout"]) == 10
    # the toy game at 2 and 3 players: games 0, 2, ... at 2, the others at 3
    assert [(p["players"], p["games"], p["win_rate"]) for p in figures["by_players"]] == [
        (2, 5, 1.0),
        (3, 5, 0.8),
    ]
    assert figures["by_players"][1]["cpu_s_per_game"] == 0.7  # (4 x 0.5 + 1.5) / 5


def test_the_stronger_level_wins_more_and_the_report_says_so():
    result = ladder.play_matchup(RULES, "hard-greedy", games=12, levels=FAST)
    weaker = ladder.play_matchup(RULES, "easy-random", games=12, levels=FAST)
    lines = ladder.report_lines("Secret Bids", [result, weaker])
    assert lines[0].startswith("Secret Bids: strength ladder")
    assert lines[1].startswith(f"  hard-greedy: {100 * result['win_rate']:.1f} % (interval ")
    assert "over 12 games; target 85 %" in lines[1]
    assert lines[2].startswith("    2 players ") and "3 players" in lines[2]


def test_the_figures_do_not_depend_on_the_number_of_jobs():
    rules = get_rules("field-of-glory")
    one = ladder.play_matchup(rules, "easy-random", games=4, jobs=1, levels=FAST)
    two = ladder.play_matchup(rules, "easy-random", games=4, jobs=2, levels=FAST)
    for key in ("won", "win_rate", "interval", "met", "by_layout"):
        assert one[key] == two[key]
    assert one["cpu_s"] > 0 and two["cpu_s"] > 0


def test_matchup_names_are_checked():
    assert ladder.matchup_names(None) == list(ladder.MATCHUPS)
    assert ladder.matchup_names("hard-greedy, easy-random") == ["easy-random", "hard-greedy"]
    with pytest.raises(BadConfig, match="unknown match-up 'hard-easy'"):
        ladder.matchup_names("hard-easy")
    with pytest.raises(BadConfig, match="at least 1"):
        ladder.play_matchup(RULES, "easy-random", games=0)


# ------------------------------------------------------------------ command line


def test_the_ladder_command_prints_its_figures_as_json():
    done = run(
        "bench",
        "field-of-glory",
        "--ladder",
        "--matchups",
        "easy-random",
        "--games",
        "2",
        "--jobs",
        "2",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["game"] == "field-of-glory"
    [only] = figures["ladder"]
    assert only["matchup"] == "easy-random" and only["games"] == 2
    assert only["tested"] == "ismcts:easy" and only["rival"] == "random"
    assert "field-of-glory: easy-random: game 2/2" in done.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["--matchups", "hard-easy"], "unknown match-up 'hard-easy'"),
        (["--games", "0"], "--games must be from 1"),
        (["--jobs", "0"], "--jobs must be from 1"),
        (["--modules", "K"], "--modules applies to runes-of-mayhem only"),
    ],
)
def test_bad_ladder_options_are_one_error_line(args, message):
    done = run("bench", "hadrians-wall", "--ladder", *args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]
    assert done.stdout == ""


def test_matchups_without_the_ladder_is_one_error_line():
    done = run("bench", "hadrians-wall", "--matchups", "easy-random")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert lines == ["error: --matchups applies to the ladder only (add --ladder)"]
