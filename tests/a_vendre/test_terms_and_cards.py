"""What a player's review found unexplained in « A Vendre ! »'s terminal: the French rulebook's abbreviations PA (« prix
d'achat », a business's price) and R (« recette », its income), explained in the French help, rules and big screen's
legend as the browser says them (« prix d'achat (PA) », « recette (R) »), and never used in English, which says
"price" and "income" (``test_review_terms.py``); and the short form of a turn (the small screen's "since your last
move"), which names the charge card behind a move, a payment or a gain ("receives 200 (card L06)"), not the other
payments; and still after an auction the card led to, in what is left of the turn ("Ada: pays 100 to Bob (a tax, card
T13)."), where the bank's payment for a business it took says the auction ("receives 580 (auction)")."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

from ludotheque.cli.play import PlaySession
from ludotheque.engine import Match
from ludotheque.engine.record import SeatConfig
from ludotheque.engine.state import Event
from tests.a_vendre.test_terminal import GAME, NAMES, RENDERER, built, draw, position, view_of
from tests.cli.terminal_support import scripted

NB = "\u00a0"
EXPLAINED = {
    "en": ("for its price", "its income to the bank as a tax"),
    "fr": ("prix d'achat (PA)", "recette (R)"),
}
"""How each language first says a business's price and income: French with the rulebook's PA and R, as the browser
does (``web.pa_r``: « prix d'achat (PA) …, recette (R) … »); English in words, never PA or R."""
FRENCH_TERMS = re.compile(r"\b(PA|R)\b")


@pytest.mark.parametrize("key", ["help.actions", "rules.summary"])
def test_the_french_help_and_rules_explain_pa_and_r_before_using_them(key: str) -> None:
    text = " ".join(GAME.catalog.t("fr", key).split())
    pa, r = EXPLAINED["fr"]
    assert text.count(pa) == 1 and text.count(r) == 1, text  # once
    uses = [m.start() for m in re.finditer(r"\bPA\b", text)]
    assert uses[0] == text.index(pa) + pa.index("PA"), text  # the first PA is the explained one
    uses = [m.start() for m in re.finditer(r"\bR\b", text)]
    assert uses[0] == text.index(r) + r.index("R"), text
    web = GAME.catalog.t("fr", "web.pa_r", price="1", income="2")
    assert pa.split(" (")[0] in web and r.split(" (")[0] in web  # the browser's words


@pytest.mark.parametrize("key", ["help.actions", "rules.summary"])
def test_the_english_help_and_rules_say_price_and_income_not_pa_and_r(key: str) -> None:
    text = " ".join(GAME.catalog.t("en", key).split())
    for words in EXPLAINED["en"]:
        assert words in text, text
    assert not FRENCH_TERMS.search(text), text
    assert "prix d'achat" not in text and "recette" not in text


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
    if lang == "en":
        assert not FRENCH_TERMS.search(flat), flat
    lines = said.split("\n")
    start = next(i for i, line in enumerate(lines) if line.lstrip("> ").startswith(("Play by typing", "Jouez en")))
    end = next(i for i, line in enumerate(lines) if i > start and ("in short" in line or "en bref" in line))
    assert end - start + 1 <= 24, "\n".join(lines[start:end])  # the help, with the prompt
    assert max(len(line) for line in lines) <= 80


@pytest.mark.parametrize(("lang", "said"), [("en", ("bought for its price", "its income paid as a tax")),
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


# --- a card that leads to an auction: what is left of the turn after it still names the card --------------------------
def seeded_game(seed: int, players: int) -> Match:
    """A whole simple game of ``players`` playing at random (``--bots random``), chance and choices drawn from
    ``seed``, seats named Ada, Bob, Cy…"""
    match = Match(GAME, players, {"game": "simple"}, seed=seed, seats=[SeatConfig(n) for n in NAMES[:players]])
    match.play_randomly(random.Random(seed), 20_000)
    return match


def turn_lines(match: Match, seat: int, round_number: int, lang: str) -> list[tuple[str, str]]:
    """The entries of a seat's turn (its own, the auctions in it, what is left of it after each), in full and in
    short as a spectator's 80-column screen says them (the short form "" when it is the full one)."""
    log = match.log_for(None)
    start = next(i for i, e in enumerate(log) if e.kind == "turn" and e.args == {"seat": seat, "round": round_number})
    end = next(i for i in range(start + 1, len(log)) if log[i].kind in ("turn", "game_end"))
    return [(line.text, line.short) for line in RENDERER.event_lines(view_of(match, lang, 80, None, None),
                                                                      log[start:end])]


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", [("Ada, round 19: rolls 6, to square 36; pays 140 to the bank; to square 33 (card D08); owes 100 but has 90 "
             "(card T13)."),
            "Auction of title 35: nobody outbids: the bank takes it and pays Ada 580.",
            "Ada: pays 100 to Bob (card T13)."]),
    ("fr", [(f"Ada, tour 19{NB}: fait 6, case 36{NB}; paie 140 à la banque{NB}; va à la case 33 (carte D08){NB}; "
             f"doit 100 mais n'a que 90 (carte T13)."),
            f"Enchères sur le titre 35{NB}: personne ne surenchérit{NB}: la banque le prend et paie 580 à Ada.",
            f"Ada{NB}: paie 100 à Bob (carte T13)."]),
])
def test_a_card_s_tax_paid_after_the_auction_it_led_to_names_the_card(lang: str, expected: list[str]) -> None:
    """A real game (seed 0, three players at random): in round 19, Ada draws card T13, the tax (R 100) of square 25,
    Bob's; she has 90, her business 35 is auctioned, nobody bids, the bank pays her 580, and she pays Bob the
    card's tax: a line of its own after the auction's, which names the card, in short and in full."""
    lines = turn_lines(seeded_game(0, 3), 0, 19, lang)
    assert [short or full for full, short in lines] == expected
    full = lines[-1][0]
    assert full == ("Ada: pays 100 to Bob (a tax, card T13)." if lang == "en" else
                    f"Ada{NB}: paie 100 à Bob (un impôt, carte T13).")
    assert "T13" in lines[0][0]  # the card's effect, said before the auction


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", [("Ada, round 20: rolls 5, to square 51; pays 190 to Cy; to square 53 (card M05); owes 250 but has 140 "
             "(card M05)."), "Auction of title 15: Cy buys it for 320.", "Ada: pays 250 to the bank (card M05)."]),
    ("fr", [(f"Ada, tour 20{NB}: fait 5, case 51{NB}; paie 190 à Cy{NB}; va à la case 53 (carte M05){NB}; doit 250 "
             f"mais n'a que 140 (carte M05)."), f"Enchères sur le titre 15{NB}: Cy l'achète pour 320.",
            f"Ada{NB}: paie 250 à la banque (carte M05)."]),
])
def test_a_green_square_s_amount_paid_after_the_auction_names_the_card(lang: str, expected: list[str]) -> None:
    """A real game (seed 11, three players): card M05 sends Ada to the green square 53, paying the bank 250; she has
    140, Cy buys her business 15 at auction, and she pays the card's 250."""
    lines = turn_lines(seeded_game(11, 3), 0, 20, lang)
    assert [short or full for full, short in lines] == expected


