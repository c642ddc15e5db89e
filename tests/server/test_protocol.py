"""The server's protocol with real WebSocket clients: whole games played by people and a bot, where no frame a
seat or a spectator receives holds anything it may not see; stale, forged, oversized and malformed messages are
refused and change nothing; seats are proven by their tokens; the record is published only at the end."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
import websockets

from ludotheque.engine import CHANCE, GameRecord, Match, get_game
from tests.server.support import Player, Running, play_table


def _table(running: Running, game: str, people: int = 2, bots: int = 1) -> tuple[str, dict[int, str]]:
    seats = [{"name": f"P{i}"} for i in range(people)] + [{"bot": "heuristic"}] * bots
    data = running.create(game=game, players=people + bots, seats=seats, bot_delay_ms=0)
    return data["id"], {int(k): v for k, v in data["tokens"].items()}


def _check_frames(record: GameRecord, players: list[Player]) -> int:
    """Each frame is exactly what its viewer may see at that point: the observation, the events as redacted for
    it, and no word of another seat's secrets. Returns how many frames were checked."""
    game = get_game(record.game)
    match = Match.from_record(record, upto=0)
    states = [match.state.clone()]
    events: list[Any] = []
    marks = [0]
    for i in range(len(record.actions)):
        match.apply(record.actions[i].split(": ", 1)[1])
        states.append(match.state.clone())
        marks.append(len(match.events))
    events = match.events
    checked = 0
    for p in players:
        seen: list[dict[str, Any]] = []
        for frame in p.frames:
            at = frame["at"]
            state = states[at]
            assert frame["view"] == json.loads(json.dumps(state.observation(p.seat))), (p.seat, at)
            text = json.dumps(frame)
            for word in game.secret_words(state, p.seat):
                assert f'"{word}"' not in text, f"seat {p.seat} received {word!r} at action {at}"
            start = frame["events_from"]
            if start == 0:
                seen = []
            assert start == len(seen)
            seen += frame["events"]
            assert len(seen) <= marks[at] or at == len(record.actions)
            checked += 1
        for i, e in enumerate(seen):
            assert e["args"] == json.loads(json.dumps(events[i].seen_by(p.seat).args)), (p.seat, i)
    return checked


@pytest.mark.parametrize("game", ["acquire", "gracias"])
def test_a_whole_game_over_websockets_shows_each_seat_only_its_own(running: Running, game: str) -> None:
    table, tokens = _table(running, game)
    players = asyncio.run(play_table(running, table, tokens, spectators=1))
    record = GameRecord.from_json(running.api("GET", f"/api/tables/{table}/record").json())
    assert record.played_by is not None and set(record.played_by) <= {"person", "bot", "chance"}
    assert {"person", "bot", "chance"} <= set(record.played_by)
    replayed = Match.from_record(record)
    assert replayed.is_over() and record.result == replayed.state.outcome().to_json()
    assert all(p.last["outcome"] is not None for p in players)
    assert _check_frames(record, players) > 50
    assert all(e["message"] == "Too many messages: slow down." for p in players for e in p.errors)
    summary = running.api("GET", f"/api/tables/{table}").json()
    assert summary["status"] == "over" and summary["result"] == record.result


def test_the_record_is_published_only_at_the_end(running: Running) -> None:
    table, _ = _table(running, "acquire")
    answer = running.api("GET", f"/api/tables/{table}/record")
    assert answer.status_code == 409 and "over" in answer.json()["detail"]
    assert running.api("GET", "/api/tables/nope/record").status_code == 404


async def _first_frame(ws: Any) -> dict[str, Any]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "state":
            return message


async def _until(ws: Any, predicate: Any) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 20))
        if predicate(message):
            return message


def test_stale_forged_malformed_and_oversized_messages_change_nothing(running: Running) -> None:
    table, tokens = _table(running, "gracias", people=3, bots=0)

    async def go() -> None:
        async with websockets.connect(running.ws(table, tokens[0])) as a, \
                websockets.connect(running.ws(table, tokens[1])) as b, \
                websockets.connect(running.ws(table)) as spectator:
            frame = await _until(a, lambda m: m["type"] == "state" and m["to_move"] == 0 and m["legal"])
            at = frame["at"]
            legal = frame["legal"][0]["text"]
            bad = [
                (b, {"type": "act", "action": legal, "at": at}, "not seat 1's turn"),
                (spectator, {"type": "act", "action": legal, "at": at}, "spectators cannot play"),
                (a, {"type": "act", "action": legal, "at": at - 1}, "table is at action"),
                (a, {"type": "act", "action": "take Z", "at": at}, ""),
                (a, {"type": "act", "action": legal}, "ACTIONS SEEN"),
                (a, {"type": "act", "action": legal, "at": True}, "ACTIONS SEEN"),
                (a, {"type": "fly"}, "unknown message"),
                (a, "not json at all", "unknown message"),
                (a, {"type": "chat", "text": "x" * 5000}, "message over 4096 bytes"),
            ]
            for ws, message, words in bad:
                await ws.send(message if isinstance(message, str) else json.dumps(message))
                error = await _until(ws, lambda m: m["type"] == "error")
                assert words in error["message"] and error["at"] == at
            summary = running.api("GET", f"/api/tables/{table}").json()
            assert summary["status"] == "playing"
            await a.send(json.dumps({"type": "act", "action": legal, "at": at}))
            moved = await _until(b, lambda m: m["type"] == "state" and m["at"] > at)
            assert moved["at"] == at + 1
            await a.send(json.dumps({"type": "act", "action": legal, "at": at}))  # the double click
            error = await _until(a, lambda m: m["type"] == "error")
            assert "table is at action" in error["message"]

    asyncio.run(go())


