"""The end of a game as the terminal says it: why it ended, the ranking, the winners."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..engine.game import Game
from ..engine.state import Outcome
from ..engine.words import format_int, join_words
from .render import wrapped
from .texts import UI


def end_reason(game: Game, lang: str, termination: str) -> str:
    """How a game ended, from the game's catalogue (``reason.<termination>``), else the identifier."""
    key = f"reason.{termination}"
    return game.catalog.t(lang, key) if game.catalog.has(key) else termination


def outcome_parts(game: Game, lang: str, names: Sequence[str], outcome: Outcome,
                  width: int | None = None) -> list[RenderableType]:
    """The end of a game: why it ended, the ranking with scores, and who won (wrapped to ``width``)."""
    title = Rule(Text(UI.t(lang, "end.title", reason=end_reason(game, lang, outcome.termination))), style="bold")
    table = Table(title=UI.t(lang, "end.ranking"), header_style="bold", box=None, title_style="bold")
    table.add_column(UI.t(lang, "end.rank"), justify="right")
    table.add_column(UI.t(lang, "end.player"), no_wrap=True)  # a name whole; the headings wrap instead
    # what decided the ranking, when the game says (Outcome.columns), else the score
    score = game.catalog.t(lang, "ui.score") if game.catalog.has("ui.score") else UI.t(lang, "end.fortune")
    columns = [(game.catalog.t(lang, key), values) for key, values in outcome.columns] or [(score, outcome.scores)]
    for heading, _ in columns:
        table.add_column(heading, justify="right")
    for seat in sorted(range(len(names)), key=lambda s: (outcome.ranks[s], s)):
        table.add_row(str(outcome.ranks[seat]), Text(names[seat]), *(format_int(v[seat], lang) for _, v in columns),
                      style="bold green" if seat in outcome.winners else None)
    winners = join_words((names[s] for s in outcome.winners), lang)
    key = "end.winner" if len(outcome.winners) == 1 else "end.winners"
    return [title, table, wrapped(UI.t(lang, key, names=winners), width, "bold green")]


def print_outcome(console: Console, game: Game, lang: str, names: Sequence[str], outcome: Outcome) -> None:
    """The end of a game: why it ended, the ranking with scores, and who won."""
    for part in outcome_parts(game, lang, names, outcome, console.width):
        console.print(part)
