"""``ludo tournament`` as a user runs it: records and a summary in a folder, the same command again (or --resume)
going on where it stopped, Ctrl-C keeping the games, and bad input refused in words before anything is written."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from ludotheque.cli.main import main
from ludotheque.engine import Match
from ludotheque.engine.record import GameRecord
from ludotheque.sim import tournament as tournament_module


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


GRACIAS = ("tournament", "gracias", "--bots", "heuristic,random,random", "--games", "6", "--seed", "2")


def test_a_tournament_keeps_its_records_and_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "t"
    code, out, _ = run(capsys, *GRACIAS, "--out", str(folder), "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary == json.loads((folder / "summary.json").read_text())
    assert summary["games"] == 6 and summary["players"] == 3 and summary["cycle"] == 3 and summary["balanced"]
    assert summary["by_bot"][0]["bot"] == "heuristic"  # the best ordinal first
    ordinals = [b["rating"]["ordinal"] for b in summary["by_bot"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert all(b["games"] == 6 and [s["games"] for s in b["by_seat"]] == [2, 2, 2] for b in summary["by_bot"])
    config = json.loads((folder / "tournament.json").read_text())
    assert config["format"] == "ludotheque-tournament" and config["bots"] == ["heuristic", "random", "random"]
    records = sorted((folder / "games").iterdir())
    assert [p.name for p in records] == [f"{i:06d}.json" for i in range(6)]
    record = GameRecord.load(records[0])
    assert {s.bot for s in record.seats} == {"heuristic", "random"}
    assert Match.from_record(record, log=False).state.outcome().to_json() == record.result

    # The same command again plays nothing and says the same; so does --resume, with more jobs.
    before = snapshot(folder)
    code, again, _ = run(capsys, *GRACIAS, "--out", str(folder), "--json")
    assert code == 0 and json.loads(again) == summary and snapshot(folder) == before
    code, resumed, _ = run(capsys, "tournament", "--resume", str(folder), "--json", "--jobs", "2")
    assert code == 0 and json.loads(resumed) == summary


def test_the_default_folder_and_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, *GRACIAS, "--no-progress")
    assert code == 0
    assert (tmp_path / "tournament-gracias-2" / "summary.json").exists()
    assert "heuristic" in out and "random#2" in out and "±" in out and "tournament-gracias-2" in out
    code, out, _ = run(capsys, *GRACIAS, "--lang", "fr")
    assert code == 0 and "cote" in out and "victoires par place" in out and "\u00a0%" in out
    assert not [w for w in ("rating", "win rate", "seat", "games", "mean", "interval", "records") if w in out]


def test_ctrl_c_keeps_the_games_and_resume_finishes(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    code, whole, _ = run(capsys, *GRACIAS, "--out", str(tmp_path / "whole"), "--json")
    assert code == 0
    play = tournament_module.play_game

    def stop_at_game_4(config: tournament_module.TournamentConfig, i: int) -> GameRecord:
        if i == 4:
            raise KeyboardInterrupt
        return play(config, i)

    monkeypatch.setattr(tournament_module, "play_game", stop_at_game_4)
    folder = tmp_path / "stopped games"  # a space: the command said must still name it for a shell
    code, out, err = run(capsys, *GRACIAS, "--out", str(folder), "--no-progress")
    assert code == 130 and out == ""
    command = f"ludo tournament --resume '{folder}'"
    assert f"{folder}: 4 of 6" in err and f"To go on: {command}" in err
    assert len(list((folder / "games").iterdir())) == 4 and not (folder / "summary.json").exists()
    monkeypatch.setattr(tournament_module, "play_game", play)
    code, out, err = run(capsys, *shlex.split(command)[1:], "--json")
    assert code == 0 and json.loads(out) == json.loads(whole)
    assert "games already played: 4; games left: 2" in err


def test_a_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "t.png"
    code, _, err = run(capsys, *GRACIAS, "--out", str(tmp_path / "t"), "--json", "--plot", str(picture))
    assert code == 0 and picture.stat().st_size > 1000 and str(picture) in err


def test_a_plots_axes_say_their_numbers_exactly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A rating axis has whole-number ticks, and no tick is labelled with a rounded number (32.5 as "32")."""
    pytest.importorskip("matplotlib")
    from ludotheque.sim import plot

    labels = plot._numbers("en", 0)
    assert [labels(x, None) for x in (30.0, 32.5, 1250.0, 0.125)] == ["30", "32.5", "1,250", "0.125"]
    assert plot._numbers("fr", 1)(0.25, None) == "0,25" and plot._numbers("fr", 1)(0.2, None) == "0,2"
    figures: list[Any] = []
    monkeypatch.setattr(plot, "_save", lambda fig, title, path: figures.append(fig) or Path(path))
    run_quietly = ("tournament", "gracias", "--bots", "heuristic,random,random,easy", "--players", "3", "--games",
                   "8", "--seed", "2", "--out", str(tmp_path / "t"), "--json", "--plot", str(tmp_path / "t.png"))
    assert main(list(run_quietly)) == 0
    rating = figures[0].axes[0]
    rating.set_ylim(15.2, 34.8)  # a range that the default ticks would cut every 2.5
    rating.figure.set_size_inches(11, 8)
    rating.figure.canvas.draw()
    ticks = [t for t in rating.get_yticks() if 15.2 <= t <= 34.8]
    assert len(ticks) >= 2 and all(t == int(t) for t in ticks), ticks
    shown = [t.get_text() for t in rating.get_yticklabels() if t.get_text()]
    assert shown and all(text.replace(",", "").lstrip("−-").isdigit() for text in shown), shown


