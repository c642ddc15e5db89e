"""The search bot (IS-MCTS) through the State contract alone: it never looks at what its seat cannot see, it is
deterministic for a seed and an iteration budget, it keeps to its time, and it plays every game to the end."""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from typing import Any

import pytest

from ludotheque.bots import check_bot, make_bot
from ludotheque.bots.search import LOGS, Search, SearchBot
from ludotheque.engine import get_game
from ludotheque.engine.bots import SeatView
from ludotheque.engine.driver import play_out
from ludotheque.engine.errors import OptionError
from ludotheque.engine.game import all_games
from ludotheque.engine.state import CHANCE, TERMINAL, Action, State


def position(game: str, players: int, seed: int, decisions: int) -> State:
    """A position of a random game where a seat has a real choice, after ``decisions`` seat moves or more."""
    state = get_game(game).new_game(players)
    rng = random.Random(seed)
    made = 0
    while True:
        p = state.current_player
        assert p != TERMINAL
        if p == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if made >= decisions and len(legal) > 1:
            return state
        state.apply_legal(rng.choice(legal))
        made += 1


def think(state: State, seed: int, iterations: int, game_name: str, paired: bool = False) -> Search:
    seat = state.current_player
    game = get_game(game_name)
    search = Search(SeatView(state, seat, state.legal_actions()), random.Random(seed), game.search_hooks(),
                    max_actions=game.info.max_actions, paired=paired)
    search.run(iterations)
    return search


@pytest.mark.parametrize("paired", [False, True])
@pytest.mark.parametrize(("game", "players", "decisions"), [("acquire", 4, 30), ("gracias", 4, 10),
                                                            ("gracias", 5, 25), ("hidden-dice", 3, 2)])
def test_search_does_not_depend_on_what_its_seat_cannot_see(game: str, players: int, decisions: int,
                                                            paired: bool) -> None:
    """Two states the seat cannot tell apart (the same view, other hidden cards or tiles) give the same thinking,
    move by move and figure by figure."""
    state = position(game, players, 11, decisions)
    seat = state.current_player
    other = state.resample(seat, random.Random(99))
    assert other.observation(seat) == state.observation(seat)
    assert other.to_json() != state.to_json(), "the other deal must differ in what the seat cannot see"
    first, second = think(state, 5, 300, game, paired), think(other, 5, 300, game, paired)
    assert first.estimates() == second.estimates()
    assert first.estimates(), "the search tried moves"


@pytest.mark.parametrize("paired", [False, True])
@pytest.mark.parametrize("game", ["acquire", "gracias", "luxembourg-shopping", "a-vendre"])
def test_search_is_deterministic_for_a_seed_and_an_iteration_budget(game: str, paired: bool) -> None:
    state = position(game, 4, 3, 12)
    a, b, c = (think(state, 1, 200, game, paired), think(state.clone(), 1, 200, game, paired),
               think(state, 2, 200, game, paired))
    assert a.estimates() == b.estimates()
    assert a.iterations == b.iterations == 200
    assert sum(e.visits for e in a.estimates()) == 200
    assert [e.visits for e in a.estimates()] != [e.visits for e in c.estimates()] or \
        [e.win for e in a.estimates()] != [e.win for e in c.estimates()], "another seed thinks otherwise"


class RecordingView(SeatView):
    """A seat's view that keeps every determinization it deals, and the state of the generator after it."""

    __slots__ = ("dealt",)

    def __init__(self, state: State, seat: int, legal: list[Action]) -> None:
        super().__init__(state, seat, legal)
        self.dealt: list[tuple[dict[str, Any], object]] = []

    def sample_state(self, rng: random.Random) -> State:
        state = super().sample_state(rng)
        self.dealt.append((state.to_json(), rng.getstate()))
        return state


