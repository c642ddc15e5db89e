"""The fast loop that plays a state out with bots: used by the simulator and the benchmark."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from .bots import Bot, SeatView
from .errors import IllegalActionError
from .state import CHANCE, TERMINAL, Action, State


class MoveTimes:
    """How long each seat's bot thought: moves, total and slowest seconds, and moves over ``limit`` (a bot is
    told the limit as its move's deadline, ``SeatView.deadline``; one that goes over it is counted here). With
    ``stand_ins`` (one bot per seat), the limit is enforced: a move that comes after it is not played, and the seat's
    stand-in plays instead, as a table's stand-in does for a person out of time."""

    __slots__ = ("limit", "moves", "over", "slowest", "stand_ins", "total")

    def __init__(self, players: int, limit: float | None = None, stand_ins: Sequence[Bot] = ()) -> None:
        self.limit = limit
        self.stand_ins = stand_ins
        self.moves = [0] * players
        self.total = [0.0] * players
        self.slowest = [0.0] * players
        self.over = [0] * players

    def add(self, seat: int, seconds: float) -> bool:
        """Count a move of ``seat``'s that took ``seconds``; whether it came too late to be played (over the limit,
        with a stand-in to play instead)."""
        self.moves[seat] += 1
        self.total[seat] += seconds
        self.slowest[seat] = max(self.slowest[seat], seconds)
        if self.limit is not None and seconds > self.limit:
            self.over[seat] += 1
            return bool(self.stand_ins)
        return False


def bot_move_refused(bot: Bot, seat: int, action: object, why: str = "") -> IllegalActionError:
    """The refusal of a bot's move that is not legal, or not a move at all (a third party's bot returning None),
    naming the bot and its seat, so that nobody takes it for a person's mistake."""
    said = repr(action.text()) if isinstance(action, Action) else f"{type(action).__name__} {action!r}, not an action"
    return IllegalActionError(f"bot {bot.name!r} at seat {seat} chose {said}, which is not legal"
                              + (f" ({why})" if why else ""))


def play_out(state: State, bots: Sequence[Bot], rng: random.Random, max_actions: int = 1_000_000,
             times: MoveTimes | None = None, history: list[tuple[int, Action]] | None = None) -> int:
    """Play ``state`` to the end in place; return the number of actions applied (chance included). With
    ``times``, each bot's thinking is timed (and given ``times.limit`` as its deadline; a late move is replaced by
    its seat's stand-in's, where ``times`` has stand-ins); with ``history``, every
    action is appended to it with its actor (a match's history, for its record)."""
    count = 0
    while count < max_actions:
        player = state.current_player
        if player >= 0:
            legal = state.legal_actions()
            if times is None:
                action = bots[player].choose(SeatView(state, player, legal))
            else:
                started = time.monotonic()
                deadline = None if times.limit is None else started + times.limit
                action = bots[player].choose(SeatView(state, player, legal, deadline))
                if times.add(player, time.monotonic() - started):
                    action = times.stand_ins[player].choose(SeatView(state, player, legal))
            if not isinstance(action, Action) or (action not in legal and not state.is_legal(action)):
                raise bot_move_refused(bots[player], player, action)
        elif player == CHANCE:
            action = state.sample_chance(rng)
        elif player == TERMINAL:
            return count
        state.apply_legal(action)
        if history is not None:
            history.append((player, action))
        count += 1
    raise RuntimeError(f"the game did not end within {max_actions} actions")
