"""The store the server goes through: plain data in and out (no ORM object leaves this module), every write in
its own transaction, so that what a call returned is on disk."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import CursorResult, Engine, create_engine, delete, event, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from ...engine.errors import LudoError
from .migrate import upgrade
from .models import ActionRow, ChatRow, LeaseRow, SeatRow, TableRow


class TableNotFound(LudoError):
    """No table has this id."""


class ActionConflict(LudoError):
    """Another move was stored first at this index (the loser of two concurrent submissions)."""


class LeaseLost(LudoError):
    """This instance no longer holds the table's lease (another took it over): it must stop driving the table."""


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    name: str | None
    bot: str | None
    reserved: bool = False
    taken: bool = False
    """A person holds the seat (its token is set)."""
    settings: dict[str, Any] = field(default_factory=dict)
    """The seat's values of the game's seat options (Stack Market: its steadiness), as resolved at creation."""


@dataclass(frozen=True)
class StoredAction:
    idx: int
    text: str
    played: float
    by: str


@dataclass(frozen=True)
class StoredTable:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    rules: str
    bot_delay_ms: int
    move_seconds: float | None
    status: str
    created: float
    seats: list[SeatRecord] = field(default_factory=list)
    finished: float | None = None
    result: dict[str, Any] | None = None


@dataclass(frozen=True)
class ChatLine:
    name: str
    seat: int | None
    text: str
    said: float


def database_url(url: str) -> str:
    """``url`` with the driver this project ships for its database: ``postgresql://…`` (or ``postgres://…``) is
    PostgreSQL through psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str, pool_size: int = 8) -> Engine:
    """An engine for ``url``; SQLite files get a write-ahead log and foreign keys, and may be used from the
    server's storage thread; other databases get a pool of ``pool_size`` connections, checked before use."""
    url = database_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            if ":memory:" not in url and url not in ("sqlite://", "sqlite:///"):
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=FULL")
            cursor.close()

        return engine
    connect_args: dict[str, Any] = {}
    if url.startswith("postgresql+psycopg"):  # a database that stops answering is not waited for without end
        connect_args = {"connect_timeout": 5, "options": "-c statement_timeout=15000"}
    return create_engine(url, pool_pre_ping=True, pool_size=pool_size, max_overflow=pool_size,
                         connect_args=connect_args)


