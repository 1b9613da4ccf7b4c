"""Every game package has the same file set (game/games/README.md): knowing one game's
package is knowing all four.  Two games keep extra modules, each named here and in the
README with the part of the engine or table it holds."""

from __future__ import annotations

from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "game" / "games"
SHARED = {
    "__init__.py", "content.py", "state.py", "verbs.py", "rules.py", "observe.py",
    "invariants.py", "ai.py", "words.py", "view.py", "glossary.py",
}  # fmt: skip
EXTRA = {
    "field_of_glory": set(),
    "hadrians_wall": set(),
    "stronghold": {
        "board.py", "common.py", "invader.py", "defender.py", "assault.py", "plans.py",
        "spaces.py",
    },
    "runes_of_mayhem": {
        "rules_board.py", "rules_combat.py", "rules_main.py", "drawing.py", "faces.py",
        "table_facts.py",
    },
}  # fmt: skip


def test_the_four_games_are_the_packages_here():
    packages = {p.name for p in GAMES.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(EXTRA)


@pytest.mark.parametrize("game", sorted(EXTRA))
def test_every_package_has_the_shared_file_set_and_only_its_named_extras(game):
    files = {p.name for p in (GAMES / game).glob("*.py")}
    assert files == SHARED | EXTRA[game]


def test_the_readme_names_every_extra_module():
    readme = (GAMES / "README.md").read_text(encoding="utf-8")
    for name in SHARED | set().union(*EXTRA.values()):
        if name != "__init__.py":
            assert f"`{name}`" in readme, name
