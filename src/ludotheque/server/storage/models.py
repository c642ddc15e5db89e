"""The database tables. Moves are an append-only table, unique per table and action index: an acknowledged
move is a row, and two submissions for one index cannot both be stored."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Integer, String, Text
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
