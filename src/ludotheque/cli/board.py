"""Drawing a board game's track and its seats on the terminal: the seats' letters and colours, pawns in a square's
cell, and the squares in rows.

Seats are marked by a letter (A for seat 0), never by a number, so that a mark is never read as a square's, a shop's
or a title's number; a seat's letter is written in its colour where it holds something, and on its colour as its pawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text


@dataclass(frozen=True)
class SeatMarks:
    """A game's marks for its seats: a letter and a colour each."""

    letters: str
    """Each seat's letter, seat 0's first; a seat beyond them is marked ``?``."""
    colours: Sequence[str]
    """Each seat's colour (rich's colour names), round again when the seats are more."""

    def letter(self, seat: int) -> str:
        return self.letters[seat] if 0 <= seat < len(self.letters) else "?"

    def colour(self, seat: int) -> str:
        return self.colours[seat % len(self.colours)]

    def pawn_style(self, seat: int) -> str:
        return f"bold black on {self.colour(seat)}"

    def pawn(self, seat: int) -> Text:
        """The seat's pawn: its letter on its colour."""
        return Text(self.letter(seat), style=self.pawn_style(seat))

    def holder(self, seat: int) -> Text:
        """The seat as the holder of a square's shop or title: its letter in its colour."""
        return Text(self.letter(seat), style=f"bold {self.colour(seat)}")

    def pawns(self, seats: Sequence[int], room: int) -> Text:
        """The pawns of ``seats`` (those on a square), ``room`` characters wide: one fewer and a + when they are more,
        spaces after them when fewer."""
        out = Text()
        shown = seats if len(seats) <= room else seats[:room - 1]
        for seat in shown:
            out.append_text(self.pawn(seat))
        if len(shown) < len(seats):
            out.append("+", style="bold")
        out.append(" " * (room - out.cell_len))
        return out


def cropped(line: Text) -> Text:
    """``line`` printed as it is, never wrapped: cut at the screen's edge (a board's row is not read on two lines)."""
    line.no_wrap = True
    line.overflow = "crop"
    return line


def track(cells: Sequence[Sequence[Text]], per_row: int, lead: Callable[[int], Text] | None = None) -> list[Text]:
    """The squares of a track, ``per_row`` a row, left to right: each square's cell is one or more lines of the same
    width (its face over its pawns), a row as many lines as a cell, each starting with ``lead(first)`` (``first``: the
    row's first square, from 0; a space when no ``lead``) and ``cropped``."""
    lines: list[Text] = []
    for first in range(0, len(cells), per_row):
        row = cells[first:first + per_row]
        for k in range(len(row[0])):
            line = lead(first) if lead is not None else Text(" ")
            for cell in row:
                line.append_text(cell[k])
            lines.append(cropped(line))
    return lines
