"""The tables a server holds live: each one a table service (``ludotheque.table.Table``) rebuilt from its stored
moves, with its connections, a lock, and a driver task that plays chance, bots and the clock.

Every move is stored before anybody hears of it: the table applies it in memory under its lock, the new moves
are written in one transaction, and only then are the connections told. If writing fails, the table is rebuilt
from what is stored, so memory never runs ahead of the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.errors import LudoError, OptionError, Reason
from ..engine.game import Game, get_game
from ..engine.match import Match
from ..engine.options import OptionValue
from ..engine.record import GameRecord, SeatConfig
from ..engine.state import CHANCE, State
from ..table import Played, StaleActionError, Table
from .bus import Bus, LocalBus
from .errors import Refusal
from .metrics import Metrics
from .storage import (
    Account,
    ActionConflict,
    AlreadySeated,
    ChatLine,
    LeaseLost,
    SeatRecord,
    Store,
    StoredAction,
    StoredTable,
    TableNotFound,
    name_key,
)

if TYPE_CHECKING:
    from ..bots.hints import Hint

T = TypeVar("T")
Clock = Callable[[], float]

WAITING, PLAYING, OVER = "waiting", "playing", "over"
LEASE_SECONDS = 4.0
"""How long a lease lasts unless renewed (renewed four times as often): a dead instance's tables are taken over
this long after its last renewal, at most."""
PRESENCE_DELAY = 0.05
"""Comings and goings within this many seconds are told to a table's connections in one frame."""
PRESENCE_SECONDS = 10.0
"""How often an instance says again which seats are connected to it (the others forget it after 2.5 times that)."""
RATING_SWEEP_SECONDS = 60.0
"""How often an instance looks for finished rated tables whose result is not applied yet (and at start)."""
BOT_SECONDS = 10.0
"""The longest a table's bot thinks over one move on a server, whatever its spec asks: a table made with
``mcts:seconds=3600`` (or a huge iteration budget) must not hold one of the instance's threads for an hour. Ten times
the strongest level's second."""

log = logging.getLogger("ludotheque.server")


def default_instance() -> str:
    """This instance's name when none is given: the machine and the process."""
    return f"{socket.gethostname()}:{os.getpid()}"


def hash_token(token: str) -> str:
    """Seat tokens are stored hashed: a leaked database does not let anybody act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return command_line_safe_id(24)


def command_line_safe_id(nbytes: int) -> str:
    """A random id of ``nbytes`` random bytes in URL-safe base64 that never begins with "-": table ids and seat
    tokens are typed after ``--table`` and ``--token``, where a leading dash reads as an option. A draw that
    begins with one is drawn again, so the id stays uniform over the ids allowed."""
    while True:
        drawn = secrets.token_urlsafe(nbytes)
        if not drawn.startswith("-"):
            return drawn


@dataclass
class Client:
    """One connection at a table: a seat's (proven by its token) or a spectator's (``seat`` None)."""

    seat: int | None
    lang: str
    send: Callable[[dict[str, Any]], Awaitable[None]]
    events: int = 0
    """How many of the table's events this connection has been sent."""
    chat: int = 0
    """How many chat lines it has been sent."""
    hinting: bool = False
    """A hint is being thought out for this connection (one at a time)."""


@dataclass
class LiveTable:
    stored: StoredTable
    table: Table
    stored_actions: int
    """Moves written to the database (the table's history beyond this is not stored yet)."""
    chat: list[ChatLine] = field(default_factory=list)
    clients: list[Client] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    driver: asyncio.Task[None] | None = None
    driving: bool = False
    """This instance holds the table's lease: it plays its chance, bots and clock (one instance at a time)."""
    remote_online: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    """Per other instance: the seats connected there, and when it said so."""
    presence_pending: bool = False
    """Everybody is to be told who is connected, in a moment."""
    presence_here: bool = False
    """…and the other instances too, since it changed here."""
    extras: dict[tuple[int, str, int | None], asyncio.Future[Any]] = field(default_factory=dict)
    """The game's extras asked for (``Game.table_extra``), by (actions played, name, viewer): kept until the
    next move, shared by everybody asking at once."""

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def waiting(self) -> bool:
        """Some person's seat is still free: nothing moves until every seat is taken."""
        return any(s.bot is None and not s.taken for s in self.stored.seats)

    def local_seats(self) -> frozenset[int]:
        return frozenset(c.seat for c in self.clients if c.seat is not None)

    def online(self, now: float) -> set[int]:
        """The seats connected to the site: here, or at another instance that said so lately."""
        seats = set(self.local_seats())
        for held, said in self.remote_online.values():
            if now - said < PRESENCE_SECONDS * 2.5:
                seats |= held
        return seats