def test_paired_search_gives_every_root_move_the_same_luck_on_its_kth_try() -> None:
    """Common random numbers: the k-th try of each of the seat's moves is played on the same determinization, with
    the chance stream in the same place after it (so the same dice follow); different tries get different ones."""
    state = position("hidden-dice", 3, 5, 0)  # a die of 4: both moves are worth trying
    seat = state.current_player
    view = RecordingView(state, seat, state.legal_actions())
    search = Search(view, random.Random(3), paired=True)
    tries: dict[Action, list[tuple[dict[str, Any], object]]] = {}
    for _ in range(60):
        before = {a: n.visits for a, n in search.root.children.items()}
        search.run(1)
        tried = [a for a, n in search.root.children.items() if n.visits != before.get(a, 0)]
        assert len(tried) == 1, "one root move a try"
        tries.setdefault(tried[0], []).append(view.dealt[-1])
    assert len(tries) == 2 and all(len(t) >= 10 for t in tries.values())
    first, second = tries.values()
    assert first[:len(second)] == second[:len(first)], "the k-th tries of both moves met the same luck"
    assert len({str(deal) for deal, _ in first}) > 1, "the tries' deals differ from one try to the next"
    unpaired = RecordingView(state, seat, state.legal_actions())
    Search(unpaired, random.Random(3)).run(60)
    assert len({str(s) for _, s in unpaired.dealt}) == 60, "unpaired, every iteration has luck of its own"


