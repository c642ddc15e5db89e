"""What makes tree search strong per second in Gracias (``engine/search.py``).

- A position is judged at once, without rollouts (dealing the rest of a round card by card costs more than it
  tells): each seat's score so far plus the points its cards should bring at the round's scoring, turned into
  chances to win by a softmax whose width narrows with the turns left. What a colour should bring is measured,
  not guessed: ``data/expected_points.json`` (``expected_points.py``) gives its mean points by the turns left,
  the seat's cards of it and the most of it another seat holds. The width is fitted to who won heuristic games.
- On a round's last turn every trio is on the table, so the turn is played out: each seat in order takes the
  trio and makes the split that scores best for it, and the round is scored as the rules do. Even at the game's
  last turn that is judged as a chance, not as the result: the others need not split that way (judged as the
  result, the evaluation foresaw the winner worse than no opinion at all over the last quarter of a game).
- A split is branched on only for its two best ways by that measure (which card to keep, whom to give the other
  to): with 3–5 opponents there are up to 10, most of them gifts nobody would make.
- Hints say why in the game's words: a packet of five, a colour kept below another seat, a gift that gives an
  opponent the most of a colour (discarded at the scoring), ties it, or sinks into a colour it already leads.

Measured (``bench/search.py --game gracias``; ``bench/strength.py --game gracias``), on this 2-core machine:
iterations per second 2,523/4,468/11,507 generic at a 4-player game's start/middle/end, 14,982/10,831/10,567 with
these hooks (both cores busy; idle, 11,800–14,000 in the middle). On a slower machine of the same kind, where they
gave 13,081/9,109/9,682, 16,722/11,491/12,820 once a turn's deal was drawn at once (``play_chance``), the last turn
played out by colour with each split worked out once, and the two best splits found without listing the legal
ones (``branches``): 1.26–1.32 times as many, still short of the goal of 15,000 in the middle. Against three
heuristic bots, 200 games each: at 1,200 iterations a move (about 0.1 s) 22.0 % with the first width (1.5), 26.2 %
with the fitted one, 23.0 % as shipped; at 12,000 iterations (about 1 s before that speed-up, 0.8 s after) 35.0 %
(interval 28.7–41.8 %), where the prototype's generic search won 24–25 % at 0.1 and 0.5 s alike; at 15,000
iterations (about 1 s after it, 983 ms a move) 29.8 % (23.8–36.4 %).
Where an iteration's time goes in the middle of a game (12,000–14,000 a second on a busy machine): without the
evaluation it would do 22,000–23,000, without the re-deal about 15,000. The evaluation takes about 18 µs, 12 of
them the last turn played out; no leaf position came back in 10,000 (each re-deal differs), so a cache of
evaluations does not help. On a later machine (2026-11-28, idle) 12,600–12,800 in the middle
became 14,800–16,700 with no change to what search does (the same estimates to the last bit): the values search
reads most are kept in dicts that fill themselves (``Memo``: a known value costs no Python call), two colours of a
split are read seat by seat (``SEATS_COLUMN``), and the evaluation maps rather than loops (``docs/bots.md``).

- The others are played by the heuristic bot (``model``, an opponent model): the tree branches on the seat's own
  trios and splits and follows the others' likely ones. An iteration then costs about ten times as much (about
  700 a second in the middle of a game), and is worth it at short budgets: at 150 iterations a move (0.10 s on a
  busy machine) 33.8 % of 200 games (27.6–40.6 %), where 1,200 iterations without it won 23.0 %; at about one
  second, no better: 700 iterations (0.64 s a move on a busy machine) 32.0 % (25.9–38.8 %), between the 35.0 % and
  29.8 % of 12,000 and 15,000 iterations without it. With the model, every split of the seat's own trio is a branch
  (``own_branches``): 32.8 % of 400 games (seeds 12 and 13) where the best two won 28.2 % of the same. Rollouts
  played on to the round's last turn by a greedy policy (every seat takes the trio whose open cards split best by
  the table, and splits them so) did worse: 18.0 % of 200 games at 200 iterations (13.3–23.9 %, ``--seed 12``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from itertools import repeat
from operator import add, mul
from typing import TYPE_CHECKING, Any

from ...engine.search import SearchHooks, softmax
from ...engine.state import Action, State
from .actions import KEEP, Keep, Take
from .cards import COLOURS as COLOUR_NAMES
from .cards import PACKET
from .expected_points import MOST_CARDS, MOST_OTHERS, TABLE, effective
from .state import CHOOSE, KEEP_GIVE, ROUNDS, TURNS

if TYPE_CHECKING:
    from .state import GraciasState

WIDTH = 3.5
"""Points apart that make one seat e times likelier to win than another with one round to go (the width grows
with the square root of the rounds left): fitted to who won heuristic games (``bench/evaluation.py``)."""
PLAYED_OUT = 0.25
"""What a round's last turn played out still leaves to chance, in rounds: the others need not split as assumed."""
TIE_BREAK = 0.05
"""A point of a seat's best round is worth this in a tie, a point of its second best this squared (the rules'
tie-breaks)."""
TIE_WEIGHTS = tuple(TIE_BREAK ** (i + 1) for i in range(ROUNDS))
"""What a point of a seat's best round is worth in a tie, of its second best, of its third."""
SPLITS_BRANCHED = 2
"""The ways to split a trio search branches on: the best by the table (with one only, the search won 20.2 % of 200
games against three heuristic bots at 1,200 iterations a move; 23.0 % with two; at 12,000 iterations, 35.0 % with
two, 30.5 % with three, though the heuristic's own split is among the best three 88 % of the time, the best two
72 %)."""

