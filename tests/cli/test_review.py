"""What a review of the terminal found, each as the person met it: wrapping that starts a line with a colon or a
space, a help that scrolled off 80 × 24, tiles that ran together on the small board, a save or a plot path that
crashed, seeds a record cannot keep, unbounded processes, English under ``--lang fr`` (help, argparse's errors,
unreadable records) and French that read awkwardly."""

from __future__ import annotations

import argparse
import io
import itertools
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.limits import MAX_SEED, max_jobs
from ludotheque.cli.main import main
from ludotheque.cli.play import PlaySession, build_session
from ludotheque.cli.render import View, wrapped
from ludotheque.cli.texts import UI
from ludotheque.engine import Match, get_game
from ludotheque.engine.record import GameRecord, SeatConfig
from ludotheque.engine.state import CHANCE, Event
from ludotheque.games.acquire.terminal import AcquireRenderer
from ludotheque.games.gracias.terminal import action_words as gracias_words

NB = "\u00a0"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def session(lang: str = "en", answers: list[str] | None = None, width: int = 80,
            height: int | None = None) -> tuple[PlaySession, Console]:
    """A game of Acquire against a bot whose person answers ``answers`` then reaches the end of the input."""
    terminal = height is not None
    c = Console(file=io.StringIO(), width=width, height=height or 25, color_system=None, force_terminal=terminal)
    script = iter(answers or [])

    def ask(prompt: str) -> str:
        answer = next(script, None)
        if answer is None:
            raise EOFError
        return answer

    args = argparse.Namespace(game="acquire", players=2, option=[], seed=3, names="Ada", bots="random", load=None,
                              lang=lang)
    return build_session(args, ask, c), c


def text_of(c: Console) -> str:
    assert isinstance(c.file, io.StringIO)
    return c.file.getvalue()


# --- 2. wrapping, help, the small board --------------------------------------------------------------

def test_wrapped_lines_never_start_with_a_space_or_with_punctuation_of_the_previous_word() -> None:
    text = UI.t("fr", "error.save", path="/tmp/une/partie.json", reason=UI.t("fr", "os.too_long"))
    assert f"json{NB}:" in text  # the catalogue's no-break space holds the colon to its word
    rng = random.Random(1)
    catalog = get_game("acquire").catalog
    texts = [text, *(v for k, v in catalog.messages["fr"].items()
                     if not k.startswith("web.") and "{" not in v and "\n" not in v)]  # sentences
    for sample in texts:
        for width in (20, 33, 47, 80):
            lines = wrapped(sample, width, indent="  " if rng.random() < 0.5 else "").plain.split("\n")
            for line in lines[1:]:
                assert not re.match(r"\s*[:;!?»%]", line), (width, lines)
                assert not line.startswith("   "), (width, lines)
            assert "".join("".join(lines).split()) == "".join(sample.split()), lines  # nothing lost
            assert all(len(line) <= width for line in lines), lines  # a word longer than a line is cut, not lost
    assert wrapped(f"un total de 6{NB}000 écus", 12).plain.split("\n")[1].startswith(f"6{NB}000")


def test_wrapped_never_cuts_a_short_quoted_command() -> None:
    """A command quoted for the player to type (“stack 2 3 4 0”, « empiler 2 3 4 0 ») stays on one line; a long
    quotation still wraps."""
    english = "Not allowed: write “stack 2 3 4 0” or “aim careful” to go on"
    french = f"écrivez «{NB}investir B{NB}», «{NB}empiler 2 3 4 0{NB}» ou «{NB}viser soigné{NB}»"
    for sample, commands in ((english, ("“stack 2 3 4 0”", "“aim careful”")),
                             (french, (f"«{NB}empiler 2 3 4 0{NB}»", f"«{NB}viser soigné{NB}»"))):
        for width in range(12, 40):
            lines = wrapped(sample, width).plain.split("\n")
            if width >= 22:  # room for the longest quotation on a line
                assert all(any(c in line for line in lines) for c in commands), (width, lines)
            assert all(len(line) <= width for line in lines), (width, lines)
    long = "“" + " ".join(["word"] * 12) + "”"
    assert len(wrapped(long, 20).plain.split("\n")) > 1


