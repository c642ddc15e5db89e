"""``ludo simulate`` at its edges: Ctrl-C with workers, huge game counts, results whatever --jobs, bounded
totals, --plot paths that cannot be written, and numbers written the French way."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludotheque.cli.main import main
from ludotheque.sim import ScoreHistogram, SimConfig, simulate
from ludotheque.sim.simulator import HISTOGRAM_BINS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- Ctrl-C ---------------------------------------------------------------------------------------

def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("whole_group", [True, False], ids=["terminal-ctrl-c", "parent-only"])
@pytest.mark.parametrize("progress", [False, True], ids=["no-progress", "progress-bar"])
def test_one_ctrl_c_stops_every_worker_at_once(whole_group: bool, progress: bool) -> None:
    argv = [sys.executable, "-m", "ludotheque.cli.main", "simulate", "acquire", "--games", "100000000",
            "--jobs", "2", *([] if progress else ["--no-progress"])]
    # Ctrl-C as at a terminal, even when the suite itself runs in a background job (which ignores SIGINT, and its
    # children inherit that)
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 20
        while len(children_of(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0)  # the simulation has started at once, and goes on
        before = rss_kb(proc.pid)
        time.sleep(1.5)
        after = rss_kb(proc.pid)
        workers = children_of(proc.pid)
        assert len(workers) >= 2, "the workers did not start"
        assert proc.poll() is None
        assert after - before < 8_000, f"the parent grew from {before} kB to {after} kB"
        sent = time.monotonic()
        if whole_group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            os.kill(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=10)
        assert time.monotonic() - sent < 5
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = err.decode()
    assert proc.returncode == 130
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    time.sleep(0.2)
    assert [pid for pid in workers if alive(pid)] == []


# --- results ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "players", "bots"), [
    ("acquire", 3, ("heuristic", "random", "random")),
    ("gracias", 4, ("heuristic", "random", "random", "random")),
])
def test_results_do_not_depend_on_jobs(game: str, players: int, bots: tuple[str, ...]) -> None:
    config = SimConfig(game, players, bots, games=37, seed=11)
    one = simulate(config, jobs=1)
    for jobs in (2, 3):
        other = simulate(config, jobs=jobs)
        assert other == one  # every total, histogram bin and termination count, and their order
        assert json.dumps(other.to_json() | {"thinking": None}) == json.dumps(one.to_json() | {"thinking": None})
    assert one.games == 37
    assert sum(b.seats for b in one.by_bot()) == 37 * players
    assert sum(sum(b.scores.counts.values()) for b in one.by_bot()) == 37 * players
    assert sum(one.terminations().values()) == 37


def test_progress_counts_every_game_once() -> None:
    seen: list[int] = []
    simulate(SimConfig("gracias", 3, ("random",) * 3, games=53), jobs=2, progress=seen.append)
    assert sum(seen) == 53 and all(0 < k <= 25 for k in seen)


def test_the_score_histogram_stays_bounded_and_exact_in_total() -> None:
    rng = random.Random(4)
    histogram = ScoreHistogram()
    scores = [rng.randrange(-10**6, 10**7) for _ in range(20_000)]
    for s in scores:
        histogram.add(s)
    assert len(histogram.counts) <= HISTOGRAM_BINS
    assert histogram.width > 1 and histogram.width & (histogram.width - 1) == 0
    assert sum(histogram.counts.values()) == len(scores)
    assert (histogram.low, histogram.high) == (min(scores), max(scores))
    values, games = histogram.points()
    assert all(min(scores) <= v <= max(scores) for v in values) and sum(games) == len(scores)
    small = ScoreHistogram()
    for s in (3, 5, 5, 12):
        small.add(s)
    assert small.width == 1 and small.points() == ([3, 5, 12], [1, 2, 1])


# --- --players and --bots ---------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["simulate", "play"])
@pytest.mark.parametrize("players", ["-3", "0", "1", "7", "1000000000"])
def test_a_wrong_player_count_says_the_games_range(capsys: pytest.CaptureFixture[str], command: str,
                                                    players: str) -> None:
    code, _, err = run(capsys, command, "acquire", "--players", players, "--bots", "random")
    assert code == 2
    assert f"--players {players}: Acquire is for 2 to 6 players." in err and "bots" not in err
    code, _, err = run(capsys, "--lang", "fr", command, "acquire", "--players", players)
    assert code == 2 and f"--players {players}\u00a0: Grand Hôtel se joue de 2 à 6 joueurs." in err


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_too_many_bots_say_the_games_range(capsys: pytest.CaptureFixture[str], command: str) -> None:
    bots = ",".join(["random"] * 7)
    code, _, err = run(capsys, command, "acquire", "--bots", bots)
    assert code == 2 and "makes" in err and "2 to 6 players" in err and "fewer bots" in err
    code, _, err = run(capsys, "--lang", "fr", command, "acquire", "--bots", bots)
    assert code == 2 and "de 2 à 6 joueurs" in err and "moins de bots" in err


@pytest.mark.parametrize("command", ["simulate", "play"])
@pytest.mark.parametrize("bots", ["", ",", "random,", ",random", "random,,random", " , "])
def test_an_empty_bot_name_is_refused(capsys: pytest.CaptureFixture[str], command: str, bots: str) -> None:
    code, _, err = run(capsys, command, "acquire", f"--bots={bots}")
    assert code == 2
    assert f"--bots “{bots}”: a bot's name is empty" in err and "--bots heuristic,random" in err
    code, _, err = run(capsys, "--lang", "fr", command, "acquire", f"--bots={bots}")
    assert code == 2 and f"--bots «\u00a0{bots}\u00a0»\u00a0: un nom de bot est vide" in err


# --- --plot ---------------------------------------------------------------------------------------

def refused_plot(capsys: pytest.CaptureFixture[str], path: str | Path, english: str, french: str) -> None:
    """Refused at once (a hundred million games are not played first), with the path and why."""
    for lang, words in (("en", english), ("fr", french)):
        started = time.monotonic()
        code, out, err = run(capsys, "--lang", lang, "simulate", "acquire", "--games", "100000000",
                             "--no-progress", "--plot", str(path))
        assert code == 2 and out == "" and time.monotonic() - started < 5
        assert f"--plot {path}" in err and words in err, err


def test_plot_to_a_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused_plot(capsys, tmp_path, "this is a folder", "c'est un dossier")
    folder = tmp_path / "pictures.png"
    folder.mkdir()
    refused_plot(capsys, folder, "this is a folder", "c'est un dossier")


def test_plot_in_a_missing_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere"
    refused_plot(capsys, missing / "sim.png", f"there is no folder {missing}", f"le dossier {missing} n'existe pas")


def test_plot_to_a_pipe_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pipe = tmp_path / "sim.png"
    os.mkfifo(pipe)
    refused_plot(capsys, pipe, "not an ordinary file", "pas un fichier ordinaire")


def test_plot_to_an_existing_file_that_cannot_be_written_is_refused(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.png"
    path.write_bytes(b"old picture")
    path.chmod(stat.S_IRUSR)
    immutable = False
    try:
        if os.access(path, os.W_OK):  # root writes anyway, unless the file is immutable
            chattr = shutil.which("chattr")
            if chattr is None or subprocess.run([chattr, "+i", str(path)], capture_output=True).returncode:
                pytest.skip("the file stays writable (root without chattr)")
            immutable = True
        refused_plot(capsys, path, "cannot write this file (", "impossible d'écrire ce fichier (")
        assert path.read_bytes() == b"old picture"
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path)], check=False)
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_plot_in_a_read_only_place_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    place = Path("/sys/ludotheque-test.png")  # sysfs: no file can be made there, not even by root
    if not Path("/sys/kernel").is_dir():
        pytest.skip("no /sys here")
    refused_plot(capsys, place, "cannot write this file (", "impossible d'écrire ce fichier (")
    assert not place.exists()


def test_a_writable_plot_path_is_left_as_it_was(tmp_path: Path) -> None:
    from ludotheque.sim.plot import plot_problem

    new = tmp_path / "new.png"
    assert plot_problem(new) is None and not new.exists()
    old = tmp_path / "old.svg"
    old.write_bytes(b"<svg/>")
    assert plot_problem(old) is None and old.read_bytes() == b"<svg/>"


def test_simulate_draws_a_plot_from_the_totals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    for game in ("acquire", "gracias"):
        path = tmp_path / f"{game}.svg"
        code, _, _ = run(capsys, "simulate", game, "--games", "9", "--bots", "heuristic,random,random",
                         "--no-progress", "--jobs", "2", "--plot", str(path))
        assert code == 0 and "<svg" in path.read_text(encoding="utf-8")


# --- French numbers ---------------------------------------------------------------------------------

def test_french_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "simulate", "acquire", "--games", "8", "--no-progress",
                       "--bots", "heuristic,random")
    assert code == 0
    assert re.search(r"\b\d{1,3},\d\u00a0%", out), out  # 75,0 %
    assert not re.search(r"\d%|\d\.\d", out), out
    assert re.search(r"\d\u00a0\d{3}\b", out), out  # mean scores in thousands: 58 830
    assert "1\u00a0: " in out
    code, out, _ = run(capsys, "simulate", "acquire", "--games", "8", "--no-progress", "--bots", "heuristic,random")
    assert re.search(r"\b\d{1,3}\.\d%", out) and re.search(r"\d,\d{3}\b", out)
