"""A simulation's move limit is enforced: a bot's move that comes after it is not played; the game's stand-in bot
plays for the seat instead (as a table's stand-in does for a person out of time), and the late move is counted."""

from __future__ import annotations

import random
import time

import pytest

from ludotheque.bots import make_bot, stand_in_bot
from ludotheque.engine import get_game
from ludotheque.engine.bots import Bot, SeatView
from ludotheque.engine.driver import MoveTimes, play_out
from ludotheque.engine.state import Action
from ludotheque.sim import simulator
from ludotheque.sim.simulator import SimConfig, play_one


class Last(Bot):
    """Plays the last legal move, after ``pause`` seconds."""

    name = "last"

    def __init__(self, seat: int, pause: float) -> None:
        super().__init__(seat, random.Random(0))
        self.pause = pause

    def choose(self, view: SeatView) -> Action:
        time.sleep(self.pause)
        return view.legal_actions[-1]


class First(Bot):
    name = "first"

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions[0]


def played(pause: float, limit: float | None, stand_ins: bool) -> tuple[list[tuple[int, Action]], MoveTimes]:
    """A 3-player Gracias game between ``Last`` bots, with ``First`` bots as stand-ins if ``stand_ins``."""
    state = get_game("gracias").new_game(3)
    history: list[tuple[int, Action]] = []
    times = MoveTimes(3, limit, [First(s, random.Random(s)) for s in range(3)] if stand_ins else ())
    play_out(state, [Last(s, pause) for s in range(3)], random.Random(5), times=times, history=history)
    assert state.is_terminal()
    return history, times


def choices(history: list[tuple[int, Action]]) -> list[tuple[int, Action]]:
    return [(seat, a) for seat, a in history if seat >= 0]


def test_a_late_move_is_not_played_the_stand_in_plays_instead() -> None:
    history, times = played(0.002, 0.0005, stand_ins=True)
    assert times.over == times.moves and sum(times.moves) > 0
    on_time, _ = played(0.0, None, stand_ins=False)
    # every late move was replaced by the stand-in's (the first legal move), never the slow bot's (the last)
    first_only = []
    state = get_game("gracias").new_game(3)
    for seat, action in history:
        if seat >= 0:
            legal = state.legal_actions()
            assert action == legal[0], (action, legal)
            first_only.append(legal[0] != legal[-1])
        state.apply_legal(action)
    assert any(first_only), "some decisions had more than one move, so the replacement shows"
    assert choices(history) != choices(on_time)


def test_without_stand_ins_the_limit_is_only_counted() -> None:
    history, times = played(0.002, 0.0005, stand_ins=False)
    assert times.over == times.moves
    state = get_game("gracias").new_game(3)
    for seat, action in history:
        if seat >= 0:
            assert action == state.legal_actions()[-1]
        state.apply_legal(action)


def test_on_time_moves_are_played_as_chosen() -> None:
    history, times = played(0.0, 60.0, stand_ins=True)
    assert times.over == [0, 0, 0]
    state = get_game("gracias").new_game(3)
    for seat, action in history:
        if seat >= 0:
            assert action == state.legal_actions()[-1]
        state.apply_legal(action)


@pytest.mark.parametrize("game", ["acquire", "gracias"])
def test_a_simulation_over_its_move_limit_has_the_stand_in_play_every_late_move(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that is always late loses every move to the stand-in (the game's heuristic): the game is the one the
    stand-ins would play, and every move is counted late."""
    assert stand_in_bot(game) == "heuristic"
    made: list[str] = []

    def slow_random(spec: str, name: str, seat: int, rng: random.Random) -> Bot:
        made.append(spec)
        bot = make_bot(spec, name, seat, rng)
        if spec != "random":
            return bot

        class Late(Bot):
            def choose(self, view: SeatView) -> Action:
                time.sleep(0.002)
                return bot.choose(view)

        return Late(seat, rng)

    monkeypatch.setattr(simulator, "make_bot", slow_random)
    config = SimConfig(game, 3, ("random", "heuristic", "heuristic"), games=1, seed=3, move_limit=0.0005)
    result = play_one(config, 0)
    assert made.count("heuristic") == 2 + 3  # two seated, and a stand-in for every seat
    late = result.seating.index("random")
    assert result.over[late] == result.moves[late] > 0
    assert result.termination
