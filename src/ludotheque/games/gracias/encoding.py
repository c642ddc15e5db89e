"""Gracias for learning: every move as an integer, and a seat's view as a vector (``ludotheque.learn.encoding``).

Actions, 42 indices (the same for every option and player count)
==================================================================
=======  =====  ===============================================================================================
indices  count  action
=======  =====  ===============================================================================================
0–5          6  ``take TRIO``, trios A–F
6–41        36  ``keep COLOUR give SEAT``: 6 + 6 × colour + seat, colours red, yellow, green, blue, purple, orange,
                seats 0–5 (absolute seat numbers, as in the action's text)
=======  =====  ===============================================================================================

Observation, for n players: 119 + 15 n numbers (164 at 3 players, 179 at 4, 209 at 6)
=======================================================================================
In order: seat (one-hot n); who moves (n seats, chance, over); phase (5: deal_open, deal_trios, choose, keep, over);
round / 3, turn / 4; the grand opener (n), the turn's opener (n); option packets = many; six trio slots (A–F), each:
on the table, first open card (6 colours, or not dealt), second open card (the same), face-down card dealt, chosen;
per player (seat order): open cards of each colour / 5, face-down cards / 10, each round's score / 20 (3), total /
60; the seat's own face-down cards of each colour / 5; cards left in the pile / 108.
"""

from __future__ import annotations

from ...learn.encoding import Features, TableEncoding, Vector, View, index_of, view_observer
from .actions import KEEP, TAKE, TRIO_LETTERS
from .cards import COLOURS, NUM_COLOURS, PER_COLOUR
from .state import PHASE_NAMES, ROUNDS, TURNS

ENCODING = TableEncoding((*TAKE, *(k for row in KEEP for k in row)))

_COLOUR = index_of((*COLOURS, None))
"""The colours, then a slot for a card not dealt."""
_PHASE = index_of(PHASE_NAMES)


def view_array(view: View) -> Vector:
    """The layout of the module's docstring, from a seat's JSON view alone."""
    players = view["players"]
    n = len(players)
    f = Features.of_view(view, "phase", _PHASE)
    f.scalar(view["round"], ROUNDS)
    f.scalar(view["tour"], TURNS)
    f.seat(view["grand_opener"], n)
    f.seat(view["opener"], n)
    f.flag(view["options"].get("packets") == "many")
    trios = view["trios"]
    for t in range(len(TRIO_LETTERS)):
        trio = trios[t] if t < len(trios) else None
        f.flag(trio is not None)
        opened = trio["open"] if trio is not None else [None, None]
        for colour in opened:
            f.choice(colour, _COLOUR)
        f.flag(trio is not None and trio["hidden_card"])
        f.flag(trio is not None and trio["chosen"])
    for p in players:
        f.scalars((p["open"].get(c, 0) for c in COLOURS), 5)
        f.scalar(p["hidden_count"], 10)
        scores = p["scores"]
        f.scalars((scores[r] if r < len(scores) else 0 for r in range(ROUNDS)), 20)
        f.scalar(p["total"], 60)
    mine = players[view["seat"]].get("hidden", {}) if isinstance(view["seat"], int) else {}
    f.scalars((mine.get(c, 0) for c in COLOURS), 5)
    f.scalar(view["pile"], NUM_COLOURS * PER_COLOUR)
    return f.array()


observation_array = view_observer(view_array)
