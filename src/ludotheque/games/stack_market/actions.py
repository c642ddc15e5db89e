"""Stack Market's actions, each with a text form that parses back exactly (whole numbers only).

=============================  ======================================================================
text                           meaning
=============================  ======================================================================
``invest B``                   put one's investor on company B (the setup), or move it there (a turn's end)
``stay``                       keep one's investment (a turn's end)
``stack 2 3 4 0``              the order in which the rolled dice go on the building (when there is a choice)
``aim 1500 -300 250``          place the next die: its centre 1.5 mm right and 0.3 mm towards the front of the
                               top die's centre, turned 2.5° more than it (µm, µm, hundredths of a degree)
``stacker 2``                  the takeover's stacker, chosen by the first of two investors
``roll 3``                     chance: a die shows 3
``slip 120 -40 -15``           chance: the hand's error on the aim just given (µm, µm, hundredths of a degree)
``first 2``                    chance: seat 2 plays first
``tallest B`` / ``smallest C`` chance: the roll that breaks a tie between buildings at a round's end
=============================  ======================================================================

Companies are lettered A to D. An aim may also be written with units (``aim 1.5mm -0.3mm 2.5deg``) or as one of
the named aims (``aim careful``, ``aim crooked left`` …, see ``NAMED_AIMS``); French words work too: the
infinitives the screen shows (``investir B``, ``rester``, ``empiler 2 3``, ``viser soigné``, ``empileur 2``) and the
older forms (``investit``, ``reste``, ``empile``, ``vise``). Whatever the words typed, an action's ``text()`` is the
English one above, the one records keep.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine.errors import InvalidActionError, Reason
from ...engine.state import Action
from ...engine.text import fold
from .physics import DIE_UM

COMPANY_LETTERS = "ABCD"
AIM_LIMIT_UM = DIE_UM // 2
"""An aim's offset, along each axis: at most half a die (the aimed centre is over the top face)."""
TURN_LIMIT = 4500
"""An aim's or a slip's turn: within ±45° (a square turned 90° is the same square)."""
SLIP_LIMIT_UM = DIE_UM
"""A hand error, along each axis: at most a die's width."""

NAMED_AIMS: dict[str, tuple[int, int, int]] = {
    "careful": (0, 0, 0),
    "crooked left": (-4000, 0, 0),
    "crooked right": (4000, 0, 0),
    "crooked front": (0, -4000, 0),
    "crooked back": (0, 4000, 0),
    "twisted": (0, 0, 3000),
}
"""The short list of aims a person may type by name (x to the right, y away from the viewer, turn anticlockwise)."""
FRENCH_AIM_WORDS = {"careful": "soigné", "crooked left": "penché gauche", "crooked right": "penché droite",
                    "crooked front": "penché devant", "crooked back": "penché derrière", "twisted": "tordu"}
"""The named aims as French writes them (``FRENCH_AIMS`` reads them back, accents or not)."""
FRENCH_AIMS = {"soigne": "careful", "penche gauche": "crooked left", "penche droite": "crooked right",
               "penche devant": "crooked front", "penche derriere": "crooked back", "tordu": "twisted"}

SYNTAX = ("invest B, stay, stack 2 3 4 0, aim X Y TURN (µm, µm, 1/100°; or aim careful, aim crooked left…), "
          "stacker SEAT; chance: roll N, slip X Y TURN, first SEAT, tallest B, smallest B")