def test_a_word_wider_than_its_column_is_cut_at_the_edge_not_lost() -> None:
    """« Correspondance » held whole by its no-break spaces, in a column narrower than it (``ludo games``): what
    does not fit goes on the next line (rich would crop it); a small number stays with the word before it."""
    text = f"Le fichier du paquet «{NB}Correspondance{NB}»{NB}: reconstruit"
    lines = wrapped(text, 14).plain.split("\n")
    assert all(len(line) <= 14 for line in lines) and "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert "Bot 1" in wrapped("la carte orange à Bot 1 (heuristique)", 22).plain.split("\n")[1]


def test_wrapped_keeps_styles_and_indents_a_column_layout() -> None:
    text = wrapped("  list          every choice, numbered (when the screen shows only the first ones)", 40,
                   hang=True)
    assert text.plain.split("\n")[1].startswith(" " * 16 + "(")


@pytest.mark.parametrize("game", ["acquire", "gracias"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_fits_an_80_by_24_terminal(game: str, lang: str) -> None:
    c = Console(file=io.StringIO(), width=80, color_system=None)
    bots = "random" if game == "acquire" else "random,random"
    args = argparse.Namespace(game=game, players=None, option=[], seed=1, names="", bots=bots, load=None, lang=lang)
    answers = iter(["help" if lang == "en" else "aide"])

    def ask(prompt: str) -> str:
        answer = next(answers, None)
        if answer is None:
            raise EOFError
        return answer

    person = build_session(args, ask, c)
    before = len(text_of(c))
    person.run()
    lines = text_of(c)[before:].split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(("Play by typing", "Jouez en tapant")))
    end = next(i for i in range(start, len(lines)) if lines[i] in ("Game left.", "Partie quittée."))
    help_lines = lines[start:end]
    assert len(help_lines) + 1 <= 24, "\n".join(help_lines)  # with the prompt
    assert max(len(line) for line in help_lines) <= 80
    for line, after in itertools.pairwise(help_lines):
        if re.match(r"  \S.*\S  +\S", line) and after.startswith(" ") and not re.match(r"  \S", after):
            column = re.match(r"(  \S.*?\S  +)\S", line)
            assert column is not None and after.startswith(" " * len(column.group(1))), (line, after)


def test_the_small_board_keeps_adjacent_tiles_apart() -> None:
    position = {"players": 2, "hands": [["10G", "11G", "12G", "11H", "1A", "2A"], ["5E"]], "turn_player": 0,
                "board": {"unincorporated": ["5C"]}}
    seats = [SeatConfig("Ada"), SeatConfig("Bob", "random")]
    match = Match(get_game("acquire"), 2, {}, seed=1, seats=seats, start=position)
    legal = [a.text() for a in match.legal_actions()]
    view = View(get_game("acquire"), match.state.observation(0), 0, "en", ["Ada", "Bob"], legal, 80, 17)
    c = Console(file=io.StringIO(), width=80, color_system=None)
    for part in AcquireRenderer().screen(view):
        c.print(part)
    board = text_of(c)
    row = next(line for line in board.split("\n") if line.startswith("G "))
    assert "11G12G" not in board and re.search(r"10 +11 +12", row), board


# --- 3. save ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "too_long", "folder"), [
    ("en", "the name is too long", "is a folder; give a file name"),
    ("fr", "le nom est trop long", "est un dossier ; donnez un nom de fichier"),
])
def test_save_refusals_are_said_and_the_game_goes_on(tmp_path: Path, lang: str, too_long: str, folder: str) -> None:
    save = "save" if lang == "en" else "sauver"
    long_name = tmp_path / ("x" * 300 + ".json")
    person, c = session(lang, [f"{save} {long_name}", f"{save} {tmp_path}", f"{save} {tmp_path}/no/such/x.json",
                               "1"])
    assert person.run() == 0  # no traceback: the game went on to the move after them
    out = " ".join(text_of(c).split())
    assert too_long in out and folder in out
    assert ("Replace it" not in out) and ("Le remplacer" not in out)  # a folder is refused at once
    assert (f"there is no folder {tmp_path}/no/such" in out) or (f"le dossier {tmp_path}/no/such n'existe pas" in out)
    assert len(person.match.history) > 0 and not list(tmp_path.iterdir())


