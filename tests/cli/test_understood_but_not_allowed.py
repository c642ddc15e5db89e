"""A move the game reads but no position allows is refused as "Not allowed" (« Interdit »), quoting what was typed,
not as "I don't understand": more shares than one holds in an Acquire merger, a bid that is not a multiple of 10 in
« A Vendre ! »; and an amount typed as the screen writes it (« 1 000 ») is read."""

from __future__ import annotations

import argparse
import io
import random

import pytest
from rich.console import Console

from ludotheque.cli.play import build_session
from ludotheque.engine import IllegalActionError, get_game
from ludotheque.engine.bots import RandomBot, SeatView
from ludotheque.engine.state import CHANCE, State
from ludotheque.games.a_vendre.actions import Bid, parse_action
from tests.cli.test_play import Script, text_of


def test_an_amount_with_its_thousands_apart_is_read() -> None:
    assert parse_action("bid 1 000") == Bid(1000) == parse_action("mise 1\u00a0000") == parse_action("mise 1000")
    assert parse_action("mise 12 340") == Bid(12340)
    with pytest.raises(IllegalActionError, match="steps of 10"):
        parse_action("mise 1 005")


def until(state: State, wanted: str, rng: random.Random) -> State:
    """Random play until the seat to move may make a move whose text starts with ``wanted``."""
    bots = [RandomBot(s, rng) for s in range(state.num_players)]
    while not any(a.text().startswith(wanted) for a in (state.legal_actions() if state.current_player >= 0 else [])):
        assert not state.is_terminal()
        seat = state.current_player
        state.apply_legal(state.sample_chance(rng) if seat == CHANCE
                          else bots[seat].choose(SeatView(state, seat, state.legal_actions())))
    return state


def test_more_shares_than_one_holds_is_not_allowed_not_misunderstood() -> None:
    game = get_game("acquire")
    rng = random.Random(3)
    for _ in range(30):  # games until a merger's disposal
        state = game.new_game(3)
        try:
            state = until(state, "sell", rng)
            break
        except AssertionError:
            continue
    with pytest.raises(IllegalActionError, match="'sell 99': you hold"):
        state.parse_action("sell 99")


@pytest.mark.parametrize(("lang", "said"), [("en", "Not allowed: “bid 455”: bids go in steps of 10"),
                                            ("fr", "Interdit : « mise 455 » : les offres vont par pas de 10")])
def test_a_bid_off_the_steps_is_refused_as_not_allowed_quoting_what_was_typed(lang: str, said: str) -> None:
    out = io.StringIO()
    args = argparse.Namespace(game="a-vendre", players=3, option=["game=double"], bots="random,random", seed=4,
                              names="Ada", load=None, lang=lang)
    session = build_session(args, Script([], default=None), Console(file=out, width=120, color_system=None))
    for _ in range(400):  # the person answers 1 until an auction asks them for a bid
        session.table.advance()
        if any(a.text().startswith("bid") for a in session.match.legal_actions()):
            break
        session.input_fn = Script(["1"], default=None)
        session._person_turn(session.match.current_player)
    else:
        pytest.fail("no auction for the person in this game")
    before = session.match.state.to_json()
    session.input_fn = Script(["mise 455" if lang == "fr" else "bid 455"], default=None)
    assert session._person_turn(session.match.current_player) is False
    text = " ".join(text_of(session.console).replace("\u00a0", " ").split())
    assert said in text and "understand" not in text.split(said)[-1] and "comprends" not in text.split(said)[-1]
    assert session.match.state.to_json() == before
