"""Where tables and their moves are kept: SQLAlchemy 2 models, an Alembic migration history, and the store the
server goes through (``Store``). Any SQLAlchemy URL works; SQLite (a file) by default."""

from .migrate import upgrade
from .store import (
    Account,
    ActionConflict,
    AlreadySeated,
    ChatLine,
    Credentials,
    LeaseLost,
    NameTaken,
    RatingRecord,
    SeatRecord,
    Store,
    StoredAction,
    StoredTable,
    TableNotFound,
    database_url,
    name_key,
)

__all__ = ["Account", "ActionConflict", "AlreadySeated", "ChatLine", "Credentials", "LeaseLost", "NameTaken",
           "RatingRecord", "SeatRecord", "Store", "StoredAction", "StoredTable", "TableNotFound", "database_url",
           "name_key", "upgrade"]
