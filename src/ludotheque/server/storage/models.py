"""The database tables. Moves are an append-only table, unique per table and action index: an acknowledged
move is a row, and two submissions for one index cannot both be stored. A rated game's result is applied to the
ratings once: ``rated_results`` has one row per table, written in the same transaction as the new ratings."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Index, Integer, String, Text, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A table: its game's configuration and seed, and how it is played (clock, bots' pace)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    rules: Mapped[str] = mapped_column(String(64))
    """The game's rules version when the table was created."""
    bot_delay_ms: Mapped[int] = mapped_column(Integer, default=0)
    move_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``waiting`` (a person's seat is free), ``playing`` or ``over``."""
    created: Mapped[float] = mapped_column(Float)
    finished: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rated: Mapped[bool] = mapped_column(server_default=false())
    """Only people with an account sit at its person seats, and its result changes their ratings (and the bots')."""


class SeatRow(Base):
    """A seat: a bot by name, or a person's (open, reserved for a name, or taken with a token)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    reserved: Mapped[bool] = mapped_column(default=False)
    """Kept for ``name``: only a person giving that name may take it."""
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 of the seat's secret token (the token itself is never stored)."""
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The seat's own settings (the game's seat options, every one filled in; None: the defaults, as for
    tables created before seats had settings)."""
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True)
    """At a rated table, the account holding the seat (one seat per account and table)."""

    __table_args__ = (Index("uq_seats_table_account", "table_id", "account_id", unique=True),)


class ActionRow(Base):
    """One move, in the record's text form (``"2: buy Luxor"``, ``"chance: draw 5C"``), append-only."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(String(256))
    played: Mapped[float] = mapped_column(Float)
    by: Mapped[str] = mapped_column(String(16))


class ChatRow(Base):
    """A chat line at a table."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    said: Mapped[float] = mapped_column(Float)


class LeaseRow(Base):
    """Which server instance drives a table (its chance, bots and clock), until when (seconds, the instances'
    clocks). A table still in play has one row; an instance renews its leases while it lives, and another takes over
    a lease that has expired. An empty ``holder`` is a lease given up."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64), index=True)
    expires: Mapped[float] = mapped_column(Float, index=True)


class AccountRow(Base):
    """A person's account (a name and a password), or a bot's entry in the ratings: named ``bot:NAME``, without a
    password (nobody logs in as a bot; a person's name never holds a colon)."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(80))
    """As its holder wrote it (``Cléo``)."""
    name_key: Mapped[str] = mapped_column(String(80), unique=True)
    """The name compared without case (``cléo``): two accounts never share it."""
    password_hash: Mapped[str | None] = mapped_column(String(256), nullable=True)
    """argon2id's encoded hash (parameters and salt included); None for a bot's entry."""
    created: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """A logged-in browser or script: the SHA-256 of its random token (the token itself is never stored)."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created: Mapped[float] = mapped_column(Float)
    expires: Mapped[float] = mapped_column(Float, index=True)


class RatingRow(Base):
    """An account's (or a bot's) rating at one game (OpenSkill's Plackett–Luce: ``mu`` ± ``sigma``)."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    """Rated games counted."""
    updated: Mapped[float] = mapped_column(Float)


class RatedResultRow(Base):
    """A rated table whose result was applied to the ratings: its key makes the update happen once, whichever
    instance (or sweep) gets there first."""

    __tablename__ = "rated_results"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    applied: Mapped[float] = mapped_column(Float)
    changes: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    """Each seat's rating before and after (None: the game could not be rated, e.g. a seat without account)."""
