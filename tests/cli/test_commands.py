"""``ludo games``, ``ludo simulate`` and ``ludo replay`` as a user runs them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ludotheque.cli.main import main
from ludotheque.engine import Match, get_game
from ludotheque.engine.record import GameRecord


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_acquire_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    games = {g["name"]: g for g in json.loads(out)}
    acquire = games["acquire"]
    assert (acquire["min_players"], acquire["max_players"]) == (2, 6)
    assert {o["name"] for o in acquire["options"]} == {"end_rule", "cards", "secret_holdings"}
    assert "heuristic" in acquire["bots"] and "random" in acquire["bots"]
    code, out, _ = run(capsys, "--lang", "fr", "games")
    assert code == 0 and "Grand Hôtel" in out and "end_rule" in out
    code, after, _ = run(capsys, "games", "--lang", "fr")  # also accepted after the subcommand
    assert code == 0 and after == out


def test_simulate_json_is_deterministic_and_independent_of_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "acquire", "--games", "12", "--players", "3", "--bots", "heuristic,random,random",
            "--seed", "4", "--json")
    code, out1, _ = run(capsys, *args)
    assert code == 0
    code, out2, _ = run(capsys, *args, "--jobs", "2")
    assert code == 0
    first, second = json.loads(out1), json.loads(out2)
    assert first == second
    assert first["games"] == 12
    by_bot = {b["bot"]: b for b in first["by_bot"]}
    assert by_bot["heuristic"]["seat_games"] == 12 and by_bot["random"]["seat_games"] == 24
    assert abs(sum(b["wins"] for b in first["by_bot"]) - 12) < 1e-6
    lo, hi = by_bot["heuristic"]["ci95"]
    assert 0 <= lo <= by_bot["heuristic"]["win_rate"] <= hi <= 1
    assert abs(sum(first["seat_win_rates"]) - 1) < 1e-3


def test_simulate_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "acquire", "--games", "4", "--bots", "random,random", "--no-progress")
    assert code == 0 and "random" in out and "%" in out


@pytest.mark.parametrize(("argv", "message"), [
    (("simulate", "acquire", "--players", "7", "--bots", "random"), "2 to 6 players"),
    (("simulate", "acquire", "--players", "3", "--bots", "random,random"), "one bot per seat"),
    (("simulate", "acquire", "--bots", "genius,random"), "no bot named 'genius'"),
    (("simulate", "acquire", "--bots", "random,random", "--option", "cards=maybe"), "allowed values are true or false"),
    (("simulate", "acquire", "--bots", "random,random", "--option", "speed=3"), "no option 'speed'"),
    (("simulate", "acquire", "--bots", "random,random", "--option", "end_rule=fast"), "'seed' or 'classic'"),
    (("simulate", "acquire", "--bots", "random,random", "--option", "cards"), "expected name=value"),
    (("simulate", "chess", "--bots", "random,random"), "no game named 'chess'"),
])
def test_bad_configuration_is_refused_clearly(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                              message: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err


def _finished_record(seed: int = 3) -> GameRecord:
    match = Match(get_game("acquire"), 3, {"cards": True}, seed=seed)
    match.play_randomly(random.Random(seed))
    return match.to_record()


def test_replay_prints_final_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _finished_record()
    path = tmp_path / "game.json"
    record.save(path)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["ok"] and data["over"]
    assert data["outcome"] == record.result
    assert data["state"]["cash"] == list(record.result["scores"]) if record.result else False
    code, out, _ = run(capsys, "--lang", "fr", "replay", str(path), "--log")
    assert code == 0 and "Gagnant" in out


def test_replay_stops_at_first_illegal_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _finished_record().to_json()
    index = next(i for i, a in enumerate(data["actions"]) if a.endswith("done") or " buy " in a)
    data["actions"][index] = data["actions"][index].split(":")[0] + ": buy Nowhere"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 1
    err = json.loads(out)
    assert err["index"] == index and "Nowhere" in err["reason"]


@pytest.mark.parametrize(("content", "message"), [
    ("not json", "not valid JSON"),
    ('{"format": "ludotheque-record", "version": 7, "game": "acquire", "players": 3}', "version 7"),
    ('{"version": 1, "game": "acquire", "players": 3, "colour": "red"}', "unknown record field 'colour'"),
    ('{"version": 1, "game": "acquire", "players": 9}', "2 to 6 players"),
    ('{"version": 1, "game": "acquire", "players": 3, "actions": [5]}', "actions[0]"),
])
def test_malformed_record_files_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str,
                                            message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert message in err


def test_hand_written_example_record_replays_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    """examples/acquire-merger.json (shown in the README): Festival (2 hotels) merges into Luxor (3)."""
    path = Path(__file__).parents[2] / "examples" / "acquire-merger.json"
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    state = json.loads(out)["state"]
    # Ada: 6000 + 2000 primary bonus + 1 Festival sold at 200 - 2 Luxor at 700 (6 hotels) = 6800.
    # Bob: 6000 + 1000 secondary bonus + 2 Festival sold at 200 = 7400. Cy keeps his Festival share.
    assert state["cash"] == [6800, 7400, 6000]
    assert state["shares"] == [{"Luxor": 5}, {}, {"Luxor": 5, "Festival": 1}]
    assert sorted(state["board"]["Luxor"]) == sorted(["5C", "6C", "7C", "8C", "9C", "10C"])
    assert "Festival" not in state["board"]
    assert state["hands"][0] == ["1B", "1C", "1D", "1E", "1F", "2I"]
    assert state["phase"] == "buy" and state["turn_player"] == 1


def test_simulate_draws_a_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "sim.png"
    code, _, _ = run(capsys, "simulate", "acquire", "--games", "6", "--bots", "heuristic,random", "--no-progress",
                     "--plot", str(path))
    assert code == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