EXPECTED: list[list[list[float]]] = json.loads(TABLE.read_text())["points"]
"""[turns left − 1][seat's cards of a colour][most of it another seat holds] → mean points at the scoring."""

SEATS_COLUMN: dict[int, Callable[[list[list[int]], list[list[int]], int], tuple[int, ...]]] = {
    3: lambda o, h, c: (o[0][c] + h[0][c], o[1][c] + h[1][c], o[2][c] + h[2][c]),
    4: lambda o, h, c: (o[0][c] + h[0][c], o[1][c] + h[1][c], o[2][c] + h[2][c], o[3][c] + h[3][c]),
    5: lambda o, h, c: (o[0][c] + h[0][c], o[1][c] + h[1][c], o[2][c] + h[2][c], o[3][c] + h[3][c],
                        o[4][c] + h[4][c]),
    6: lambda o, h, c: (o[0][c] + h[0][c], o[1][c] + h[1][c], o[2][c] + h[2][c], o[3][c] + h[3][c],
                        o[4][c] + h[4][c], o[5][c] + h[5][c]),
}
"""By the number of players: each seat's cards of colour ``c`` from their open cards ``o`` and face-down cards ``h``,
written out seat by seat (search reads two colours wherever it branches on a split: three times as quick as mapping
over the seats)."""
MOST_PLAYERS = max(SEATS_COLUMN)
Columns = list[tuple[int, ...]]
"""Per colour, each seat's cards of it (open and face down)."""


