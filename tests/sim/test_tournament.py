"""Tournaments: a fair schedule, results whatever the number of processes, a stop and a resume that change
nothing, ratings that go the right way, records that replay to the results kept, and folders refused."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from ludotheque.engine import Match, get_game
from ludotheque.engine.errors import OptionError
from ludotheque.engine.record import GameRecord
from ludotheque.sim.tournament import Tournament, TournamentConfig, TournamentError, check_bots


def config(game: str = "gracias", bots: tuple[str, ...] = ("heuristic", "random", "random"), players: int = 3,
           games: int = 6, seed: int = 3) -> TournamentConfig:
    return TournamentConfig(game, players, bots, get_game(game).resolve(players, {}), games, seed)


def files(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted((folder / "games").iterdir())}


@pytest.mark.parametrize(("entrants", "players"), [(3, 3), (4, 3), (5, 2), (6, 4), (4, 4)])
def test_every_bot_sits_in_every_seat_once_a_cycle(entrants: int, players: int) -> None:
    c = config("acquire", tuple(f"b{k}" for k in range(entrants)), players, games=3 * entrants, seed=11)
    assert c.cycle == entrants
    for k in range(3):
        seatings = [c.seating(i) for i in range(k * entrants, (k + 1) * entrants)]
        assert all(len(set(s)) == players for s in seatings)  # nobody twice at one table
        counts = Counter((e, seat) for s in seatings for seat, e in enumerate(s))
        assert counts == Counter({(e, seat): 1 for e in range(entrants) for seat in range(players)})
    # Game i's seating and seed depend on the seed and i only (not on the game count), and the orders vary.
    longer = replace(c, games=1000)
    assert [longer.seating(i) for i in range(c.games)] == [c.seating(i) for i in range(c.games)]
    assert [longer.game_seed(i) for i in range(c.games)] == [c.game_seed(i) for i in range(c.games)]
    assert len({tuple(c.order(k)) for k in range(20)}) > 1


def test_named_twice_is_two_entrants() -> None:
    assert config().entrants == ("heuristic", "random#1", "random#2")
    assert config(bots=("random", "heuristic")).entrants == ("random", "heuristic")


def test_results_do_not_depend_on_the_number_of_processes(tmp_path: Path) -> None:
    one, two = Tournament.open(tmp_path / "one", config()), Tournament.open(tmp_path / "two", config())
    assert one.play(jobs=1) == 6 and two.play(jobs=2) == 6
    assert one.standings().to_json() == two.standings().to_json()
    assert files(tmp_path / "one") == files(tmp_path / "two")  # the very same records
    assert json.loads((tmp_path / "one" / "tournament.json").read_text())["bots"] == ["heuristic", "random", "random"]


def test_a_stopped_tournament_resumes_to_the_same_results(tmp_path: Path) -> None:
    whole = Tournament.open(tmp_path / "whole", config())
    whole.play()
    expected = whole.standings().to_json()

    stopped = Tournament.open(tmp_path / "stopped", config())
    assert stopped.play(limit=2) == 2
    assert stopped.done() == [0, 1] and stopped.missing() == [2, 3, 4, 5]

    # Ctrl-C in the middle of the run: the games finished are kept, none half-written.
    seen = 0

    def interrupt(k: int) -> None:
        nonlocal seen
        seen += k
        if seen == 2:
            raise KeyboardInterrupt

    again = Tournament.open(tmp_path / "stopped")  # as --resume: the configuration from the folder
    with pytest.raises(KeyboardInterrupt):
        again.play(progress=interrupt)
    assert again.done() == [0, 1, 2, 3]
    (tmp_path / "stopped" / "games" / "000004.json.tmp").write_text("{")  # as a stop halfway through a write
    last = Tournament.open(tmp_path / "stopped", config())
    assert last.missing() == [4, 5]
    assert last.play(jobs=2) == 2
    assert last.standings().to_json() == expected
    assert files(tmp_path / "stopped") == files(tmp_path / "whole")
    assert Tournament.open(tmp_path / "stopped", config()).play() == 0  # nothing left to play


def test_more_games_extend_the_tournament(tmp_path: Path) -> None:
    short = Tournament.open(tmp_path / "t", config(games=3))
    short.play()
    longer = Tournament.open(tmp_path / "t", config(games=6))
    assert longer.missing() == [3, 4, 5]
    longer.play()
    fresh = Tournament.open(tmp_path / "fresh", config(games=6))
    fresh.play()
    assert Tournament.open(tmp_path / "t").standings().to_json() == fresh.standings().to_json()
    with pytest.raises(TournamentError) as refused:
        Tournament.open(tmp_path / "t", config(games=4))
    assert refused.value.reason is not None and refused.value.reason.key == "beyond"


def test_the_better_bot_ends_with_the_better_rating(tmp_path: Path) -> None:
    t = Tournament.open(tmp_path / "t", config(games=30))
    t.play()
    standings = t.standings()
    by_name = {e.name: e for e in standings.entrants.values()}
    heuristic = by_name["heuristic"]
    assert heuristic.rating.mu > 25 > max(by_name["random#1"].rating.mu, by_name["random#2"].rating.mu)
    assert standings.ranked()[0] is heuristic
    assert heuristic.rating.sigma < 25 / 3  # it has learnt something
    assert sum(e.games for e in standings.entrants.values()) == 30 * 3
    assert abs(sum(e.wins for e in standings.entrants.values()) - 30) < 1e-9
    assert all(e.seat_games == [10, 10, 10] for e in standings.entrants.values())
    lo, hi = heuristic.interval
    assert lo <= heuristic.win_rate <= hi


def test_the_records_replay_to_the_results_kept(tmp_path: Path) -> None:
    c = config(game="acquire", bots=("heuristic", "random", "random"), players=2, games=3)
    t = Tournament.open(tmp_path / "t", c)
    t.play()
    for r in t.results():
        record = GameRecord.load(tmp_path / "t" / "games" / f"{r.index:06d}.json")
        assert [s.bot for s in record.seats] == [c.bots[e] for e in c.seating(r.index)]
        assert [s.name for s in record.seats] == list(r.seating)
        match = Match.from_record(record, log=False)
        assert match.is_over()
        outcome = match.state.outcome()
        assert (outcome.ranks, outcome.scores, outcome.winners) == (r.ranks, r.scores, r.winners)
        assert outcome.to_json() == record.result


def test_folders_that_hold_something_else_are_refused(tmp_path: Path) -> None:
    def key(folder: Path, c: TournamentConfig | None) -> str:
        with pytest.raises(TournamentError) as refused:
            Tournament.open(folder, c)
        assert refused.value.reason is not None
        return refused.value.reason.key

    Tournament.open(tmp_path / "t", config(games=2)).play()
    before = files(tmp_path / "t"), (tmp_path / "t" / "tournament.json").read_text()
    assert key(tmp_path / "t", config(seed=4)) == "another"
    assert key(tmp_path / "t", config(bots=("heuristic", "random", "random", "random"))) == "another"
    assert (files(tmp_path / "t"), (tmp_path / "t" / "tournament.json").read_text()) == before  # nothing changed
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    assert key(tmp_path / "other", config()) == "not_tournament"
    assert key(tmp_path / "nothing", None) == "no_tournament"
    assert not (tmp_path / "nothing").exists()
    # A record that is not the game it should be is refused when the standings are read.
    game0 = tmp_path / "t" / "games" / "000000.json"
    data = json.loads(game0.read_text())
    data["seed"] += 1
    game0.write_text(json.dumps(data))
    with pytest.raises(TournamentError) as refused:
        Tournament.open(tmp_path / "t").standings()
    assert refused.value.reason is not None and refused.value.reason.key == "bad_record"
    assert "seed" in str(refused.value)


def test_bots_are_checked_before_anything_is_played() -> None:
    check_bots("gracias", ["heuristic", "random"])
    with pytest.raises(OptionError, match="no bot named"):
        check_bots("gracias", ["heuristic", "nobody"])
    with pytest.raises(TournamentError):
        check_bots("gracias", ["x" * 200])