@pytest.mark.parametrize(("argv", "message"), [
    (("tournament", "chess", "--bots", "random,random"), "no game named “chess”"),
    (("tournament", "gracias", "--bots", "heuristic,wizard,random"), "no bot named “wizard” for Gracias; the bots are"),
    (("tournament", "gracias", "--bots", "random"), "at least two bots"),
    (("tournament", "gracias"), "name the bots with --bots"),
    (("tournament", "--bots", "random,random"), "name a game"),
    (("tournament", "gracias", "--bots", "random,random"), "Gracias is for 3 to 6 players: name at least 3 bots"),
    (("tournament", "gracias", "--bots", "random,random,random", "--players", "7"), "--players 7: Gracias is for 3"),
    (("tournament", "acquire", "--bots", "random,random", "--players", "3"), "more seats than bots named"),
    (("tournament", "acquire", "--bots", "random,random", "--games", "0"), "--games 0: play from 1 to"),
    (("tournament", "acquire", "--bots", "random,random", "--jobs", "0"), "--jobs 0"),
    (("tournament", "acquire", "--bots", "random,random", "--seed", "-1"), "--seed -1"),
    (("tournament", "acquire", "--bots", "random,random", "--option", "colour=red"), "no such option"),
    (("tournament", "acquire", "--bots", "random,random", "--plot", "x.gif"), "--plot x.gif"),
])
def test_bad_input_is_refused_and_nothing_is_written(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...],
                                                    message: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err, err
    assert list(tmp_path.iterdir()) == []


def test_a_folder_holding_something_else_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "t"
    assert run(capsys, *GRACIAS, "--out", str(folder), "--json")[0] == 0
    before = snapshot(folder)
    code, _, err = run(capsys, "tournament", "gracias", "--bots", "heuristic,random,random", "--games", "6",
                       "--out", str(folder))
    assert code == 2 and "holds another tournament (--seed 2)" in err and f"--resume {folder}," in err
    code, _, err = run(capsys, "--lang", "fr", "tournament", "gracias", "--bots", "heuristic,random,random",
                       "--games", "6", "--out", str(folder))
    assert code == 2 and f"continuez-le avec ludo --lang fr tournament --resume {folder}," in err
    code, _, err = run(capsys, "tournament", "--resume", str(folder), "--bots", "random,random,random")
    assert code == 2 and "--bots random,random,random differs from the tournament kept there" in err
    assert "(gracias --players 3 --bots heuristic,random,random --seed 2 --option packets=one)" in err, err
    code, _, err = run(capsys, "--lang", "fr", "tournament", "--resume", str(folder), "--bots", "random,random,random")
    assert code == 2 and "(gracias --players 3 --bots heuristic,random,random --seed 2 --option packets=one)" in err
    assert "retirez-le pour continuer ce tournoi (il garde son dossier et ses réglages), ou commencez-en un autre " \
        "sans --resume" in err, err
    code, _, err = run(capsys, "--lang", "fr", "tournament", "--resume", str(folder), "--games", "3")
    assert code == 2 and "contient déjà la partie numéro 5" in err and "--games 6 ou plus" in err
    assert snapshot(folder) == before
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    code, _, err = run(capsys, *GRACIAS, "--out", str(other))
    assert code == 2 and "not an empty folder and holds no tournament" in err
    code, _, err = run(capsys, "tournament", "--resume", str(tmp_path / "nowhere"))
    assert code == 2 and "holds no tournament" in err and not (tmp_path / "nowhere").exists()
    assert [p.name for p in other.iterdir()] == ["notes.txt"]


