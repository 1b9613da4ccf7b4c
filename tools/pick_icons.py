"""Make the application icon assets/art/siege-table.svg from the Game-icons.net set, and
assets/art/CREDITS.md crediting every icon it uses.

The icons come from the npm package ``@iconify-json/game-icons`` (Game-icons.net, CC BY
3.0), which is only needed here, at development time: the program ships the SVG this
writes (and tools/make_icon_files.py turns that into the .ico and .icns of the build).
Run from the project root::

    python tools/pick_icons.py                      # installs the package into a temp folder
    python tools/pick_icons.py --icons PATH/icons.json  # or reads an installed copy

Deterministic: the same package version gives the same bytes.  The icon is picked by
name; the package does not say who drew each icon, so every icon used must be listed in
``ICONS`` with its author (the folder of the game-icons/icons repository).  The colours
are the table's (game/app/theme.py): the gold accent on the felt green.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app.theme import ACCENT, FELT  # noqa: E402

OUT = ROOT / "assets" / "art"
ICON_DIR = OUT / "icons"  # every icon of ICONS as a white silhouette, tinted when drawn
PACKAGE = "@iconify-json/game-icons"
VERSION = "1.2.4"
#: every Game-icons.net icon used: name -> (author, author's folder in game-icons/icons).
#: The author of an icon is the folder that holds it in the repository game-icons/icons
#: (the npm package does not say); add a line here, run this script, commit the SVG.
ICONS = {
    "white-tower": ("Lorc", "lorc"),
    "padlock": ("Lorc", "lorc"),
    "defensive-wall": ("HeavenlyDog", "heavenly-dog"),  # emblem: Hadrian's Wall
    "centurion-helmet": ("Delapouite", "delapouite"),  # emblem: Hadrian's Wall (second)
    "viking-helmet": ("Delapouite", "delapouite"),  # emblem: Runes of Mayhem
    "rune-stone": ("Lorc", "lorc"),  # emblem: Runes of Mayhem (second)
    "goblin": ("Caro Asercion", "caro-asercion"),  # pieces
    "orc-head": ("Delapouite", "delapouite"),  # pieces
    "troll": ("Skoll", "skoll"),  # pieces
    "domino-mask": ("Lorc", "lorc"),  # Stronghold: a bluff's order tile
    "bowman": ("Lorc", "lorc"),  # pieces
    "swordman": ("Cathelineau", "cathelineau"),  # pieces
    "crested-helmet": ("Lorc", "lorc"),  # pieces
    "ballista": ("Skoll", "skoll"),  # pieces
    "catapult": ("HeavenlyDog", "heavenly-dog"),  # pieces
    "trebuchet": ("Delapouite", "delapouite"),  # pieces
    "siege-ram": ("Skoll", "skoll"),  # pieces
    "siege-tower": ("Delapouite", "delapouite"),  # pieces
    "sword-altar": ("Delapouite", "delapouite"),  # pieces
    "wooden-fence": ("Lorc", "lorc"),  # pieces
    "tattered-banner": ("Lorc", "lorc"),  # pieces
    "ladder": ("Delapouite", "delapouite"),  # pieces
    "rope-coil": ("Delapouite", "delapouite"),  # pieces
    "floor-hatch": ("Delapouite", "delapouite"),  # pieces
    "wood-beam": ("Delapouite", "delapouite"),  # pieces
    "round-shield": ("Willdabeast", "willdabeast"),  # pieces
    "poison-bottle": ("Lorc", "lorc"),  # pieces
    "gear-hammer": ("Lorc", "lorc"),  # pieces
    "swap-bag": ("Lorc", "lorc"),  # pieces
    "trench-spade": ("Skoll", "skoll"),  # pieces
    "bullseye": ("Skoll", "skoll"),  # pieces
    "whip": ("Lorc", "lorc"),  # pieces
    "fire-bomb": ("Lorc", "lorc"),  # pieces
    "hunting-horn": ("Lorc", "lorc"),  # pieces
    "knight-banner": ("Delapouite", "delapouite"),  # pieces
    "sword-brandish": ("Delapouite", "delapouite"),  # pieces
    "cannon": ("Lorc", "lorc"),  # pieces
    "stone-sphere": ("Lorc", "lorc"),  # pieces
    "cauldron": ("Lorc", "lorc"),  # pieces
    "ladders-platform": ("Delapouite", "delapouite"),  # pieces
    "wolf-trap": ("Lorc", "lorc"),  # pieces
    "campfire": ("Lorc", "lorc"),  # pieces
    "spiky-pit": ("Delapouite", "delapouite"),  # pieces
    "tied-scroll": ("Lorc", "lorc"),  # pieces
    "robber": ("Delapouite", "delapouite"),  # pieces
    "queen-crown": ("Lorc", "lorc"),  # pieces
    "cowled": ("Lorc", "lorc"),  # pieces
    "battle-axe": ("Lorc", "lorc"),  # pieces
    "broadsword": ("Lorc", "lorc"),  # pieces
    "horse-head": ("Lorc", "lorc"),  # pieces
    "chariot": ("Cathelineau", "cathelineau"),  # pieces
    "military-fort": ("Delapouite", "delapouite"),  # pieces
    "hill-fort": ("Delapouite", "delapouite"),  # pieces
    "convergence-target": ("Delapouite", "delapouite"),  # pieces
    "tarot-10-wheel-of-fortune": ("Caro Asercion", "caro-asercion"),  # pieces
    "castle-ruins": ("Delapouite", "delapouite"),  # pieces
    "roman-shield": ("Delapouite", "delapouite"),  # pieces
    "pikeman": ("Delapouite", "delapouite"),  # pieces
    "spears": ("Lorc", "lorc"),  # pieces
    "sling": ("Delapouite", "delapouite"),  # pieces
    "cavalry": ("Delapouite", "delapouite"),  # pieces
    "cloaked-figure-on-horseback": ("Caro Asercion", "caro-asercion"),  # pieces
    "elephant": ("Delapouite", "delapouite"),  # pieces
    "laurel-crown": ("Lorc", "lorc"),  # pieces
    "encirclement": ("Delapouite", "delapouite"),  # pieces
    "rally-the-troops": ("Lorc", "lorc"),  # pieces
    "prayer": ("Lorc", "lorc"),  # pieces
    "barbarian": ("Delapouite", "delapouite"),  # pieces
    "farmer": ("Delapouite", "delapouite"),  # pieces
    "trowel": ("Delapouite", "delapouite"),  # pieces
    "thrown-spear": ("Lorc", "lorc"),  # pieces
    "hound": ("Lorc", "lorc"),  # pieces
    "crown": ("Lorc", "lorc"),  # pieces
    "crossed-swords": ("Lorc", "lorc"),  # pieces
    "mounted-knight": ("Skoll", "skoll"),  # pieces
    "caltrops": ("Delapouite", "delapouite"),  # pieces
    "fire": ("Sbed", "sbed"),  # pieces
    "target-dummy": ("Lorc", "lorc"),  # pieces
    "fishing-net": ("Lorc", "lorc"),  # pieces
    "hooded-assassin": ("DarkZaitzev", "darkzaitzev"),  # pieces
    "stone-tower": ("Lorc", "lorc"),  # pieces
    "castle": ("Lorc", "lorc"),  # pieces
    "palisade": ("Delapouite", "delapouite"),  # pieces
    "throne-king": ("Delapouite", "delapouite"),  # pieces
    "anvil": ("Lorc", "lorc"),  # Stronghold: the forge
    "hammer-nails": ("Lorc", "lorc"),  # Stronghold: the workshop
    "spyglass": ("Lorc", "lorc"),  # Stronghold: the scouts' quarters
    "church": ("Delapouite", "delapouite"),  # Stronghold: the cathedral
    "medieval-barracks": ("Delapouite", "delapouite"),  # Stronghold: the barracks
    "watchtower": ("Delapouite", "delapouite"),  # Stronghold: the watchtower
    "hospital-cross": ("Lorc", "lorc"),  # Stronghold: the hospital
    "guards": ("Delapouite", "delapouite"),  # Stronghold: the honour guard
    "well": ("Delapouite", "delapouite"),  # Stronghold: the courtyard
    "hourglass": ("Lorc", "lorc"),  # Stronghold: hourglasses
    "drop": ("Lorc", "lorc"),  # Stronghold: blood sacrifices
    "stone-block": ("Lorc", "lorc"),  # Stronghold: stone elements
    "wood-pile": ("Delapouite", "delapouite"),  # Stronghold: wood elements
    "cubes": ("Lorc", "lorc"),  # Stronghold: resources
    "powder-bag": ("Delapouite", "delapouite"),  # Stronghold: the bag
    "evil-eyes": ("Skoll", "skoll"),  # Stronghold: Possession
    "spectre": ("Lorc", "lorc"),  # Stronghold: Specters
    "terror": ("Lorc", "lorc"),  # Stronghold: Panic
    "tornado": ("Lorc", "lorc"),  # Stronghold: Gale
    "falling-boulder": ("Lorc", "lorc"),  # Stronghold: Accident
    "mining": ("Lorc", "lorc"),  # Stronghold: Produce Resources
    "trade": ("Lorc", "lorc"),  # Stronghold: Unit Transfer
    "footsteps": ("Skoll", "skoll"),  # Stronghold: minor mobilisation
    "boot-prints": ("Lorc", "lorc"),  # Stronghold: major mobilisation
    "scroll-unfurled": ("Lorc", "lorc"),  # Stronghold: open order
    "wax-seal": ("Lorc", "lorc"),  # Stronghold: secret orders
    "charging-bull": ("Delapouite", "delapouite"),  # Stronghold: Charge!
    "on-target": ("Lorc", "lorc"),  # Stronghold: Precise Shot
    "card-exchange": ("Delapouite", "delapouite"),  # Stronghold: transfers
    "run": ("Lorc", "lorc"),  # Stronghold: Escape the Knife
    "vertical-banner": ("Delapouite", "delapouite"),  # Stronghold: glory
    "eagle-emblem": ("Lorc", "lorc"),  # cards: the Field of Glory card back
    "wheat": ("Lorc", "lorc"),  # cards: Field of Glory plain
    "pine-tree": ("Lorc", "lorc"),  # cards: Field of Glory forest
    "hills": ("Delapouite", "delapouite"),  # cards: Field of Glory hill
    "swamp": ("Delapouite", "delapouite"),  # cards: Field of Glory marsh
}
SIZE = 512  # the viewBox of the icon set and of the application icon


def _hex(rgb: tuple) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def load_set(icons_json: Path | None) -> dict:
    """The icon set (the package's icons.json), from ``icons_json`` or installed by npm into
    a temporary folder."""
    if icons_json is not None:
        return json.loads(icons_json.read_text(encoding="utf-8"))
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("error: npm not found; install it or give --icons PATH/icons.json")
    with tempfile.TemporaryDirectory(prefix="game-icons-") as tmp:
        subprocess.run(
            [
                npm,
                "install",
                "--prefix",
                tmp,
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--silent",
                f"{PACKAGE}@{VERSION}",
            ],
            check=True,
        )
        path = Path(tmp, "node_modules", *PACKAGE.split("/"), "icons.json")
        return json.loads(path.read_text(encoding="utf-8"))


def icon_path(icon_set: dict, name: str, colour: tuple) -> str:
    """The SVG body of icon ``name`` (its paths), painted ``colour``."""
    if name not in ICONS:
        raise SystemExit(f"error: {name} has no author in ICONS: credit it before using it")
    icon = icon_set["icons"].get(name)
    if icon is None:
        raise SystemExit(f"error: no icon named {name} in {PACKAGE}")
    width = icon.get("width", icon_set.get("width", SIZE))
    height = icon.get("height", icon_set.get("height", SIZE))
    if (width, height) != (SIZE, SIZE):
        raise SystemExit(f"error: {name} is {width}x{height}, not {SIZE}x{SIZE}")
    body = icon["body"].replace("currentColor", _hex(colour))
    if re.search(r"<(?!/?path\b)", body):  # only paths: nothing that could run or load
        raise SystemExit(f"error: {name} holds more than paths")
    return body


def app_icon(icon_set: dict) -> str:
    """The application icon: the gold tower on a rounded felt-green tile.  The tower is
    drawn a little larger than in the set (which leaves padding round every icon), so its
    battlements still read at 16 pixels."""
    tower = icon_path(icon_set, "white-tower", ACCENT)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
        f'viewBox="0 0 {SIZE} {SIZE}">\n'
        '<!-- Siege Table application icon. The tower is "White tower" by Lorc '
        "(game-icons.net, CC BY 3.0), recoloured and scaled: see CREDITS.md. "
        "Made by tools/pick_icons.py. -->\n"
        f'<rect width="{SIZE}" height="{SIZE}" rx="88" fill="{_hex(FELT)}"/>\n'
        f'<g transform="translate(-8 0) scale(1.03)">{tower}</g>\n'
        "</svg>\n"
    )


def piece_icon(icon_set: dict, name: str) -> str:
    """Icon ``name`` as a white silhouette on nothing, for the window to draw at any size
    and tint (game.app.art.icon)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
        f'viewBox="0 0 {SIZE} {SIZE}">\n'
        f"<!-- {name.replace('-', ' ').capitalize()} by {ICONS[name][0]} (game-icons.net, "
        "CC BY 3.0): see ../CREDITS.md. Made by tools/pick_icons.py. -->\n"
        f"{icon_path(icon_set, name, (255, 255, 255))}\n</svg>\n"
    )


