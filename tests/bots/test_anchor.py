"""A search anchored on a game's own bot (``SearchHooks.anchor``): it plays the anchor's move unless its own
favourite is better by ``trust`` standard errors; ``trust=0`` and ``easy`` (a temperature) search alone."""

from __future__ import annotations

import random

import pytest

from ludotheque.bots import check_bot, make_bot
from ludotheque.bots.search import Estimate, SearchBot, anchored
from ludotheque.engine import get_game
from ludotheque.engine.bots import SeatView
from ludotheque.engine.errors import OptionError
from ludotheque.engine.game import all_games
from ludotheque.games.stack_market.actions import Aim
from ludotheque.games.stack_market.heuristic import HeuristicBot
from tests.bots.test_search import position

A, B, C = Aim(0, 0, 0), Aim(10, 0, 0), Aim(20, 0, 0)


def test_the_anchors_move_is_kept_when_the_favourite_is_not_clearly_better() -> None:
    # 0.55 vs 0.50 on 200 and 100 tries: a standard error of about 0.061, the difference 0.05
    estimates = [Estimate(B, 0.55, 200), Estimate(A, 0.50, 100), Estimate(C, 0.2, 10)]
    assert anchored(estimates, A, 1.0) == A
    assert anchored(estimates, A, 0.5) == B  # 0.05 > 0.5 × 0.061
    assert anchored(estimates, C, 1.0) == B  # 0.35 apart: clearly better
    assert anchored([Estimate(A, 0.4, 300), Estimate(B, 0.6, 3)], A, 1.0) == A  # the favourite is the anchor's


def test_an_untried_anchor_move_leaves_the_choice_to_the_search() -> None:
    assert anchored([Estimate(B, 0.5, 10)], A, 1.0) is None
    assert anchored([], A, 1.0) is None


def test_stack_markets_search_is_anchored_on_its_heuristic_unless_told_otherwise() -> None:
    game = get_game("stack-market")
    assert game.search_hooks().anchor == "heuristic"
    rng = random.Random(1)
    assert isinstance(SearchBot(0, rng, game=game).anchor, HeuristicBot)
    assert make_bot("mcts:trust=0", "stack-market", 0, rng).anchor is None  # type: ignore[attr-defined]
    assert make_bot("easy", "stack-market", 0, rng).anchor is None  # type: ignore[attr-defined]
    assert make_bot("mcts", "acquire", 0, rng).anchor is None  # type: ignore[attr-defined]


def test_every_games_anchor_is_one_of_its_bots() -> None:
    for game in all_games():
        anchor = game.search_hooks().anchor
        assert anchor is None or anchor in game.bots(), (game.info.name, anchor)


@pytest.mark.parametrize("spec", ["mcts:trust=-1", "mcts:trust=much"])
def test_a_wrong_trust_is_refused(spec: str) -> None:
    with pytest.raises(OptionError, match="trust"):
        check_bot(spec, "stack-market")


def test_with_a_huge_trust_the_search_plays_as_its_anchor() -> None:
    """Trust nothing the search finds: every move is the heuristic's own (its move always has a branch at the
    root)."""
    state = position("stack-market", 3, 2, 4)
    anchored_bot = make_bot("mcts:iterations=30:trust=1000000", "stack-market", 1, random.Random(5))
    heuristic = HeuristicBot(1, random.Random(5))
    rng = random.Random(9)
    compared = 0
    while not state.is_terminal() and compared < 25:
        p = state.current_player
        if p < 0:
            state.apply_legal(state.sample_chance(rng))
            continue
        view = SeatView(state, p, state.legal_actions())
        if p == 1:
            move = anchored_bot.choose(view)
            assert move == heuristic.choose(SeatView(state, p, state.legal_actions()))
            compared += 1
        else:
            move = HeuristicBot(p, random.Random(p)).choose(view)
        state.apply_legal(move)
    assert compared >= 10