def test_a_french_table_never_cuts_a_number_from_its_sign(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80 columns, « 45,3 % – 93,7 % » stays on its line (rich breaks at no-break spaces unless told not to); on a
    screen too narrow for the numbers, the table still shows every column."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "--lang", "fr", *GRACIAS, "--out", str(tmp_path / "t"))
    assert code == 0
    table = out[:out.index("victoires par place")]
    rows = [line for line in table.splitlines() if line.startswith("│") and line.strip("│ ")]
    intervals = re.findall(r"\d+,\d\u00a0% – \d+,\d\u00a0%", table)
    assert len(intervals) == 3 and not any(re.search(r"│\s*%\s*│", line) for line in rows), table
    assert all(len(line) <= 80 for line in out.splitlines()), out
    monkeypatch.setenv("COLUMNS", "50")
    code, out, _ = run(capsys, "--lang", "fr", "tournament", "--resume", str(tmp_path / "t"))
    assert code == 0 and all(len(line) <= 50 for line in out.splitlines())
    header = out[:out.index("victoires par place")]
    assert "IC" in header and "rang" in header and "moyen" in header, header


def test_a_tournaments_own_files_are_named_as_such_where_a_game_record_is_expected(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "t"
    assert run(capsys, *GRACIAS, "--out", str(folder))[0] == 0
    for name in ("tournament.json", "summary.json"):
        code, _, err = run(capsys, "replay", str(folder / name))
        assert code == 2 and f"{folder / name} belongs to a tournament" in err and str(folder / "games") in err
        code, _, err = run(capsys, "--lang", "fr", "play", "--load", str(folder / name))
        assert code == 2 and "appartient à un tournoi" in err and "unknown record field" not in err, err
    game = sorted((folder / "games").iterdir())[0]
    assert run(capsys, "replay", str(game))[0] == 0
    other = tmp_path / "summary.json"  # a file of that name that is not a tournament's: the record's own refusal
    other.write_text('{"format": "something"}', encoding="utf-8")
    code, _, err = run(capsys, "replay", str(other))
    assert code == 2 and "belongs to a tournament" not in err and "(format 'something')" in err, err


def test_a_file_in_the_way_and_a_resume_elsewhere_are_refused_with_what_to_do(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("notes", encoding="utf-8")
    code, _, err = run(capsys, *GRACIAS, "--out", str(afile))
    assert code == 2 and f"{afile} is a file, not a folder" in err and afile.read_text(encoding="utf-8") == "notes"
    code, _, err = run(capsys, "--lang", "fr", *GRACIAS, "--out", str(afile))
    assert code == 2 and "est un fichier, pas un dossier" in err
    assert run(capsys, *GRACIAS, "--out", str(tmp_path / "t"))[0] == 0
    code, _, err = run(capsys, "tournament", "--resume", str(tmp_path / "t"), "--out", str(tmp_path / "t2"))
    assert code == 2 and "leave it out to go on with that tournament" in err and "another folder" not in err
    assert not (tmp_path / "t2").exists()


def test_a_tampered_game_record_is_refused_in_the_players_language(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    folder = tmp_path / "t"
    assert run(capsys, *GRACIAS, "--out", str(folder))[0] == 0
    game0 = folder / "games" / "000000.json"
    data = json.loads(game0.read_text(encoding="utf-8"))
    data["seed"] += 1
    data["result"] = None
    game0.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "--lang", "fr", "tournament", "--resume", str(folder))
    assert code == 2 and "n'est pas la partie numéro 0 de ce tournoi" in err, err
    assert f"graine {data['seed']}, pas {data['seed'] - 1}\u00a0; pas de résultat de partie finie" in err, err
    assert "seed" not in err and "finished" not in err, err
    code, _, err = run(capsys, "tournament", "--resume", str(folder))
    assert code == 2 and f"seed {data['seed']}, not {data['seed'] - 1}; no finished game's result" in err, err


def test_a_long_bot_spec_stays_whole_at_80_columns(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot named with its parameters keeps its name on one line in both tables; the numbers stay whole too."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "--lang", "fr", "tournament", "gracias", "--bots", "heuristic,random,mcts:iterations=30",
                       "--games", "3", "--out", str(tmp_path / "t"))
    assert code == 0 and all(len(line) <= 80 for line in out.splitlines()), out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    assert sum("│ mcts:iterations=30 " in line for line in rows) == 2, out  # the standings and the seats
    assert len(re.findall(r"\d+,\d\u00a0% – \d+,\d\u00a0%", out)) == 3, out
    assert "victoires" in out and "heuristic " in out, out
