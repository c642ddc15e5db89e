"""The Luxembourg-Shopping ``heuristic`` bot: always legal, clearly better than random, deterministic, quick, and
sensible at decisions that are easy to check by hand (selling when short, a gallery within its reserve, a winning
merge, buying, signs)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from ludotheque.bots import make_bot
from ludotheque.engine import Bot, RandomBot, SeatView, play_out
from ludotheque.engine.state import Action
from ludotheque.games.luxembourg_shopping import GAME, LuxembourgState
from ludotheque.games.luxembourg_shopping.heuristic import HeuristicBot, Model
from ludotheque.games.luxembourg_shopping.tables import load_tables
from ludotheque.sim import SimConfig, simulate
from tests.bots.support import decisions, play_game

GAME_SQUARE = load_tables({}).square_of
"""Per shop: its square on the shipped board."""


def _new(players: int, options: dict[str, Any] | None = None) -> LuxembourgState:
    state = GAME.new_game(players, options or {})
    assert isinstance(state, LuxembourgState)
    return state


def _position(data: dict[str, Any]) -> LuxembourgState:
    state = GAME.state_from_json({"game": "luxembourg-shopping", **data})
    assert isinstance(state, LuxembourgState)
    return state


def _choose(state: LuxembourgState, seat: int = 0) -> Action:
    assert state.current_player == seat
    return HeuristicBot(seat, random.Random(0)).choose(SeatView(state, seat, state.legal_actions()))


def _texts(state: LuxembourgState) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def test_registered() -> None:
    bot = make_bot("heuristic", "luxembourg-shopping", 3, random.Random(0))
    assert isinstance(bot, HeuristicBot) and bot.seat == 3


@pytest.mark.parametrize("players", [2, 4, 6])
def test_always_legal(players: int) -> None:
    """Heuristic bots alone, and heuristic bots (even seats) against random ones: every choice is legal (``decisions``
    checks it), every kind of decision comes up, and every game ends with its money accounted for."""
    kinds: set[str] = set()
    for seed in range(12):
        bots: list[Bot] = [HeuristicBot(s, random.Random(seed * 31 + s)) if seed % 2 == 0 or s % 2 == 0
                           else RandomBot(s, random.Random(seed * 31 + s)) for s in range(players)]
        state = _new(players)
        for st, bot, legal in decisions(state, bots, random.Random(seed)):
            if isinstance(bot, HeuristicBot) and len(legal) > 1:
                kinds.add(str(st.to_json()["queue"][0][0]))
        state.check_invariants()
        assert state.is_terminal()
    assert {"buy", "gallery", "sell"} <= kinds


def _win_rate(players: int, games: int) -> float:
    """The heuristic bot's win rate against random bots, seats rotated (the simulator's own measure)."""
    config = SimConfig("luxembourg-shopping", players, ("heuristic",) + ("random",) * (players - 1), {}, games,
                       seed=1)
    return next(b.win_rate for b in simulate(config).by_bot() if b.bot == "heuristic")


def test_beats_random() -> None:
    # Measured with `ludo simulate luxembourg-shopping --players 4 --bots heuristic,random,random,random --games 200
    # --seed 1`: 0.465 (fair share 0.25; 0.468 over 2,000 games); with 2 players 0.83 (fair 0.5), with 6 players 0.26
    # (fair 0.167). The game is mostly luck (dice, cards, the deal); these bounds leave room for the noise of fewer
    # games (about 2 standard deviations below the measured rates).
    assert _win_rate(4, 60) > 0.32
    assert _win_rate(2, 40) > 0.62


def test_deterministic() -> None:
    def game() -> tuple[list[str], tuple[int, ...]]:
        bots = [HeuristicBot(s, random.Random(s)) for s in range(4)]
        return play_game(_new(4), bots, random.Random(3))

    assert game() == game()


def test_quick_and_games_end_without_a_rounds_limit() -> None:
    """Four heuristic bots play a game in well under a second, and their games end by the rulebook's own ways (I)
    with no rounds limit."""
    start = time.perf_counter()
    for seed in range(10):
        state = _new(4, {"rounds": 0})
        play_out(state, [HeuristicBot(s, random.Random(s)) for s in range(4)], random.Random(seed))
        assert state.outcome().termination in ("signs", "gallery", "last_standing")
        assert state.round < 2000
    assert (time.perf_counter() - start) / 10 < 0.5


# --- G. selling when short ---------------------------------------------------------------------------------------

def test_sells_the_cheap_shop_then_pays() -> None:
    """5,000 to pay with 1,000: shop 3 (orange, 4,000 when sold) is enough and 40 (green) is worth more: sell 3,
    then pay at once."""
    state = _position({"players": 2, "owners": {"3": 0, "40": 0}, "cash": [1000, 100000], "player": 0,
                       "queue": [["sell", 0, 1, 5000, "bill"], ["end_turn"]]})
    assert _texts(state) == ["sell 3", "sell 40"]
    assert _choose(state).text() == "sell 3"
    state.apply(_choose(state))
    assert _texts(state) == ["sell 40", "pay"]
    assert _choose(state).text() == "pay"


SHORT = {"players": 4, "owners": {"3": 0, "26": 0, "25": 0, "41": 0, "42": 0, "43": 0, "10": 1, "30": 2},
         "signs": [25], "galleries": [[41, 42, 43]], "cash": [0, 100000, 100000, 100000], "player": 1,
         "queue": [["sell", 0, 1, 10000, "bill"], ["end_turn"]]}
"""Seat 0 owes seat 1 10,000 with no cash: a loose orange (3), a loose yellow (26), a signed yellow (25) and a
gallery of three greens (41, 42, 43)."""


def test_sells_loose_unsigned_shops_before_signs_and_galleries() -> None:
    state = _position(SHORT)
    sold = []
    while state.current_player == 0:
        action = _choose(state)
        if action.text() == "pay":
            break
        sold.append(action.text())
        state.apply(action)
    assert sold == ["sell 3", "sell 26"]  # 4,000 + 8,000: the sign and the gallery stay
    assert state.galleries == [[41, 42, 43]] and state.sign[25]


def test_breaks_a_gallery_only_when_loose_shops_cannot_pay() -> None:
    """40,000 owed: the loose shops bring 20,000 at most, so a gallery shop must go; the gallery is dissolved by the
    first sale and its shops then count as loose ones."""
    state = _position({**SHORT, "queue": [["sell", 0, 1, 40000, "bill"], ["end_turn"]]})
    first = _choose(state)
    assert first.text() in ("sell 41", "sell 42", "sell 43")
    state.apply(first)
    while state.current_player == 0 and _choose(state).text() != "pay":
        state.apply(_choose(state))
    assert _choose(state).text() == "pay"
    assert state.cash[0] >= 40000


# --- E, F. galleries ---------------------------------------------------------------------------------------------

def _gallery_position(cash: int, **more: Any) -> LuxembourgState:
    """Seat 0 stands on its shop 3 (square 3) and owns 5, 7 and 56 too; seat 1 has a gallery of three greens (a
    30,000 fee)."""
    return _position({**more, "players": 4, "owners": {"3": 0, "5": 0, "7": 0, "56": 0, "50": 1, "51": 1, "52": 1},
                      "galleries": [[50, 51, 52]], "cash": [cash, 100000, 100000, 100000], "player": 0,
                      "pos": [3, 0, 0, 0], "dice": [1, 2], "queue": [["gallery"], ["mail", "odd"], ["end_turn"]]})


def test_creates_a_gallery_it_can_afford_with_its_reserve() -> None:
    state = _gallery_position(60000)
    assert "gallery 5 7" in _texts(state)
    choice = _choose(state)
    assert choice.text().startswith("gallery")


def test_no_gallery_that_leaves_too_little_cash() -> None:
    """A gallery of three oranges costs 9,000: with 11,000 it is legal, but 2,000 left is below the bot's reserve
    against a 30,000 fee."""
    state = _gallery_position(11000)
    assert "gallery 5 7" in _texts(state)
    model = Model(state, 0, HeuristicBot(0, random.Random(0)))
    assert model.reserve * HeuristicBot.GALLERY_RESERVE > 2000
    assert _choose(state).text() == "pass"


def test_last_round_of_a_rounds_limit_makes_the_gallery_anyway() -> None:
    """A game stopped by its rounds limit is ranked by signs, then the largest gallery, then the galleries (I): on the
    last round the same gallery is made."""
    state = _gallery_position(11000, options={"rounds": 10}, round=10)
    assert _choose(state).text().startswith("gallery")


def test_a_merge_that_wins_is_made_whatever_the_reserve() -> None:
    """I.2 with 4 players: 12 shops. Seat 0 stands on shop 10 (square 11) of a gallery of three and has one of nine:
    the merge costs all its cash, and wins."""
    state = _position({"players": 4, "owners": {str(s): 0 for s in range(1, 13)} | {"50": 1, "51": 1, "52": 1},
                       "galleries": [list(range(1, 10)), [10, 11, 12], [50, 51, 52]],
                       "cash": [36000, 100000, 100000, 100000], "player": 0, "pos": [GAME_SQUARE[10], 0, 0, 0],
                       "queue": [["gallery"], ["end_turn"]]})
    assert _texts(state) == ["merge 1", "pass"]
    state.apply(_choose(state))
    assert state.is_terminal() and state.winner == 0 and state.termination == "gallery"


# --- B3. buying --------------------------------------------------------------------------------------------------

def _buy_position(cash: int, shop: int) -> LuxembourgState:
    return _position({"players": 4, "owners": {"50": 1, "51": 1, "52": 1}, "galleries": [[50, 51, 52]],
                      "cash": [cash, 100000, 100000, 100000], "player": 0, "pos": [GAME_SQUARE[shop], 0, 0, 0],
                      "dice": [1, 2], "queue": [["buy"], ["mail", "odd"], ["end_turn"]]})


def test_buys_within_its_reserve() -> None:
    assert _choose(_buy_position(100000, 3)).text() == "buy"
    assert _choose(_buy_position(100000, 45)).text() == "buy"
    assert _choose(_buy_position(9000, 3)).text() == "pass"  # 1,000 left against a 30,000 fee
    assert _choose(_buy_position(40000, 45)).text() == "pass"  # a green keeps more cash in hand


# --- H. signs ----------------------------------------------------------------------------------------------------

SIGNS = {"players": 4, "owners": {"3": 0, "20": 0, "41": 0, "42": 0, "43": 0}, "galleries": [[41, 42, 43]],
         "cash": [50000, 100000, 100000, 100000], "player": 0}


def test_gains_its_sign_in_the_gallery() -> None:
    """A sign is worth most where it lasts: in the gallery (sold last), on a shop the bankruptcy procedure (D) seldom
    takes (42 or 43: only the drawn numbers 42 and 43 take them)."""
    state = _position({**SIGNS, "queue": [["gain_sign"], ["end_turn"]]})
    assert _texts(state) == ["sign 3", "sign 20", "sign 41", "sign 42", "sign 43"]
    assert _choose(state).text() in ("sign 42", "sign 43")


def test_loses_its_least_valuable_sign() -> None:
    state = _position({**SIGNS, "signs": [3, 42], "queue": [["lose_sign"], ["end_turn"]]})
    assert _texts(state) == ["unsign 3", "unsign 42"]
    assert _choose(state).text() == "unsign 3"
