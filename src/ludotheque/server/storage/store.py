"""The store the server goes through: plain data in and out (no ORM object leaves this module), every write in
its own transaction, so that what a call returned is on disk."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import (
    Connection,
    CursorResult,
    Engine,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from ...bots import one_bot_spec
from ...engine.errors import LudoError, Reason
from ...ratings import MU, SIGMA, Rating, rate
from .migrate import upgrade
from .models import (
    AccountRow,
    ActionRow,
    Base,
    ChatRow,
    LeaseRow,
    RatedResultRow,
    RatingRow,
    SeatRow,
    SessionRow,
    TableRow,
)


class TableNotFound(LudoError):
    """No table has this id."""


class ActionConflict(LudoError):
    """Another move was stored first at this index (the loser of two concurrent submissions)."""


class LeaseLost(LudoError):
    """This instance no longer holds the table's lease (another took it over): it must stop driving the table."""


class NameTaken(LudoError):
    """Another account has this name (compared without case)."""


class AlreadySeated(LudoError):
    """The account already holds a seat at this (rated) table."""


def name_key(name: str) -> str:
    """A name as account names are compared (the unique ``name_key``): without case or compatibility forms
    (``Cléo``, ``CLÉO`` and ``ｃｌéｏ`` are one)."""
    return unicodedata.normalize("NFKC", name).casefold()


BOT_PREFIX = "bot:"
"""A bot's entry in the ratings is an account without password named ``bot:NAME`` (``bot:heuristic``)."""


@dataclass(frozen=True)
class Account:
    """A person's account as the server uses it (never its password's hash)."""

    id: int
    name: str
    created: float = 0.0


@dataclass(frozen=True)
class Credentials:
    account: Account
    password_hash: str | None
    """None for a bot's entry: nobody logs in as a bot."""