def test_paired_search_draws_every_chance_event_with_the_tries_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the root, dice are drawn from the try's own stream, never from the search's generator (which the
    tree's and the rollouts' choices use)."""
    state = position("hidden-dice", 3, 5, 0)
    search = Search(SeatView(state, state.current_player, state.legal_actions()), random.Random(3), paired=True)
    used: list[random.Random] = []
    play_chance = type(state).play_chance

    def recorded(self: State, rng: random.Random) -> None:
        used.append(rng)
        play_chance(self, rng)

    monkeypatch.setattr(type(state), "play_chance", recorded)
    search.run(60)
    assert used and all(rng is not search.rng for rng in used)


@pytest.mark.parametrize("die", [1, 6])
def test_paired_and_unpaired_search_agree_on_a_clear_choice(die: int) -> None:
    """With a 1 the seat rolls again, with a 6 it keeps; both ways of searching see it, with like chances."""
    state = position("hidden-dice", 3, 5, 0)
    state.dice[state.current_player] = die  # type: ignore[attr-defined]
    best = "again" if die == 1 else "keep"
    wins = []
    for paired in (False, True):
        search = Search(SeatView(state, state.current_player, state.legal_actions()), random.Random(1),
                        get_game("hidden-dice").search_hooks(), paired=paired)
        search.run(600)
        assert search.estimates()[0].action.text() == best
        wins.append(next(e.win for e in search.estimates() if e.action.text() == best))
    assert abs(wins[0] - wins[1]) < 0.1, wins


def test_search_keeps_to_its_time_and_to_the_tables_deadline() -> None:
    state = position("acquire", 4, 5, 20)
    seat = state.current_player
    bot = SearchBot(seat, random.Random(0), game=get_game("acquire"), seconds=0.1)
    started = time.perf_counter()
    bot.choose(SeatView(state, seat, state.legal_actions()))
    assert time.perf_counter() - started < 2.0  # a tenth of a second asked; generous for a busy machine
    assert bot.last is not None and bot.last.iterations >= 1
    late = SearchBot(seat, random.Random(0), game=get_game("acquire"), iterations=100_000)
    view = SeatView(state, seat, state.legal_actions(), deadline=time.monotonic() - 1)
    action = late.choose(view)
    assert action in view.legal_actions
    assert late.last is not None and late.last.iterations < 100, "past its deadline it answers at once"


@pytest.mark.parametrize("game", sorted(g.info.name for g in all_games()))
def test_search_plays_every_game_to_the_end(game: str) -> None:
    g = get_game(game)
    players = max(3, g.info.min_players)
    budget = 3 if game == "stack-market" else 12
    state = g.new_game(players)
    bots = [make_bot(f"mcts:iterations={budget}", game, 0, random.Random(0))] + \
        [make_bot("random", game, s, random.Random(s)) for s in range(1, players)]
    actions = play_out(state, bots, random.Random(4), max_actions=g.info.max_actions)
    assert state.is_terminal() and actions <= g.info.max_actions


def test_bot_specs_take_parameters_and_refuse_wrong_ones() -> None:
    bot = make_bot("mcts:iterations=25:exploration=1.2", "gracias", 1, random.Random(0))
    assert isinstance(bot, SearchBot) and bot.iterations == 25 and bot.exploration == 1.2 and bot.seconds is None
    expert = make_bot("Expert:seconds=0.2", "gracias", 0, random.Random(0))
    assert isinstance(expert, SearchBot) and expert.seconds == 0.2
    easy = make_bot("easy", "gracias", 0, random.Random(0))
    assert isinstance(easy, SearchBot) and easy.temperature == 1.0 and easy.iterations == 40
    paired = make_bot("mcts:paired=true", "gracias", 0, random.Random(0))
    assert isinstance(paired, SearchBot) and paired.paired and not easy.paired
    by_default = make_bot("mcts", "luxembourg-shopping", 0, random.Random(0))  # the game's SearchHooks.paired
    unpaired = make_bot("expert:paired=false", "luxembourg-shopping", 0, random.Random(0))
    assert isinstance(by_default, SearchBot) and by_default.paired
    assert isinstance(unpaired, SearchBot) and not unpaired.paired
    assert check_bot(" hard:iterations=10 ", "acquire") == "hard:iterations=10"
    for spec, message in [("mcts:depth=3", "no parameter “depth”; it takes iterations, seconds"),
                          ("mcts:iterations=many", "iterations must be a whole number, not “many”"),
                          ("mcts:iterations=0", "iterations must be above 0"),
                          ("mcts:seconds=-1", "seconds must be above 0"),
                          ("mcts:iterations", "parameters are written name:key=value"),
                          ("heuristic:iterations=5", "it takes none"),
                          ("wizard", "no bot named “wizard” for gracias; the bots are: easy, expert"),
                          ("mcts:exploration=nan", "exploration must be a finite number, not “nan”"),
                          ("expert:seconds=inf", "seconds must be a finite number, not “inf”"),
                          ("mcts:temperature=-inf", "temperature must be a finite number"),
                          ("mcts:trust=NaN", "trust must be a finite number"),
                          ("mcts:iterations=50:Iterations=60", "iterations is given twice"),
                          ("mcts:paired=maybe", "paired must be true or false \\(yes or no\\), not “maybe”")]:
        with pytest.raises(OptionError, match=message):
            make_bot(spec, "gracias", 0, random.Random(0))
    for word, value in (("yes", True), ("oui", True), ("ON", True), ("no", False), ("faux", False), ("0", False)):
        bot = make_bot(f"mcts:paired={word}", "gracias", 0, random.Random(0))  # the words game options take
        assert isinstance(bot, SearchBot) and bot.paired is value


@pytest.mark.parametrize(("spec", "english", "french"), [
    ("mcts:iterations=abc", "bot “mcts:iterations=abc”: iterations must be a whole number, not “abc”",
     "bot «\u00a0mcts:iterations=abc\u00a0»\u00a0: iterations doit être un nombre entier, pas «\u00a0abc\u00a0»"),
    ("mcts:depth=3", "bot “mcts:depth=3”: mcts has no parameter “depth”; it takes iterations, seconds",
     "bot «\u00a0mcts:depth=3\u00a0»\u00a0: mcts n'a pas de paramètre «\u00a0depth\u00a0»\u00a0; "
     "il prend iterations, seconds"),
    ("heuristic:depth=3", "heuristic has no parameter “depth”; it takes none",
     "bot «\u00a0heuristic:depth=3\u00a0»\u00a0: heuristic ne prend aucun paramètre"),
    ("expert:seconds=0", "seconds must be above 0, not “0”", "seconds doit être plus grand que 0, pas «\u00a00\u00a0»"),
    ("mcts:exploration=-1", "exploration must be 0 or more, not “-1”",
     "exploration doit valoir 0 ou plus, pas «\u00a0-1\u00a0»"),
    ("mcts:seconds=nan", "seconds must be a finite number, not “nan”",
     "seconds doit être un nombre fini, pas «\u00a0nan\u00a0»"),
    ("medium:model=peut-être", "model must be true or false (yes or no), not “peut-être”",
     "model doit être oui ou non (vrai ou faux), pas «\u00a0peut-être\u00a0»"),
    ("hard:iterations", "parameters are written name:key=value, and “iterations” is not",
     "les paramètres s'écrivent nom:clé=valeur, et «\u00a0iterations\u00a0» ne l'est pas"),
    ("mcts:seconds=1:seconds=2", "seconds is given twice", "seconds est donné deux fois"),
])
def test_a_refused_bot_spec_says_why_in_the_players_language(spec: str, english: str, french: str) -> None:
    for lang, text in (("en", english), ("fr", french)):
        with pytest.raises(OptionError) as refused:
            check_bot(spec, "gracias", lang)
        assert text in str(refused.value), (lang, str(refused.value))
        assert refused.value.reason is not None


def test_a_bot_from_another_package_plays_in_worker_processes() -> None:
    from ludotheque.sim.simulator import SimConfig, simulate

    with pytest.raises(OptionError, match="no bot named “first-legal” for acquire"):
        check_bot("first-legal", "acquire")
    config = SimConfig("gracias", 3, ("first-legal:skip=1", "random", "mcts:iterations=5"), games=6, seed=2)
    one, two = simulate(config, jobs=1), simulate(config, jobs=2)
    assert one.to_json() | {"thinking": None} == two.to_json() | {"thinking": None}
    assert one.bots["first-legal:skip=1"].seats == 6


def test_in_a_worker_thread_search_leaves_the_collector_on() -> None:
    """A server's bots think in worker threads while its other threads make garbage: the collector stays on."""
    search = think(position("gracias", 4, 2, 6), 1, 1, "gracias")
    seen: list[bool] = []
    search.iterate = lambda *_: seen.append(gc.isenabled())  # type: ignore[method-assign]
    worker = threading.Thread(target=search.run, args=(5,))
    worker.start()
    worker.join()
    assert seen == [True] * 5 and gc.isenabled()


@pytest.mark.parametrize("collecting", [True, False])
def test_search_leaves_the_garbage_collector_as_it_found_it(collecting: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a process's main thread, search switches the cyclic collector off while it grows its tree, and back on
    after, even when it fails; one that was off stays off."""
    state = position("gracias", 4, 2, 6)
    try:
        if not collecting:
            gc.disable()
        search = think(state, 1, 50, "gracias")
        assert search.iterations == 50 and gc.isenabled() is collecting

        def fails(*_: Any) -> None:
            assert not gc.isenabled()
            raise RuntimeError("a game's hook failed")

        monkeypatch.setattr(search, "iterate", fails)
        with pytest.raises(RuntimeError):
            search.run(10)
        assert gc.isenabled() is collecting
    finally:
        gc.enable()


def test_the_table_of_logarithms_grows_with_the_search() -> None:
    """UCB reads log(availability) from ``LOGS``, which must reach past the most iterations a node has been through."""
    search = think(position("gracias", 3, 4, 5), 2, 3000, "gracias")
    assert len(LOGS) > search.root.visits + 1
    assert all(LOGS[k] == math.log(k) for k in (1, 2, 17, search.root.visits))
