"""Load test of the server: ``.venv/bin/python bench/load.py`` (--instances 1|2, --seats, --seconds, --game, --think,
--kill, --drain, --json, --sqlite, --keep).

It builds a small cluster on this machine's loopback: a fresh PostgreSQL database (``ludo_load_<pid>``), one or two
``ludo serve`` instances on it (sharing Redis), and HAProxy (``/usr/sbin/haproxy``) in front of them; everything the
simulated people do goes through HAProxy. It creates tables (people seats and one bot each) until the person seats
reach ``--seats``, connects every person seat over a WebSocket, and lets the people play random legal moves after a
random think time for ``--seconds``. It measures the connections held, the moves per second, the time from a
person's move to the update on every person connection of its table, the errors, and checks that no acknowledged
move is missing from the database. ``--kill`` (two instances): halfway through, ``kill -9`` one instance, let its
people reconnect through HAProxy, and measure how long until every table moves again; ``--drain``: the same with
SIGTERM (the instance closes its WebSockets with code 1012 and gives up its tables). ``--sqlite``: one instance on
a SQLite file, without Redis, for comparison. The run is bounded, stops by itself and tears everything down (also
on errors and Ctrl-C); nothing leaves this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import math
import os
import random
import re
import resource
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import ClientConnection, connect

HAPROXY = Path("/usr/sbin/haproxy")
LUDO = Path(sys.executable).with_name("ludo")
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379/0"
HOST = "127.0.0.1"
BOT_DELAY_MS = 300
RECONNECT_FOR = 20.0
"""How long a person whose connection dropped tries to come back (seconds)."""
PROGRESS_EVERY = 5.0
CLIENT_SATURATED = 0.85
"""The client's CPU, as a fraction of one core, above which the client is the bottleneck (one asyncio loop)."""
MACHINE_SATURATED = 0.9
REFUSAL_WITHIN = 5.0
"""An error frame this soon after a person's move refers to that move."""
UNDELIVERED_AFTER = 5.0
"""A move sent this long before the end that has still not reached every person of its table is undelivered."""
STALLED_AFTER = 10.0
"""A table in play whose ``at`` has not grown for this long at the end is stalled (people answer within the think
time, bots within their delay: a live table moves every few seconds)."""

HEAD = re.compile(rb'"status":"(\w+)","at":(\d+),"seat":(?:null|\d+),"to_move":(null|"chance"|\d+),')
"""The start of a state frame as the server writes it (compact JSON, keys in protocol order): enough to follow a
table without parsing the whole frame; a frame that does not match is parsed in full."""
NOT_OVER = b'"outcome":null}'
EVENT = re.compile(r"Server ludo/(\S+) is (DOWN|UP), reason: ([^,]+)")


class SetupError(Exception):
    """The cluster could not be set up (the message says what and why)."""


# --- small helpers ------------------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def die_with_parent() -> None:
    """In a child, before exec: SIGTERM when this tool dies, even by ``kill -9`` (Linux ``PR_SET_PDEATHSIG``)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU time of a process (from /proc), None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine, every core, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(values[:8]) - idle) / tick, sum(values[:8]) / tick


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def tail(path: Path, lines: int = 25) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile of sorted ``values``."""
    return values[max(0, min(len(values) - 1, math.ceil(p / 100 * len(values)) - 1))]


def latency_figures(values: list[float]) -> dict[str, Any]:
    values = sorted(values)
    if not values:
        return {"moves": 0, "median_ms": None, "p99_ms": None, "max_ms": None}
    return {"moves": len(values), "median_ms": round(1000 * statistics.median(values), 1),
            "p99_ms": round(1000 * percentile(values, 99), 1), "max_ms": round(1000 * values[-1], 1)}


def parse_metrics(text: str) -> dict[str, float]:
    """The samples of a Prometheus text page, summed over their labels, by name."""
    totals: dict[str, float] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        name_part, _, value = line.rpartition(" ")
        name = name_part.split("{", 1)[0].strip()
        with contextlib.suppress(ValueError):
            totals[name] = totals.get(name, 0.0) + float(value)
    return totals


# --- the cluster: PostgreSQL database, instances, HAProxy ------------------------------------------------------
@dataclass
class Instance:
    name: str
    port: int
    log: Path
    proc: subprocess.Popen[bytes] | None = None
    stopped_in: float | None = None
    """Seconds from SIGTERM to exit, once stopped."""
    exit_code: int | None = None
    killed: bool = False


