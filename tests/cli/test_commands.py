"""``ludo games``, ``ludo simulate`` and ``ludo replay`` as a user runs them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ludotheque.cli.main import main
from ludotheque.engine import Match, get_game
from ludotheque.engine.game import all_games
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


def test_games_names_one_game_by_its_name_or_an_alias(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "stack-market")
    assert code == 0 and out.startswith("stack-market") and "steadiness" in out and "Levels" in out
    assert "acquire" not in out and "gracias" not in out
    alias = get_game("acquire").info.aliases[0]
    code, out, _ = run(capsys, "games", alias, "--json")
    assert code == 0 and [g["name"] for g in json.loads(out)] == ["acquire"]
    code, _, err = run(capsys, "--lang", "fr", "games", "chess")
    assert code == 2 and "aucun jeu nommé" in err and "stack-market" in err


def test_simulate_json_is_deterministic_and_independent_of_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "acquire", "--games", "12", "--players", "3", "--bots", "heuristic,random,random",
            "--seed", "4", "--json")
    code, out1, _ = run(capsys, *args)
    assert code == 0
    code, out2, _ = run(capsys, *args, "--jobs", "2")
    assert code == 0
    first, second = json.loads(out1), json.loads(out2)
    thinking = first.pop("thinking"), second.pop("thinking")  # seconds: the machine's, not the games'
    assert first == second
    assert set(thinking[0]) == {"heuristic", "random"} and thinking[0]["random"]["over_limit"] == 0
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


def test_simulate_seats_default_from_the_bots_and_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    def config(*argv: str) -> tuple[int, tuple[str, ...]]:
        from ludotheque.cli.main import build_parser
        from ludotheque.cli.simulate import config_from_args

        c = config_from_args(build_parser().parse_args(["simulate", *argv]))
        return c.players, c.bots

    assert config("acquire") == (2, ("random", "random"))
    assert config("gracias") == (3, ("random",) * 3)
    assert config("acquire", "--bots", "heuristic") == (2, ("heuristic", "heuristic"))
    assert config("acquire", "--players", "4", "--bots", "heuristic") == (4, ("heuristic",) * 4)
    assert config("acquire", "--bots", "heuristic,random,random") == (3, ("heuristic", "random", "random"))
    code, out, _ = run(capsys, "simulate", "acquire", "--games", "2", "--no-progress")
    assert code == 0 and "2 players" in out


@pytest.mark.parametrize(("argv", "message"), [
    (("simulate", "acquire", "--players", "7", "--bots", "random"), "2 to 6 players"),
    (("simulate", "acquire", "--players", "0"), "2 to 6 players"),
    (("simulate", "acquire", "--bots", "-,random"), "not a bot"),
    (("simulate", "acquire", "--bots=person,random"), "not a bot"),
    (("simulate", "acquire", "--plot", "/nonexistent/dir/g.png"), "no folder /nonexistent/dir"),
    (("simulate", "acquire", "--plot", "g.xyz"), ".png, .svg or .pdf"),
    (("simulate", "acquire", "--games", "0"), "at least one game"),
    (("simulate", "acquire", "--players", "3", "--bots", "random,random"), "one bot per seat"),
    (("simulate", "acquire", "--bots", "genius,random"), "no bot named “genius”"),
    (("simulate", "acquire", "--bots", "random,random", "--option", "cards=maybe"), "must be true or false"),
    (("simulate", "acquire", "--bots", "random,random", "--option", "speed=3"), "Acquire has no such option"),
    (("simulate", "acquire", "--bots", "random,random", "--option", "end_rule=fast"), "“seed” or “classic”"),
    (("simulate", "acquire", "--bots", "random,random", "--option", "cards"), "write name=value"),
    (("simulate", "chess", "--bots", "random,random"), "no game named “chess”"),
    (("simulate", "acquire", "--bots", "mcts:exploration=nan,random"), "exploration must be a finite number"),
    (("--lang", "fr", "simulate", "acquire", "--bots", "mcts:iterations=abc,random"),
     "bot «\u00a0mcts:iterations=abc\u00a0»\u00a0: iterations doit être un nombre entier, pas «\u00a0abc\u00a0»"),
    (("--lang", "fr", "play", "acquire", "--bots", "expert:seconds=inf"), "seconds doit être un nombre fini"),
    (("--lang", "fr", "tournament", "acquire", "--bots", "random,hard:depth=2", "--games", "2"),
     "hard n'a pas de paramètre «\u00a0depth\u00a0»\u00a0; il prend iterations, seconds"),
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
    assert code == 0 and "Classement final" in out and "gagne" in out and "Argent" in out
    assert "×6" in out  # the six tiles of the first deal, folded into one line per player


def test_replay_stops_at_first_illegal_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _finished_record().to_json()
    index = next(i for i, a in enumerate(data["actions"]) if a.endswith("done") or " buy " in a)
    data["actions"][index] = data["actions"][index].split(":")[0] + ": buy Nowhere"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 2 and err.startswith("ludo: error:") and f"#{index}" in err
    body = json.loads(out)
    assert body["ok"] is False and body["index"] == index and "Nowhere" in body["reason"]
    assert body["action"].endswith("buy Nowhere")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == "" and err.startswith("ludo: error:") and "Nowhere" in err


def test_replay_prints_markup_in_a_record_as_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _finished_record().to_json()
    data["seats"] = [{"name": "[bold]Ada[/red]", "bot": None}, *data["seats"][1:]]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data))
    code, out, _ = run(capsys, "replay", str(good), "--log")
    assert code == 0 and "[bold]Ada[/red]" in out
    data["actions"][40] = data["actions"][40].split(":")[0] + ": buy [/bold]"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "[/bold]" in err


def test_replay_of_a_gracias_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = Match(get_game("gracias"), 4, {}, seed=2)
    match.play_randomly(random.Random(2))
    path = tmp_path / "gracias.json"
    match.to_record().save(path)
    outcome = match.state.outcome()
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "cash" not in out.lower() and "shares" not in out.lower()
    assert "Final ranking" in out and "Points" in out and "three rounds have been played" in out
    best = max(outcome.scores)
    assert str(best) in out
    code, out, _ = run(capsys, "--lang", "fr", "replay", str(path), "--log")
    assert code == 0 and "Classement final" in out and "reçoit une carte" in out


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


def test_everything_reads_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The French output of each command holds none of the English-only words the CLI could print."""
    english = ("cash", "allowed", "default", "true or false", "bots:", "seat", "players", "games of", "win rate",
               "interval", "mean", "how games ended", "plot:", "announced", "actions replayed", "Final ranking",
               "Winner", "wins", "The game", "rounds were played", "Total:")
    path = tmp_path / "game.json"
    _finished_record().save(path)
    gracias = Match(get_game("gracias"), 3, {}, seed=1)
    gracias.play_randomly(random.Random(1))
    gracias_path = tmp_path / "gracias.json"
    gracias.to_record().save(gracias_path)
    outputs = []
    for argv in (("games",), ("replay", str(path), "--log"), ("replay", str(gracias_path)),
                 ("simulate", "acquire", "--games", "3", "--no-progress", "--bots", "heuristic,random"),
                 ("simulate", "gracias", "--games", "3", "--no-progress"),
                 ("simulate", "acquire", "--plot", "g.xyz"), ("simulate", "acquire", "--bots", "a,b,c")):
        _, out, err = run(capsys, "--lang", "fr", *argv)
        outputs.append(out + err)
    text = "\n".join(outputs)
    assert "valeurs permises" in text and "victoires par place" in text and "la fin a été annoncée" in text
    found = [w for w in english if w in text]
    assert not found, found


