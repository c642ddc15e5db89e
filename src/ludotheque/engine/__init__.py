"""The game-agnostic engine. It never imports a game: games register themselves (entry points)."""

from .bots import Bot, RandomBot, SeatView
from .driver import play_out
from .errors import (
    IllegalActionError,
    InvalidActionError,
    LudoError,
    OptionError,
    RecordError,
    ReplayError,
    StateFormatError,
)
from .game import Game, GameInfo, all_games, get_game, register
from .i18n import Catalog
from .match import Match, bot_rng, chance_rng
from .options import OptionSpec, parse_option_args
from .record import GameRecord, SeatConfig
from .state import CHANCE, TERMINAL, Action, Event, Outcome, State, rank_scores

__all__ = [
    "CHANCE", "TERMINAL", "Action", "Bot", "Catalog", "Event", "Game", "GameInfo", "GameRecord",
    "IllegalActionError", "InvalidActionError", "LudoError", "Match", "OptionError", "OptionSpec", "Outcome",
    "RandomBot", "RecordError", "ReplayError", "SeatConfig", "SeatView", "State", "StateFormatError",
    "all_games", "bot_rng", "chance_rng", "get_game", "parse_option_args", "play_out", "rank_scores", "register",
]
