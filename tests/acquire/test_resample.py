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
from ludotheque.games.acquire.placement import DEAD, PLAYABLE

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
