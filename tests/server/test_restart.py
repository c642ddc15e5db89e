"""A server killed with ``kill -9`` in the middle of games loses no acknowledged move: started again on the
same database, its tables go on (bots included) and the players, reconnecting, finish their games."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path

import websockets

from ludotheque.engine import GameRecord, Match
from tests.server.support import Player, free_port, server_process


def test_kill_9_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'ludo.db'}"
    port = free_port()
    with server_process(db, port) as (running, proc):
        data = running.create(game="acquire", players=3, seats=[{"name": "A"}, {"name": "B"}, {"bot": "heuristic"}],
                              bot_delay_ms=0)
        table = data["id"]
        tokens = {int(k): v for k, v in data["tokens"].items()}
        players = [Player(running.ws(table, tokens[s]), s) for s in (0, 1)]
        watcher = Player(running.ws(table), None)

        async def first_half() -> None:
            async def run(p: Player) -> None:
                async with websockets.connect(p.url) as ws:
                    await p.play(ws, until_at=80)

            async with websockets.connect(watcher.url) as spectator:
                await asyncio.wait_for(asyncio.gather(*(run(p) for p in players)), 60)
                while True:  # what the spectator was told before the kill
                    try:
                        watcher.frames.append(json.loads(await asyncio.wait_for(spectator.recv(), 0.5)))
                    except TimeoutError:
                        break

        asyncio.run(first_half())
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    told: list[dict[str, object]] = []
    for frame in watcher.frames:
        if frame.get("type") == "state":
            told = told[: frame["events_from"]] + frame["events"]  # type: ignore[operator]
    acknowledged = max(f["at"] for f in watcher.frames if f.get("type") == "state")
    assert acknowledged > 40

    with server_process(db, port) as (running, _):
        async def second_half() -> None:
            async def run(p: Player) -> None:
                p.frames.clear()
                p.sent_at = -1
                async with websockets.connect(p.url) as ws:
                    await p.play(ws)

            await asyncio.wait_for(asyncio.gather(*(run(p) for p in players)), 120)

        asyncio.run(second_half())
        record = GameRecord.from_json(running.api("GET", f"/api/tables/{table}/record").json())
    match = Match.from_record(record)
    assert match.is_over() and len(record.actions) > acknowledged
    public = [e.seen_by(None) for e in match.events]
    assert [e["args"] for e in told] == [json.loads(json.dumps(e.args)) for e in public[: len(told)]]
    assert all(p.last["outcome"] is not None for p in players)
