"""What a player reads and types of Stack Market's commands and money at the terminal: French commands shown as
infinitives (``investir``, ``rester``, ``empiler``, ``viser``) or a noun (``empileur``), like the other games', the
older forms (``vise``, ``investit`` …) and English still read, the record always in English; at the game's end each
seat's number, name and cash kept apart (« 1 Bot 1 : 108 000 $ », never « 1 Bot 1 108 000 $ » where the name's
number and the amount read as one number), within 80 columns at 4 players; English texts quoting with “…”."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import cast

import pytest
from rich.cells import cell_len

from ludotheque.engine import get_game
from ludotheque.games.stack_market import StackMarketState
from ludotheque.games.stack_market.actions import Aim, parse_action
from ludotheque.games.stack_market.terminal import VERBS, action_words
from ludotheque.games.stack_market.texts import money
from ludotheque.table.service import Table
from tests.cli.terminal_support import play
from tests.stack_market.test_terminal import RENDERER, _session, careful, draw, reach, view_of

GAME = get_game("stack-market")
CATALOG = GAME.catalog
NBSP = "\u00a0"
BOTS = ["Bot 0 (random)", "Bot 1 (random)", "Bot 2 (random)", "Bot 3 (random)"]
"""Names that end in a number, the case where a name and an amount could run together."""
INFINITIVES = {"investir", "rester", "empiler", "viser"}
NOUNS = {"empileur"}
CHANCE = {"roll", "first", "slip"}
"""Chance actions, named in a refusal in the record's words (never typed by a player)."""


# --- French commands: infinitives; the old forms and English still read; records in English ----------------------
def test_the_french_command_words_are_infinitives_or_a_noun() -> None:
    assert VERBS["fr"] == {"invest": "investir", "stay": "rester", "stack": "empiler", "aim": "viser",
                           "stacker": "empileur"}
    assert set(VERBS["fr"].values()) == INFINITIVES | NOUNS


def _commands(text: str, lang: str) -> list[str]:
    """The commands a text quotes (« viser soigné », “aim careful”), placeholders made values."""
    quoted = re.findall("«\u00a0([^»]*?)\u00a0»" if lang == "fr" else "“([^”]*)”", text)
    out = []
    for command in quoted:
        whole = command.startswith("slip ")  # a hand error: whole µm and 1/100°
        command = re.sub(r"\b(X|Y)\b", "10" if whole else "1mm", command)
        command = re.sub(r"\b(ROTATION|TURN)\b", "5" if whole else "2deg", command).replace("[", "").replace("]", "")
        command = re.sub(r"\b(SIÈGE|SEAT)\b|\{last\}", "2", command)
        out.append(command)
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_command_a_text_quotes_is_one_the_parser_reads_in_the_screens_words(lang: str) -> None:
    """Each command quoted in the game's texts (refusals, the aims' help) reads back, and in French starts with an
    infinitive or a noun (or a chance action's record word)."""
    seen = set()
    for key, text in CATALOG.messages[lang].items():
        if key.startswith("error.position."):
            continue  # a position file's fields ("aim", "tie"), not commands
        for command in _commands(text, lang):
            head = command.split()[0].lower()
            if head not in {*VERBS["en"].values(), *VERBS["fr"].values(), *CHANCE, "vise", "investit", "reste",
                            "empile"}:
                continue  # a field's name or a value (« 1500um », “2deg”)
            parse_action(command)
            seen.add(head)
            if lang == "fr":
                assert head in INFINITIVES | NOUNS | CHANCE, (key, command)
    assert {"viser", "rester", "investir", "empiler", "empileur"} <= seen or lang == "en"
    assert {"aim", "stay", "invest", "stack", "stacker"} <= seen or lang == "fr"


@pytest.mark.parametrize(("old", "shown", "english", "record"), [
    ("vise soigné", "viser soigné", "aim careful", "aim 0 0 0"),
    ("vise penche gauche", "viser penché gauche", "aim crooked left", "aim -4000 0 0"),
    ("vise 1,5mm -0,5mm 2deg", "viser 1,5mm -0,5mm 2deg", "aim 1.5mm -0.5mm 2deg", "aim 1500 -500 200"),
    ("investit B", "investir B", "invest B", "invest B"),
    ("reste", "rester", "stay", "stay"),
    ("empile 3 4 0", "empiler 3 4 0", "stack 3 4 0", "stack 3 4 0"),
    ("empileur 2", "empileur 2", "stacker 2", "stacker 2"),
])
def test_the_old_french_forms_read_as_the_infinitives_and_the_record_keeps_english(old: str, shown: str, english: str,
                                                                                   record: str) -> None:
    assert parse_action(old) == parse_action(shown) == parse_action(english) == parse_action(record)
    assert parse_action(shown).text() == record  # what a record keeps, whatever the words typed
    assert action_words(record, "fr") == shown and action_words(record, "en") == english


@pytest.mark.parametrize(("old", "infinitive", "record"), [("lance 3", "lancer 3", "roll 3"),
                                                           ("glisse 10 -20 5", "glisser 10 -20 5", "slip 10 -20 5")])
def test_chance_actions_read_as_an_infinitive_too(old: str, infinitive: str, record: str) -> None:
    assert parse_action(old) == parse_action(infinitive) == parse_action(record)
    assert parse_action(infinitive).text() == record


