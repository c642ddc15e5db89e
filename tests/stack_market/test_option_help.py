"""Stack Market's options' and seat setting's help, as the browser's table setup and ``ludo games`` show it
(tests/option_help.py says what it must be): the choices by their labels, curly quotes or « », not the
title again."""

from __future__ import annotations

import pytest

from ludotheque.engine import get_game
from ludotheque.engine.options import OptionSpec
from ludotheque.games.stack_market.options import OPTIONS
from tests.option_help import NBSP, problems

INFO = get_game("stack-market").info
# every option of every game passes ``problems`` (tests/test_option_help.py); here, this game's own texts


def test_the_review_s_texts_are_caught_and_replaced() -> None:
    """The review's help (« Dés retirés après un effondrement : 'game' = jusqu'à la fin de la partie (la règle) ;
    'round' = rendus à la manche suivante », the rounds' « Nombre de manches : … » under the title « Manches ») fails
    the check; the help now names each choice by the dropdown's words, the value in brackets."""
    removed = next(o for o in OPTIONS if o.name == "removed_dice")
    before = OptionSpec(
        "removed_dice", "game",
        "Dice removed after a collapse: 'game' = out for the rest of the game (the rulebook); 'round' = back at "
        "the next round",
        "Dés retirés après un effondrement : 'game' = jusqu'à la fin de la partie (la règle) ; 'round' = rendus à "
        "la manche suivante",
        removed.choices, title_en=removed.title_en, title_fr=removed.title_fr, labels=removed.labels)
    assert len(problems(before, "en")) >= 3 and len(problems(before, "fr")) >= 3
    assert "“out for the rest of the game” (game: the rulebook) or come “back at the next round” (round)" in \
        removed.help_en
    assert (f"«{NBSP}jusqu'à la fin de la partie{NBSP}» (game{NBSP}: la règle) ou sont «{NBSP}rendus à la manche "
            f"suivante{NBSP}» (round)") in removed.help_fr
    rounds = next(o for o in OPTIONS if o.name == "rounds")
    old_rounds = OptionSpec("rounds", 3, "How many rounds: 3 (the rulebook), or 1 or 2 (« Vous pouvez décider de la "
                            "fin de partie après une ou deux manches »)", "Nombre de manches : 3 (la règle), ou 1 ou 2",
                            rounds.choices, title_en=rounds.title_en, title_fr=rounds.title_fr, labels=rounds.labels)
    assert problems(old_rounds, "en") and problems(old_rounds, "fr")
    assert "“3” (the rulebook), or 1 or 2" in rounds.help_en
    assert f"«{NBSP}3{NBSP}» (la règle), ou 1 ou 2" in rounds.help_fr


def test_ludo_games_shows_the_new_help(capsys: pytest.CaptureFixture[str]) -> None:
    """``ludo games`` in both languages: the labels quoted, no internal value alone in straight quotes."""
    from ludotheque.cli.main import main

    for lang in ("en", "fr"):
        main(["--lang", lang, "games"])
        out = " ".join(capsys.readouterr().out.split())
        stack = out[out.index("stack-market"):]
        assert "'game'" not in stack and "'round'" not in stack
        assert ("“back at the next round” (round)" if lang == "en" else "rendus à la manche suivante") in stack
