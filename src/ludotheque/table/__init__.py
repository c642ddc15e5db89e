"""Tables: a match with the people and bots at its seats, driven the same way by the terminal, the server and
the tests (UI-free: no screen, no network, no sleeping)."""

from .service import NotYourTurnError, Played, StaleActionError, Table, TableSeat

__all__ = ["NotYourTurnError", "Played", "StaleActionError", "Table", "TableSeat"]
