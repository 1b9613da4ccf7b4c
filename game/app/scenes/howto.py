"""How to play: a game's goal, a turn in a few lines, how to click, and the rules to read.

Shown the first time a game is chosen on the set-up screen (Settings.howto_seen) and
opened from the set-up screen and the table's menu at any time.  Each rule ID is a link
into the rules reader.
"""

from __future__ import annotations

from game.core import registry

from .. import fonts, links, paint, theme
from ..i18n import N_, _
from ..scene import Scene
from ..settings import Settings
from ..widgets import Button
from .title import draw_backdrop

PAGE = (70, 84, 1140, 604)  # the text's area (design units)

#: game -> (goal, the lines of a turn, the rules to read more)
HOWTO: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "hadrians-wall": (
        N_("Lead a Caledonian clan against Hadrian's Wall. The game lasts 3 turns; after "
           "the third, the clan with the most points from its captured forts wins. A clan "
           "that holds 3 FortHeca forts wins at once."),
        (N_("Each turn opens with a wall of 6 forts."),
         N_("Orders: set 1 card of the 7 in your hand aside, then lay one warrior face down "
            "at each of the 6 forts."),
         N_("Every clan gives its orders in secret; then the attack runs fort by fort, "
            "from left to right."),
         N_("In each round the warriors at that fort are revealed and join their clans' "
            "lines."),
         N_("The highest total strength of a line captures the fort; a tie leaves it "
            "unclaimed, unless an Arch'r settles it."),
         N_("A warrior's ability works in the round it is revealed: its card's tooltip "
            "tells what it does."),
         N_("The clan that captures discards its line; the other lines keep adding their "
            "strength.")),
        ("HW-1", "HW-7", "HW-8", "HW-9", "HW-12"),
    ),
    "stronghold": (
        N_("The Invader must breach the fortress; the Defender must hold it for 10 rounds. "
           "After a breach the side with more glory wins; with no breach by the end of "
           "round 10 the Defender wins."),
        (N_("A round has six Invader phases: Supply, Machines, Equipment, Training, Rituals "
            "and Mobilisation."),
         N_("Every Invader action costs time: its hourglasses go to the Defender."),
         N_("After each phase the Defender spends all his hourglasses on buildings, heroes "
            "and moving his units."),
         N_("In Mobilisation the Invader sends his units to the walls and gives secret "
            "orders."),
         N_("The round ends with the Assault: ranged fire first, then melee at every wall "
            "section."),
         N_("A wall section where the Invader's strength wins is breached.")),
        ("SH-1", "SH-5", "SH-6", "SH-18", "SH-19", "SH-21"),
    ),
    "field-of-glory": (
        N_("Two armies fight over five terrain cards. Control 3 of them at the start of "
           "your turn to win at once; otherwise, when both decks have run out twice, more "
           "terrain cards and then more VP win."),
        (N_("Check: with 3 terrain cards or more at the start of your turn you win."),
         N_("Advance: you take every column where only your units stand."),
         N_("Flank attacks: you may attack an enemy column from a neighbouring one."),
         N_("Actions: deploy units from your hand, assault contested columns or play a "
            "Reserve, as long as you can pay."),
         N_("A combat compares the two sides' strengths; the loser retreats or routs."),
         N_("Draw: draw your cards and keep at most 9 in your hand.")),
        ("FG-1", "FG-6", "FG-10", "FG-13", "FG-19"),
    ),
    "runes-of-mayhem": (
        N_("Vikings and Anglo-Saxons fight for England. Bring the enemy Fortress down to "
           "0 SP to win."),
        (N_("The Vikings take the first turn; the Anglo-Saxons start with 3 gold."),
         N_("Production: collect your gold and faith."),
         N_("Combat: rearrange your units, then attack column by column; the fallen are "
            "buried."),
         N_("A column that breaks through lays siege to the enemy Fortress and takes its "
            "SP."),
         N_("Main phase: pay gold and faith to play cards onto the Battlefield or your "
            "Wall, or trade."),
         N_("In the Main phase you may also move tokens between your gold and faith cards "
            "and sacrifice your own units to make room."),
         N_("The modules add Main-phase actions: hire a mercenary from the Lodge (X5), lay "
            "a trap (X6), build a tower (X7), bring your King onto the field (X4)."),
         N_("Draw: discard one card if you like, then draw up to your hand limit.")),
        ("RM-1", "RM-6", "RM-9", "RM-11", "RM-14", "RM-17", "RM-18"),
    ),
}

