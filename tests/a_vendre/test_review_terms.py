"""What a player's review of « A Vendre ! » in the browser found, checked wherever a player reads it (the browser's
texts, the terminal's screens, help, legend, rules summary and hints, the log):

1. The French rulebook's abbreviations PA (« prix d'achat ») and R (« recette ») were on the English page ("Buy it
   from the bank for its PA, 480", "Or pay the bank 70 (R) as a tax", "PA 200 R 30" on every square). English says
   "price" and "income" in sentences, and the squares carry the short English labels P and I, which the legend and
   each square's tooltip explain; French keeps PA and R. (Only the card's own words, quoted in French under the
   English effect, keep the rulebook's "(R)".)
2. Landing on a bank-owned establishment said "Ada pays 140 to the bank (its income)" / « (sa recette) », as if Ada
   paid her own income away: the log says whose, "(the establishment's income)" / « (la recette de
   l'établissement) », and on another player's business "(the business's income)" / « (la recette du commerce) ».
3. « reculez de 1 case »: French writes « reculez d'une case », « avancez d'une case », « Il reste une carte des
   charges. » where a count of exactly one is said in a sentence; numbers from 2 on stay digits; English keeps "go
   back 1 square". (The tallies beside other counts, « 0 titre · 1 emprunt », stay digits: French puts 0 in the
   same singular form.)
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.cells import cell_len

from ludotheque.games.a_vendre.texts import effect_words
from tests.a_vendre.test_terminal import GAME, NAMES, RENDERER, SHORT, built, draw, labelled, position, view_of
from tests.cli import terminal_support as support

NB = "\u00a0"
FRENCH_TERMS = re.compile(r"\b(PA|R)\b")
"""The rulebook's abbreviations, as words of their own (not the R of "Round")."""
CARD_WORDS = re.compile(r"On the card \(in French\): “[^”]*”")
"""The card's own words, quoted in French on a big English screen: the one place they may say "(R)"."""


def english(text: str) -> str:
    """A screen's text on one line, the card's quoted French words left out."""
    return CARD_WORDS.sub("", " ".join(text.replace(NB, " ").split()))


# --- 1. English words for the price and the income -------------------------------------------------------------------
def test_no_english_text_of_the_game_says_pa_or_r() -> None:
    """Every English text (the log, the terminal, the browser, the help, the rules, the hints, the refusals)."""
    said = {key: text for key, text in GAME.catalog.messages["en"].items() if FRENCH_TERMS.search(text)}
    assert not said, said
    french = {key: text for key, text in GAME.catalog.messages["en"].items()
              if re.search(r"prix d'achat|recette", text)}
    assert not french, french


@pytest.mark.parametrize(("key", "expected"), [
    ("web.buy_help", "Buy it from the bank for its price, 480: from then on a pawn landing here pays you 70. Or pay "
                     "the bank its income, 70, as a tax; the bank keeps the title. Either way, a charge card follows."),
    ("web.pa_r", "price (P) 480, income (I) 70"),
    ("web.opening_for", "opening bid 240 (price 480)"),
])
def test_the_review_s_sentences_say_price_and_income(key: str, expected: str) -> None:
    """The review's "Buy it from the bank for its PA, 480: … Or pay the bank 70 (R) as a tax", and the square's
    tooltip, which explains the board's short labels."""
    assert GAME.catalog.t("en", key, price="480", income="70", amount="240") == expected


def test_the_squares_labels_are_english_and_the_legend_explains_them_once() -> None:
    """A square shows "P 480" and "I 70" in English, « PA 480 » and « R 70 » in French; the legend's blue entry says
    what P and I are (as the French one says PA and R), the other entries say words."""
    t = GAME.catalog.t
    assert (t("en", "web.sq.price"), t("en", "web.sq.income")) == ("P", "I")
    assert (t("fr", "web.sq.price"), t("fr", "web.sq.income")) == ("PA", "R")
    legend = {c: t("en", f"web.legend.{c}") for c in ("yellow", "green", "blue", "red")}
    assert "P: its price" in legend["blue"] and "I: its income" in legend["blue"]
    assert sum(len(re.findall(r"\b[PI]:", text)) for text in legend.values()) == 2, legend  # explained once
    assert "PA" in t("fr", "web.legend.blue") and "R" in t("fr", "web.legend.blue")
    assert "prix d'achat (PA)" in t("fr", "web.pa_r", price="1", income="2")


