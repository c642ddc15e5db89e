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
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, TypeVar

from ..engine.errors import LudoError, OptionError
from ..engine.game import Game, get_game
from ..engine.match import Match
from ..engine.options import OptionValue
from ..engine.record import GameRecord, SeatConfig
from ..engine.state import CHANCE
from ..table import Played, StaleActionError, Table
from .storage import ChatLine, SeatRecord, Store, StoredAction, StoredTable

T = TypeVar("T")
Clock = Callable[[], float]

WAITING, PLAYING, OVER = "waiting", "playing", "over"


def hash_token(token: str) -> str:
    """Seat tokens are stored hashed: a leaked database does not let anybody act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


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


Listener = Callable[[LiveTable], Awaitable[None]]


class Hub:
    """Every live table of one server process."""

    def __init__(self, store: Store, clock: Clock = time.time) -> None:
        self.store = store
        self.clock = clock
        self.live: dict[str, LiveTable] = {}
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludo-db")
        self._loading: dict[str, asyncio.Lock] = {}
        self.on_update: Listener | None = None
        """Called after a table changed and its moves are stored (the server sends the new frames)."""

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call off the event loop, in order with the others."""
        return await asyncio.get_running_loop().run_in_executor(self._db, partial(fn, *args))

    # --- creating and opening tables ------------------------------------------------------------
    async def create(self, spec: TableSpec) -> tuple[StoredTable, dict[int, str]]:
        """A new table; the tokens of the person seats reserved for a name (the others are given when taken)."""
        game = get_game(spec.game)
        options = game.resolve(spec.players, spec.options)
        for o in game.info.options:
            if o.file and options[o.name] != o.default:
                raise OptionError(f"option {o.name}={options[o.name]!r}: a server plays only the files it ships "
                                  f"({o.name}={o.default!r}); play your own files with ludo play")
        if len(spec.seats) != spec.players:
            raise OptionError(f"'seats' lists {len(spec.seats)} seats for {spec.players} players")
        from ..bots import bot_names

        known = bot_names(game.info.name)
        for i, s in enumerate(spec.seats):
            if s.bot is not None and s.bot not in known:
                raise OptionError(f"seats[{i}]: no bot named {s.bot!r} for {game.info.name}; the bots are: "
                                  f"{', '.join(known)}")
        settings = seat_settings(game, spec.seats)
        tokens = {i: new_token() for i, s in enumerate(spec.seats) if s.bot is None and s.name}
        seats = [SeatRecord(i, s.name if s.bot is None else f"Bot {i} ({s.bot})", s.bot,
                            reserved=s.bot is None and bool(s.name),
                            taken=i in tokens, settings=dict(settings[i])) for i, s in enumerate(spec.seats)]
        table_id = secrets.token_urlsafe(9)
        stored = StoredTable(table_id, game.info.name, spec.players, dict(options),
                             secrets.randbits(48), game.info.rules_version, spec.bot_delay_ms, spec.move_seconds,
                             WAITING, self.clock(), seats)
        if not any(s.bot is None and not s.taken for s in seats):
            stored = _with(stored, status=PLAYING)
        await self.db(self.store.create_table, stored, {i: hash_token(t) for i, t in tokens.items()})
        return stored, tokens

    async def open(self, table_id: str) -> LiveTable:
        """The live table (rebuilt from the store the first time it is asked for)."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.live.get(table_id)
            if live is None:
                live = await self._load(table_id)
                self.live[table_id] = live
                if live.stored.status != OVER:
                    live.driver = asyncio.create_task(self._drive(live), name=f"table-{table_id}")
        return live

    async def _load(self, table_id: str) -> LiveTable:
        stored = await self.db(self.store.table, table_id)
        actions = await self.db(self.store.actions, table_id)
        chat = await self.db(self.store.chat, table_id)
        record = GameRecord(stored.game, stored.players, stored.options, stored.seed, _seat_configs(stored),
                            [a.text for a in actions])
        match = Match.from_record(record)
        table = Table(match, move_seconds=stored.move_seconds, bot_delay=stored.bot_delay_ms / 1000,
                      clock=self.clock, played=[Played(a.played, a.by) for a in actions])
        return LiveTable(stored, table, len(actions), chat)

    async def resume(self) -> int:
        """Open every table still in play (after a restart: their bots and clocks go on). How many."""
        tables = await self.db(self.store.tables, PLAYING, 10_000)
        for t in tables:
            await self.open(t.id)
        return len(tables)

    def forget(self, live: LiveTable) -> None:
        """Let a finished table go from memory (it is read back from the store if asked for again)."""
        if live.stored.status == OVER and self.live.get(live.id) is live:
            del self.live[live.id]

    async def close(self) -> None:
        for live in self.live.values():
            if live.driver is not None:
                live.driver.cancel()
        await asyncio.gather(*(lv.driver for lv in self.live.values() if lv.driver), return_exceptions=True)
        self._db.shutdown(wait=True)

    # --- seats ------------------------------------------------------------------------------------
    async def take_seat(self, live: LiveTable, seat: int, name: str) -> str:
        """Seat ``name`` at an open seat (or the one reserved for that name); its new secret token."""
        if not 0 <= seat < live.stored.players:
            raise OptionError(f"seat {seat}: the seats are 0 to {live.stored.players - 1}")
        token = new_token()
        taken = await self.db(self.store.take_seat, live.id, seat, name, hash_token(token))
        if not taken:
            raise OptionError(f"seat {seat} is not free")
        async with live.lock:
            seats = list(live.stored.seats)
            seats[seat] = replace(seats[seat], name=name, bot=None, taken=True)
            live.stored = _with(live.stored, seats=seats)
            # the seat keeps its settings (a steadiness chosen at creation)
            live.table.match.seats[seat] = replace(live.table.match.seats[seat], name=name, bot=None)
            if not live.waiting and live.stored.status == WAITING:
                live.stored = _with(live.stored, status=PLAYING)
                await self.db(self.store.set_status, live.id, PLAYING)
        live.wake.set()
        await self._told(live)
        return token

    async def seat_of(self, live: LiveTable, token: str) -> int | None:
        return await self.db(self.store.seat_of, live.id, hash_token(token))

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
        """A person's move: refused with a ``LudoError`` (nothing changes), or stored, then everybody told."""
        async with live.lock:
            if live.waiting:
                raise OptionError("the game starts when every seat is taken")
            live.table.submit(seat, action, at)
            await self._store_moves(live)
        live.wake.set()
        await self._told(live)

    async def say(self, live: LiveTable, client: Client, text: str) -> None:
        name = live.stored.seats[client.seat].name or "?" if client.seat is not None else "spectator"
        line = ChatLine(name, client.seat, text, self.clock())
        await self.db(self.store.add_chat, live.id, line)
        live.chat.append(line)
        await self._told(live)

    async def _store_moves(self, live: LiveTable) -> None:
        """Write the moves not stored yet (called under the table's lock); on failure, rebuild from the store."""
        table = live.table
        if table.at == live.stored_actions:
            return
        history = table.match.history
        new = [StoredAction(i, f"{'chance' if actor == CHANCE else actor}: {action.text()}", table.played[i].time,
                            table.played[i].by)
               for i, (actor, action) in enumerate(history[live.stored_actions:], start=live.stored_actions)]
        status = result = finished = None
        if table.is_over():
            status, result, finished = OVER, table.match.state.outcome().to_json(), self.clock()
        try:
            await self.db(self.store.append_actions, live.id, new, status, result, finished)
        except Exception:
            fresh = await self._load(live.id)
            live.table, live.stored_actions, live.stored = fresh.table, fresh.stored_actions, fresh.stored
            raise
        live.stored_actions = table.at
        if status is not None:
            live.stored = _with(live.stored, status=status, result=result, finished=finished)

    async def _told(self, live: LiveTable) -> None:
        if self.on_update is not None:
            await self.on_update(live)

    async def _drive(self, live: LiveTable) -> None:
        """Chance, bots and the clock, for as long as the game goes on. Bots think on a copy, off the loop."""
        table = live.table
        while not table.is_over():
            live.wake.clear()
            kind = None if live.waiting else table.due()
            if kind == "chance":
                async with live.lock:
                    while table.due() == "chance":
                        table.draw_chance()
                    await self._store_moves(live)
                await self._told(live)
                continue
            if kind is not None:
                seat, at = table.to_move, table.at
                bot, view = table.thinker(seat)
                action = await asyncio.to_thread(bot.choose, view)
                async with live.lock:
                    try:
                        table.submit(seat, action, at, by=kind)
                    except StaleActionError:  # the table moved on while the bot thought: think again
                        continue
                    await self._store_moves(live)
                await self._told(live)
                continue
            due = None if live.waiting else table.next_due()
            wait = None if due is None else max(0.0, due - self.clock())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), wait)


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
