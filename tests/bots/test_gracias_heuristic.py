"""The Gracias ``heuristic`` bot: always legal, clearly better than random, blind to what its seat cannot
see, deterministic, and sensible at the last pick of a round, where everything it needs is known."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from ludotheque.bots import make_bot
from ludotheque.engine import Bot, RandomBot, SeatView, play_out
from ludotheque.engine.state import Action
from ludotheque.games.gracias import GAME, GraciasState
from ludotheque.games.gracias.heuristic import HeuristicBot
from ludotheque.sim import SimConfig, simulate
from tests.bots.support import assert_blind, decisions, play_game


def _new(players: int, options: dict[str, Any] | None = None) -> GraciasState:
    state = GAME.new_game(players, options or {})
    assert isinstance(state, GraciasState)
    return state


def _mixed(players: int) -> Callable[[int], list[Bot]]:
    """Heuristic bots on even seats, random bots on odd ones."""
    return lambda seed: [HeuristicBot(s, random.Random(seed * 31 + s)) if s % 2 == 0
                         else RandomBot(s, random.Random(seed * 31 + s)) for s in range(players)]


def _decisions(players: int, options: dict[str, Any], seed: int,
               bots: Callable[[int], list[Bot]]) -> Iterator[tuple[GraciasState, Bot, list[Action]]]:
    """Every decision point of a game (state, bot to move, legal actions), before it is played."""
    for state, bot, legal in decisions(_new(players, options), bots(seed), random.Random(seed)):
        assert isinstance(state, GraciasState)
        yield state, bot, legal


def test_registered() -> None:
    bot = make_bot("heuristic", "gracias", 2, random.Random(0))
    assert isinstance(bot, HeuristicBot) and bot.seat == 2


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("packets", ["one", "many"])
def test_always_legal(players: int, packets: str) -> None:
    for seed in range(3):
        state = _new(players, {"packets": packets})
        bots = [HeuristicBot(s, random.Random(seed * 10 + s)) for s in range(players)] if seed == 0 \
            else _mixed(players)(seed)
        play_out(state, bots, random.Random(seed))  # raises on an illegal choice
        state.check_invariants()
        assert state.is_terminal()


def _win_rate(players: int, games: int, options: dict[str, Any] | None = None) -> float:
    """The heuristic bot's win rate against random bots, seats rotated (the simulator's own measure)."""
    config = SimConfig("gracias", players, ("heuristic",) + ("random",) * (players - 1), options or {}, games, seed=1)
    return next(b.win_rate for b in simulate(config).by_bot() if b.bot == "heuristic")


def test_beats_random() -> None:
    # Measured with `ludo simulate`, 200 games, seats rotated: 0.73 with 3 players, 0.67 with 4, 0.68 with 6 (fair
    # shares 0.33, 0.25, 0.17). These bounds leave room for the noise of fewer games.
    assert _win_rate(3, 60) > 0.5
    assert _win_rate(4, 60) > 0.4
    assert _win_rate(6, 30) > 0.3
    assert _win_rate(4, 40, {"packets": "many"}) > 0.35


@pytest.mark.parametrize(("players", "packets"), [(3, "one"), (4, "many"), (6, "one")])
def test_blind_to_hidden_information(players: int, packets: str) -> None:
    """Choosing from the true position or from one re-dealt from its own seat's view gives the same action."""
    checked = 0
    for seed in range(2):
        for n, (state, bot, _legal) in enumerate(_decisions(players, {"packets": packets}, seed, _mixed(players))):
            if not isinstance(bot, HeuristicBot):
                continue
            seat = bot.seat
            assert_blind(state, seat, HeuristicBot, n)
            checked += 1
    assert checked > 40


def test_deterministic() -> None:
    def game() -> tuple[list[str], tuple[int, ...]]:
        bots = [HeuristicBot(s, random.Random(s)) for s in range(4)]
        return play_game(_new(4), bots, random.Random(3))

    assert game() == game()


LAST_PICK = {
    "game": "gracias", "players": 3, "round": 2, "tour": 4, "grand_opener": 1, "opener": 1, "taken": 2, "to_move": 0,
    "scores": [[3], [3], [3]],
    "open": [{"green": 1, "yellow": 1, "blue": 2}, {"green": 3, "yellow": 2, "red": 1},
             {"yellow": 3, "green": 2, "purple": 1}],
    "trios": [None, None, ["green", "yellow", "orange"]],
}
"""Round 2 (grand ouvreur seat 1), turn 4 opened by seat 1 (1 + 3 = 4 ≡ 1), seats 1 and 2 have chosen: seat 0 picks
last, and only trio C (open green and yellow, face-down orange) is left."""


def test_gift_makes_an_opponent_tie_the_majority() -> None:
    """Last pick of a round: seat 0 takes the only trio left, then, knowing its face-down card, gives yellow to
    seat 1 (or green to seat 2), which ties it with the majority holder, so it loses those cards too; every other
    split costs the opponents less."""
    for s in range(5):
        state = GAME.state_from_json(LAST_PICK)
        legal = state.legal_actions()
        assert [a.text() for a in legal] == ["take C"]
        take = HeuristicBot(0, random.Random(s)).choose(SeatView(state, 0, legal))
        assert take.text() == "take C"
        state.apply(take)
        legal = state.legal_actions()
        assert [a.text() for a in legal] == ["keep yellow give 1", "keep yellow give 2",
                                             "keep green give 1", "keep green give 2"]  # colour order
        choice = HeuristicBot(0, random.Random(s)).choose(SeatView(state, 0, legal))
        assert choice.text() in ("keep green give 1", "keep yellow give 2"), choice.text()


def test_splits_a_hand_written_keep_position() -> None:
    """The same last pick written by hand in phase ``keep`` (trio C chosen, its face-down orange in seat 0's hand):
    the bot reads the chosen trio from its observation and makes the same split."""
    position = {**LAST_PICK, "phase": "keep", "chosen": "C", "hidden": [{"orange": 1}, {}, {}],
                "trios": [None, None, ["green", "yellow", None]]}
    for s in range(5):
        state = GAME.state_from_json(position)
        choice = HeuristicBot(0, random.Random(s)).choose(SeatView(state, 0, state.legal_actions()))
        assert choice.text() in ("keep green give 1", "keep yellow give 2"), choice.text()


def test_blind_test_covers_both_steps() -> None:
    """The heuristic decides twice per choice: which trio to take (face-down card unseen), then how to split it
    (face-down card in hand); the blindness test above meets both kinds of decision."""
    kinds = set()
    for state, bot, legal in _decisions(3, {}, 0, _mixed(3)):
        if isinstance(bot, HeuristicBot) and len(legal) > 1:
            kinds.add(state.to_json()["phase"])
    assert kinds == {"choose", "keep"}
