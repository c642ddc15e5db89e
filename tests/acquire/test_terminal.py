"""Acquire's words on the terminal that the other test files do not read: while a merger is settled, the line that
tells the holder of the absorbed chain's shares what they hold agrees with how many (« 3 à vous · vendues 600
l'une », « 1 à vous · vendue 600 »), on a big screen and a small one, in French and English."""

from __future__ import annotations

import random
import re

import pytest

from ludotheque.cli.render import View
from ludotheque.engine import Match, get_game
from ludotheque.engine.words import format_int
from ludotheque.games.acquire.chains import CHAINS, DISPLAY_NAMES, PRICE
from ludotheque.games.acquire.state import AcquireState
from ludotheque.games.acquire.terminal import AcquireRenderer

GAME = get_game("acquire")
NAMES = ["Ada", "Bob", "Cy", "Dee"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("compact", [False, True])
def test_the_shares_to_dispose_of_agree_with_their_number(lang: str, compact: bool) -> None:
    match = reach_phase("dispose")
    st = match.state
    assert isinstance(st, AcquireState)
    seat = match.current_player
    for held in (1, 3):
        state = st.clone()
        merger = state.observation(seat)["merger"]
        chain = CHAINS.index(merger["current"])
        state.shares[seat][chain] = held
        view = View(GAME, state.observation(seat), seat, lang, NAMES, [])
        lines = AcquireRenderer._disposal_help(view, view.obs["merger"], compact)
        assert len(lines) == 1
        text = lines[0].plain
        price = format_int(PRICE[chain][merger["sizes"][merger["current"]]], lang)
        name = DISPLAY_NAMES[chain]
        expected = {
            ("en", True, 1): f"{name}: 1 yours · {price} if sold · 2 traded for 1 ",
            ("en", True, 3): f"{name}: 3 yours · {price} each if sold · 2 traded for 1 ",
            ("fr", True, 1): f"{name}\u00a0: 1 à vous · vendue {price} · 2 contre 1 ",
            ("fr", True, 3): f"{name}\u00a0: 3 à vous · vendues {price} l'une · 2 contre 1 ",
            ("en", False, 1): f"You have 1 {name} share: it sells for {price}, or you keep it",
            ("en", False, 3): f"Your {name} shares: 3. Each sells for {price}; two trade for one ",
            ("fr", False, 1): f"Vous avez 1 action {name}\u00a0: elle se vend {price}, ou vous la gardez",
            ("fr", False, 3): f"Vos actions {name}\u00a0: 3. Chacune se vend {price}\u00a0; deux s'échangent ",
        }[lang, compact, held]
        assert text.startswith(expected), text


def reach_phase(phase: str, players: int = 4) -> Match:
    """A game of ``players`` played at random until a seat must act in ``phase``."""
    for seed in range(60):
        match = Match(GAME, players, {}, seed)
        rng = random.Random(seed)
        while not match.is_over():
            if match.current_player < 0:
                match.draw_chance()
                continue
            if match.state.observation(match.current_player)["phase"] == phase:
                return match
            match.apply(rng.choice(match.legal_actions()))
    raise AssertionError(f"no {phase} in 60 random games")


@pytest.mark.parametrize(("lang", "place", "buy"), [
    ("en", "place this tile", r"one share for [\d,]+ \(the bank has \d+ left\)"),
    ("fr", "poser ce pion", r"une action pour [\d\u00a0]+ \(il en reste \d+ à la banque\)")])
def test_a_move_is_said_once_in_a_hint_line(lang: str, place: str, buy: str) -> None:
    """A hint (and a menu line) shows a move's words then its label (« 3H — poser ce pion »): the label says what
    the words do not, and never repeats them ("3H — place the tile 3H", "buy Luxor — buy one Luxor share")."""
    renderer = AcquireRenderer()
    for phase in ("place", "buy"):
        match = reach_phase(phase)
        seat = match.current_player
        legal = [a.text() for a in match.legal_actions()]
        view = View(GAME, match.state.observation(seat), seat, lang, NAMES, legal)
        for action in legal:
            words, label = renderer.action_words(action, lang), renderer.action_label(view, action)
            assert words not in label, (words, label)
            if phase == "place" and action not in ("pass", "stop"):
                assert label == place, (words, label)
            if phase == "buy" and words.split()[0] in ("buy", "acheter") and label.startswith(("one", "une")):
                assert re.fullmatch(buy, label), label
                assert words.split(" ", 1)[1] not in label  # the chain is in the words
        hint = f"{renderer.action_words(legal[0], lang)} — {renderer.action_label(view, legal[0])}"
        assert len(set(re.findall(r"\b\d{1,2}[A-I]\b", hint))) == len(re.findall(r"\b\d{1,2}[A-I]\b", hint)), hint
    view = View(GAME, match.state.observation(match.current_player), match.current_player, lang, NAMES, [])
    assert renderer.action_label(view, "announce") == ("the end of the game, now" if lang == "en"
                                                      else "la fin de la partie, maintenant")
