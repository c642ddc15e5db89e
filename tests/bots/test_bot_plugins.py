"""Bots from other installed packages (the ``ludotheque.bots`` entry points) as their authors use them: parameters
kept as written, names matched whatever their case, signed numbers, a broken or hidden plugin named and left out,
its description listed, and a bot's bad move told as the bot's; the same spec in any case is one bot."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ludotheque.bots as bots_module
from ludotheque.bots import BotMaker, check_bot, make_bot, normal_spec, resolve_bot
from ludotheque.cli.main import main
from ludotheque.engine import IllegalActionError, Match, OptionError, get_game
from ludotheque.engine.bots import Bot, RandomBot, SeatView
from ludotheque.engine.driver import play_out
from ludotheque.engine.game import Game
from ludotheque.engine.record import SeatConfig
from ludotheque.engine.state import Action
from ludotheque.table.service import Table

MADE: list[dict[str, Any]] = []
"""What the test bots below were made with."""


class Labelled(RandomBot):
    name = "labelled"


def make_labelled(seat: int, rng: random.Random, game: Game, **params: Any) -> Bot:
    MADE.append(params)
    return Labelled(seat, rng)


class Returns(Bot):
    """A bot that answers ``answer`` (None, or a move that is not legal)."""

    name = "returns"

    def __init__(self, seat: int, rng: random.Random, answer: object) -> None:
        super().__init__(seat, rng)
        self.answer = answer

    def choose(self, view: SeatView) -> Action:
        return self.answer  # type: ignore[return-value]


LABELLED = BotMaker(make_labelled, {"label": str, "offset": int, "noise": float, "maxDepth": int},
                    games=("gracias",), description="a bot that keeps what it is given")


class FakeEntryPoint:
    def __init__(self, name: str, value: str, obj: object) -> None:
        self.name, self.value, self.obj = name, value, obj

    def load(self) -> object:
        if isinstance(self.obj, Exception):
            raise self.obj
        return self.obj


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[FakeEntryPoint]]:
    """The entry points other packages register, as the test sets them (the real ones are put back after)."""
    points: list[FakeEntryPoint] = [FakeEntryPoint("labelled", "tests:LABELLED", LABELLED)]
    monkeypatch.setattr(bots_module, "entry_points", lambda group: list(points))
    bots_module._plugins.cache_clear()
    bots_module._SHADOWED.clear()
    MADE.clear()
    yield points
    bots_module._plugins.cache_clear()
    bots_module._SHADOWED.clear()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_keeps_a_parameters_value_as_written(plugins: list[FakeEntryPoint],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "gracias", "--games", "1", "--jobs", "1", "--json",
                       "--bots", "Labelled:Label=HelloWorld,random,random")
    assert code == 0
    assert MADE and all(p == {"label": "HelloWorld"} for p in MADE)
    assert "labelled:label=HelloWorld" in json.loads(out)["bots"]  # the name and the key in lower case


def test_a_parameter_declared_in_mixed_case_is_given_under_its_own_name(plugins: list[FakeEntryPoint]) -> None:
    maker, params = resolve_bot("labelled:maxdepth=3", "gracias")
    assert maker is LABELLED and params == {"maxDepth": 3}
    assert resolve_bot("labelled:MaxDepth=5", "gracias")[1] == {"maxDepth": 5}
    with pytest.raises(OptionError, match="it takes label, offset, noise, maxDepth"):
        resolve_bot("labelled:depth=3", "gracias")


def test_another_packages_numbers_may_be_negative_the_searchs_may_not(plugins: list[FakeEntryPoint]) -> None:
    assert resolve_bot("labelled:offset=-1:noise=-0.5", "gracias")[1] == {"offset": -1, "noise": -0.5}
    with pytest.raises(OptionError, match="exploration must be 0 or more, not “-1”"):
        resolve_bot("mcts:exploration=-1", "gracias")
    with pytest.raises(OptionError, match="iterations must be above 0"):
        resolve_bot("expert:iterations=0", "gracias")


def test_a_broken_plugin_is_left_out_with_a_warning_and_the_rest_works(
        plugins: list[FakeEntryPoint], caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]) -> None:
    plugins.append(FakeEntryPoint("broken", "mybot:NOPE", AttributeError("module 'mybot' has no attribute 'NOPE'")))
    plugins.append(FakeEntryPoint("classy", "mybot:Classy", RandomBot))  # a Bot class, not a maker
    code, out, said = run(capsys, "games", "gracias", "--json")
    assert code == 0
    names = json.loads(out)[0]["bots"]
    assert "labelled" in names and "broken" not in names and "classy" not in names
    assert "ludo: warning: the bot “broken” (mybot:NOPE, entry point ludotheque.bots) is left out: AttributeError: " \
           "module 'mybot' has no attribute 'NOPE'" in said
    assert "the bot “classy” (mybot:Classy" in said and "is not a ludotheque.bots.BotMaker" in said
    # in French for a French reader; in English, with its words, for the log (a server's)
    bots_module._plugins.cache_clear()
    with caplog.at_level(logging.WARNING, logger="ludotheque.bots"):
        code, _, said = run(capsys, "--lang", "fr", "games", "gracias")
        assert code == 0
        assert not caplog.records, "a command says the warnings itself, once"
        bots_module._plugins.cache_clear()
        bots_module.bot_names("gracias")
    assert "ludo\u00a0: avertissement\u00a0: le bot «\u00a0broken\u00a0» (mybot:NOPE, point d'entrée " \
           "ludotheque.bots) est laissé de côté\u00a0: AttributeError" in said
    assert "the bot “broken” (mybot:NOPE" in caplog.text


def test_a_plugin_named_as_a_bot_of_ludotheque_is_left_out_and_said(plugins: list[FakeEntryPoint],
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    plugins.append(FakeEntryPoint("Random", "mybot:R", LABELLED))
    plugins.append(FakeEntryPoint("heuristic", "mybot:H", BotMaker(make_labelled, {"offset": int})))
    with caplog.at_level(logging.WARNING, logger="ludotheque.bots"):
        assert resolve_bot("random", "gracias")[0] is bots_module.UNIVERSAL["random"]
        with pytest.raises(OptionError, match="takes none"):
            resolve_bot("heuristic:offset=1", "gracias")  # the game's own heuristic
        resolve_bot("heuristic", "gracias")
    assert "the bot “random” of another package is left out: a bot of Ludothèque has that name" in caplog.text
    assert caplog.text.count("“heuristic” of another package is left out of gracias") == 1  # said once


def test_ludo_games_lists_another_packages_bots_with_their_description(plugins: list[FakeEntryPoint],
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    by_game = {g["name"]: g["other_bots"] for g in json.loads(out)}
    assert by_game["gracias"] == [{"name": "labelled", "description": "a bot that keeps what it is given",
                                   "parameters": {"label": "str", "offset": "int", "noise": "float",
                                                  "maxDepth": "int"}}]
    assert by_game["acquire"] == []  # it plays only gracias
    for lang, plays in (("en", "plays gracias"), ("fr", "joue à gracias")):
        code, out, _ = run(capsys, "--lang", lang, "games", "gracias")
        text = " ".join(out.split())
        assert code == 0 and "labelled a bot that keeps what it is given" in text and plays in text
        assert "label (str), offset (int), noise (float), maxDepth (int)" in text


def test_a_maker_that_does_not_take_what_it_declares_is_refused_in_words(plugins: list[FakeEntryPoint]) -> None:
    plugins.append(FakeEntryPoint("narrow", "mybot:N", BotMaker(
        lambda seat, rng, game: RandomBot(seat, rng), {"depth": int})))
    plugins.append(FakeEntryPoint("nothing", "mybot:X", BotMaker(lambda seat, rng, game: None)))
    with pytest.raises(OptionError, match=r"bot “narrow:depth=2” could not be made: TypeError: .*depth"):
        make_bot("narrow:depth=2", "gracias", 0, random.Random(0))
    with pytest.raises(OptionError, match=r"bot “nothing” could not be made: its maker gave NoneType, not a bot"):
        make_bot("nothing", "gracias", 0, random.Random(0))


@pytest.mark.parametrize("command", [
    ("simulate", "gracias", "--games", "1", "--bots", "mcts:iterations,random,random"),
    ("play", "gracias", "--players", "3", "--bots", "mcts:iterations=5:iterations=6,random"),
])
def test_a_malformed_spec_is_refused_in_french(command: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "fr", *command)
    assert code != 0 and "bot «\u00a0mcts:iterations" in err
    assert "parameters are written" not in err and "is given twice" not in err


def test_a_bots_move_that_is_not_legal_is_told_as_the_bots(plugins: list[FakeEntryPoint]) -> None:
    match = Match(get_game("gracias"), 3, seed=1)
    with pytest.raises(IllegalActionError, match=r"bot 'returns' at seat 0 chose NoneType None, not an action"):
        play_out(match.state.clone(), [Returns(0, random.Random(0), None)] * 3, random.Random(0))


def test_at_a_table_a_bots_illegal_move_names_the_bot(plugins: list[FakeEntryPoint]) -> None:
    wrong = get_game("gracias").parse_action("keep red give 0")
    plugins.append(FakeEntryPoint("wrong", "mybot:W", BotMaker(lambda seat, rng, game: Returns(seat, rng, wrong),
                                                               games=("gracias",))))
    seats = [SeatConfig("Bot 0", "wrong"), SeatConfig("Ada"), SeatConfig("Bob")]
    table = Table(Match(get_game("gracias"), 3, seed=1, seats=seats))
    with pytest.raises(IllegalActionError,
                       match=r"^bot 'returns' at seat 0 chose 'keep red give 0', which is not legal \("):
        table.advance()
    assert table.match.current_player == 0 and all(a != 0 for a, _ in table.match.history)  # nothing applied


def test_the_same_spec_in_any_case_is_one_bot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert normal_spec("Random") == "random" and normal_spec(" MCTS:Iterations=50 ") == "mcts:iterations=50"
    assert check_bot("Random", "gracias") == "Random"  # checked as it is written
    code, out, _ = run(capsys, "tournament", "gracias", "--bots", "heuristic,random,Random", "--games", "3",
                       "--out", str(tmp_path / "t"), "--json")
    assert code == 0
    assert sorted(b["bot"] for b in json.loads(out)["by_bot"]) == ["heuristic", "random#1", "random#2"]


def test_resuming_with_a_bot_no_longer_installed_is_refused_before_a_write(
        plugins: list[FakeEntryPoint], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "t"
    code, _, _ = run(capsys, "tournament", "gracias", "--bots", "labelled:noise=0.3,random,heuristic", "--games", "3",
                     "--out", str(folder))
    assert code == 0
    before = {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
    plugins.clear()  # the package is uninstalled
    bots_module._plugins.cache_clear()
    code, _, err = run(capsys, "--lang", "fr", "tournament", "--resume", str(folder), "--games", "6")
    assert code != 0 and "no bot named" not in err
    # the bot's name, not its whole spec, and why it may be missing
    assert f"--resume {folder}\u00a0: le tournoi qui y est gardé a été joué avec «\u00a0labelled:noise=0.3\u00a0», " \
           "et aucun bot nommé «\u00a0labelled\u00a0» n'est installé à présent pour Gracias (son paquet a-t-il été " \
           "désinstallé\u00a0?)" in err, err
    assert {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()} == before
    code, _, err = run(capsys, "tournament", "--resume", str(folder), "--games", "6")
    assert "no bot named “labelled” is installed now for Gracias (was its package uninstalled?)" in err, err
    code, _, err = run(capsys, "tournament", "gracias", "--bots", "labelled:noise=0.3,random", "--games", "2",
                       "--out", str(tmp_path / "u"))
    assert code == 2 and "--bots: no bot named “labelled” for Gracias" in err, err
