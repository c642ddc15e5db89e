"""Hints: the best few moves from the seat's own view, with their chances and why, in French and English, in the
terminal (``hint``/``conseil``) as in the library."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from ludotheque.bots.hints import WORDS, Hint, hints
from ludotheque.engine import get_game
from ludotheque.engine.state import CHANCE
from tests.bots.test_search import position
from tests.cli.test_play import Script, args, console, play_until_person, text_of

from ludotheque.cli.play import build_session  # isort: skip

NAMES = ("Ada", "Bob", "Cy", "Dee", "Eve", "Fay")


def test_a_hint_names_legal_moves_with_chances_and_reasons_from_the_seats_view() -> None:
    game = get_game("acquire")
    state = position("acquire", 4, 8, 40)
    seat = state.current_player
    found = hints(game, state, seat, iterations=400, seconds=None)
    legal = {a.text() for a in state.legal_actions()}
    assert 1 <= len(found) <= 3 and all(h.action in legal for h in found)
    assert all(0.0 <= h.win <= 1.0 for h in found)
    assert [h.tries for h in found] == sorted((h.tries for h in found), reverse=True)
    assert sum(h.tries for h in found) <= 400
    other = state.resample(seat, random.Random(5))  # other hidden tiles: the same hint
    assert hints(game, other, seat, iterations=400, seconds=None) == found
    for h in found:
        assert len(h.words(game, "fr", NAMES)) == len(h.words(game, "en", NAMES)) == len(h.reasons)
        assert "% chance to win" in h.line("en") and "\u00a0% de chances de gagner" in h.line("fr")


def test_a_hints_numbers_are_written_as_the_language_writes_them() -> None:
    """"1,088 simulated games" and "buys shop 9 for 8,000" in English, "1 088 parties simulées" and "8 000" in
    French (no-break spaces), whatever the game."""
    from ludotheque.bots.hints import Hint

    hint = Hint("buy", 0.36, 1088, (("buy", {"shop": 9, "price": 8000, "cash": 102000}),))
    assert hint.line("en") == "buy: 36% chance to win (1,088 simulated games)"
    assert hint.line("fr") == "buy\u00a0: 36\u00a0% de chances de gagner (1\u00a0088 parties simulées)"
    assert Hint("pass", 0.5, 1, ()).line("en").endswith("(1 simulated game)")
    lux = get_game("luxembourg-shopping")
    english, french = hint.words(lux, "en", NAMES)[0], hint.words(lux, "fr", NAMES)[0]
    assert "shop 9 for 8,000" in english and "102,000" in english, english
    assert "8\u00a0000" in french and "102\u00a0000" in french, french


def test_a_hint_for_a_forced_move_says_so_and_a_hint_is_only_for_the_seat_to_move() -> None:
    game = get_game("gracias")
    state = game.new_game(3)
    rng = random.Random(1)
    while state.current_player == CHANCE:
        state.apply_legal(state.sample_chance(rng))
    with pytest.raises(ValueError, match="a hint is for the seat to move"):
        hints(game, state, (state.current_player + 1) % 3, iterations=10)
    forced = state.clone()
    while len(forced.legal_actions()) != 1 or forced.current_player < 0:
        if forced.current_player == CHANCE:
            forced.apply_legal(forced.sample_chance(rng))
        else:
            forced.apply_legal(forced.legal_actions()[0])
    assert hints(game, forced, forced.current_player, iterations=10) == []
    assert WORDS.t("fr", "hint.none").startswith("Pas de conseil")


@pytest.mark.parametrize(("lang", "word", "expected"), [("en", "hint", "chance to win"),
                                                         ("fr", "conseil", "de chances de gagner")])
def test_the_terminal_gives_a_hint_and_the_game_goes_on_unchanged(lang: str, word: str, expected: str) -> None:
    c = console()
    session = build_session(args(lang=lang), Script([word], default=None), c)
    play_until_person(session)
    before = session.match.state.to_json()
    assert session._person_turn(session.match.current_player) is False  # the script ends after the hint
    out = text_of(c)
    assert expected in out
    assert session.match.state.to_json() == before
    narrow = Console(file=io.StringIO(), width=60, color_system=None, force_terminal=False)
    session = build_session(args(lang=lang, game="gracias", bots="medium,medium"), Script([word], default=None),
                            narrow)
    play_until_person(session)
    session._person_turn(session.match.current_player)
    lines = text_of(narrow).splitlines()
    start = next(i for i, line in enumerate(lines) if expected in line)
    block = []  # the best move's reasons, wrapped within the width, each line under its text, then the next move
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            break
        block.append(line)
    assert block and all(len(line) <= 60 for line in [lines[start], *block]), lines[start:start + 8]
    assert expected in lines[start + 1 + len(block)], lines[start:start + 8]
    assert any("Bot 1 (moyen)" in line for line in lines) if lang == "fr" else True


def test_a_hint_weighs_every_move_when_there_are_few() -> None:
    """Luxembourg-Shopping's search takes the heuristic's answer where buying is clearly right or wrong (its
    candidates leave one of buy and pass); a hint still weighs both, so the player sees how they compare."""
    game = get_game("luxembourg-shopping")
    hooks = game.search_hooks()
    rng = random.Random(0)
    state = game.new_game(2)
    while True:
        assert state.current_player != -2, "the game ended before a clear purchase"
        if state.current_player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) == 2 and len(hooks.candidates(state.resample(state.current_player, rng), legal)) == 1:
            break
        state.apply_legal(legal[int(rng.random() * len(legal))])
    found = hints(game, state, state.current_player, iterations=200, seconds=None)
    assert sorted(h.action for h in found) == sorted(a.text() for a in legal)
    assert all(h.tries > 0 for h in found) and sum(h.tries for h in found) == 200


def test_a_hints_chances_are_fair_ones_at_a_fair_start() -> None:
    """At the start of a 3-player Acquire game every seat's chance is about a third. The search bot's own rollouts
    play the searching seat with the game's quick policy and the others as the heuristic does, which puts every
    move near 25 %; a hint lets the heuristic play every seat in its rollouts, so the chances it shows are fair
    ones (here 28–35 %)."""
    game = get_game("acquire")
    shown = []
    for seed in range(4):
        state = game.new_game(3)
        rng = random.Random(seed)
        while state.current_player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
        shown += [h.win for h in hints(game, state, state.current_player, iterations=300, seconds=None)]
    mean = sum(shown) / len(shown)
    assert 0.28 <= mean <= 0.39, (mean, shown)


def test_a_hint_by_the_clock_rests_on_enough_simulated_games() -> None:
    """A busy server or a slow game gives a hint few iterations in its half second: it goes on to
    ``HINT_MIN_ITERATIONS`` (within ``HINT_MAX_SECONDS``), so that its chances are not a handful of games' luck."""
    from ludotheque.bots.hints import HINT_MIN_ITERATIONS

    game = get_game("gracias")
    state = game.new_game(3)
    rng = random.Random(2)
    while state.current_player == CHANCE:
        state.apply_legal(state.sample_chance(rng))
    assert len(state.legal_actions()) == 3  # a trio each: every move tried is shown
    found = hints(game, state, state.current_player, seconds=0.0001)
    assert sum(h.tries for h in found) >= HINT_MIN_ITERATIONS


