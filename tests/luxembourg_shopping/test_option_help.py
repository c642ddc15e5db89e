"""Luxembourg-Shopping's options' help, as ``ludo games`` shows it (tests/option_help.py says what it must be; the
data files are not offered by the browser's table setup): curly quotes or « », not the title again; a data file's
help says what the value may be."""

from __future__ import annotations

import pytest

from ludotheque.engine import get_game
from ludotheque.engine.options import OptionSpec
from ludotheque.games.luxembourg_shopping.options import FILE_OPTIONS, OPTIONS
from tests.option_help import NBSP, help_column, problems

INFO = get_game("luxembourg-shopping").info


def option(name: str) -> OptionSpec:
    return next(o for o in OPTIONS if o.name == name)


# every option passes ``problems`` (tests/test_option_help.py); here, this game's own texts


@pytest.mark.parametrize(("name", "what_en", "what_fr"), [
    ("board", "Which board to play on: ", f"Sur quel plateau jouer{NBSP}: "),
    ("correspondance", "Which deck of Correspondance cards to play with: ",
     f"Avec quel paquet de cartes Correspondance jouer{NBSP}: "),
    ("bouton_rouge", "Which deck of Bouton Rouge cards to play with: ",
     f"Avec quel paquet de cartes Bouton Rouge jouer{NBSP}: "),
])
def test_a_data_file_s_help_says_what_the_value_may_be(name: str, what_en: str, what_fr: str) -> None:
    """The shipped file (“reconstructed”) or one's own, checked by ``ludo check-data``, for the board and both decks
    (the review's « The board's data file », « The Correspondance deck's data file » said the title again)."""
    spec = option(name)
    assert spec.file and name in FILE_OPTIONS
    assert spec.help_en == (f"{what_en}“reconstructed” (the shipped file, rebuilt from the rulebook, not the printed "
                            "edition) or the path of your own TOML file (“ludo check-data” checks it)")
    assert spec.help_fr == (f"{what_fr}«{NBSP}reconstructed{NBSP}» (le fichier fourni, reconstitué d'après la règle, "
                            f"pas l'édition imprimée) ou le chemin de votre propre fichier TOML («{NBSP}ludo "
                            f"check-data{NBSP}» le vérifie)")
    before = OptionSpec(name, "reconstructed", f"The {spec.title_en.removesuffix(' cards')} deck's data file: …",
                        "…", file=True, title_en=spec.title_en, title_fr=spec.title_fr)
    if name != "board":
        assert problems(before, "en") == [f"starts by saying the title {spec.title_en!r} again"]


def test_the_rounds_limit_says_how_a_stopped_game_ranks() -> None:
    """The rulebook's order for a game stopped early (« par priorité : le plus d'enseignes, … la plus grande galerie,
    … le plus de galeries, … le plus de commerces, … le plus d'argent »), said as an order."""
    rounds = option("rounds")
    assert rounds.help_en == ("Stop the game after this many rounds and rank the players as the rulebook does for a "
                              "game stopped early: most signs first, then the largest gallery, most galleries, most "
                              "shops, most money (0: never stop)")
    assert rounds.help_fr == (f"Arrêter la partie après ce nombre de tours et classer les joueurs comme la règle le "
                              f"fait pour une partie arrêtée{NBSP}: le plus d'enseignes d'abord, puis la plus grande "
                              f"galerie, le plus de galeries, de commerces, d'argent (0{NBSP}: ne jamais arrêter)")


def test_ludo_games_shows_the_new_help(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``ludo games`` at 80 columns in both languages: each option's help whole in its column, in order (the French
    no longer cuts « Correspondance » inside no-break guillemets)."""
    from ludotheque.cli.main import main

    monkeypatch.setenv("COLUMNS", "80")
    for lang in ("en", "fr"):
        main(["--lang", lang, "games"])
        first = "Which board" if lang == "en" else "Sur quel plateau"
        helps = help_column(capsys.readouterr().out, "luxembourg-shopping", first)
        expected = " ".join(" ".join(o.help_en if lang == "en" else o.help_fr for o in OPTIONS).split())
        assert helps == expected.replace(NBSP, " ")
        assert "Correspondanc e" not in helps
