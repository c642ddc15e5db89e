"""What the games' tests of a malformed position check of every refusal: its reason (``position.<what>``), said by
the game's catalogue in French and in English, with no key or field left unsaid, no English left in the French
(the file's own words aside: JSON field names in « », values as the file writes them) and French spacing."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ludotheque.engine.errors import StateFormatError
from ludotheque.engine.game import Game

QUOTED = re.compile(r"«\u00a0[^»]*\u00a0»|\"[^\"]*\"")
"""The file's own words in a French text: a JSON field name in « », a value as the file writes it."""


def refusal(game: Game, data: Any, english: re.Pattern[str], match: str | None = None
            ) -> tuple[StateFormatError, str, str]:
    """``game``'s refusal of the position ``data`` (its English message matching ``match``, if given), and its
    reason said in French and in English by the game's catalogue; the French holds none of the ``english`` words
    (each game's own list: the words its English texts use)."""
    with pytest.raises(StateFormatError, match=match) as caught:
        game.state_from_json(data)
    error = caught.value
    assert error.reason is not None and error.reason.key.startswith("position."), error
    fr, en = game.catalog.reason("fr", error.reason), game.catalog.reason("en", error.reason)
    assert fr is not None and en is not None, error.reason
    assert "position." not in fr + en and "{" not in fr + en and fr != en, (fr, en)
    assert not english.search(QUOTED.sub("", fr)), f"English words in {fr!r}"
    assert not re.search(r" [:;!?»]|« ", fr), f"French puts a no-break space before : ; ! ? » and after «: {fr!r}"
    assert "«" not in en and "\u00a0" not in en, en
    return error, fr, en
