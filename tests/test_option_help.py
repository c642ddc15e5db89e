"""Every shipped game's options and seat settings have help a player can read next to the table setup's dropdown,
in both languages (``tests/option_help.py`` says what that means; each game's own test pins its texts)."""

from __future__ import annotations

import pytest

from ludotheque.engine.game import all_games
from ludotheque.engine.i18n import LANGUAGES
from tests.option_help import problems

OPTIONS = [(g.info.name, o) for g in all_games() if type(g).__module__.startswith("ludotheque.")
           for o in (*g.info.options, *g.info.seat_options)]


@pytest.mark.parametrize(("game", "option"), OPTIONS, ids=[f"{g}:{o.name}" for g, o in OPTIONS])
def test_an_options_help_names_the_choices_as_the_dropdown_does(game: str, option: object) -> None:
    for lang in LANGUAGES:
        assert not problems(option, lang), (game, lang, problems(option, lang))  # type: ignore[arg-type]
