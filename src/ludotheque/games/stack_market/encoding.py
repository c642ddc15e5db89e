"""Stack Market for learning: every move as an integer, and a seat's view as a vector (``ludotheque.learn.encoding``).

Actions, 427 indices (the same for every option and player count)
===================================================================
=======  =====  ===============================================================================================
indices  count  action
=======  =====  ===============================================================================================
0–3          4  ``invest A`` … ``invest D``
4            1  ``stay``
5–8          4  ``stacker SEAT``, seats 0–3
9–83        75  ``aim X Y TURN`` on the standard grid ``state.AIM_GRID`` that ``legal_actions`` lists: 9 + 15 × i +
                3 × j + k for X = (−3000, −1500, 0, 1500, 3000)[i] µm, Y likewise [j], TURN = (−1500, 0, 1500)[k]
84–426     343  ``stack …``, relative to the position: 84 + the order's rank among the position's choices,
                ``stacking.stacking_choices(top, hand)`` (sorted as ``legal_actions`` lists them)
=======  =====  ===============================================================================================

Moves are continuous and the encoding covers the finite, standard sample ``legal_actions`` lists: an aim off the
grid (any aim within half a die is legal, and people type them) and a stacking order that is legal but not the one
listed for its outcome (another order of the same dice ending on the same number) have no index, and ``encode``
raises ``ActionEncodingError`` for them. The environment still plays them for the built-in bots (``env.step`` takes
a game ``Action`` too).

343 stacking slots are enough for every position: a turn rolls as many dice as the building is high, at most what
the reserve holds, and both share the game's 60 dice, so a hand has at most 30; no hand of at most 30 dice, on any
top, offers more than 343 choices ((30 // 5 + 1) ** 3, reached with 29 or 30 dice: every hand was tried;
``tests/learn`` tries every hand of up to 10).

Observation, for n players (3 or 4): 48 + 70 n + 2 n² numbers (276 at 3 players, 360 at 4)
===========================================================================================
In order: seat (one-hot n); who moves (n seats, chance, over); phase (10, ``state.PHASE_NAMES``); round / rounds,
rounds / 3; the turn's player (n), the first player (n); what dice are rolled for (setup, turn, rebuild, reset), dice
left to roll / 30; the dice in hand, count of each number / 10; the dice to stack: how many / 30, the next one's
number (5), count of each number / 10; dice stacked this turn / 10; the building played on (n); the aim given: set,
x / 4000, y / 4000, turn / 4500; reserve / 60, removed / 60, dice in the game / 60, record / 60, record holder (n);
per company (A, B … one per player): height / 30, top number (5), count of each number / 30, standing margin set and
margin / 8000 µm, its investors (n bits), then its five top dice, top first, each: there, number (5), offset from the
die below x / 16000, y / 16000 µm, turn / 4500; per player: company invested in (n), steadiness / 8000, cash / 100,000
(shown once the game is over); the takeover: under way, tall company (n), small (n), chooser (n), stacker (n); a tie
being rolled for (tallest, smallest); the seat's own cash / 100,000.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine.state import Action, State
from ...learn.encoding import ActionEncodingError, Features, TableEncoding, Vector, View, index_of, view_observer
from .actions import COMPANY_LETTERS, INVEST, STAY, Stack, Stacker
from .physics import DIE_UM
from .stacking import stacking_choices
from .state import AIM_GRID, PHASE_NAMES, PURPOSES, StackMarketState

STACK_SLOTS = 343
"""The most stacking orders a position offers (a hand of at most 30 dice): (30 // 5 + 1) ** 3."""
TOP_DICE = 5
"""Dice described one by one at the top of each building."""

TABLE: tuple[Action, ...] = (*INVEST, STAY, *(Stacker(s) for s in range(4)), *AIM_GRID)
"""The indices that name the same action everywhere (0–83)."""


class StackMarketEncoding(TableEncoding):
    """The table, then the stacking orders by rank among the position's choices."""

    def __init__(self) -> None:
        super().__init__(TABLE, STACK_SLOTS)

    def encode_other(self, action: Action, state: State) -> int:
        if isinstance(action, Stack):
            choices = _choices(state)
            if action.order in choices:
                return len(self.table) + choices.index(action.order)
            raise ActionEncodingError(f"{action.text()!r} is not one of the stacking orders listed here "
                                      f"({len(choices)} choices); another order of the same dice has no index")
        raise ActionEncodingError(f"{action.text()!r} has no index: the encoding covers the {len(AIM_GRID)} standard "
                                  "aims of the grid (state.AIM_GRID), not aims off it")

    def decode_other(self, index: int, state: State) -> Action:
        choices = _choices(state)
        rank = index - len(self.table)
        if rank >= len(choices):
            raise ActionEncodingError(f"action index {index}: stacking choice {rank + 1} of {len(choices)} here")
        return Stack(choices[rank])


def _choices(state: State) -> tuple[tuple[int, ...], ...]:
    if not isinstance(state, StackMarketState) or PHASE_NAMES[state.phase] != "order":
        raise ActionEncodingError("a stacking order's index names an action only while the order is chosen")
    return _listed(state.top_face(state.building), tuple(state.hand))


@lru_cache(maxsize=64)
def _listed(top: int, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The choices, kept a while: a mask encodes every choice of one position."""
    return tuple(stacking_choices(top, hand))


ENCODING = StackMarketEncoding()

_PHASE = index_of(PHASE_NAMES)
_PURPOSE = index_of(PURPOSES)
_COMPANY = index_of(COMPANY_LETTERS)


def _company(letter: str | None) -> int | None:
    return None if letter is None else _COMPANY[letter]


def _counts(faces: list[int]) -> list[int]:
    counts = [0] * 5
    for face in faces:
        counts[face] += 1
    return counts


def view_array(view: View) -> Vector:
    """The layout of the module's docstring, from a seat's JSON view alone."""
    players = view["players"]
    n = len(players)
    f = Features.of_view(view, "phase", _PHASE)
    f.scalar(view["round"], view["rounds"])
    f.scalar(view["rounds"], 3)
    f.seat(view["player"], n)
    f.seat(view["first_player"], n)
    f.choice(view["rolling_for"], _PURPOSE)
    f.scalar(view["to_roll"], 30)
    f.scalars(_counts(view["hand"]), 10)
    pending = view["pending"]
    f.scalar(len(pending), 30)
    f.one_hot(pending[0] if pending else None, 5)
    f.scalars(_counts(pending), 10)
    f.scalar(view["stacked_this_turn"], 10)
    f.seat(_company(view["building"]), n)
    aim = view["aim"]
    f.flag(aim is not None)
    x, y, turn = aim if aim is not None else (0, 0, 0)
    f.scalar(x, 4000)
    f.scalar(y, 4000)
    f.scalar(turn, 4500)
    for key in ("reserve", "removed", "dice", "record"):
        f.scalar(view[key], 60)
    f.seat(view["record_holder"], n)

    for company in view["companies"]:
        faces = company["faces"]
        f.scalar(company["height"], 30)
        f.one_hot(company["top"], 5)
        f.scalars(_counts(faces), 30)
        margin = company["margin"]
        f.flag(margin is not None)
        f.scalar(margin, 8000)
        f.bits(company["investors"], n)
        poses = company["poses"]
        for k in range(1, TOP_DICE + 1):
            i = len(faces) - k
            f.flag(i >= 0)
            f.one_hot(faces[i] if i >= 0 else None, 5)
            below = poses[i - 1] if i >= 1 else [0, 0, 0]
            here = poses[i] if i >= 0 else below
            f.scalar(here[0] - below[0], DIE_UM)
            f.scalar(here[1] - below[1], DIE_UM)
            f.scalar(here[2] - below[2], 4500)
    for p in players:
        f.seat(_company(p["company"]), n)
        f.scalar(p["steadiness"], 8000)
        f.scalar(p.get("cash"), 100_000)
    takeover = view["takeover"] or {}
    f.flag(bool(takeover))
    f.seat(_company(takeover.get("tall")), n)
    f.seat(_company(takeover.get("small")), n)
    f.seat(takeover.get("chooser"), n)
    f.seat(takeover.get("stacker"), n)
    tie = view["tie"]
    f.flag(tie == "tallest")
    f.flag(tie == "smallest")
    f.scalar(view["my_cash"], 100_000)
    return f.array()


observation_array = view_observer(view_array)