class Cluster:
    """What one run starts, and stops again whatever happens (``close`` is safe to call twice)."""

    def __init__(self, args: argparse.Namespace, folder: Path) -> None:
        self.args = args
        self.folder = folder
        self.sqlite = bool(args.sqlite)
        self.database = f"ludo_load_{os.getpid()}"
        self.db_created = False
        self.instances = [Instance(f"load-{i}", free_port(), folder / f"instance-{i}.log")
                          for i in range(args.instances)]
        self.port = free_port()
        self.haproxy: subprocess.Popen[bytes] | None = None
        self.haproxy_log = folder / "haproxy.log"
        self.stats_socket = folder / "haproxy.sock"
        self.health_path = "/readyz"
        self.notes: list[str] = []

    @property
    def db_url(self) -> str:
        if self.sqlite:
            return f"sqlite:///{self.folder / 'load.db'}"
        return f"postgresql://postgres@{HOST}:5432/{self.database}"

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    # set-up ---------------------------------------------------------------------------------------------------
    def start(self) -> None:
        if not self.sqlite:
            self.create_database()
        self.start_instances()
        self.start_haproxy()

    def create_database(self) -> None:
        import psycopg

        try:
            with psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=5) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
                admin.execute(f'CREATE DATABASE "{self.database}"')
        except psycopg.Error as error:
            raise SetupError(f"cannot create the PostgreSQL database {self.database} at {PG_ADMIN}: {error}") from None
        self.db_created = True

    def command(self, instance: Instance) -> list[str]:
        command = [str(LUDO), "serve", "--host", HOST, "--port", str(instance.port), "--db", self.db_url]
        if not self.sqlite:
            command += ["--redis", REDIS, "--instance", instance.name]
        return command

    def start_instances(self) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        for instance in self.instances:
            with instance.log.open("wb") as log:
                instance.proc = subprocess.Popen(self.command(instance), stdout=log, stderr=subprocess.STDOUT,
                                                 stdin=subprocess.DEVNULL, env=env, start_new_session=True,
                                                 preexec_fn=die_with_parent)
        for instance in self.instances:
            self.wait_ready(instance)

    def wait_ready(self, instance: Instance, timeout: float = 60.0) -> None:
        """Until the instance answers ``/readyz`` (an older server without it: ``/api/games``), or it died."""
        assert instance.proc is not None
        url = f"http://{HOST}:{instance.port}"
        deadline = time.perf_counter() + timeout
        while True:
            code = instance.proc.poll()
            if code is not None:
                raise SetupError(self.start_failure(instance, f"exited with code {code} before it was ready"))
            try:
                ready = httpx.get(url + "/readyz", timeout=2)
                if ready.status_code == 200:
                    return
                if ready.status_code == 404 and httpx.get(url + "/api/games", timeout=5).status_code == 200:
                    if self.health_path != "/api/games":
                        self.health_path = "/api/games"
                        self.notes.append("the server has no /readyz: HAProxy checks /api/games instead")
                    return
            except httpx.HTTPError:
                pass
            if time.perf_counter() > deadline:
                raise SetupError(self.start_failure(instance, f"was not ready after {timeout:.0f} s"))
            time.sleep(0.2)

    def start_failure(self, instance: Instance, what: str) -> str:
        lines = [f"instance {instance.name} ({' '.join(self.command(instance))}) {what}; its output "
                 f"({instance.log}):", tail(instance.log)]
        if not self.sqlite:
            help_text = subprocess.run([str(LUDO), "serve", "--help"], capture_output=True, text=True,
                                       check=False).stdout
            missing = [flag for flag in ("--redis", "--instance") if flag not in help_text]
            if missing:
                lines.append(f"`ludo serve --help` lists no {' / '.join(missing)}: this server does not run as "
                             "several instances on PostgreSQL yet; `--sqlite` measures the single-instance server.")
        return "\n".join(lines)

    def haproxy_config(self) -> str:
        servers = "\n".join(f"    server {i.name} {HOST}:{i.port} check" for i in self.instances)
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        maxconn = 10000 if hard == resource.RLIM_INFINITY else max(1000, min(10000, (hard - 200) // 2))
        return f"""global
    maxconn {maxconn}
    log stderr format raw local0 notice
    stats socket {self.stats_socket} mode 600 level admin

defaults
    mode http
    log global
    option redispatch
    retries 3
    maxconn {maxconn}
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout queue 10s
    timeout tunnel 1h

frontend ludo_in
    bind {HOST}:{self.port}
    default_backend ludo

backend ludo
    balance leastconn
    option httpchk GET {self.health_path}
    http-check expect status 200
    default-server inter 500ms fall 2 rise 2
    timeout check 2s
    http-response set-header X-Ludo-Backend %s
{servers}
"""

    def start_haproxy(self) -> None:
        config = self.folder / "haproxy.cfg"
        config.write_text(self.haproxy_config())
        check = subprocess.run([str(HAPROXY), "-c", "-f", str(config)], capture_output=True, text=True, check=False)
        if check.returncode != 0:
            raise SetupError(f"HAProxy refuses its configuration {config}:\n{check.stdout}{check.stderr}")
        with self.haproxy_log.open("wb") as log:
            self.haproxy = subprocess.Popen([str(HAPROXY), "-db", "-f", str(config)], stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                            start_new_session=True, preexec_fn=die_with_parent)
        deadline = time.perf_counter() + 20
        while True:
            if self.haproxy.poll() is not None:
                raise SetupError(f"HAProxy exited with code {self.haproxy.returncode}:\n{tail(self.haproxy_log)}")
            with contextlib.suppress(OSError):
                states = self.server_states()
                if states and all(s.startswith("UP") for s in states.values()):
                    return
            if time.perf_counter() > deadline:
                raise SetupError(f"HAProxy did not see every instance up within 20 s: {self.server_states()}")
            time.sleep(0.2)

    # HAProxy's view ------------------------------------------------------------------------------------------
    def haproxy_stat(self) -> dict[str, dict[str, str]]:
        """``show stat`` on the stats socket: the backend's servers, each a row of HAProxy's CSV."""
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(2)
            s.connect(str(self.stats_socket))
            s.sendall(b"show stat\n")
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        lines = data.decode().splitlines()
        header = lines[0].lstrip("# ").split(",")
        rows = [dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line]
        return {r["svname"]: r for r in rows if r.get("pxname") == "ludo" and r["svname"] not in ("BACKEND",)}

    def haproxy_events(self) -> list[str]:
        """The times HAProxy marked a server down or up again (from its log), e.g. "load-1 DOWN (Layer7 timeout)"."""
        try:
            lines = self.haproxy_log.read_text(errors="replace").splitlines()
        except OSError:
            return []
        found = []
        for line in lines:
            event = EVENT.search(line)
            if line.startswith("[WARNING]") and event is not None:
                found.append(f"{event[1]} {event[2]} ({event[3]})")
        return found

    def log_warnings(self) -> dict[str, dict[str, int]]:
        """Each instance's warning and error log lines, counted by message (JSON lines; a traceback counts once
        by its last line)."""
        found: dict[str, dict[str, int]] = {}
        for instance in self.instances:
            counts: Counter[str] = Counter()
            try:
                lines = instance.log.read_text(errors="replace").splitlines()
            except OSError:
                continue
            for i, line in enumerate(lines):
                if line.startswith("{"):
                    try:
                        entry = json.loads(line)
                    except ValueError:
                        continue
                    if str(entry.get("level", entry.get("levelname", ""))).upper() in ("WARNING", "ERROR",
                                                                                         "CRITICAL"):
                        detail = entry.get("error") or entry.get("exc_info") or ""
                        detail = str(detail).strip().splitlines()[-1][:80] if detail else ""
                        counts[f"{entry.get('message')}" + (f" ({detail})" if detail else "")] += 1
                elif line.startswith("Traceback"):
                    end = next((j for j in range(i + 1, len(lines)) if not lines[j].startswith((" ", "\t"))),
                               len(lines) - 1)
                    counts[f"traceback: {lines[end][:100]}"] += 1
            if counts:
                found[instance.name] = dict(counts.most_common(8))
        return found

    def server_states(self) -> dict[str, str]:
        return {name: row.get("status", "?") for name, row in self.haproxy_stat().items()}

    # the store -----------------------------------------------------------------------------------------------
    def stored_actions(self, table_ids: list[str]) -> dict[tuple[str, int], str]:
        """Every stored move of these tables, read straight from the database: (table, index) → text."""
        query = "SELECT table_id, idx, text FROM actions"
        if self.sqlite:
            with contextlib.closing(sqlite3.connect(self.folder / "load.db")) as db:
                rows = db.execute(query).fetchall()
        else:
            import psycopg

            with psycopg.connect(self.db_url, connect_timeout=5) as db:
                rows = db.execute(query + " WHERE table_id = ANY(%s)", (table_ids,)).fetchall()
        wanted = set(table_ids)
        return {(t, int(i)): text for t, i, text in rows if t in wanted}

    def lease_holders(self) -> dict[str, str] | None:
        """Which instance drives each table (the ``leases`` table), None if there is none to read."""
        if self.sqlite:
            return None
        import psycopg

        try:
            with psycopg.connect(self.db_url, connect_timeout=5) as db:
                return {t: h for t, h in db.execute("SELECT table_id, holder FROM leases").fetchall()}
        except psycopg.Error:
            return None

    def metrics(self) -> dict[str, dict[str, float]]:
        """Each live instance's ``/metrics`` (the figures this tool reports), read from the instance itself."""
        wanted = ("ludo_tables_in_progress", "ludo_connections", "ludo_moves_total", "ludo_moves_refused_total",
                  "ludo_lease_takeovers_total", "ludo_leases_lost_total",
                  "ludo_move_latency_seconds_sum", "ludo_move_latency_seconds_count")
        found: dict[str, dict[str, float]] = {}
        for instance in self.instances:
            if instance.proc is None or instance.proc.poll() is not None:
                continue
            try:
                answer = httpx.get(f"http://{HOST}:{instance.port}/metrics", timeout=5)
            except httpx.HTTPError:
                continue
            if answer.status_code == 200:
                values = parse_metrics(answer.text)
                found[instance.name] = {k: values[k] for k in wanted if k in values}
        return found

    # tear-down -----------------------------------------------------------------------------------------------
    def kill(self, instance: Instance, signum: int = signal.SIGKILL) -> None:
        """Stop ``instance`` during the run: ``kill -9`` (or SIGTERM, a drain), and wait until it has exited."""
        assert instance.proc is not None
        sent = time.perf_counter()
        instance.proc.send_signal(signum)
        try:
            instance.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.notes.append(f"{instance.name} did not exit within 30 s of signal {signum}: killed")
            instance.proc.kill()
            instance.proc.wait(timeout=10)
        instance.stopped_in = time.perf_counter() - sent
        instance.killed = True
        instance.exit_code = instance.proc.returncode

    def stop_instances(self) -> None:
        """SIGTERM to every instance still running, then wait for them (15 s, then SIGKILL)."""
        sent: dict[str, float] = {}
        for instance in self.instances:
            if instance.proc is not None and instance.proc.poll() is None:
                instance.proc.send_signal(signal.SIGTERM)
                sent[instance.name] = time.perf_counter()
        for instance in self.instances:
            if instance.name not in sent or instance.proc is None:
                continue
            try:
                instance.proc.wait(timeout=15)
                instance.stopped_in = time.perf_counter() - sent[instance.name]
            except subprocess.TimeoutExpired:
                instance.proc.kill()
                instance.proc.wait(timeout=10)
                self.notes.append(f"{instance.name} did not stop within 15 s of SIGTERM: killed")
            instance.exit_code = instance.proc.returncode

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.stop_instances()
        if self.haproxy is not None and self.haproxy.poll() is None:
            self.haproxy.terminate()
            try:
                self.haproxy.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.haproxy.kill()
                self.haproxy.wait(timeout=10)
        if self.db_created:
            import psycopg

            try:
                with psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=5) as admin:
                    admin.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
                self.db_created = False
            except psycopg.Error as error:
                print(f"could not drop the database {self.database}: {error}", file=sys.stderr)


# --- the simulated people -----------------------------------------------------------------------------------------
@dataclass(eq=False)
class Move:
    table: TableRun
    seat: int
    at: int
    text: str
    sent: float
    remaining: set[int]
    """The table's person seats that have not yet received a frame beyond ``at``."""
    acked: float | None = None
    refused: bool = False
    refused_after_ack: bool = False
    """The sender saw the table go past the move, then an error refused it."""
    vanished: bool = False
    """The connection dropped before it was acknowledged, and the fresh frame showed it was not played."""
    done: float | None = None


@dataclass(eq=False)
class TableRun:
    id: str
    people: list[int]
    max_at: int = -1
    go_at: int | None = None
    over: bool = False
    pending: list[Move] = field(default_factory=list)
    live: set[int] = field(default_factory=set)
    """Person seats still followed (not given up)."""
    kill_at: int | None = None
    """The table's ``at`` when the instance was killed, if it was in play."""
    moved_after_kill: float | None = None
    holder_at_kill: str | None = None
    last_moved: float | None = None
    """When its ``at`` last grew (any person's connection heard it)."""


@dataclass(eq=False)
class Person:
    table: TableRun
    seat: int
    url: str
    rng: random.Random
    seat_bytes: bytes = b""
    ws: ClientConnection | None = None
    backend: str | None = None
    backend_at_kill: str | None = None
    at: int = -1
    answered: int = -1
    turn: bytes | None = None
    """The last frame, while it is this seat's move (kept until the run starts)."""
    thinking: asyncio.Task[None] | None = None
    outstanding: Move | None = None
    last_move: Move | None = None
    """The last move sent on this connection, until an error refers to it."""
    mine: bool = False
    """Whether the last frame said it is this seat's move."""
    fresh_wait: bool = False
    """Reconnected: nothing is sent until a fresh frame has come."""
    connected_once: bool = False
    failed: str | None = None
    over: bool = False
    drops: int = 0
    dropped_at: float | None = None
    dropped_after_kill: bool = False
    came_back: bool = False


@dataclass
class Phase:
    """Latencies by when the move was sent: before the kill (and completed before it), across it, after it."""

    before: list[float] = field(default_factory=list)
    across: list[float] = field(default_factory=list)
    after: list[float] = field(default_factory=list)


class Load:
    def __init__(self, args: argparse.Namespace, cluster: Cluster) -> None:
        self.args = args
        self.cluster = cluster
        self.think = args.think
        self.tables: list[TableRun] = []
        self.people: list[Person] = []
        self.moves: list[Move] = []
        self.latency = Phase()
        self.go = False
        self.started: float | None = None
        self.stopping = False
        self.killed: float | None = None
        self.victim: Instance | None = None
        self.down_after: float | None = None
        self.leases_moved_after: float | None = None
        """Seconds from the kill until another instance held the lease of every table the victim drove."""
        self.open = 0
        self.peak = 0
        self.sent = 0
        self.errors: Counter[str] = Counter()
        self.slow_down = 0
        self.connect_attempts_failed = 0
        self.close_codes: Counter[int] = Counter()
        self.backwards = 0
        self.comebacks: list[float] = []
        self.handshakes = asyncio.Semaphore(64)
        self.lag: list[float] = []
        self.cpu_at_kill: dict[str, float] = {}

    # tables ----------------------------------------------------------------------------------------------------
    async def create_tables(self, client: httpx.AsyncClient) -> dict[str, Any]:
        games = {g["name"]: g for g in (await client.get("/api/games")).json()}
        game = games.get(self.args.game)
        if game is None:
            raise SetupError(f"no game {self.args.game!r}; the games are: {', '.join(games)}")
        bot = "heuristic" if "heuristic" in game["bots"] else game["bots"][0]
        per_table = self.args.people or (4 if game["name"] == "acquire" else game["max_players"] - 1)
        per_table = max(1, min(per_table, game["max_players"] - 1))
        layouts: list[int] = []
        left = self.args.seats
        while left > 0:
            layouts.append(min(per_table, left))
            left -= layouts[-1]
        gate = asyncio.Semaphore(8)

        async def create(people: int) -> None:
            players = max(game["min_players"], people + 1)
            seats = [{"name": f"P{i}"} for i in range(people)] + [{"bot": bot}] * (players - people)
            async with gate:
                answer = await client.post("/api/tables", json={"game": game["name"], "players": players,
                                                                 "seats": seats, "bot_delay_ms": BOT_DELAY_MS})
            if answer.status_code != 201:
                raise SetupError(f"POST /api/tables answered {answer.status_code}: {answer.text[:500]}")
            data = answer.json()
            table = TableRun(data["id"], list(range(people)), live=set(range(people)))
            self.tables.append(table)
            ws = f"ws://{HOST}:{self.cluster.port}/ws/tables/{table.id}"
            for seat in range(people):
                self.people.append(Person(table, seat, f"{ws}?token={data['tokens'][str(seat)]}&lang=en",
                                          random.Random(f"{table.id}/{seat}"), str(seat).encode()))

        await asyncio.gather(*(create(n) for n in layouts))
        return {"name": game["name"], "bot": bot, "people_per_table": per_table,
                "players_per_table": max(game["min_players"], per_table + 1)}

    # one person ----------------------------------------------------------------------------------------------
    async def person(self, p: Person) -> None:
        while not self.stopping and not p.over:
            ws = await self.connect(p)
            if ws is None:
                self.give_up(p)
                return
            try:
                await self.receive(p, ws)
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else 1006
                if self.stopping:
                    return
                self.close_codes[code] += 1
                p.drops += 1
                p.dropped_at = time.perf_counter()
                if self.killed is not None:
                    p.dropped_after_kill = True
                if code in (1008, 4403, 4404):
                    p.failed = f"closed by the server with code {code}"
                    self.give_up(p)
                    return
            except Exception as error:  # a frame this client did not understand: counted, never hidden
                p.failed = f"client error: {type(error).__name__}: {error}"
                self.give_up(p)
                return
            finally:
                self.disconnected(p, ws)
            await asyncio.sleep(p.rng.uniform(0.05, 0.3))  # not all at once

    async def connect(self, p: Person) -> ClientConnection | None:
        """A connection through HAProxy, retried with a small backoff (30 s for the first, else ``RECONNECT_FOR``)."""
        deadline = time.perf_counter() + (RECONNECT_FOR if p.connected_once else 30.0)
        pause = 0.1
        last = ""
        while not self.stopping:
            try:
                async with self.handshakes:
                    ws = await connect(p.url, max_size=2**22, open_timeout=10, close_timeout=2)
            except (OSError, TimeoutError, websockets.WebSocketException) as error:
                self.connect_attempts_failed += 1
                last = f"{type(error).__name__}: {error}"
                if time.perf_counter() + pause > deadline:
                    p.failed = f"could not connect: {last}"
                    return None
                await asyncio.sleep(pause * p.rng.uniform(0.5, 1.5))
                pause = min(1.0, pause * 2)
                continue
            p.ws = ws
            p.backend = ws.response.headers.get("X-Ludo-Backend") if ws.response is not None else None
            p.fresh_wait = p.connected_once
            p.connected_once = True
            p.answered = -1
            self.open += 1
            self.peak = max(self.peak, self.open)
            return ws
        return None

    def disconnected(self, p: Person, ws: ClientConnection) -> None:
        if p.ws is ws:
            p.ws = None
            self.open -= 1
        if p.thinking is not None:
            p.thinking.cancel()
            p.thinking = None

    def give_up(self, p: Person) -> None:
        """A person followed no more (failed for good): no move waits for it to be told."""
        table = p.table
        table.live.discard(p.seat)
        now = time.perf_counter()
        for move in list(table.pending):
            move.remaining.discard(p.seat)
            if not move.remaining:
                self.completed(move, now)

    async def receive(self, p: Person, ws: ClientConnection) -> None:
        while True:
            raw = await ws.recv(decode=False)
            if not isinstance(raw, bytes):
                raw = raw.encode()
            if self.frame(p, ws, raw, time.perf_counter()):
                p.over = True
                await ws.close()
                return

    # frames --------------------------------------------------------------------------------------------------
    def frame(self, p: Person, ws: ClientConnection, raw: bytes, now: float) -> bool:
        """A frame came for ``p``: follow the table, the moves in flight, and play on its turn. True: game over."""
        head = HEAD.search(raw, 0, 1024)
        message: dict[str, Any] | None = None
        if head is None:
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "error":
                self.error(p, ws, message)
                return False
            if kind != "state":
                return False
            at, to_move, over = message["at"], message["to_move"], message["outcome"] is not None
            mine = to_move == p.seat
        else:
            at = int(head[2])
            mine = head[3] == p.seat_bytes
            over = not raw.endswith(NOT_OVER)
        table = p.table
        if at < p.at:
            self.backwards += 1
        p.at = at
        p.mine = mine
        if p.fresh_wait:  # the first frame after coming back
            p.fresh_wait = False
            if p.dropped_at is not None:
                self.comebacks.append(now - p.dropped_at)
            if p.dropped_after_kill:
                p.came_back = True
            move = p.outstanding
            if move is not None and at <= move.at:  # sent, never acknowledged, and not played: gone with the drop
                move.vanished = True
                p.outstanding = None
                with contextlib.suppress(ValueError):
                    table.pending.remove(move)
        if self.go and table.go_at is None:
            table.go_at = at
        if at > table.max_at:
            table.max_at = at
            table.last_moved = now
            if table.kill_at is not None and table.moved_after_kill is None and at > table.kill_at \
                    and self.killed is not None:
                table.moved_after_kill = now - self.killed
        if over:
            table.over = True
        if p.outstanding is not None and at > p.outstanding.at:
            p.outstanding.acked = now
            p.outstanding = None
        if table.pending:
            for move in [m for m in table.pending if at > m.at]:
                move.remaining.discard(p.seat)
                if not move.remaining:
                    self.completed(move, now)
        p.turn = None
        if over or not mine or at == p.answered or p.thinking is not None or p.outstanding is not None:
            return over
        if not self.go:
            p.turn = raw
            return False
        self.decide(p, ws, raw, message, at)
        return False

    def decide(self, p: Person, ws: ClientConnection, raw: bytes, message: dict[str, Any] | None, at: int) -> None:
        """Its turn: a random legal move after a random think time."""
        legal = (message if message is not None else json.loads(raw))["legal"]
        if not legal:
            return
        p.answered = at
        action = p.rng.choice(legal)["text"]
        p.thinking = asyncio.create_task(self.play(p, ws, at, action, p.rng.uniform(*self.think)))

    async def play(self, p: Person, ws: ClientConnection, at: int, action: str, think: float) -> None:
        try:
            await asyncio.sleep(think)
            if self.stopping or p.ws is not ws or p.at != at:
                return
            table = p.table
            move = Move(table, p.seat, at, action, time.perf_counter(), set(table.live))
            table.pending.append(move)
            p.outstanding = p.last_move = move
            self.moves.append(move)
            self.sent += 1
            await ws.send(json.dumps({"type": "act", "action": action, "at": at}))
        except websockets.ConnectionClosed:
            pass  # the drop is handled by the receiving side; the move, if sent, is followed there
        finally:
            if p.thinking is asyncio.current_task():
                p.thinking = None

    def error(self, p: Person, ws: ClientConnection, message: dict[str, Any]) -> None:
        text = str(message.get("message"))
        if "slow down" in text:
            self.slow_down += 1
        else:
            self.errors[f"error frame: {text[:120]}"] += 1
        # A person sends moves and syncs, and a sync is refused only by the rate limit: an error is about its last
        # move, even when a frame beyond that move came first (the table moved on with another move at its index).
        move = p.last_move
        if move is not None and time.perf_counter() - move.sent < REFUSAL_WITHIN:
            move.refused = True
            move.refused_after_ack = move.acked is not None
            p.last_move = None
            if p.outstanding is move:
                p.outstanding = None
            with contextlib.suppress(ValueError):
                move.table.pending.remove(move)
        p.answered = -1
        asyncio.get_running_loop().call_later(0.5, self.sync, p, ws)

    def sync(self, p: Person, ws: ClientConnection) -> None:
        """Ask for the table again (after a refusal), so that the person plays on."""
        if p.ws is ws and not self.stopping:
            task = asyncio.create_task(ws.send(json.dumps({"type": "sync"})))
            task.add_done_callback(lambda t: t.cancelled() or t.exception())

    def completed(self, move: Move, now: float) -> None:
        move.done = now
        with contextlib.suppress(ValueError):
            move.table.pending.remove(move)
        elapsed = now - move.sent
        if self.killed is None:
            self.latency.before.append(elapsed)
        elif move.sent >= self.killed:
            self.latency.after.append(elapsed)
        else:
            self.latency.across.append(elapsed)

    # the run ------------------------------------------------------------------------------------------------
    def all_moves(self) -> int:
        return sum(t.max_at - t.go_at for t in self.tables if t.go_at is not None and t.max_at >= t.go_at)

    async def progress(self, total: int) -> None:
        last_sent, last_time = 0, time.perf_counter()
        begun = last_time
        while True:
            await asyncio.sleep(PROGRESS_EVERY)
            now = time.perf_counter()
            phase = "connecting" if self.started is None else f"{now - self.started:5.1f} s"
            recent = self.latency.after if self.killed is not None else self.latency.before
            median = f"{1000 * statistics.median(recent[-500:]):.0f} ms" if recent else "-"
            print(f"[{now - begun:5.1f} s | {phase}] connections {self.open}/{total}, person moves {self.sent} "
                  f"({(self.sent - last_sent) / (now - last_time):.1f}/s), all moves {self.all_moves()}, "
                  f"latency median {median}, errors {sum(self.errors.values())}"
                  + (", killed " + self.victim.name if self.victim is not None else ""),
                  file=sys.stderr, flush=True)
            last_sent, last_time = self.sent, now

    async def watch_lag(self) -> None:
        """How late the loop wakes up: the client's own delay, which a saturated client shows first."""
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(0.1)
            self.lag.append(time.perf_counter() - asked - 0.1)

    async def kill_one(self) -> dict[str, Any]:
        victim = self.cluster.instances[-1]
        holders = await asyncio.to_thread(self.cluster.lease_holders)
        self.victim = victim
        on_victim = 0
        for p in self.people:
            p.backend_at_kill = p.backend if p.ws is not None else None
            on_victim += p.backend_at_kill == victim.name
        in_play = 0
        for t in self.tables:
            if not t.over:
                t.kill_at = t.max_at
                t.holder_at_kill = holders.get(t.id) if holders else None
                in_play += 1
        self.cpu_at_kill = self.children_cpu()
        self.killed = time.perf_counter()
        signum = signal.SIGTERM if self.args.drain else signal.SIGKILL
        stopping = asyncio.create_task(asyncio.to_thread(self.cluster.kill, victim, signum))
        pid = victim.proc.pid if victim.proc else "?"
        print(f"{stop_name(self.args)} {victim.name} (pid {pid}): {on_victim} person connections on it, {in_play} "
              "tables in play", file=sys.stderr, flush=True)
        while self.down_after is None and not self.stopping:  # when HAProxy sees it down
            with contextlib.suppress(OSError, KeyError):
                state = (await asyncio.to_thread(self.cluster.server_states)).get(victim.name, "")
                if not state.startswith("UP"):
                    self.down_after = time.perf_counter() - self.killed
            await asyncio.sleep(0.1)
        await stopping
        if holders:  # when no table in play is driven by the victim any more (another instance holds its lease)
            victims = {t.id for t in self.tables if not t.over and t.holder_at_kill == victim.name}
            while victims and not self.stopping and time.perf_counter() - self.killed < 60:
                now = await asyncio.to_thread(self.cluster.lease_holders) or {}
                if not any(now.get(t) == victim.name for t in victims):
                    self.leases_moved_after = time.perf_counter() - self.killed
                    break
                await asyncio.sleep(0.1)
        return {"on_victim": on_victim, "in_play": in_play,
                "leases": dict(Counter(holders.values())) if holders else None}

    async def run(self) -> dict[str, Any]:
        args = self.args
        report: dict[str, Any] = {}
        begun = time.perf_counter()
        async with httpx.AsyncClient(base_url=self.cluster.base, timeout=30) as client:
            report["game"] = await self.create_tables(client)
        report["tables"] = len(self.tables)
        report["create_seconds"] = round(time.perf_counter() - begun, 2)
        total = len(self.people)
        watchers = [asyncio.create_task(self.progress(total)), asyncio.create_task(self.watch_lag())]
        connecting = time.perf_counter()
        tasks = [asyncio.create_task(self.person(p)) for p in self.people]
        while self.open + sum(p.failed is not None for p in self.people) < total:
            if time.perf_counter() - connecting > 90:
                break
            await asyncio.sleep(0.05)
        report["connect_seconds"] = round(time.perf_counter() - connecting, 2)
        report["connected_at_start"] = self.open

        # the run proper
        stats_start = self.haproxy_sessions()
        cpu0, busy0 = own_cpu(), machine_busy()
        children0 = self.children_cpu()
        self.started = time.perf_counter()
        self.lag.clear()
        for t in self.tables:
            t.go_at = t.max_at if t.max_at >= 0 else None
        self.go = True
        for p in self.people:
            if p.turn is not None and p.ws is not None:
                raw, p.turn = p.turn, None
                self.decide(p, p.ws, raw, None, p.at)
        kill: asyncio.Task[dict[str, Any]] | None = None
        if args.kill or args.drain:
            await asyncio.sleep(args.seconds / 2)
            kill = asyncio.create_task(self.kill_one())
            await asyncio.sleep(self.started + args.seconds - time.perf_counter())
        else:
            await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - self.started
        cpu1, busy1 = own_cpu(), machine_busy()
        children1 = {**self.cpu_at_kill, **self.children_cpu()}  # a killed instance: its CPU until the kill
        held = self.open
        stats_end = self.haproxy_sessions()
        metrics = asyncio.create_task(asyncio.to_thread(self.cluster.metrics))  # while the people are still there
        self.stopping = True

        # the figures at the end of the run
        client_cpu = (cpu1 - cpu0) / elapsed
        report.update({
            "seconds": round(elapsed, 1),
            "connections": {"seats": total, "held_at_end": held, "peak": self.peak,
                            "failed_for_good": sum(p.failed is not None for p in self.people),
                            "failed_attempts_retried": self.connect_attempts_failed,
                            "drops": sum(p.drops for p in self.people), "close_codes": dict(self.close_codes),
                            "games_over": sum(t.over for t in self.tables)},
            "person_moves": self.sent, "person_moves_per_second": round(self.sent / elapsed, 1),
            "all_moves": self.all_moves(), "all_moves_per_second": round(self.all_moves() / elapsed, 1),
            "cpu": {"client_core_fraction": round(client_cpu, 3), "client_seconds": round(cpu1 - cpu0, 2),
                    "machine_busy_fraction": round((busy1[0] - busy0[0]) / max(1e-9, busy1[1] - busy0[1]), 3),
                    "cores": os.cpu_count(),
                    **{name: round((children1[name] - children0[name]) / elapsed, 3)
                       for name in children0 if name in children1}},
            "client_loop_lag_ms": {"p99": round(1000 * percentile(sorted(self.lag), 99), 1) if self.lag else None,
                                   "max": round(1000 * max(self.lag), 1) if self.lag else None},
            "client_saturated": client_cpu > CLIENT_SATURATED,
            "haproxy_sessions": {name: {"open_at_start": int(stats_start.get(name, {}).get("scur") or 0),
                                        "open_at_end": int(row.get("scur") or 0), "total": int(row.get("stot") or 0)}
                                 for name, row in stats_end.items()},
        })
        if self.killed is None:
            report["latency"] = latency_figures(self.latency.before)
        else:
            report["latency"] = latency_figures(self.latency.before + self.latency.across + self.latency.after)
            report["latency_before_kill"] = latency_figures(self.latency.before)
            report["latency_across_kill"] = latency_figures(self.latency.across)
            report["latency_after_kill"] = latency_figures(self.latency.after)
        end = self.started + elapsed
        unconfirmed = [m for m in self.moves if m.done is None and not m.refused and not m.vanished]
        report["moves_unconfirmed_at_end"] = len(unconfirmed)
        report["moves_undelivered"] = sum(m.sent < end - UNDELIVERED_AFTER for m in unconfirmed)
        stalled = [t for t in self.tables if not t.over and t.live
                   and (t.last_moved is None or t.last_moved < end - STALLED_AFTER)]
        report["tables_stalled"] = len(stalled)
        report["stalled_examples"] = [self.stalled(t, end) for t in stalled[:5]]
        if kill is not None:
            report["kill"] = await kill
        report["metrics"] = await metrics

        for task in watchers:
            task.cancel()
        closing = [p.ws.close() for p in self.people if p.ws is not None]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True), 20)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, *watchers, return_exceptions=True)

        # stop the instances and read the store
        await asyncio.to_thread(self.cluster.stop_instances)
        report["instances"] = {i.name: {"port": i.port, "killed": i.killed, "exit_code": i.exit_code,
                                        "sigterm_to_exit_s": None if i.stopped_in is None else round(i.stopped_in, 2)}
                               for i in self.cluster.instances}
        stored = await asyncio.to_thread(self.cluster.stored_actions, [t.id for t in self.tables])
        report.update(self.losses(stored))
        report["errors"] = dict(self.errors)
        for p in self.people:
            if p.failed is not None:
                report["errors"][f"connection: {p.failed[:120]}"] = report["errors"].get(
                    f"connection: {p.failed[:120]}", 0) + 1
        report["error_count"] = sum(report["errors"].values())
        report["slow_down_frames"] = self.slow_down
        report["frames_going_backwards"] = self.backwards
        report["stored_actions"] = len(stored)
        report["haproxy_events"] = self.cluster.haproxy_events()
        report["server_log_warnings"] = self.cluster.log_warnings()
        return report

    def stalled(self, table: TableRun, end: float) -> dict[str, Any]:
        """What a stalled table's people last heard: for the server's logs."""
        seats = [{"seat": p.seat, "at": p.at, "its_move": p.mine, "backend": p.backend,
                  "waiting_on_move_at": p.outstanding.at if p.outstanding is not None else None}
                 for p in self.people if p.table is table]
        return {"table": table.id, "at": table.max_at,
                "still_for_s": None if table.last_moved is None else round(end - table.last_moved, 1), "seats": seats}

    def haproxy_sessions(self) -> dict[str, dict[str, str]]:
        try:
            return self.cluster.haproxy_stat()
        except OSError:
            return {}

    def children_cpu(self) -> dict[str, float]:
        found: dict[str, float] = {}
        for instance in self.cluster.instances:
            if instance.proc is not None:
                seconds = cpu_seconds(instance.proc.pid)
                if seconds is not None:
                    found[instance.name] = seconds
        if self.cluster.haproxy is not None:
            seconds = cpu_seconds(self.cluster.haproxy.pid)
            if seconds is not None:
                found["haproxy"] = seconds
        return found

    def losses(self, stored: dict[tuple[str, int], str]) -> dict[str, Any]:
        """Acknowledged moves against the store: each must be there, at its index, with its text and seat."""
        acked = [m for m in self.moves if m.acked is not None and not m.refused]
        lost = [m for m in acked if stored.get((m.table.id, m.at)) != f"{m.seat}: {m.text}"]
        figures: dict[str, Any] = {
            "acknowledged_moves": len(acked), "lost_moves": len(lost),
            "refused_moves": sum(m.refused for m in self.moves),
            "refused_after_seen_past": sum(m.refused_after_ack for m in self.moves),
            "moves_gone_with_a_drop_unacknowledged": sum(m.vanished for m in self.moves),
            "lost_examples": [{"table": m.table.id, "index": m.at, "sent": f"{m.seat}: {m.text}",
                               "stored": stored.get((m.table.id, m.at))} for m in lost[:5]],
        }
        if self.killed is not None:
            before = [m for m in acked if m.acked is not None and m.acked < self.killed]
            figures["kill_details"] = self.kill_figures(before, lost)
        return figures

    def kill_figures(self, before: list[Move], lost: list[Move]) -> dict[str, Any]:
        assert self.killed is not None and self.victim is not None
        in_play = [t for t in self.tables if t.kill_at is not None]
        moved = [t.moved_after_kill for t in in_play if t.moved_after_kill is not None]
        stuck = [t.id for t in in_play if t.moved_after_kill is None]
        dropped = [p for p in self.people if p.dropped_after_kill]
        driven = [t for t in in_play if t.holder_at_kill == self.victim.name]
        driven_moved = [t.moved_after_kill for t in driven if t.moved_after_kill is not None]
        comeback = sorted(self.comebacks)
        return {
            "victim": self.victim.name,
            "signal": "SIGTERM" if self.args.drain else "SIGKILL",
            "victim_exited_after_s": None if self.victim.stopped_in is None else round(self.victim.stopped_in, 2),
            "close_codes": dict(self.close_codes),
            "killed_at_s": round(self.killed - (self.started or self.killed), 1),
            "haproxy_saw_it_down_after_s": None if self.down_after is None else round(self.down_after, 2),
            "acknowledged_before_kill": len(before),
            "lost_of_those": len({id(m) for m in lost} & {id(m) for m in before}),
            "tables_in_play": len(in_play),
            "tables_moved_again": len(moved),
            "tables_never_moved_again": len(stuck),
            "stuck_examples": stuck[:5],
            "all_tables_moved_again_after_s": round(max(moved), 2) if moved and not stuck else None,
            "median_table_moved_again_after_s": round(statistics.median(moved), 2) if moved else None,
            "tables_driven_by_victim": len(driven),
            "their_leases_taken_over_after_s": None if self.leases_moved_after is None
            else round(self.leases_moved_after, 2),
            "those_moved_again_after_s_max": round(max(driven_moved), 2) if driven_moved else None,
            "seats_on_victim": sum(p.backend_at_kill == self.victim.name for p in self.people),
            "connections_dropped": len(dropped),
            "came_back": sum(p.came_back for p in dropped),
            "did_not_come_back": sum(not p.came_back for p in dropped),
            "reconnect_to_fresh_frame_s": {"median": round(statistics.median(comeback), 2) if comeback else None,
                                           "max": round(comeback[-1], 2) if comeback else None},
        }