@lru_cache(maxsize=1 << 17)
def column_points(turns_left: int, col: tuple[int, ...], many: bool) -> tuple[float, ...]:
    """Each seat's expected points from one colour when they hold ``col`` cards of it, ``turns_left`` turns before
    the scoring (0: at the scoring, the rules' count)."""
    es = [effective(x, many) for x in col]
    e1 = max(es)
    e2 = e1 if es.count(e1) > 1 else max([e for e in es if e != e1], default=0)
    if turns_left == 0:
        return tuple((x // PACKET if many else int(x >= PACKET)) + (e if e < e1 else 0)
                     for x, e in zip(col, es, strict=True))
    table = EXPECTED[turns_left - 1]
    out = []
    for x, e in zip(col, es, strict=True):
        packets = 0
        while x > MOST_CARDS and (many or not packets):
            x -= PACKET
            packets += 1
        most = e2 if e == e1 else e1
        out.append(packets + table[min(x, MOST_CARDS)][min(most, MOST_OTHERS)])
    return tuple(out)


def _margin(before: tuple[float, ...], after: tuple[float, ...], me: int) -> float:
    """``me``'s gain from ``before`` to ``after`` less the others' mean gain."""
    gain = [y - x for x, y in zip(before, after, strict=True)]
    return gain[me] - (sum(gain) - gain[me]) / (len(gain) - 1)


@lru_cache(maxsize=1 << 16)
def colour_moves(turns_left: int, me: int, col: tuple[int, ...], many: bool) -> tuple[
        float, tuple[tuple[float, int], ...], tuple[tuple[float, int], ...]]:
    """What cards of one colour (``col``: each seat's) are worth to ``me``: keeping one; giving one to each opponent
    (best first); keeping one and giving the other, of the same colour, to each opponent (best first)."""
    before = column_points(turns_left, col, many)
    kept = list(col)
    kept[me] += 1
    keep = _margin(before, column_points(turns_left, tuple(kept), many), me)
    gifts = []
    pairs = []
    for q in range(len(col)):
        if q != me:
            given = list(col)
            given[q] += 1
            gifts.append((_margin(before, column_points(turns_left, tuple(given), many), me), q))
            kept[q] += 1
            pairs.append((_margin(before, column_points(turns_left, tuple(kept), many), me), q))
            kept[q] -= 1
    gifts.sort(key=lambda v: -v[0])
    pairs.sort(key=lambda v: -v[0])
    return keep, tuple(gifts), tuple(pairs)


def splits(turns_left: int, me: int, cols: Any, a: int, b: int, many: bool) -> list[tuple[float, int, int]]:
    """The splits of open cards ``a`` and ``b`` by ``me``, best first: (value, colour kept, opponent given the
    other); ``cols``: per colour, each seat's cards of it."""
    if a == b:
        return [(v, a, q) for v, q in colour_moves(turns_left, me, cols[a], many)[2]]
    keep_a, gifts_a, _ = colour_moves(turns_left, me, cols[a], many)
    keep_b, gifts_b, _ = colour_moves(turns_left, me, cols[b], many)
    out = [(keep_a + v, a, q) for v, q in gifts_b] + [(keep_b + v, b, q) for v, q in gifts_a]
    out.sort(key=lambda v: -v[0])
    return out


def best_split(turns_left: int, me: int, a: int, b: int, col_a: tuple[int, ...], col_b: tuple[int, ...],
               many: bool) -> tuple[float, int, int]:
    """``splits``'s first (the same, ties included), without the others: (value, colour kept, opponent given the
    other); ``col_a``, ``col_b``: each seat's cards of ``a`` and ``b``."""
    best = COLOUR_BEST[many][turns_left][me]
    keep_a, gift_a, to_a, pair, pair_to = best[col_a]
    if a == b:
        return pair, a, pair_to
    keep_b, gift_b, to_b, _, _ = best[col_b]
    keep_a += gift_b
    keep_b += gift_a
    return (keep_a, a, to_b) if keep_a >= keep_b else (keep_b, b, to_a)


def colour_best(turns_left: int, me: int, col: tuple[int, ...], many: bool) -> tuple[float, float, int, float, int]:
    """``colour_moves``'s best of each (a split of the round's last turn reads them a hundred thousand times a
    second): keeping one; the best gift and to whom; the best pair (one kept, one given) and to whom."""
    keep, gifts, pairs = colour_moves(turns_left, me, col, many)
    return keep, *gifts[0], *pairs[0]


@lru_cache(maxsize=1 << 16)
def best_splits(turns_left: int, me: int, a: int, b: int, col_a: tuple[int, ...], col_b: tuple[int, ...],
                many: bool) -> list[Action]:
    """The ``SPLITS_BRANCHED`` best splits of open cards ``a`` and ``b`` (``col_a``, ``col_b``: each seat's cards
    of them)."""
    cols = {a: col_a, b: col_b}
    return [KEEP[c][q] for _, c, q in splits(turns_left, me, cols, a, b, many)[:SPLITS_BRANCHED]]


def columns(st: GraciasState) -> Columns:
    """Per colour, each seat's cards of it, open and face down."""
    return list(zip(*map(map, repeat(add), st.open, st.hidden), strict=True))


class Memo(dict[tuple[int, ...], Any]):
    """A dict that works out a missing value with ``make`` and keeps it (up to ``1 << 17`` of them, then starts
    over): read with ``map(memo.__getitem__, keys)`` or ``memo[key]``, a value already known costs no Python call,
    where a cache's would."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[tuple[int, ...]], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: tuple[int, ...]) -> Any:
        if len(self) >= 1 << 17:
            self.clear()
        value = self[key] = self.make(key)
        return value


COLUMN_POINTS = {many: [Memo(partial(column_points, turns_left, many=many)) for turns_left in range(TURNS + 1)]
                 for many in (False, True)}
"""``column_points`` by whether packets are many, then by the turns left, then by a colour's cards."""
COLOUR_BEST = {many: [[Memo(partial(colour_best, turns_left, me, many=many)) for me in range(MOST_PLAYERS)]
                      for turns_left in range(TURNS + 1)] for many in (False, True)}
"""``colour_best`` by whether packets are many, by the turns left, by the seat, then by a colour's cards."""


def points_of(cols: Columns, turns_left: int, many: bool) -> list[float]:
    """Each seat's expected points for the round (``turns_left`` 0: the points the scoring gives)."""
    return list(map(sum, zip(*map(COLUMN_POINTS[many][turns_left].__getitem__, cols), strict=True)))


@lru_cache(maxsize=1 << 16)
def _given(col: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``col`` with one card more for ``seat``."""
    return (*col[:seat], col[seat] + 1, *col[seat + 1:])


def last_turn_played(st: GraciasState) -> Columns:
    """Everyone's cards (by colour) once the round's last turn is played out, each seat in order taking the trio and
    making the split that scores best for it (the face-down cards as this state deals them)."""
    cols = columns(st)
    me = st.actor
    n = st.n
    many = st.many
    trios = [t for i, t in enumerate(st.trios) if t is not None and i != st.chosen]
    if st.phase == KEEP_GIVE:
        t = st.trios[st.chosen]
        assert t is not None
        a, b = t[0], t[1]
        _split(cols, me, a, b, best_split(0, me, a, b, cols[a], cols[b], many))
        me = (me + 1) % n
    while trios:
        made: tuple[float, int, int] | None = None
        chosen = 0
        if len(trios) > 1:  # the trio whose open cards split best (the first of equals)
            for i, t in enumerate(trios):
                a, b = t[0], t[1]
                split = best_split(0, me, a, b, cols[a], cols[b], many)
                if made is None or split[0] > made[0]:
                    made, chosen = split, i
        a, b, x = trios.pop(chosen)
        cols[x] = _given(cols[x], me)
        if made is None or x in (a, b):  # its face-down card may change how best to split
            made = best_split(0, me, a, b, cols[a], cols[b], many)
        _split(cols, me, a, b, made)
        me = (me + 1) % n
    return cols


def _split(cols: Columns, me: int, a: int, b: int, made: tuple[float, int, int]) -> None:
    """``me`` keeps one of open cards ``a`` and ``b`` and gives the other, as ``made`` says (``best_split``)."""
    _, keep, to = made
    cols[keep] = _given(cols[keep], me)
    other = b if keep == a else a
    cols[other] = _given(cols[other], to)


def standing(scores: list[int], points: float) -> float:
    """What ranks a seat with ``scores`` in the rounds played and ``points`` in this one: its total, and less than a
    point more the better its best round, then its second best: « En cas d'égalité, … le plus de points lors d'une
    manche … le deuxième meilleur résultat »."""
    if not scores:  # the first round and the second: the same figure, sooner
        return points + points * TIE_BREAK
    if len(scores) == 1:
        first = scores[0]
        best, other = (first, points) if first >= points else (points, first)
        return first + points + (best * TIE_BREAK + other * TIE_WEIGHTS[1])
    tie: float = sum(map(mul, sorted([*scores, points], reverse=True), TIE_WEIGHTS))
    return sum(scores) + points + tie


class GraciasSearch(SearchHooks):
    rollout_plies = 0
    model = "heuristic"

    def evaluate(self, state: State) -> Sequence[float] | None:
        st: GraciasState = state  # type: ignore[assignment]
        if st.phase not in (CHOOSE, KEEP_GIVE):
            return None
        rounds_left = ROUNDS - 1 - st.round
        if st.tour == TURNS - 1:
            points = points_of(last_turn_played(st), 0, st.many)
            to_play = rounds_left + PLAYED_OUT
        else:
            turns_left = TURNS - st.tour
            points = points_of(columns(st), turns_left, st.many)
            to_play = rounds_left + turns_left / TURNS
        return softmax(list(map(standing, st.scores, points)), WIDTH * to_play ** 0.5)

    def candidates(self, state: State, legal: list[Action]) -> list[Action]:
        st: GraciasState = state  # type: ignore[assignment]
        if st.phase != KEEP_GIVE or len(legal) <= SPLITS_BRANCHED:
            return legal
        return self._best_splits(st)

    def branches(self, state: State) -> list[Action]:
        st: GraciasState = state  # type: ignore[assignment]
        if st.phase == KEEP_GIVE:
            t = st.trios[st.chosen]
            assert t is not None
            if t[0] != t[1] or st.n - 1 > SPLITS_BRANCHED:  # more legal splits than are branched on
                return self._best_splits(st)
        return st.legal_actions()

    def own_branches(self, state: State) -> list[Action]:
        """With the heuristic playing the others (``model``), every way to split the seat's own trio is a branch (at
        most ten): the table's best two leave out the heuristic's own split one time in four, and only the seat's
        moves are branched on. 32.8 % of 400 games (seeds 12 and 13; 28.3–37.5 %) where the best two won 28.2 % on
        the same seeds, better on each by four and five points (``docs/bots.md``)."""
        return state.legal_actions()

    @staticmethod
    def _best_splits(st: GraciasState) -> list[Action]:
        t = st.trios[st.chosen]
        assert t is not None
        a, b = t[0], t[1]
        column, o, h = SEATS_COLUMN[st.n], st.open, st.hidden
        return best_splits(TURNS - st.tour, st.actor, a, b, column(o, h, a), column(o, h, b), st.many)

    def reasons(self, state: State, action: Action, seat: int) -> list[tuple[str, dict[str, Any]]]:
        st: GraciasState = state  # type: ignore[assignment]
        if isinstance(action, Keep) and st.phase == KEEP_GIVE and st.actor == seat:
            t = st.trios[st.chosen]
            assert t is not None
            other = t[1] if t[0] == action.keep else t[0]
            return split_reasons(st, seat, action.keep, other, action.give_to)
        if isinstance(action, Take) and st.phase == CHOOSE and st.actor == seat:
            t = st.trios[action.trio]
            if t is None:
                return []
            keep, other, to = seen_split(st, seat, t[0], t[1])
            return [("take", {"trio": action.trio, "keep": COLOUR_NAMES[keep], "given": COLOUR_NAMES[other],
                              "give_to": to}),
                    *split_reasons(st, seat, keep, other, to)]
        return []


def seen_counts(st: GraciasState, seat: int) -> list[list[int]]:
    """Everyone's cards as ``seat`` knows them: its own open and face-down cards, the others' open cards."""
    return [list(map(add, st.open[p], st.hidden[p])) if p == seat else st.open[p][:] for p in range(st.n)]


def seen_split(st: GraciasState, seat: int, a: int, b: int) -> tuple[int, int, int]:
    """The split ``seat`` would make of open cards ``a`` and ``b`` by the expected points of what it sees:
    (keep, other, give_to)."""
    cols = list(zip(*seen_counts(st, seat), strict=True))
    _, keep, q = best_split(TURNS - st.tour, seat, a, b, cols[a], cols[b], st.many)
    return keep, b if keep == a else a, q


def split_reasons(st: GraciasState, seat: int, keep: int, other: int, to: int) -> list[tuple[str, dict[str, Any]]]:
    """What keeping ``keep`` and giving ``other`` to ``to`` does, as ``seat`` can see it: the gift first."""
    out: list[tuple[str, dict[str, Any]]] = []
    many = st.many
    cards = seen_counts(st, seat)
    cards[seat][keep] += 1
    given = {"given": COLOUR_NAMES[other], "give_to": to}
    # The gift, by the most of its colour among the others (the giver's own cards included, as it keeps them).
    before = effective(cards[to][other], many)
    after = effective(cards[to][other] + 1, many)
    rest = [(effective(cards[p][other], many), p) for p in range(st.n) if p != to]
    most, holder = max(rest)
    if after > 0 and after == most and holder != seat and not any(e == most and p == seat for e, p in rest):
        out.append(("give_tie", {**given, "seat": holder, "count": after}))
    elif after > most and before > most:
        out.append(("give_sunk", given))
    elif after > most:
        out.append(("give_most", {**given, "count": after}))
    # The card kept.
    mine = cards[seat][keep]
    colour = {"colour": COLOUR_NAMES[keep]}
    if mine % PACKET == 0 and (many or mine == PACKET):
        out.append(("keep_packet", colour))
    else:
        cards[to][other] += 1
        mine_e = effective(mine, many)
        most, holder = max((effective(cards[p][keep], many), p) for p in range(st.n) if p != seat)
        if 0 < mine_e < most:
            out.append(("keep_below", {**colour, "seat": holder, "count": mine_e, "most": most}))
    return out


HOOKS = GraciasSearch()
