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

from ludotheque.cli.play import PlaySession, build_session
from ludotheque.cli.render import View
from ludotheque.engine import Match, get_game
from ludotheque.engine.errors import Reason
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
    ("en", "keep {colour} give 9", "“9” is not a seat number; give the other card to seat 1, 2 or 3"),
    ("fr", "garde {colour} donne 9", "« 9 » n'est pas un numéro de siège ; donnez l'autre carte au siège 1, 2 ou 3"),
    ("en", "keep red give 12", "“12” is not a seat number; the seats are 0 to 3"),
    ("fr", "garde rouge donne 12", "« 12 » n'est pas un numéro de siège ; les sièges vont de 0 à 3"),
    ("en", "keep {colour} give 0", " give 0”: the other card goes to another player; give it to seat 1, 2 or 3"),
    ("fr", "garde {colour} donne 0", " donner 0 » : l'autre carte va à un autre joueur ; donnez-la au siège 1, 2 ou 3"),
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


def a_choice_after_others_took(lang: str) -> tuple[PlaySession, io.StringIO]:
    """``ludo play gracias`` with three bots, Ada (seat 0) taking trio A each time, up to a turn where she chooses
    after others have taken trios: some trios are gone, some left."""
    out = io.StringIO()
    args = argparse.Namespace(game="gracias", players=4, option=[], bots="heuristic,heuristic,random", seed=5,
                              names="Ada", load=None, lang=lang)
    session = build_session(args, lambda prompt: "", Console(file=out, width=200, color_system=None))
    match = session.match
    for _ in range(20):
        session.table.advance()
        assert match.current_player == 0
        obs = match.state.observation(0)
        if obs["phase"] == "choose" and None in obs["trios"]:
            return session, out
        match.apply(match.legal_actions()[0])
    raise AssertionError("Ada never chose after the others")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_trio_that_cannot_be_taken_is_refused_with_the_trios_left(lang: str) -> None:
    """``prendre Z``, or a trio already taken, once some trios are gone: the refusal says which trios are left
    (« il reste le trio B », « les trios libres sont B et D »), not « les trios vont de A à D »; and a refusal
    quoting the typed text has no second colon after the terminal's « Je ne comprends pas : »."""
    session, out = a_choice_after_others_took(lang)
    trios = session.match.state.observation(0)["trios"]
    free = [letter for letter, trio in zip("ABCD", trios, strict=True) if trio is not None]
    taken = next(letter for letter, trio in zip("ABCD", trios, strict=True) if trio is None)
    take = "take" if lang == "en" else "prendre"
    session.input_fn = scripted([f"{take} Z", f"{take} {taken.lower()}"])
    assert session._person_turn(0) is False
    said = out.getvalue().replace("\u00a0", " ")
    lines = [" ".join(line.split()) for line in said.splitlines()[-2:]]
    if lang == "en":
        left = f"only trio {free[0]} is left" if len(free) == 1 else \
            f"the free trios are {', '.join(free[:-1])} and {free[-1]}"
        assert lines[0] == f"I don't understand: “Z” is not a trio you can take; {left}", said
        assert lines[1].startswith(f"Not allowed: “{taken}” is not a trio you can take; {left}"), said
    else:
        left = f"il reste le trio {free[0]}" if len(free) == 1 else \
            f"les trios libres sont {', '.join(free[:-1])} et {free[-1]}"
        assert lines[0] == f"Je ne comprends pas : « Z » n'est pas un trio à prendre ; {left}", said
        assert lines[1].startswith(f"Interdit : « {taken} » n'est pas un trio à prendre ; {left}"), said
    for line in lines:
        assert "A to D" not in line and "de A à D" not in line
        assert line.count(":") == 1, line
    view = Screens(GAME, GraciasRenderer(), NAMES).view_of(session.match, lang, 80, None, 0)
    view.obs["trios"] = [None, trios[1] or trios[0], None, trios[1] or trios[0]]  # two trios left: B and D
    reason = GraciasRenderer().refine_reason(view, Reason("not_trio", {"text": "z"}))
    two = {"en": "“Z” is not a trio you can take; the free trios are B and D",
           "fr": "« Z » n'est pas un trio à prendre ; les trios libres sont B et D"}
    assert GAME.catalog.reason(lang, reason) == two[lang].replace(" ;", "\u00a0;").replace("« ", "«\u00a0") \
        .replace(" »", "\u00a0»")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_refusal_says_a_colon_once_after_the_quoted_text(lang: str) -> None:
    """Gracias's refusals quote the action once, followed by one colon at most (« « garder bleu donner 1 » :
    choisissez d'abord un trio », the form every game shares); what follows is joined by « ; », never a second
    colon, so that « Je ne comprends pas : » or « Interdit : » before it leaves two at most."""
    for key, text in GAME.catalog.messages[lang].items():
        if key.startswith("error.") and key != "error.allowed":
            assert text.count(":") <= 1, (key, text)
            assert "prendre A" not in text and "take A" not in text, (key, text)  # A may be taken


HIDDEN_HEAD = {"en": "Your face-down cards:", "fr": "Vos cartes cachées\u00a0:"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_ones_face_down_cards_read_with_single_spaces(lang: str) -> None:
    """After a trio taken, « Vos cartes cachées : 1 × rouge »: one space after the colon, none at the end (not
    «  1 × rouge  », the padding a colour's background took); several colours joined as the reveal says them."""
    match = Match(GAME, 3, {}, 5)
    while match.current_player != 0 or match.state.observation(0)["phase"] != "choose":
        if match.current_player < 0:
            match.draw_chance()
        else:
            match.apply(match.legal_actions()[0])
    match.apply(match.legal_actions()[0])  # a trio taken: its face-down card is Ada's
    hidden = match.state.observation(0)["players"][0]["hidden"]
    assert sum(hidden.values()) == 1
    colour = GAME.catalog.t(lang, f"colour_name.{next(iter(hidden))}")
    screens = Screens(GAME, GraciasRenderer(), NAMES[:3])
    for width, height in ((80, 24), (120, None)):
        lines = screens.draw(screens.view_of(match, lang, width, height, 0)).splitlines()
        assert f"{HIDDEN_HEAD[lang]} 1 × {colour}" in lines, lines
    view = screens.view_of(match, lang, 80, None, 0)
    view.obs["players"][0]["hidden"] = {"red": 1, "blue": 2, "green": 1}
    console = Console(file=io.StringIO(), width=80, color_system=None, record=True)
    console.print(GraciasRenderer().own_hidden(view))
    joined = "1 × red, 2 × blue and 1 × green" if lang == "en" else "1 × rouge, 2 × bleu et 1 × vert"
    assert console.export_text() == f"{HIDDEN_HEAD[lang]} {joined}\n"


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

