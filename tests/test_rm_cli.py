"""``--modules`` of simulate, bench, demo and play (Runes of Mayhem modules, RM-3)."""

from __future__ import annotations

import json

import pytest

from game.__main__ import ALL_MODULES, _modules_config, main


def test_modules_all_and_lists():
    assert _modules_config("runes-of-mayhem", "all") == {"modules": ALL_MODULES}
    assert _modules_config("runes-of-mayhem", "K, x5") == {"modules": ["K", "X5"]}
    assert _modules_config("runes-of-mayhem", None) is None


def test_simulate_with_every_module(capsys):
    assert (
        main(
            [
                "simulate",
                "runes-of-mayhem",
                "--games",
                "3",
                "--seed",
                "2",
                "--modules",
                "all",
                "--json",
            ]
        )
        == 0
    )
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["invariant_violations"] == 0 and result["errors"] == 0


def test_demo_with_modules(capsys):
    assert (
        main(
            [
                "demo",
                "--game",
                "runes-of-mayhem",
                "--seats",
                "random",
                "--seed",
                "3",
                "--modules",
                "K,X4,X5",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "KING K-" in out  # the King decisions of module K


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "hadrians-wall", "--games", "1", "--modules", "K"],
        ["simulate", "runes-of-mayhem", "--games", "1", "--modules", "X4"],
        ["simulate", "runes-of-mayhem", "--games", "1", "--modules", "L,K"],
        ["simulate", "runes-of-mayhem", "--games", "1", "--modules", "Q"],
        ["demo", "--game", "stronghold", "--modules", "all"],
        ["bench", "--modules", "K"],
        ["play", "--game", "field-of-glory", "--modules", "K"],
    ],
)
def test_bad_modules_are_one_error_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ")
