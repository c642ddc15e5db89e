"""Links that go wrong, in Debian's chromium, as a person meets them: an invitation whose seat number is not the
token's seat, a forged or stale token, a table that does not exist, and the replay of a game still being played.
Each page says what happened, in the page's language, and offers a way on."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.support import LOBBY_READY, Running, chromium, needs_chromium, page_in

pytestmark = [pytest.mark.browser, needs_chromium]


def opened(browser: Any, running: Running, errors: list[str], hash_: str, lang: str = "fr") -> Any:
    page = page_in(browser, running, lang, errors)
    page.reload()  # the language is read when the page starts; then the link, as a person follows it
    page.wait_for_selector(LOBBY_READY)
    page.goto(f"{running.url}/#{hash_}")
    return page


def real(errors: list[str]) -> list[str]:
    """The page's errors, less the browser's report of the refusals the page asked for (404, 409)."""
    return [e for e in errors if "Failed to load resource" not in e]


def zoes_table(running: Running) -> tuple[str, str]:
    """A Gracias table of Zoé and two random bots being played: its id and Zoé's token."""
    data = running.create(game="gracias", players=3, seats=[{"name": "Zoé"}, {"bot": "random"}, {"bot": "random"}],
                          bot_delay_ms=0)
    return data["id"], data["tokens"]["0"]


def test_a_link_with_another_seat_number_shows_the_tokens_seat(running: Running) -> None:
    table, token = zoes_table(running)
    errors: list[str] = []
    with chromium() as browser:
        page = opened(browser, running, errors, f"/table/{table}/join/2/{token}")
        seated = page.wait_for_selector("text=Vous jouez la place 0", timeout=10_000)
        assert "Zoé" in seated.inner_text() and "place 2" not in page.inner_text("body")
    assert not real(errors), errors


def test_a_forged_token_says_the_link_holds_no_seat(running: Running) -> None:
    data = running.create(game="gracias", players=3, seats=[{"name": "Zoé"}, {"bot": "random"}, {"name": "Ada"}])
    table = data["id"]
    errors: list[str] = []
    with chromium() as browser:
        page = opened(browser, running, errors, f"/table/{table}/join/0/AAAAforgedTOKEN")
        said = page.wait_for_selector(".bad-link", timeout=20_000).inner_text()
        assert "Ce lien d'invitation ne donne aucune place à cette table" in said
        assert "Vous regardez en spectateur" in page.inner_text("body")
        english = opened(browser, running, errors, f"/table/{table}/join/0/AAAAforgedTOKEN", "en")
        said = english.wait_for_selector(".bad-link", timeout=20_000).inner_text()
        assert "This invitation link holds no seat" in said
    assert not real(errors), errors


@pytest.mark.parametrize("where", ["table", "replay"])
def test_a_table_that_does_not_exist_is_said_in_french_with_the_way_back(running: Running, where: str) -> None:
    errors: list[str] = []
    with chromium() as browser:
        page = opened(browser, running, errors, f"/{where}/NOPE123")
        card = page.wait_for_selector(".card:has-text('NOPE123')", timeout=10_000)
        assert "Il n'y a pas de table «\u00a0NOPE123\u00a0» ici" in card.inner_text()
        card.query_selector("a[href='#/']").click()
        page.wait_for_selector("#create-table", timeout=10_000)
    assert not real(errors), errors


def test_the_replay_of_a_game_being_played_says_so_and_leads_to_it(running: Running) -> None:
    table, _ = zoes_table(running)
    errors: list[str] = []
    with chromium() as browser:
        page = opened(browser, running, errors, f"/replay/{table}")
        card = page.wait_for_selector(".card:has-text('encore en cours')", timeout=10_000)
        assert page.query_selector(".replay-bar") is None  # no buttons that would do nothing
        card.query_selector(f"a[href='#/table/{table}']").click()
        page.wait_for_selector(".seats-bar .seat", timeout=10_000)
    assert not real(errors), errors
