"""The browser's ``i18n.js`` elides « de » and « que » before a vowel as the Python catalogue does
(``tests/engine/test_elision.py`` holds the cases)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.test_elision import CASES
from tests.server.support import Running, launch_chromium, needs_chromium


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
