"""``ludo play``, driven by scripted input: whole games, errors, save, undo, French, and no leaked secrets."""

from __future__ import annotations

import argparse
import io
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import PlaySession, build_session, run_play
from ludotheque.engine.match import Match
from ludotheque.engine.record import GameRecord
from ludotheque.games.acquire.board import TILE_NAMES


def args(**kw: object) -> argparse.Namespace:
    base: dict[str, object] = {"game": "acquire", "players": None, "option": [], "bots": "random,random",
                               "seed": 3, "names": "", "load": None, "lang": "en"}
    base.update(kw)
    return argparse.Namespace(**base)


def console() -> Console:
    return Console(file=io.StringIO(), width=110, color_system=None, force_terminal=False)


def text_of(c: Console) -> str:
    assert isinstance(c.file, io.StringIO)
    return c.file.getvalue()


class Script:
    """Answers prompts from a list, then with ``default``; raises after ``limit`` answers."""

    def __init__(self, answers: list[str], default: str | None = "1", limit: int = 5000) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.default = default
        self.limit = limit
        self.count = 0
        self.hook: Callable[[str], None] | None = None

    def __call__(self, prompt: str) -> str:
        self.count += 1
        assert self.count < self.limit, "the game does not end"
        if self.hook is not None:
            self.hook(prompt)
        answer = next(self.answers, None)
        if answer is None:
            if self.default is None:
                raise EOFError
            return self.default
        return answer


def test_hot_seat_against_bots_runs_to_the_end() -> None:
    c = console()
    script = Script([])
    assert run_play(args(players=4, names="Ada,Bob"), script, c) == 0
    out = text_of(c)
    assert "press Enter when you are ready" in out
    assert "Final ranking" in out
    assert "Ada" in out and "Bob" in out


def test_seats_people_first_and_explicit_places() -> None:
    s = build_session(args(players=4, bots="random"), Script([]), console())
    assert [seat.bot for seat in s.match.seats] == [None, None, None, "random"]
    s = build_session(args(bots="random,-,random"), Script([]), console())
    assert [seat.bot for seat in s.match.seats] == ["random", None, "random"]
    s = build_session(args(bots="random"), Script([]), console())
    assert s.match.players == 2


def play_until_person(session: PlaySession) -> None:
    """Advance bots and chance until a person must decide."""
    session.table.advance()


def test_illegal_action_shows_an_error_and_changes_nothing() -> None:
    c = console()
    session = build_session(args(), Script(["buy Luxor", "zz top", "99"], default=None), c)
    play_until_person(session)
    before = session.match.state.to_json()
    length = len(session.match.history)
    assert session._person_turn(session.match.current_player) is False  # the script ends: EOF quits
    out = text_of(c)
    assert "Not allowed" in out and "I don't understand" in out and "There is no choice 99" in out
    assert session.match.state.to_json() == before
    assert len(session.match.history) == length


@pytest.mark.parametrize(("lang", "said"), [("en", "There is no choice 9; the only choice is 1."),
                                             ("fr", "Il n'y a pas de choix 9\u00a0; le seul choix est 1.")])
def test_a_number_past_the_only_choice_says_it_is_the_only_one(lang: str, said: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    c = console()
    session = build_session(args(lang=lang), Script([], default=None), c)
    play_until_person(session)
    monkeypatch.setattr(session, "_menu", lambda seat, legal: legal[:1])
    assert session._read_action(session.match.current_player, "9") is None
    assert said in " ".join(text_of(c).split(" "))


def test_the_log_indents_an_entrys_second_line() -> None:
    c = Console(file=io.StringIO(), width=40, color_system=None, force_terminal=False)
    session = build_session(args(), Script([], default=None), c)
    play_until_person(session)
    session._print_log(session.match.current_player)
    lines = text_of(c).splitlines()
    assert any(not line.startswith("•") for line in lines)  # some entry is longer than 40 columns
    assert all(line.startswith(("•", "  ")) and not line.startswith("   ") for line in lines), lines


def test_save_writes_a_record_that_replays_to_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    c = console()
    session = build_session(args(), Script(["1"] * 15 + [f"save {path}"], default=None), c)
    assert session.run() == 0
    assert "Game saved" in text_of(c)
    record = GameRecord.load(path)
    assert [s.bot for s in record.seats] == [None, "random", "random"]
    assert Match.from_record(record).state == session.match.state
    # and --load continues it
    c2 = console()
    loaded = build_session(args(load=str(path), bots=""), Script([], default=None), c2)
    assert loaded.match.state == session.match.state
    assert loaded.run() == 0
    assert f"(actions replayed: {len(record.actions)})" in " ".join(text_of(c2).split())



@pytest.mark.parametrize(("typed", "written"), [("my game.json", "'my game.json'"), ("-odd.json", "./-odd.json"),
                                                ("~/saved.json", "{home}/saved.json")])
def test_the_command_to_continue_a_saved_game_reads_back_as_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                      typed: str, written: str) -> None:
    """The saved message ends with the command that continues the game: a shell must read back the very file (a
    name with a space, one that begins with a dash, one under "~")."""
    import shlex

    from ludotheque.cli.main import parse

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    c = console()
    session = build_session(args(), Script([f"save {typed}"], default=None), c)
    assert session.run() == 0
    command = f"ludo play acquire --load {written.format(home=tmp_path)}"
    assert f"Continue it later with: {command}" in " ".join(text_of(c).split())
    assert f"  {command}" in text_of(c).splitlines()  # on a line of its own, to be copied whole
    loaded = parse(shlex.split(command)[1:]).load
    assert Path(loaded).resolve() == (tmp_path / typed.removeprefix("~/")).resolve()
    assert Match.from_record(GameRecord.load(Path(loaded))).state == session.match.state

