"""Settings that belong to a seat (Stack Market's steadiness): resolved with defaults, saved with the seat in the
record, read back, refused when wrong, and used by the game (the hand error's spread follows the seat's)."""

from __future__ import annotations

import random
import statistics

import pytest

from ludotheque.engine import Match, SeatConfig, get_game
from ludotheque.engine.errors import LudoError, OptionError, RecordError
from ludotheque.engine.options import OptionSpec
from ludotheque.engine.record import GameRecord
from ludotheque.games.stack_market.actions import Slip
from ludotheque.games.stack_market.options import DEFAULT_STEADINESS
from ludotheque.games.stack_market.state import AIM, SLIP

GAME = get_game("stack-market")


def test_a_whole_number_option_keeps_within_its_bounds() -> None:
    spec = OptionSpec("steadiness", 10, "", "", bounds=(0, 20))
    assert spec.parse("20") == 20
    with pytest.raises(OptionError, match="from 0 to 20"):
        spec.parse("21")
    with pytest.raises(OptionError, match="from 0 to 20"):
        spec.parse(-1)


def test_settings_are_filled_in_saved_with_the_seat_and_read_back() -> None:
    seats = [SeatConfig("Ada", None, {"steadiness": 400}), SeatConfig("Bob"), SeatConfig("Cy", "random")]
    match = Match(GAME, 3, seed=3, seats=seats)
    assert [s.settings for s in match.seats] == [{"steadiness": 400}, {"steadiness": DEFAULT_STEADINESS},
                                                 {"steadiness": DEFAULT_STEADINESS}]
    assert match.state.seat_settings() == [s.settings for s in match.seats]
    match.play_randomly(random.Random(3), 200)
    text = match.to_record().dumps()
    assert '"settings": {\n    "steadiness": 400\n   }' in text
    back = Match.from_record(GameRecord.loads(text))
    assert back.seats == match.seats
    assert back.state == match.state


def test_games_without_seat_options_write_no_settings() -> None:
    match = Match(get_game("gracias"), 3, seed=1)
    assert all(s.settings == {} for s in match.seats)
    assert "settings" not in match.to_record().dumps()
    with pytest.raises(OptionError, match="has no option 'steadiness'"):
        Match(get_game("gracias"), 3, seats=[SeatConfig("A", None, {"steadiness": 3})] + [SeatConfig("B")] * 2)


@pytest.mark.parametrize(("settings", "message"), [
    ({"steadiness": 99999}, "from 0 to 8000"),
    ({"steadiness": "steady"}, "expected a whole number"),
    ({"hand": 3}, "has no option 'hand'"),
])
def test_a_wrong_setting_is_refused_saying_what_is_allowed(settings: dict[str, object], message: str) -> None:
    with pytest.raises(LudoError, match=message):
        Match(GAME, 3, seats=[SeatConfig("A", None, settings), SeatConfig("B"), SeatConfig("C")])


def test_a_record_with_malformed_settings_is_refused() -> None:
    record = Match(GAME, 3, seed=1).to_record().to_json()
    record["seats"][0]["settings"] = [1, 2]
    with pytest.raises(RecordError, match=r"seats\[0\]\.settings"):
        GameRecord.from_json(record)


def test_a_start_position_must_agree_with_the_seats_settings() -> None:
    match = Match(GAME, 3, seed=2)
    start = match.state.to_json()
    seats = [SeatConfig("A", None, {"steadiness": 100}), SeatConfig("B"), SeatConfig("C")]
    with pytest.raises(RecordError, match="seat settings"):
        Match(GAME, 3, seats=seats, start=start)
    start["steadiness"] = [100, DEFAULT_STEADINESS, DEFAULT_STEADINESS]
    assert Match(GAME, 3, seats=seats, start=start).state.seat_settings()[0] == {"steadiness": 100}


def _slips_of(steadiness: list[int], seat: int, count: int) -> list[Slip]:
    """Hand errors drawn for ``seat``'s placements, from a position where it aims."""
    match = Match(GAME, 3, seed=5, seats=[SeatConfig(f"P{i}", None, {"steadiness": s})
                                           for i, s in enumerate(steadiness)])
    rng = random.Random(5)
    while not (match.state.phase == AIM and match.current_player == seat):
        if match.current_player < 0:
            match.draw_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    state = match.state.clone()
    state.apply(state.legal_actions()[0])
    assert state.phase == SLIP
    return [state.sample_chance(rng) for _ in range(count)]  # type: ignore[misc]


def test_the_hand_error_follows_the_seats_steadiness() -> None:
    for seat in range(3):
        slips = _slips_of([0, 500, 3000], seat, 2000)
        spread = [0, 500, 3000][seat]
        if spread == 0:
            assert set(slips) == {Slip(0, 0, 0)}
            continue
        assert statistics.pstdev(s.x for s in slips) == pytest.approx(spread, rel=0.08)
        assert statistics.pstdev(s.y for s in slips) == pytest.approx(spread, rel=0.08)
        assert statistics.pstdev(s.turn for s in slips) == pytest.approx(spread / 4, rel=0.08)


def test_a_perfect_hand_allows_no_error_and_others_any_within_the_limits() -> None:
    match = Match(GAME, 3, seed=5, seats=[SeatConfig(f"P{i}", None, {"steadiness": 0}) for i in range(3)])
    rng = random.Random(1)
    while match.state.phase != AIM:
        if match.current_player < 0:
            match.draw_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    match.apply("aim 1234 -56 78")  # off the grid of listed aims, and legal
    before = match.state.to_json()
    with pytest.raises(LudoError, match="slip"):
        match.apply("slip 1 0 0")
    assert match.state.to_json() == before
    match.apply("slip 0 0 0")
    assert match.state.columns[match.state.building].poses[-1].x - 1234 == \
        match.state.columns[match.state.building].poses[-2].x