def decisions() -> list[tuple[str, Any]]:
    """A buy or a tax (square 3, free business 2), a business to auction (Ada short of 500), a bid for it (Bob's), the
    hand-built position whose last card is T23, the tax of square 44."""
    buy = position(3, player=0)
    buy.apply("roll 2")
    bid = position(3, **SHORT)
    bid.apply("auction 2")
    return [("buy", buy), ("choose_auction", position(3, **SHORT)), ("bid", bid), ("tax card", built())]


@pytest.mark.parametrize(("width", "height"), [(80, 17), (100, 23), (None, None)])
def test_the_english_terminal_says_price_and_income_and_fits_80_columns(width: int | None,
                                                                       height: int | None) -> None:
    """Each decision's screen and its choices, in English: price and income in words, never PA or R, within the
    width; in French PA and R still."""
    seen: list[str] = []
    for what, match in decisions():
        for lang in ("en", "fr"):
            text = draw(view_of(match, lang, width, height))
            if width is not None:
                assert max(cell_len(line) for line in text.splitlines()) <= width, text
            said = english(text) + " " + " ".join(labelled(match, lang).values())
            if lang == "en":
                assert not FRENCH_TERMS.search(said), (what, said)
                seen.append(said)
            elif width is None and what in ("buy", "choose_auction"):
                assert FRENCH_TERMS.search(said), (what, said)
    everything = " ".join(seen)
    assert "price" in everything and "income" in everything


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_ludo_play_s_buy_decision_on_80_by_24(lang: str) -> None:
    """The whole screen of ``ludo play`` on 80 × 24 (the board, the status line, the menu and its example), as the
    review would read it: the English one without PA or R."""
    match = position(4, bots=True, player=0)
    match.apply("roll 2")
    shot = support.first_screen(match, lang, 80, 24)
    support.assert_fits(shot, 80, 24)
    text = english(shot.text)
    if lang == "en":
        assert not FRENCH_TERMS.search(text), text
        assert "buy title 2 for 240, or tax 40?" in text and "each visitor then pays you 40" in text
    else:
        assert "acheter le titre 2 pour 240, ou impôt 40" in text


def test_the_english_card_effect_and_detail_say_income() -> None:
    """Card T23, the tax of square 44: "pay square 44's income as a tax", its square "income 160"; the card's own
    French words stay as printed."""
    big = english(draw(view_of(built(), "en", 100, None, 0)))
    assert "Last card T23: pay square 44's income as a tax; the pawn stays (square 44: title 32 Chemiserie, income " \
           "160)." in big
    assert "Payez la taxe (R) de la case 44" in " ".join(draw(view_of(built(), "en", 100, None, 0)).split())


# --- 2. whose income ----------------------------------------------------------------------------------------------
def landing(owners: dict[str, int], square: int) -> Any:
    """Ada rolls from square ``square - 2`` onto ``square``: the match and the events since."""
    match = position(3, pos=[square - 2, 1, 1], player=0, owners=owners)
    start = len(match.events)
    match.apply("roll 2")
    return match, match.log_for(None)[start:]


@pytest.mark.parametrize(("owners", "square", "lang", "expected"), [
    ({}, 5, "en", "Ada pays 100 to the bank (the establishment's income)."),
    ({}, 5, "fr", "Ada paie 100 à la banque (la recette de l'établissement)."),
    ({"3": 1}, 5, "en", "Ada pays 100 to Bob (the establishment's income)."),
    ({"3": 1}, 5, "fr", "Ada paie 100 à Bob (la recette de l'établissement)."),
    ({"2": 1}, 3, "en", "Ada pays 40 to Bob (the business's income)."),
    ({"2": 1}, 3, "fr", "Ada paie 40 à Bob (la recette du commerce)."),
])
def test_the_log_says_whose_income_is_paid(owners: dict[str, int], square: int, lang: str, expected: str) -> None:
    """Red square 5 (establishment 3, Poste), the bank's or Bob's, and blue square 3 (business 2), Bob's: the log's
    line (the browser's) and the terminal's turn say the establishment's or the business's income, never "its"."""
    match, log = landing(owners, square)
    [pay] = [e for e in log if e.kind == "pay"]
    assert pay.args["why"] == ("establishment" if square == 5 else "income")
    assert GAME.describe(pay, lang, NAMES) == expected
    [line] = RENDERER.event_lines(view_of(match, lang, 80, None, None), log)
    assert line.text.endswith(expected.split(" ", 1)[1]), line.text  # "Ada: rolls 2, to square 5 (…); pays 100 …"
    for text in (GAME.describe(pay, lang, NAMES), line.text):
        assert "its income" not in text and "sa recette" not in text