def test_undo_restores_the_previous_position() -> None:
    from ludotheque.engine.state import CHANCE

    session = build_session(args(), Script([], default=None), console())
    play_until_person(session)
    seat = session.match.current_player
    while True:  # a decision followed by the person's next one, nothing drawn between (a tile placed, then buying)
        first, mark = session.match.state.to_json(), len(session.match.history)
        session.input_fn = Script(["1"], default=None)
        assert session._person_turn(seat) is True
        play_until_person(session)
        if all(a == seat for a, _ in session.match.history[mark:]) and session.match.current_player == seat:
            break
        assert not any(a == CHANCE for a, _ in session.match.history[mark:mark + 1])
    assert session.match.state.to_json() != first
    session.input_fn = Script(["undo"], default=None)
    assert session._person_turn(seat) is True
    assert session.match.state.to_json() == first
    assert session.match.current_player == seat
    session.input_fn = Script(["undo"], default=None)
    c = session.console
    assert session._person_turn(seat) is False  # the decision before: the first, or one a draw followed
    assert "nothing of yours to undo" in text_of(c) or "something hidden was drawn" in " ".join(text_of(c).split())
    assert session.match.state.to_json() == first
    fresh = build_session(args(), Script([], default=None), console())
    play_until_person(fresh)
    fresh.input_fn = Script(["undo"], default=None)
    assert fresh._person_turn(fresh.match.current_player) is False
    assert "nothing of yours to undo" in text_of(fresh.console)


@pytest.mark.parametrize(("game", "players"), [("acquire", None), ("gracias", 3), ("luxembourg-shopping", 3)])
def test_undo_refused_once_something_hidden_was_drawn_or_shown(game: str, players: int | None) -> None:
    """A tile drawn, dice rolled, a face-down card looked at since the person's previous decision: taking it back
    would let them choose again knowing it (a replayed game draws the same), so undo is refused and nothing
    changes; before that, undo still works."""
    from ludotheque.engine.state import CHANCE

    c = console()
    session = build_session(args(game=game, players=players, bots="random"), Script([], default=None), c)
    play_until_person(session)
    seat = session.match.current_player
    while True:  # the person answers 1 until a draw, or something shown to them alone, follows their decision
        mark = len(session.match.history)
        events = len(session.match.events)
        session.input_fn = Script([], default="1")
        assert session._person_turn(seat)
        play_until_person(session)
        later = session.match.history[mark + 1:]
        if any(a == CHANCE for a, _ in later) or any(e.private_to == seat for e in session.match.events[events:]):
            break
        assert session.match.current_player == seat, "the person decides again before anything hidden"
    before = session.match.state.to_json()
    session.input_fn = Script(["undo"], default=None)
    assert session._person_turn(seat) is False
    assert "something hidden was drawn or shown to you" in " ".join(text_of(c).split())
    assert session.match.state.to_json() == before


def test_undo_refused_when_another_person_played_since() -> None:
    c = console()
    session = build_session(args(players=3, bots="random"), Script([], default=None), c)
    play_until_person(session)
    first = session.match.current_player
    while True:  # people answer 1 until the first person decides again after the other person did
        seat = session.match.current_player
        session.input_fn = Script([""] if session.last_person != seat else [], default="1")
        assert session._person_turn(seat)
        play_until_person(session)
        actors = [a for a, _ in session.match.history]
        if session.match.current_player == first and 1 - first in actors[len(actors) - actors[::-1].index(first):]:
            break
    before = session.match.state.to_json()
    session.input_fn = Script(["", "undo"], default=None)
    assert session._person_turn(first) is False
    assert "Undo is only possible" in text_of(c)
    assert session.match.state.to_json() == before


