"""Re-dealing hidden tiles agrees with everything a seat has seen (``hand_clues``), checked independently of
the clues the state keeps: from copies of the true position taken when a player could not place a tile or
discarded dead tiles, and from the tiles seen leaving that player's hand since."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ludotheque.engine import CHANCE, Match, get_game
from ludotheque.games.acquire import AcquireState
from ludotheque.games.acquire.board import TILE_NAMES
from ludotheque.games.acquire.data import Phase
from ludotheque.games.acquire.hand_clues import agrees
from ludotheque.games.acquire.placement import DEAD, PLAYABLE
from tests.positions import match_positions, play_out_checked

GAME = get_game("acquire")
TILE = {name: t for t, name in enumerate(TILE_NAMES)}


@dataclass
class Clue:
    """What the table saw of one hand at one moment, and the tiles seen leaving it or drawn into it since."""

    seat: int
    tiles: set[int]
    """Cannot place: the tiles unplayable then (the hand was among them). Discard: the tiles dead then."""
    count: int
    """Cannot place: the hand's size then."""
    stuck: bool
    left: list[int] = field(default_factory=list)
    drawn: int = 0

    def holds(self, hand: list[int]) -> bool:
        inside = sum(1 for t in hand if t in self.tiles)
        if self.stuck:  # the tiles of that hand not seen leaving it are still there
            return inside >= self.count - sum(1 for t in self.left if t in self.tiles)
        return inside <= self.drawn  # no tile kept was dead then: only those drawn since may be


def _unplayable(st: AcquireState) -> set[int]:
    return {t for t in range(len(TILE_NAMES)) if st.board[t] == -1 and st.tile_kind(t) > PLAYABLE}


def _dead(st: AcquireState) -> set[int]:
    return {t for t in range(len(TILE_NAMES)) if st.board[t] == -1 and st.tile_kind(t) == DEAD}


def _play_and_check(players: int, seed: int) -> tuple[int, int]:
    """Play a random game; after every action re-deal for each seat and check the clues about the others."""
    match = Match(GAME, players, seed=seed)
    rng = random.Random(seed)
    clues: list[Clue] = []
    checked = stuck_seen = 0
    while not match.is_over():
        before = match.state.turn_player
        seen = len(match.events)
        by_seat = match.current_player != CHANCE
        if by_seat:
            match.apply(rng.choice(match.legal_actions()))
        else:
            match.draw_chance()
        st = match.state
        assert isinstance(st, AcquireState)
        for e in match.events[seen:]:
            seat = e.args.get("seat")
            if e.kind == "cannot_place" and st.hands[seat]:
                clues = [c for c in clues if not (c.stuck and c.seat == seat)]
                clues.append(Clue(seat, _unplayable(st), len(st.hands[seat]), True))
                stuck_seen += 1
            elif e.kind in ("place", "grow") and e.args.get("tile") in TILE:
                for c in clues:
                    if c.seat == seat:
                        c.left.append(TILE[e.args["tile"]])
            elif e.kind == "discard_dead":
                for c in clues:
                    if c.seat == seat:
                        c.left.extend(TILE[t] for t in e.args["tiles"])
            elif e.kind == "draw" and seat is not None:
                for c in clues:
                    if c.seat == seat and not c.stuck:
                        c.drawn += 1
        # A seat's action that ends its turn (§4 step 3): dead tiles were discarded, tiles are drawn next.
        if by_seat and not st.is_terminal() and (st.turn_player != before or st.phase == Phase.DRAW):
            clues = [c for c in clues if c.stuck or c.seat != before]
            clues.append(Clue(before, _dead(st), 0, False))
        if st.is_terminal() or st.phase in (0, 1):
            continue
        for viewer in range(players):
            other = st.resample(viewer, random.Random(checked))
            for c in clues:
                if c.seat != viewer:
                    assert c.holds(other.hands[c.seat]), (seed, c, other.hands[c.seat])
            checked += 1
    return checked, stuck_seen


def test_redeals_agree_with_cannot_place_and_dead_tile_discards() -> None:
    checked = stuck = 0
    for seed in range(12):
        for players in (2, 4, 6):
            a, b = _play_and_check(players, seed)
            checked += a
            stuck += b
    assert checked > 5000 and stuck >= 1, (checked, stuck)


STUCK = {
    "players": 4, "turn_player": 1, "phase": "place",
    "board": {"Luxor": ["1A", "2A"], "Festival": ["4A", "5A"], "Airport": ["7A", "8A"], "Oriental": ["10A", "11A"],
              "Imperial": ["1C", "2C"], "Prestige": ["4C", "5C"], "Continental": ["7C", "8C"],
              "unincorporated": ["12I", "10G", "6I"]},
    "hands": [["3E", "4E", "5E", "6E", "7E", "8E"], ["11I", "12H", "9G", "11G", "10F", "5I"],
              ["1E", "2E", "9E", "10E", "11E", "12E"], ["1G", "2G", "3G", "4G", "5G", "6G"]],
}
"""Seven chains on the board: seat 1 holds only tiles that would found an eighth chain (§4.1)."""


