"""A roll-and-move turn said as one entry of "what happened": its events read in order, each said as a clause, with
the short form a small screen falls back on (``TurnWords``). « A Vendre ! » and Luxembourg-Shopping write their
turns with it; what each event says is the game's."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..engine.state import Event
from .render import ROUTINE, EventLine, View
from .words import short_name


class TurnWords:
    """A turn's clauses as they are said: read its events with ``for e in words`` (its ``turn`` event left out),
    ``take`` the next one where it goes with the one just read (a roll's move), ``say`` each clause, then ``line``."""

    def __init__(self, run: Sequence[Event]) -> None:
        self.run = run
        self.at = 0
        """The next event to read."""
        self.clauses: list[str] = []
        self.short: list[str] = []
        self.weight = ROUTINE

    def __iter__(self) -> Iterator[Event]:
        run = self.run
        while self.at < len(run):
            e = run[self.at]
            self.at += 1
            if e.kind != "turn":
                yield e

    def take(self, kind: str, seat: int | None = None) -> Event | None:
        """The next event, read past, if it is a ``kind`` (and ``seat``'s, when given); else None."""
        if self.at < len(self.run):
            e = self.run[self.at]
            if e.kind == kind and (seat is None or e.args.get("seat") == seat):
                self.at += 1
                return e
        return None

    def say(self, text: str, brief: str | None = None, weight: int = ROUTINE) -> None:
        """One clause; ``brief``: the same in the short form (None: left out of it); ``weight``: what it makes the
        turn weigh at least."""
        self.clauses.append(text)
        if brief is not None:
            self.short.append(brief)
        self.weight = max(self.weight, weight)

    def line(self, view: View, player: str, round_number: int | None) -> EventLine:
        """The entry: "Bob, round 4: rolls 3 and 4, to square 26; pays 6,000 to Ada." (the game's ``summary.turn``,
        ``summary.turn_rest`` for what is left of a turn, ``summary.turn_only`` for a turn with nothing to say), and
        its short form, with the player's name shortened too."""
        key = "summary.turn" if round_number is not None else "summary.turn_rest"
        sep = view.t("summary.sep")
        full = view.t(key, player=player, round=round_number, what=sep.join(self.clauses)) if self.clauses else \
            view.t("summary.turn_only", player=player, round=round_number)
        shorter = view.t(key, player=short_name(player, view.names), round=round_number, what=sep.join(self.short)) \
            if self.short else ""
        return EventLine(full, self.weight, shorter if shorter != full else "")
