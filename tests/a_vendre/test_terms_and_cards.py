"""What a player's review found unexplained in « A Vendre ! »'s terminal: the rulebook's abbreviations PA (« prix
d'achat », a business's price) and R (« recette », its income), said in the help, the rules and the big screen's
legend in both languages, as the browser says them (« prix d'achat (PA) », « recette (R) »; "price (PA)", "income
(R)"); and the short form of a turn (the small screen's "since your last move"), which names the charge card behind a
move, a payment or a gain ("receives 200 (card L06)"), not the other payments."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from ludotheque.cli.play import PlaySession
from ludotheque.engine.state import Event
from tests.a_vendre.test_terminal import GAME, RENDERER, built, draw, position, view_of
from tests.cli.terminal_support import scripted

NB = "\u00a0"
EXPLAINED = {
    "en": ("price (PA, the rulebook's “prix d'achat”)", "income (R, “recette”)"),
    "fr": ("prix d'achat (PA)", "recette (R)"),
}
"""How each language first says PA and R (the browser's ``web.pa_r``: "price (PA) …, income (R) …")."""


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("key", ["help.actions", "rules.summary"])
def test_the_help_and_the_rules_explain_pa_and_r_before_using_them(lang: str, key: str) -> None:
    text = " ".join(GAME.catalog.t(lang, key).split())
    pa, r = EXPLAINED[lang]
    assert text.count(pa) == 1 and text.count(r) == 1, text  # once
    uses = [m.start() for m in re.finditer(r"\bPA\b", text)]
    assert uses[0] == text.index(pa) + pa.index("PA"), text  # the first PA is the explained one
    uses = [m.start() for m in re.finditer(r"\bR\b", text)]
    assert uses[0] == text.index(r) + r.index("R"), text
    web = GAME.catalog.t(lang, "web.pa_r", price="1", income="2")
    assert pa.split(" (")[0] in web and r.split(" (")[0] in web  # the browser's words


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_and_rules_typed_at_the_prompt_explain_them_and_the_help_fits_80_by_24(lang: str) -> None:
    match = position(4, bots=True, player=0)
    match.apply("roll 2")
    out = io.StringIO()
    session = PlaySession(match, lang, lambda prompt: "", Console(file=out, width=80, color_system=None))
    session.input_fn = scripted(["help", "rules"] if lang == "en" else ["aide", "règles"])
    before = len(out.getvalue())
    assert session._person_turn(0) is False
    said = out.getvalue()[before:]
    flat = " ".join(said.replace(NB, " ").split())
    for words in EXPLAINED[lang]:
        assert flat.count(" ".join(words.replace(NB, " ").split())) == 2, flat  # in the help, then in the rules
    lines = said.split("\n")
    start = next(i for i, line in enumerate(lines) if line.lstrip("> ").startswith(("Play by typing", "Jouez en")))
    end = next(i for i, line in enumerate(lines) if i > start and ("in short" in line or "en bref" in line))
    assert end - start + 1 <= 24, "\n".join(lines[start:end])  # the help, with the prompt
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize(("lang", "said"), [("en", ("price (PA)", "income (R)")),
                                            ("fr", ("prix d'achat (PA)", "recette (R)"))])
def test_the_big_screen_s_legend_explains_them(lang: str, said: tuple[str, str]) -> None:
    text = " ".join(draw(view_of(built(), lang, None, None, 0)).replace(NB, " ").split())
    for words in said:
        assert words in text, text


# --- a turn's short form names the card behind a move, a payment or a gain ------------------------------------------
def turn(*events: tuple[str, dict[str, Any]], round_number: int = 8) -> list[Event]:
    """Ada's turn: its ``events``, each (kind, args), Ada's seat added."""
    return [Event("turn", {"seat": 0, "round": round_number}),
            *(Event(kind, {"seat": 0, **args}) for kind, args in events)]


def short_of(events: list[Event], lang: str) -> tuple[str, str]:
    """The turn's entry in full and in short, on an 80-column screen."""
    view = view_of(position(3), lang, 80, None, 0)
    [line] = RENDERER.event_lines(view, events)
    return line.text, line.short


LOTTERY = turn(("roll", {"face": 5}), ("move", {"square": 22}),
               ("card", {"card": "L06", "effect": {"kind": "lottery", "amount": 200}}),
               ("bank_pays", {"amount": 200, "owed": 200, "why": "lottery"}))
"""The review's turn: Ada rolls 5, lands on square 22 and draws lottery card L06: the bank pays her 200."""


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Ada, round 8: rolls 5, to square 22; receives 200 (card L06)."),
    ("fr", f"Ada, tour 8{NB}: fait 5, case 22{NB}; reçoit 200 (carte L06)."),
])
def test_a_card_s_gain_names_the_card_in_short(lang: str, expected: str) -> None:
    full, short = short_of(LOTTERY, lang)
    assert short == expected
    assert "L06" in full


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Ada, round 4: rolls 2, to square 5; pays 100 to the bank; pays 110 to Bob (card T15)."),
    ("fr", f"Ada, tour 4{NB}: fait 2, case 5{NB}; paie 100 à la banque{NB}; paie 110 à Bob (carte T15)."),
])
def test_a_card_s_tax_names_the_card_in_short_and_the_square_s_payment_does_not(lang: str, expected: str) -> None:
    events = turn(("roll", {"face": 2}), ("move", {"square": 5}),
                  ("pay", {"to": -1, "amount": 100, "why": "income"}),
                  ("card", {"card": "T15", "effect": {"kind": "tax", "square": 29}}),
                  ("pay", {"to": 1, "amount": 110, "why": "tax"}), round_number=4)
    assert short_of(events, lang)[1] == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Ada, round 4: rolls 1, to square 53; on to square 54; to square 3 (card M06); pays 40 to Bob; to square "
           "43 (card M04); pays 200 to the bank (card M04)."),
    ("fr", f"Ada, tour 4{NB}: fait 1, case 53{NB}; en avant à la case 54{NB}; va à la case 3 (carte M06){NB}; paie 40 "
           f"à Bob{NB}; va à la case 43 (carte M04){NB}; paie 200 à la banque (carte M04)."),
])
def test_a_card_s_moves_name_it_in_short_and_so_does_the_green_square_s_amount(lang: str, expected: str) -> None:
    """Card M06 sends Ada to square 3, Bob's: the income she pays him is the square's, not the card's; card M04 sends
    her to the green square 43, paying the bank the card's 200."""
    events = turn(("roll", {"face": 1}), ("move", {"square": 53}), ("green", {"square": 53}),
                  ("move", {"square": 54}),
                  ("card", {"card": "M06", "effect": {"kind": "move_to", "square": 3}}), ("move", {"square": 3}),
                  ("pay", {"to": 1, "amount": 40, "why": "income"}),
                  ("card", {"card": "M04", "effect": {"kind": "move_to", "square": 43, "amount": 200}}),
                  ("move", {"square": 43}), ("pay", {"to": -1, "amount": 200, "why": "green"}), round_number=4)
    assert short_of(events, lang)[1] == expected


@pytest.mark.parametrize(("lang", "short", "loan"), [
    ("en", "owes 110 but has 20 (card T15)", "borrows 1,000"),
    ("fr", "doit 110 mais n'a que 20 (carte T15)", "emprunte 1\u00a0000"),
])
def test_a_card_s_tax_short_of_money_names_the_card_through_a_loan(lang: str, short: str, loan: str) -> None:
    events = turn(("roll", {"face": 2}), ("move", {"square": 5}),
                  ("card", {"card": "T15", "effect": {"kind": "tax", "square": 29}}),
                  ("short", {"amount": 110, "cash": 20}), ("loan", {"amount": 1000, "loans": 1}),
                  ("pay", {"to": -1, "amount": 110, "why": "tax"}), round_number=4)
    said = short_of(events, lang)[1]
    assert short in said and loan in said
    assert said.endswith("(card T15)." if lang == "en" else "(carte T15).")
    assert f"{loan} (" not in said  # the loan is the player's doing, not the card's
