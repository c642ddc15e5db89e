"""``TurnWords``: a roll-and-move turn's events said as one log entry, in full and in short, with its weight."""

from __future__ import annotations

import pytest

from ludotheque.cli.render import MAJOR, NORMAL, ROUTINE, View
from ludotheque.cli.turn_words import TurnWords
from ludotheque.engine import get_game
from ludotheque.engine.state import Event


def _view(lang: str = "en") -> View:
    return View(get_game("luxembourg-shopping"), {}, 0, lang, ["Ada (heuristic)", "Bob"])


def _run(*kinds: str) -> list[Event]:
    return [Event(kind, {"seat": 0, "round": 4} if kind == "turn" else {"seat": 1 if kind == "other" else 0})
            for kind in kinds]


def test_reads_every_event_but_the_turn_and_takes_the_one_that_goes_with_it() -> None:
    words = TurnWords(_run("turn", "roll", "move", "pay", "pay", "other", "pay"))
    read = []
    for e in words:
        if e.kind == "roll":
            taken = words.take("move")
            assert taken is not None and taken.kind == "move"
            assert words.take("move") is None  # the next one is a payment: not taken, still read
        elif e.kind == "pay":
            while words.take("pay", seat=0) is not None:  # a run of the same seat's payments, not another's
                read.append("pay+")
        read.append(e.kind)
    assert read == ["roll", "pay+", "pay", "other", "pay"]


def test_the_entry_in_full_and_short_with_the_heaviest_clause_s_weight() -> None:
    words = TurnWords([])
    words.say("rolls 3 and 4, to square 26", "rolls 3 and 4")
    words.say("mail I03: nothing")  # not in the short form
    words.say("pays 6,000 to Bob", "pays 6,000", MAJOR)
    words.say("is thanked", None, NORMAL)
    line = words.line(_view(), "Ada (heuristic)", 4)
    assert line.text == "Ada (heuristic), round 4: rolls 3 and 4, to square 26; mail I03: nothing; pays 6,000 to " \
                        "Bob; is thanked."
    assert line.short == "Ada, round 4: rolls 3 and 4; pays 6,000."  # the bot's kind left out of the name too
    assert line.weight == MAJOR


@pytest.mark.parametrize(("lang", "rest", "only"), [
    ("en", "Ada (heuristic): moves.", "Ada (heuristic), round 2."),
    ("fr", "Ada (heuristic)\u00a0: moves.", "Ada (heuristic), tour 2."),
])
def test_what_is_left_of_a_turn_and_a_turn_with_nothing_to_say(lang: str, rest: str, only: str) -> None:
    words = TurnWords([])
    words.say("moves")
    line = words.line(_view(lang), "Ada (heuristic)", None)
    assert (line.text, line.short, line.weight) == (rest, "", ROUTINE)
    empty = TurnWords([]).line(_view(lang), "Ada (heuristic)", 2)
    assert (empty.text, empty.short, empty.weight) == (only, "", ROUTINE)