@pytest.mark.parametrize(("lang", "rest"), [
    ("en", "Bob: pays 140 to the bank; to square 41 (card D16); pays 260 to Ada; to square 35 (card D26); is given "
           "establishment 34 Port."),
    ("fr", f"Bob{NB}: paie 140 à la banque{NB}; va à la case 41 (carte D16){NB}; paie 260 à Ada{NB}; va à la case 35 "
           f"(carte D26){NB}; reçoit l'établissement 34 Port."),
])
def test_a_square_s_tax_paid_after_the_auction_does_not_name_the_card_that_moved_the_pawn(lang: str,
                                                                                         rest: str) -> None:
    """A real game (seed 0, three players): in round 14 card M08 sends Bob to square 36, a free business he cannot
    buy; its tax (140), short of money, then paid after the auction of his business 15, is the square's: the card
    moved the pawn, it did not ask for the payment."""
    lines = turn_lines(seeded_game(0, 3), 1, 14, lang)
    assert len(lines) == 3
    assert lines[0][1].endswith("(card M08); owes 140 but has 90." if lang == "en" else
                                f"(carte M08){NB}; doit 140 mais n'a que 90.")
    assert lines[2][1] == rest
    assert "M08" not in lines[2][0]


@pytest.mark.parametrize(("lang", "short", "full"), [
    ("en", "Ada: receives 500 (card L10).", "Ada: receives 500 from the bank (a lottery win, card L10)."),
    ("fr", f"Ada{NB}: reçoit 500 (carte L10).", f"Ada{NB}: reçoit 500 de la banque (un gain à la loterie, carte L10)."),
])
def test_a_lottery_win_paid_after_the_bank_s_auction_names_the_card(lang: str, short: str, full: str) -> None:
    """Card L10, a lottery win of 500, and a bank with 100: the bank itself is auctioned (Ada buys it), then pays
    her the card's 500."""
    match = position(3, cash=[6_000, 6_000, 8_300], player=0, queue=[["draw"], ["end_turn"]])
    start = len(match.events)
    for action in ("draw L10", "bid 2550", "pass", "pass"):
        match.apply(action)
    lines = RENDERER.event_lines(view_of(match, lang, 80, None, None), match.log_for(None)[start:])
    assert (lines[2].text, lines[2].short) == (full, short)