def test_french() -> None:
    c = console()
    run_play(args(lang="fr"), Script(["aide", "regles"], default=None), c)
    out = text_of(c)
    assert "à vous de jouer" in out and "Vos pions" in out and "Commandes" in out and "Grand Hôtel" in out
    assert "Your tiles" not in out and "your move" not in out


@pytest.mark.parametrize("bots", ["random,random", "random"])
def test_screens_never_show_another_seats_tiles(bots: str) -> None:
    """With one person, and hot-seat with two: each screen holds no tile of another seat's hand."""
    c = console()
    script = Script([], default="1")
    session = build_session(args(players=3, seed=11, bots=bots), script, c)
    checked: dict[int, int] = {}

    def check(prompt: str) -> None:
        screen = text_of(c)
        c.file = io.StringIO()
        m = session.match
        if prompt != "> ":  # the hot-seat hand-over: no screen is shown
            assert "Acquire — seed" not in screen
            return
        if m.is_over():  # the last look at a finished game: nothing is secret any more
            return
        seat = m.current_player
        for other in range(m.players):
            if other != seat:
                for tile in m.state.observation(other)["hand"]:
                    assert not re.search(rf"(?<![0-9]){tile}(?![0-9A-Za-z])", screen), (seat, tile, screen)
        checked[seat] = checked.get(seat, 0) + 1

    script.hook = check
    session.run()
    assert checked[0] > 30
    assert set(checked) == set(session.people)
    assert all(t in TILE_NAMES for t in session.match.state.observation(0)["hand"])


@pytest.mark.parametrize("bots", ["random,random,random,random,random,random,random"])
def test_too_many_bots_is_refused(bots: str) -> None:
    from ludotheque.engine.errors import OptionError

    with pytest.raises(OptionError):
        build_session(args(players=3, bots=bots), Script([]), console())


def test_names_are_printed_as_typed_not_as_markup() -> None:
    c = console()
    run_play(args(names="[bold]Ada"), Script([], default=None), c)
    assert "[bold]Ada, your move" in text_of(c)


def test_save_asks_before_replacing_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("precious")
    c = console()
    session = build_session(args(), Script([f"save {path}", "n", f"save {path}", "yes"], default=None), c)
    play_until_person(session)
    assert session._person_turn(session.match.current_player) is False
    out = text_of(c)
    assert "already exists" in out and "Not saved" in out and "Game saved" in out
    assert GameRecord.load(path).game == "acquire"


def test_save_to_a_file_that_exists_and_stop_at_eof_keeps_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("precious")
    session = build_session(args(), Script([f"save {path}"], default=None), console())
    play_until_person(session)
    session._person_turn(session.match.current_player)
    assert path.read_text() == "precious"


def test_more_names_than_people_is_refused() -> None:
    from ludotheque.engine.errors import OptionError

    with pytest.raises(OptionError, match=r"more names \(2\) than people's seats \(1\)"):
        build_session(args(names="Ada,Bob"), Script([]), console())
    s = build_session(args(players=3, bots="random", names="Ada,Bob"), Script([]), console())
    assert [seat.name for seat in s.match.seats][:2] == ["Ada", "Bob"]


def test_load_takes_the_game_from_the_record(tmp_path: Path) -> None:
    from ludotheque.engine.errors import OptionError

    path = tmp_path / "game.json"
    session = build_session(args(), Script([]), console())
    play_until_person(session)
    session.match.to_record().save(path)
    loaded = build_session(args(game=None, load=str(path), bots="", seed=None), Script([]), console())
    assert loaded.match.state == session.match.state
    with pytest.raises(OptionError, match="is a game of Acquire, not Gracias"):
        build_session(args(game="gracias", load=str(path)), Script([]), console())
    with pytest.raises(OptionError, match="which game"):
        build_session(args(game=None), Script([]), console())
    c = console()
    fr = build_session(args(game=None, load=str(path), lang="fr", players=3, seed=3), Script([]), c)  # as saved
    assert "--players, --bots, --seed sont ignorés" in " ".join(fr.notices)


