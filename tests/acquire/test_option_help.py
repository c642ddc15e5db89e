"""Acquire's options' help, as the browser's table setup and ``ludo games`` show it (tests/option_help.py
says what it must be): the choices by their labels, curly quotes or « », not the title again."""

from __future__ import annotations

from ludotheque.engine import get_game
from ludotheque.engine.options import OptionSpec
from ludotheque.games.acquire.options import OPTIONS
from tests.option_help import NBSP, problems

INFO = get_game("acquire").info
# every option of every game passes ``problems`` (tests/test_option_help.py); here, this game's own texts


def test_the_review_s_texts_are_caught_and_replaced() -> None:
    """The review's help (English showing French, values the dropdown never shows, straight quotes) fails the
    check; the help now names each end by the dropdown's words, the value in brackets."""
    end_rule = next(o for o in OPTIONS if o.name == "end_rule")
    before = OptionSpec(
        "end_rule", "seed",
        "End condition besides a 41-hotel chain: 'seed' = all seven chains on the board and each safe (the "
        "rulebook's '7 chaînes de plus de 10 hôtels'); 'classic' = every chain on the board is safe",
        f"Condition de fin outre une chaîne de 41 hôtels{NBSP}: « seed » = les sept chaînes sur le plateau et "
        f"toutes fermées (la règle){NBSP}; « classic » = toutes les chaînes du plateau sont fermées",
        end_rule.choices, title_en=end_rule.title_en, title_fr=end_rule.title_fr, labels=end_rule.labels)
    assert len(problems(before, "en")) >= 4 and len(problems(before, "fr")) >= 3
    assert "“all seven chains on the board, all safe” (seed: the rulebook's “7 chains of more than 10 hotels”)" \
        in end_rule.help_en
    assert f"«{NBSP}toutes les chaînes du plateau fermées{NBSP}» (classic{NBSP}:" in end_rule.help_fr
    cards = next(o for o in OPTIONS if o.name == "cards")
    assert problems(OptionSpec("cards", False, "The card variant: …", "Les cartes", title_en="Cards",
                               title_fr="Cartes"), "en") == ["starts by saying the title 'Cards' again"]
    assert cards.help_en.startswith("The rulebook's variant: each player gets the five cards")
