"""Gracias's search hooks (``games/gracias/search.py``) and the table they judge by (``expected_points.py``): the
evaluation gives every seat a chance to win and puts a clear leader first, the branches kept are legal moves, the
last turn's play-out scores a round as the rules do, the table is measured reproducibly, hints are in both
catalogues and tell only what the seat sees, and search with these hooks still thinks the same whatever the
cards its seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from operator import add

import pytest

from ludotheque.bots.hints import hints
from ludotheque.bots.search import Search
from ludotheque.engine.bots import SeatView
from ludotheque.engine.state import Action, State
from ludotheque.games.gracias import GAME, GraciasState
from ludotheque.games.gracias.actions import KEEP, TAKE, Keep, Take
from ludotheque.games.gracias.cards import NUM_COLOURS
from ludotheque.games.gracias.expected_points import colour_points, fill, measure
from ludotheque.games.gracias.search import (
    COLUMN_POINTS,
    EXPECTED,
    HOOKS,
    TIE_WEIGHTS,
    Memo,
    column_points,
    last_turn_played,
    points_of,
    standing,
)
from ludotheque.games.gracias.state import KEEP_GIVE, TURNS
from tests.positions import decisions, random_index


def _new(players: int, packets: str = "one") -> GraciasState:
    state = GAME.new_game(players, {"packets": packets})
    assert isinstance(state, GraciasState)
    return state


def _decisions(players: int, seed: int, packets: str = "one") -> Iterator[GraciasState]:
    """Every position of a random game where a seat chooses (the same object, moved on after each yield)."""
    rng = random.Random(seed)
    return decisions(_new(players, packets), rng, random_index(rng))


def test_registered() -> None:
    assert GAME.search_path == "ludotheque.games.gracias.search:HOOKS"
    assert GAME.search_hooks() is HOOKS


@pytest.mark.parametrize("players", [3, 4, 6])
def test_evaluate_gives_every_seat_a_chance_summing_to_one(players: int) -> None:
    for state in _decisions(players, players):
        chances = HOOKS.evaluate(state.clone())
        assert chances is not None and len(chances) == players
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert sum(chances) == pytest.approx(1.0)


def test_evaluate_does_not_change_the_state() -> None:
    for k, state in enumerate(_decisions(4, 2)):
        if k % 5 == 0:
            before = state.to_json()
            HOOKS.evaluate(state)
            assert state.to_json() == before


def test_evaluate_ranks_a_clear_leader_first() -> None:
    """Round 2, turn 2: seat 2 leads by 8 points and its cards are as good as anyone's."""
    state = next(s for s in _decisions(4, 5) if s.round == 1 and s.tour == 1)
    state.scores = [[4], [5], [13], [5]]
    state.open = [[1, 1, 1, 0, 0, 0], [0, 1, 1, 1, 0, 0], [0, 0, 1, 1, 1, 0], [0, 0, 0, 1, 1, 1]]
    chances = HOOKS.evaluate(state)
    assert chances is not None
    assert max(range(4), key=lambda p: chances[p]) == 2
    assert chances[2] > 0.5


@pytest.mark.parametrize("seed", range(6))
def test_evaluate_at_the_last_split_of_the_game_favours_who_wins_once_it_is_made(seed: int) -> None:
    """The game's last split: the evaluation plays it out (the split that scores best), and the seat that then wins
    by the rules, its ties broken by the best round, gets the greatest chance, if not a certainty."""
    state = next(s for s in _decisions(4, seed) if s.round == 2 and s.tour == TURNS - 1 and s.phase == KEEP_GIVE
                 and s.taken == 3)
    chances = HOOKS.evaluate(state)
    assert chances is not None
    state.apply_legal(_split_made(state, last_turn_played(state)))
    winners = state.outcome().winners
    assert max(range(4), key=lambda p: chances[p]) in winners
    assert max(chances) < 1.0


