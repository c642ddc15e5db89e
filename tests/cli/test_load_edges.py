"""``ludo play --load`` with other arguments: those that contradict the saved game are refused with what the
saved game is (in English and French), those that agree with it are accepted."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.main import main
from ludotheque.cli.play import build_session
from ludotheque.engine import Match, OptionError, RecordError, SeatConfig, get_game
from ludotheque.engine.record import MAX_PLAYERS, MAX_RECORD_BYTES

SEED = 987_654_321


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A game of Acquire for three (a person, then two random bots), with the card variant, a few moves in."""
    seats = [SeatConfig("Ada"), SeatConfig("Bot 1 (random)", "random"), SeatConfig("Bot 2 (random)", "random")]
    match = Match(get_game("acquire"), 3, {"cards": True}, seed=SEED, seats=seats)
    match.run_chance()
    match.apply(match.legal_actions()[0])
    path = tmp_path / "saved.json"
    match.to_record().save(path)
    return path


def args(path: Path, **kw: object) -> argparse.Namespace:
    base: dict[str, object] = {"game": None, "players": None, "option": [], "bots": None, "seed": None,
                               "names": "", "load": str(path), "lang": "en"}
    base.update(kw)
    return argparse.Namespace(**base)


def load(path: Path, **kw: object) -> list[str]:
    """The notes of a session loaded with these arguments."""
    session = build_session(args(path, **kw), lambda _: "", Console(file=io.StringIO()))
    assert session.match.seed == SEED and session.match.players == 3
    return session.notices


def refusal(path: Path, **kw: object) -> str:
    with pytest.raises(OptionError) as caught:
        load(path, **kw)
    message = str(caught.value)
    assert str(SEED) not in message  # the seed stays secret until the end
    return message


@pytest.mark.parametrize(("given", "english", "french"), [
    ({"players": 4}, "is a saved game of Acquire for 3 players; drop --players 4 or start a new game.",
     "est une partie enregistrée de Grand Hôtel à 3 joueurs\u00a0; retirez --players 4 ou commencez une nouvelle "
     "partie."),
    ({"seed": 1}, "is a saved game of Acquire with its own seed (shown when the game ends); drop --seed 1 or start",
     "de Grand Hôtel avec sa propre graine (montrée à la fin de la partie)\u00a0; retirez --seed 1 ou commencez"),
    ({"option": ["cards=false"]},
     "is a saved game of Acquire for 3 players with options end_rule=seed, cards=true, secret_holdings=false; "
     "drop --option cards=false or start a new game.",
     "de Grand Hôtel à 3 joueurs avec les options end_rule=seed, cards=true, secret_holdings=false\u00a0; "
     "retirez --option cards=false ou commencez une nouvelle partie."),
    ({"option": ["end_rule=seed", "secret_holdings=on"]}, "drop --option secret_holdings=on or start a new game",
     "retirez --option secret_holdings=on ou"),
    ({"bots": "heuristic"}, "whose seats are person,random,random; drop --bots heuristic or start a new game.",
     "dont les places sont personne,random,random\u00a0; retirez --bots heuristic ou commencez une nouvelle partie."),
    ({"bots": "random,heuristic"}, "whose seats are person,random,random; drop --bots random,heuristic",
     "retirez --bots random,heuristic"),
    ({"bots": "random"}, "drop --bots random or", "retirez --bots random ou"),
    ({"bots": "random,random,random"}, "drop --bots random,random,random or", "retirez --bots random,random,random"),
    ({"bots": "random,person,random"}, "drop --bots random,person,random or", "retirez --bots random,person,random"),
])
def test_contradicting_arguments_are_refused_with_what_the_saved_game_is(saved: Path, given: dict[str, object],
                                                                         english: str, french: str) -> None:
    assert english in refusal(saved, **given)
    assert french in refusal(saved, lang="fr", **given)


@pytest.mark.parametrize("given", [
    {"players": 3}, {"seed": SEED}, {"option": ["cards=true"]}, {"option": ["cards=yes", "end_rule=seed"]},
    {"bots": "random,random"}, {"bots": "Random, RANDOM"}, {"bots": "person,random,random"},
    {"bots": "-,random,random"}, {"game": "acquire"}, {"game": "grand-hotel"},
    {"players": 3, "seed": SEED, "option": ["secret_holdings=false"], "bots": "random,random"},
])
def test_agreeing_arguments_are_accepted(saved: Path, given: dict[str, object]) -> None:
    notes = load(saved, **given)
    assert any("loaded" in note for note in notes)


def test_a_wrong_option_is_refused_as_in_a_new_game(saved: Path) -> None:
    with pytest.raises(OptionError, match="no option 'speed'"):
        load(saved, option=["speed=3"])
    with pytest.raises(OptionError, match="allowed values are true or false"):
        load(saved, option=["cards=maybe"])


def test_another_game_name_is_refused(saved: Path) -> None:
    with pytest.raises(OptionError, match="is a game of Acquire, not Gracias"):
        load(saved, game="gracias")


def test_the_command_line_refuses_contradictions(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--load", str(saved), "--option", "cards=false"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ludo: error:") and "drop --option cards=false" in err
    assert main(["--lang", "fr", "play", "acquire", "--load", str(saved), "--players", "5"]) == 2
    assert "retirez --players 5" in capsys.readouterr().err
    assert main(["play", "--load", str(saved), "--bots="]) == 2
    assert "a bot's name is empty" in capsys.readouterr().err


def test_an_oversized_saved_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"version": 1, "game": "acquire", "players": 1_000_000_000}), encoding="utf-8")
    with pytest.raises(RecordError, match=f"1 to {MAX_PLAYERS} players"):
        load(path)
    with path.open("wb") as f:
        f.truncate(MAX_RECORD_BYTES * 1000)
    assert main(["play", "--load", str(path)]) == 2
    assert "larger than" in capsys.readouterr().err