def test_seats_are_proven_by_their_tokens_and_the_origin_is_checked(running: Running) -> None:
    table, tokens = _table(running, "acquire")

    async def go() -> None:
        async with websockets.connect(running.ws(table, "forged-token")) as ws:
            with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        with pytest.raises(websockets.exceptions.InvalidStatus):
            async with websockets.connect(running.ws(table, tokens[0]), origin="http://evil.example"):  # type: ignore[arg-type]
                pass
        async with websockets.connect(running.ws(table, tokens[0]),
                                      origin=f"http://127.0.0.1:{running.port}") as ws:  # type: ignore[arg-type]
            frame = await _first_frame(ws)
            assert frame["seat"] == 0 and "hand" in frame["view"]
        async with websockets.connect(running.ws("no-such-table")) as ws:
            with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404

    asyncio.run(go())


def test_taking_seats_and_the_lobby(running: Running) -> None:
    data = running.create(game="gracias", players=3, seats=[{"name": "Ada"}, {}, {"bot": "random"}])
    table = data["id"]
    assert set(data["tokens"]) == {"0"}
    lobby = {t["id"]: t for t in running.api("GET", "/api/tables?status=waiting").json()}
    assert lobby[table]["open_seats"] == [1]
    assert [s["kind"] for s in lobby[table]["seats"]] == [None, None, "random"]
    french = running.api("GET", f"/api/tables/{table}?lang=fr").json()
    assert [s["kind"] for s in french["seats"]] == [None, None, "au hasard"]  # a bot, in the page's language
    games = {g["name"]: g for g in running.api("GET", "/api/games?lang=fr").json()}
    assert games["gracias"]["bot_titles"]["heuristic"] == "heuristique"
    assert games["gracias"]["bot_titles"]["expert"] == "expert" and games["acquire"]["bot_titles"]["easy"] == "facile"
    # the form's options by their titles and their choices in words, in the page's language (the name: --option)
    end_rule = next(o for o in games["acquire"]["options"] if o["name"] == "end_rule")
    assert end_rule["title"] == "Fin de la partie" and end_rule["choices"] == ["seed", "classic"]
    assert end_rule["labels"] == {"seed": "les sept chaînes sur le plateau, toutes fermées (la règle)",
                                  "classic": "toutes les chaînes du plateau fermées"}
    english = {g["name"]: g for g in running.api("GET", "/api/games?lang=en").json()}
    rounds = next(o for o in english["stack-market"]["options"] if o["name"] == "rounds")
    assert rounds["title"] == "Rounds" and rounds["labels"] == {"1": "1", "2": "2", "3": "3 (the rulebook)"}
    every = [o for g in english.values() for o in (*g["options"], *g["seat_options"])]
    assert all(o["title"] != o["name"] for o in every), [o["name"] for o in every if o["title"] == o["name"]]
    assert all(set(o["labels"]) == {str(c) for c in o["choices"]} and all(o["labels"].values()) for o in every)
    assert running.api("POST", f"/api/tables/{table}/seats/0", json={"name": "Eve"}).status_code == 400
    assert running.api("POST", f"/api/tables/{table}/seats/2", json={"name": "Eve"}).status_code == 400
    assert running.api("POST", f"/api/tables/{table}/seats/1", json={"name": "  "}).status_code == 400
    taken = running.api("POST", f"/api/tables/{table}/seats/1", json={"name": "<b>Bob</b>\x00"})
    assert taken.status_code == 200 and taken.json()["seat"] == 1
    assert running.api("POST", f"/api/tables/{table}/seats/1", json={"name": "Eve"}).status_code == 400
    summary = running.api("GET", f"/api/tables/{table}").json()
    assert summary["status"] == "playing" and summary["seats"][1]["name"] == "<b>Bob</b>"
    assert running.api("POST", "/api/tables", json={"game": "chess", "players": 2}).status_code == 400
    assert running.api("POST", "/api/tables", json={"game": "acquire", "players": 9}).status_code == 400
    refused = running.api("POST", "/api/tables",
                          json={"game": "acquire", "players": 2, "seats": [{"bot": "genius"}, {}]})
    assert refused.status_code == 400 and "no bot named “genius”" in refused.json()["detail"]


def test_the_pages_and_the_game_views_are_served(running: Running, tmp_path: Path) -> None:
    index = running.api("GET", "/")
    assert index.status_code == 200 and "/static/app.js" in index.text
    for path in ("/static/app.js", "/static/table.js", "/static/style.css"):
        assert running.api("GET", path).status_code == 200
    assert running.api("GET", "/games/acquire/../../../pyproject.toml").status_code == 404
    assert running.api("GET", "/games/nope/view.js").status_code == 404
    texts = running.api("GET", "/api/texts/fr?game=acquire").json()
    assert texts["table.your_turn"] == "À vous de jouer"
    assert CHANCE == -1  # the frames say "chance" for it


def test_a_person_out_of_time_is_played_for_by_a_stand_in(running: Running) -> None:
    data = running.create(game="gracias", players=3, seats=[{"name": "A"}, {"name": "B"}, {"name": "C"}],
                          move_seconds=5)
    table, tokens = data["id"], {int(k): v for k, v in data["tokens"].items()}

    async def go() -> None:
        async with websockets.connect(running.ws(table, tokens[0])) as ws:
            frame = await _until(ws, lambda m: m["type"] == "state" and isinstance(m["to_move"], int))
            deadline = frame["clock"]["deadline"]
            assert frame["clock"]["move_seconds"] == 5 and deadline is not None
            assert 0 < deadline - frame["clock"]["now"] <= 5
            later = await _until(ws, lambda m: m["type"] == "state" and m["at"] > frame["at"])
            assert later["clock"]["now"] >= deadline - 0.5

    asyncio.run(go())