@pytest.mark.parametrize(("players", "packets"), [(3, "one"), (4, "many"), (5, "one"), (6, "many")])
def test_candidates_are_the_legal_moves_or_the_two_best_splits(players: int, packets: str) -> None:
    for seed in range(3):
        for state in _decisions(players, seed, packets):
            legal = state.legal_actions()
            kept = HOOKS.candidates(state, legal)
            assert HOOKS.branches(state) == kept  # the same, worked out without the legal moves
            assert kept and set(kept) <= set(legal) and len(set(kept)) == len(kept)
            assert kept == legal if state.phase != KEEP_GIVE else len(kept) == min(2, len(legal))


@pytest.mark.parametrize("many", [False, True])
def test_the_scoring_count_of_a_colour_is_the_rules(many: bool) -> None:
    """``column_points`` at the scoring (no turn left) against the rules' packets and discards, on random hands."""
    rng = random.Random(7)
    for _ in range(400):
        players = rng.randint(3, 6)
        cards = [[rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 7, 10, 11)) for _ in range(NUM_COLOURS)] for _ in range(players)]
        rules = colour_points(cards, many)
        for c in range(NUM_COLOURS):
            assert column_points(0, tuple(p[c] for p in cards), many) == tuple(r[c] for r in rules)


@pytest.mark.parametrize(("players", "packets"), [(3, "one"), (4, "one"), (6, "many")])
def test_the_last_turn_played_out_scores_the_round_as_the_rules_do(players: int, packets: str) -> None:
    """At each round's last split, the play-out's split, once made, gives every seat the points the state's own
    scoring gives."""
    rounds = 0

    def play(state: State, legal: list[Action]) -> Action:
        """At a round's last split, the play-out's split, its points checked; elsewhere a random move."""
        nonlocal rounds
        assert isinstance(state, GraciasState)
        if not (state.phase == KEEP_GIVE and state.tour == TURNS - 1 and state.taken == players - 1):
            return random_move(state, legal)
        cols = last_turn_played(state)
        before = [sum(s) for s in state.scores]
        split = _split_made(state, cols)
        made = state.clone()
        made.apply_legal(split)
        points = [sum(s) - b for s, b in zip(made.scores, before, strict=True)]
        assert [round(p) for p in points_of(cols, 0, packets == "many")] == points
        rounds += 1
        return split

    for seed in range(4):
        rng = random.Random(seed)
        random_move = random_index(rng)
        for _ in decisions(_new(players, packets), rng, play):
            pass
    assert rounds == 12


def _split_made(state: GraciasState, cols: list[tuple[int, ...]]) -> Keep:
    """The split the play-out made at ``state`` (the round's last), read back from its cards (by colour)."""
    me = state.actor
    now = [list(map(add, o, h)) for o, h in zip(state.open, state.hidden, strict=True)]
    gained = [(p, c) for p in range(state.n) for c in range(NUM_COLOURS) for _ in range(cols[c][p] - now[p][c])]
    assert len(gained) == 2
    keep = next(c for p, c in gained if p == me)
    to = next(p for p, c in gained if p != me)
    return Keep(keep, to)


def test_the_table_is_measured_reproducibly_and_shipped_whole() -> None:
    small = measure(12, seed=3)
    assert small == measure(12, seed=3) and small != measure(12, seed=4)
    for table in (small, EXPECTED):
        assert len(table) == TURNS and all(len(rows) == 7 and all(len(r) == 5 for r in rows) for rows in table)
        assert all(0.0 <= v <= 6.0 for rows in table for row in rows for v in row)
    # One turn before the scoring, a lone card of a colour nobody else holds is the most: it scores nothing.
    assert EXPECTED[0][1][0] < 0.2 < EXPECTED[0][1][2]


def test_cells_seen_too_rarely_are_filled_from_their_neighbours() -> None:
    means: list[list[list[float | None]]] = [[[1.0, None], [None, None]], [[2.0, 3.0], [None, 4.0]]]
    assert fill(means) == [[[1.0, 1.0], [1.0, 1.0]], [[2.0, 3.0], [1.0, 4.0]]]