@dataclass(frozen=True)
class RatingRecord:
    """One line of a leaderboard: an account's (or a bot's) rating at a game."""

    name: str
    game: str
    mu: float
    sigma: float
    games: int
    updated: float

    @property
    def bot(self) -> bool:
        return self.name.startswith(BOT_PREFIX)

    @property
    def ordinal(self) -> float:
        return Rating(self.mu, self.sigma).ordinal


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
    account: int | None = None
    """At a rated table, the id of the account holding the seat."""


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
    rated: bool = False
    """Only accounts take its person seats; its result changes their ratings (``Store.apply_rated_result``)."""


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
                           finished=table.finished, result=table.result, rated=table.rated))
            s.flush()
            for seat in table.seats:
                s.add(SeatRow(table_id=table.id, seat=seat.seat, name=seat.name, bot=seat.bot,
                              reserved=seat.reserved, token_hash=token_hashes.get(seat.seat),
                              settings=dict(seat.settings) or None, account_id=seat.account))
            if table.status != "over":
                s.add(LeaseRow(table_id=table.id, holder=holder, expires=lease_until))

    def table(self, table_id: str) -> StoredTable:
        with self._session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                raise TableNotFound(f"no table {table_id!r}", Reason("no_table", {"table": table_id}))
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
    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str, account: int | None = None) -> bool:
        """Give an open person's seat (or one reserved for ``name``) to ``name`` (and, at a rated table, to its
        ``account``); False if it is not free, ``AlreadySeated`` if the account holds another seat there."""
        try:
            with self._session.begin() as s:
                done = s.execute(update(SeatRow).where(
                    SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.bot.is_(None),
                    SeatRow.token_hash.is_(None),
                    (SeatRow.reserved.is_(False)) | (SeatRow.name == name),
                ).values(name=name, token_hash=token_hash, account_id=account))
                return bool(cast("CursorResult[Any]", done).rowcount)
        except IntegrityError:  # the unique (table, account): one seat per account at a table
            raise AlreadySeated(f"table {table_id}: account {account} already holds a seat") from None

    def reclaim_seat(self, table_id: str, seat: int, account: int, token_hash: str) -> bool:
        """A new token for the seat ``account`` holds at a rated table (the old one stops working: the account's
        holder plays from another browser); False if the account does not hold that seat."""
        with self._session.begin() as s:
            done = s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                                   SeatRow.account_id == account).values(token_hash=token_hash))
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
                    raise TableNotFound(f"no table {table_id!r}", Reason("no_table", {"table": table_id})) from None
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

    # --- accounts and sessions -------------------------------------------------------------------
    def create_account(self, name: str, name_key: str, password_hash: str, now: float) -> Account:
        """A new account; ``NameTaken`` if another has ``name_key``."""
        try:
            with self._session.begin() as s:
                row = AccountRow(name=name, name_key=name_key, password_hash=password_hash, created=now)
                s.add(row)
                s.flush()
                return Account(row.id, row.name, row.created)
        except IntegrityError:
            raise NameTaken(f"the name {name!r} is taken") from None

    def credentials(self, name_key: str) -> Credentials | None:
        """The account named ``name_key`` (compared without case) and its password's hash."""
        with self._session() as s:
            row = s.scalar(select(AccountRow).where(AccountRow.name_key == name_key))
            return None if row is None else Credentials(Account(row.id, row.name, row.created), row.password_hash)

    def set_password_hash(self, account: int, password_hash: str) -> None:
        with self._session.begin() as s:
            s.execute(update(AccountRow).where(AccountRow.id == account).values(password_hash=password_hash))

    def create_session(self, token_hash: str, account: int, now: float, expires: float) -> None:
        """A new session (and the expired ones of every account removed)."""
        with self._session.begin() as s:
            s.execute(delete(SessionRow).where(SessionRow.expires < now))
            s.add(SessionRow(token_hash=token_hash, account_id=account, created=now, expires=expires))

    def session_account(self, token_hash: str, now: float) -> Account | None:
        """The account a session token (hashed) stands for, while it has not expired."""
        with self._session() as s:
            row = s.execute(select(AccountRow.id, AccountRow.name, AccountRow.created)
                            .join(SessionRow, SessionRow.account_id == AccountRow.id)
                            .where(SessionRow.token_hash == token_hash, SessionRow.expires > now)).first()
            return None if row is None else Account(row.id, row.name, row.created)

    def delete_session(self, token_hash: str) -> None:
        with self._session.begin() as s:
            s.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    # --- ratings ------------------------------------------------------------------------------
    def apply_rated_result(self, table_id: str, now: float) -> list[dict[str, Any]] | None:
        """Apply a finished rated table's result to its seats' ratings, exactly once: in one transaction, a row of
        ``rated_results`` keyed by the table is inserted, and only if that insert went in (no instance, sweep or
        earlier run did it first) are the ratings read, locked, rated and written. The seats' changes, or None when
        there was nothing to do (not rated, not over, or applied already). Ratings are locked in account order, so
        that two tables ending at once with a player in common wait for each other instead of losing an update."""
        try:
            with self.engine.connect() as c, c.begin() as transaction:
                # the claim comes first: a write at once, so that SQLite makes a second writer wait its turn too
                if not _insert_ignoring(c, RatedResultRow, {"table_id": table_id, "applied": now, "changes": None}):
                    return None
                table = c.execute(select(TableRow.game, TableRow.rated, TableRow.status, TableRow.result)
                                  .where(TableRow.id == table_id)).one()
                if not table.rated or table.status != "over" or not table.result:
                    transaction.rollback()  # nothing to rate (yet): the claim goes
                    return None
                return self._rate(c, table_id, table.game, list(table.result.get("ranks") or []), now)
        except IntegrityError:  # no such table
            return None

    def _rate(self, c: Connection, table_id: str, game: str, ranks: list[int], now: float) -> list[dict[str, Any]]:
        """The ratings of a table's seats after its result (``ranks``), written in ``c``'s transaction."""
        seats = c.execute(select(SeatRow.seat, SeatRow.name, SeatRow.bot, SeatRow.account_id)
                          .where(SeatRow.table_id == table_id).order_by(SeatRow.seat)).all()
        who: list[int] = []
        for seat in seats:
            account = self._bot_entry(c, one_bot_spec(seat.bot, game), now) if seat.bot is not None else seat.account_id
            if account is None or len(ranks) != len(seats):  # not a game of accounts: stays unrated
                return []
            who.append(account)
        for account in sorted(set(who)):
            _insert_ignoring(c, RatingRow, {"account_id": account, "game": game, "mu": MU, "sigma": SIGMA,
                                            "games": 0, "updated": now})
        rows = {r.account_id: r for r in c.execute(
            select(RatingRow.account_id, RatingRow.mu, RatingRow.sigma, RatingRow.games)
            .where(RatingRow.game == game, RatingRow.account_id.in_(sorted(set(who))))
            .order_by(RatingRow.account_id).with_for_update())}
        before = [Rating(rows[a].mu, rows[a].sigma) for a in who]
        after = rate(before, ranks)
        by_account: dict[int, list[Rating]] = {}
        for account, new in zip(who, after, strict=True):
            by_account.setdefault(account, []).append(new)
        settled: dict[int, Rating] = {}
        for account, news in by_account.items():
            # a bot at several seats: the mean of its seats' new means, the smallest of their uncertainties
            settled[account] = Rating(sum(r.mu for r in news) / len(news), min(r.sigma for r in news))
            c.execute(update(RatingRow).where(RatingRow.account_id == account, RatingRow.game == game)
                      .values(mu=settled[account].mu, sigma=settled[account].sigma,
                              games=rows[account].games + 1, updated=now))
        changes = [{"seat": seat.seat, "name": seat.name, "bot": seat.bot, "rank": ranks[i],
                    "before": before[i].to_json(), "after": settled[who[i]].to_json()}
                   for i, seat in enumerate(seats)]
        c.execute(update(RatedResultRow).where(RatedResultRow.table_id == table_id).values(changes=changes))
        return changes

    def _bot_entry(self, c: Connection, bot: str, now: float) -> int:
        """The id of a bot's entry in the ratings (``bot:NAME``, made the first time; ``bot`` as ``one_bot_spec``
        writes it, so that ``medium`` and ``medium:iterations=400`` are rated as the one bot they are)."""
        name = f"{BOT_PREFIX}{bot}"
        _insert_ignoring(c, AccountRow, {"name": name, "name_key": name, "password_hash": None, "created": now})
        return int(c.execute(select(AccountRow.id).where(AccountRow.name_key == name)).scalar_one())

    def rated_result(self, table_id: str) -> list[dict[str, Any]] | None:
        """The changes a rated table's result made (None: not applied yet)."""
        with self._session() as s:
            row = s.get(RatedResultRow, table_id)
            return None if row is None else list(row.changes or [])

    def unrated_finished(self, limit: int = 50) -> list[str]:
        """Finished rated tables whose result is not applied yet (an instance stopped in between), oldest first."""
        with self._session() as s:
            applied = select(RatedResultRow.table_id).where(RatedResultRow.table_id == TableRow.id).exists()
            return list(s.scalars(select(TableRow.id)
                                  .where(TableRow.rated.is_(True), TableRow.status == "over", ~applied)
                                  .order_by(TableRow.finished).limit(limit)))

    def leaderboard(self, game: str, limit: int = 100) -> list[RatingRecord]:
        """A game's ratings, the best conservative estimate (``mu - 3 sigma``) first."""
        with self._session() as s:
            rows = s.execute(select(AccountRow.name, RatingRow.game, RatingRow.mu, RatingRow.sigma, RatingRow.games,
                                    RatingRow.updated).join(AccountRow, AccountRow.id == RatingRow.account_id)
                             .where(RatingRow.game == game)
                             .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name_key).limit(limit))
            return [RatingRecord(*r) for r in rows]

    def ratings_of(self, account: int) -> list[tuple[RatingRecord, int]]:
        """An account's rating at every game it played rated, with its place on each leaderboard (1: the best)."""
        with self._session() as s:
            rows = s.execute(select(AccountRow.name, RatingRow.game, RatingRow.mu, RatingRow.sigma, RatingRow.games,
                                    RatingRow.updated).join(AccountRow, AccountRow.id == RatingRow.account_id)
                             .where(RatingRow.account_id == account).order_by(RatingRow.game)).all()
            out = []
            for r in rows:
                record = RatingRecord(*r)
                better = s.scalar(select(func.count()).select_from(RatingRow).where(
                    RatingRow.game == record.game, RatingRow.mu - 3 * RatingRow.sigma > record.mu - 3 * record.sigma))
                out.append((record, int(better or 0) + 1))
            return out

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
                       [SeatRecord(s.seat, s.name, s.bot, s.reserved, s.token_hash is not None, dict(s.settings or {}),
                                   s.account_id)
                        for s in seats],
                       row.finished, row.result, bool(row.rated))


def _insert_ignoring(c: Connection, model: type[Base], values: dict[str, Any]) -> bool:
    """Insert a row unless one with its key is there already (``INSERT … ON CONFLICT DO NOTHING``: a concurrent
    insert of the same key waits for the first to commit, then does nothing); whether it went in."""
    key = inspect(model).primary_key  # RETURNING says whether a row went in (rowcount may not: -1)
    if c.dialect.name == "postgresql":
        return c.execute(postgresql.insert(model).values(**values).on_conflict_do_nothing().returning(*key)).first() \
            is not None
    if c.dialect.name == "sqlite":
        return c.execute(sqlite.insert(model).values(**values).on_conflict_do_nothing().returning(*key)).first() \
            is not None
    try:  # other databases: a savepoint the duplicate rolls back
        with c.begin_nested():
            c.execute(insert(model).values(**values))
        return True
    except IntegrityError:
        return False
