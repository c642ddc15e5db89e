"""The lobby's table setup in Debian's chromium, as a person uses it: a table of each of the five games is made from
the form (a whole-number option is typed in, within its bounds); the choices made for the seats stay when the player
count or the game changes; a seat kept for another person shows its link at the table even when the game starts at
once (every seat taken: the others are bots); and a bot's seat shows its level in the page's language.
Screenshots in ``test-artifacts/lobby-*.png``."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.engine.game import all_games, get_game
from tests.server.support import ARTIFACTS, LOBBY_READY, Running, chromium, needs_chromium, page_in

pytestmark = [pytest.mark.browser, needs_chromium]
GAMES = sorted(g.info.name for g in all_games() if g.info.name != "hidden-dice")


def lobby(browser: Any, running: Running, errors: list[str], lang: str = "en") -> Any:
    page = page_in(browser, running, lang, errors)
    page.reload()  # the language is read when the page starts
    page.wait_for_selector(LOBBY_READY)
    return page


def made_table(page: Any) -> str:
    page.click("#create-table")
    page.wait_for_function("() => location.hash.startsWith('#/table/')", timeout=10_000)
    return str(page.evaluate("location.hash").split("/")[2])


def test_a_table_of_every_game_is_made_from_the_lobby(running: Running) -> None:
    errors: list[str] = []
    with chromium() as browser:
        page = lobby(browser, running, errors)
        for name in GAMES:
            page.goto(running.url + "/#/")
            page.wait_for_selector(LOBBY_READY)
            page.select_option("#new-game", name)
            info = get_game(name).info
            page.select_option("#new-players", str(info.min_players))
            page.fill("[name=name-0]", "Ada")
            for i in range(1, info.min_players):
                page.select_option(f"[name=seat-{i}]", "bot:easy")
            typed: dict[str, int] = {}
            for o in info.options:
                if o.file or o.choices or isinstance(o.default, bool):
                    continue
                field = page.locator(f"#opt-{o.name}")  # a whole number, typed in: never an empty list to pick from
                assert field.get_attribute("type") == "number" and field.input_value() == str(o.default), o.name
                if o.bounds is not None:
                    assert field.get_attribute("min") == str(o.bounds[0]) and field.get_attribute("max") == str(
                        o.bounds[1])
                typed[o.name] = o.default + 7 if o.bounds is None or o.default + 7 <= o.bounds[1] else o.default
                field.fill(str(typed[o.name]))
            if typed:
                page.screenshot(path=str(ARTIFACTS / f"lobby-{name}.png"))
            table = made_table(page)
            made = running.api("GET", f"/api/tables/{table}").json()
            assert made["game"] == name and [s.get("bot") for s in made["seats"]][1:] == ["easy"] * (
                info.min_players - 1), made
            for option, value in typed.items():
                assert made["options"][option] == value, (name, option, made["options"])
        # back in the lobby, the tables this browser holds a seat at lead back to it; the others are watched
        page.goto(running.url + "/#/")
        page.wait_for_selector(".tables li")
        running.create(game="gracias", players=3, seats=[{"bot": "random"}] * 3)
        page.wait_for_function(f"document.querySelectorAll('.tables li').length > {len(GAMES)}", timeout=15_000)
        rows = page.locator(".tables li").all_inner_texts()
        assert sum(r.startswith("Back to your seat") for r in rows) == len(GAMES), rows
        assert any(r.startswith(("Watch", "Sit down")) and "3 players" in r for r in rows), rows
    assert not errors, errors


def test_the_seats_choices_stay_and_a_seat_kept_for_another_shows_its_link(running: Running) -> None:
    errors: list[str] = []
    with chromium() as browser:
        page = lobby(browser, running, errors, "fr")
        page.select_option("#new-game", "gracias")
        page.select_option("#new-players", "3")
        page.fill("[name=name-0]", "Zoé")
        page.select_option("[name=seat-1]", "reserved")
        page.fill("[name=name-1]", "Ada")
        page.select_option("[name=seat-2]", "bot:expert")
        # a bot that is not a level is named in French too (its name for --bots is the option's value)
        assert page.locator("[name=seat-2] option[value='bot:heuristic']").inner_text() == (
            "bot, heuristique\u00a0: joue aussitôt, selon le bon sens du jeu")
        page.select_option("#new-players", "4")  # another count: the three seats chosen stay as they were
        assert [page.input_value(f"[name=seat-{i}]") for i in range(4)][:3] == ["reserved", "reserved", "bot:expert"]
        assert page.input_value("[name=name-1]") == "Ada" and page.input_value("[name=name-0]") == "Zoé"
        page.select_option("#new-game", "acquire")  # another game: the levels are every game's
        assert page.input_value("[name=seat-2]") == "bot:expert"
        # its options by their titles, their choices in words (the value sent is the option's own)
        assert page.locator(".options-setup label.option strong").all_inner_texts() == [
            "Fin de la partie", "Cartes", "Argent et actions cachés"]
        assert page.locator("#opt-end_rule option").all_inner_texts() == [
            "les sept chaînes sur le plateau, toutes fermées (la règle)", "toutes les chaînes du plateau fermées"]
        assert page.input_value("#opt-end_rule") == "seed"
        page.select_option("#new-game", "gracias")
        page.select_option("#new-players", "3")
        page.select_option("[name=seat-2]", "bot:easy")
        table = made_table(page)
        # every seat is taken (Ada's token is the creator's to hand out), so the game starts at once
        page.wait_for_selector(".seat-kind")
        assert running.api("GET", f"/api/tables/{table}").json()["status"] == "playing"
        invite = page.wait_for_selector(".invite", timeout=10_000)
        assert "Ada" in invite.inner_text() and "\u00a0: " in invite.inner_text()
        link = invite.query_selector("code").inner_text()
        assert f"/#/table/{table}/join/1/" in link
        assert page.locator(".seat-kind").all_inner_texts() == ["facile"]  # the level, in French
        page.screenshot(path=str(ARTIFACTS / "lobby-invite-fr.png"))
        ada = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        ada.on("pageerror", lambda e: errors.append(str(e)))
        ada.goto(link)
        ada.wait_for_function("() => [...document.querySelectorAll('.seat.me .seat-name')]"
                              ".some((e) => e.textContent === 'Ada')", timeout=10_000)
        page.wait_for_function("() => !document.querySelector('.invite')", timeout=10_000)  # Ada came: no link
    assert not errors, errors
