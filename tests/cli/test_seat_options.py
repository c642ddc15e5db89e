"""``--seat-option SEAT:name=value`` as a user types it: listed by ``ludo games`` in both languages, given to a seat
by ``ludo play`` and ``ludo simulate``, saved with the seat in the record (and checked against it on ``--load``),
refused before anything runs when the seat, the name or the value is wrong, saying what is allowed; and Stack
Market played from the command line to its end."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from ludotheque.cli.main import main
from ludotheque.engine import get_game


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def typed(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    """What the person types at ``ludo play``'s prompts (then the end of the input)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def bots_ready() -> bool:
    """Whether Stack Market's bots load (its heuristic bot is written beside this work)."""
    try:
        get_game("stack-market").bots()
    except (ImportError, AttributeError):
        return False
    return True


needs_bots = pytest.mark.skipif(not bots_ready(), reason="Stack Market's heuristic bot does not load yet")


def test_games_lists_the_seat_options_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    part = " ".join(out[out.index("stack-market"):].split())  # (table cells wrap side by side at 80 columns)
    assert "seat setting default allowed" in part and "steadiness 1,800 a whole number" in part
    assert "8,000" in part
    assert "How far a die lands" in part
    code, out, _ = run(capsys, "games", "--lang", "fr")
    part = " ".join(out[out.index("stack-market"):].split())
    assert "réglage de siège par défaut valeurs permises" in part and "steadiness 1 800 un nombre entier" in part
    assert "0 à 8 000" in part  # (split() takes the no-break space for a space; the cells wrap side by side)
    assert "De combien un dé" in part
    assert "acquire" in out and out.count("réglage de siège") == 1  # only the game that has seat settings
    code, out, _ = run(capsys, "games", "--json")
    games = {g["name"]: g for g in json.loads(out)}
    (spec,) = games["stack-market"]["seat_options"]
    assert spec["name"] == "steadiness" and spec["bounds"] == [0, 8000] and spec["default"] == 1800
    assert games["acquire"]["seat_options"] == []


def test_play_and_simulate_help_mention_it(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("play", "simulate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = " ".join(capsys.readouterr().out.split())
        assert "--seat-option SEAT:NAME=VALUE" in out and "2:steadiness=600" in out
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "play", "--help"])
    assert "SIÈGE:NOM=VALEUR" in capsys.readouterr().out