def test_after_cannot_place_the_redealt_hand_holds_no_playable_tile() -> None:
    state = GAME.state_from_json(STUCK)
    assert isinstance(state, AcquireState)
    unplayable = _unplayable(state)
    assert state.legal_actions() == [state.parse_action("pass")]
    state.apply(state.parse_action("pass"))  # public: seat 1 cannot place (§4.6)
    assert state.stuck_least[1] == 6
    hands = set()
    for k in range(300):
        viewer = (0, 2, 3)[k % 3]
        hand = state.resample(viewer, random.Random(k)).hands[1]
        assert set(hand) <= unplayable, [TILE_NAMES[t] for t in hand]
        assert all(state.tile_kind(t) > PLAYABLE for t in hand)
        hands.add(tuple(hand))
    assert len(hands) > 20  # re-dealt among the nine unplayable tiles the viewer has not seen, not kept
    state.apply(state.parse_action("done"))
    # Seat 1 drew nothing (its hand is full). Seat 2 plays on; its re-deals still honour the clue.
    assert state.current_player == 2
    for k in range(50):
        assert set(state.resample(2, random.Random(k)).hands[1]) <= unplayable


def test_redeals_are_spread_over_the_unseen_tiles() -> None:
    """Mid-game, each unseen tile lands in another seat's hand about as often as chance says."""
    match = Match(GAME, 4, seed=3)
    match.play_randomly(random.Random(3), 120)
    st = match.state
    assert isinstance(st, AcquireState)
    unseen = sorted(st.bag + [t for p in (1, 2, 3) for t in st.hands[p]])
    held = sum(len(st.hands[p]) for p in (1, 2, 3))
    counts = dict.fromkeys(unseen, 0)
    draws = 3000
    for k in range(draws):
        other = st.resample(0, random.Random(k))
        assert other.hands[0] == st.hands[0]
        for p in (1, 2, 3):
            for t in other.hands[p]:
                counts[t] += 1
    expected = draws * held / len(unseen)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 2 * len(unseen), chi2  # about len(unseen) when uniform; a biased deal is far above


# --- what a re-deal keeps, changes and tells ------------------------------------------------------------------

def _positions(players: int, seed: int, every: int = 9) -> list[AcquireState]:
    """Copies of the positions of a random game where a seat is to move, one action in ``every``."""
    return match_positions(Match(GAME, players, seed=seed, log=False), random.Random(seed), AcquireState, every,
                           keep=lambda st: st.phase not in (Phase.SETUP, Phase.DEAL))


def _unseen(st: AcquireState, seat: int) -> list[int]:
    return sorted(st.bag + [t for p in range(st.n) if p != seat for t in st.hands[p]])


def test_a_redeal_keeps_what_the_seat_knows_and_conserves_the_tiles() -> None:
    clued = 0
    for players, seed in ((2, 1), (3, 2), (4, 3), (4, 4), (6, 5)):
        for st in _positions(players, seed):
            truth = st.to_json()
            for seat in range(players):
                seen = st.observation(seat)
                other = st.resample(seat, random.Random(f"{seed}:{seat}"))
                assert st.to_json() == truth, "resample changed the true position"
                assert other.observation(seat) == seen
                assert other.hands[seat] == st.hands[seat] and other.hands[seat] is not st.hands[seat]
                assert [len(h) for h in other.hands] == [len(h) for h in st.hands]
                assert len(other.bag) == len(st.bag)
                assert _unseen(other, seat) == _unseen(st, seat), "not the tiles the seat has not seen"
                assert all(h == sorted(h) for h in other.hands)
                for p in range(players):
                    assert agrees(other, p, other.hands[p])
                other.check_invariants()
                clued += any(st.stuck_least[p] or st.dead_tiles[p].mask for p in range(players) if p != seat)
    assert clued > 50  # the positions include re-deals that had clues to honour


def test_redeals_are_reproducible_and_vary_with_the_rng() -> None:
    for st in _positions(4, 7, every=25):
        seat = max(st.current_player, 0)
        first = st.resample(seat, random.Random(5))
        assert first.to_json() == st.resample(seat, random.Random(5)).to_json()
        deals = {tuple(tuple(h) for h in st.resample(seat, random.Random(k)).hands) for k in range(20)}
        if len(_unseen(st, seat)) > len(st.bag) + 1:  # some hidden tile can move
            assert len(deals) > 1, "re-deals do not vary"


def test_a_redeal_tells_nothing_of_where_the_tiles_really_are() -> None:
    """Two positions that a seat cannot tell apart (the truth and one of its re-deals) are re-dealt alike for
    the same random numbers: the result depends on what the seat knows, never on the true hands."""
    for st in _positions(4, 8, every=20):
        for seat in range(4):
            twin = st.resample(seat, random.Random(1000 + seat))
            assert twin.observation(seat) == st.observation(seat)
            for k in range(3):
                assert twin.resample(seat, random.Random(k)).to_json() == st.resample(seat, random.Random(k)).to_json()


