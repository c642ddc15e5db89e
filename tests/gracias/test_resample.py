"""Re-dealing what a seat has not seen (``state.resample(seat, rng)``, for search bots): the other players'
face-down cards, the trios' face-down cards and the pile are dealt again from the cards the seat has not seen,
each keeping how many it holds; everything the seat sees stays, and the result tells nothing of the truth."""

from __future__ import annotations

import random
from collections import Counter

from ludotheque.engine import CHANCE, Match, get_game
from ludotheque.games.gracias.cards import NUM_COLOURS
from ludotheque.games.gracias.state import CHOOSE, DEAL_TRIOS, GraciasState
from tests.positions import match_decisions, match_positions, play_out_checked

GAME = get_game("gracias")


def _positions(players: int, seed: int, packets: str = "one", every: int = 3) -> list[GraciasState]:
    """Copies of the positions of a random game where a seat is to move, one action in ``every``."""
    return match_positions(Match(GAME, players, {"packets": packets}, seed=seed, log=False), random.Random(seed),
                           GraciasState, every)


def _face_down(st: GraciasState) -> list[int]:
    """The trios' face-down cards (-1: none there)."""
    return [t[2] if t is not None else -1 for t in st.trios]


def _unseen(st: GraciasState, seat: int) -> list[int]:
    """Per colour, the cards ``seat`` has not seen: the pile, the others' face-down cards, the trios' ones."""
    counts = st.deck[:]
    for p in range(st.n):
        if p != seat:
            counts = [a + b for a, b in zip(counts, st.hidden[p], strict=True)]
    for c in _face_down(st):
        if c >= 0:
            counts[c] += 1
    return counts


def test_a_redeal_keeps_what_the_seat_knows_and_conserves_the_cards() -> None:
    dealt = 0
    for players, seed, packets in ((3, 1, "one"), (4, 2, "many"), (5, 3, "one"), (6, 4, "many")):
        for st in _positions(players, seed, packets):
            truth = st.to_json()
            for seat in range(players):
                seen = st.observation(seat)
                other = st.resample(seat, random.Random(f"{seed}:{seat}"))
                assert st.to_json() == truth, "resample changed the true position"
                assert other.observation(seat) == seen
                assert other.hidden[seat] == st.hidden[seat] and other.open == st.open
                assert [sum(h) for h in other.hidden] == [sum(h) for h in st.hidden]
                assert sum(other.deck) == sum(st.deck)
                assert [t is None for t in other.trios] == [t is None for t in st.trios]
                assert [t[:2] for t in other.trios if t is not None] == [t[:2] for t in st.trios if t is not None]
                assert [c >= 0 for c in _face_down(other)] == [c >= 0 for c in _face_down(st)]
                assert _unseen(other, seat) == _unseen(st, seat), "not the cards the seat has not seen"
                other.check_invariants()
                dealt += sum(_unseen(st, seat)) > sum(st.deck)
    assert dealt > 100  # many of these re-deals had face-down cards to deal


def test_redeals_are_reproducible_and_vary_with_the_rng() -> None:
    varied = 0
    for st in _positions(4, 5, every=5):
        seat = max(st.actor, 0)
        assert st.resample(seat, random.Random(9)).to_json() == st.resample(seat, random.Random(9)).to_json()
        deals = {str(st.resample(seat, random.Random(k)).to_json()) for k in range(20)}
        if sum(_unseen(st, seat)) > sum(st.deck) and sum(1 for c in _unseen(st, seat) if c) > 1:
            assert len(deals) > 1, "re-deals do not vary"
            varied += 1
    assert varied > 10


def test_a_redeal_tells_nothing_of_where_the_cards_really_are() -> None:
    """Two positions a seat cannot tell apart (the truth and one of its re-deals) are re-dealt alike for the same
    random numbers: the result depends on what the seat knows, never on the true face-down cards."""
    for st in _positions(5, 6, every=7):
        for seat in range(5):
            twin = st.resample(seat, random.Random(1000 + seat))
            assert twin.observation(seat) == st.observation(seat)
            for k in range(3):
                assert twin.resample(seat, random.Random(k)).to_json() == st.resample(seat, random.Random(k)).to_json()


def _mid_turn() -> GraciasState:
    """Four players, round 1, turn 3, two trios taken: the others hold face-down cards, two trios still have
    theirs."""
    match = Match(GAME, 4, seed=7, log=False)
    return next(st for st in match_decisions(match, random.Random(7), GraciasState)
                if st.tour == 2 and st.taken == 2 and st.phase == CHOOSE)