NAMES = ("Ada", "Bob", "Cy", "Dee", "Eve", "Fay")


@pytest.mark.parametrize(("players", "packets"), [(3, "many"), (4, "one"), (6, "one")])
def test_reasons_are_in_both_catalogues_and_tell_only_what_the_seat_sees(players: int, packets: str) -> None:
    seen: set[str] = set()
    for seed in range(4):
        for k, state in enumerate(_decisions(players, seed, packets)):
            seat = state.current_player
            other = state.resample(seat, random.Random(k))
            for action in state.legal_actions():
                reasons = HOOKS.reasons(state, action, seat)
                assert reasons == HOOKS.reasons(other, action, seat), "a hint must not depend on hidden cards"
                if isinstance(action, Take):
                    assert reasons and reasons[0][0] == "take"
                for key, fields in reasons:
                    seen.add(key)
                    assert GAME.catalog.has(f"hint.{key}"), key
                    for lang in ("en", "fr"):
                        text = GAME.describe_reason(key, fields, lang, NAMES)
                        assert "{" not in text and "hint." not in text, text
    assert seen == {"take", "keep_below", "keep_packet", "give_tie", "give_most", "give_sunk"}


def test_reasons_of_a_gift_that_ties_the_most() -> None:
    """Seat 0 splits red and blue: Cy shows 2 blue, Bob 3; blue to Cy ties them for the most."""
    state = next(s for s in _decisions(4, 1) if s.phase == KEEP_GIVE and s.actor == 0 and s.round == 0)
    t = state.trios[state.chosen]
    assert t is not None
    t[0], t[1] = 0, 3
    state.open = [[1, 0, 0, 0, 0, 0], [0, 0, 0, 3, 0, 0], [0, 0, 0, 2, 0, 0], [2, 0, 0, 0, 0, 0]]
    state.hidden[0] = [0, 0, 0, 0, 0, 0]
    reasons = dict(HOOKS.reasons(state, Keep(0, 2), 0))
    assert reasons["give_tie"] == {"given": "blue", "give_to": 2, "seat": 1, "count": 3}
    assert GAME.describe_reason("give_tie", reasons["give_tie"], "fr", NAMES) == (
        "La carte bleue met Cy à égalité avec Bob en tête de cette couleur (3)\u00a0: chacun les défausserait.")
    assert "keep_below" not in reasons  # 2 red against Dee's 2: a tie for the most, not below it
    state.open[3][0] = 3
    reasons = dict(HOOKS.reasons(state, Keep(0, 2), 0))
    assert reasons["keep_below"] == {"colour": "red", "seat": 3, "count": 2, "most": 3}
    assert GAME.describe_reason("keep_below", reasons["keep_below"], "en", NAMES) == (
        "Keeping the red card leaves you below Dee in that colour (2 against 3), so it would score.")
    assert "give_sunk" in dict(HOOKS.reasons(state, Keep(0, 1), 0))


@pytest.mark.parametrize(("players", "decisions"), [(4, 10), (4, 30), (5, 25), (6, 40)])
def test_search_does_not_depend_on_what_its_seat_cannot_see(players: int, decisions: int) -> None:
    """Two states the seat cannot tell apart give the same thinking with these hooks, figure by figure."""
    state = next(s for k, s in enumerate(_decisions(players, 11)) if k >= decisions and len(s.legal_actions()) > 1)
    seat = state.current_player
    other = state.resample(seat, random.Random(99))
    assert other.observation(seat) == state.observation(seat)
    assert other.to_json() != state.to_json(), "the other deal must differ in what the seat cannot see"
    thoughts = []
    for s in (state, other):
        search = Search(SeatView(s, seat, s.legal_actions()), random.Random(5), HOOKS,
                        max_actions=GAME.info.max_actions)
        search.run(300)
        thoughts.append(search.estimates())
    assert thoughts[0] == thoughts[1]
    assert thoughts[0], "the search tried moves"


