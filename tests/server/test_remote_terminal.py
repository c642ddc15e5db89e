"""``ludo play --server URL --table ID``: a terminal player and a WebSocket (browser-like) player share a table
with a bot and finish the game; the terminal's seat comes back with the same command; refusals are shown."""

from __future__ import annotations

import argparse
import asyncio
import io
import threading
from pathlib import Path
from typing import Any

import pytest
import websockets
from rich.console import Console

from ludotheque.cli.main import main
from ludotheque.cli.remote import run_remote, seat_token, seats_file
from tests.server.support import Player, Running, server_thread


@pytest.fixture
def running(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with server_thread(f"sqlite:///{tmp_path / 'ludo.db'}") as r:
        yield r


def _args(running: Running, table: str, **kw: Any) -> argparse.Namespace:
    base = {"lang": "en", "server": running.url, "table": table, "names": "", "seat": None, "token": None}
    return argparse.Namespace(**{**base, **kw})


def test_a_terminal_and_a_websocket_player_finish_a_game_with_a_bot(running: Running) -> None:
    data = running.create(game="gracias", players=3, seats=[{}, {"name": "Web"}, {"bot": "heuristic"}],
                          bot_delay_ms=0)
    table = data["id"]
    web = Player(running.ws(table, data["tokens"]["1"]), 1)
    out = io.StringIO()
    typed: list[str] = []

    def answer(prompt: str) -> str:
        typed.append(prompt)
        return ["take Z", "help", "1"][min(len(typed) - 1, 2)] if len(typed) < 4 else "1"

    result: dict[str, int] = {}

    def terminal() -> None:
        result["code"] = run_remote(_args(running, table, names="Term"), answer,
                                    Console(file=out, width=100, force_terminal=False))

    thread = threading.Thread(target=terminal)
    thread.start()

    async def browser_like() -> None:
        async with websockets.connect(web.url) as ws:
            await web.play(ws)

    asyncio.run(asyncio.wait_for(browser_like(), 120))
    thread.join(timeout=60)
    text = out.getvalue()
    assert result["code"] == 0
    assert "You play seat 0 (Term)" in text and "Refused by the server" in text and "Type a number" in text
    assert "wins" in text or "share the win" in text
    summary = running.api("GET", f"/api/tables/{table}").json()
    assert summary["status"] == "over" and summary["seats"][0]["name"] == "Term"
    assert seats_file().exists() and table in seats_file().read_text()


def test_leaving_keeps_the_seat_and_the_same_command_comes_back(running: Running,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    data = running.create(game="acquire", players=2, seats=[{}, {"bot": "random"}], bot_delay_ms=0)
    table = data["id"]
    out = io.StringIO()
    assert run_remote(_args(running, table, names="Ada"), lambda p: "quit", Console(file=out, width=100)) == 0
    assert "your seat's token is kept" in out.getvalue()
    again = io.StringIO()
    assert run_remote(_args(running, table), lambda p: "quit", Console(file=again, width=100)) == 0
    assert "You play seat 0 (Ada)" in again.getvalue()
    # A spectator (no token, no name) watches; a table without free seats refuses a newcomer.
    assert main(["play", "--server", running.url, "--table", table, "--names", "Eve", "--token", "wrong"]) == 2
    assert "this token holds no seat" in capsys.readouterr().err


def test_table_ids_and_seat_tokens_never_begin_with_a_dash() -> None:
    """A table id or a token that began with "-" made ``--table ID`` read as an option (seen in CI: -Jt76aKqWMoG).
    With one random byte, about one draw in 64 would begin with a dash: none may, and every other first character
    still comes."""
    from ludotheque.server.hub import command_line_safe_id, new_token

    drawn = [command_line_safe_id(1) for _ in range(4000)]
    assert not [d for d in drawn if d.startswith("-")]
    assert len({d[0] for d in drawn}) == 63
    assert len(new_token()) == 32 and len(command_line_safe_id(9)) == 12


def test_an_older_id_that_begins_with_a_dash_is_still_read_as_the_id() -> None:
    from ludotheque.cli.main import parse

    parsed = parse(["play", "--server", "http://x", "--table", "-Jt76aKqWMoG", "--token", "-abc", "--names", "Eve"])
    assert (parsed.table, parsed.token, parsed.names) == ("-Jt76aKqWMoG", "-abc", "Eve")
    with pytest.raises(SystemExit) as stop:
        parse(["play", "--server", "http://x", "--table", "--names", "Eve"])  # the id is missing: still refused
    assert stop.value.code == 2


def test_a_rated_tables_seat_is_taken_with_an_account_from_the_terminal(running: Running,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A rated table's seats are for accounts: without ``--account`` the terminal says how to log in; with it, the
    password is asked (or read from LUDO_PASSWORD), the seat is the account's, and it is kept for the next visit."""
    import httpx

    from ludotheque.engine.errors import OptionError
    from ludotheque.table.remote import ServerError

    secret = "correct horse battery"
    with httpx.Client(base_url=running.url) as ada, httpx.Client(base_url=running.url) as bob:
        assert ada.post("/api/accounts", json={"name": "Ada", "password": secret}).status_code == 201
        assert bob.post("/api/accounts", json={"name": "Bob", "password": secret}).status_code == 201
        created = ada.post("/api/tables", json={"game": "gracias", "players": 3, "rated": True, "bot_delay_ms": 0,
                                                "seats": [{}, {"name": "Ada"}, {"bot": "heuristic"}]}).json()
    table = created["id"]
    assert "1" in created["tokens"]  # Ada's seat is hers
    with pytest.raises(OptionError, match=f"table {table} is rated: its seats are for accounts; add --account NAME"):
        run_remote(_args(running, table, names="Bob"), lambda p: "quit", Console(file=io.StringIO(), width=100))
    asked: list[str] = []
    monkeypatch.delenv("LUDO_PASSWORD", raising=False)
    with pytest.raises(ServerError):
        seat_token(_args(running, table, account="Bob"), "en", lambda prompt: asked.append(prompt) or "wrong")
    assert asked == [f"Password of Bob at {running.url}: "]
    assert not running.api("GET", f"/api/tables/{table}").json()["seats"][0]["taken"]
    token = seat_token(_args(running, table, account="Bob"), "en", lambda prompt: secret)
    seats = running.api("GET", f"/api/tables/{table}").json()["seats"]
    assert token and seats[0]["taken"] and seats[0]["name"] == "Bob"
    # the next visit comes back to the seat without logging in: Bob's move (seat 0 chooses first), and he leaves
    out = io.StringIO()
    assert run_remote(_args(running, table, account="Bob"), lambda p: "quit", Console(file=out, width=100)) == 0
    assert "You play seat 0 (Bob)" in out.getvalue()
    # from another machine (no token kept), a script gives the password in LUDO_PASSWORD: logged in, the account
    # takes its own seat back; another account is refused it
    monkeypatch.setenv("XDG_DATA_HOME", str(seats_file().parents[2] / "elsewhere"))
    monkeypatch.setenv("LUDO_PASSWORD", secret)

    def not_asked(prompt: str) -> str:
        raise AssertionError("the password is in LUDO_PASSWORD")

    assert seat_token(_args(running, table, account="Bob", seat=0), "en", not_asked)
    monkeypatch.setenv("XDG_DATA_HOME", str(seats_file().parents[2] / "third"))
    with pytest.raises(ServerError, match="seat 0 is not free"):
        seat_token(_args(running, table, account="Ada", seat=0), "en", not_asked)