# --- output ---------------------------------------------------------------------------------------------------------
def verdict(report: dict[str, Any]) -> list[str]:
    """What failed among the checks that must hold."""
    failures = []
    if report.get("lost_moves"):
        failures.append(f"{report['lost_moves']} acknowledged moves are not in the store")
    if report.get("moves_undelivered"):
        failures.append(f"{report['moves_undelivered']} moves never reached every person of their table "
                        f"(sent over {UNDELIVERED_AFTER:g} s before the end)")
    if report.get("tables_stalled"):
        failures.append(f"{report['tables_stalled']} tables in play did not move in the last {STALLED_AFTER:g} s")
    if report["connections"]["failed_for_good"]:
        failures.append(f"{report['connections']['failed_for_good']} person seats could not (re)connect")
    kill = report.get("kill_details")
    if kill is not None:
        if kill["tables_never_moved_again"]:
            failures.append(f"{kill['tables_never_moved_again']} tables in play never moved again after the kill")
        if kill["did_not_come_back"]:
            failures.append(f"{kill['did_not_come_back']} dropped connections did not come back")
    return failures


def exit_text(code: int | None) -> str:
    if code is None:
        return "still running"
    return f"ended by signal {-code}" if code < 0 else f"exit code {code}"


def ms(figures: dict[str, Any]) -> str:
    if not figures["moves"]:
        return "no moves measured"
    return (f"median {figures['median_ms']} ms, p99 {figures['p99_ms']} ms, max {figures['max_ms']} ms "
            f"({figures['moves']} moves)")