def test_a_hint_to_take_a_trio_says_the_split_with_the_receivers_name() -> None:
    state = next(s for s in _decisions(4, 3) if s.phase != KEEP_GIVE and len(s.legal_actions()) > 2)
    found = hints(GAME, state, state.current_player, iterations=300, seconds=None)
    assert found
    for h in found:
        first = h.words(GAME, "en", NAMES)[0]
        assert first.startswith(f"Trio {h.action[-1]}: then keep the ") and "{" not in first
        assert any(f"card to {name}." in first for name in NAMES if name != NAMES[state.current_player])
        assert h.words(GAME, "fr", NAMES)[0].startswith(f"Trio {h.action[-1]}\u00a0: gardez ensuite la carte ")


def test_with_the_heuristic_playing_the_others_every_split_of_the_seats_trio_is_a_branch() -> None:
    """Without the opponent model every seat's split is branched on, the table's best two each; with it only the
    seat's own moves are, and all of them (``own_branches``)."""
    from ludotheque.bots.search import opponent_model

    state = next(s for s in _decisions(4, 3) if s.phase == KEEP_GIVE and len(s.legal_actions()) > 2)
    legal = state.legal_actions()
    view = SeatView(state, state.actor, legal)
    rng = random.Random(1)
    modelled = Search(view, rng, HOOKS, model=opponent_model(GAME, HOOKS, rng))
    modelled.run(iterations=20 * len(legal))
    assert set(modelled.root.children) == set(legal)
    alone = Search(view, random.Random(1), HOOKS)
    alone.run(iterations=20 * len(legal))
    assert len(alone.root.children) == 2 and set(alone.root.children) < set(legal)


def test_a_seats_standing_is_its_total_then_its_best_rounds_whatever_the_round() -> None:
    """``standing`` (quicker in the first two rounds) gives the figure of its definition: the total, then a point of
    the best round worth ``TIE_WEIGHTS[0]``, of the second best ``TIE_WEIGHTS[1]``…, to the last bit."""
    rng = random.Random(5)
    for _ in range(20_000):
        scores = [rng.randrange(-2, 30) for _ in range(rng.randrange(3))]
        points = rng.choice([float(rng.randrange(25)), rng.uniform(-1, 25)])
        tie = sum([r * w for r, w in zip(sorted([*scores, points], reverse=True), TIE_WEIGHTS, strict=False)])
        assert standing(scores, points) == sum(scores) + points + tie
    assert standing([10], 12.0) == pytest.approx(standing([12], 10.0))
    assert standing([12], 10.0) > standing([11], 11.0)  # a tie: the best round decides


def test_a_memo_works_a_value_out_once_and_starts_over_when_full() -> None:
    made: list[tuple[int, ...]] = []
    memo = Memo(lambda key: made.append(key) or sum(key))
    assert list(map(memo.__getitem__, [(1, 2), (3,), (1, 2)])) == [3, 3, 3] and made == [(1, 2), (3,)]
    for k in range(1 << 17):
        memo[(k,)] = k
    assert memo[(1, 1)] == 2 and len(memo) == 1, "full, it forgets what it knew"
    for many in (False, True):
        for turns_left, table in enumerate(COLUMN_POINTS[many]):
            assert table[(2, 0, 6, 1)] == column_points(turns_left, (2, 0, 6, 1), many)


def test_moves_made_anew_are_the_interned_ones_in_a_dict() -> None:
    """Search looks moves up by hash: a move parsed or built anew finds the interned one's node."""
    tree = {**{a: ("take", a.trio) for a in TAKE}, **{a: ("keep", a.keep, a.give_to) for row in KEEP for a in row}}
    assert len(tree) == len(TAKE) + sum(map(len, KEEP))
    assert tree[Take(2)] == ("take", 2) and tree[Keep(3, 5)] == ("keep", 3, 5)
    assert tree[GAME.parse_action("keep red give 1")] == ("keep", 0, 1)
