"""The learning example (``examples/learn_random_policy.py``) runs as its docstring says, and refuses a wrong game,
number of players or opponent in one line, with what is allowed, not with a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).parents[2] / "examples" / "learn_random_policy.py"


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(EXAMPLE), *argv], capture_output=True, text=True, timeout=120)


def test_the_example_evaluates_then_trains_a_policy() -> None:
    done = run("--game", "gracias", "--games", "3", "--train", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("gracias, 3 players against random bots") and "a fair share is 0.333" in lines[0]
    assert lines[1].startswith("random legal policy:   win share") and "over 3 games" in lines[1]
    assert lines[2].startswith("linear policy trained on 2 games: win share")


@pytest.mark.parametrize(("argv", "said"), [
    (("--opponent", "nonsense"), "no bot named “nonsense” for a-vendre; the bots are: easy, expert"),
    (("--opponent", "mcts:iterations=0"), "iterations must be above 0"),
    (("--game", "nope"), "no game named 'nope'; the games are: a-vendre, acquire"),
    (("--players", "12"), "a-vendre is for 2 to 9 players, not 12"),
    (("--games", "0"), "--games must be 1 or more"),
])
def test_a_wrong_argument_is_refused_in_one_line(argv: tuple[str, ...], said: str) -> None:
    done = run(*argv, "--train", "0")
    assert done.returncode == 2 and done.stdout == ""
    assert "Traceback" not in done.stderr and said in done.stderr.splitlines()[-1], done.stderr
