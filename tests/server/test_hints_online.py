"""Hints at a table: asked by the seat to move with the state it sees, thought out from that seat's view off the
event loop, sent to that seat alone with reasons in both languages; refused in words to spectators, out of turn, on
an old state, while one is being thought out, and at rated tables."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets

from tests.server.support import Running
from tests.server.test_protocol import _table, _until


def test_the_seat_to_move_gets_a_hint_from_its_own_view_and_others_are_refused(running: Running) -> None:
    table, tokens = _table(running, "gracias", people=3, bots=0)

    async def go() -> None:
        async with websockets.connect(running.ws(table, tokens[0], lang="fr")) as a, \
                websockets.connect(running.ws(table, tokens[1])) as b, \
                websockets.connect(running.ws(table)) as spectator:
            frame = await _until(a, lambda m: m["type"] == "state" and m["to_move"] == 0 and m["legal"])
            at = frame["at"]
            refused = [(b, {"type": "hint", "at": at}, "A hint is for your turn"),
                       (spectator, {"type": "hint", "at": at}, "Spectators cannot ask for hints"),
                       (a, {"type": "hint", "at": at - 1}, "état dépassé"),
                       (a, {"type": "hint"}, "état dépassé")]
            for ws, message, words in refused:
                await ws.send(json.dumps(message))
                error = await _until(ws, lambda m: m["type"] == "error")
                assert words in error["message"], error
            await a.send(json.dumps({"type": "hint", "at": at}))
            await a.send(json.dumps({"type": "hint", "at": at}))  # a second while the first is thought out
            busy = await _until(a, lambda m: m["type"] in ("error", "hint"))
            hint: dict[str, Any] = busy if busy["type"] == "hint" else await _until(a, lambda m: m["type"] == "hint")
            if busy["type"] == "error":
                assert "en cours de réflexion" in busy["message"]
            legal = {x["text"] for x in frame["legal"]}
            assert hint["at"] == at and 1 <= len(hint["moves"]) <= 3
            for move in hint["moves"]:
                assert move["action"] in legal and 0 <= move["win"] <= 1 and move["tries"] >= 1
                assert len(move["reasons"]["fr"]) == len(move["reasons"]["en"])
            # the table did not move, and nobody else heard of the hint
            await b.send(json.dumps({"type": "sync"}))
            state = await _until(b, lambda m: m["type"] == "state")
            assert state["at"] == at

    asyncio.run(go())


def test_hints_are_off_at_a_rated_table(running: Running) -> None:
    """A rated table says so in its frames (the page shows no hint button) and refuses a hint asked anyway."""
    for name in ("ada", "bob"):
        assert running.api("POST", "/api/accounts", json={"name": name, "password": "a long password"}).status_code \
            in (200, 201)
    login = running.api("POST", "/api/login", json={"name": "ada", "password": "a long password"})
    assert login.status_code == 200, login.text
    cookies = dict(login.cookies)
    body = {"game": "gracias", "players": 3, "rated": True, "bot_delay_ms": 0,
            "seats": [{"name": "ada"}, {"name": "bob"}, {"bot": "random"}]}
    created = running.api("POST", "/api/tables", json=body, cookies=cookies)
    assert created.status_code in (200, 201), created.text
    data = created.json()
    table, token = data["id"], next(iter(data["tokens"].values()))

    async def go() -> None:
        async with websockets.connect(running.ws(table, token)) as a:
            frame = await _until(a, lambda m: m["type"] == "state")
            assert frame["rated"] is True
            await a.send(json.dumps({"type": "hint", "at": frame["at"]}))
            error = await _until(a, lambda m: m["type"] == "error")
            assert error["message"] == "Hints are off in rated games."  # whoever's turn it is

    asyncio.run(go())


def test_a_hinted_move_off_the_listed_choices_is_named_in_words_and_can_be_played(running: Running) -> None:
    """Stack Market lists a grid of aims, and its search hints the heuristic's exact aim, which the grid may not
    hold: the hint names each move as the frame names a listed one (the same words, in the seat's language, never
    the raw ``aim 4500 0 0``), and the seat plays the hinted move it was shown."""
    from ludotheque.engine.game import get_game
    from ludotheque.games.stack_market.terminal import action_words

    get_game("stack-market")

    async def game() -> bool:
        """One game (its table's seed is the server's choice): whether a hint gave an aim off the grid."""
        table, tokens = _table(running, "stack-market", people=1, bots=2)
        async with websockets.connect(running.ws(table, tokens[0], lang="fr")) as a:
            def mine(m: dict[str, Any]) -> bool:
                return m["type"] == "state" and ((m["to_move"] == 0 and bool(m["legal"])) or m["status"] == "over")

            frame = await _until(a, mine)
            while frame["status"] != "over":  # a first die is aimed straight, on the grid; hints are asked until not
                if frame["view"]["phase"] != "aim":
                    await a.send(json.dumps({"type": "act", "action": frame["legal"][0]["text"], "at": frame["at"]}))
                    frame = await _until(a, mine)
                    continue
                listed = {x["text"]: x for x in frame["legal"]}
                await a.send(json.dumps({"type": "hint", "at": frame["at"]}))
                hint = await _until(a, lambda m: m["type"] == "hint")
                assert hint["moves"], hint
                for move in hint["moves"]:
                    assert move["words"] == action_words(move["action"], "fr"), move
                    assert move["words"].startswith("viser ") and move["words"] != "viser " + move["action"][4:], move
                    if move["action"] in listed:
                        assert (move["words"], move["label"]) == (listed[move["action"]]["words"],
                                                                  listed[move["action"]]["label"])
                off = [m["action"] for m in hint["moves"] if m["action"] not in listed]
                at = frame["at"]
                await a.send(json.dumps({"type": "act", "action": (off or [hint["moves"][0]["action"]])[0], "at": at}))
                frame = await _until(a, lambda m, at=at: m["type"] == "error" or (mine(m) and m["at"] > at))
                assert frame["type"] == "state", frame  # played, off the grid or on it
                if off:
                    return True
            return False

    # The seat may place few dice in a game, each on a building low enough to aim straight: a few games at most.
    assert any(asyncio.run(game()) for _ in range(4)), "no hint gave an aim off the grid in four games"
