"""Gracias's actions, each with a text form that parses back.

==============================  =============================================================
text                            meaning
==============================  =============================================================
``take B keep red give 2``      take trio B: its hidden card face down, keep its red open card,
                                give the other open card to seat 2 ("Gracias!")
``deal red``                    chance: the next card dealt is red
==============================  =============================================================
Trios are lettered A, B, C… from left to right; colours are red, yellow, green, blue, purple, orange
(French names accepted). French players read and type the verbs in the infinitive, as the other games' French
commands are written (``prendre B``, ``garder rouge donner 2``); the forms the screen used to show (``prend B``,
``garde rouge donne 2``) and the other persons (``prends``, ``gardez``…) are read too, with or without accents.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.errors import InvalidActionError, Reason
from ...engine.state import Action
from ...engine.text import fold
from .cards import COLOURS, NUM_COLOURS, Colour, parse_colour

TRIO_LETTERS = "ABCDEF"
SYNTAX = "take TRIO (e.g. take B), then keep COLOUR give SEAT (e.g. keep red give 2), or the chance event deal COLOUR"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Choose a trio: its face-down card is the chooser's, who looks at it before splitting the open cards
    (« Il commence par regarder discrètement la carte cachée … Puis il choisit laquelle … il garde »)."""

    trio: int

    def __hash__(self) -> int:  # (search looks moves up in its tree a million times a second: no tuple made)
        return self.trio

    def text(self) -> str:
        return f"take {TRIO_LETTERS[self.trio]}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Split the chosen trio's open cards: ``keep`` stays with the chooser, the other goes to seat ``give_to``."""

    keep: Colour
    give_to: int

    def __hash__(self) -> int:
        return self.keep << 3 | self.give_to

    def text(self) -> str:
        return f"keep {COLOURS[self.keep]} give {self.give_to}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next card off the pile."""

    colour: Colour

    def text(self) -> str:
        return f"deal {COLOURS[self.colour]}"


DEAL = tuple(Deal(c) for c in range(NUM_COLOURS))
TAKE = tuple(Take(t) for t in range(len(TRIO_LETTERS)))
KEEP = tuple(tuple(Keep(k, o) for o in range(6)) for k in range(NUM_COLOURS))
"""Interned: ``KEEP[colour][seat]``."""


TAKE_WORDS = frozenset({"take", "prendre", "prend", "prends", "prenez"})
KEEP_WORDS = frozenset({"keep", "garder", "garde", "gardes", "gardez"})
GIVE_WORDS = frozenset({"give", "donner", "donne", "donnes", "donnez"})
DEAL_WORDS = frozenset({"deal", "tirage", "donne"})
"""The words each action may start with (accents and case folded away): English, the French infinitive that the
screen shows, and the other forms a French player may type. A chance event (``deal red``, never typed by a person)
reads « tirage rouge » in French, or « donne rouge » as it once did: two words, so never a ``keep``."""


def _syntax(text: str) -> InvalidActionError:
    return InvalidActionError(f"{text!r} is not an action; expected {SYNTAX}", Reason("syntax", {"text": text}))


def parse_action(text: str) -> Action:
    """``take B`` / ``prendre B``, ``keep red give 2`` / ``garder rouge donner 2``, ``deal red`` / ``tirage rouge``
    (and the other forms of ``TAKE_WORDS``, ``KEEP_WORDS``, ``GIVE_WORDS``, ``DEAL_WORDS``)."""
    words = [fold(w) for w in text.split()]
    if len(words) == 2 and words[0] in DEAL_WORDS:
        return DEAL[parse_colour(words[1])]
    if len(words) == 2 and words[0] in TAKE_WORDS:
        letter = words[1].upper()
        if len(letter) != 1 or letter not in TRIO_LETTERS:
            raise InvalidActionError(f"{text!r}: trio {words[1]!r} is not a letter A–F",
                                     Reason("not_trio", {"text": words[1]}))
        return TAKE[TRIO_LETTERS.index(letter)]
    if len(words) == 4 and words[0] in KEEP_WORDS and words[2] in GIVE_WORDS:
        if not words[3].isdigit() or int(words[3]) >= 6:
            raise InvalidActionError(f"{text!r}: {words[3]!r} is not a seat number (0 to 5)",
                                     Reason("not_seat", {"text": words[3]}))
        return KEEP[parse_colour(words[1])][int(words[3])]
    raise _syntax(text)