def test_quit_right_after_saving_does_not_warn(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    person, c = session("en", [f"save {path}", "quit"])
    assert person.run() == 0
    out = text_of(c)
    assert "Game saved" in out and "Game left." in out and "Anything not saved will be lost" not in out
    person, c = session("en", [f"save {path}", "y", "1", "quit", "y"])  # a move since: the warning is back
    assert person.run() == 0
    assert "Anything not saved will be lost" in text_of(c)


# --- 4. --plot ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("plot", "english", "french"), [
    ("p" * 300 + ".png", "cannot write this file (the name is too long)",
     "impossible d'écrire ce fichier (le nom est trop long)"),
    ("", "--plot needs a file name ending in .png, .svg or .pdf",
     "--plot demande un nom de fichier finissant par .png, .svg ou .pdf"),
])
def test_plot_paths_that_cannot_be_are_refused_before_simulating(capsys: pytest.CaptureFixture[str], plot: str,
                                                                 english: str, french: str) -> None:
    for lang, words in (("en", english), ("fr", french)):
        code, out, err = run(capsys, "--lang", lang, "simulate", "gracias", "--games", "2", "--no-progress",
                             "--plot", plot)
        assert code == 2 and words in " ".join(err.split()) and "Traceback" not in err and not out


def test_the_plot_writes_numbers_the_french_way_and_counts_seat_games(tmp_path: Path) -> None:
    matplotlib = pytest.importorskip("matplotlib")
    from ludotheque.sim import SimConfig, simulate
    from ludotheque.sim.plot import plot_summary

    summary = simulate(SimConfig("gracias", 3, ("heuristic", "random", "random"), games=6, seed=2))
    labels = {key: UI.t("fr", f"plot.{key}") for key in ("wins", "fair", "score", "games")}
    labels["title"] = "Gracias"
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # the texts as texts, to be read here
        svg = plot_summary(summary, tmp_path / "fr.svg", labels, "fr").read_text(encoding="utf-8")
    assert "0,2" in svg and "0.2" not in re.sub(r"<(?!text)[^>]*>", "", svg)
    assert "résultats (un par place et par partie)" in svg
    assert UI.t("en", "plot.games") == "results (one per seat and game)"


# --- 5. seeds and processes ------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("seed", ["99999999999999999999999999999", str(MAX_SEED + 1), "-1"])
def test_seeds_a_record_cannot_keep_are_refused(capsys: pytest.CaptureFixture[str], command: str, seed: str) -> None:
    code, _, err = run(capsys, command, "acquire", "--bots", "random", "--seed", seed)
    assert code == 2 and f"--seed {seed}: a seed is a whole number from 0 to {MAX_SEED}" in err
    code, _, err = run(capsys, "--lang", "fr", command, "acquire", "--bots", "random", "--seed", seed)
    assert code == 2 and f"une graine est un nombre entier de 0 à {MAX_SEED}" in err


def test_the_largest_seed_saves_and_loads(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    args = argparse.Namespace(game="acquire", players=2, option=[], seed=MAX_SEED, names="", bots="random",
                              load=None, lang="en")
    answers = iter([f"save {path}"])
    person = build_session(args, lambda prompt: next(answers, "quit"), Console(file=io.StringIO()))
    person.run()
    assert Match.from_record(GameRecord.load(path)).seed == MAX_SEED


def test_too_many_processes_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "acquire", "--games", "2", "--jobs", "100000000")
    assert code == 2 and f"use at most {max_jobs()} processes" in err
    code, _, err = run(capsys, "--lang", "fr", "simulate", "acquire", "--jobs", str(max_jobs() + 1))
    assert code == 2 and f"utilisez au plus {max_jobs()} processus" in err
    assert 1 <= max_jobs() <= 64


# --- 6. French help, argparse's errors, records ---------------------------------------------------------

@pytest.mark.parametrize("argv", [["--lang", "fr", "--help"], ["play", "--help", "--lang", "fr"],
                                  ["--lang=fr", "simulate", "--help"]])