class Store:
    """Tables, seats, moves, chat and leases in a database (created and migrated when opened)."""

    def __init__(self, url: str, pool_size: int = 8) -> None:
        self.url = url
        self.engine = make_engine(url, pool_size)
        upgrade(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def shared(self) -> bool:
        """Whether several processes may use this database at once (not a SQLite file: one server only)."""
        return self.engine.dialect.name != "sqlite"

    def ping(self) -> None:
        """Raises if the database cannot be reached (for the readiness check)."""
        with self.engine.connect() as connection:
            connection.exec_driver_sql("SELECT 1")

    def close(self) -> None:
        self.engine.dispose()

    # --- tables -------------------------------------------------------------------------------
    def create_table(self, table: StoredTable, token_hashes: dict[int, str], holder: str = "",
                     lease_until: float = 0.0) -> None:
        """A new table, its seats, and its lease (held by ``holder`` until ``lease_until``)."""
        with self._session.begin() as s:
            s.add(TableRow(id=table.id, game=table.game, players=table.players, options=table.options,
                           seed=table.seed, rules=table.rules, bot_delay_ms=table.bot_delay_ms,
                           move_seconds=table.move_seconds, status=table.status, created=table.created,
                           finished=table.finished, result=table.result))
            s.flush()
            for seat in table.seats:
                s.add(SeatRow(table_id=table.id, seat=seat.seat, name=seat.name, bot=seat.bot,
                              reserved=seat.reserved, token_hash=token_hashes.get(seat.seat),
                              settings=dict(seat.settings) or None))
            if table.status != "over":
                s.add(LeaseRow(table_id=table.id, holder=holder, expires=lease_until))

    def table(self, table_id: str) -> StoredTable:
        with self._session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                raise TableNotFound(f"no table {table_id!r}")
            return _stored(row, s.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                                          .order_by(SeatRow.seat)).all())

    def tables(self, status: str | None = None, limit: int = 50) -> list[StoredTable]:
        """Tables (newest first), of one status or all."""
        with self._session() as s:
            query = select(TableRow).order_by(TableRow.created.desc()).limit(limit)
            if status is not None:
                query = query.where(TableRow.status == status)
            rows = s.scalars(query).all()
            seats: dict[str, list[SeatRow]] = {r.id: [] for r in rows}
            for seat in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(seats)).order_by(SeatRow.seat)):
                seats[seat.table_id].append(seat)
            return [_stored(r, seats[r.id]) for r in rows]

    def set_status(self, table_id: str, status: str, result: dict[str, Any] | None = None,
                   finished: float | None = None) -> None:
        with self._session.begin() as s:
            s.execute(update(TableRow).where(TableRow.id == table_id)
                      .values(status=status, result=result, finished=finished))
            if status == "over":
                s.execute(delete(LeaseRow).where(LeaseRow.table_id == table_id))

    # --- seats --------------------------------------------------------------------------------
    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give an open person's seat (or one reserved for ``name``) to ``name``; False if it is not free."""
        with self._session.begin() as s:
            done = s.execute(update(SeatRow).where(
                SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.bot.is_(None),
                SeatRow.token_hash.is_(None),
                (SeatRow.reserved.is_(False)) | (SeatRow.name == name),
            ).values(name=name, token_hash=token_hash))
            return bool(cast("CursorResult[Any]", done).rowcount)

    def seat_of(self, table_id: str, token_hash: str) -> int | None:
        """The seat whose token hashes to ``token_hash`` at this table."""
        with self._session() as s:
            return s.scalar(select(SeatRow.seat).where(SeatRow.table_id == table_id,
                                                       SeatRow.token_hash == token_hash))

    # --- moves --------------------------------------------------------------------------------
    def append_actions(self, table_id: str, actions: list[StoredAction], status: str | None = None,
                       result: dict[str, Any] | None = None, finished: float | None = None,
                       lease: tuple[str, float] | None = None) -> None:
        """Store moves in one transaction (and the table's new status, if it changes); ``ActionConflict`` if an
        index is taken, and then nothing is written. ``lease``: (holder, until) for the moves only the table's
        driver may make (bots, the clock): written only while ``holder`` holds the lease (renewed to ``until``),
        else ``LeaseLost`` and nothing is written. A finished table's lease is let go."""
        try:
            with self.engine.begin() as c:  # Core, not the ORM: the hot path of every move
                if lease is not None:
                    held = c.execute(update(LeaseRow).where(LeaseRow.table_id == table_id, LeaseRow.holder == lease[0])
                                     .values(expires=lease[1]))
                    if not held.rowcount:
                        raise LeaseLost(f"table {table_id}: {lease[0]} no longer holds its lease")
                if actions:
                    c.execute(insert(ActionRow), [{"table_id": table_id, "idx": a.idx, "text": a.text,
                                                   "played": a.played, "by": a.by} for a in actions])
                if status is not None:
                    c.execute(update(TableRow).where(TableRow.id == table_id)
                              .values(status=status, result=result, finished=finished))
                    if status == "over":
                        c.execute(delete(LeaseRow).where(LeaseRow.table_id == table_id))
        except IntegrityError:
            with self._session() as s:
                if s.get(TableRow, table_id) is None:
                    raise TableNotFound(f"no table {table_id!r}") from None
            first = actions[0].idx if actions else -1
            raise ActionConflict(f"table {table_id}: action {first} is already stored") from None

    def actions(self, table_id: str, since: int = 0) -> list[StoredAction]:
        """The table's moves from index ``since`` on, in order."""
        with self._session() as s:
            rows = s.scalars(select(ActionRow).where(ActionRow.table_id == table_id, ActionRow.idx >= since)
                             .order_by(ActionRow.idx))
            return [StoredAction(r.idx, r.text, r.played, r.by) for r in rows]

    # --- leases: which instance drives a table ---------------------------------------------------
    def claim_leases(self, holder: str, now: float, until: float, limit: int = 200,
                     table_id: str | None = None) -> list[str]:
        """Take up to ``limit`` leases that have expired or were given up (or the one of ``table_id``, if it has),
        for ``holder`` until ``until``; the tables taken. On PostgreSQL, rows another instance is taking at the
        same moment are skipped, so that two instances never take the same lease in one go."""
        with self._session.begin() as s:
            query = select(LeaseRow.table_id).where(LeaseRow.expires < now, LeaseRow.holder != holder) \
                .order_by(LeaseRow.expires).limit(limit).with_for_update(skip_locked=True)
            if table_id is not None:
                query = query.where(LeaseRow.table_id == table_id)
            ids = list(s.scalars(query))
            if not ids:
                return []
            taken = s.execute(update(LeaseRow).where(LeaseRow.table_id.in_(ids), LeaseRow.expires < now)
                              .values(holder=holder, expires=until).returning(LeaseRow.table_id))
            return sorted(taken.scalars())

    def renew_leases(self, holder: str, until: float) -> set[str]:
        """Extend every lease ``holder`` holds to ``until``; the tables it still holds (one it lost to another
        instance is not among them)."""
        with self._session.begin() as s:
            renewed = s.execute(update(LeaseRow).where(LeaseRow.holder == holder).values(expires=until)
                                .returning(LeaseRow.table_id))
            return set(renewed.scalars())

    def release_leases(self, holder: str, table_ids: list[str] | None = None) -> int:
        """Give up ``holder``'s leases (all, or those of ``table_ids``), so that another instance takes them at
        once (a graceful stop). How many."""
        with self._session.begin() as s:
            query = update(LeaseRow).where(LeaseRow.holder == holder)
            if table_ids is not None:
                query = query.where(LeaseRow.table_id.in_(table_ids))
            done = s.execute(query.values(holder="", expires=0.0))
            return int(cast("CursorResult[Any]", done).rowcount)

    def leases(self) -> dict[str, tuple[str, float]]:
        """Every lease: table → (holder, expires)."""
        with self._session() as s:
            return {r.table_id: (r.holder, r.expires) for r in s.scalars(select(LeaseRow))}

    def count_tables(self, status: str) -> int:
        with self._session() as s:
            return int(s.scalar(select(func.count()).select_from(TableRow).where(TableRow.status == status)) or 0)

    # --- chat ---------------------------------------------------------------------------------
    def add_chat(self, table_id: str, line: ChatLine) -> None:
        with self._session.begin() as s:
            s.add(ChatRow(table_id=table_id, name=line.name, seat=line.seat, text=line.text, said=line.said))

    def chat(self, table_id: str, limit: int = 100) -> list[ChatLine]:
        with self._session() as s:
            rows = s.scalars(select(ChatRow).where(ChatRow.table_id == table_id)
                             .order_by(ChatRow.id.desc()).limit(limit)).all()
            return [ChatLine(r.name, r.seat, r.text, r.said) for r in reversed(rows)]


def _stored(row: TableRow, seats: Any) -> StoredTable:
    return StoredTable(row.id, row.game, row.players, dict(row.options), row.seed, row.rules, row.bot_delay_ms,
                       row.move_seconds, row.status, row.created,
                       [SeatRecord(s.seat, s.name, s.bot, s.reserved, s.token_hash is not None, dict(s.settings or {}))
                        for s in seats],
                       row.finished, row.result)
