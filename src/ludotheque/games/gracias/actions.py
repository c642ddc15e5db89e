"""Gracias's actions, each with a text form that parses back.

==============================  =============================================================
text                            meaning
==============================  =============================================================
``take B keep red give 2``      take trio B: its hidden card face down, keep its red open card,
                                give the other open card to seat 2 ("Gracias!")
``deal red``                    chance: the next card dealt is red
==============================  =============================================================
Trios are lettered A, B, C… from left to right; colours are red, yellow, green, blue, purple, orange
(French names accepted).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import InvalidActionError, Reason
from ...engine.state import Action
from ...engine.text import fold
from .cards import COLOURS, NUM_COLOURS, Colour, parse_colour

TRIO_LETTERS = "ABCDEF"
SYNTAX = "take TRIO keep COLOUR give SEAT (e.g. take B keep red give 2), or the chance event deal COLOUR"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """A player's choice of trio: the hidden card is theirs, ``keep`` stays open with them, the other open
    card goes to seat ``give_to``."""

    trio: int
    keep: Colour
    give_to: int

    def text(self) -> str:
        return f"take {TRIO_LETTERS[self.trio]} keep {COLOURS[self.keep]} give {self.give_to}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next card off the pile."""

    colour: Colour

    def text(self) -> str:
        return f"deal {COLOURS[self.colour]}"


DEAL = tuple(Deal(c) for c in range(NUM_COLOURS))


def _syntax(text: str) -> InvalidActionError:
    return InvalidActionError(f"{text!r} is not an action; expected {SYNTAX}", Reason("syntax", {"text": text}))


def parse_action(text: str) -> Action:
    words = [fold(w) for w in text.split()]
    if len(words) == 2 and words[0] in ("deal", "donne"):
        return DEAL[parse_colour(words[1])]
    if len(words) == 6 and words[0] in ("take", "prend") and words[2] in ("keep", "garde") and \
            words[4] in ("give", "donne"):
        letter = words[1].upper()
        if len(letter) != 1 or letter not in TRIO_LETTERS:
            raise InvalidActionError(f"{text!r}: trio {words[1]!r} is not a letter A–F",
                                     Reason("not_trio", {"text": words[1]}))
        if not words[5].isdigit():
            raise InvalidActionError(f"{text!r}: {words[5]!r} is not a seat number",
                                     Reason("not_seat", {"text": words[5]}))
        return Take(TRIO_LETTERS.index(letter), parse_colour(words[3]), int(words[5]))
    raise _syntax(text)