@dataclass(frozen=True)
class SeatSpec:
    """A seat as asked for when a table is created: a bot by name, or a person's (open, or for ``name``)."""

    name: str | None = None
    bot: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    """The seat's own settings (the game's seat options; those left out take their defaults)."""


@dataclass(frozen=True)
class TableSpec:
    game: str
    players: int
    options: dict[str, Any]
    seats: list[SeatSpec]
    bot_delay_ms: int = 600
    move_seconds: float | None = None
    rated: bool = False
    """Only accounts sit at its person seats; the result changes their ratings (and its bots')."""
    creator: Account | None = None
    """Who asks for the table (None: a guest, who may not create a rated table)."""


Listener = Callable[[LiveTable], Awaitable[None]]


class Hub:
    """Every live table of one server instance, and its part in the site: the leases it holds (the tables whose
    chance, bots and clock it drives) and the bus that tells the other instances what happened here."""

    def __init__(self, store: Store, clock: Clock = time.time, *, bus: Bus | None = None,
                 instance: str | None = None, lease_seconds: float = LEASE_SECONDS,
                 metrics: Metrics | None = None, bot_seconds: float = BOT_SECONDS) -> None:
        self.store = store
        self.bot_seconds = bot_seconds
        """The longest a table's bot thinks over a move here (``BOT_SECONDS``), whatever its spec asks."""
        self.clock = clock
        self.bus: Bus = bus or LocalBus()
        self.instance = instance or default_instance()
        self.lease_seconds = lease_seconds
        self.metrics = metrics or Metrics(self.instance)
        self.live: dict[str, LiveTable] = {}
        self._db = ThreadPoolExecutor(max_workers=8 if store.shared else 1, thread_name_prefix="ludo-db")
        self._lease_db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludo-leases")
        """Leases and the readiness check have a thread of their own: moves queued in ``_db`` never delay a
        renewal (a late renewal would hand the table to another instance)."""
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._leases: asyncio.Task[None] | None = None
        self._sweep = asyncio.Event()
        self.draining = False
        """Stopping: readiness says no (the balancer sends nobody new here), then the leases are given up and the
        connections move to other instances."""
        self._released = False
        self._taking: set[str] = set()
        """Tables being taken over (read from the store) now."""
        self._take_at_once = asyncio.Semaphore(8)
        self.on_update: Listener | None = None
        """Called after a table changed and its moves are stored (the server sends the new frames)."""

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call off the event loop (on SQLite, in order with the others)."""
        return await asyncio.get_running_loop().run_in_executor(self._db, partial(fn, *args))

    async def lease_db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a lease (or readiness) storage call on its own thread."""
        return await asyncio.get_running_loop().run_in_executor(self._lease_db, partial(fn, *args))

    # --- the instance's life ---------------------------------------------------------------------
    async def start(self) -> None:
        """Join the site: listen to the other instances, take the tables nobody drives (after a restart: every
        table still in play, at once on SQLite, where this instance is the only one), and keep the leases."""
        await self.bus.start(self._heard, self._resync)
        await self._lease_round(first=True)
        self._spawn(self.sweep_ratings())
        self._leases = asyncio.create_task(self._keep_leases(), name="leases")
        log.info("instance started", extra={"instance": self.instance, "driving": self.driven()})

    def driven(self) -> int:
        """Tables in play (every seat taken, not over) whose chance, bots and clock this instance drives."""
        return sum(1 for live in self.live.values() if live.driving and live.stored.status == PLAYING)

    async def drain(self) -> None:
        """A graceful stop: say not ready, let every driver finish its step, give up the leases (another instance
        takes them at once) and tell the others. Connections are closed by the server afterwards."""
        if self._released:
            return
        self.draining = self._released = True
        if self._leases is not None:
            self._leases.cancel()
        drivers = [live.driver for live in self.live.values() if live.driver is not None]
        for live in self.live.values():
            live.driving = False
            live.wake.set()
        if drivers:
            await asyncio.wait(drivers, timeout=5)
        with contextlib.suppress(Exception):
            released = await self.lease_db(self.store.release_leases, self.instance, None)
            await self._publish(None, {"kind": "released"})
            log.info("leases given up", extra={"instance": self.instance, "tables": released})

    async def close(self) -> None:
        if self._leases is not None:
            self._leases.cancel()
        for live in self.live.values():
            live.driving = False
            if live.driver is not None:
                live.driver.cancel()
        await asyncio.gather(*(lv.driver for lv in self.live.values() if lv.driver), *self._tasks,
                             return_exceptions=True)
        await self.bus.close()
        self._db.shutdown(wait=True)
        self._lease_db.shutdown(wait=True)

    # --- leases: which instance drives which table -----------------------------------------------
    async def _keep_leases(self) -> None:
        """Renew this instance's leases and take the expired ones, a few times per lease period; say which seats
        are connected here now and then."""
        said = swept = self.clock()
        while not self._released:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._sweep.wait(), self.lease_seconds / 4)
            self._sweep.clear()
            try:
                await self._lease_round()
            except Exception:  # the database away for a moment: the next round tries again
                log.exception("lease round failed", extra={"instance": self.instance})
            if self.clock() - swept >= RATING_SWEEP_SECONDS:
                swept = self.clock()
                self._spawn(self.sweep_ratings())
            if self.clock() - said >= PRESENCE_SECONDS:
                said = self.clock()
                for live in list(self.live.values()):
                    if live.clients:
                        await self._say_online(live)

    async def _lease_round(self, first: bool = False) -> None:
        now = self.clock()
        until = now + self.lease_seconds
        held = await self.lease_db(self.store.renew_leases, self.instance, until)
        for live in list(self.live.values()):
            if live.driving and live.id not in held:
                live.driving = False
                live.wake.set()
                self.metrics.leases_lost.inc()
                log.warning("lease lost", extra={"instance": self.instance, "table": live.id})
        # on a SQLite file this instance is the whole site: every lease is its own at once; a stopping instance
        # takes no more
        expired_before = now if self.store.shared else math.inf
        claimed = [] if self.draining else \
            await self.lease_db(self.store.claim_leases, self.instance, expired_before, until, 500)
        mine = sorted(t for t in held if not (t in self.live and self.live[t].driving))
        waiting = [t for t in mine + claimed if t not in self._taking]
        self._taking.update(waiting)

        async def take(table_id: str) -> None:
            try:
                async with self._take_at_once:
                    await self._take(table_id, taken_over=table_id in claimed and not first)
            finally:
                self._taking.discard(table_id)

        # many tables at once after another instance died: read side by side, and not in the way of the next
        # renewal (the first round, at start, waits for them)
        work = asyncio.gather(*(take(t) for t in waiting))
        if first:
            await work
        else:
            self._spawn(work)
        self.metrics.tables_in_progress.set(self.driven())
        self.metrics.tables_live.set(len(self.live))

    async def _take(self, table_id: str, taken_over: bool) -> None:
        """Drive a table whose lease this instance now holds (reading what it missed first)."""
        try:
            live = await self.open(table_id)
        except TableNotFound:
            return
        async with live.lock:
            await self._catch_up(live)
        if live.stored.status == OVER or live.driving:
            return
        self._start_driving(live)
        if taken_over:
            self.metrics.takeovers.inc()
            log.info("table taken over", extra={"instance": self.instance, "table": table_id, "at": live.table.at})

    def _start_driving(self, live: LiveTable) -> None:
        live.driving = True
        if live.driver is None or live.driver.done():
            live.driver = asyncio.create_task(self._drive(live), name=f"table-{live.id}")
        live.wake.set()

    # --- creating and opening tables ------------------------------------------------------------
    async def create(self, spec: TableSpec) -> tuple[StoredTable, dict[int, str]]:
        """A new table; the tokens of the person seats reserved for a name (the others are given when taken).
        This instance drives it."""
        game = get_game(spec.game)
        options = game.resolve(spec.players, spec.options)
        for o in game.info.options:
            if o.file and options[o.name] != o.default:
                raise OptionError(f"option {o.name}={options[o.name]!r}: a server plays only the files it ships "
                                  f"({o.name}={o.default!r}); play your own files with ludo play")
        if len(spec.seats) != spec.players:
            raise OptionError(f"'seats' lists {len(spec.seats)} seats for {spec.players} players")
        from ..bots import check_bot

        for i, s in enumerate(spec.seats):
            if s.bot is not None:
                try:
                    check_bot(s.bot, game.info.name)
                except OptionError as e:
                    raise OptionError(f"seats[{i}]: {e}") from None
        settings = seat_settings(game, spec.seats)
        kept = await self._rated_seats(spec) if spec.rated else {}
        if spec.rated:  # a seat kept for an account: only the creator's own is given a token now
            creator = spec.creator.id if spec.creator is not None else None
            tokens = {i: new_token() for i, a in kept.items() if a.id == creator}
        else:
            tokens = {i: new_token() for i, s in enumerate(spec.seats) if s.bot is None and s.name}
        # a bot's name is the same in every language ("Bot 1"); frames say its kind in the viewer's (``kind``)
        seats = [SeatRecord(i, (kept[i].name if i in kept else s.name) if s.bot is None else f"Bot {i}",
                            s.bot, reserved=s.bot is None and bool(s.name), taken=i in tokens,
                            settings=dict(settings[i]), account=kept[i].id if spec.rated and i in tokens else None)
                 for i, s in enumerate(spec.seats)]
        table_id = command_line_safe_id(9)
        stored = StoredTable(table_id, game.info.name, spec.players, dict(options),
                             secrets.randbits(48), game.info.rules_version, spec.bot_delay_ms, spec.move_seconds,
                             WAITING, self.clock(), seats, rated=spec.rated)
        if not any(s.bot is None and not s.taken for s in seats):
            stored = _with(stored, status=PLAYING)
        await self.db(self.store.create_table, stored, {i: hash_token(t) for i, t in tokens.items()},
                      self.instance, self.clock() + self.lease_seconds)
        await self._take(table_id, taken_over=False)
        return stored, tokens

    async def _rated_seats(self, spec: TableSpec) -> dict[int, Account]:
        """A rated table's seats kept for accounts (by seat), after checking who may create it and its seats: a
        logged-in creator, one person's seat at least, and seats kept only for accounts, each for one seat."""
        if spec.creator is None:
            raise Refusal("log in to create a rated table", "rated_create", 401)
        if all(s.bot is not None for s in spec.seats):
            raise Refusal("a rated table needs a seat for a person at least", "rated_people")
        kept: dict[int, Account] = {}
        for i, s in enumerate(spec.seats):
            if s.bot is not None or not s.name:
                continue
            found = await self.db(self.store.credentials, name_key(s.name))
            if found is None or found.password_hash is None:
                raise Refusal(f"seat {i}: no account is named {s.name!r}: a seat of a rated table is kept for an "
                              "account", "rated_unknown", name=s.name)
            if any(a.id == found.account.id for a in kept.values()):
                raise Refusal(f"seat {i}: {found.account.name!r} is given two seats: one seat per account at a "
                              "rated table", "rated_twice", name=found.account.name)
            kept[i] = found.account
        return kept

    async def open(self, table_id: str) -> LiveTable:
        """The live table (rebuilt from the store the first time it is asked for), followed on the bus."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.live.get(table_id)
            if live is None:
                await self.bus.follow(table_id)  # first: what happens while it loads is then heard…
                try:
                    live = await self._load(table_id)
                except BaseException:
                    await self.bus.unfollow(table_id)
                    raise
                self.live[table_id] = live
                async with live.lock:  # …or read here
                    await self._catch_up(live)
        self._loading.pop(table_id, None)
        return live

    async def _load(self, table_id: str) -> LiveTable:
        stored = await self.db(self.store.table, table_id)
        actions = await self.db(self.store.actions, table_id)
        chat = await self.db(self.store.chat, table_id)
        return LiveTable(stored, self._table(stored, actions), len(actions), chat)

    def _table(self, stored: StoredTable, actions: list[StoredAction]) -> Table:
        """The table service for a stored table after ``actions`` (replayed, with when and by whom)."""
        record = GameRecord(stored.game, stored.players, stored.options, stored.seed, _seat_configs(stored),
                            [a.text for a in actions])
        return Table(Match.from_record(record), move_seconds=stored.move_seconds,
                     bot_delay=stored.bot_delay_ms / 1000, clock=self.clock,
                     played=[Played(a.played, a.by) for a in actions], bot_seconds=self.bot_seconds)

    def forget(self, live: LiveTable) -> None:
        """Let a table go from memory when nobody here looks at it and this instance does not drive it (it is
        read back from the store if asked for again)."""
        if live.clients or (live.driving and live.stored.status != OVER) or self.live.get(live.id) is not live:
            return
        del self.live[live.id]
        self._spawn(self.bus.unfollow(live.id))

    # --- seats and connections ----------------------------------------------------------------------
    async def take_seat(self, live: LiveTable, seat: int, name: str, account: Account | None = None) -> str:
        """Seat ``name`` at an open seat (or the one reserved for that name); its new secret token. At a rated
        table only an ``account`` sits, under its own name, once; the seat it already holds gets a new token (its
        holder plays from another browser; the old token opens no more connections)."""
        if not 0 <= seat < live.stored.players:
            raise OptionError(f"seat {seat}: the seats are 0 to {live.stored.players - 1}")
        token = new_token()
        rated = live.stored.rated
        if rated:
            if account is None:
                raise Refusal("this table is rated: log in to take one of its seats", "rated_guest", 401)
            name = account.name
            if await self.db(self.store.reclaim_seat, live.id, seat, account.id, hash_token(token)):
                return token
        try:
            taken = await self.db(self.store.take_seat, live.id, seat, name, hash_token(token),
                                  account.id if rated and account is not None else None)
        except AlreadySeated:
            raise Refusal(f"{name!r} already holds a seat at this table: one seat per account at a rated table",
                          "rated_seated", 409, name=name) from None
        if not taken:
            raise OptionError(f"seat {seat} is not free")
        async with live.lock:
            seats = list(live.stored.seats)
            seats[seat] = replace(seats[seat], name=name, bot=None, taken=True,
                                  account=account.id if rated and account is not None else None)
            live.stored = _with(live.stored, seats=seats)
            # the seat keeps its settings (a steadiness chosen at creation)
            live.table.match.seats[seat] = replace(live.table.match.seats[seat], name=name, bot=None)
            if not live.waiting and live.stored.status == WAITING:
                live.stored = _with(live.stored, status=PLAYING)
                await self.db(self.store.set_status, live.id, PLAYING)
        await self._publish(live.id, {"kind": "seats"})
        live.wake.set()
        await self._told(live)
        return token

    async def seat_of(self, live: LiveTable, token: str) -> int | None:
        return await self.db(self.store.seat_of, live.id, hash_token(token))

    async def connected(self, live: LiveTable, client: Client) -> None:
        live.clients.append(client)
        self.metrics.connections.labels("spectator" if client.seat is None else "seat").inc()
        self._presence_changed(live)

    async def disconnected(self, live: LiveTable, client: Client) -> None:
        if client not in live.clients:
            return
        live.clients.remove(client)
        self.metrics.connections.labels("spectator" if client.seat is None else "seat").dec()
        self._presence_changed(live)
        self.forget(live)

    def _presence_changed(self, live: LiveTable, here: bool = True) -> None:
        """Somebody came or went (``here``: at this instance, to be said to the others): everybody at the table is
        told once, a moment later, however many come or go meanwhile (after an instance dies, hundreds of pages
        come back at once)."""
        live.presence_here = live.presence_here or here
        if live.presence_pending:
            return
        live.presence_pending = True

        async def later() -> None:
            await asyncio.sleep(PRESENCE_DELAY)
            live.presence_pending = False
            if live.presence_here:
                live.presence_here = False
                await self._say_online(live)
            await self._told(live)

        self._spawn(later())

    async def _say_online(self, live: LiveTable) -> None:
        await self._publish(live.id, {"kind": "online", "seats": sorted(live.local_seats())})

    # --- what a game gives besides its frames ---------------------------------------------------------
    async def extra(self, live: LiveTable, name: str, seat: int | None, at: int | None = None) -> Any:
        """The game's ``table_extra(name)`` for ``seat`` (None: a spectator) on the table as it is, or, for a
        finished game, after ``at`` actions (a replay). Run in a thread on a copy of the state; the answer is kept
        per (actions played, name, viewer) until the table moves on, and viewers asking at once share one call.
        ``KeyError`` for a name the game does not know."""
        replaying = at is not None and live.stored.status == OVER
        at = max(0, min(at or 0, live.table.at)) if replaying else live.table.at
        key = (at, name, seat)
        future = live.extras.get(key)
        if future is None:
            for old in [k for k in live.extras if k[0] != live.table.at and k[0] != at]:
                del live.extras[old]  # an older move's: nobody asks for it any more
            if at == live.table.at:
                state = live.table.match.state.clone()
            else:
                state = Match.from_record(live.table.record(), upto=at, log=False).state
            game = live.table.match.game
            future = asyncio.ensure_future(asyncio.to_thread(game.table_extra, name, state, seat))
            live.extras[key] = future
        try:
            return await asyncio.shield(future)
        except Exception:  # an unknown name, or a failure: not kept, the next asker tries again
            if live.extras.get(key) is future:
                del live.extras[key]
            raise

    # --- moves ------------------------------------------------------------------------------------
    async def submit(self, live: LiveTable, seat: int, action: str, at: int) -> None:
        """A person's move: refused with a ``LudoError`` (nothing changes), or stored with the chance events it
        calls for, then everybody told (here, and at the other instances through the bus)."""
        received = time.perf_counter()
        try:
            async with live.lock:
                if live.waiting:
                    raise OptionError("the game starts when every seat is taken")
                if at > live.table.at:  # the seat saw moves this copy has not heard of yet
                    await self._catch_up(live)
                live.table.submit(seat, action, at)
                while live.table.due() == "chance":
                    live.table.draw_chance()
                await self._store_moves(live)
        except LudoError as error:
            reason = "conflict" if isinstance(error, ActionConflict) else \
                "stale" if isinstance(error, StaleActionError) else "illegal"
            self.metrics.refused.labels(reason).inc()
            if isinstance(error, ActionConflict):
                await self._told(live)  # the winner's move, which this seat has not seen
                raise StaleActionError("another move was played at this table first: look at the table again and "
                                       "choose anew", Reason("raced")) from None
            raise
        live.wake.set()
        await self._told(live)
        self.metrics.move_latency.observe(time.perf_counter() - received)

    async def say(self, live: LiveTable, client: Client, text: str) -> None:
        name = live.stored.seats[client.seat].name or "?" if client.seat is not None else "spectator"
        line = ChatLine(name, client.seat, text, self.clock())
        await self.db(self.store.add_chat, live.id, line)
        live.chat.append(line)
        await self._publish(live.id, {"kind": "chat", "line": asdict(line)})
        await self._told(live)

    async def _store_moves(self, live: LiveTable, lease: bool = False) -> None:
        """Write the moves not stored yet (called under the table's lock), then tell the other instances. On
        failure, the table in memory goes back to what is stored (and reads the moves that won, after a conflict).
        ``lease``: moves only the table's driver may make, written only while this instance holds the lease."""
        table = live.table
        if table.at == live.stored_actions:
            return
        start = live.stored_actions
        history = table.match.history
        new = [StoredAction(i, f"{'chance' if actor == CHANCE else actor}: {action.text()}", table.played[i].time,
                            table.played[i].by)
               for i, (actor, action) in enumerate(history[start:], start=start)]
        status = result = finished = None
        if table.is_over():
            status, result, finished = OVER, table.match.state.outcome().to_json(), self.clock()
        held = (self.instance, self.clock() + self.lease_seconds) if lease else None
        try:
            await self.db(self.store.append_actions, live.id, new, status, result, finished, held)
        except BaseException as error:
            self._roll_back(live)
            if isinstance(error, ActionConflict):
                with contextlib.suppress(Exception):
                    await self._catch_up(live)
            raise
        live.stored_actions = table.at
        for a in new:
            self.metrics.moves.labels(a.by).inc()
        if status is not None:
            live.stored = _with(live.stored, status=status, result=result, finished=finished)
            if status == OVER and live.stored.rated:  # before anybody hears of the end, here or elsewhere
                await self.apply_rating(live.id)
        await self._publish(live.id, {"kind": "moves", "start": start, "sent": time.time(),
                                      "actions": [[a.text, a.played, a.by] for a in new],
                                      "status": status, "result": result, "finished": finished})

    # --- ratings ---------------------------------------------------------------------------------------
    async def apply_rating(self, table_id: str) -> list[dict[str, Any]] | None:
        """Apply a finished rated table's result to the ratings, if nobody did yet (``Store.apply_rated_result``:
        once, whoever tries, whenever). A failure is logged; the sweep tries again later."""
        try:
            changes = await self.db(self.store.apply_rated_result, table_id, self.clock())
        except Exception:
            log.exception("rating failed", extra={"instance": self.instance, "table": table_id})
            return None
        if changes is not None:
            self.metrics.rated_results.inc()
            log.info("rated result applied", extra={"instance": self.instance, "table": table_id,
                                                     "seats": len(changes)})
        return changes

    async def sweep_ratings(self) -> int:
        """Apply the results of finished rated tables nobody applied (an instance stopped between the last move
        and the ratings, or the database failed then); how many this call applied."""
        try:
            waiting = await self.db(self.store.unrated_finished, 50)
        except Exception:
            log.exception("rating sweep failed", extra={"instance": self.instance})
            return 0
        applied = 0
        for table_id in waiting:
            if await self.apply_rating(table_id) is not None:
                applied += 1
        return applied

    def _roll_back(self, live: LiveTable) -> None:
        """The table in memory as the database has it: its first ``stored_actions`` moves (nobody was told of the
        others)."""
        old = live.table
        stored = [StoredAction(i, text, played.time, played.by)
                  for i, (text, played) in enumerate(zip(old.record().actions, old.played, strict=True))]
        live.table = self._table(live.stored, stored[:live.stored_actions])

    async def _catch_up(self, live: LiveTable) -> None:
        """Read the moves other instances stored since this copy's last (and the seats and status), under the
        table's lock."""
        stored = await self.db(self.store.table, live.id)
        rows = await self.db(self.store.actions, live.id, live.stored_actions)
        self._follow(live, [(r.idx, r.text, Played(r.played, r.by)) for r in rows])
        self._merge_seats(live, stored)

    def _follow(self, live: LiveTable, moves: list[tuple[int, str, Played]]) -> None:
        """Apply moves stored elsewhere (those this copy has not got); a copy that cannot is rebuilt later."""
        for idx, text, played in moves:
            if idx != live.table.at:
                continue
            live.table.follow(text, played)
        live.stored_actions = live.table.at

    def _merge_seats(self, live: LiveTable, stored: StoredTable) -> None:
        live.stored = _with(stored, status=stored.status if live.stored.status != OVER else OVER)
        for s in stored.seats:
            seat = live.table.match.seats[s.seat]
            if s.bot is None and (seat.bot is not None or (s.name and seat.name != s.name)):
                live.table.match.seats[s.seat] = replace(seat, name=s.name or seat.name, bot=None)

    # --- what the other instances say ------------------------------------------------------------------
    async def _heard(self, table_id: str, message: dict[str, Any]) -> None:
        """A message from another instance (Redis pub/sub), handled in order per table."""
        self.metrics.bus_messages.labels("in").inc()
        if message.get("kind") == "released":  # an instance is stopping: take its tables now
            self._sweep.set()
            return
        live = self.live.get(table_id)
        if live is not None:
            self._spawn(self._apply_heard(live, message))

    async def _apply_heard(self, live: LiveTable, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        async with live.lock:
            if kind == "moves":
                start, moves = int(message["start"]), message["actions"]
                try:
                    if start > live.stored_actions:  # some news was missed: the database has it
                        await self._catch_up(live)
                    else:
                        self._follow(live, [(start + i, text, Played(float(played), str(by)))
                                            for i, (text, played, by) in enumerate(moves)])
                        if message.get("status") == OVER:
                            live.stored = _with(live.stored, status=OVER, result=message.get("result"),
                                                finished=message.get("finished"))
                except LudoError:  # this copy went wrong somewhere: read the table again
                    fresh = await self._load(live.id)
                    live.table, live.stored_actions, live.stored = fresh.table, fresh.stored_actions, fresh.stored
            elif kind == "seats":
                self._merge_seats(live, await self.db(self.store.table, live.id))
            elif kind == "chat":
                line = message.get("line") or {}
                live.chat.append(ChatLine(str(line.get("name", "?")), line.get("seat"), str(line.get("text", "")),
                                          float(line.get("said", 0.0))))
            elif kind == "online":
                instance = str(message.get("from"))
                seats = frozenset(int(s) for s in message.get("seats", []))
                known = live.remote_online.get(instance)
                live.remote_online[instance] = (seats, self.clock())
                if known is None or known[0] != seats:
                    self._presence_changed(live, here=False)
                return  # said again, nothing changed: nobody needs a new frame
        live.wake.set()
        await self._told(live)
        if kind == "moves" and "sent" in message:
            self.metrics.follow_latency.observe(max(0.0, time.time() - float(message["sent"])))

    async def _resync(self) -> None:
        """The bus came back after a loss: read every live table's moves from the database."""
        for live in list(self.live.values()):
            async with live.lock:
                await self._catch_up(live)
            await self._told(live)

    async def _publish(self, table_id: str | None, message: dict[str, Any]) -> None:
        if self.bus.shared:
            await self.bus.publish(table_id, message)
            self.metrics.bus_messages.labels("out").inc()

    def _spawn(self, work: Awaitable[Any]) -> None:
        task: asyncio.Task[Any] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("news from another instance failed", exc_info=task.exception(),
                      extra={"instance": self.instance})

    async def _told(self, live: LiveTable) -> None:
        if self.on_update is not None:
            await self.on_update(live)

    # --- hints ------------------------------------------------------------------------------------
    async def hint(self, live: LiveTable, client: Client, at: Any) -> tuple[int, State, list[Hint]]:
        """The best few moves for the client's seat, with the state they were thought out on and its count of
        moves, from the seat's own view, off the event loop (``bots.hints``), for the client alone
        (``protocol.hint_message``); refused, in words, at a rated table, out of turn, on an old state, or while
        the connection's previous hint is still being thought out."""
        from ..bots.hints import hints

        table = live.table
        if client.seat is None:
            raise Refusal("spectators cannot ask for hints", "hint_spectator")
        if live.stored.rated:
            raise Refusal("hints are off at a rated table", "hint_rated")
        if not isinstance(at, int) or isinstance(at, bool) or at != table.at:
            raise Refusal("this hint was asked on an older state of the table", "hint_stale")
        if table.to_move != client.seat:
            raise Refusal("a hint is for the seat to move, when it is its turn", "hint_turn")
        if client.hinting:
            raise Refusal("a hint is already being thought out for you", "hint_busy")
        client.hinting = True
        try:
            game, state = table.match.game, table.match.state.clone()
            found = await asyncio.to_thread(hints, game, state, client.seat, seed=at)
        finally:
            client.hinting = False
        return at, state, found

    # --- the table's own moves: chance, bots, the clock -------------------------------------------------
    async def _drive(self, live: LiveTable) -> None:
        """Chance, bots and the clock, while this instance holds the lease and the game goes on. Bots think on a
        copy, off the loop."""
        while live.driving and not live.table.is_over():
            live.wake.clear()
            table = live.table
            kind = None if live.waiting else table.due()
            try:
                if kind == "chance":
                    async with live.lock:
                        while live.table.due() == "chance":
                            live.table.draw_chance()
                        await self._store_moves(live, lease=True)
                    await self._told(live)
                    continue
                if kind is not None:
                    seat, at = table.to_move, table.at
                    bot, view = table.thinker(seat)
                    action = await asyncio.to_thread(bot.choose, view)
                    if not live.driving:
                        break
                    async with live.lock:
                        try:
                            live.table.submit(seat, action, at, by=kind)
                        except StaleActionError:  # the table moved on while the bot thought: think again
                            continue
                        while live.table.due() == "chance":
                            live.table.draw_chance()
                        await self._store_moves(live, lease=True)
                    await self._told(live)
                    continue
            except LeaseLost:
                live.driving = False
                self.metrics.leases_lost.inc()
                log.warning("lease lost", extra={"instance": self.instance, "table": live.id})
                break
            except ActionConflict:  # a person's move elsewhere came first: the table has read it, go on
                await self._told(live)
                continue
            except Exception:  # the database away: what is stored is what counts; try again shortly
                log.exception("table step failed", extra={"instance": self.instance, "table": live.id})
                await asyncio.sleep(1.0)
                continue
            due = None if live.waiting else table.next_due()
            wait = None if due is None else max(0.0, due - self.clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), wait)
        live.driving = live.driving and not live.table.is_over()
        self.metrics.tables_in_progress.set(self.driven())
        if not live.clients and not live.driving:
            self.forget(live)


def _seat_configs(stored: StoredTable) -> list[SeatConfig]:
    return [SeatConfig(s.name or f"Seat {s.seat}", s.bot, dict(s.settings)) for s in stored.seats]


def seat_settings(game: Game, seats: list[SeatSpec]) -> list[dict[str, OptionValue]]:
    """Every seat's settings checked by the game (``resolve_seats``) and filled in; a refusal names the seat, the
    setting and what it allows."""
    try:
        return game.resolve_seats(len(seats), [s.settings for s in seats])
    except OptionError as error:
        specs = {o.name: o for o in game.info.seat_options}
        for i, s in enumerate(seats):
            if not isinstance(s.settings, dict):
                raise OptionError(f"seat {i}: settings are an object of name: value") from None
            for name, value in s.settings.items():
                spec = specs.get(name)
                if spec is None:
                    known = ", ".join(specs) or "none"
                    raise OptionError(f"seat {i}: {game.info.name} has no seat setting {name!r}; its seat settings "
                                      f"are: {known}") from None
                try:
                    spec.parse(value)
                except OptionError:
                    raise OptionError(f"seat {i}: setting {name} = {value!r} is not allowed; {name} is "
                                      f"{spec.allowed()}") from None
        raise error


def _with(stored: StoredTable, **changes: Any) -> StoredTable:
    return replace(stored, **changes)


__all__ = ["OVER", "PLAYING", "WAITING", "Client", "Hub", "LiveTable", "LudoError", "SeatSpec", "TableSpec",
           "hash_token"]
