"""What one colour is worth at a round's scoring, measured: the table Gracias's search judges positions by
(``data/expected_points.json``, read by ``search.py``).

For every decision of games between heuristic bots it notes, for each seat and colour, how many turns of the
round are left (the current one included), the seat's cards of that colour (open and face down, 0–6) and the
most of it any other seat holds once packets are made (0–4, more counted as 4), then the points that colour
gave the seat at the round's scoring (its packets and its open cards left). The table is the mean of each cell.

Regenerate it with ``python -m ludotheque.games.gracias.expected_points [--games N] [--seed S]``; the same
arguments give the same table.
"""

from __future__ import annotations

import argparse
import json
import random
from operator import add
from pathlib import Path

from ...engine.bots import SeatView
from ...engine.state import CHANCE, TERMINAL
from .cards import NUM_COLOURS, PACKET, majority_discards, make_packets
from .state import CHOOSE, TURNS, GraciasState

TABLE = Path(__file__).with_name("data") / "expected_points.json"
MOST_CARDS = 6
"""Rows: a seat's cards of a colour, 0–6 (beyond, a packet of 5 is taken out first)."""
MOST_OTHERS = 4
"""Columns: the most of the colour another seat holds after packets, 0–4 (4: four or more)."""
MIN_SAMPLES = 30
"""Cells seen fewer times are filled from their neighbours (``fill``)."""


def effective(cards: int, many: bool) -> int:
    """Open cards of a colour left once packets are made: what counts for the most of it."""
    if cards < PACKET:
        return cards
    return cards % PACKET if many else cards - PACKET


def cards_held(state: GraciasState) -> list[list[int]]:
    """Per seat and colour, its cards, open and face down."""
    return [list(map(add, o, h)) for o, h in zip(state.open, state.hidden, strict=True)]


def colour_points(cards: list[list[int]], many: bool) -> list[list[int]]:
    """Per seat and colour, the points the round's scoring gives (as ``GraciasState._score_round``)."""
    made = [make_packets(c, many) for c in cards]
    discards = majority_discards([left for _, left in made])
    return [[pk[c] + left[c] - gone[c] for c in range(NUM_COLOURS)]
            for (pk, left), gone in zip(made, discards, strict=True)]


def measure(games: int, seed: int, players: int = 4) -> list[list[list[float]]]:
    """The table: [turns left − 1][seat's cards][most among the others] → mean points."""
    from ...bots import make_bot  # the bots layer, for this measurement only (search.py imports this module)

    sums = [[[0.0] * (MOST_OTHERS + 1) for _ in range(MOST_CARDS + 1)] for _ in range(TURNS)]
    counts = [[[0] * (MOST_OTHERS + 1) for _ in range(MOST_CARDS + 1)] for _ in range(TURNS)]
    rng = random.Random(seed)
    for _ in range(games):
        state = GraciasState(players, {"packets": "one"})
        bots = [make_bot("heuristic", "gracias", p, random.Random(rng.random())) for p in range(players)]
        noted: list[tuple[int, int, int, int, int]] = []  # turns left, seat, colour, cards, most of the others
        final: list[list[int]] = []  # everyone's cards before the last move of a round
        rounds = 0
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                state.apply_legal(state.sample_chance(rng))
                continue
            if state.phase == CHOOSE:
                held = cards_held(state)
                for p in range(players):
                    for c in range(NUM_COLOURS):
                        if held[p][c] <= MOST_CARDS:
                            most = max(effective(held[q][c], state.many) for q in range(players) if q != p)
                            noted.append((TURNS - state.tour, p, c, held[p][c], min(most, MOST_OTHERS)))
            seat = state.current_player
            state.apply_legal(bots[seat].choose(SeatView(state, seat, state.legal_actions())))
            if state.round != rounds:  # the round was just scored: what each colour gave
                rounds = state.round
                points = colour_points(final, state.many)
                for left, p, c, x, most in noted:
                    sums[left - 1][x][most] += points[p][c]
                    counts[left - 1][x][most] += 1
                noted = []
            else:
                final = cards_held(state)
    return fill([[[s / k if k >= MIN_SAMPLES else None for s, k in zip(srow, krow, strict=True)]
                  for srow, krow in zip(sums[t], counts[t], strict=True)] for t in range(TURNS)])


def fill(means: list[list[list[float | None]]]) -> list[list[list[float]]]:
    """The table rounded, its cells seen too rarely (None) taken from the nearest cell known: the same cards
    a turn nearer the scoring, else one fewer held by the others, else one fewer held by the seat."""
    table: list[list[list[float]]] = []
    for t, rows in enumerate(means):
        table.append([])
        for x, row in enumerate(rows):
            table[t].append([])
            for most, mean in enumerate(row):
                if mean is None:
                    if t:
                        mean = table[t - 1][x][most]
                    elif most:
                        mean = table[t][x][most - 1]
                    else:
                        mean = table[t][x - 1][most] if x else 0.0
                table[t][x].append(round(mean, 2))
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=TABLE)
    args = parser.parse_args(argv)
    table = measure(args.games, args.seed)
    args.out.write_text(json.dumps({"games": args.games, "seed": args.seed, "players": 4, "packets": "one",
                                    "points": table}, indent=1) + "\n")
    print(f"wrote {args.out} from {args.games} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