def test_help_is_french_under_lang_fr(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    out = capsys.readouterr().out
    assert out.startswith("utilisation\u00a0: ludo") and "afficher cette aide et quitter" in out
    assert "\noptions\u00a0:\n" in out and "\noptions:" not in out and "\narguments:" not in out
    assert "show this help" not in out and "usage:" not in out and "positional arguments" not in out
    with pytest.raises(SystemExit):
        main([a for a in argv if a not in ("--lang", "fr", "--lang=fr")])
    assert capsys.readouterr().out.startswith("usage: ludo")  # English without it


@pytest.mark.parametrize(("argv", "french"), [
    (["play", "acquire", "--players", "abc"], "argument --players\u00a0: 'abc' n'est pas une valeur valable "
                                              "(il faut un nombre entier)"),
    (["replay"], "ces arguments sont obligatoires\u00a0: fichier"),
    ([], "ces arguments sont obligatoires\u00a0: COMMANDE"),
    (["jouer"], "'jouer' n'est pas un choix possible"),
    (["play", "acquire", "--zz"], "arguments inconnus\u00a0: --zz"),
    (["simulate", "gracias", "--move-limit", "abc"], "argument --move-limit\u00a0: 'abc' n'est pas une valeur valable "
                                                     "(il faut un nombre de secondes, par exemple 0,5)"),
])
def test_argparse_errors_are_french_under_lang_fr(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                  french: str) -> None:
    for words in (["--lang", "fr", *argv], [*argv, "--lang", "fr"]):
        with pytest.raises(SystemExit) as stop:
            main(words)
        err = capsys.readouterr().err
        assert stop.value.code == 2 and french in err and "erreur\u00a0:" in err, err
    with pytest.raises(SystemExit):
        main(argv)
    assert "error:" in capsys.readouterr().err


@pytest.mark.parametrize(("content", "french"), [
    (None, "impossible de lire {path}\u00a0: ce fichier ou ce dossier n'existe pas"),
    ("folder", "impossible de lire {path}\u00a0: c'est un dossier"),
    ('{"format": "ludotheque-record", "game": "acquire", "players": 3}', "{path} ne dit pas sa version"),
    ('{"version": 7, "game": "acquire", "players": 3}', "la version d'enregistrement 7 n'est pas prise en charge"),
    ("not json", "{path} n'est pas du JSON valide"),
    ('{"version": 1, "game": "chess", "players": 3}', "un jeu qui n'est pas installé ici"),
    ('{"version": 1, "game": "acquire", "players": 9}',
     "est une partie à 9 joueurs, mais Grand Hôtel se joue de 2 à 6"),
])
@pytest.mark.parametrize("command", ["replay", "play"])
def test_unreadable_records_are_refused_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  content: str | None, french: str, command: str) -> None:
    path = tmp_path / "saved.json"
    if content == "folder":
        path.mkdir()
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    argv = ["replay", str(path)] if command == "replay" else ["play", "--load", str(path)]
    code, _, err = run(capsys, "--lang", "fr", *argv)
    assert code == 2 and french.format(path=path) in err, err
    assert not re.search(r"cannot read|No such file|Is a directory|not supported|is for \d", err)


# --- 7. French wording -----------------------------------------------------------------------------------

def describe(kind: str, lang: str, **args: object) -> str:
    return get_game("acquire").describe(Event(kind, dict(args)), lang, ["Ada", "Bob"])


def test_disposals_read_naturally() -> None:
    sale = {"seat": 0, "chain": "Festival", "survivor": "Luxor", "income": 600}
    assert describe("dispose", "fr", **sale, sell=1, trade=2, keep=0) == \
        "Ada vend 1 action Festival et en échange 2 contre 1 Luxor."
    assert describe("dispose", "fr", **sale, sell=0, trade=0, keep=7) == "Ada garde ses 7 actions Festival."
    assert describe("dispose", "fr", **sale, sell=0, trade=0, keep=1) == "Ada garde son action Festival."
    assert describe("dispose", "fr", **sale, sell=2, trade=2, keep=3) == \
        "Ada vend 2 actions Festival, en échange 2 contre 1 Luxor et en garde 3."
    assert describe("dispose", "en", **sale, sell=1, trade=2, keep=3) == \
        "Ada sells 1 Festival share, trades 2 for 1 Luxor and keeps 3."
    assert describe("dispose", "en", **sale, sell=0, trade=0, keep=7) == "Ada keeps all 7 Festival shares."


