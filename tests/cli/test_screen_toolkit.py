"""The terminal toolkit's shared pieces for games' screens (``cli/layout.py``, ``cli/board.py``, ``cli/words.py``):
parts packed as they are measured, the fullest layout that fits, seats' pawns in a cell, a track in rows, action
words from verbs, short names."""

from __future__ import annotations

from rich.text import Text

from ludotheque.cli.board import SeatMarks, track
from ludotheque.cli.layout import Layout, fitted, pack
from ludotheque.cli.render import View, measure
from ludotheque.cli.words import parsed, short_name, verb_words
from ludotheque.engine import get_game
from ludotheque.engine.errors import InvalidActionError

SEATS = SeatMarks("ABC", ("cyan", "magenta"))


def test_a_seat_has_a_letter_and_a_colour_round_again() -> None:
    assert [SEATS.letter(s) for s in (0, 2, 3, -1)] == ["A", "C", "?", "?"]
    assert SEATS.colour(2) == "cyan"
    assert SEATS.pawn(1).style == "bold black on magenta"
    assert SEATS.holder(0).style == "bold cyan"


def test_pawns_fill_their_room_or_say_there_are_more() -> None:
    assert SEATS.pawns([0, 1], 3).plain == "AB "
    assert SEATS.pawns([0, 1, 2], 3).plain == "ABC"
    assert SEATS.pawns([0, 1, 2, 0], 3).plain == "AB+"


def test_a_track_is_drawn_in_rows_of_cells() -> None:
    cells = [(Text(f"{n:>2}"), Text(" .")) for n in range(1, 6)]
    lines = track(cells, 2)
    assert [line.plain for line in lines] == ["  1 2", "  . .", "  3 4", "  . .", "  5", "  ."]
    assert all(line.no_wrap and line.overflow == "crop" for line in lines)
    led = track([(c[0],) for c in cells], 3, lambda first: Text(f"{first + 1}:"))
    assert [line.plain for line in led] == ["1: 1 2 3", "4: 4 5"]


def test_packed_parts_take_the_lines_they_are_measured_in() -> None:
    parts = [Text("one"), Text("two " * 12), Text("three")]
    assert measure([pack(parts, 20)], 20) == 5  # "one", the long part on three lines of its own, "three"
    assert measure([pack(parts, None)], 200) == 1


def test_the_fullest_layout_that_fits_is_chosen() -> None:
    game = get_game("a-vendre")

    def layout(kind: str, lines: int) -> Layout:
        return lambda view, tight: [Text(f"{kind} {tight}"), Text("\n" * (lines - tight - 2)), Text("")]

    def chosen(width: int | None, height: int | None) -> str:
        view = View(game, {}, None, "en", [], width=width, height=height)
        parts = fitted(view, layout("roomy", 32), 3, layout("compact", 7), 4, 5)
        assert not any(isinstance(p, Text) and not p.plain for p in parts)  # empty parts left out
        return str(parts[0])

    assert chosen(None, None) == "roomy 0"
    assert chosen(120, 40) == "roomy 0"
    assert chosen(120, 30) == "roomy 2"
    assert chosen(80, 24) == "compact 2"  # within the soft limit, 5 lines
    assert chosen(80, 3) == "compact 3"  # the tightest, when nothing fits
    assert chosen(120, 29) == "compact 2"


def test_action_words_say_the_verb_in_the_language() -> None:
    verbs = {"en": {"bid": "bid", "pass": "pass"}, "fr": {"bid": "mise", "pass": "passe"}}

    class Bid:
        def __init__(self, text: str) -> None:
            self.amount = int(text.split()[1])

        def text(self) -> str:
            return f"bid {self.amount}"

    def parse(text: str) -> Bid:
        if not text.startswith(("bid ", "mise ")):
            raise InvalidActionError(f"not an action: {text!r}")
        return Bid(text)

    assert verb_words("bid 0350", "fr", parse, verbs) == "mise 350"
    assert verb_words("mise 20", "de", parse, verbs) == "bid 20"
    assert verb_words("nonsense", "fr", parse, verbs) == "nonsense"
    assert parsed(parse, "nonsense") is None


def test_a_short_name_leaves_out_the_bot_kind() -> None:
    assert short_name("Bot 1 (random)") == "Bot 1"
    assert short_name("(Ada)") == "(Ada)"
    assert short_name("Ada") == "Ada"


def test_a_short_name_stays_whole_where_another_seat_would_read_the_same() -> None:
    names = ["Ada (Paris)", "Ada (Lyon)", "Bot 1", "Bot 1 (heuristic)", "Bot 2 (random)", "Bob"]
    assert [short_name(n, names) for n in names] == ["Ada (Paris)", "Ada (Lyon)", "Bot 1", "Bot 1 (heuristic)",
                                                     "Bot 2", "Bob"]