def summary(report: dict[str, Any]) -> str:
    setup = report["setup"]
    game = report["game"]
    c = report["connections"]
    rows: list[tuple[str, str]] = [
        ("set-up", setup["description"]),
        ("tables", f"{report['tables']} of {game['name']} ({game['people_per_table']} people + "
                   f"{game['players_per_table'] - game['people_per_table']} {game['bot']} bot each), "
                   f"created in {report['create_seconds']} s"),
        ("connections held", f"{c['held_at_end']} at the end, peak {c['peak']}, of {c['seats']} person seats "
                             f"(all connected in {report['connect_seconds']} s)"),
        ("person moves", f"{report['person_moves']} ({report['person_moves_per_second']}/s)"),
        ("all moves (growth of at)", f"{report['all_moves']} ({report['all_moves_per_second']}/s)"),
        ("move → every person told", ms(report["latency"])),
    ]
    if "latency_before_kill" in report:
        event = "kill" if report["kill_details"]["signal"] == "SIGKILL" else "drain"
        rows += [(f"  sent before the {event}", ms(report["latency_before_kill"])),
                 ("  sent before, told after", ms(report["latency_across_kill"])),
                 (f"  sent after the {event}", ms(report["latency_after_kill"]))]
    rows += [
        ("acknowledged moves", f"{report['acknowledged_moves']}; lost: {report['lost_moves']} (must be 0); "
                               f"refused: {report['refused_moves']} ({report['refused_after_seen_past']} of them after "
                               "the sender had seen the table go past them)"),
    ]
    if report["lost_examples"]:
        rows.append(("  lost, e.g.", "; ".join(f"table {e['table']} #{e['index']}: sent {e['sent']!r}, stored "
                                             f"{e['stored']!r}" for e in report["lost_examples"][:3])))
    rows += [
        ("not told to everybody", f"{report['moves_unconfirmed_at_end']} moves at the end, "
                                  f"{report['moves_undelivered']} of them sent over {UNDELIVERED_AFTER:g} s before "
                                  "(must be 0)"),
        ("stalled tables", f"{report['tables_stalled']} in play without a move in the last {STALLED_AFTER:g} s "
                           "(must be 0)" + (f", e.g. {report['stalled_examples'][0]}"
                                            if report["stalled_examples"] else "")),
        ("errors", f"{report['error_count']}" + (": " + "; ".join(f"{k} ×{v}" for k, v in report["errors"].items())
                                                if report["errors"] else "")
         + f" (slow-down frames {report['slow_down_frames']}, retried connection attempts "
           f"{c['failed_attempts_retried']}, drops {c['drops']}, games over {c['games_over']})"),
    ]
    kill = report.get("kill_details")
    if kill is not None:
        leases = report.get("kill", {}).get("leases")
        rows += [
            ("kill -9" if kill["signal"] == "SIGKILL" else "SIGTERM (drain)",
             f"{kill['victim']} at {kill['killed_at_s']} s, exited after {kill['victim_exited_after_s']} s; HAProxy "
             f"saw it down after {kill['haproxy_saw_it_down_after_s']} s; leases before: {leases}"),
            ("  acknowledged before, lost", f"{kill['lost_of_those']} of {kill['acknowledged_before_kill']} "
                                            "(must be 0)"),
            ("  tables moving again", f"{kill['tables_moved_again']} of {kill['tables_in_play']} in play; "
                                      + (f"all after {kill['all_tables_moved_again_after_s']} s"
                                         if kill["all_tables_moved_again_after_s"] is not None else
                                         f"{kill['tables_never_moved_again']} never did") + " (median "
                                      f"{kill['median_table_moved_again_after_s']} s); the "
                                      f"{kill['tables_driven_by_victim']} it drove: all after "
                                      f"{kill['those_moved_again_after_s_max']} s"),
            ("  seats on it / dropped / back", f"{kill['seats_on_victim']} / {kill['connections_dropped']} / "
                                               f"{kill['came_back']} (reconnect to a fresh frame: median "
                                               f"{kill['reconnect_to_fresh_frame_s']['median']} s, max "
                                               f"{kill['reconnect_to_fresh_frame_s']['max']} s; close codes "
                                               f"{kill['close_codes']})"),
        ]
    cpu = report["cpu"]
    parts = [f"client {100 * cpu['client_core_fraction']:.0f}% of a core ({cpu['client_seconds']} s)"]
    parts += [f"{k} {100 * v:.0f}%" for k, v in cpu.items()
              if k not in ("client_core_fraction", "client_seconds", "machine_busy_fraction", "cores")]
    parts.append(f"machine {100 * cpu['machine_busy_fraction']:.0f}% of {cpu['cores']} cores busy")
    rows.append(("CPU", ", ".join(parts)))
    lag = report["client_loop_lag_ms"]
    if report["client_saturated"]:
        judgement = "  ← THE CLIENT SATURATED A CORE: the figures are bounded by the client, not the server"
    elif cpu["machine_busy_fraction"] > MACHINE_SATURATED:
        judgement = (" (the client was not the bottleneck, but the machine was saturated: the client shares its "
                     f"{cpu['cores']} cores with the servers, so its own delays are part of the latencies)")
    else:
        judgement = " (the client was not the bottleneck)"
    rows.append(("client loop lag", f"p99 {lag['p99']} ms, max {lag['max']} ms" + judgement))
    if report["haproxy_sessions"]:
        rows.append(("HAProxy sessions", ", ".join(
            f"{k}: open {v['open_at_start']} → {v['open_at_end']}, {v['total']} in all"
            for k, v in report["haproxy_sessions"].items())))
    for name, values in report["metrics"].items():
        mean = ""
        if values.get("ludo_move_latency_seconds_count"):
            mean = (f", mean move latency "
                    f"{1000 * values['ludo_move_latency_seconds_sum'] / values['ludo_move_latency_seconds_count']:.1f}"
                    " ms")
        rows.append((f"/metrics {name}", ", ".join(f"{k.removeprefix('ludo_')} {v:g}" for k, v in values.items()
                                                   if "latency" not in k) + mean))
    rows.append(("instances", "; ".join(
        f"{k}: " + (f"stopped halfway ({exit_text(v['exit_code'])})" if v["killed"] else
                    f"{exit_text(v['exit_code'])}, SIGTERM to exit {v['sigterm_to_exit_s']} s")
        for k, v in report["instances"].items())))
    if report["frames_going_backwards"]:
        rows.append(("frames going backwards", f"{report['frames_going_backwards']} (a connection heard a smaller "
                                               "at than before: a stale copy of the table)"))
    for name, counts in report["server_log_warnings"].items():
        rows.append((f"{name} log warnings", "; ".join(f"{k} ×{v}" for k, v in counts.items())))
    if report["haproxy_events"]:
        rows.append(("HAProxy events", "; ".join(report["haproxy_events"])))
    for note in setup["notes"]:
        rows.append(("note", note))
    failures = verdict(report)
    rows.append(("verdict", "; ".join(failures) if failures else "every check holds"))
    if report["logs"]:
        rows.append(("logs", report["logs"]))
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k.ljust(width)}  {v}" for k, v in rows)


