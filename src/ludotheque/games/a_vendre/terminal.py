"""« A Vendre ! »'s screen: the 60 squares as a track in their colours (each title's number on its blue or red square
with its holder's letter, the start, the yellow and green squares, square 60) with the pawns on them, every player's
cash, titles, loans, fortune, trip and wait on square 60, the bank's purse and who bought it, the charge card last read
out, an auction under way (the title, the opening bid, the high bid, who is to bid and who is still in), and what is
being decided, with every choice explained.

Drawn from a seat's observation only (``view.observe``: everything in this game is public). Seats are marked by a
letter (A for seat 0, up to I for the ninth), never by a number, so that a mark is never read as a title's or a
square's number; a holder's letter is written in the seat's colour, a pawn on it. Two layouts, like the other games:
on a big terminal (or output that is not a terminal) two lines a square, the title's number and its holder over the
square's number and the pawns, and a table of the players; on a small one (80 × 24) one line for ten squares, the row
starting with its first square's number, the players in a few lines, and the viewer's decision in the status line.
A square with more pawns than its cell holds says so under the board, with every pawn on it.

What happened is said a turn an entry (the roll and the move, then payments, the card, a purchase…), and an auction an
entry of its own: its title and opening bid, every bid and every player dropping out, in order, and how it ended; an
auction under way is never left out (``log_lines.py``; the position as both read it: ``screen_position.py``).

Action texts are shown in the player's language (``action_words``: ``acheter``, ``enchères 12``, ``miser 350``),
words the parser accepts back; the records keep the English texts. A banner says when the board and the cards are the
project's reconstruction rather than the printed edition.

The generic pieces are the terminal toolkit's, shared with the other games' screens: fitting the layouts
(``cli/layout.py``), the seats' letters and pawns and the track's rows (``cli/board.py``), action words from verbs and
short names (``cli/words.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cli.board import SeatMarks, track
from ...cli.layout import fitted, pack
from ...cli.render import View, filled, measure, wrapped
from ...cli.words import parsed, reconstructed_banner, short_name, table_name, verb_words
from ...engine.errors import Reason
from ...engine.state import Event
from .actions import Auction, Bid, Borrow, Buy, Leave, Pass, PayTax, TakeCard, parse_action
from .log_lines import LogLines
from .screen_position import Position, effect_text, money, name_of, place
from .state import half_up

SEAT_MARKS = "ABCDEFGHI"
"""A seat's mark on the board and in the tables: a letter, so that it is never taken for a title's number."""
SEAT_COLOURS = ("cyan", "magenta", "dark_orange", "bright_white", "hot_pink", "medium_purple1", "spring_green1",
                "light_sky_blue1", "gold1")
"""Each seat's colour: its letter as a holder is written in it, its pawn on it."""
SEATS = SeatMarks(SEAT_MARKS, SEAT_COLOURS)
SQUARE_STYLES = {"start": "bold white on grey35", "finish": "bold black on grey85", "yellow": "bold black on yellow1",
                 "green": "bold black on green3", "blue": "bold white on blue3", "red": "bold white on red3"}
"""The squares' colours, as the board file names them."""
SQUARE_MARKS = {"start": "►", "finish": "60", "yellow": "?", "green": "»"}
"""What a square without a title shows: the start (square 1), square 60, a card if one wants (yellow), on to the next
square (green). A title's square shows the title's number."""
FREE_MARK = "·"
OUT_STYLE = "dim strike"
TO_MOVE_MARK = "◂"
SEAT_SEP = " · "
"""Between a seat's counts in the players' line (``2 titles · 1 loan``), as ``ui.seat_line`` between the cash and the
titles."""
ROW = 10
"""Squares a row of the track: rows start at 1, 11, 21…, so that a square's number is easy to count."""