def test_among_many_moves_each_move_shown_rests_on_enough_games_and_the_best_chance_comes_first() -> None:
    """An Acquire merger's disposal has dozens of legal moves sharing the hint's search: the few shown are each
    weighed again by a search of their own (``HINT_MIN_TRIES``) and listed by their chance, the best first."""
    from ludotheque.bots.hints import HINT_MIN_TRIES
    from ludotheque.engine.bots import RandomBot, SeatView

    game = get_game("acquire")
    rng = random.Random(5)
    for _ in range(40):  # random play until a seat has many moves at once (a disposal: sell, trade, keep)
        state = game.new_game(3)  # the generator goes on: another game each time
        bots = [RandomBot(s, rng) for s in range(3)]
        while not state.is_terminal() and len(state.legal_actions()) < 30:
            seat = state.current_player
            state.apply_legal(state.sample_chance(rng) if seat == CHANCE
                              else bots[seat].choose(SeatView(state, seat, state.legal_actions())))
        if not state.is_terminal():
            break
    legal = state.legal_actions()
    assert len(legal) >= 30
    found = hints(game, state, state.current_player, iterations=60, seconds=None)
    assert len(found) == 3 and all(h.tries >= HINT_MIN_TRIES for h in found)
    assert [h.win for h in found] == sorted((h.win for h in found), reverse=True)
    assert {h.action for h in found} <= {a.text() for a in legal}
    assert found == hints(game, state, state.current_player, iterations=60, seconds=None)  # by iterations: the same


@pytest.mark.parametrize(("win", "percent"), [(0.345, 35), (0.335, 34), (0.3449, 34), (0.0, 0), (1.0, 100), (0.005, 1)])
def test_a_chance_is_shown_in_whole_percent_with_halves_rounded_up_in_the_terminal_and_to_the_browser(
        win: float, percent: int) -> None:
    """Python's ``round`` sends halves to the even number (34.5 -> 34) where the browser's ``Math.round`` goes up (35):
    the figure is rounded once, here, and the browser shows the ``percent`` it is sent."""
    game = get_game("acquire")
    hint = Hint("done", win, 100, ())
    assert hint.percent == percent
    assert hint.to_json(game, NAMES[:4])["percent"] == percent
    assert hint.line("en").startswith(f"done: {percent}% chance to win"), hint.line("en")
    assert hint.line("fr").startswith(f"done\u00a0: {percent}\u00a0%"), hint.line("fr")
