"""Accounts and rated games in Debian's chromium: a guest sees why the "rated" box is closed to them, creates an
account from the header, creates a rated table (its badge), a second person (a French page) logs in and takes
the other seat while a guest is told to log in; the game is played to its end (moves sent over the seats'
WebSockets), both pages show the ratings' changes; the leaderboard and the profile show them, and logging out
brings the guest's header back. Screenshots in ``test-artifacts/``."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.server.support import (
    ARTIFACTS,
    LOBBY_READY,
    Running,
    chromium,
    needs_chromium,
    page_in,
    play_table,
    server_thread,
)

pytestmark = [pytest.mark.browser, needs_chromium]
PASSWORD = "correct horse battery"


@pytest.fixture
def running(tmp_path: Path) -> Any:
    with server_thread(f"sqlite:///{tmp_path / 'ludo.db'}") as r:
        yield r


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"accounts-{name}.png"), full_page=True)


def test_accounts_rated_tables_and_leaderboards_in_the_browser(running: Running) -> None:
    errors: list[str] = []
    with chromium() as browser:
        ada = page_in(browser, running, "en", errors)
        ada.wait_for_selector(LOBBY_READY)
        # a guest: the box is there, closed, and says why
        assert ada.locator("#new-rated").is_disabled()
        assert ada.locator("#rated-why").inner_text() == "Log in to create a rated table."
        assert ada.locator("#nav-login").inner_text() == "Log in"
        assert ada.locator(".leaderboards a").count() >= 5
        shot(ada, "lobby-guest")

        ada.click("#nav-login")
        ada.wait_for_selector("#register-form")
        ada.fill("#register-name", "Ada")
        ada.fill("#register-password", "short")
        ada.click("#register-submit")  # the browser's own check (minlength) holds it back first
        assert ada.locator("#register-form .message").inner_text() == ""
        ada.fill("#register-name", "A d a")
        ada.fill("#register-password", PASSWORD)
        ada.click("#register-submit")
        ada.wait_for_function("document.querySelector('#register-form .message').textContent.includes('no spaces')")
        shot(ada, "register-refused")
        ada.fill("#login-name", "Ad")  # typing again, here or in the other form: the old refusal goes
        assert ada.locator("#register-form .message").inner_text() == ""
        ada.fill("#register-name", "Ada")
        ada.fill("#register-password", PASSWORD)
        ada.click("#register-submit")
        ada.wait_for_selector("#nav-me")  # back to the lobby, logged in
        assert ada.locator("#nav-me").inner_text() == "Ada"
        ada.wait_for_selector(LOBBY_READY)
        assert ada.locator("#new-rated").is_enabled()

        ada.select_option("#new-game", "gracias")
        ada.select_option("#new-players", "3")
        ada.check("#new-rated")
        assert ada.locator("[name=name-0]").input_value() == "Ada"
        ada.select_option("[name=seat-0]", "reserved")
        ada.select_option("[name=seat-1]", "open")
        ada.select_option("[name=seat-2]", "bot:heuristic")
        ada.select_option("#new-pace", "150")
        shot(ada, "lobby-rated")
        ada.click("#create-table")
        ada.wait_for_selector("#rated-badge")
        table = ada.evaluate("location.hash").split("/")[2]
        assert ada.locator("#rated-badge").inner_text() == "Rated game"

        # a guest at the table is told to log in; Bob, logged in on a French page, takes the seat
        guest = page_in(browser, running, "en", errors)
        guest.goto(f"{running.url}/#/table/{table}")
        guest.wait_for_selector("#rated-login")
        assert "only players with an account sit here" in guest.locator(".join").inner_text()
        bob = page_in(browser, running, "fr", errors, (390, 844))
        assert bob.request.post(f"{running.url}/api/accounts", data={"name": "Bob", "password": PASSWORD}).ok
        bob.goto(f"{running.url}/#/table/{table}")
        bob.wait_for_selector("#rated-badge")
        assert bob.locator("#rated-badge").inner_text() == "Partie classée"
        bob.click(".join button[data-seat='1']")
        bob.wait_for_function("localStorage.getItem('ludo.seat.' + location.hash.split('/')[2]) !== null")
        shot(bob, "table-rated-fr")

        # the game, played over the seats' own tokens (as the pages hold them), to its end
        tokens = {seat: page.evaluate(f"JSON.parse(localStorage.getItem('ludo.seat.{table}')).token")
                  for seat, page in ((0, ada), (1, bob))}
        with ThreadPoolExecutor(1) as other:  # playwright's own loop runs in this thread
            other.submit(asyncio.run, play_table(running, table, tokens, spectators=0)).result(timeout=120)
        ada.wait_for_selector("#rating-changes", timeout=20_000)
        bob.wait_for_selector("#rating-changes", timeout=20_000)
        assert "Classement" in bob.locator("#rating-changes").inner_text()
        assert ada.locator("#rating-changes tr").count() == 3
        shot(ada, "table-over")
        shot(bob, "table-over-fr")

        ada.click("#nav-leaderboard")
        ada.wait_for_selector("#leaderboard-game")
        ada.select_option("#leaderboard-game", "gracias")
        ada.wait_for_selector("#leaderboard tr.mine")
        board = ada.locator("#leaderboard tbody").inner_text()
        assert "Ada" in board and "Bob" in board and "heuristic" in board
        assert ada.locator("#leaderboard tr.mine td").nth(1).inner_text() == "Ada"
        shot(ada, "leaderboard")
        guest.goto(f"{running.url}/#/leaderboard/gracias")  # guests see it too
        guest.wait_for_selector("#leaderboard tbody tr")
        assert guest.locator("#leaderboard tbody tr").count() == 3

        bob.click("#nav-me")
        bob.wait_for_selector("#profile")
        assert "Gracias" in bob.locator("#profile").inner_text() and "Vos classements" in bob.locator(
            "#profile").inner_text()
        shot(bob, "profile-fr")

        ada.click("#nav-logout")
        ada.wait_for_selector("#nav-login")
        assert ada.locator("#nav-me").count() == 0
        assert ada.evaluate("document.cookie") == ""  # the session cookie was never readable by scripts
    # the one refusal asked for (the name with spaces) is the only failed request the browser reports
    assert errors == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]
