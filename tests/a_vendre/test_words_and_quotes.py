"""« A Vendre ! »'s command words and quotes, as a player's review asked: the French commands are infinitives, as in
the other games (Acquire's « acheter », « passer »; Stack Market's « investir », « empiler »): « acheter », « payer »,
« piocher », « passer », « miser 350 », « emprunter », « abandonner », « tirer T07 » in the choices, the hint under
them, the help and the refusals; the forms shown before (« achète », « paie », « mise 350 »…), with or without
accents, and the English words are still read, and a record keeps the English text whatever was typed. The English
texts quote a command or a word with curly quotes, as the shared terminal does (“take D”), apostrophes staying
straight."""

from __future__ import annotations

import io
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ludotheque.cli.play import PlaySession
from ludotheque.games.a_vendre import options
from ludotheque.games.a_vendre.actions import parse_action
from ludotheque.games.a_vendre.terminal import VERBS, action_words
from tests.a_vendre.test_terminal import GAME, RENDERER, SHORT, labelled, position
from tests.cli import terminal_support as support
from tests.cli.terminal_support import scripted

NB = "\u00a0"
INFINITIVES = {"buy": "acheter", "tax": "payer", "card": "piocher", "pass": "passer", "bid": "miser",
               "borrow": "emprunter", "leave": "abandonner", "draw": "tirer"}
"""The review's verbs, as the French screen shows them now."""
NOUNS = {"auction": "enchères", "first": "premier", "roll": "dé"}
"""The words that are no verbs, and stay."""
BEFORE = {"achète": "buy", "achete": "buy", "ACHÈTE": "buy", "paie": "tax", "paye": "tax", "pioche": "card",
          "passe": "pass", "mise 350": "bid 350", "emprunte": "borrow", "abandonne": "leave", "tire T07": "draw T07",
          "enchères 12": "auction 12", "encheres 12": "auction 12", "dé 4": "roll 4", "de 4": "roll 4",
          "premier 2": "first 2", "taxe": "tax", "carte": "card"}
"""What the French screen showed before (and other French words the parser read), each with the action it is."""
LOCALE = Path(__file__).parents[2] / "src/ludotheque/games/a_vendre/locale"


# --- French command words: infinitives -----------------------------------------------------------------------------
def test_the_french_words_are_the_review_s_infinitives_and_the_nouns_stay() -> None:
    assert VERBS["fr"] == {**INFINITIVES, **NOUNS}
    for english, french in INFINITIVES.items():
        text = {"bid": "bid 350", "draw": "draw T07"}.get(english, english)
        assert action_words(text, "fr").split()[0] == french
        assert re.fullmatch(r"\w+(er|ir)", french), french


@pytest.mark.parametrize(("fields", "steps", "expected"), [
    ({"player": 0}, ["roll 2"], {"acheter", "payer"}),
    ({"player": 0}, ["roll 3"], {"piocher", "passer"}),
    (SHORT, ["auction 2"], {"miser", "passer"}),
    ({"owners": {"3": 0}, "cash": [100, 5_100, 5_100], "player": 0,
      "queue": [["payment", 0, 1, 500, "income"], ["end_turn"]]}, [], {"emprunter", "abandonner"}),
])
def test_every_french_choice_is_an_infinitive(fields: dict[str, Any], steps: list[str], expected: set[str]) -> None:
    """The choices of each decision, in French: buy or the tax, a card or not, a bid or dropping out, a loan or
    leaving; each parses back to its English action."""
    match = position(3, **fields)
    for step in steps:
        match.apply(step)
    said = labelled(match, "fr")
    assert {words.split()[0] for words in said} == expected
    view_legal = {a.text() for a in match.legal_actions()}
    assert {parse_action(words).text() for words in said} == view_legal


def test_the_french_menu_and_its_example_say_infinitives() -> None:
    """``ludo play`` on 100 × 40, in French: the choices by number, and « par exemple « … » » under them."""
    match = position(4, bots=True, player=0)
    match.apply("roll 2")
    text = " ".join(support.first_screen(match, "fr", 100, 40).text.split())
    assert re.search(r"1 acheter le titre 2 Boulangerie", text) and re.search(r"2 payer 40 d'impôt", text), text
    example = re.search(r"par exemple «\s*(\S+)\s*»", text.replace(NB, " "))
    assert example is not None and example.group(1) in ("acheter", "payer"), text
    for old in ("achète", " paie ", "«\u00a0paie"):
        assert old not in text.replace("paie ensuite", ""), text


