"""Fitting a game's screen to the terminal: parts packed in lines as they will be printed and measured, and the
fullest of a game's layouts that fits the lines there are.

A game's renderer draws its screen in a few layouts (a roomy one for a big terminal or output that is not a
terminal, a compact one for 80 × 24), each at levels of tightness; ``fitted`` picks the first that fits."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from .render import View, flow, measure, visible, wrapped

Layout = Callable[[View, int], list[RenderableType]]
"""A game's layout of its screen for a view, at a level of tightness (0: the fullest; each level leaves out or
shortens one more thing)."""


def pack(parts: Sequence[Text], width: int | None, separator: str = " · ") -> RenderableType:
    """``parts`` left to right as ``render.flow`` puts them, a new line where the next would not fit; a part longer than
    a line is wrapped on lines of its own (at ordinary spaces), so that the lines printed are the lines measured."""
    if width is None:
        return flow(parts, width, separator)
    lines: list[RenderableType] = []
    run: list[Text] = []
    for part in parts:
        if part.cell_len <= width:
            run.append(part)
            continue
        if run:
            lines.append(flow(run, width, separator))
            run = []
        lines.append(wrapped(part, width, indent="  "))
    if run:
        lines.append(flow(run, width, separator))
    return Group(*lines)


def fitted(view: View, roomy: Layout, roomy_levels: int, compact: Layout, compact_levels: int,
           soft: int) -> list[RenderableType]:
    """The screen for the view's size: on a big screen (``view.roomy``) the roomy layout, tighter and tighter (levels
    0, 1, … below ``roomy_levels``) until it fits the height; else the compact one, tighter until it fits ``soft``
    lines (what happened since one's last move keeps a few lines), then until it fits the height; the tightest when
    nothing fits (``ludo play`` then makes room). Parts that show nothing are left out (``render.visible``)."""
    parts: list[RenderableType] = []
    if view.roomy:
        for tight in range(roomy_levels):
            parts = visible(roomy(view, tight))
            if view.height is None or measure(parts, view.width) <= view.height:
                return parts
    limit = view.height if view.height is None else min(view.height, soft)
    last = compact_levels - 1
    for most, tight in [*((limit, t) for t in range(compact_levels)), (view.height, last)]:
        parts = visible(compact(view, tight))
        if most is None or measure(parts, view.width) <= most:
            return parts
    return parts
