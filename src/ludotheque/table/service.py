"""One table: who sits where, submissions checked against the state they were made on, chance and bots
advanced, each seat's place in the log, and the turn clock.

Like boardgame.io's state id, every submission carries ``at``, the number of actions the submitter had seen:
a double click, a reconnect replaying a message or a bot answer that came too late is refused as stale and
changes nothing. Seats act only for themselves. Bots think on a copy of their seat's view (a ``SeatView``
over a clone), never on the live state, so a slow bot cannot race the table: its answer is submitted like a
person's, with the ``at`` it was asked at. The clock is kept as deadlines (the engine stays clock-free): when
a person's time runs out, the table plays a stand-in bot's choice for that seat, recorded as a timeout.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..bots import make_bot, stand_in_bot
from ..engine.bots import Bot, SeatView
from ..engine.driver import bot_move_refused
from ..engine.errors import IllegalActionError, LudoError, Reason
from ..engine.match import Match, bot_rng
from ..engine.record import PLAYED_BY, GameRecord, split_actor
from ..engine.state import CHANCE, TERMINAL, Action, Event

Clock = Callable[[], float]
"""Seconds (``time.time``); injected so that tests move time by hand."""


@dataclass(frozen=True)
class TableSeat:
    """Who sits at a seat: a person (by name), or a bot by name."""

    name: str
    bot: str | None = None


@dataclass(frozen=True)
class Played:
    """When an action was played and who played it: ``person``, ``bot``, ``timeout`` (a stand-in bot played
    for a person out of time) or ``chance``."""

    time: float
    by: str


class StaleActionError(IllegalActionError):
    """A submission made on an older state than the table's (``at`` is behind): refused, nothing changes."""


class NotYourTurnError(IllegalActionError):
    """A seat tried to act when it is not its turn (or a person for a bot's seat)."""


