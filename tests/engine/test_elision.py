"""French elides « de » and « que » before a vowel (« au tour d'Ada »): the catalogue does it for a field, in Python
and in the browser's ``i18n.js`` alike (tests/server/test_elision_browser.py)."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.engine.game import get_game
from ludotheque.engine.i18n import elided

CASES = [
    ("Au tour de {player}.", {"player": "Ada"}, "Au tour d'{player}."),
    ("Au tour de {player}.", {"player": "Bob"}, "Au tour de {player}."),
    ("plus que {name}", {"name": "Yves"}, "plus qu'{name}"),
    ("De {name} à {other}", {"name": "Émile", "other": "Ada"}, "D'{name} à {other}"),
    ("de {name}", {"name": "Hugo"}, "de {name}"),  # an h: it depends on the word, left as written
    ("de {count} joueurs", {"count": 8}, "de {count} joueurs"),
    ("de {missing}", {}, "de {missing}"),
    ("vide {name}", {"name": "Ada"}, "vide {name}"),  # only the words de and que
]


@pytest.mark.parametrize(("template", "fields", "expected"), CASES)
def test_de_and_que_elide_before_a_field_beginning_with_a_vowel(template: str, fields: dict[str, Any],
                                                                expected: str) -> None:
    assert elided(template, fields) == expected


def test_a_games_french_text_names_a_player_as_french_writes_it() -> None:
    catalog = get_game("a-vendre").catalog
    fields = {"title": 35, "name": "Opticien", "price": 100, "income": 20, "opening": 50}
    assert " d'Ada " in catalog.t("fr", "ui.auction.title", seller="Ada", **fields)
    assert " de Bob " in catalog.t("fr", "ui.auction.title", seller="Bob", **fields)
    assert " of Ada's " in catalog.t("en", "ui.auction.title", seller="Ada", **fields)