def test_a_free_business_s_tax_is_still_a_tax() -> None:
    """A free business one cannot buy: its income paid to the bank is the tax (« un impôt »)."""
    match = position(3, pos=[1, 1, 1], cash=[100, 5_100, 5_100], player=0)
    start = len(match.events)
    match.apply("roll 2")  # business 2 (240): Ada has 100
    [pay] = [e for e in match.log_for(None)[start:] if e.kind == "pay"]
    assert GAME.describe(pay, "en", NAMES) == "Ada pays 40 to the bank (a tax)."
    assert GAME.describe(pay, "fr", NAMES) == "Ada paie 40 à la banque (un impôt)."


# --- 3. « une case » ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("steps", "fr", "en"), [
    (-1, "reculez d'une case.", "go back 1 square."),
    (1, "avancez d'une case.", "move on 1 square."),
    (-2, "reculez de 2 cases.", "go back 2 squares."),
    (3, "avancez de 3 cases.", "move on 3 squares."),
])
def test_a_move_card_of_one_square_says_une_case(steps: int, fr: str, en: str) -> None:
    effect = {"kind": "move", "steps": steps}
    assert effect_words("fr", effect) == fr
    assert effect_words("en", effect) == en
    key = "web.card.move_back" if steps < 0 else "web.card.move_on"  # the browser's card (plural(), {count})
    form = "one" if abs(steps) == 1 else "other"
    assert GAME.catalog.t("fr", f"{key}_{form}", count=abs(steps)) == fr.rstrip(".")
    assert GAME.catalog.t("en", f"{key}_{form}", count=abs(steps)) == en.rstrip(".")


def test_card_d01_drawn_says_reculez_d_une_case_in_the_log_and_on_the_screen() -> None:
    match = position(3, pos=[10, 1, 1], player=0, queue=[["draw"], ["end_turn"]])
    start = len(match.events)
    match.apply("draw D01")
    log = match.log_for(None)[start:]
    assert GAME.describe(log[0], "fr", NAMES) == f"Ada tire la carte des charges D01{NB}: reculez d'une case."
    [line] = RENDERER.event_lines(view_of(match, "fr", 80, None, None), log)
    assert f"carte D01{NB}: reculez d'une case{NB}; va à la case 9" in line.text
    assert "Dernière carte D01 : reculez d'une case." in english(draw(view_of(match, "fr", 80, None, 0)))
    assert "Last card D01: go back 1 square." in " ".join(draw(view_of(match, "en", 80, None, 0)).split())


PROSE_ONES = ("effect.move_on_one", "effect.move_back_one", "web.card.move_on_one", "web.card.move_back_one",
              "ui.deck_one", "web.pile_one")
"""The French sentences said of a count that is never 0 (a move card moves; the pile is shuffled again as soon as
its last card is drawn): one is a word there."""


@pytest.mark.parametrize("key", PROSE_ONES)
def test_french_sentences_write_one_as_a_word(key: str) -> None:
    fr = GAME.catalog.t("fr", key, count=1, steps=1)
    assert not re.search(r"(?<![\d\u00a0,])1 [a-zé]", fr) and re.search(r"\bune\b", fr), fr
    assert re.search(r"\b1 [a-z]", GAME.catalog.t("en", key, count=1, steps=1))  # English: "1 square", "1 card"


def test_the_deck_s_last_card_is_une_carte_and_two_stay_digits() -> None:
    t = GAME.catalog
    assert t.plural("fr", "ui.deck", 1, count=1) == "Il reste une carte des charges."
    assert t.plural("fr", "ui.deck", 2, count=2) == "Il reste 2 cartes des charges."
    assert t.plural("en", "ui.deck", 1, count=1) == "1 charge card left."
    assert t.plural("fr", "web.pile", 1, count=1) == "une carte reste dans le paquet"


def test_the_new_why_is_in_the_position_format() -> None:
    """A position saved while a red square's payment waits (``establishment``) is read back and played on: Ada, short
    of money with no business, borrows, then pays Bob his establishment's income."""
    match = position(3, owners={"3": 1}, cash=[50, 5_100, 5_100], player=0,
                     queue=[["payment", 0, 1, 100, "establishment"], ["end_turn"]])
    assert match.state.to_json()["queue"][:2] == [["loan", 0], ["payment", 0, 1, 100, "establishment"]]
    match.apply("borrow")
    [pay] = [e for e in match.log_for(None) if e.kind == "pay"]
    assert GAME.describe(pay, "en", NAMES) == "Ada pays 100 to Bob (the establishment's income)."
