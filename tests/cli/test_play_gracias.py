"""``ludo play gracias``, driven by scripted input: a whole game, French, and no other seat's face-down cards."""

from __future__ import annotations

import argparse
import io
import random
import re

import pytest
from rich.console import Console

from ludotheque.cli.play import build_session, run_play
from ludotheque.cli.render import View, get_renderer
from ludotheque.engine import CHANCE, get_game
from ludotheque.games.gracias import GraciasState
from ludotheque.games.gracias.terminal import GraciasRenderer
from tests.cli.terminal_support import scripted


def args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {"game": "gracias", "players": 4, "option": [], "bots": "heuristic,random,heuristic",
                               "seed": 2, "names": "Ada", "load": None, "lang": "en"}
    base.update(kw)
    return argparse.Namespace(**base)


def console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)


def text_of(c: Console) -> str:
    assert isinstance(c.file, io.StringIO)
    return c.file.getvalue()


class Script:
    """Answers prompts from a list, then "1"; fails if the game does not end."""

    def __init__(self, answers: list[str], limit: int = 500) -> None:
        self.answers = list(answers)
        self.count = 0
        self.limit = limit

    def __call__(self, prompt: str) -> str:
        self.count += 1
        assert self.count < self.limit, "the game does not end"
        return self.answers.pop(0) if self.answers else "1"


def render(state: GraciasState, seat: int | None, lang: str = "en") -> str:
    game = get_game("gracias")
    legal = [a.text() for a in state.legal_actions()] if state.current_player == seat else []
    view = View(game, state.observation(seat), seat, lang, [f"P{i}" for i in range(state.num_players)], legal)
    renderer = GraciasRenderer()
    c = Console(file=io.StringIO(), width=120, color_system="truecolor", force_terminal=True)
    for part in renderer.screen(view):
        c.print(part)
    for text in legal:
        c.print(renderer.action_label(view, text))
    return text_of(c)


def test_registered() -> None:
    assert isinstance(get_renderer(get_game("gracias")), GraciasRenderer)


def test_a_whole_game_against_bots_ends() -> None:
    c = console()
    assert run_play(args(), Script(["rules", "help", "log"]), c) == 0
    out = text_of(c)
    assert "The game so far" in out  # the log command
    # The scoring of every round stops the game until the person has read it (round 3's before the final screen).
    assert out.count("End of the round: the scoring") == 3
    assert "Round 1: Ada scores" in out and "Round 3: Ada scores" in out and "turns up the face-down cards" in out
    assert "Round 1/3 — turn 1/4" in out and "Grand opener: Ada" in out
    assert "Trios on the table" in out and "Your face-down cards:" in out
    assert "trio A (" in out and "then a look at its face-down card" in out  # the choices described
    assert "keep " in out and ", give " in out  # then the split of the chosen trio
    assert "Gracias, in short" in out and "keep red give 2" in out  # rules, help
    assert "Round 3/3" in out and "Final ranking" in out and "three rounds have been played" in out


def test_three_players_get_every_choice_described() -> None:
    c = console()
    run_play(args(players=3, bots="heuristic,random"), Script([]), c)
    out = text_of(c)
    assert "trio A (" in out or "trio B (" in out or "trio C (" in out
    assert ", give " in out and " to Bot " in out


def test_french() -> None:
    c = console()
    run_play(args(lang="fr", names=""), Script(["aide", "regles"]), c)
    out = text_of(c)
    assert "Manche 1/3 — tour 1/4" in out and "Grand ouvreur" in out and "Vos cartes cachées" in out
    assert "Gracias, en bref" in out and "garder rouge donner 2" in out and "prendre B" in out
    assert "les trois manches ont été jouées" in out
    assert "Your face-down cards" not in out and "Round 1/3" not in out