def test_each_unseen_card_is_dealt_anywhere_as_often_as_chance_says() -> None:
    """Every card dealt is any unseen card, each as likely; and two cards of one hand are of one colour as often
    as when drawn together from the unseen cards (the deal is uniform, not only card by card)."""
    st = _mid_turn()
    seat = st.actor
    unseen = _unseen(st, seat)
    total = sum(unseen)
    places = [("hidden", p) for p in range(st.n) if p != seat and sum(st.hidden[p])]
    places += [("trio", t) for t, c in enumerate(_face_down(st)) if c >= 0]
    assert len(places) >= 4
    draws = 4000
    counts = {(place, c): 0 for place in places for c in range(NUM_COLOURS)}
    pairs = pairs_same = 0
    for k in range(draws):
        other = st.resample(seat, random.Random(k))
        for place in places:
            kind, i = place
            if kind == "hidden":
                for c in range(NUM_COLOURS):
                    counts[place, c] += other.hidden[i][c]
                size = sum(other.hidden[i])
                pairs += size * (size - 1) // 2
                pairs_same += sum(n * (n - 1) // 2 for n in other.hidden[i])
            else:
                trio = other.trios[i]
                assert trio is not None
                counts[place, trio[2]] += 1
    chi2 = 0.0
    for (place, c), seen in counts.items():
        kind, i = place
        size = sum(st.hidden[i]) if kind == "hidden" else 1
        expected = draws * size * unseen[c] / total
        if expected:
            chi2 += (seen - expected) ** 2 / expected
        else:
            assert seen == 0
    cells = len(counts)
    assert chi2 < cells + 6 * (2 * cells) ** 0.5, chi2
    same = sum(n * (n - 1) for n in unseen) / (total * (total - 1))
    assert pairs > 1000 and abs(pairs_same / pairs - same) < 4 * (same * (1 - same) / pairs) ** 0.5 + 0.02


def test_play_goes_on_from_a_redeal() -> None:
    for players, seed in ((3, 11), (4, 12), (6, 13)):
        for st in _positions(players, seed, every=40)[1:4]:
            other = st.resample(max(st.actor, 0), random.Random(seed))
            play_out_checked(other, random.Random(seed))


def test_a_turn_dealt_at_once_deals_each_card_as_the_pile_holds_them() -> None:
    """Search deals a turn's trios in one draw (``play_chance``): every card of every trio comes out of the pile
    in proportion to what it holds, and two cards of one colour together as often as drawn one after the other."""
    match = Match(GAME, 4, {}, seed=4, log=False)
    rng = random.Random(4)
    while not (match.state.phase == DEAL_TRIOS and match.state.tour == 1):  # a pile already short of some colours
        if match.state.current_player == CHANCE:
            match.state.apply_legal(match.state.sample_chance(rng))
        else:
            legal = match.state.legal_actions()
            match.state.apply_legal(legal[int(rng.random() * len(legal))])
    start = match.state.clone()
    pile = start.deck[:]
    total = sum(pile)
    tries = 4_000
    colour_at: list[Counter[int]] = [Counter() for _ in range(3 * start.n)]
    pairs = 0
    red = max(range(NUM_COLOURS), key=lambda c: pile[c])
    for k in range(tries):
        state = start.clone()
        state.play_chance(random.Random(k))
        state.check_invariants()
        assert state.phase == CHOOSE and state.actor == start.opener and state.taken == 0
        dealt = [t[layer] for layer in range(3) for t in state.trios if t is not None]
        assert [a - b for a, b in zip(pile, state.deck, strict=True)] == [dealt.count(c) for c in range(NUM_COLOURS)]
        for position, colour in enumerate(dealt):
            colour_at[position][colour] += 1
        pairs += dealt[0] == dealt[1] == red
    for counts in colour_at:
        for c in range(NUM_COLOURS):
            p = pile[c] / total
            assert abs(counts[c] / tries - p) < 4 * (p * (1 - p) / tries) ** 0.5, (c, counts)
    p = pile[red] / total * (pile[red] - 1) / (total - 1)
    assert abs(pairs / tries - p) < 4 * (p * (1 - p) / tries) ** 0.5


def test_a_state_that_logs_deals_card_by_card_with_its_events() -> None:
    """A logging state (a table's) never skips its events: ``play_chance`` then deals one card at a time."""
    match = Match(GAME, 3, {}, seed=2)
    state = match.state
    assert state.events is not None and state.current_player == CHANCE
    state.play_chance(random.Random(2))
    kinds = Counter(e.kind for e in state.events)
    assert kinds["deal_open"] == 6 and kinds["deal_trio"] == 6 and kinds["deal_hidden"] == 3
    assert state.phase == CHOOSE


def test_a_deal_begun_card_by_card_is_finished_at_once_around_the_cards_already_dealt() -> None:
    """A deal whose first cards were drawn one by one (a record's chance actions) and then played out at once keeps
    those cards where they lie and deals the rest from the pile, trio by trio, layer by layer."""
    match = Match(GAME, 4, {}, seed=3, log=False)
    rng = random.Random(3)
    while match.state.phase != DEAL_TRIOS:
        if match.state.current_player == CHANCE:
            match.state.apply_legal(match.state.sample_chance(rng))
        else:
            legal = match.state.legal_actions()
            match.state.apply_legal(legal[int(rng.random() * len(legal))])
    state = match.state
    for _ in range(5):  # the first layer whole, and the second layer's first card
        state.apply_legal(state.sample_chance(rng))
    begun = [t[:] for t in state.trios if t is not None]
    pile = state.deck[:]
    state.play_chance(random.Random(9))
    state.check_invariants()
    assert state.phase == CHOOSE and state.deal_k == 3 * state.n
    trios = [t for t in state.trios if t is not None]
    assert [t[0] for t in trios] == [t[0] for t in begun] and trios[0][1] == begun[0][1]
    assert all(c >= 0 for t in trios for c in t)
    dealt = [t[1] for t in trios[1:]] + [t[2] for t in trios]
    assert [a - b for a, b in zip(pile, state.deck, strict=True)] == [dealt.count(c) for c in range(NUM_COLOURS)]