def credits() -> str:
    lines = [
        "# Credits of the art",
        "",
        "The application icon (`siege-table.svg` and the `siege-table.ico` and "
        "`siege-table.icns` made from it) and the pictures of the table (`icons/*.svg`: "
        "pieces, cards, places) are these icons of "
        "[Game-icons.net](https://game-icons.net), under the "
        "[Creative Commons Attribution 3.0](https://creativecommons.org/licenses/by/3.0/) "
        "licence, taken from the npm package "
        f"[`{PACKAGE}`](https://www.npmjs.com/package/{PACKAGE}) {VERSION}. "
        "They were recoloured and scaled (the application icon set on a rounded tile) "
        "(tools/pick_icons.py, tools/make_icon_files.py).",
        "",
        "| icon | made by | source |",
        "|---|---|---|",
    ]
    for name, (author, folder) in sorted(ICONS.items()):
        title = name.replace("-", " ").capitalize()
        lines.append(
            f"| {title} | Icons made by {author} | "
            f"<https://game-icons.net/1x1/{folder}/{name}.html> |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--icons", type=Path, help=f"icons.json of {PACKAGE} (default: npm)")
    args = parser.parse_args(argv)
    icon_set = load_set(args.icons)
    OUT.mkdir(parents=True, exist_ok=True)
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for old in ICON_DIR.glob("*.svg"):  # an icon no longer listed is no longer shipped
        if old.stem not in ICONS:
            old.unlink()
    written = [(ICON_DIR / f"{name}.svg", piece_icon(icon_set, name)) for name in sorted(ICONS)]
    for path, text in (
        (OUT / "siege-table.svg", app_icon(icon_set)),
        (OUT / "CREDITS.md", credits()),
        *written,
    ):
        path.write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
