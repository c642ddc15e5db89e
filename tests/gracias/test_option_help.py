"""Gracias's options' help, as the browser's table setup and ``ludo games`` show it (tests/option_help.py
says what it must be): the choices by their labels, curly quotes or « », not the title again."""

from __future__ import annotations

from ludotheque.engine import get_game
from ludotheque.engine.options import OptionSpec
from ludotheque.games.gracias.options import OPTIONS
from tests.option_help import NBSP, problems

INFO = get_game("gracias").info
# every option of every game passes ``problems`` (tests/test_option_help.py); here, this game's own texts


def test_the_review_s_texts_are_caught_and_replaced() -> None:
    """The review's help (« Paquets au décompte — Paquets au décompte : 'one' = … ; 'many' = … », « le reste
    reste ») fails the check; the help now names each choice by the dropdown's words, the value in brackets."""
    packets = next(o for o in OPTIONS if o.name == "packets")
    before = OptionSpec(
        "packets", "one",
        "Packets at scoring: 'one' = one face-down packet of 5 per colour, the rest stays open (the rulebook); "
        "'many' = one packet per full 5",
        f"Paquets au décompte{NBSP}: 'one' = un paquet de 5 par couleur, le reste reste visible (la règle){NBSP}; "
        "'many' = un paquet par tranche complète de 5",
        packets.choices, title_en=packets.title_en, title_fr=packets.title_fr, labels=packets.labels)
    assert len(problems(before, "en")) >= 3 and len(problems(before, "fr")) >= 3
    assert "“one packet of 5 per colour” (one: the rulebook;" in packets.help_en
    assert "“one packet per full 5” (many: 11 red make 2 packets and leave 1)" in packets.help_en
    assert f"«{NBSP}un paquet de 5 par couleur{NBSP}» (one{NBSP}: la règle{NBSP};" in packets.help_fr
    assert "reste reste" not in packets.help_fr and "restent visibles" in packets.help_fr