# --- main -------------------------------------------------------------------------------------------------------------
def think_range(text: str) -> tuple[float, float]:
    try:
        low, high = (float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("--think is MIN,MAX in seconds, e.g. 0.5,2") from None
    if not 0 <= low <= high:
        raise argparse.ArgumentTypeError("--think needs 0 <= MIN <= MAX")
    return low, high


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--instances", type=int, choices=(1, 2), default=2)
    parser.add_argument("--seats", type=int, default=1000, help="person seats (connections) in all")
    parser.add_argument("--seconds", type=float, default=60, help="length of the measured run")
    parser.add_argument("--game", default="acquire")
    parser.add_argument("--people", type=int, default=0,
                        help="people per table (default: 4 for Acquire, else the game's maximum less the bot)")
    parser.add_argument("--think", type=think_range, default=(0.5, 2.0), help="a person's think time, MIN,MAX s")
    parser.add_argument("--kill", action="store_true", help="kill -9 one of two instances halfway through")
    parser.add_argument("--drain", action="store_true", help="SIGTERM one of two instances halfway through")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    parser.add_argument("--sqlite", action="store_true", help="one instance on a SQLite file, no Redis")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (logs, configuration)")
    args = parser.parse_args(argv)
    if args.kill and args.drain:
        parser.error("--kill or --drain, not both")
    if args.sqlite:
        if args.kill or args.drain:
            parser.error("--kill and --drain need two instances on PostgreSQL (not --sqlite)")
        args.instances = 1
    if (args.kill or args.drain) and args.instances != 2:
        parser.error("--kill and --drain need --instances 2")
    if args.seats < 1 or args.seconds <= 0:
        parser.error("--seats and --seconds must be positive")
    return args


def raise_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))