@pytest.mark.parametrize(("players", "packets"), [(3, "one"), (4, "many"), (6, "one")])
def test_screens_show_nothing_a_seat_may_not_see(players: int, packets: str) -> None:
    """At every decision, each seat's screen is the same for the true position and for one where what it
    cannot see (others' face-down cards, the trios' face-down cards, the pile) is re-dealt."""
    game = get_game("gracias")
    state = game.new_game(players, {"packets": packets})
    assert isinstance(state, GraciasState)
    rng = random.Random(players)
    checked = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if rng.random() < 0.5 / players:
            for seat in range(players):
                resampled = state.resample(seat, random.Random(checked))
                assert render(state, seat) == render(resampled, seat)
            checked += 1
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 3
    assert render(state, None) == render(state, 0)  # the end: scores only, the same for everyone


def test_own_face_down_cards_are_shown_to_their_owner_only() -> None:
    state = get_game("gracias").state_from_json({
        "game": "gracias", "players": 3, "opener": 0, "taken": 1, "to_move": 1, "phase": "keep", "chosen": "B",
        "open": [{"red": 2}, {"blue": 1}, {"green": 1}], "hidden": [{"purple": 1}, {"orange": 1, "blue": 1}, {}],
        "trios": [None, ["red", "yellow", None], ["green", "green", "yellow"]],
    })
    assert isinstance(state, GraciasState)
    mine = render(state, 0)
    theirs = render(state, 1)
    assert "1 × purple" in mine and "purple" not in theirs.split("Your face-down cards:")[1]
    assert "1 × orange" in theirs and "1 × orange" not in mine
    assert "keep the red card, give the yellow card to P0" in theirs


def test_session_builds_with_the_gracias_renderer() -> None:
    session = build_session(args(), Script([]), console())
    assert isinstance(session.renderer, GraciasRenderer)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_actions_are_shown_in_the_players_words_and_read_back(lang: str) -> None:
    renderer = GraciasRenderer()
    state = get_game("gracias").new_game(4)
    assert isinstance(state, GraciasState)
    rng = random.Random(4)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        for action in legal:
            shown = renderer.action_words(action.text(), lang)
            assert state.parse_action(shown) == action, (action.text(), shown)
            if lang == "fr":
                assert shown.split()[0] in ("prendre", "garder") and "give" not in shown
        state.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "“Z” is not a trio on the table; the trios are A to D"),
    ("fr", "« Z » n'est pas un trio sur la table ; les trios vont de A à D"),
])
def test_a_wrong_trio_letter_names_the_trios_of_this_table(lang: str, message: str) -> None:
    c = console()
    session = build_session(args(lang=lang), Script([]), c)
    m = session.match
    session.table.advance()
    session.input_fn = scripted(["take Z", "prend E" if lang == "fr" else "take E"])
    assert session._person_turn(m.current_player) is False
    out = " ".join(text_of(c).split())
    assert message in out
    assert out.count("A to D" if lang == "en" else "A à D") >= 2 and "A to F" not in out and "A à F" not in out


def test_labels_agree_with_the_card_in_french() -> None:
    state = get_game("gracias").state_from_json({
        "game": "gracias", "players": 3, "opener": 0, "taken": 1, "to_move": 1, "phase": "keep", "chosen": "B",
        "open": [{"red": 2}, {"blue": 1}, {"green": 1}], "hidden": [{"purple": 1}, {"orange": 1, "blue": 1}, {}],
        "trios": [None, ["green", "yellow", None], ["green", "green", "yellow"]],
    })
    assert isinstance(state, GraciasState)
    screen = re.sub(r"\x1b\[[0-9;]*m", "", render(state, 1, "fr"))
    assert "garder la carte verte, donner la carte jaune à P0" in screen
    assert "garder verte" not in screen and "garder la verte" not in screen
    state = get_game("gracias").state_from_json({
        "game": "gracias", "players": 3, "opener": 0, "taken": 0, "to_move": 0, "phase": "choose",
        "open": [{}, {}, {}], "hidden": [{}, {}, {}],
        "trios": [["green", "yellow", "red"], ["green", "green", "yellow"], ["blue", "purple", "red"]],
    })
    assert isinstance(state, GraciasState)
    screen = re.sub(r"\x1b\[[0-9;]*m", "", render(state, 0, "fr"))
    assert "le trio A (cartes verte et jaune)" in screen and "le trio B (deux cartes vertes)" in screen
