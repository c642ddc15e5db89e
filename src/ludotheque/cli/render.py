"""Screens for the terminal player: the toolkit each game's terminal view is written with.

Each game package brings its renderer (``Game.terminal_renderer``), found through the registry.

A renderer only ever reads a seat's observation (``State.observation(seat)``), never the state itself, so
nothing a seat may not see can reach its screen. Games without a renderer get a generic one that prints
the observation as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rich.console import RenderableType
from rich.pretty import Pretty

from ..engine.game import Game


@dataclass(frozen=True)
class View:
    """What a screen is drawn from: a seat's observation and the words around it."""

    game: Game
    obs: dict[str, Any]
    """``state.observation(seat)``: everything on screen comes from here."""
    seat: int | None
    """The seat looking (None: a spectator, e.g. at the end)."""
    lang: str
    names: Sequence[str]
    """Every seat's name, by seat."""
    legal: Sequence[str] = ()
    """The texts of the legal actions of ``seat`` now (empty when it is not its move)."""

    def t(self, key: str, **fields: Any) -> str:
        """A text from the game's catalogue."""
        return self.game.catalog.t(self.lang, key, **fields)


class Renderer(Protocol):
    """Draws a game's screen and explains its actions."""

    def screen(self, view: View) -> list[RenderableType]:
        """The board and tables a person sees before choosing (top to bottom)."""
        ...

    def action_label(self, view: View, action: str) -> str:
        """A short explanation of a legal action's text, in the view's language ("" if none)."""
        ...

    @property
    def milestones(self) -> frozenset[str]:
        """Event kinds worth stopping for, so that people read them (a round's scoring)."""
        ...


class GenericRenderer:
    """For games without their own renderer: the observation, pretty-printed."""

    milestones: frozenset[str] = frozenset()

    def screen(self, view: View) -> list[RenderableType]:
        return [Pretty(view.obs)]

    def action_label(self, view: View, action: str) -> str:
        return ""


def get_renderer(game: Game) -> Renderer:
    """The game's own renderer, or the generic one."""
    renderer: Renderer | None = game.terminal_renderer()
    return renderer if renderer is not None else GenericRenderer()


__all__ = ["GenericRenderer", "Renderer", "View", "get_renderer"]