def loop_factory() -> Any:
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop
    return uvloop.new_event_loop


async def run_with_signals(load: Load) -> dict[str, Any]:
    """The run, which SIGTERM stops as Ctrl-C does (the tear-down follows)."""
    task = asyncio.current_task()
    assert task is not None
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, task.cancel)
    return await load.run()


def stop_name(args: argparse.Namespace) -> str:
    return "SIGTERM (drain)" if args.drain else "kill -9"


def interrupted(signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not HAPROXY.exists():
        print(f"{HAPROXY} is missing: this tool runs HAProxy in front of the instances. Install Debian's: "
              "apt-get install -y haproxy", file=sys.stderr)
        return 2
    if not LUDO.exists():
        print(f"{LUDO} is missing: install the project in this venv (pip install -e '.[test]')", file=sys.stderr)
        return 2
    raise_file_limit()
    signal.signal(signal.SIGTERM, interrupted)  # as Ctrl-C: the tear-down runs (in the run, the loop's handler)
    folder = Path(tempfile.mkdtemp(prefix="ludo-load-"))
    cluster = Cluster(args, folder)
    keep = args.keep
    description = (f"{args.instances} instance{'s' if args.instances > 1 else ''} on PostgreSQL ({cluster.database})"
                   f" and Redis" if not args.sqlite else "1 instance on a SQLite file, no Redis") + \
        f" behind HAProxy ({HAPROXY}), {args.seconds:g} s, think {args.think[0]:g}–{args.think[1]:g} s" + \
        (f", {stop_name(args)} of one instance halfway" if args.kill or args.drain else "")
    print(f"set-up: {description}; logs in {folder}", file=sys.stderr, flush=True)
    report: dict[str, Any] | None = None
    try:
        cluster.start()
        print(f"ready: HAProxy on {cluster.base}, instances "
              + ", ".join(f"{i.name} on :{i.port}" for i in cluster.instances), file=sys.stderr, flush=True)
        load = Load(args, cluster)
        with asyncio.Runner(loop_factory=loop_factory()) as runner:
            report = runner.run(run_with_signals(load))
        failures = verdict(report)
        keep = keep or bool(failures)  # the instances' logs say why
    except SetupError as error:
        print(f"set-up failed: {error}", file=sys.stderr)
        keep = True
        return 2
    except (KeyboardInterrupt, asyncio.CancelledError):
        print("interrupted: tearing down", file=sys.stderr)
        return 130
    except Exception:
        keep = True
        raise
    finally:
        cluster.close()
        if keep:
            print(f"logs and configuration kept in {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    report["setup"] = {"description": description, "instances": args.instances, "sqlite": args.sqlite,
                       "seats": args.seats, "think_s": list(args.think), "health_check": cluster.health_path,
                       "notes": cluster.notes, "client_loop": "uvloop" if "uvloop" in sys.modules else "asyncio"}
    report["failures"] = failures
    report["logs"] = str(folder) if keep else None
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(summary(report))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
