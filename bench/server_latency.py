"""Server benchmark: ``python bench/server_latency.py`` (options: --tables, --seconds, --game, --json).

Starts ``ludo serve`` (one process, SQLite in a temporary folder) on loopback, creates ``--tables`` tables
(each: two simulated people, a bot and a spectator; bots wait 300 ms), and lets the people play: each makes a
random legal move a short random think time (0.2–1 s) after its turn comes. For every move a person submits,
it measures the time until the update reaches every connection of that table (both people and the spectator):
median and 99th percentile, with the moves per second, connections held and errors. The run is bounded in time
and stops by itself; nothing leaves this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parents[1]))
from tests.server.support import ServerProcess


@dataclass
class Table:
    id: str
    sent: dict[int, float] = field(default_factory=dict)
    """Per action index a person's move was made on: when it was sent."""
    seen: dict[int, int] = field(default_factory=dict)
    """Per such index: how many of the table's connections have received the update."""


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    games_over: int = 0


async def connection(url: str, seat: int | None, table: Table, results: Results, rng: random.Random,
                     stop: float) -> None:
    """A person's connection (``seat``), or a spectator's (None), until the run stops."""
    async with websockets.connect(url, max_size=2**22) as ws:
        sent_at = -1
        thinking: asyncio.Task[None] | None = None
        while time.perf_counter() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, stop - time.perf_counter()))
            except TimeoutError:
                break
            message = json.loads(raw)
            if message["type"] == "error":
                if "slow down" not in message["message"]:
                    results.errors += 1
                continue
            observe(message, table, results)
            if message["outcome"] is not None:
                results.games_over += seat == 0
                break
            if message["to_move"] == seat and message["legal"] and message["at"] != sent_at \
                    and (thinking is None or thinking.done()):
                sent_at = message["at"]
                action = rng.choice(message["legal"])["text"]
                thinking = asyncio.create_task(move(ws, action, sent_at, rng.uniform(0.2, 1.0), table, results))


async def move(ws: Any, action: str, at: int, think: float, table: Table, results: Results) -> None:
    await asyncio.sleep(think)
    table.sent[at] = time.perf_counter()
    table.seen[at] = 0
    try:
        await ws.send(json.dumps({"type": "act", "action": action, "at": at}))
    except websockets.ConnectionClosed:  # the run ended while this person was thinking
        table.sent.pop(at, None)
        return
    results.moves += 1


def observe(message: dict[str, Any], table: Table, results: Results) -> None:
    """A connection received a frame: it brings every update up to its ``at``."""
    now = time.perf_counter()
    for at in [a for a in table.sent if a < message["at"]]:
        table.seen[at] += 1
        if table.seen[at] == 3:  # the two people and the spectator have all been told
            results.latencies.append(now - table.sent.pop(at))
            table.seen.pop(at)


async def run(base: str, port: int, tables: int, seconds: float, game: str) -> dict[str, Any]:
    results = Results()
    created: list[tuple[Table, dict[str, str]]] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for _ in range(tables):
            answer = await client.post("/api/tables", json={
                "game": game, "players": 3, "seats": [{"name": "A"}, {"name": "B"}, {"bot": "heuristic"}],
                "bot_delay_ms": 300})
            data = answer.json()
            created.append((Table(data["id"]), data["tokens"]))
    stop = time.perf_counter() + seconds
    ws = f"ws://127.0.0.1:{port}/ws/tables"
    tasks = []
    for i, (table, tokens) in enumerate(created):
        rng = random.Random(i)
        tasks += [connection(f"{ws}/{table.id}?token={tokens[str(s)]}", s, table, results, rng, stop) for s in (0, 1)]
        tasks.append(connection(f"{ws}/{table.id}", None, table, results, rng, stop))
    started = time.perf_counter()
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.perf_counter() - started
    results.errors += sum(1 for o in outcomes if isinstance(o, BaseException))
    lat = sorted(results.latencies)
    return {
        "game": game, "tables": tables, "connections": tables * 3, "seconds": round(elapsed, 1),
        "person_moves": results.moves, "moves_per_second": round(results.moves / elapsed, 1),
        "updates_measured": len(lat),
        "latency_median_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "latency_p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1) if lat else None,
        "errors": results.errors, "games_finished": results.games_over,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--game", default="acquire")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(f"sqlite:///{folder}/bench.db")
        base = server.start()
        try:
            figures = asyncio.run(run(base.url, server.port, args.tables, args.seconds, args.game))
        finally:
            server.stop()
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print(f"{figures['tables']} tables of {figures['game']} (2 people, 1 bot, 1 spectator each), "
              f"{figures['connections']} connections, {figures['seconds']} s on one server process:")
        print(f"  person moves: {figures['person_moves']} ({figures['moves_per_second']} per second)")
        print(f"  move to update on every connection of its table: median {figures['latency_median_ms']} ms, "
              f"99th percentile {figures['latency_p99_ms']} ms ({figures['updates_measured']} moves)")
        print(f"  errors: {figures['errors']}; games finished: {figures['games_finished']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