#: how the table is used, the same in every game
CLICKS = (
    N_("Click a highlighted card or place to choose it; a move of several clicks is made "
       "one click at a time."),
    N_("When several moves end on the same click, a menu lists them: click one."),
    N_("A right click or Escape takes back a half-made choice."),
    N_("Moves without a place are the buttons under the prompt."),
    N_("Skip lets the computer players move on without a pause until a person must "
       "decide."),
    N_("Undo (Ctrl+Z) takes back your last move. Point at anything for its tooltip; F1 "
       "opens the rule it names."),
)


def has_howto(game: str) -> bool:
    return game in HOWTO


def mark_seen(app, game: str) -> bool:
    """Remember that ``game``'s how-to-play was shown; False if it had been already."""
    settings: Settings = app.settings
    if game in settings.howto_seen:
        return False
    settings.howto_seen.append(game)
    settings.save(app.store.root)
    return True


def show_first_time(app, game: str) -> bool:
    """Open the how-to-play of ``game`` unless it was shown before; True if opened."""
    if not has_howto(game) or not mark_seen(app, game):
        return False
    app.push(HowToScene(app, game))
    return True


class HowToScene(Scene):
    ui_scaled = True

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.widgets = [Button((540, 708, 200, 48), _("Close"), app.pop)]

    def on_back(self) -> None:
        self.app.pop()

    def title(self) -> str:
        return _("How to play: {game}").format(game=registry.GAMES[self.game][0])

    def sections(self) -> list[tuple[str, list[str]]]:
        """(heading, paragraphs) in the language shown."""
        goal, turn, rules = HOWTO[self.game]
        return [
            (_("Goal"), [_(goal)]),
            (_("A turn"), ["• " + _(line) for line in turn]),
            (_("At the table"), ["• " + _(line) for line in CLICKS]),
            (_("Read more"), [_("The rules: {rules} (click a rule to read it).").format(
                rules=", ".join(rules))]),
        ]

    def rows(self, vp) -> list[tuple[str, tuple, int, str]]:
        """What is drawn: (words, design rectangle, size, face), in two columns (the goal
        and a turn; the table and the rules).  The text grows with the UI scale as far
        as the page holds it."""
        ui = vp.ui
        while True:
            rows = self._rows(vp.with_ui(ui))
            if rows is not None or ui <= 0.7:
                return rows or []
            ui = round(ui - 0.05, 2)

    def _rows(self, vp) -> list[tuple[str, tuple, int, str]] | None:
        """The rows at ``vp``'s scale; None when they do not fit the page."""
        x0, top, width, h = PAGE
        bottom = top + h
        col_w = (width - 40) / 2
        size, head = theme.FONT, theme.FONT + 3
        out = []
        sections = self.sections()
        for column, part in enumerate((sections[:2], sections[2:])):
            x, y = x0 + column * (col_w + 40), top
            for heading, paragraphs in part:
                out.append((heading, (x, y, col_w, head * vp.ui * 1.4), head, "bold"))
                y += head * vp.ui * 1.5
                for words in paragraphs:
                    rect = (x + 14, y, col_w - 14, bottom - y)
                    lines = fonts.wrap(words, vp.font_px(size), vp.size(col_w - 14))
                    y += len(lines) * vp.text_h(size) * 1.2 + 3 * vp.ui
                    if y > bottom:
                        return None
                    out.append((words, rect, size, "sans"))
                y += 10 * vp.ui
        return [(words, rect, size, face, vp.ui) for words, rect, size, face in out]

    def on_click(self, inp) -> None:
        vp = self.app.vp_for(self)
        for words, rect, size, face, ui in self.rows(vp):
            rule = links.link_at(words, rect, size, vp.with_ui(ui), inp.pos, face)
            if rule:
                from .reader import open_rule

                open_rule(self.app, self.game, rule)
                return

    def draw(self, surf, vp, mouse) -> None:
        draw_backdrop(surf, 232)  # the whole window, also wider than 16:10
        paint.text(surf, vp, self.title(), (640, 44), 30, theme.ACCENT, "serif", "center")
        for words, rect, size, face, ui in self.rows(vp):
            colour = theme.ACCENT if face == "bold" else theme.INK
            links.draw_text(surf, vp.with_ui(ui), words, rect, size, colour, theme.BG, mouse,
                            face)
        self.draw_widgets(surf, vp, mouse)
