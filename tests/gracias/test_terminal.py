"""Gracias's words on the terminal that the other test files do not read: the stop after a round's scoring lists
the round's last picks, each card's colour agreeing with « carte » in French (« verte gardée, orange donnée »)."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

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