def test_play_goes_on_from_a_redeal() -> None:
    for players, seed in ((2, 11), (4, 12), (5, 13)):
        for st in _positions(players, seed, every=60)[1:4]:
            seat = max(st.current_player, 0)
            other = st.resample(seat, random.Random(seed))
            play_out_checked(other, random.Random(seed))


# --- dealing by the clues: the same deals, as often, as shuffling every unseen tile first ----------------------

def _shuffle_then_deal(st: AcquireState, seat: int, rng: random.Random) -> list[list[int]]:
    """The hands as first written (``hand_clues`` before it was made fast): shuffle all the unseen tiles, then
    each hand takes its clue's unplayable tiles and the next tiles, passing over dead ones it has no room for."""
    pool = _unseen(st, seat)
    others = [p for p in range(st.n) if p != seat]
    while True:
        rng.shuffle(pool)
        used: set[int] = set()
        hands = [h[:] for h in st.hands]
        for p in others:
            hand: list[int] = []
            dead, room = st.dead_tiles[p].mask, st.drawn_since[p]
            for count, among in ((st.stuck_least[p], st.stuck_tiles[p]), (len(st.hands[p]), -1)):
                for t in pool:
                    if len(hand) >= count:
                        break
                    if t in used or not among >> t & 1 or (dead >> t & 1 and not room):
                        continue
                    room -= dead >> t & 1
                    hand.append(t)
                    used.add(t)
            if len(hand) < len(st.hands[p]):
                break
            hands[p] = sorted(hand)
        else:
            return hands


def _clued_position() -> AcquireState:
    """A mid-game position where seats 1 to 3 each discarded dead tiles and drew one since (at most one of the
    ten tiles dead then in each hand), and seat 3 could not place a tile since (two of its tiles are among 12)."""
    match = Match(GAME, 4, seed=3, log=False)
    match.play_randomly(random.Random(3), 120)
    st = match.state
    assert isinstance(st, AcquireState)
    data = st.to_json()
    rng = random.Random(0)
    dead = [*rng.sample(st.bag, 8), st.hands[1][0], st.hands[2][0]]
    stuck = rng.sample(st.bag, 10) + st.hands[3][:2]
    data["clues"] = [{}, {"dead": [TILE_NAMES[t] for t in dead], "drawn": 1},
                     {"dead": [TILE_NAMES[t] for t in dead], "drawn": 1},
                     {"dead": [TILE_NAMES[t] for t in dead], "drawn": 1,
                      "unplayable": [TILE_NAMES[t] for t in stuck], "at_least": 2}]
    clued = GAME.state_from_json(data)
    assert isinstance(clued, AcquireState)
    clued.check_invariants()
    return clued


def _frequencies(deals: list[list[list[int]]], st: AcquireState) -> dict[tuple[str, int, int], int]:
    """How often each tile is in each hand, and how many of the dead / stuck tiles each hand holds."""
    out: dict[tuple[str, int, int], int] = {}
    for hands in deals:
        for p in (1, 2, 3):
            for t in hands[p]:
                out["tile", p, t] = out.get(("tile", p, t), 0) + 1
            dead = sum(1 for t in hands[p] if st.dead_tiles[p].mask >> t & 1)
            out["dead", p, dead] = out.get(("dead", p, dead), 0) + 1
            stuck = sum(1 for t in hands[p] if st.stuck_tiles[p] >> t & 1)
            out["stuck", p, stuck] = out.get(("stuck", p, stuck), 0) + 1
    return out


def test_dealing_by_the_clues_is_distributed_as_shuffling_everything_first() -> None:
    st = _clued_position()
    draws = 4000
    fast = [st.resample(0, random.Random(k)).hands for k in range(draws)]
    slow = [_shuffle_then_deal(st, 0, random.Random(-1 - k)) for k in range(draws)]
    for hands in fast:
        for p in (1, 2, 3):
            assert agrees(st, p, hands[p])
    a, b = _frequencies(fast, st), _frequencies(slow, st)
    cells = [key for key in set(a) | set(b) if a.get(key, 0) + b.get(key, 0) >= 10]
    chi2 = sum((a.get(key, 0) - b.get(key, 0)) ** 2 / (a.get(key, 0) + b.get(key, 0)) for key in cells)
    assert chi2 < len(cells) + 6 * (2 * len(cells)) ** 0.5, (chi2, len(cells))  # a two-sample chi-square test
    # The clues bite: hands often hold the one dead tile they may, and seat 3 often exactly its two stuck ones.
    assert a["dead", 1, 1] > draws / 4 and a["stuck", 3, 2] > draws / 4