def test_chance_deals_are_not_said_like_the_persons_gift() -> None:
    assert gracias_words("deal red", "fr") == "tirage rouge"
    assert gracias_words("keep red give 2", "fr") == "garder rouge donner 2"
    assert gracias_words("deal red", "en") == "deal red"


def test_french_sentences_name_the_game_by_its_french_title(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "fr", "play", "acquire", "--players", "9")
    assert code == 2 and "Grand Hôtel se joue de 2 à 6 joueurs" in err
    code, _, err = run(capsys, "--lang", "fr", "simulate", "acquire", "--bots", "nobot")
    assert code == 2 and "pour Grand Hôtel" in err


DISPOSE_POSITION = {
    "players": 2, "phase": "place", "turn_player": 0,
    "board": {"Luxor": ["5C", "6C", "7C"], "Festival": ["9C", "10C"]},
    "hands": [["8C", "1A"], ["12A"]], "shares": [{"Festival": 3}, {"Festival": 1}],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_disposal_is_explained_by_what_it_leaves(lang: str) -> None:
    seats = [SeatConfig("Ada"), SeatConfig("Bob", "random")]
    match = Match(get_game("acquire"), 2, {}, seed=1, seats=seats, start=DISPOSE_POSITION)
    match.apply("8C")
    while match.state.observation(0)["phase"] != "dispose" or match.current_player != 0:
        if match.current_player == CHANCE:
            match.draw_chance()
        else:
            match.apply(match.legal_actions()[0])
    legal = [a.text() for a in match.legal_actions()]
    view = View(get_game("acquire"), match.state.observation(0), 0, lang, ["Ada", "Bob"], legal)
    renderer = AcquireRenderer()
    labels = {text: renderer.action_label(view, text) for text in legal}
    for text, label in labels.items():
        assert renderer.action_words(text, lang) not in label, (text, label)  # never the action again
    keep_all = labels["sell 0 trade 0 keep 3"]
    assert keep_all == ("you still hold 3 Festival shares" if lang == "en" else "il vous reste 3 actions Festival")
    sell_one = labels["sell 1 trade 0 keep 2"]
    assert ("you receive" in sell_one) if lang == "en" else ("vous recevez" in sell_one)


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("fr", "vendre 3", "Interdit\u00a0: «\u00a0vendre 3\u00a0» n'est pas possible maintenant"),
    ("en", "sell 3", "Not allowed: “sell 3” is not possible now"),
    ("fr", "garder tout", "«\u00a0garder tout\u00a0» n'est pas possible maintenant"),
])
def test_selling_at_the_place_step_is_not_possible_now(lang: str, typed: str, said: str) -> None:
    person, c = session(lang, [typed])
    person.run()
    out = text_of(c)
    assert said in out and "malformed" not in out and "écrivez «" not in out
    assert "(étape : poser un pion)" in " ".join(out.split()) or "(step: place a tile)" in " ".join(out.split())


def test_the_record_of_a_game_keeps_english_texts(tmp_path: Path) -> None:
    """The French screen changed nothing of what is saved (records keep the engine's English texts)."""
    path = tmp_path / "fr.json"
    person, _ = session("fr", ["1", f"sauver {path}"])
    person.run()
    actions = json.loads(path.read_text(encoding="utf-8"))["actions"]
    assert actions and all(re.fullmatch(r"(chance|\d+): [\w ]+", a) for a in actions)


def test_a_move_limit_is_taken_as_french_writes_it_and_refused_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "simulate", "gracias", "--games", "1", "--move-limit", "0,25", "--no-progress"]) == 0
    assert "0,25" not in capsys.readouterr().err
    assert main(["--lang", "fr", "simulate", "gracias", "--move-limit", "-1"]) == 2
    assert "--move-limit -1\u00a0: donnez un nombre de secondes supérieur à 0" in capsys.readouterr().err
    assert main(["simulate", "gracias", "--move-limit", "-2.5"]) == 2
    assert "--move-limit -2.5: give a number of seconds above 0" in capsys.readouterr().err


