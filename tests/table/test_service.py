"""The table service: stale, duplicate and foreign submissions are refused without change; bots and chance
advance by themselves on copies; the clock's timeouts are played by a stand-in and recorded as such."""

from __future__ import annotations

import time

import pytest

from ludotheque.engine import IllegalActionError, LudoError, Match, SeatConfig, get_game
from ludotheque.table import NotYourTurnError, StaleActionError, Table


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _table(game: str = "acquire", bots: tuple[str | None, ...] = (None, "heuristic", None),
           clock: FakeClock | None = None, move_seconds: float | None = None, bot_delay: float = 0.0) -> Table:
    seats = [SeatConfig(f"P{i}", b) for i, b in enumerate(bots)]
    return Table(Match(get_game(game), len(seats), seed=7, seats=seats), clock=clock or FakeClock(),
                 move_seconds=move_seconds, bot_delay=bot_delay)


def _person_to_move(table: Table) -> int:
    table.advance()
    seat = table.to_move
    assert seat >= 0 and table.is_person(seat)
    return seat


def test_stale_duplicate_and_foreign_submissions_change_nothing() -> None:
    table = _table()
    seat = _person_to_move(table)
    at = table.at
    action = table.match.legal_actions()[0]
    before = (table.match.state.to_json(), len(table.match.events), len(table.played))
    with pytest.raises(StaleActionError, match="table is at action"):
        table.submit(seat, action, at - 1)
    other = next(s for s in range(3) if s != seat)
    with pytest.raises(NotYourTurnError):
        table.submit(other, action, at)
    with pytest.raises(LudoError):
        table.submit(seat, "buy Nowhere", at)
    assert (table.match.state.to_json(), len(table.match.events), len(table.played)) == before
    table.submit(seat, action, at)
    with pytest.raises(StaleActionError):  # the same message again (a double click)
        table.submit(seat, action, at)
    assert table.played[-1].by == "person"


def test_a_person_cannot_play_a_bots_seat() -> None:
    table = _table(bots=("random", "random", "random"), bot_delay=60)
    table.advance()  # the deal; then the first bot waits its delay
    seat = table.to_move
    assert seat >= 0 and not table.is_person(seat)
    with pytest.raises(NotYourTurnError, match="played by a bot"):
        table.submit(seat, table.match.legal_actions()[0], table.at)


def test_bots_wait_their_delay_then_play_on_a_copy() -> None:
    clock = FakeClock()
    table = _table(bots=("random", "random", "random"), clock=clock, bot_delay=2.0)
    table.advance()  # the deal (chance) happens at once; the first bot waits
    assert table.to_move >= 0
    at = table.at
    assert table.advance() == 0 and table.at == at
    assert table.next_due() == pytest.approx(clock.now + 2.0)
    clock.now += 2.0
    assert table.advance() >= 1
    assert table.played[at].by == "bot"


def test_a_slow_bot_answer_is_refused_as_stale() -> None:
    table = _table(bots=(None, None, "random"))
    seat = _person_to_move(table)
    answer = table.bot_choice(seat)  # thought out on a copy
    at = table.at
    table.submit(seat, table.match.legal_actions()[0], at)  # the person was faster
    with pytest.raises(StaleActionError):
        table.submit(seat, answer, at, by="bot")


def test_timeout_plays_a_stand_in_and_records_it() -> None:
    clock = FakeClock()
    table = _table(bots=(None, None, None), clock=clock, move_seconds=30)
    seat = _person_to_move(table)
    deadline = table.deadline
    assert deadline == pytest.approx(clock.now + 30)
    clock.now = deadline - 1
    assert table.advance() == 0
    clock.now = deadline
    at = table.at
    assert table.advance() >= 1
    assert table.played[at].by == "timeout"
    assert table.match.history[at][0] == seat


def test_each_viewer_gets_its_own_updates_once() -> None:
    table = _table(game="gracias", bots=(None, None, None))
    table.advance()
    first = table.updates(0)
    assert first and table.updates(0) == []
    spectator = table.updates(None)
    assert len(spectator) == len(first)
    table.rewind(0)
    assert table.updates(0) == first
    seat = table.to_move
    table.submit(seat, table.match.legal_actions()[0], table.at)  # takes a trio: its hidden card is private
    mine, theirs = table.updates(seat)[-1], table.updates(None)[-1]
    assert "hidden" in mine.args and "hidden" not in theirs.args


def test_the_game_over_refuses_moves() -> None:
    table = _table(bots=("random", "random", "random"))
    while not table.is_over():
        table.advance(now=table.clock() + 10**6)
    with pytest.raises(IllegalActionError, match="over"):
        table.submit(0, "done", table.at)
    assert {p.by for p in table.played} == {"bot", "chance"}


def test_a_bot_thinks_no_longer_than_the_table_allows() -> None:
    """``bot_seconds`` (a server's limit) cuts a search that asks for more: ``mcts:seconds=3600`` moves at once, with
    the deadline the limit sets (a table's clock, when shorter, still comes first)."""
    seats = [SeatConfig(f"P{i}", "mcts:seconds=3600") for i in range(3)]
    capped = Table(Match(get_game("acquire"), 3, seed=7, seats=seats), clock=FakeClock(), bot_seconds=0.2)
    while capped.due() == "chance":
        capped.draw_chance()
    seat = capped.to_move
    assert seat >= 0 and len(capped.match.legal_actions()) > 1
    before = time.monotonic()
    bot, view = capped.thinker(seat)
    assert view.deadline is not None and before < view.deadline <= time.monotonic() + 0.2
    assert view.is_legal(bot.choose(view))
    assert time.monotonic() - before < 60, "the search went on past the limit"
    assert bot.last is not None and bot.last.iterations >= 1  # type: ignore[attr-defined]
    clocked = Table(Match(get_game("acquire"), 3, seed=7, seats=seats), clock=FakeClock(), bot_seconds=50,
                    move_seconds=5)
    _, view = clocked.thinker(seat)
    assert view.deadline is not None and view.deadline <= time.monotonic() + 5
    _, unlimited = Table(Match(get_game("acquire"), 3, seed=7, seats=seats), clock=FakeClock()).thinker(seat)
    assert unlimited.deadline is None