def test_the_seats_settings_are_saved_in_the_record_and_checked_on_load(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # Three people at one keyboard (no bot): Enter at the hand-off, then save and leave.
    typed(monkeypatch, "", f"save {path}", "quit", "y")
    code, out, err = run(capsys, "play", "stack-market", "--players", "3", "--seed", "3",
                         "--seat-option", "0:steadiness=300", "--seat-option", "2:steadiness=600",
                         "--seat-option", "2: steadiness = 650")  # the last value given wins
    assert code == 0, err
    seats = json.loads(path.read_text(encoding="utf-8"))["seats"]
    assert [s["settings"] for s in seats] == [{"steadiness": 300}, {"steadiness": 1800}, {"steadiness": 650}]
    assert "±0.3" in out and "±0.65" in out  # each seat's hand at the table
    typed(monkeypatch, "", "quit", "y")
    code, out, err = run(capsys, "play", "--load", str(path), "--seat-option", "2:steadiness=650")
    assert code == 0, err  # agrees with the saved game
    code, out, err = run(capsys, "play", "--load", str(path), "--seat-option", "2:steadiness=700")
    assert code == 2 and "whose seats' settings are 0: steadiness=300; 1: steadiness=1800; 2: steadiness=650" in err
    assert "drop --seat-option 2:steadiness=700" in err and not out


@pytest.mark.parametrize(("argv", "english", "french"), [
    (["0steadiness=600"], "write SEAT:NAME=VALUE with the seat's number from 0",
     "écrivez SIÈGE:NOM=VALEUR avec le numéro du siège à partir de 0"),
    (["0:steadiness"], "write SEAT:NAME=VALUE", "écrivez SIÈGE:NOM=VALEUR"),
    (["3:steadiness=600"], "there is no seat 3; the seats are 0 to 2",
     "il n'y a pas de siège 3\u00a0; les sièges vont de 0 à 2"),
    (["-1:steadiness=600"], "there is no seat -1", "il n'y a pas de siège -1"),
    (["one:steadiness=600"], "there is no seat one", "il n'y a pas de siège one"),
    (["1:steady=600"], "Stack Market has no seat setting “steady”; its seat settings are steadiness",
     "Stack Market n'a pas de réglage de siège «\u00a0steady\u00a0»\u00a0; ses réglages de siège sont steadiness"),
    (["1:steadiness=9000"], "steadiness must be a whole number from 0 to 8,000",
     "steadiness doit être un nombre entier de 0 à 8\u00a0000"),
    (["1:steadiness=much"], "steadiness must be a whole number from 0 to 8,000",
     "steadiness doit être un nombre entier de 0 à 8\u00a0000"),
])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_wrong_seat_option_is_refused_before_anything_runs(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                              english: str, french: str, command: str) -> None:
    for lang, expected in (("en", english), ("fr", french)):
        pairs = [word for pair in argv for word in ("--seat-option", pair)]
        code, out, err = run(capsys, "--lang", lang, command, "stack-market", "--players", "3", "--seed", "1",
                             *pairs)
        assert code == 2 and not out, (out, err)
        assert expected in err, err
        assert err.startswith("ludo: error: --seat-option" if lang == "en" else "ludo\u00a0: erreur\u00a0: --seat")


def test_a_game_without_seat_settings_refuses_them(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "acquire", "--players", "2", "--seat-option", "0:steadiness=1")
    assert code == 2 and not out and "Acquire has no seat settings" in err


@needs_bots
def test_a_whole_game_against_heuristic_bots(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``ludo play stack-market --bots heuristic,heuristic,heuristic``: the person aims carefully (named aims) and
    stays, to the end of the game."""
    typed(monkeypatch, "help", "rules", *(["aim careful", "1", "aim crooked left", "1"] * 300))
    code, out, err = run(capsys, "play", "stack-market", "--bots", "heuristic,heuristic,heuristic", "--seed", "5",
                         "--seat-option", "0:steadiness=500")
    assert code == 0, err
    assert "Stack Market, in short" in out and "aim crooked left, crooked right" in out  # rules, help
    assert "Final ranking" in out and "all the rounds have been played" in out
    assert "Hands (mm)" in out or "Hand" in out


@needs_bots
def test_simulate_gives_the_seats_their_settings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "stack-market", "--games", "20", "--players", "3", "--no-progress")
    assert code == 0, err
    assert "Stack Market — 3 players — games: 20" in out and "win rate by seat: 0:" in out
    argv = ("simulate", "stack-market", "--games", "6", "--players", "3", "--seed", "2", "--json",
            "--seat-option", "1:steadiness=0")
    code, first, err = run(capsys, *argv)
    assert code == 0, err
    code, second, _ = run(capsys, *argv, "--jobs", "2")
    summary = json.loads(first)
    assert summary | {"thinking": None} == json.loads(second) | {"thinking": None}  # the settings reach the workers too
    assert summary["seat_settings"] == [{}, {"steadiness": 0}, {}]
    code, plain, _ = run(capsys, "simulate", "stack-market", "--games", "6", "--players", "3", "--seed", "2",
                         "--json")
    assert json.loads(plain)["seat_win_rates"] != summary["seat_win_rates"] or \
        json.loads(plain)["mean_actions"] != summary["mean_actions"]  # a perfect hand plays another game
    code, out, _ = run(capsys, "simulate", "stack-market", "--games", "2", "--players", "3", "--no-progress",
                       "--seat-option", "1:steadiness=0")
    assert "seat settings (they stay with their seat as the bots rotate): 1: steadiness=0" in " ".join(out.split())


@pytest.mark.parametrize(("lang", "said"), [("en", "given when the table is made"), ("fr", "quand la table est créée")])
def test_a_seat_setting_is_refused_at_a_servers_table(capsys: pytest.CaptureFixture[str], lang: str, said: str) -> None:
    """A server's table already has its seats' settings: ``--seat-option`` there is refused, not ignored."""
    code, _, err = run(capsys, "play", "--server", "http://127.0.0.1:9", "--table", "abc", "--seat-option",
                       "0:steadiness=300", "--lang", lang)
    assert code != 0 and said in err