def test_the_seed_is_shown_only_at_the_end() -> None:
    c = console()
    script = Script([], default="1")
    seen: list[str] = []

    session = build_session(args(seed=987654), script, c)

    def check(prompt: str) -> None:
        if not session.match.is_over():
            seen.append(text_of(c))

    script.hook = check
    session.run()
    assert seen and all("987654" not in screen for screen in seen)
    assert "Seed 987654" in text_of(c).split("Final ranking")[1]


def test_bots_list_may_start_with_a_person() -> None:
    from ludotheque.cli.main import _join_dash_values as join
    from ludotheque.cli.main import build_parser, main

    parsed = build_parser().parse_args(join(["play", "acquire", "--bots", "-,random"]))
    assert parsed.bots == "-,random"
    parsed = build_parser().parse_args(["play", "acquire", "--bots=-,random"])
    assert parsed.bots == "-,random"
    s = build_session(args(bots="person,random"), Script([]), console())
    assert [seat.bot for seat in s.match.seats] == [None, "random"]
    assert main(["play", "--bots", "-,random"]) == 2  # no game and no --load: refused, not a crash


def finished(session: PlaySession, end: list[str]) -> Callable[[str], str]:
    """Answers "1" while the game goes on, then ``end`` one by one at the last look (then the end of input)."""
    answers = iter(end)

    def answer(prompt: str) -> str:
        if not session.match.is_over():
            return "1"
        text = next(answers, None)
        if text is None:
            raise EOFError
        return text

    return answer


def test_a_finished_game_can_be_saved_and_its_log_read(tmp_path: Path) -> None:
    path = tmp_path / "finished.json"
    c = console()
    session = build_session(args(), Script([]), c)
    session.input_fn = finished(session, ["log", "sauce", f"save {path}", ""])
    assert session.run() == 0
    after = text_of(c).split("Final ranking")[1]
    assert "Type save FILE to keep this game, log to read it all, or Enter to leave." in after
    log = after.split("The game so far")[1]
    assert "Turn 1: " in log and "Final fortunes" in log  # the whole game, from its first turn
    assert "“sauce”: the game is over; type save FILE, log, or press Enter to leave." in after
    assert f"Game saved to {path}. Replay it with: ludo replay {path} --log" in " ".join(after.split())
    record = GameRecord.load(path)
    assert record.result is not None and Match.from_record(record).state == session.match.state


@pytest.mark.parametrize("terminal", [True, False])
def test_after_the_end_mistakes_leave_a_piped_game_with_a_word_and_never_a_persons(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, terminal: bool) -> None:
    """A person at a terminal who mistypes three times after the end can still save; a script that kept typing
    moves past the end stops after three, saying why, instead of leaving without a word."""
    monkeypatch.setattr("sys.stdin.isatty", lambda: terminal)
    path = tmp_path / "late.json"
    c = console()
    session = build_session(args(), Script([]), c)
    session.input_fn = finished(session, ["1", "2", "3", f"save {path}", ""])
    assert session.run() == 0
    after = " ".join(text_of(c).split("Final ranking")[1].split())
    assert after.count("the game is over; type save FILE") == 3
    leaving = "Leaving: 3 answers in a row were none of save FILE, log or Enter, and the input is not a terminal."
    assert (leaving in after) is not terminal
    assert path.exists() is terminal


