"""What a player reads of Stack Market's margins and money, in the log (the browser's and the terminal's), the hints,
the terminal screen and the browser's catalogue: margins in millimetres with one decimal as the language writes
numbers (« 5,8 mm », "5.8 mm", never micrometres), money as the language writes it (« 50 000 $ », "$50,000")."""

from __future__ import annotations

import re

import pytest

from ludotheque.engine import get_game
from ludotheque.engine.state import Event
from ludotheque.games.stack_market.texts import millimetres, money
from tests.stack_market.test_terminal import NAMES, draw, reach, view_of

GAME = get_game("stack-market")
NBSP = "\u00a0"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Ada places a 3 on company C: 4 dice, it stands (margin 5.8\u00a0mm)."),
    ("fr", "Ada pose un 3 sur la compagnie C\u00a0: 4 dés, il tient (marge 5,8\u00a0mm).")])
def test_a_placed_die_says_its_margin_in_millimetres(lang: str, said: str) -> None:
    event = Event("placed", {"seat": 0, "face": 3, "company": "C", "height": 4, "margin": 5808})
    assert GAME.describe(event, lang, NAMES) == said


@pytest.mark.parametrize(("lang", "texts"), [
    ("en", {"pay": "Ada must pay $20,000 to the bank (the building collapsed).",
            "income": "Ada receives $10,000 (company B).",
            "stack_bonus": "Ada stacked 5 dice this turn: a $10,000 bonus.",
            "card_bonus": "Ada receives the tallest-building bonus: $20,000.",
            "game_end": "The game is over. Cash: Ada $50,000, Bob $120,000, Cy $0."}),
    ("fr", {"pay": "Ada doit payer 20\u00a0000\u00a0$ à la banque (le building s'est écroulé).",
            "income": "Ada reçoit 10\u00a0000\u00a0$ (compagnie B).",
            "stack_bonus": "Ada a empilé 5 dés ce tour\u00a0: bonus de 10\u00a0000\u00a0$.",
            "card_bonus": "Ada reçoit le bonus du plus haut building\u00a0: 20\u00a0000\u00a0$.",
            "game_end": "La partie est terminée. Argent\u00a0: Ada 50\u00a0000\u00a0$, Bob 120\u00a0000\u00a0$, "
                        "Cy 0\u00a0$."})])
def test_money_in_the_log_is_written_as_the_language_writes_it(lang: str, texts: dict[str, str]) -> None:
    events = {"pay": Event("pay", {"seat": 0, "amount": 20000, "why": "collapse"}),
              "income": Event("income", {"seat": 0, "amount": 10000, "company": "B"}),
              "stack_bonus": Event("stack_bonus", {"seat": 0, "dice": 5, "amount": 10000}),
              "card_bonus": Event("card_bonus", {"seat": 0, "amount": 20000}),
              "game_end": Event("game_end", {"cash": "50000 120000 0"})}
    for kind, said in texts.items():
        assert GAME.describe(events[kind], lang, NAMES) == said


def test_money_and_lengths_helpers() -> None:
    assert money(50000, "en") == "$50,000" and money(-20000, "en") == "-$20,000"
    assert money(50000, "fr") == f"50{NBSP}000{NBSP}$"
    assert millimetres(5808, "en") == f"5.8{NBSP}mm" and millimetres(5808, "fr") == f"5,8{NBSP}mm"


def test_a_whole_game_log_has_no_micrometres_and_dollars_before_english_amounts() -> None:
    match = reach(4, 5, "over")
    for lang in ("en", "fr"):
        texts = [GAME.describe(e, lang, NAMES) for e in match.log_for(None)]
        assert not any("µm" in t for t in texts)
        margins = [m for t in texts for m in re.findall(r"\((?:margin|marge) ([^)]*)\)", t)]
        assert margins and all(re.fullmatch(r"\d+[.,]\d\u00a0mm", m) for m in margins), margins[:5]
        assert all(("." if lang == "en" else ",") in m for m in margins)
        amounts = [t for t in texts if "$" in t]
        assert amounts
        if lang == "en":
            assert not any(re.search(r"\d\s*\$", t) for t in amounts), amounts[:5]
        else:
            assert not any(re.search(r"\$\d", t) for t in amounts), amounts[:5]


def test_hints_say_income_as_money() -> None:
    fields = {"company": "B", "height": 7, "income": 20000}
    assert GAME.describe_reason("stay", fields, "en", NAMES).endswith("about $20,000 by the round's end")
    assert GAME.describe_reason("invest", fields, "fr", NAMES).endswith(
        f"environ 20{NBSP}000{NBSP}$ d'ici la fin de la manche")


def test_the_terminal_and_the_browser_say_ones_cash_as_the_language_writes_money() -> None:
    match = reach(4, 2, "change", 1)
    cash = match.state.observation(match.current_player)["my_cash"]
    english = " ".join(draw(view_of(match, "en", 120, None)).split())
    assert f"your cash: ${cash:,}" in english and f"{cash:,} $" not in english
    french = draw(view_of(match, "fr", 120, None))
    assert f"votre argent{NBSP}: {money(cash, 'fr')}" in french
    assert GAME.catalog.t("en", "web.money", amount="50,000") == "$50,000"
    assert GAME.catalog.t("fr", "web.money", amount=f"50{NBSP}000") == f"50{NBSP}000{NBSP}$"
    assert GAME.catalog.t("en", "web.my_cash", amount=money(50000, "en")) == "Your cash: $50,000"
