"""What every game's position reader checks first: a JSON object for this game, no unknown field, a player count,
and options the game accepts (a game's ``state_from_json`` then reads the rest)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from .errors import OptionError, Reason, StateFormatError, as_json
from .options import OptionValue
from .state import CHANCE, State


def read_header(data: Any, names: Collection[str], title: str, fields: Collection[str],
                resolve: Callable[[int, Any], dict[str, OptionValue]]) -> tuple[dict[str, Any], int,
                                                                                 dict[str, OptionValue]]:
    """``data`` checked as a position of the game called ``names`` (its ``game`` field may be left out): the data,
    the player count and the resolved options; anything else is a ``StateFormatError`` saying what is allowed, with
    its reason (``engine/locale``: ``error.position.*``)."""
    first = next(iter(names))
    if not isinstance(data, dict) or data.get("game", first) not in names:
        raise StateFormatError(f"a position of {title} is a JSON object with \"game\": \"{first}\"",
                               Reason("position.game", {"game": title, "name": first}))
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise StateFormatError(f"unknown position field {unknown[0]!r}; the fields are: {', '.join(sorted(fields))}",
                               Reason("position.unknown_field", {"field": as_json(unknown[0]),
                                                                 "fields": ", ".join(sorted(fields))}))
    n = data.get("players")
    if not isinstance(n, int) or isinstance(n, bool):
        raise StateFormatError(f"'players' = {n!r}: a position must say how many players there are",
                               Reason("position.players", {"value": as_json(n)}))
    try:
        options = resolve(n, data.get("options", {}))
    except OptionError as e:
        raise StateFormatError(str(e), Reason("position.options", {"detail": e.reason or str(e)})) from None
    return data, n, options


def check_playable(state: State) -> None:
    """A position read from JSON is one the game can go on from: its invariants hold, a seat to move has a move, and
    a chance event due has outcomes; else a ``StateFormatError`` saying which."""
    try:
        state.check_invariants()
    except AssertionError as e:
        raise StateFormatError(f"the position is not one the game can reach: {e}",
                               Reason("position.unreachable", {"detail": str(e)})) from None
    actor = state.current_player
    if actor >= 0 and not state.legal_actions():
        raise StateFormatError(f"seat {actor} is to act but has no legal action",
                               Reason("position.no_legal_action", {"seat": actor}))
    if actor == CHANCE and not state.chance_outcomes():
        raise StateFormatError("a chance event is due but nothing can be drawn", Reason("position.nothing_to_draw"))
