"""The simulator: plays many seeded games between bots, seats rotated, and summarises them."""

from .simulator import BotSummary, GameResult, ScoreHistogram, SimConfig, Summary, play_one, simulate

__all__ = ["BotSummary", "GameResult", "ScoreHistogram", "SimConfig", "Summary", "play_one", "simulate"]