def test_a_finished_game_ends_at_the_end_of_input_in_french(tmp_path: Path) -> None:
    c = console()
    session = build_session(args(lang="fr"), Script([]), c)
    session.input_fn = finished(session, ["journal", f"sauver {tmp_path / 'fin.json'}"])  # then EOF: leave
    assert session.run() == 0
    after = text_of(c).split("Classement final")[1]
    assert "Tapez sauver FICHIER pour la garder" in after and "La partie jusqu'ici" in after
    assert "Partie enregistrée dans" in after and (tmp_path / "fin.json").exists()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_actions_are_shown_in_the_players_words_and_read_back(lang: str) -> None:
    """Every legal action of random games (card variant: cards and exchanges; mergers: disposals) is shown in
    the player's words, which the position reads back as the same action; French shows no English verb."""
    from ludotheque.cli.render import get_renderer
    from ludotheque.engine import get_game

    game = get_game("acquire")
    renderer = get_renderer(game)
    english = {"pass", "stop", "found", "survivor", "absorb", "sell", "trade", "keep", "buy", "done", "announce",
               "card", "exchange", "draw", "for"}
    kinds: set[str] = set()
    for seed in range(3):
        match = Match(game, 3, {"cards": True}, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            if match.current_player < 0:
                match.draw_chance()
                continue
            legal = match.legal_actions()
            for action in legal:
                shown = renderer.action_words(action.text(), lang)
                assert match.state.parse_action(shown) == action, (action.text(), shown)
                if lang == "fr":
                    assert not english & set(shown.split()), shown
                kinds.add(type(action).__name__)
            match.apply(rng.choice(legal))
    assert {"PlaceTile", "Found", "Buy", "Done", "Dispose", "PlayCard", "Exchange"} <= kinds


def test_the_french_screen_lists_french_actions() -> None:
    c = console()
    session = build_session(args(lang="fr", players=3, bots="heuristic,heuristic"), Script([]), c)
    session.input_fn = finished(session, [])
    session.run()
    out = text_of(c)
    assert re.search(r"\d+ {2}acheter \w+ +une action pour \d+", out)  # (the label does not repeat the words)
    assert re.search(r"\d+ {2}terminer +ne plus rien acheter", out)
    assert "6\u00a0000" in out  # numbers as French writes them
    assert not re.search(r"\d+ {2}(buy|done) ", out)


def test_refusals_say_the_players_own_choices_in_their_words() -> None:
    c = console()
    session = build_session(args(lang="fr"), Script(["acheter Luxor", "tirer 5C", "zz top"], default=None), c)
    play_until_person(session)
    assert session._person_turn(session.match.current_player) is False
    out = " ".join(text_of(c).split())
    assert "Interdit : « acheter Luxor » n'est pas possible maintenant (étape : poser un pion) ; actions possibles :" \
        in out
    allowed = re.findall(r"actions possibles : ([^\n]*?)(?: Interdit| Je ne|$)", out)
    assert len(allowed) == 2 and not any("tirer" in a or "draw" in a for a in allowed)  # never a chance event
    assert "Je ne comprends pas : « zz top » n'est pas une action ; écrivez un pion (5C), passer" in out
    assert out.count("zz top") == 1  # said once, not repeated
    assert "tirer PION" not in out and not any("hasard" in a for a in allowed)  # (a bot may play « au hasard »)


@pytest.mark.parametrize(("given", "lang", "message"), [
    ({"game": "acquir"}, "fr", "aucun jeu nommé «\u00a0acquir\u00a0»\u00a0; les jeux sont"),
    ({"option": ["cards=maybe"]}, "fr", "--option cards=maybe\u00a0: la valeur doit être oui ou non (vrai ou faux)"),
    ({"option": ["colour=red"]}, "fr",
     "--option colour\u00a0: Grand Hôtel n'a pas cette option\u00a0; ses options sont"),
    ({"option": ["cards"]}, "fr", "--option cards\u00a0: écrivez nom=valeur"),
    ({"bots": "randm"}, "fr",
     "--bots\u00a0: aucun bot nommé «\u00a0randm\u00a0» pour Grand Hôtel\u00a0; les bots sont easy, expert, hard, "
     "heuristic, mcts, medium et random"),
    ({"bots": "randm"}, "en", "--bots: no bot named “randm” for Acquire; the bots are easy, expert, hard, heuristic, "
     "mcts, medium and random"),
])
def test_command_line_mistakes_are_refused_in_the_players_language(given: dict[str, object], lang: str,
                                                                    message: str) -> None:
    from ludotheque.engine.errors import OptionError

    with pytest.raises(OptionError) as refused:
        run_play(args(lang=lang, **given), Script([]), console())
    assert message in str(refused.value)


@pytest.mark.parametrize(("lang", "command", "said"), [
    ("en", "log", "earlier events not shown here (save FILE, then ludo replay FILE --log, shows every one)"),
    ("fr", "journal", "événements plus anciens non affichés ici (sauver FICHIER, puis ludo replay FICHIER --log, "
     "les montre tous)"),
])
def test_a_long_log_says_where_the_rest_is(monkeypatch: pytest.MonkeyPatch, lang: str, command: str,
                                           said: str) -> None:
    """``log`` shows the last lines of a long game; what it leaves out is not in ``log`` itself, so it says where."""
    monkeypatch.setattr("ludotheque.cli.play.MAX_LOG_LINES", 5)
    c = console()
    session = build_session(args(lang=lang), Script([]), c)
    session.input_fn = finished(session, [command, ""])
    assert session.run() == 0
    log = " ".join(text_of(c).split("The game so far" if lang == "en" else "La partie jusqu'ici")[-1].split())
    assert said in log and "“log” shows them all" not in log and "«\u00a0journal\u00a0» les montre tous" not in log
    assert log.count("• ") == 5, log  # the last five lines, after what is not shown
