"""« A Vendre ! »'s options' help, as the browser's table setup and ``ludo games`` show it (tests/option_help.py says
what it must be): the choices by their labels, curly quotes or « », not the title again, no French left in English;
a data file's help says what the value may be."""

from __future__ import annotations

import pytest

from ludotheque.engine import get_game
from ludotheque.engine.options import OptionSpec
from ludotheque.games.a_vendre.options import OPTIONS
from tests.option_help import NBSP, help_column, problems

INFO = get_game("a-vendre").info


def option(name: str) -> OptionSpec:
    return next(o for o in OPTIONS if o.name == name)


# every option passes ``problems`` (tests/test_option_help.py); here, this game's own texts


def test_the_review_s_texts_are_caught_and_replaced() -> None:
    """The review's help of ``game`` (the values alone, not the dropdown's words; « Règle de jeu complémentaire »
    left in the English) fails the check; the help now names each way to play by its label and translates it."""
    game = option("game")
    before = OptionSpec(
        "game", "simple",
        "“simple”: the first pawn to reach or pass square 60 ends the game; “double”: two trips, the second with 3 "
        "businesses or establishments, the end with 6 (« Règle de jeu complémentaire »)",
        f"«{NBSP}simple{NBSP}»{NBSP}: le premier pion qui atteint ou dépasse la case 60 termine le jeu{NBSP}; "
        f"«{NBSP}double{NBSP}»{NBSP}: deux voyages, le second avec 3 commerces ou établissements, la fin avec 6 "
        f"(«{NBSP}Règle de jeu complémentaire{NBSP}»)",
        game.choices, title_en=game.title_en, title_fr=game.title_fr, labels=game.labels)
    assert len(problems(before, "en")) >= 3 and len(problems(before, "fr")) >= 2
    assert game.help_en.startswith("How the game ends: “simple: the first pawn on square 60 ends it” (reaching or "
                                   "passing square 60 ends the game at once) or “double: two trips” (the rulebook's "
                                   "additional rule: square 60 is reached twice;")
    assert "starts only with at least 3 businesses or establishments held, and the game ends only with 6)" in \
        game.help_en
    assert game.help_fr.startswith(f"Comment le jeu se termine{NBSP}: «{NBSP}simple{NBSP}: le premier pion sur la "
                                   f"case 60 le termine{NBSP}» (atteindre ou dépasser la case 60 termine aussitôt le "
                                   f"jeu) ou «{NBSP}double{NBSP}: deux voyages{NBSP}» (la «{NBSP}Règle de jeu "
                                   f"complémentaire{NBSP}»{NBSP}:")
    assert "le second voyage ne part qu'avec au moins 3 commerces ou établissements, et le jeu ne se termine " \
           "qu'avec 6)" in game.help_fr


@pytest.mark.parametrize(("name", "what_en", "what_fr"), [
    ("board", "Which board to play on: ", f"Sur quel plateau jouer{NBSP}: "),
    ("charges", "Which deck of charge cards to play with: ", f"Avec quel paquet de cartes des charges jouer{NBSP}: "),
])
def test_a_data_file_s_help_says_what_the_value_may_be(name: str, what_en: str, what_fr: str) -> None:
    """The shipped file (“reconstructed”) or one's own, checked by ``ludo check-data``; the review's « The board's
    data file », « The « cartes des charges » data file » said the title again or left French in the English."""
    spec = option(name)
    assert spec.file
    assert spec.help_en == (f"{what_en}“reconstructed” (the shipped file, rebuilt from the rulebook, not the printed "
                            "edition) or the path of your own TOML file (“ludo check-data” checks it)")
    assert spec.help_fr == (f"{what_fr}«{NBSP}reconstructed{NBSP}» (le fichier fourni, reconstitué d'après la règle, "
                            f"pas l'édition imprimée) ou le chemin de votre propre fichier TOML («{NBSP}ludo "
                            f"check-data{NBSP}» le vérifie)")
    before = OptionSpec(name, "reconstructed", "The board's data file: …", f"Le fichier du plateau{NBSP}: …",
                        file=True, title_en="Board", title_fr="Plateau")
    assert problems(before, "en") == ["starts by saying the title 'Board' again"]
    charges = OptionSpec(name, "reconstructed", f"The «{NBSP}cartes des charges{NBSP}» data file: …", "…", file=True,
                         title_en="Charge cards", title_fr="Cartes des charges")
    assert problems(charges, "en") == ["French in the English help (« » or an accented word): translate it"]


def test_the_rounds_limit_says_what_a_stop_does() -> None:
    rounds = option("rounds")
    assert rounds.help_en == ("Stop the game after this many rounds and settle the accounts as at its end "
                              "(0: never stop)")
    assert rounds.help_fr == (f"Arrêter la partie après ce nombre de tours et établir le compte final comme à la fin "
                              f"du jeu (0{NBSP}: ne jamais arrêter)")


def test_ludo_games_shows_the_new_help(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``ludo games`` at 80 columns in both languages: each option's help whole in its column, in order; no French in
    the English."""
    from ludotheque.cli.main import main

    monkeypatch.setenv("COLUMNS", "80")
    for lang in ("en", "fr"):
        main(["--lang", lang, "games"])
        helps = help_column(capsys.readouterr().out, "a-vendre", "How the game" if lang == "en" else "Comment le jeu")
        expected = " ".join(" ".join(o.help_en if lang == "en" else o.help_fr for o in OPTIONS).split())
        assert helps == expected.replace(NBSP, " ")
        if lang == "en":
            assert "“double: two trips” (the rulebook's additional rule:" in helps
            assert "cartes des charges" not in helps and "Règle" not in helps
        else:
            assert "« double : deux voyages » (la « Règle de jeu complémentaire » :" in helps