def test_two_players_of_one_name_are_refused_and_an_empty_name_keeps_its_seats(
        capsys: pytest.CaptureFixture[str]) -> None:
    from ludotheque.cli.start import plan_seats
    from ludotheque.engine import get_game
    from ludotheque.engine.errors import OptionError

    def seats(names: str, lang: str = "en") -> list[str]:
        ns = argparse.Namespace(bots="heuristic", players=4, names=names, seat_option=[])
        return [s.name for s in plan_seats(get_game("gracias"), ns, lang)]

    assert seats(",Bob") == ["Player 0", "Bob", "Player 2", "Bot 3 (heuristic)"]
    assert seats("Ann, ,Cy") == ["Ann", "Player 1", "Cy", "Bot 3 (heuristic)"]
    for names, lang, said in (("A,A", "en", "--names: “A” is given to two seats"),
                              ("ann,Ann", "en", "“Ann” is given to two seats"),
                              ("Ann,Bot 3 (heuristic)", "en", "“Bot 3 (heuristic)” is given to two seats"),
                              ("A,A", "fr", "--names\u00a0: «\u00a0A\u00a0» est donné à deux places")):
        with pytest.raises(OptionError) as refused:
            seats(names, lang)
        assert said in str(refused.value)


def test_ludo_games_never_breaks_a_line_at_a_no_break_space(capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables' cells wrap at ordinary spaces only: no French « : » or « ; » starts a line, no « ends one."""
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["--lang", "fr", "games"]) == 0
    out = capsys.readouterr().out
    for line in out.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        assert not any(re.match(r"[:;!?»%]", c) or c.endswith("«") for c in cells), line


