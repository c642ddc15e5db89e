"""Where tables and their moves are kept: SQLAlchemy 2 models, an Alembic migration history, and the store the
server goes through (``Store``). Any SQLAlchemy URL works; SQLite (a file) by default."""

from .migrate import upgrade
from .store import (
    ActionConflict,
    ChatLine,
    LeaseLost,
    SeatRecord,
    Store,
    StoredAction,
    StoredTable,
    TableNotFound,
    database_url,
)

__all__ = ["ActionConflict", "ChatLine", "LeaseLost", "SeatRecord", "Store", "StoredAction", "StoredTable",
           "TableNotFound", "database_url", "upgrade"]
