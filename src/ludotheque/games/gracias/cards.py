"""The cards (rulebook "Contenu": 108 cards, 18 in each of 6 colours) and the scoring of a round.

Cards of one colour are alike, so a pile is a count per colour. The rulebook does not name the colours;
we use red, yellow, green, blue, purple and orange.
"""

from __future__ import annotations

from ...engine.errors import InvalidActionError, Reason
from ...engine.text import fold

COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")
COLOURS_FR = ("rouge", "jaune", "vert", "bleu", "violet", "orange")
NUM_COLOURS = 6
PER_COLOUR = 18
""""18 cartes dans chacune des 6 couleurs"."""
PACKET = 5
""""Si un joueur possède alors 5 cartes ou plus de même couleur, il en retourne 5, face cachée"."""

COLOUR_BYTES = tuple(bytes([col]) for col in range(NUM_COLOURS))
"""A card of each colour, as one byte (deals line a pile's cards up in a bytearray, ``engine.draws.draw``)."""

Colour = int
Counts = list[int]
"""Cards per colour."""

COLOURS_FR_FEMININE = ("rouge", "jaune", "verte", "bleue", "violette", "orange")
"""As they qualify « carte » in French texts."""
_BY_NAME = ({name: c for c, name in enumerate(COLOURS)} | {fold(name): c for c, name in enumerate(COLOURS_FR)}
            | {fold(name): c for c, name in enumerate(COLOURS_FR_FEMININE)})


def parse_colour(text: str) -> Colour:
    colour = _BY_NAME.get(fold(text))
    if colour is None:
        raise InvalidActionError(f"{text!r} is not a colour; the colours are {', '.join(COLOURS)}",
                                 Reason("not_colour", {"text": text, "colours": ", ".join(COLOURS)}))
    return colour


def make_packets(cards: Counts, many: bool) -> tuple[Counts, Counts]:
    """(packets, open cards left) per colour: one packet of 5 per colour, or one per full 5 with ``many``."""
    packets = [(n // PACKET if many else min(1, n // PACKET)) for n in cards]
    return packets, [n - PACKET * p for n, p in zip(cards, packets, strict=True)]


def majority_discards(open_cards: list[Counts]) -> list[Counts]:
    """Per player and colour, the open cards discarded: every player tied for the most of a colour
    discards them (RULINGS: even a lone holder; players with none are not tied)."""
    discards = [[0] * NUM_COLOURS for _ in open_cards]
    for c in range(NUM_COLOURS):
        top = max(cards[c] for cards in open_cards)
        if top == 0:
            continue
        for p, cards in enumerate(open_cards):
            if cards[c] == top:
                discards[p][c] = top
    return discards
