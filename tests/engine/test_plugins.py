"""A game is one package registered through its entry point: the game that lives only in the tests
(``tests/plugins/hidden_dice.py``) is found, passes the contract test (it is in ``all_games``, so the contract
and fuzz tests run it), and can be listed, simulated and replayed with no edit anywhere else."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from ludotheque.bots import bot_names, make_bot
from ludotheque.cli.main import main
from ludotheque.cli.render import GenericRenderer, get_renderer
from ludotheque.engine import Match, OptionError, get_game
from ludotheque.engine.game import all_games

SRC = Path(__file__).parents[2] / "src" / "ludotheque"


def test_the_test_game_is_found_through_the_entry_point() -> None:
    game = get_game("hidden-dice")
    assert game in all_games()
    assert type(game).__module__ == "tests.plugins.hidden_dice"
    assert bot_names("hidden-dice") == ["easy", "expert", "first-legal", "hard", "mcts", "medium", "random"]
    assert isinstance(get_renderer(game), GenericRenderer)
    with pytest.raises(OptionError, match="the bots are: easy, expert, first-legal, hard, mcts, medium, random"):
        make_bot("heuristic", "hidden-dice", 0, random.Random(0))


def test_the_test_game_is_listed_simulated_and_replayed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["games", "--json"]) == 0
    listed = {g["name"]: g for g in json.loads(capsys.readouterr().out)}
    assert listed["hidden-dice"]["max_players"] == 4 and "first-legal" in listed["hidden-dice"]["bots"]

    assert main(["simulate", "hidden-dice", "--games", "40", "--players", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 40 and summary["by_bot"][0]["seat_games"] == 120
    assert summary["terminations"] == {"all_decided": 40}

    match = Match(get_game("hidden-dice"), 3, seed=5)
    match.play_randomly(random.Random(5))
    path = tmp_path / "dice.json"
    match.to_record().save(path)
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["over"] and replayed["outcome"] == match.state.outcome().to_json()
    assert main(["--lang", "fr", "replay", str(path), "--log"]) == 0
    assert "lance un dé" in capsys.readouterr().out


def test_no_shared_file_names_a_game() -> None:
    """The engine, the bots' registry, the terminal and the simulator import no game and name none in their
    code (docstrings aside): each game brings its bots, screens and secrets through the registry."""
    names = {g.info.name for g in all_games()} | {a for g in all_games() for a in g.info.aliases}
    for folder in ("engine", "bots", "sim", "cli"):
        for path in (SRC / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    parts = (node.module or "").split(".")
                    absolute = node.level == 0 and parts[:2] == ["ludotheque", "games"]
                    relative = node.level >= 2 and parts[0] == "games"
                    assert not (absolute or relative), f"{path}:{node.lineno} imports a game"
                if isinstance(node, ast.Constant) and id(node) not in docstrings and isinstance(node.value, str):
                    assert node.value.lower() not in names, f"{path}:{node.lineno} names the game {node.value!r}"
