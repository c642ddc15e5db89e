"""Screens for the terminal player: the toolkit each game's terminal view is written with.

Each game package brings its renderer (``Game.terminal_renderer``), found through the registry.

A renderer only ever reads a seat's observation (``State.observation(seat)``) and the events that seat may see,
never the state itself, so nothing a seat may not see can reach its screen. Games without a renderer get a
generic one that prints the observation as it is.

Action texts stay as the engine writes them (English, in records); what a person reads and types is the
renderer's ``action_words`` in their language, which the game's parser accepts back.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from string import Formatter
from typing import Any, Protocol

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from ..engine.errors import Reason
from ..engine.game import Game
from ..engine.state import Event

ROUTINE = 0
"""An event line dropped first when the screen is short (a tile drawn, whose turn it is)."""
NORMAL = 1
"""An event line worth showing (a tile placed, a share bought)."""
MAJOR = 2
"""An event line dropped last (a chain founded, a card played), and only with a line saying so."""
KEY = 3
"""An event line never dropped (a merger with its bonuses and every holder's choice, the end): said in its short form
when the screen is short, and the rest of the screen makes room for it."""


@dataclass(frozen=True)
class EventLine:
    """One entry of "what happened", possibly summarising several events; a ``text`` of several lines (joined
    with "\n") is one entry of several bullets (a merger: who merged what, then each chain settled)."""

    text: str
    weight: int = NORMAL
    """``ROUTINE``, ``NORMAL``, ``MAJOR`` or ``KEY``: which lines go first when there is no room for all."""
    short: str = ""
    """A shorter way to say all of it, for when the full text does not fit ("" if none); a key line's short form
    leaves nothing out (a merger's: every bonus and every holder's choice, in as few lines as that takes)."""


@dataclass(frozen=True)
class View:
    """What a screen is drawn from: a seat's observation and the words around it."""

    game: Game
    obs: dict[str, Any]
    """``state.observation(seat)``: everything on screen comes from here."""
    seat: int | None
    """The seat looking (None: a spectator, e.g. at the end)."""
    lang: str
    names: Sequence[str]
    """Every seat's name, by seat."""
    legal: Sequence[str] = ()
    """The texts of the legal actions of ``seat`` now (empty when it is not its move)."""
    width: int | None = None
    """Columns of the terminal (None: as wide as the screen wants)."""
    height: int | None = None
    """Lines the game's part of the screen may take (None: as many as it wants)."""

    def t(self, key: str, **fields: Any) -> str:
        """A text from the game's catalogue."""
        return self.game.catalog.t(self.lang, key, **fields)

    def n(self, key: str, count: int, /, **fields: Any) -> str:
        """``key_one`` or ``key_other`` from the game's catalogue, as ``count`` asks."""
        return self.game.catalog.plural(self.lang, key, count, **fields)

    @property
    def roomy(self) -> bool:
        """Whether there is room for the full layout (a big terminal, or output that is not a terminal)."""
        return (self.width is None or self.width >= WIDE) and (self.height is None or self.height >= TALL)


def filled(template: str, fields: dict[str, Text]) -> Text:
    """``template``'s words with each ``{field}`` replaced by its styled text (a catalogue text asked with its fields
    left as ``{field}``, so that the language decides the words around them and each keeps its own style)."""
    out = Text()
    for literal, field, _, _ in Formatter().parse(template):
        out.append(literal)
        if field:
            out.append_text(fields[field])
    return out


def wrapped(text: str | Text, width: int | None, style: str = "", indent: str = "", hang: bool = False) -> Text:
    """``text`` wrapped to ``width`` columns at ordinary spaces only (its styles kept), so that a number written
    with no-break spaces (French ``6 000``) is never cut in two and French punctuation stays with its word (the
    catalogues put a no-break space before « : ; ! ? » and inside « »); rich would break at either. A line after
    the first starts with ``indent``, never with a space; with ``hang``, a line that continues a column layout
    (``  list          every choice …``) is indented under the text it continues."""
    text = text if isinstance(text, Text) else Text(text, style=style)
    if style and text.style != style:
        text.stylize(style)
    if width is None or width <= len(indent) + 8:
        return text
    out = Text(style=text.style, no_wrap=True, overflow="fold", end=text.end)
    start = 0
    plain = text.plain
    for number, line in enumerate(plain.split("\n")):
        if number:
            out.append("\n")
        pad = indent
        if hang:
            column = re.match(r"(\s*\S(?:.*?\S)?\s{2,})\S", line) or re.match(r"(\s*)", line)
            pad = " " * len(column.group(1)) if column else indent
        for i, (begin, end) in enumerate(_folded(line, _breaks(line, width, len(pad)), width, len(pad))):
            if i:
                out.append("\n" + pad)
            out.append_text(text[start + begin:start + end])
        start += len(line) + 1
    return out


def _folded(line: str, spans: list[tuple[int, int]], width: int, indent: int) -> list[tuple[int, int]]:
    """``spans`` with any line still wider than its room (a word longer than a line: « Correspondance » held by
    its no-break spaces in a narrow column) cut where it reaches the edge, so that nothing of it is lost."""
    out: list[tuple[int, int]] = []
    for begin, end in spans:
        room = width - (indent if out else 0)
        while cell_len(line[begin:end]) > room:
            cut = begin + 1
            while cut < end and cell_len(line[begin:cut + 1]) <= room:
                cut += 1
            space = line.rfind(" ", begin + 1, cut + 1)  # at a space if there is one, else where it reaches the edge
            if space > begin and line[begin:space].strip():
                cut = space
            else:  # inside a word: never before French punctuation or its no-break space, nor just after «
                while cut - 1 > begin and cut < len(line) and (line[cut] in NOT_FIRST or line[cut - 1] in "«\u00a0"):
                    cut -= 1
            out.append((begin, cut))
            begin = cut
            while begin < end and line[begin] == " ":
                begin += 1
            room = width - indent
        out.append((begin, end))
    return out


class Words:
    """Text for a table's cell that wraps at ordinary spaces only (``wrapped``), where rich would break a French
    number or a « : » at its no-break space: as narrow as its longest unbreakable run, as wide as its longest line."""

    def __init__(self, text: str | Text, style: str = "") -> None:
        self.text = text if isinstance(text, Text) else Text(text, style=style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        runs = [cell_len(run) for run in re.split(r"[ \n]+", plain) if run] or [0]
        return Measurement(min(max(runs), options.max_width), max(cell_len(line) for line in plain.split("\n")))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield wrapped(self.text.copy(), options.max_width)


NAME_COLUMN_MOST = 30
"""The widest a table's column of names is kept whole; a longer name folds."""


def name_and_number_table(title: Text, headers: Sequence[str], rows: Sequence[Sequence[str]], width: int,
                          styles: Sequence[str] = ()) -> Table:
    """A table of a first column of names (bots, whose specs may be long: ``mcts:iterations=30``) and columns of
    numbers, ``width`` columns wide at most. The numbers are never broken (« 45,3 % » stays whole: rich would break
    it at its no-break space) and their headers wrap at spaces only; the names get what is left, whole up to
    ``NAME_COLUMN_MOST`` columns, else folded. On a screen too narrow for that, every column folds rather than the
    table losing its right (``numbers_fit``); ``styles``: each row's style, if any."""
    columns = [[r[k] for r in rows] for k in range(1, len(headers))]
    cells = [max(cell_len(c) for c in column) for column in columns]
    least = [max(n, *(cell_len(word) for word in header.split())) for n, header in zip(cells, headers[1:], strict=True)]
    most = [max(n, cell_len(header)) for n, header in zip(cells, headers[1:], strict=True)]
    room = width - 3 * len(headers) - 1  # each column's padding and border, and the table's edges
    longest = min(NAME_COLUMN_MOST, max(cell_len(n) for n in [headers[0], *(r[0] for r in rows)]))
    name = min(longest, room - sum(least))
    table = Table(title=title)
    if name < min(8, longest):  # too narrow: rich shares the width out, every column folding
        whole = numbers_fit(headers[1:], columns, width)
        table.add_column(headers[0], overflow="fold")
        for header in headers[1:]:
            table.add_column(header, justify="right", overflow="fold", no_wrap=whole)
    else:
        widths = list(least)
        spare = room - name - sum(widths)
        for k, want in enumerate(most):  # what is left unwraps the headers, first ones first
            grow = min(spare, want - widths[k])
            widths[k] += grow
            spare -= grow
        table.add_column(headers[0], overflow="fold", width=name)
        for header, w in zip(headers[1:], widths, strict=True):
            table.add_column(header, justify="right", overflow="fold", width=w)
    for k, row in enumerate(rows):
        table.add_row(Text(row[0], style=styles[k] if k < len(styles) else ""), *row[1:])
    return table


def numbers_fit(headers: Sequence[str], columns: Sequence[Iterable[str]], width: int, names: int = 8) -> bool:
    """Whether a table's number columns (``headers``, each column's cells) fit ``width`` unwrapped beside a first
    column of names folded to ``names`` columns: then they are added ``no_wrap``, since rich breaks a cell at the
    no-break spaces of French numbers (``45,3 %`` would end a line with ``45,3`` and start the next with ``%``);
    on a screen too narrow for that, wrapping is better than losing the right of the table."""
    needed = names + 3 * (len(headers) + 1) + 1  # each column's padding and border, and the table's edges
    for header, cells in zip(headers, columns, strict=True):
        needed += max(cell_len(header), *map(cell_len, cells))
    return needed <= width


QUOTED = re.compile(r"[“«][^“”«»\n]{1,30}[”»]")
"""A short quotation (a command a player types: “stack 2 3 4 0”, « viser soigné »), kept on one line."""
NOT_FIRST = ":;!?»%\u00a0"
"""What never begins a line folded inside a word (it belongs to the word before)."""
SMALL_NUMBER = re.compile(r"\d{1,3}\W{0,2}$")
"""A word that is a small number (a seat, a trio, a die: ``Bot 1``, ``case 12,``), kept with the word before it."""


def _breaks(line: str, width: int, indent: int) -> list[tuple[int, int]]:
    """Where ``line`` is cut: (begin, end) of each wrapped line, only at ordinary spaces, never inside a short
    quotation (``QUOTED``) nor before a small number (``SMALL_NUMBER``), the first line keeping its leading spaces
    and the others (``indent`` columns to the left of them) starting at a word; a word longer than a line is left
    to be folded (``_folded``)."""
    words: list[tuple[int, int]] = []
    kept = [range(m.start(), m.end()) for m in QUOTED.finditer(line)]
    for m in re.finditer(r"[^ ]+", line):
        held = bool(words) and (any(words[-1][1] in span for span in kept) or bool(SMALL_NUMBER.match(m.group())))
        if held and cell_len(line[words[-1][0]:m.end()]) <= width - indent:  # if it fits a line
            words[-1] = (words[-1][0], m.end())
        else:
            words.append((m.start(), m.end()))
    if not words:
        return [(0, 0)]
    spans: list[tuple[int, int]] = []
    begin, end = 0, words[0][1]
    room = width
    for w_begin, w_end in words[1:]:
        if cell_len(line[begin:w_end]) <= room or cell_len(line[w_begin:w_end]) > width - indent:
            end = w_end  # fits, or is longer than any line: folded where it reaches the edge
            continue
        spans.append((begin, end))
        begin, end = w_begin, w_end
        room = width - indent
    spans.append((begin, end))
    return spans


def flow(parts: Sequence[Text], width: int | None, separator: str = " · ") -> Text:
    """``parts`` left to right, a new line where the next would not fit: a part is never split."""
    out = Text()
    used = 0
    for i, part in enumerate(parts):
        size = part.cell_len
        if i and width is not None and used + len(separator) + size > width:
            out.append("\n")
            used = 0
        elif i:
            out.append(separator, style="dim")
            used += len(separator)
        out.append_text(part)
        used += size
    out.no_wrap = width is not None
    return out


def bullets(text: str, width: int | None, style: str = "") -> Text:
    """An event entry as printed: each of its lines after a bullet, wrapped (never inside a number), the lines
    that continue one indented under its text."""
    out = Text(style=style, no_wrap=width is not None, overflow="fold")
    for i, line in enumerate(text.split("\n")):
        if i:
            out.append("\n")
        out.append_text(wrapped(f"• {line}", width, indent="  "))
    return out


def measure(parts: Sequence[RenderableType], width: int | None) -> int:
    """How many lines ``parts`` take printed ``width`` columns wide (for a renderer choosing a tighter layout)."""
    console = Console(file=io.StringIO(), width=width or 200, color_system=None)
    return sum(len(console.render_lines(part, console.options, pad=False)) for part in parts)


WIDE = 100
"""Columns from which a game may use its full layout."""
TALL = 30
"""Lines (for the game's part) from which a game may use its full layout."""


class Renderer(Protocol):
    """Draws a game's screen and says its actions and events in the player's language."""

    def screen(self, view: View) -> list[RenderableType]:
        """The board and tables a person sees before choosing (top to bottom), fitting ``view.width`` and, as far
        as it can, ``view.height``."""
        ...

    def action_label(self, view: View, action: str) -> str:
        """A short explanation of a legal action's text, in the view's language ("" if none)."""
        ...

    def action_words(self, action: str, lang: str) -> str:
        """An action's text as shown to and typed by a person in ``lang`` (the parser accepts it back)."""
        ...

    def event_lines(self, view: View, events: Sequence[Event]) -> list[EventLine]:
        """Events in words, several summarised in one line where that reads better (a merger and its bonuses)."""
        ...

    def milestone(self, view: View, log: Sequence[Event], since: int) -> list[RenderableType]:
        """The stop after a milestone (a round's scoring), from the public ``log``; ``log[since:]`` is new."""
        ...

    def refine_reason(self, view: View, reason: Reason) -> Reason:
        """A refusal's reason made precise for this position (e.g. which trio letters are on the table)."""
        ...

    @property
    def milestones(self) -> frozenset[str]:
        """Event kinds worth stopping for, so that people read them (a round's scoring)."""
        ...

    # Optional (looked up with getattr; the games with a short list of legal actions need neither):
    #   menu(view, legal) -> list[str]: the choices offered by number when the legal actions are too many or
    #     continuous (Stack Market's aims); anything legal may still be typed.
    #   check_typed(view, text) -> Reason | None: a reason to refuse a text the game would accept but a person
    #     most likely did not mean (an aim typed without units).


def visible(parts: Sequence[RenderableType]) -> list[RenderableType]:
    """The parts of a screen that show something (an empty text would print an empty line)."""
    return [p for p in parts if not (isinstance(p, Text) and not p.plain)]


def describe_lines(view: View, events: Sequence[Event], weight: int = NORMAL) -> list[EventLine]:
    """Each event in the game's own words, one line each."""
    return [EventLine(view.game.describe(e, view.lang, view.names), weight) for e in events]


class GenericRenderer:
    """For games without their own renderer: the observation, pretty-printed, and action texts as they are."""

    milestones: frozenset[str] = frozenset()

    def screen(self, view: View) -> list[RenderableType]:
        return [Pretty(view.obs)]

    def action_label(self, view: View, action: str) -> str:
        return ""

    def action_words(self, action: str, lang: str) -> str:
        return action

    def event_lines(self, view: View, events: Sequence[Event]) -> list[EventLine]:
        return describe_lines(view, events)

    def milestone(self, view: View, log: Sequence[Event], since: int) -> list[RenderableType]:
        shown = [e for e in log[since:] if e.kind in self.milestones]
        return [bullets(line.text, view.width) for line in describe_lines(view, shown)]

    def refine_reason(self, view: View, reason: Reason) -> Reason:
        return reason


def get_renderer(game: Game) -> Renderer:
    """The game's own renderer, or the generic one."""
    renderer: Renderer | None = game.terminal_renderer()
    return renderer if renderer is not None else GenericRenderer()


def screen(renderer: Renderer, view: View) -> list[RenderableType]:
    """The renderer's screen for ``view``, without empty lines."""
    return visible(renderer.screen(view))


__all__ = ["KEY", "MAJOR", "NORMAL", "ROUTINE", "EventLine", "GenericRenderer", "Renderer", "View", "describe_lines",
           "get_renderer", "measure", "screen", "visible", "wrapped"]