def test_an_aim_typed_at_the_terminal_in_old_or_new_words_is_recorded_in_english() -> None:
    match = reach(3, 5, "aim")
    session = _session("fr", 80, 24, 5)
    session.table = Table(match)
    seat = match.current_player
    for typed in ("viser soigné", "vise soigné", "aim careful", "1"):
        assert session._read_action(seat, typed) == Aim(0, 0, 0), typed
    assert session._read_action(seat, "vise 1,5mm -0,5mm") == session._read_action(seat, "viser 1,5mm -0,5mm") == \
        Aim(1500, -500, 0)
    assert RENDERER.check_typed(view_of(match, "fr", 80, 24), "viser 3 0 0") is not None  # units asked for
    action = session._read_action(seat, "vise penché gauche")
    assert action is not None
    match.apply(action)
    assert match.to_record().to_json()["actions"][-1] == f"{seat}: aim -4000 0 0"


def test_the_french_choices_and_help_show_viser() -> None:
    """At one's first aim, the numbered choices and the aims' line say « viser … »; ``aide`` lists « viser »."""
    shots = play(_session("fr", 80, 24, 5), careful("fr"), limit=200, stop_after=40)
    aiming = next(s for s in shots if s.prompt == "> " and s.seat >= 0 and s.phase == "aim")
    assert any("1 viser soigné" in line for line in aiming.lines[-4:]), aiming.text  # the numbered choices
    assert "viser penché gauche" in aiming.text and not re.search(r"\bvise\b", aiming.text), aiming.text
    shots = play(_session("fr", 80, 24, 5), lambda shot: "aide", stop_after=3)
    helped = next(s for s in shots if "Jouez en tapant" in s.text)
    assert "viser soigné" in helped.text and not re.search(r"\bvise\b", helped.text), helped.text


# --- the cash at the game's end --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("height", [None, 17, 12])
def test_at_the_end_each_seats_number_name_and_cash_are_apart(lang: str, height: int | None) -> None:
    """The 80-column screen at the end of a 4-player game: « Argent : 0 Bot 0 (random) : 40 000 $ · 1 … », "Cash:
    0 Bot 0 (random): $40,000 · 1 …" (a bot's kind left out when the screen is short), every line within 80
    columns."""
    match = reach(4, 5, "over")
    view = replace(view_of(match, lang, 80, height, seat=None), names=BOTS)
    text = draw(view)
    lines = text.rstrip("\n").split("\n")
    assert max(cell_len(line) for line in lines) <= 80, text
    if height is not None:
        assert len(lines) <= height, text
    flat = " ".join(lines)
    colon = f"{NBSP}:" if lang == "fr" else ":"
    head = "Argent" + NBSP + ":" if lang == "fr" else "Cash:"
    assert head in flat, text
    for seat, cash in enumerate(cast(StackMarketState, match.state).cash):
        said = rf"(?<!\S){seat} Bot {seat}(?: \(random\))?{colon} {re.escape(money(cash, lang))}(?!\S)"
        assert re.search(said, flat), (said, text)
    assert not re.search(r"Bot \d(?: \(random\))? [\d$]", flat), text  # never a name running into an amount


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_end_of_the_games_line_in_the_log_keeps_names_and_amounts_apart(lang: str) -> None:
    match = reach(4, 5, "over")
    view = replace(view_of(match, lang, 80, seat=None), names=BOTS)
    end = next(line.text for line in RENDERER.event_lines(view, match.log_for(None)) if line.text.startswith(
        ("The game is over", "La partie est terminée")))
    cash = cast(StackMarketState, match.state).cash
    colon, sep = (f"{NBSP}:", f"{NBSP}; ") if lang == "fr" else (":", "; ")
    totals = sep.join(f"{name}{colon} {money(c, lang)}" for name, c in zip(BOTS, cash, strict=True))
    assert end.endswith(f"{colon} {totals}."), end


def test_the_cash_stays_secret_until_the_end() -> None:
    """No cash line while the game goes on: only one's own cash, in the status line."""
    match = reach(4, 2, "change", 3)
    for lang, head in (("en", "Cash:"), ("fr", f"Argent{NBSP}:")):
        view = view_of(match, lang, 80, 17)
        assert RENDERER.cash_line(view) is None and head not in draw(view)


# --- English quotes ---------------------------------------------------------------------------------------------------
def test_english_texts_quote_with_curly_quotes() -> None:
    """A straight ' is an apostrophe only (after a letter or a field: "seats'", "{company}'s"), never a quotation
    mark."""
    wrong = {key: text for key, text in CATALOG.messages["en"].items() if re.search(r"(?<![A-Za-z}])'", text)}
    assert not wrong, wrong
    assert CATALOG.t("en", "error.same_company", action="invest A", company="A") == \
        "“invest A”: you are already on company A; write “stay” to keep it"
    assert CATALOG.t("fr", "error.same_company", action="investir A", company="A") == \
        f"«{NBSP}investir A{NBSP}»{NBSP}: vous êtes déjà dans la compagnie A{NBSP}; " \
        f"écrivez «{NBSP}rester{NBSP}» pour y rester"