@dataclass(frozen=True, slots=True)
class Invest(Action):
    company: int

    def text(self) -> str:
        return f"invest {COMPANY_LETTERS[self.company]}"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    def text(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Stack(Action):
    """The chosen order of the dice to stack (« L'ordre des dés doit être choisi avant de commencer »)."""

    order: tuple[int, ...]

    def text(self) -> str:
        return "stack " + " ".join(map(str, self.order))


@dataclass(frozen=True, slots=True)
class Aim(Action):
    """Where the player places the next die, relative to the top die: offset (µm) and extra turn (1/100°)."""

    x: int
    y: int
    turn: int = 0

    def text(self) -> str:
        return f"aim {self.x} {self.y} {self.turn}"


@dataclass(frozen=True, slots=True)
class Stacker(Action):
    seat: int

    def text(self) -> str:
        return f"stacker {self.seat}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Chance: one die rolled."""

    face: int

    def text(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True, slots=True)
class Slip(Action):
    """Chance: the hand's error, added to the aim just given."""

    x: int
    y: int
    turn: int

    def text(self) -> str:
        return f"slip {self.x} {self.y} {self.turn}"


@dataclass(frozen=True, slots=True)
class First(Action):
    """Chance: « Le premier joueur est déterminé au hasard »."""

    seat: int

    def text(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True, slots=True)
class Tiebreak(Action):
    """Chance: a tie for the tallest (or smallest) building, settled by rolling a die for each."""

    which: str
    """``tallest`` or ``smallest``."""
    company: int

    def text(self) -> str:
        return f"{self.which} {COMPANY_LETTERS[self.company]}"


ROLLS = tuple(Roll(f) for f in range(5))
STAY = Stay()
INVEST = tuple(Invest(c) for c in range(len(COMPANY_LETTERS)))

_NUMBER = re.compile(r"^([+-]?\d+(?:[.,]\d+)?)(mm|µm|um|deg|°)?$")


def _syntax(text: str) -> InvalidActionError:
    return InvalidActionError(f"{text!r} is not an action; expected {SYNTAX}", Reason("syntax", {"text": text}))


def _company(word: str, text: str) -> int:
    letter = word.upper()
    if len(letter) != 1 or letter not in COMPANY_LETTERS:
        raise InvalidActionError(f"{text!r}: {word!r} is not a company (A to D)", Reason("not_company", {"text": word}))
    return COMPANY_LETTERS.index(letter)


def _whole(word: str, text: str) -> int:
    if not re.fullmatch(r"[+-]?\d{1,7}", word):
        raise InvalidActionError(f"{text!r}: {word!r} is not a whole number", Reason("not_number", {"text": word}))
    return int(word)


def _measure(word: str, text: str, unit: str) -> int:
    """A length (µm by default, or with mm/µm) or a turn (1/100° by default, or with deg/°), as a whole number."""
    m = _NUMBER.match(word)
    if m is None:
        raise InvalidActionError(f"{text!r}: {word!r} is not a number", Reason("not_number", {"text": word}))
    value, suffix = float(m.group(1).replace(",", ".")), m.group(2)
    scale = {"mm": 1000, "deg": 100, "°": 100}.get(suffix or "", 1)
    if suffix and (suffix in ("mm", "µm", "um")) != (unit == "length"):
        raise InvalidActionError(f"{text!r}: {word!r} has the wrong unit", Reason("unit", {"text": word}))
    if not suffix and not re.fullmatch(r"[+-]?\d+", m.group(1)):
        raise InvalidActionError(f"{text!r}: {word!r}: a number without a unit is whole (µm, or 1/100°)",
                                 Reason("not_number", {"text": word}))
    result = round(value * scale)
    if abs(result) > 10**7:
        raise InvalidActionError(f"{text!r}: {word!r} is far too large", Reason("not_number", {"text": word}))
    return result


def parse_aim(words: list[str], text: str) -> Aim:
    name = " ".join(words)
    name = FRENCH_AIMS.get(name, name)
    if name in NAMED_AIMS:
        return Aim(*NAMED_AIMS[name])
    if len(words) not in (2, 3):
        raise InvalidActionError(f"{text!r}: an aim is X Y [TURN] or one of {', '.join(NAMED_AIMS)}",
                                 Reason("aim_syntax", {"text": text, "names_key": "aims.names"}))
    x, y = (_measure(w, text, "length") for w in words[:2])
    turn = _measure(words[2], text, "turn") if len(words) == 3 else 0
    return Aim(x, y, turn)


def parse_action(text: str) -> Action:
    words = [fold(w) for w in text.split()]
    if not words:
        raise _syntax(text)
    head, rest = words[0], words[1:]
    if head in ("invest", "investit", "investir") and len(rest) == 1:
        return INVEST[_company(rest[0], text)]
    if head in ("stay", "reste", "rester") and not rest:
        return STAY
    if head in ("stack", "empile", "empiler") and rest:
        faces = tuple(_whole(w, text) for w in rest)
        if any(not 0 <= f <= 4 for f in faces) or len(faces) > 60:
            raise InvalidActionError(f"{text!r}: dice show 0 to 4", Reason("not_face", {"text": text}))
        return Stack(faces)
    if head in ("aim", "vise", "viser") and rest:
        return parse_aim(rest, text)
    if head in ("stacker", "empileur") and len(rest) == 1:
        return Stacker(_whole(rest[0], text))
    if head in ("roll", "lance", "lancer") and len(rest) == 1:
        face = _whole(rest[0], text)
        if not 0 <= face <= 4:
            raise InvalidActionError(f"{text!r}: dice show 0 to 4", Reason("not_face", {"text": text}))
        return ROLLS[face]
    if head in ("slip", "glisse", "glisser") and len(rest) == 3:
        x, y, turn = (_whole(w, text) for w in rest)
        return Slip(x, y, turn)
    if head in ("first", "premier") and len(rest) == 1:
        return First(_whole(rest[0], text))
    if head in ("tallest", "smallest", "plus_grand", "plus_petit") and len(rest) == 1:
        which = "tallest" if head in ("tallest", "plus_grand") else "smallest"
        return Tiebreak(which, _company(rest[0], text))
    raise _syntax(text)
