"""French elides « de » and « que » before a vowel (« au tour d'Ada »): the catalogue does it for a field, in Python
and in the browser's ``i18n.js`` alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludotheque.engine.game import get_game
from ludotheque.engine.i18n import elided
from tests.server.support import Running, launch_chromium, needs_chromium, server_thread

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


@pytest.fixture
def running(tmp_path: Path) -> Any:
    with server_thread(f"sqlite:///{tmp_path / 'ludo.db'}") as r:
        yield r


@pytest.mark.browser
@needs_chromium
def test_the_browser_elides_as_the_catalogue_does(running: Running) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page()
        page.goto(f"{running.url}/")
        said = page.evaluate("""async (cases) => {
            const { makeT } = await import("/static/i18n.js");
            return cases.map(([template, fields]) => [makeT({ k: template }, "fr")("k", fields),
                                                      makeT({ k: template }, "en")("k", fields)]);
        }""", [[t, f] for t, f, _ in CASES])
        browser.close()
    for (template, fields, expected), (french, english) in zip(CASES, said, strict=True):
        assert french == _filled(expected, fields), (template, french)
        assert english == _filled(template, fields), (template, english)


def _filled(template: str, fields: dict[str, Any]) -> str:
    """A template with its fields filled in, a missing one left as it is (as ``i18n.js`` shows a gap)."""
    out = template
    for name, value in fields.items():
        out = out.replace("{" + name + "}", str(value))
    return out
