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
from tests.cli.terminal_support import Screens, scripted, words

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
    ("en", "keep {colour} give 9", "“9” is not a seat number: give the other card to seat 1, 2 or 3"),
    ("fr", "garde {colour} donne 9", "« 9 » n'est pas un numéro de siège : donnez l'autre carte au siège 1, 2 ou 3"),
    ("en", "keep red give 12", "“12” is not a seat number: the seats are 0 to 3"),
    ("fr", "garde rouge donne 12", "« 12 » n'est pas un numéro de siège : les sièges vont de 0 à 3"),
    ("en", "keep {colour} give 0", " give 0”: the other card goes to another player: give it to seat 1, 2 or 3"),
    ("fr", "garde {colour} donne 0", " donner 0 » : l'autre carte va à un autre joueur : donnez-la au siège 1, 2 ou 3"),
    ("fr", "garder {colour} donner 0", "« garder "),
])
def test_a_number_that_is_no_seat_is_refused_with_the_seats_allowed(lang: str, typed: str, message: str) -> None:
    """Typed at a trio's choice (the last two) or at the card to give (the first two, seat 0 to move). The old
    French forms (« garde … donne … ») are still read, and the refusal repeats the action in the words the screen
    shows (« garder … donner … »)."""
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
    session.input_fn = scripted([typed])
    assert session._person_turn(0) is False
    said = " ".join(out.getvalue().replace("\u00a0", " ").split())
    assert message in said, said


OPENERS = {"en": ("grand opener", "small opener"), "fr": ("grand ouvreur", "petit ouvreur")}
"""The two roles, each one name in each language (the rulebook's « grand ouvreur » and « petit ouvreur »)."""
NBSP = "\u00a0"
NBSP_COLON = {"en": ":", "fr": "\u00a0:"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_opener_has_one_name_everywhere(lang: str) -> None:
    """The page's header (« Petit ouvreur : Bob »), a player's badge and the legend, and the terminal's header and
    legends, name the turn's opener the same way; never "Turn opener", "opener of this turn", « de ce tour »."""
    grand, small = OPENERS[lang]
    t = GAME.catalog.t
    assert t(lang, "web.grand_opener") == grand and t(lang, "web.opener") == small
    assert t(lang, "web.grand_opener_is", name="Bot 1") == f"{grand.capitalize()}{NBSP_COLON[lang]} Bot 1"
    assert t(lang, "web.opener_is", name="Bot 0") == f"{small.capitalize()}{NBSP_COLON[lang]} Bot 0"
    marks = f"◆{NBSP_COLON[lang]} {grand} · ◇{NBSP_COLON[lang]} {small}"
    assert t(lang, "ui.openers_marks", grand="◆", opener="◇") == marks
    assert t(lang, "ui.legend_short", mark="*", grand="◆", opener="◇").endswith(marks)
    match = Match(GAME, 4, {}, 5)
    rng = random.Random(5)
    for _ in range(40):  # into round 1's second turn: the grand opener and the opener are two seats
        if match.current_player < 0:
            match.draw_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    obs = match.state.observation(None)
    assert obs["opener"] != obs["grand_opener"]
    screens = Screens(GAME, GraciasRenderer(), NAMES)
    wide = words(screens.draw(screens.view_of(match, lang, 120, None)))
    assert f"{small}{NBSP_COLON[lang]} {NAMES[obs['opener']]}".replace(NBSP, " ") in wide, wide
    for width, height in ((120, None), (80, 24)):
        text = words(screens.draw(screens.view_of(match, lang, width, height)))
        assert small in text
        assert not re.search(r"turn opener|opener of this turn|de ce tour", text, re.I), text
    messages = " ".join(GAME.catalog.messages[lang].values())
    assert not re.search(r"turn(?:'s)? opener|opener of this turn|petit ouvreur de ce tour", messages, re.I)