COMPACT_LINES = 14
"""On a small terminal, the lines the game's part takes when it can (what happened since one's last move and the
choices keep a few lines on 80 × 24)."""
COMPACT_CELL = 7
"""A square on a small terminal: the title's number (2), its holder, three pawns, a space."""
NARROW_CELL = 7
"""A square in two lines on a big screen under 91 columns (or output that is not a terminal): the title's number (3)
and holder over the square's number (3) and three pawns."""
ROOMY_CELL = 9
"""A square in two lines on a big terminal: the title's number (4) and holder over the square's number and four
pawns."""

VERBS = {
    "en": {"buy": "buy", "tax": "tax", "card": "card", "pass": "pass", "auction": "auction", "bid": "bid",
           "borrow": "borrow", "leave": "leave", "first": "first", "roll": "roll", "draw": "draw"},
    "fr": {"buy": "acheter", "tax": "payer", "card": "piocher", "pass": "passer", "auction": "enchères",
           "bid": "miser", "borrow": "emprunter", "leave": "abandonner", "first": "premier", "roll": "dé",
           "draw": "tirer"},
}
"""The action words in each language, those ``actions.parse_action`` reads back (accents or not). French verbs are
infinitives, as in the other games (Acquire's ``acheter``, Stack Market's ``empiler``); the parser still reads the
forms shown before (``achète``, ``paie``, ``mise 350``…)."""

def action_words(text: str, lang: str) -> str:
    """An action's text in ``lang``'s words (``buy`` -> ``acheter``, ``auction 12`` -> ``enchères 12``, ``bid 350``
    -> ``miser 350``): amounts in plain digits, as they are typed back."""
    return verb_words(text, lang, parse_action, VERBS)


def title_label(pos: Position, title: int, named: bool = True) -> Text:
    """A title's number on its square's colour (blue: a business, red: an establishment), then its name."""
    text = Text()
    text.append(f" {title} ", style=SQUARE_STYLES.get(pos.colour(title), "bold reverse"))
    if named and pos.name(title):
        text.append(" " + pos.name(title))
    return text


def card_detail(view: View, pos: Position, effect: dict[str, Any]) -> str:
    """What a card's square or establishment is on this board ("square 44: title 32 Chemiserie, R 160"), or ""."""
    kind = effect.get("kind")
    if kind == "honorary" and pos.name(effect.get("title", 0)):
        return view.t("ui.card_detail.honorary", name=pos.name(effect["title"]))
    if kind in ("tax", "move_to") and pos.square(effect.get("square", 0)):
        square = effect["square"]
        title = pos.title_at(square)
        if title:
            return view.t("ui.card_detail.title", square=square, title=title, name=pos.name(title),
                          income=money(view, pos.income(title)))
        return view.t("ui.card_detail.square", square=square, place=place(view, pos, square))
    return ""


