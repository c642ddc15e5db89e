"""Gracias's words on the terminal that the other test files do not read: the stop after a round's scoring lists
the round's last picks, each card's colour agreeing with « carte » in French (« verte gardée, orange donnée »); a
number that is no seat is refused with the seats that may be named."""

from __future__ import annotations

import argparse
import io
import random
import re

import pytest
from rich.console import Console

from ludotheque.cli.play import build_session
from ludotheque.cli.render import View
from ludotheque.engine import Match, get_game
from ludotheque.games.gracias.terminal import GraciasRenderer

GAME = get_game("gracias")
NAMES = ["Ada", "Bob", "Cy", "Dee"]
KEPT = {"en": r"(\w+) kept, (\w+) given to (\w+)", "fr": r"(\w+) gardée, (\w+) donnée à (\w+)"}
FEMININE = {"red": "rouge", "yellow": "jaune", "green": "verte", "blue": "bleue", "purple": "violette",
            "orange": "orange"}


def first_round(seed: int) -> Match:
    """A 4-player game played at random until its first round is scored."""
    match = Match(GAME, 4, {}, seed)
    rng = random.Random(seed)
    while not any(e.kind == "round_score" for e in match.log_for(None)):
        if match.current_player < 0:
            match.draw_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_last_picks_of_a_round_say_each_card_kept_and_given(lang: str) -> None:
    match = first_round(3)
    log = match.log_for(None)
    view = View(GAME, match.state.observation(None), None, lang, NAMES, [])
    console = Console(file=io.StringIO(), width=120, color_system=None, record=True)
    for part in GraciasRenderer().milestone(view, log, 0):
        console.print(part)
    text = console.export_text()
    assert ("Last picks of round 1" if lang == "en" else "Derniers choix de la manche 1") in text, text
    picks = re.findall(KEPT[lang], text)
    keeps = [e.args for e in log if e.kind == "keep"][-len(picks):]
    assert picks and len(picks) == len(keeps), text
    for (keep, given, receiver), a in zip(picks, keeps, strict=True):
        if lang == "fr":
            assert (keep, given) == (FEMININE[a["keep"]], FEMININE[a["given"]]), text
        else:
            assert (keep, given) == (a["keep"], a["given"]), text
        assert receiver == NAMES[a["give_to"]]
    assert " gardé," not in text and " donné à" not in text


@pytest.mark.parametrize(("lang", "typed", "message"), [
    ("en", "keep {colour} give 9", "'9' is not a seat number: give the other card to seat 1, 2 or 3"),
    ("fr", "garde {colour} donne 9", "« 9 » n'est pas un numéro de siège : donnez l'autre carte au siège 1, 2 ou 3"),
    ("en", "keep red give 12", "'12' is not a seat number: the seats are 0 to 3"),
    ("fr", "garde rouge donne 12", "« 12 » n'est pas un numéro de siège : les sièges vont de 0 à 3"),
])
def test_a_number_that_is_no_seat_is_refused_with_the_seats_allowed(lang: str, typed: str, message: str) -> None:
    """Typed at a trio's choice (the last two) or at the card to give (the first two, seat 0 to move)."""
    out = io.StringIO()
    args = argparse.Namespace(game="gracias", players=4, option=[], bots="heuristic,heuristic,heuristic", seed=2,
                              names="Ada", load=None, lang=lang)
    session = build_session(args, lambda prompt: "", Console(file=out, width=200, color_system=None))
    match = session.match
    session.table.advance()
    assert match.current_player == 0
    if "{colour}" in typed:
        trio = match.state.observation(0)["trios"][0]
        match.apply(match.state.parse_action("take A"))
        session.table.advance()
        typed = typed.format(colour=trio["open"][0])
    answers = iter([typed])

    def answer(prompt: str) -> str:
        text = next(answers, None)
        if text is None:
            raise EOFError
        return text

    session.input_fn = answer
    assert session._person_turn(0) is False
    said = " ".join(out.getvalue().replace("\u00a0", " ").split())
    assert message in said, said