def test_a_piped_game_fits_the_columns_it_is_given(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Piped (| less, | tee), the screens and a replay take COLUMNS' width, not a wide layout (Stack Market's chart
    of the buildings) that the pipe then folds."""
    saved = tmp_path / "game.json"
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr("sys.stdin", io.StringIO(f"save {saved}\n"))
    bots = ["--players", "3", "--bots", "heuristic,heuristic,heuristic", "--seed", "4"]
    assert main(["play", "stack-market", *bots]) == 0
    out = capsys.readouterr().out
    assert "Final ranking" in out and saved.exists()
    assert max(len(line) for line in out.splitlines()) <= 80, [line for line in out.splitlines() if len(line) > 80]
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Final ranking" in out and not any(line.strip() == "┊" for line in out.splitlines()), out  # not folded
    assert max(len(line) for line in out.splitlines()) <= 80, [line for line in out.splitlines() if len(line) > 80]


def test_a_choices_explanation_keeps_a_seat_with_its_number(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80 columns Gracias's choices explain « donner la carte orange à Bot 1 (heuristique) »: the seat's name is
    never cut between "Bot" and its number (a player's review: « … à Bot » / « 1 (heuristique) »)."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["--lang", "fr", "play", "gracias", "--bots", "heuristic,random", "--seed", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    given = [line for line in lines if "donner la carte" in line]
    assert given and not any(line.rstrip().endswith(" Bot") for line in lines), given


@pytest.mark.parametrize(("content", "french", "english"), [
    (None, "impossible de le lire\u00a0: ce fichier ou ce dossier n'existe pas", "cannot be read: "),
    (b"\xff\xfe", "ce n'est pas du texte UTF-8 (octet 0)", "not UTF-8 text (byte 0)"),
    (b"root:x:0:0\n", "ce n'est pas du TOML valide à la ligne 1, colonne 5 (il faut '=' entre une clé et sa valeur)",
     "not valid TOML at line 1, column 5 (Expected '=' after a key in a key/value pair)"),
    (b'format = "a-vendre/board"\n[about\n',
     "à la ligne 2, colonne 7 (il faut ']' à la fin de la déclaration d'une table)",
     "at line 2, column 7 (Expected ']' at the end of a table declaration)"),
    (b"x = 1\nx = 2\n", "à la ligne 2, colonne 6 (une valeur ne peut pas être remplacée)",
     "at line 2, column 6 (Cannot overwrite a value)"),
    (b"foo = 1\n", "format\u00a0: champ manquant\u00a0: un fichier de données commence par format = '<jeu>/<sorte>'",
     'format: missing: a data file starts with format = "<game>/<kind>"'),
    (b'format = "x/y"\n', "format\u00a0: 'x/y' n'est un format d'aucun jeu\u00a0; les formats sont a-vendre/board",
     "format: 'x/y' is not a format any game reads; the formats are a-vendre/board"),
])
def test_a_refused_data_file_is_said_in_the_users_language(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            content: bytes | None, french: str, english: str) -> None:
    path = tmp_path / "board.toml"
    if content is not None:
        path.write_bytes(content)
    assert main(["--lang", "fr", "check-data", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ludo\u00a0: erreur\u00a0: {path}\u00a0: ") and french in err, err
    assert main(["check-data", str(path)]) == 2
    assert english in capsys.readouterr().err


def test_a_board_option_that_is_no_board_is_said_entry_by_entry_in_french(capsys: pytest.CaptureFixture[str],
                                                                           tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text("foo = 1\n", encoding="utf-8")
    assert main(["--lang", "fr", "play", "a-vendre", "--option", f"board={path}", "--bots", "heuristic"]) == 2
    err = capsys.readouterr().err
    assert f"{path}\u00a0: about\u00a0: champ manquant" in err and f"{path}\u00a0: foo\u00a0: champ inconnu" in err, err
    assert "missing" not in err and "unknown" not in err, err


def test_default_names_are_said_in_the_language_of_whoever_loads_the_game(tmp_path: Path) -> None:
    """A game saved in French under its default names (« Joueur 0 », « Bot 2 (moyen) ») and loaded in English says
    "Player 0" and "Bot 2 (medium)", and back again ("Bot 3 (heuristic)", « Bot 3 (heuristique) »); a name someone
    chose stays, even one like another seat's default."""
    path = tmp_path / "fr.json"
    seats = [SeatConfig("Joueur 0"), SeatConfig("Player 3"), SeatConfig("Bot 2 (moyen)", "medium"),
             SeatConfig("Bot 3 (heuristic)", "heuristic")]
    Match(get_game("gracias"), 4, {}, seed=3, seats=seats).to_record().save(path)
    from ludotheque.cli.start import load_record

    assert [s.name for s in load_record(str(path), "en").seats] == ["Player 0", "Player 3", "Bot 2 (medium)",
                                                                    "Bot 3 (heuristic)"]
    assert [s.name for s in load_record(str(path), "fr").seats] == ["Joueur 0", "Player 3", "Bot 2 (moyen)",
                                                                    "Bot 3 (heuristique)"]
    args = argparse.Namespace(game=None, players=None, option=[], seed=None, names=None, bots=None, load=str(path),
                              lang="en")
    loaded = build_session(args, lambda prompt: "", Console(file=io.StringIO(), width=100))
    assert [s.name for s in loaded.match.seats][:3] == ["Player 0", "Player 3", "Bot 2 (medium)"]
    assert GameRecord.load(path).seats[0].name == "Joueur 0", "the file itself is left as it was"


BOARD = (Path(__file__).parents[2] / "src/ludotheque/games/a_vendre/data/board.toml").read_text(encoding="utf-8")
CHARGES = (Path(__file__).parents[2] / "src/ludotheque/games/a_vendre/data/charges.toml").read_text(encoding="utf-8")
LUX_BOARD = (Path(__file__).parents[2] / "src/ludotheque/games/luxembourg_shopping/data/board.toml").read_text(
    encoding="utf-8")