class AVendreRenderer(LogLines):
    """The « A Vendre ! » screen and the words for its actions and events."""

    milestones: frozenset[str] = frozenset()

    def screen(self, view: View) -> list[RenderableType]:
        """The layout for the view's size; tighter ones when it needs the room: on a big screen one's own titles go
        first, then the legend; on a small one the fortunes, then the legend, then the kind of game (and, when a grid
        under the seats' letters says many players' cash and titles in fewer lines, their names), then the last card
        (the events say it too), then who is still in an auction."""
        return fitted(view, self._roomy, 3, self._compact, 6, COMPACT_LINES)

    def _roomy(self, view: View, tight: int) -> list[RenderableType]:
        pos = Position.of(view.obs)
        parts = [self.status(view), reconstructed_banner(view), self.board(view, pos, roomy=True),
                 self.board_notes(view, pos, self._room(view, roomy=True))]
        if tight < 2:
            parts.append(self.legend(view, roomy=True))
        parts += [self.players_table(view, pos), self.bank(view), self.yours(view, pos) if tight < 1 else Text(""),
                  self.last_card(view, pos, words=True), self.auction(view, pos, roomy=True), self.decision(view, pos)]
        return parts

    def _compact(self, view: View, tight: int) -> list[RenderableType]:
        pos = Position.of(view.obs)
        parts = [self.status(view, compact=True, kind=tight < 3), reconstructed_banner(view),
                 self.board(view, pos, roomy=False), self.board_notes(view, pos, self._room(view, roomy=False))]
        if tight < 2:
            parts.append(self.legend(view, roomy=False))
        parts.append(self.players_line(view, fortunes=tight < 1) if tight < 3 else self.players_short(view))
        if tight < 4:
            parts.append(self.last_card(view, pos, words=False))
        parts += [self.auction(view, pos, roomy=False, still=tight < 5), self.for_auction(view, pos, named=tight < 4)]
        return parts

    # --- the round, the turn, the die, the decision ---------------------------------------------------------
    def status(self, view: View, compact: bool = False, kind: bool = True) -> RenderableType:
        """The round, simple or double game (with ``kind``), whose turn it is, the die, and who decides what (the
        viewer's decision with its amounts on a small screen)."""
        obs = view.obs
        if obs["to_move"] is None:
            how = obs["termination"] or ""
            said = view.t(f"end.{how}") if view.game.catalog.has(f"end.{how}") else how
            return wrapped(view.t("ui.over", how=said), view.width, "bold", indent="  ")
        parts: list[Text] = []
        if obs["round"]:
            parts.append(Text(view.t("ui.round", round=obs["round"]), style="bold"))
        if kind:
            rules = obs["rules"]
            key = f"ui.game_{'double' if obs['double'] else 'simple'}{'_short' if compact else ''}"
            parts.append(Text(view.t(key, second=rules["second_trip"], end=rules["end"]), style="dim"))
        to_move = obs["to_move"]
        player = obs["player"]
        if player is not None and player != to_move:
            name = view.names[player]
            said = short_name(name, view.names) if compact else name
            parts.append(Text(view.t("ui.turn", player=said), style="bold"))
        if obs["die"]:
            parts.append(Text(view.t("ui.die", face=obs["die"])))
        decision = self._decision_text(view, Position.of(obs), "ui.decide_short") if compact else ""
        step = obs["step"]
        if decision:
            parts.append(Text(decision, style="bold cyan"))
        elif isinstance(to_move, int) and step and view.game.catalog.has(f"step.{step}") and \
                (compact or to_move != view.seat or not self._decision_text(view, Position.of(obs), "ui.decide")):
            # (on a big screen the viewer's own decision has a line of its own)
            name = view.names[to_move]
            parts.append(Text(view.t("ui.deciding", player=short_name(name, view.names) if compact else name,
                                     step=view.t(f"step.{step}")), style="bold cyan"))
        return pack(parts, view.width)

    # --- the board --------------------------------------------------------------------------------------------
    @staticmethod
    def _cell(view: View, roomy: bool) -> int:
        """A square's width: on a big screen wide cells when the terminal has the columns."""
        if not roomy:
            return COMPACT_CELL
        return ROOMY_CELL if view.width is not None and view.width >= ROW * ROOMY_CELL + 1 else NARROW_CELL

    def _room(self, view: View, roomy: bool) -> int:
        """How many pawns a square's cell shows."""
        cell = self._cell(view, roomy)
        return cell - 5 if roomy and cell >= ROOMY_CELL else cell - 4

    def board(self, view: View, pos: Position, roomy: bool) -> RenderableType:
        """The track, ten squares a row: on a small screen a line a row, after the number of its first square; on a
        big one two lines a row, the squares' numbers and pawns under the titles."""
        if roomy:
            cell = self._cell(view, roomy)
            return Group(*track([self._roomy_cell(pos, s, cell) for s in pos.squares], ROW))
        return Group(*track([(self._compact_cell(pos, s),) for s in pos.squares], ROW,
                            lambda first: Text(f"{first + 1:>2} ", style="dim")))

    @staticmethod
    def _label(pos: Position, square: dict[str, Any], size: int) -> Text:
        """The square's face, ``size`` characters on its colour: its title's number, or what the square is."""
        title = square["title"]
        mark = str(title["number"]) if title else SQUARE_MARKS.get(square["colour"], "")
        face = f"{mark:>3} " if size == 4 else f"{mark:>{size}}"
        return Text(face, style=SQUARE_STYLES.get(square["colour"], "bold reverse"))

    @staticmethod
    def _holder(pos: Position, square: dict[str, Any]) -> Text:
        """The title's holder (a letter in its seat's colour; · when the bank keeps it), or a space."""
        title = square["title"]
        if not title:
            return Text(" ")
        owner = pos.owners.get(title["number"])
        if owner is None:
            return Text(FREE_MARK, style="dim")
        return SEATS.holder(owner)

    def _compact_cell(self, pos: Position, square: dict[str, Any]) -> Text:
        out = self._label(pos, square, 2)
        out.append_text(self._holder(pos, square))
        out.append_text(SEATS.pawns(pos.pawns.get(square["number"], []), COMPACT_CELL - 4))  # as ``_room`` says
        out.append(" ")
        return out

    def _roomy_cell(self, pos: Position, square: dict[str, Any], cell: int) -> tuple[Text, Text]:
        """A square in two lines, ``cell`` characters wide: its face and holder; under them the square's number and
        the pawns on it."""
        size = 4 if cell >= ROOMY_CELL else 3
        top = self._label(pos, square, size)
        top.append_text(self._holder(pos, square))
        top.append(" " * (cell - size - 1))
        bottom = Text(f"{square['number']:>3}", style="dim")
        if cell >= ROOMY_CELL:
            bottom.append(" ")
        bottom.append_text(SEATS.pawns(pos.pawns.get(square["number"], []), cell - bottom.cell_len - 1))
        bottom.append(" ")
        return top, bottom

    def board_notes(self, view: View, pos: Position, room: int) -> RenderableType:
        """Under the board: the pawns setting out on the second trip (before square 1), those waiting on square 60
        for the titles their next trip needs, and every square with more pawns than its cell shows (``room``)."""
        parts: list[Text] = []
        starting = pos.pawns.get(0)
        if starting:
            part = Text(view.t("ui.setting_out") + " ", style="dim")
            for seat in starting:
                part.append_text(SEATS.pawn(seat))
            parts.append(part)
        rules = view.obs["rules"]
        waiting = [p for p in view.obs["players"] if p["waiting"] and not p["out"]]
        if waiting:
            part = Text(view.t("ui.waiting_on_60") + " ", style="dim")
            for i, p in enumerate(waiting):
                need = rules["second_trip"] if p["trip"] == 1 else rules["end"]
                part.append(", " if i else "")
                part.append_text(SEATS.pawn(p["seat"]))
                part.append(" " + view.t("ui.waiting_who", titles=len(p["titles"]), need=need))
            parts.append(part)
        for number in sorted(n for n in pos.pawns if n >= 1):
            seats = pos.pawns[number]
            if len(seats) <= room:
                continue
            part = Text(view.t("ui.crowded", square=number) + " ", style="dim")
            for seat in seats:
                part.append_text(SEATS.pawn(seat))
            parts.append(part)
        return pack(parts, view.width, "  ") if parts else Text("")

    def legend(self, view: View, roomy: bool) -> RenderableType:
        """The squares' colours and what the marks mean."""
        parts: list[Text] = []
        for colour in ("blue", "red", "yellow", "green"):
            part = Text()
            part.append(f" {SQUARE_MARKS.get(colour, '12')} " if colour in SQUARE_MARKS else " 12 ",
                        style=SQUARE_STYLES[colour])
            part.append(" " + view.t(f"ui.legend.{colour}{'' if roomy else '_short'}"), style="dim")
            parts.append(part)
        marks = Text()
        marks.append_text(SEATS.holder(0))
        marks.append(" " + view.t("ui.legend.holder") + "  ", style="dim")
        marks.append_text(SEATS.pawn(1))
        marks.append(" " + view.t("ui.legend.pawn"), style="dim")
        parts.append(marks)
        if roomy:
            parts.append(Text(view.t("ui.legend.rows"), style="dim"))
        return pack(parts, view.width, "  " if roomy else " ")

    # --- the players and the bank -----------------------------------------------------------------------------
    def _where(self, view: View, pos: Position, p: dict[str, Any]) -> str:
        """Where a pawn is, in words: ``17 · title 12 Quincaillerie``, waiting on 60, setting out on trip 2."""
        rules = view.obs["rules"]
        if p["waiting"]:
            need = rules["second_trip"] if p["trip"] == 1 else rules["end"]
            return view.t("ui.waiting", titles=len(p["titles"]), need=need)
        if p["square"] == 0:
            return view.t("ui.place.before")
        return f"{p['square']} · {place(view, pos, p['square'])}"

    def players_line(self, view: View, fortunes: bool) -> RenderableType:
        """Each seat: mark, then name, cash and titles as ``ui.seat_line`` says them (``A Ada (you): 4,300 · 2
        titles``: the name set apart from the amount and the amount from the count, which side by side would read as
        one number, as Luxembourg-Shopping's line does), loans, fortune (with ``fortunes``), trip; who is out; the
        bank (a wait on square 60 is said under the board)."""
        obs = view.obs
        parts: list[Text] = []
        for p in obs["players"]:
            seat = p["seat"]
            part = Text()
            part.append_text(SEATS.pawn(seat))
            name = short_name(view.names[seat], view.names) + (" " + view.t("ui.you") if seat == view.seat else "")
            if p["out"]:
                part.append(" " + name)
                part.stylize(OUT_STYLE, 2)
                part.append(" " + view.t("ui.out"), style="bold red")
                parts.append(part)
                continue
            part.append(" ")
            part.append_text(filled(view.t("ui.seat_line", name="{name}", cash="{cash}", titles="{titles}"), {
                "name": Text(name, style="bold" if seat == view.seat else ""),
                "cash": Text(money(view, p["cash"]), style="bold green"),
                "titles": Text(view.n("ui.titles", len(p["titles"]), count=len(p["titles"])))}))
            if p["loans"]:
                part.append(SEAT_SEP)
                part.append(view.n("ui.loans", p["loans"], count=p["loans"]), style="bold red")
            if fortunes:
                part.append(" " + view.t("ui.fortune_short", fortune=money(view, p["fortune"])), style="dim")
            if obs["double"] and p["trip"] == 2:
                part.append(" " + view.t("ui.trip_2"), style="bold")
            if seat == obs["to_move"]:
                part.append(" " + TO_MOVE_MARK, style="bold cyan")
            parts.append(part)
        parts.append(self._bank_token(view))
        return pack(parts, view.width, " │ ")

    def players_short(self, view: View) -> RenderableType:
        """The players in as few lines as can be: their names, or (many players) the grid under their letters."""
        line, grid = self.players_line(view, fortunes=False), self.players_grid(view)
        return line if measure([line], view.width) <= measure([grid], view.width) else grid

    def players_grid(self, view: View) -> RenderableType:
        """Every seat in a column under its letter (the viewer's underlined, the one deciding marked), a line for cash,
        titles, loans (when anyone has one) and the trip (in the double game); the bank's purse in a last column. Nine
        players fit 80 columns in four or five lines."""
        obs = view.obs
        players = obs["players"]
        table = Table(box=None, padding=(0, 0, 0, 1), show_edge=False, header_style="bold")
        table.add_column("", no_wrap=True, style="dim")
        for p in players:
            head = Text()
            head.append_text(SEATS.pawn(p["seat"]))
            if p["seat"] == view.seat:
                head.stylize("underline")
            if p["seat"] == obs["to_move"]:
                head.append(TO_MOVE_MARK, style="bold cyan")
            table.add_column(head, justify="right", no_wrap=True)
        table.add_column(Text(view.t("ui.grid.bank"), style="bold"), justify="right", no_wrap=True)
        out = Text(view.t("ui.grid.out"), style="bold red")

        def row(label: str, cell: Callable[[dict[str, Any]], RenderableType], bank: str = "") -> None:
            table.add_row(view.t(label), *(out if p["out"] else cell(p) for p in players), bank)

        row("ui.grid.cash", lambda p: Text(money(view, p["cash"]), style="bold green"),
            money(view, obs["bank"]["cash"]))
        owner = obs["bank"]["owner"]
        row("ui.grid.titles", lambda p: str(len(p["titles"])),
            "" if owner is None else view.t("ui.bank_owner_short", player=SEATS.letter(owner)))
        if any(p["loans"] for p in players):
            row("ui.grid.loans", lambda p: Text(str(p["loans"]) if p["loans"] else "—",
                                                style="bold red" if p["loans"] else "dim"))
        if obs["double"]:
            row("ui.grid.trip", lambda p: str(p["trip"]))
        return table

    def _bank_token(self, view: View) -> Text:
        bank = view.obs["bank"]
        part = Text(view.t("ui.bank_short", cash=money(view, bank["cash"])), style="bold")
        if bank["owner"] is not None:
            owner = short_name(name_of(view, bank["owner"]), view.names)
            part.append(" " + view.t("ui.bank_owner_short", player=owner))
        return part

    def players_table(self, view: View, pos: Position) -> RenderableType:
        obs = view.obs
        table = Table(box=None, padding=(0, 1), header_style="bold")
        table.add_column("", no_wrap=True)
        table.add_column(view.t("ui.head.player"), overflow="fold")
        table.add_column(view.t("ui.head.cash"), justify="right", no_wrap=True)
        table.add_column(view.t("ui.head.titles"), justify="right", no_wrap=True)
        table.add_column(view.t("ui.head.loans"), justify="right", no_wrap=True)
        table.add_column(view.t("ui.head.fortune"), justify="right", no_wrap=True)
        if obs["double"]:
            table.add_column(view.t("ui.head.trip"), justify="right", no_wrap=True)
        table.add_column(view.t("ui.head.square"), overflow="fold")
        for p in obs["players"]:
            seat = p["seat"]
            name = table_name(view, seat, seat == obs["to_move"])
            extra = [""] if obs["double"] else []
            if p["out"]:
                name.stylize(OUT_STYLE)
                table.add_row(SEATS.pawn(seat), name, Text(view.t("ui.out"), style="bold red"), "", "", "", *extra, "")
                continue
            due = money(view, p["loans"] * obs["rules"]["loan_due"])
            loans = Text(view.t("ui.loan_amounts", count=p["loans"], due=due) if p["loans"] else "—",
                         style="bold red" if p["loans"] else "dim")
            trip = [str(p["trip"])] if obs["double"] else []
            where = Text(self._where(view, pos, p), style="bold yellow" if p["waiting"] else "")
            table.add_row(SEATS.pawn(seat), name, Text(money(view, p["cash"]), style="bold green"),
                          str(len(p["titles"])), loans, money(view, p["fortune"]), *trip, where)
        return table

    def bank(self, view: View) -> RenderableType:
        """The bank's purse, who bought it, and the charge cards left."""
        obs = view.obs
        bank = obs["bank"]
        text = view.t("ui.bank", cash=money(view, bank["cash"]))
        if bank["owner"] is not None:
            text += " " + view.t("ui.bank_owner", player=name_of(view, bank["owner"]))
        deck = obs["deck"]
        text += " " + view.n("ui.deck", deck["left"], count=deck["left"])
        if not deck["honours"]:
            text += " " + view.t("ui.no_honours")
        return wrapped(text, view.width, indent="  ")

    # --- one's own titles -------------------------------------------------------------------------------------
    def yours(self, view: View, pos: Position) -> RenderableType:
        """The viewer's titles, each with its name and income: businesses, then establishments."""
        if view.seat is None or view.obs["to_move"] is None:
            return Text("")
        me = view.obs["players"][view.seat]
        if me["out"]:
            return Text(view.t("ui.you_are_out"), style="bold red")
        titles: list[int] = me["titles"]
        if not titles:
            return Text(view.t("ui.no_titles"), style="dim")
        head = Text(view.t("ui.yours") + " ", style="bold")
        parts = [head]
        for colour in ("blue", "red"):
            for t in titles:
                if pos.colour(t) == colour:
                    part = title_label(pos, t)
                    part.append(" " + view.t("ui.income", income=money(view, pos.income(t))), style="dim")
                    parts.append(part)
        return pack(parts, view.width, "  ")

    # --- the last card ----------------------------------------------------------------------------------------
    def last_card(self, view: View, pos: Position, words: bool) -> RenderableType:
        """The charge card last read out: its effect, what its square is on this board, and (``words``: on a big
        screen) the card's own words, as the deck file writes them (in French)."""
        card = view.obs["last_card"]
        if not card or view.obs["to_move"] is None:
            return Text("")
        effect = effect_text(view, card["effect"]).rstrip(".")
        detail = card_detail(view, pos, card["effect"])
        text = view.t("ui.card", card=card["id"], effect=effect) + (" " + detail if detail else "") + "."
        if words and card.get("text"):
            text += " " + view.t("ui.card_words", text=card["text"])
        return wrapped(text, view.width, indent="  ")

    # --- an auction under way ---------------------------------------------------------------------------------
    def auction(self, view: View, pos: Position, roomy: bool, still: bool = True) -> RenderableType:
        """What is auctioned (whose title, its PA and R; or the bank and its purse), the opening bid, the high bid and
        its bidder, who is to bid and the least bid, and (``still``) who is still in, in the order they bid."""
        a = view.obs["auction"]
        if not a:
            return Text("")
        suffix = "" if roomy else "_short"
        if a["kind"] == "bank":
            head = view.t(f"ui.auction.bank{suffix}", opening=money(view, a["opening"]),
                          purse=money(view, view.obs["bank"]["cash"]))
        else:
            t = a["title"] or 0
            seller = name_of(view, a["seller"])
            head = view.t(f"ui.auction.title{suffix}", title=t, name=pos.name(t),
                          seller=seller if roomy else short_name(seller, view.names),
                          price=money(view, pos.price(t)), income=money(view, pos.income(t)),
                          opening=money(view, a["opening"]))
        parts = [Text(head, style="bold")]
        if a["high"]:
            bidder = short_name(name_of(view, a["high_bidder"]), view.names)
            parts.append(Text(view.t("ui.auction.high", amount=money(view, a["high"]), player=bidder),
                              style="bold green"))
        else:
            parts.append(Text(view.t("ui.auction.no_bid"), style="dim"))
        if a["bidder"] is not None and a["min_bid"] is not None and (roomy or a["bidder"] != view.seat):
            # (the viewer's own bid is said in the small screen's status line)
            parts.append(Text(view.t("ui.auction.to_bid", player=short_name(name_of(view, a["bidder"]), view.names),
                                     least=money(view, a["min_bid"])), style="bold cyan"))
        if still:
            bidders = Text(view.t("ui.auction.still") + " ", style="dim")
            for i, seat in enumerate(a["bidders"]):
                if i:
                    bidders.append(" ")
                bidders.append_text(SEATS.pawn(seat))
            parts.append(bidders)
        return pack(parts, view.width)

    def for_auction(self, view: View, pos: Position, named: bool) -> RenderableType:
        """When the viewer chooses a business to have auctioned, on a small screen: each with its opening bid (a big
        screen's choices say it, with the PA and R)."""
        obs = view.obs
        if view.seat is None or obs["to_move"] != view.seat or obs["step"] != "choose_auction":
            return Text("")
        parts = [Text(view.t("ui.openings") + " ", style="bold")]
        for t in obs["players"][view.seat]["titles"]:
            if pos.colour(t) == "blue":
                part = title_label(pos, t, named)
                part.append(" " + money(view, half_up(pos.price(t))), style="bold green")
                parts.append(part)
        return pack(parts, view.width, " ")

    # --- what is being decided --------------------------------------------------------------------------------
    def decision(self, view: View, pos: Position) -> RenderableType:
        """When the viewer decides, on a big screen: what, with the amounts (the choices' explanations say the rest)."""
        text = self._decision_text(view, pos, "ui.decide")
        return wrapped(Text(text, style="bold"), view.width, indent="  ") if text else Text("")

    @staticmethod
    def _decision_text(view: View, pos: Position, prefix: str) -> str:
        """The viewer's decision in words (``ui.decide.*``, or the short ``ui.decide_short.*`` the small screen's
        status line says); "" when the viewer does not decide."""
        obs = view.obs
        seat = view.seat
        if seat is None or obs["to_move"] != seat:
            return ""
        me = obs["players"][seat]
        fields: dict[str, Any] = {"player": short_name(view.names[seat], view.names), "cash": money(view, me["cash"])}
        step = obs["step"]
        square = me["square"]
        title = pos.title_at(square)
        if step == "buy" and title:
            return view.t(f"{prefix}.buy", square=square, title=title, name=pos.name(title),
                          price=money(view, pos.price(title)), income=money(view, pos.income(title)), **fields)
        if step == "yellow":
            return view.t(f"{prefix}.yellow", square=square, **fields)
        if step == "choose_auction":
            return view.t(f"{prefix}.choose_auction", **fields)
        if step == "loan":
            rules = obs["rules"]
            return view.t(f"{prefix}.loan", loan=money(view, rules["loan"]), due=money(view, rules["loan_due"]),
                          loans=me["loans"], **fields)
        a = obs["auction"]
        if step == "bid" and a and a["min_bid"] is not None:
            what = view.t("ui.auction.what_bank") if a["kind"] == "bank" else \
                view.t("ui.auction.what_title", title=a["title"], name=pos.name(a["title"] or 0))
            return view.t(f"{prefix}.bid", what=what, least=money(view, a["min_bid"]), **fields)
        return ""

    # --- actions in words -------------------------------------------------------------------------------------
    action_words = staticmethod(action_words)

    def action_label(self, view: View, action: str) -> str:
        a = parsed(parse_action, action)
        obs = view.obs
        seat = obs["to_move"] if isinstance(obs["to_move"], int) else None
        if a is None or seat is None:
            return ""
        pos = Position.of(obs)
        me = obs["players"][seat]
        cash = me["cash"]
        title = pos.title_at(me["square"])
        step = obs["step"]
        rules = obs["rules"]
        match a:
            case Buy() if title:
                return view.t("ui.action.buy", title=title, name=pos.name(title), price=money(view, pos.price(title)),
                              left=money(view, cash - pos.price(title)), income=money(view, pos.income(title)))
            case PayTax() if title:
                return view.t("ui.action.tax", income=money(view, pos.income(title)),
                              left=money(view, cash - pos.income(title)))
            case TakeCard():
                return view.t("ui.action.card")
            case Pass():
                return view.t("ui.action.drop_out" if step == "bid" else "ui.action.no_card")
            case Auction(title=t):
                return view.t("ui.action.auction", name=pos.name(t), price=money(view, pos.price(t)),
                              income=money(view, pos.income(t)), opening=money(view, half_up(pos.price(t))))
            case Bid(amount=amount):
                auction = obs["auction"] or {}
                key = "ui.action.bid_all" if amount >= cash - cash % 10 else \
                    "ui.action.bid_least" if amount == auction.get("min_bid") else "ui.action.bid"
                return view.t(key, left=money(view, cash - amount))
            case Borrow():
                return view.t("ui.action.borrow", loan=money(view, rules["loan"]), due=money(view, rules["loan_due"]))
            case Leave():
                return view.t("ui.action.leave", cash=money(view, cash))
        return ""

    def refine_reason(self, view: View, reason: Reason) -> Reason:
        """A bid out of range, or a number that is none (``miser -5``), says its limits as the language writes
        numbers (« de 10 à 10 000 000 »)."""
        limits = {"bid_range": ("low", "high"), "not_number": ("lo", "hi")}.get(reason.key)
        if limits:
            fields = {k: money(view, v) if k in limits and isinstance(v, int) else v
                      for k, v in reason.fields.items()}
            return Reason(reason.key, fields)
        return reason

    def milestone(self, view: View, log: Sequence[Event], since: int) -> list[RenderableType]:
        return []
