"""Random « A Vendre ! » games (random legal decisions and bids, chance from the seed), checked after every action:
money is neither made nor lost between the bank and the players (5 100 × (players + 1) in all, the bank's purse
included), every title is held once or kept by the bank, a seat out of the game holds nothing (no title, no cash, not
the bank), pawns stand on the board. The event log is checked against rules that span a turn: one roll a turn, always
a charge card after a blue or red square, an auction only for a player short of money and opening at half the price,
bids rising in steps of 10, a loan only with no business left, no honorary card after the first reshuffle, waiting and
trip bonuses only in the double game. Bounded: about 10 seconds in all."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludotheque.engine import CHANCE, Match
from ludotheque.games.a_vendre.actions import Bid
from ludotheque.games.a_vendre.state import AVendreState, half_up
from ludotheque.games.a_vendre.tables import BLUE, RED
from tests.a_vendre.support import GAME, START
from tests.log_support import turns

MAX_ACTIONS = 20_000
CONFIGS = [(2, "simple", 400), (2, "double", 300), (4, "simple", 300), (4, "double", 150), (9, "simple", 150),
           (9, "double", 60)]
"""(players, game, seeds)."""


def check_position(st: AVendreState) -> None:
    st.check_invariants()
    n = st.n
    assert sum(st.cash) + st.bank == START * (n + 1), "money made or lost"
    assert st.bank >= 0 and all(c >= 0 for c in st.cash) and all(k >= 0 for k in st.loans)
    held = [st.owner[t] for t in range(1, 44)]
    assert all(-1 <= o < n for o in held), held
    for seat in st.seats_out():
        assert seat not in held, f"seat {seat} is out but holds titles"
        assert st.cash[seat] == 0 and st.bank_owner != seat
    for seat in range(n):
        assert 0 <= st.pos[seat] <= 60
        assert not st.waiting[seat] or st.pos[seat] == 60
        if not st.double:
            assert st.trip[seat] == 1 and not st.waiting[seat]
        if st.pos[seat] == 0:
            assert st.trip[seat] == 2, "only a pawn starting its second trip stands before square 1"


def check_log(st: AVendreState, log: list[dict[str, Any]]) -> None:
    """Turn by turn (a turn runs from its ``turn`` event to the next one)."""
    t = st.t
    reshuffled = False
    for seat, evs in turns(log):
        kinds = [e["kind"] for e in evs]
        assert kinds.count("roll") <= 1, f"one roll a turn: {evs}"
        ends = "leaves" in kinds or "game_end" in kinds
        for i, e in enumerate(evs):
            if e["kind"] == "move" and e["seat"] == seat and 1 <= e["square"] < 60 \
                    and t.colour[e["square"]] in (BLUE, RED) and not ends:
                rest = evs[i + 1:]
                nxt = next((j for j, r in enumerate(rest) if r["kind"] == "move"), len(rest))
                assert any(r["kind"] == "card" for r in rest[:nxt]), f"no card after square {e['square']}: {evs}"
            if e["kind"] == "reshuffle":
                reshuffled = True
            if e["kind"] == "card" and reshuffled:
                assert e["effect"]["kind"] != "honorary", "an honorary card after the reshuffle"
            if e["kind"] == "auction" and e["what"] == "business":
                assert any(r["kind"] == "short" for r in evs[:i]), "an auction without a debt"
                assert e["amount"] == half_up(t.price[e["title"]])
                assert not t.red[e["title"]], "an establishment auctioned"
            if e["kind"] == "auction" and e["what"] == "bank":
                assert e["amount"] == 2550
            if e["kind"] == "bid":
                opening = next(r for r in reversed(evs[:i]) if r["kind"] == "auction")
                bids = [r["amount"] for r in evs[evs.index(opening) + 1:i] if r["kind"] == "bid"]
                low = bids[-1] + 10 if bids else opening["amount"] + (10 if opening["what"] == "business" else 0)
                assert e["amount"] >= low and e["amount"] % 10 == 0, (e, opening, bids)
            if e["kind"] == "loan":
                assert any(r["kind"] == "short" for r in evs[:i])
            if e["kind"] in ("waits",) or (e["kind"] == "bank_pays" and e["why"] == "trip_bonus"):
                assert st.double, f"{e} in the simple game"


class Player:
    """Random legal decisions; a bid is any amount in steps of 10 from the least one to the bidder's cash."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, st: AVendreState) -> Bid | Any:
        legal = st.legal_actions()
        if isinstance(legal[0], Bid) and self.rng.random() < 0.5:
            low = legal[0].amount
            high = st.cash[st.current_player]
            return Bid(low + 10 * self.rng.randrange((high - low) // 10 + 1))
        return self.rng.choice(legal)


def play_random(players: int, game: str, seed: int, start: dict[str, Any] | None = None) -> tuple[Match, int]:
    options = {"game": game}
    match = Match(GAME, players, options, seed=seed,
                  start=None if start is None else {"players": players, "options": GAME.resolve(players, options),
                                                    **start})
    st = match.state
    assert isinstance(st, AVendreState)
    check_position(st)
    who = Player(seed * 7 + players)
    done = 0
    while not match.is_over() and done < MAX_ACTIONS:
        if match.current_player == CHANCE:
            match.draw_chance()
        else:
            match.apply(who.choose(st))
        done += 1
        check_position(st)
    return match, done


@pytest.mark.parametrize(("players", "game", "seeds"), CONFIGS, ids=[f"{p}-{g}" for p, g, _ in CONFIGS])
def test_random_games_conserve_money_and_titles(players: int, game: str, seeds: int) -> None:
    ends: dict[str, int] = {}
    for seed in range(seeds):
        match, _ = play_random(players, game, seed)
        st = match.state
        assert isinstance(st, AVendreState)
        check_log(st, [e.to_json() for e in match.events])
        ends[st.termination or "unfinished"] = ends.get(st.termination or "unfinished", 0) + 1
        assert match.is_over(), "every random game ends (the rounds limit at the latest)"
        out = st.outcome()
        assert out.scores == tuple(st.fortune(s) for s in range(players)) and out.winners
        assert all(out.ranks[s] > out.ranks[w] for s in st.seats_out() for w in out.winners)
        if st.termination == "reached_60":
            assert game == "simple" and 60 in st.pos
    assert set(ends) <= {"reached_60", "second_trip", "last_standing", "rounds_limit"}
    assert ends.get("second_trip" if game == "double" else "reached_60", 0) > seeds // 2, ends


POOR_BANK = {2: [7500, 7600], 4: [5100, 5100, 7600, 7500], 9: [5100] * 7 + [7600, 7500]}
"""Players' cash leaving the bank 100: the bank's own auction comes soon."""


@pytest.mark.parametrize("players", [2, 4, 9])
@pytest.mark.parametrize("game", ["simple", "double"])
def test_random_games_from_a_poor_bank(players: int, game: str) -> None:
    """« Quand la banque n'a plus d'argent »: random games from a position where the bank holds 100 (each seat's turn
    about to roll from square 1, seat 0 first) keep the money and the titles sound, and sell the bank."""
    sold = 0
    for seed in range(40):
        match, _ = play_random(players, game, seed, start={"cash": POOR_BANK[players], "player": 0})
        kinds = {e.kind for e in match.events}
        sold += "bank_sold" in kinds
        check_log(match.state, [e.to_json() for e in match.events])  # type: ignore[arg-type]
    assert sold > 0


def test_random_games_reach_every_rule() -> None:
    """The random games above do play the rules tested: purchases, taxes, cards of every kind, the reshuffle, green
    squares, auctions sold and unsold, loans, seats leaving, the bank's auction, waiting on 60, second trips."""
    kinds: set[str] = set()
    whys: set[str] = set()
    effects: set[str] = set()
    for seed in range(12):
        for players, game in ((4, "double"), (9, "double"), (2, "simple")):
            match, _ = play_random(players, game, seed)
            kinds.update(e.kind for e in match.events)
            whys.update(str(e.args.get("why")) for e in match.events if e.kind in ("pay", "bank_pays"))
            effects.update(e.args["effect"]["kind"] for e in match.events if e.kind == "card")
        match, _ = play_random(4, "double", seed, start={"cash": POOR_BANK[4], "player": 0})
        kinds.update(e.kind for e in match.events)
    assert {"buy", "no_card", "card", "honorary", "green", "reshuffle", "short", "auction", "bid", "bid_pass", "sold",
            "sold_to_bank", "loan", "leaves", "bank_sold", "waits", "reached_60", "stays"} <= kinds, kinds
    assert {"tax", "income", "green", "lottery", "trip_bonus", "auction"} <= whys, whys
    assert effects == {"honorary", "lottery", "tax", "move_to", "move"}