@pytest.mark.parametrize(("lang", "short"), [
    ("en", "Ada: receives 580 (auction); pays 100 to Bob (card T13)."),
    ("fr", f"Ada{NB}: reçoit 580 (enchères){NB}; paie 100 à Bob (carte T13)."),
])
def test_the_bank_s_payment_for_a_business_it_took_names_the_auction_not_the_card(lang: str, short: str) -> None:
    """Card T13 (R 100 to Bob) and Ada with 90: nobody bids for her business 35, and the bank, with too little to pay
    her the 580, is auctioned first; what it then pays her is the auction's, the tax she pays Bob the card's."""
    match = position(3, owners={"35": 0, "18": 1}, cash=[90, 9_900, 9_900], player=0, queue=[["draw"], ["end_turn"]])
    start = len(match.events)
    for action in ("draw T13", "pass", "pass", "bid 2550", "pass"):
        match.apply(action)
    lines = RENDERER.event_lines(view_of(match, lang, 80, None, None), match.log_for(None)[start:])
    assert len(lines) == 5  # Ada's card, the auction of her business, the bank's, the rest of her turn, Bob's turn
    assert lines[3].short == short
    assert lines[3].text == ("Ada: receives 580 from the bank (an auction); pays 100 to Bob (a tax, card T13)."
                             if lang == "en" else
                             f"Ada{NB}: reçoit 580 de la banque (une vente aux enchères){NB}; paie 100 à Bob (un "
                             f"impôt, carte T13).")


@pytest.mark.parametrize(("lang", "short"), [
    ("en", "Ada: owes 300 but has 130 (card T15); borrows 1,000 from the bank (loans: 1); pays 300 to Bob (card T15)."),
    ("fr", f"Ada{NB}: doit 300 mais n'a que 130 (carte T15){NB}; emprunte 1{NB}000 à la banque (emprunts{NB}: 1){NB}; "
           f"paie 300 à Bob (carte T15)."),
])
def test_a_shortfall_again_after_an_auction_and_the_loan_name_the_card_as_before(lang: str, short: str) -> None:
    """A card's tax of 300 with 20: the auction brings 110, the shortfall said again after it names the card, the
    loan that follows does not (the player's doing), the tax paid at last does."""
    events = turn(("roll", {"face": 2}), ("move", {"square": 5}),
                  ("card", {"card": "T15", "effect": {"kind": "tax", "square": 29}}),
                  ("short", {"amount": 300, "cash": 20}), round_number=4)
    events += [Event("auction", {"what": "business", "title": 1, "seat": 0, "amount": 100}),
               Event("bid", {"seat": 1, "amount": 110}), Event("bid_pass", {"seat": 2}),
               Event("sold", {"seat": 0, "buyer": 1, "title": 1, "amount": 110})]
    events += turn(("short", {"amount": 300, "cash": 130}), ("loan", {"amount": 1000, "loans": 1}),
                   ("pay", {"to": 1, "amount": 300, "why": "tax"}))[1:]
    rest = RENDERER.event_lines(view_of(position(3), lang, 80, None, 0), events)[-1]
    assert rest.short == short
    assert rest.text.endswith("pays 300 to Bob (a tax, card T15)." if lang == "en" else
                              "paie 300 à Bob (un impôt, carte T15).")