@pytest.mark.parametrize(("text", "old", "new", "french", "english"), [
    (BOARD, "number = 3\n", "number = 2\n",
     "squares[2].number\u00a0: 2\u00a0; les cases sont numérotées 1, 2, 3… dans l'ordre, celle-ci est donc la 3",
     "squares[2].number: 2; squares are numbered 1, 2, 3… in order, so this one is 3"),
    (BOARD, "title = { number = 2, name", "title = { number = 1, name",
     "squares\u00a0: 43 titres\u00a0; le jeu a les titres 1 à 43, chacun une fois (en double\u00a0: [1]) "
     "(manquants\u00a0: [2])",
     "squares: 43 titles; the game has titles 1 to 43, each once (twice: [1]) (missing: [2])"),
    (CHARGES, 'id = "T02"', 'id = "T01"', "'T01' est déjà l'id d'une autre carte\u00a0; chaque id est unique",
     "'T01' is already the id of another card; ids are unique"),
    (LUX_BOARD, 'kind = "bankruptcy"', 'kind = "bureau"',
     "squares[32].kind\u00a0: la case 33 est 'bureau'\u00a0; la règle en fait 'bankruptcy'",
     "squares[32].kind: square 33 is 'bureau'; the rulebook makes it 'bankruptcy'"),
    (BOARD, "price = 200,", 'price = "deux cents",',
     "squares[1].title.price\u00a0: il faut un nombre entier (valeur donnée\u00a0: 'deux cents')",
     "squares[1].title.price: must be a whole number (got 'deux cents')"),
    (BOARD, "income = 30 }", "income = -30 }",
     "squares[1].title.income\u00a0: doit valoir au moins 0 (valeur donnée\u00a0: -30)",
     "squares[1].title.income: must be at least 0 (got -30)"),
    (BOARD, "price = 200,", "price = 205,", "doit être un multiple de 10 (valeur donnée\u00a0: 205)",
     "must be a multiple of 10 (got 205)"),
    (BOARD, 'colour = "yellow"', 'colour = "jaune"',
     "il faut 'start', 'finish', 'yellow', 'green', 'blue' ou 'red' (valeur donnée\u00a0: 'jaune')",
     "must be 'start', 'finish', 'yellow', 'green', 'blue' or 'red' (got 'jaune')"),
    (BOARD, 'name = "Laiterie"', 'name = ""', "squares[1].title.name\u00a0: il faut au moins 1 caractère",
     "squares[1].title.name: must be at least 1 character long"),
    (BOARD, 'title = { number = 1, name = "Laiterie", price = 200, income = 30 }', "title = 5",
     "squares[1].title\u00a0: il faut une table (noms = valeurs) (valeur donnée\u00a0: 5)",
     "squares[1].title: must be a table (names = values) (got 5)"),
    (CHARGES, 'kind = "honorary", title = 3', 'kind = "honneur", title = 3',
     "il faut 'honorary', 'lottery', 'tax', 'move_to' ou 'move' (valeur donnée\u00a0: 'honneur')",
     "must be 'honorary', 'lottery', 'tax', 'move_to' or 'move' (got 'honneur')"),
])
def test_what_a_data_file_gets_wrong_is_said_in_the_users_language(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                   text: str, old: str, new: str, french: str,
                                                                   english: str) -> None:
    """What a game's format checks itself (squares in order, each title once, ids unique, the rulebook's squares) is
    said in its game's words, and a value of the wrong type, out of bounds or not among those allowed in the front
    end's, with the value given: in the user's language, not in the format check's English."""
    path = tmp_path / "data.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert main(["--lang", "fr", "check-data", str(path)]) == 2
    err = capsys.readouterr().err
    assert french in err and "should" not in err and "Input" not in err, err
    assert main(["check-data", str(path)]) == 2
    err = capsys.readouterr().err
    assert english in err and "should" not in err, err


def test_every_value_problem_has_its_words() -> None:
    from ludotheque.cli.check_data import COUNTED, DATA_TEXTS
    from ludotheque.engine.datafiles import VALUE_PROBLEMS

    assert set(VALUE_PROBLEMS.values()) <= set(DATA_TEXTS) | set(COUNTED)
    assert not set(DATA_TEXTS) & set(COUNTED)


def test_every_toml_parser_message_has_its_words_in_both_languages() -> None:
    """Each of the parser's messages the catalogue knows is said in French, and in English as the parser says it."""
    from ludotheque.cli.check_data import TOML_WORDS, toml_words

    assert len(TOML_WORDS) == len({key for _, key in TOML_WORDS})
    assert toml_words("Unterminated string", "fr") == "texte non terminé"
    assert toml_words("Cannot declare ('a', 'b') twice", "fr") == "('a', 'b') est déclaré deux fois"
    assert toml_words("Cannot declare ('a', 'b') twice", "en") == "Cannot declare ('a', 'b') twice"
    assert toml_words("Something new", "fr") == "Something new", "unknown words stay as the parser says them"