def test_every_catalogue_key_is_used_and_every_used_key_exists() -> None:
    import re

    from ludotheque.cli.texts import UI

    root = Path(__file__).parents[2] / "src" / "ludotheque" / "cli"
    source = "\n".join(p.read_text(encoding="utf-8") for p in root.rglob("*.py"))
    sections = {key.split(".")[0] for key in UI.messages["en"]}
    used = set(re.findall(rf'"((?:{"|".join(sections)})\.[a-z_]+)"', source)) - {"games.py", "play.py"}
    games = {key for g in all_games() for key in g.catalog.messages["en"]}  # e.g. a game's help.actions
    assert used - set(UI.messages["en"]) - games == set()
    assert set(UI.messages["en"]) - used == set()


def test_simulate_draws_a_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "sim.png"
    code, _, _ = run(capsys, "simulate", "acquire", "--games", "6", "--bots", "heuristic,random", "--no-progress",
                     "--plot", str(path))
    assert code == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_bots_default_name_names_its_kind_and_its_seat_keeps_the_whole_spec() -> None:
    """``--bots mcts:iterations=50:model=false`` names the seat "Bot 1 (mcts)", short enough for a column header (a
    level in the player's language: "Bot 1 (moyen)"); the record keeps the whole spec as the seat's bot."""
    from ludotheque.cli.main import build_parser
    from ludotheque.cli.start import plan_seats

    args = build_parser().parse_args(["play", "acquire", "--bots", "mcts:iterations=50:model=false,expert:seconds=2"])
    seats = plan_seats(get_game("acquire"), args, "en")
    assert [(s.name, s.bot) for s in seats] == [("Player 0", None), ("Bot 1 (mcts)", "mcts:iterations=50:model=false"),
                                                ("Bot 2 (expert)", "expert:seconds=2")]
    args = build_parser().parse_args(["--lang", "fr", "play", "acquire", "--bots", "medium,hard:seconds=1"])
    assert [s.name for s in plan_seats(get_game("acquire"), args, "fr")] == ["Joueur 0", "Bot 1 (moyen)",
                                                                             "Bot 2 (difficile)"]