class Table:
    """A match and its seats. ``advance`` plays chance and the bots that are due; people ``submit``."""

    def __init__(self, match: Match, *, move_seconds: float | None = None, bot_delay: float = 0.0,
                 clock: Clock = time.time, played: list[Played] | None = None,
                 bot_seconds: float | None = None) -> None:
        self.match = match
        self.move_seconds = move_seconds
        """A person's time for one decision (None: no clock)."""
        self.bot_delay = bot_delay
        """Seconds a bot waits before its move (so that people can follow)."""
        self.bot_seconds = bot_seconds
        """The longest a bot may think over one move, whatever its budget asks (a server's limit; None: none)."""
        self.clock = clock
        self.played: list[Played] = list(played or [])
        """Per action of the match's history: when, and by whom."""
        if len(self.played) < len(match.history):  # a version 1 record: nothing known of the past moves
            self.played += [Played(0.0, "chance" if actor == CHANCE else "unknown")
                            for actor, _ in match.history[len(self.played):]]
        self.cursors: dict[int | None, int] = {}
        """Per viewer (a seat, or None for spectators): how many events it has been sent."""
        self._bots: dict[int, Bot] = {}
        # Bots get their generators from the seed, their seat and the moves played when the table was set
        # (so a game continued from a save plays on the same way whenever it is continued).
        for seat, config in enumerate(match.seats):
            if config.bot is not None:
                self._bot(seat, False)
        self._since = clock()
        """When the current decision was asked (for the clock and the bots' delay)."""

    # --- who sits where ----------------------------------------------------------------------
    @property
    def seats(self) -> list[TableSeat]:
        return [TableSeat(s.name, s.bot) for s in self.match.seats]

    @property
    def at(self) -> int:
        """The number of actions played: the state id every submission must carry."""
        return len(self.match.history)

    @property
    def to_move(self) -> int:
        """A seat, ``CHANCE`` or ``TERMINAL``."""
        return self.match.state.current_player

    def is_person(self, seat: int) -> bool:
        return self.match.seats[seat].bot is None

    def is_over(self) -> bool:
        return self.match.is_over()

    # --- people -----------------------------------------------------------------------------
    def submit(self, seat: int, action: Action | str, at: int, by: str = "person", now: float | None = None) -> Action:
        """Play ``seat``'s action, made on the state after ``at`` actions; anything wrong is refused with a
        ``LudoError`` and changes nothing."""
        if self.match.is_over():
            raise IllegalActionError("the game is over")
        if at != self.at:
            raise StaleActionError(f"this move was made on action {at}, but the table is at action {self.at}: "
                                   "look at the table again and choose anew",
                                   Reason("stale", {"at": at, "now": self.at}))
        actor = self.to_move
        if actor != seat:
            whose = "a chance event" if actor == CHANCE else f"seat {actor}"
            raise NotYourTurnError(f"it is not seat {seat}'s turn but {whose}'s")
        if by == "person" and not self.is_person(seat):
            raise NotYourTurnError(f"seat {seat} is played by a bot")
        applied = self.match.apply(action)
        self._played(by, now)
        return applied

    def follow(self, entry: str, played: Played) -> Action:
        """Apply a move another server instance stored (``"2: buy Luxor"``, ``"chance: draw 5C"``), with when and by
        whom it was played, so that this copy of the table stays the same as the one that moved."""
        who, text = split_actor(entry)
        actor = self.to_move
        expected = "chance" if actor == CHANCE else str(actor)
        if who is not None and who != expected:
            raise IllegalActionError(f"stored move {entry!r} is not for the seat to move ({expected})")
        applied = self.match.apply(text)
        self._played(played.by, played.time)
        return applied

    # --- chance and bots ----------------------------------------------------------------------
    def due(self, now: float | None = None) -> str | None:
        """What the table itself must do next: ``"chance"``, ``"bot"`` (a bot's move is due), ``"timeout"`` (the
        person to move is out of time), or None (a person must act, a bot is not due yet, or the game is over)."""
        now = self.clock() if now is None else now
        seat = self.to_move
        if seat == CHANCE:
            return "chance"
        if seat == TERMINAL:
            return None
        if not self.is_person(seat):
            return "bot" if now >= self._since + self.bot_delay else None
        deadline = self.deadline
        return "timeout" if deadline is not None and now >= deadline else None

    def draw_chance(self, now: float | None = None) -> Action:
        """Draw the pending chance event (from the match's seeded generator)."""
        action = self.match.draw_chance()
        self._played("chance", now)
        return action

    def thinker(self, seat: int) -> tuple[Bot, SeatView]:
        """The bot that plays ``seat`` now (for a person out of time: a stand-in) and what it may look at: its
        seat's view of a copy of the state, so that it may think while the table goes on."""
        state = self.match.state.clone()
        deadlines = []
        if self.move_seconds is not None:  # a bot under the table's clock thinks no longer than a person may
            remaining = self._since + self.bot_delay + self.move_seconds - self.clock()
            deadlines.append(time.monotonic() + max(0.0, remaining))
        if self.bot_seconds is not None:
            deadlines.append(time.monotonic() + self.bot_seconds)
        deadline = min(deadlines, default=None)
        return self._bot(seat, self.is_person(seat)), SeatView(state, seat, state.legal_actions(), deadline)

    def advance(self, now: float | None = None) -> int:
        """Apply chance events and the bot moves that are due, and a stand-in's move for a person whose time
        ran out; stop when a person must act, a bot is not due yet, or the game is over. The count applied."""
        now = self.clock() if now is None else now
        done = 0
        while (kind := self.due(now)) is not None:
            if kind == "chance":
                self.draw_chance(now)
            else:
                seat = self.to_move
                bot, view = self.thinker(seat)
                choice = bot.choose(view)
                if not isinstance(choice, Action):
                    raise bot_move_refused(bot, seat, choice)
                try:
                    self.submit(seat, choice, self.at, by=kind, now=now)
                except IllegalActionError as e:  # the bot's mistake, not the person's who plays next
                    raise bot_move_refused(bot, seat, choice, str(e)) from None
            done += 1
        return done

    def bot_choice(self, seat: int) -> Action:
        """What the seat's bot (or, for a person, its stand-in) would play now, thought out on a copy."""
        bot, view = self.thinker(seat)
        return bot.choose(view)

    def _bot(self, seat: int, stand_in: bool) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            game = self.match.game.info.name
            name = self.match.seats[seat].bot or stand_in_bot(game)
            bot = make_bot(name, game, seat, bot_rng(self.match.seed, seat, self.at))
            self._bots[seat] = bot
        return bot

    @property
    def deadline(self) -> float | None:
        """When the person to move runs out of time (None: no clock, or not a person's move)."""
        seat = self.to_move
        if self.move_seconds is None or seat < 0 or not self.is_person(seat):
            return None
        return self._since + self.move_seconds

    def next_due(self) -> float | None:
        """When ``advance`` will next have something to do by itself (None: only a person can move it)."""
        seat = self.to_move
        if seat == TERMINAL:
            return None
        if seat == CHANCE:
            return self._since
        if not self.is_person(seat):
            return self._since + self.bot_delay
        return self.deadline

    def _played(self, by: str, now: float | None = None) -> None:
        now = self.clock() if now is None else now
        self.played.append(Played(now, by))
        self._since = now

    def record(self) -> GameRecord:
        """The game record, with when and by whom each move was played."""
        record = self.match.to_record()
        record.played_at = [p.time for p in self.played]
        record.played_by = [p.by if p.by in PLAYED_BY else "unknown" for p in self.played]
        return record

    # --- what each viewer has been told -------------------------------------------------------
    def updates(self, viewer: int | None) -> list[Event]:
        """The events ``viewer`` (a seat, or None for spectators) has not been sent yet, as it may see them;
        its cursor moves past them."""
        events = self.match.events
        start = self.cursors.get(viewer, 0)
        self.cursors[viewer] = len(events)
        return [e.seen_by(viewer) for e in events[start:]]

    def log(self, viewer: int | None, start: int = 0) -> list[Event]:
        """The events from index ``start`` on, as ``viewer`` may see them (no cursor moves)."""
        return [e.seen_by(viewer) for e in self.match.events[start:]]

    def rewind(self, viewer: int | None, to: int = 0) -> None:
        """Send ``viewer`` the log again from event ``to`` (a reconnection)."""
        self.cursors[viewer] = max(0, min(to, len(self.match.events)))


def check_seat(table: Table, seat: int) -> None:
    """A seat number that exists at this table, or a ``LudoError``."""
    if not 0 <= seat < len(table.match.seats):
        raise LudoError(f"seat {seat}: the seats are 0 to {len(table.match.seats) - 1}")
