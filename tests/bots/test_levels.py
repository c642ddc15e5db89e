"""Levels: named budgets of the search bot, listed by ``ludo games`` in both languages, chosen like any bot."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from ludotheque.bots import LEVELS, bot_names, level_names, make_bot
from ludotheque.bots.search import Search, SearchBot, choose_from
from ludotheque.cli.main import main
from ludotheque.engine import get_game
from ludotheque.engine.bots import SeatView
from ludotheque.engine.game import all_games
from tests.bots.test_search import position


def test_every_game_has_the_four_levels_weakest_first() -> None:
    assert level_names() == ["easy", "medium", "hard", "expert"]
    for g in all_games():
        assert set(LEVELS) <= set(bot_names(g.info.name))
        for level in LEVELS:
            bot = make_bot(level, g.info.name, 0, random.Random(0))
            assert isinstance(bot, SearchBot)
            assert bot.hooks is g.search_hooks()
    budgets = [LEVELS[name].get("iterations", 10**9) for name in ("easy", "medium", "hard")]
    assert budgets == sorted(budgets) and "seconds" in LEVELS["expert"]


def test_ludo_games_lists_the_levels_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    levels = listed[0]["levels"]
    assert [lv["name"] for lv in levels] == ["easy", "medium", "hard", "expert"]
    assert levels[1]["title_fr"] == "moyen" and levels[1]["parameters"] == {"iterations": 400, "model": False}
    assert main(["--lang", "fr", "games"]) == 0
    out = capsys.readouterr().out
    assert "Niveaux" in out and "difficile" in out and "mcts:iterations=400:model=false" in "".join(out.split())


def test_at_80_columns_a_levels_spec_is_shown_whole(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A spec is typed as it is shown: on an 80-column terminal each level's stays on one line (it was cut as
    ``seconds=0.`` / ``3``)."""
    monkeypatch.setenv("COLUMNS", "80")
    for lang in ("en", "fr"):
        assert main(["--lang", lang, "games", "acquire"]) == 0
        lines = capsys.readouterr().out.splitlines()
        for budget in LEVELS.values():
            spec = "= " + ":".join(["mcts", *(f"{k}={str(v).lower()}" for k, v in budget.items())])
            assert any(line.strip() == spec for line in lines), (lang, spec, lines[-9:])


def test_easy_blunders_now_and_then_where_the_others_keep_to_the_most_tried_move() -> None:
    """``easy`` draws its move in proportion to how much its search tried each (temperature 1); the other levels
    play the most tried one."""
    state = position("gracias", 4, 2, 6)
    search = Search(SeatView(state, state.current_player, state.legal_actions()), random.Random(3))
    search.run(200)
    estimates = search.estimates()
    assert len(estimates) >= 3
    view = SeatView(state, state.current_player, state.legal_actions())
    rng = random.Random(0)
    easy = Counter(choose_from(estimates, view, rng, 1.0) for _ in range(2000))
    assert {choose_from(estimates, view, rng, 0.0) for _ in range(50)} == {estimates[0].action}
    assert set(easy) == {e.action for e in estimates}
    for e in estimates:  # in proportion to the tries, within sampling noise
        assert abs(easy[e.action] / 2000 - e.visits / 200) < 0.05
    assert LEVELS["easy"]["temperature"] == 1.0 and all("temperature" not in LEVELS[k] for k in LEVELS if k != "easy")


def test_a_level_keeps_to_a_budget_given_in_its_spec() -> None:
    bot = make_bot("expert:iterations=30:seconds=5", "acquire", 1, random.Random(0))
    assert isinstance(bot, SearchBot) and bot.iterations == 30 and bot.seconds == 5.0
    state = position("acquire", 4, 3, 20)
    view = SeatView(state, state.current_player, state.legal_actions())
    bot.seat = view.seat
    assert bot.choose(view) in view.legal_actions
    assert bot.last is not None and bot.last.iterations == 30
    assert get_game("acquire").info.max_actions == bot.max_actions


def test_a_bots_title_is_its_level_in_the_players_language() -> None:
    from ludotheque.bots.levels import bot_title

    assert [bot_title(spec, "fr") for spec in ("easy", "Medium", "hard:iterations=9", "heuristic", "mcts:seconds=1")] \
        == ["facile", "moyen", "difficile", "heuristique", "mcts"]
    assert bot_title("easy", "en") == "easy" and bot_title("random", "en") == "random"
    assert bot_title("random:x=1", "fr") == "au hasard" and bot_title("someone-elses-bot", "fr") == "someone-elses-bot"
    # the terminal's default seat names say it too
    from ludotheque.cli.start import default_name

    names = [default_name(1, "heuristic", "fr"), default_name(2, "random", "en"), default_name(3, "hard:x=9", "fr")]
    assert names == ["Bot 1 (heuristique)", "Bot 2 (random)", "Bot 3 (difficile)"]