def test_the_french_help_and_the_refusal_of_what_is_no_action_say_infinitives() -> None:
    help_text = GAME.catalog.t("fr", "help.actions")
    commands = [line.split()[0] for line in help_text.splitlines() if line.startswith("  ")]
    assert commands == ["acheter", "payer", "piocher", "passer", "enchères", "miser", "emprunter", "abandonner"]
    syntax = GAME.catalog.t("fr", "error.syntax", text="vends")
    assert syntax.endswith("écrivez acheter, payer, piocher, passer, enchères TITRE, miser MONTANT, emprunter ou "
                           "abandonner")
    for old in ("achète", "paie", "pioche,", "passe,", "mise ", "emprunte ", "abandonne\n"):
        assert old not in help_text and old not in syntax


def test_a_move_not_allowed_now_is_refused_with_the_choices_in_infinitives() -> None:
    """« emprunter » typed on a free business: understood, not allowed; the allowed moves said in the person's
    words."""
    match = position(4, bots=True, player=0)
    match.apply("roll 2")
    out = io.StringIO()
    session = PlaySession(match, "fr", lambda prompt: "", Console(file=out, width=200, color_system=None))
    session.input_fn = scripted(["emprunter"])
    assert session._person_turn(0) is False
    said = " ".join(out.getvalue().replace(NB, " ").split())
    assert "« emprunter » n'est pas permis maintenant ; permis : acheter, payer" in said, said


# --- what was typed before is read as before ------------------------------------------------------------------------
@pytest.mark.parametrize(("typed", "english"), [*BEFORE.items(), *((f, e) for e, f in INFINITIVES.items()
                                                                   if e not in ("bid", "draw")),
                                                ("miser 350", "bid 350"), ("tirer T07", "draw T07"),
                                                ("Payer", "tax"), ("buy", "buy"), ("bid 1 280", "bid 1280")])
def test_old_and_new_french_forms_and_english_parse_to_the_same_action(typed: str, english: str) -> None:
    assert parse_action(typed) == parse_action(english)
    assert parse_action(typed).text() == english  # the English text, the one records keep


@pytest.mark.parametrize("typed", ["acheter", "achète", "achete", "1", "buy"])
def test_a_record_keeps_the_english_text_whatever_the_person_typed(typed: str) -> None:
    match = position(3, bots=True, player=0)
    match.apply("roll 2")
    session = PlaySession(match, "fr", lambda prompt: "", Console(file=io.StringIO(), width=120, color_system=None))
    session.input_fn = scripted([typed])
    assert session._person_turn(0) is True
    assert session.match.to_record().to_json()["actions"][-2:] == ["chance: roll 2", "0: buy"]


# --- quotes: curly in English, guillemets in French ----------------------------------------------------------------
STRAIGHT_QUOTED = re.compile(r"(?<![\w}])'([^'\n]+)'(?![\w])")
"""A word or a command between straight quotes (an apostrophe, "{player}'s", "d'achat", is none)."""


def strings(value: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every text of a catalogue's tree, with its key."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from strings(inner, f"{where}.{key}" if where else key)
    elif isinstance(value, str):
        yield where, value


@pytest.mark.parametrize("name", sorted(p.name for p in LOCALE.glob("*.toml")))
def test_no_text_quotes_with_straight_quotes(name: str) -> None:
    texts = dict(strings(tomllib.loads((LOCALE / name).read_text(encoding="utf-8"))))
    assert texts
    quoted = {key: text for key, text in texts.items() if STRAIGHT_QUOTED.search(text)}
    assert not quoted, quoted


def test_english_refusals_quote_what_was_typed_with_curly_quotes() -> None:
    assert GAME.catalog.t("en", "error.not_legal", action="buy") == "“buy” is not legal now"
    assert GAME.catalog.t("en", "error.steps_of_ten", text="bid 455") == "“bid 455”: bids go in steps of 10"
    assert GAME.catalog.t("en", "data.start_finish_only") == "only square 1 is “start” and square 60 “finish”"
    assert GAME.catalog.t("en", "error.position.step_args", step='["roll", 3]', name="roll") == \
        'queue step ["roll", 3]: “roll” takes nothing more'


def test_the_options_quote_their_values_as_each_language_does() -> None:
    for spec in options.OPTIONS:
        assert not STRAIGHT_QUOTED.search(spec.help_en) and not STRAIGHT_QUOTED.search(spec.help_fr), spec
    game = options.OPTIONS[0]
    assert "“simple: the first pawn on square 60 ends it” (" in game.help_en and "“double: two trips” (" in game.help_en
    assert f"«{NB}simple{NB}: le premier pion" in game.help_fr and f"«{NB}double{NB}: deux voyages{NB}»" in game.help_fr
    assert RENDERER.action_words("bid 350", "en") == "bid 350"
