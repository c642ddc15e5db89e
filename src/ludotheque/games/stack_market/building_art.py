"""Stack Market's buildings as the terminal draws them: side by side, each from the front and from the side, a column
of dice each shifted by its offset from the bottom die, at the finest scale that shows every die (``terminal.py``
puts the heights, margins and leans under them)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

CELL = 3
"""A die on screen: ``[3]``, three characters whatever the scale (a 16 mm die would be 4 to 16 of them)."""
SCALES_MM = (1, 2, 3, 4, 6, 8, 12, 16)
"""Millimetres per character of offset, the finest that shows every die of every building without clamping."""
GAP = 1
"""Characters between two buildings."""


@dataclass(frozen=True)
class Frame:
    """How the buildings are drawn: ``width`` characters per view (front and side), ``rows`` lines of dice, each line
    ``step`` dice, ``scale`` µm of offset per character, a label column of ``label`` characters."""

    width: int
    rows: int
    step: int
    scale: int
    label: int

    @property
    def base(self) -> int:
        """Where the bottom die's cell starts in a view."""
        return (self.width - CELL) // 2

    @property
    def block(self) -> int:
        """A building's characters: front view, a separator, side view."""
        return 2 * self.width + 1


def offsets(company: dict[str, Any]) -> list[tuple[int, int]]:
    """Each die's centre relative to the bottom die's (µm, x right and y back)."""
    poses: list[list[int]] = company["poses"]
    if not poses:
        return []
    x0, y0 = poses[0][0], poses[0][1]
    return [(p[0] - x0, p[1] - y0) for p in poses]


def frame_for(companies: Sequence[dict[str, Any]], width: int, rows: int, label: int, widest: int) -> Frame:
    """The frame for buildings drawn in ``width`` columns (views at most ``widest`` wide) and at most ``rows``
    lines of dice: the finest scale that shows every die unclamped (else the coarsest)."""
    n = max(1, len(companies))
    view = max(CELL + 4, min(widest, ((width - label - GAP * (n - 1)) // n - 1) // 2))
    tallest = max((c["height"] for c in companies), default=0)
    step = max(1, math.ceil(tallest / max(1, rows)))
    shown = math.ceil(tallest / step) if tallest else 1
    base = (view - CELL) // 2
    room = min(base, view - CELL - base)
    far = max((max(abs(x), abs(y)) for c in companies for x, y in offsets(c)), default=0)
    scale = next((s * 1000 for s in SCALES_MM if round(far / (s * 1000)) <= room), SCALES_MM[-1] * 1000)
    return Frame(view, shown, step, scale, label)


def _cell(frame: Frame, offset: int, face: int, style: str) -> Text:
    """One die in a view's line, ``offset`` µm from the bottom die's centre (clamped at the view's edges, marked
    ‹ or ›)."""
    shift = round(offset / frame.scale)
    start = frame.base + shift
    left, right = "[", "]"
    if start < 0:
        start, left, style = 0, "‹", style + " yellow"
    elif start > frame.width - CELL:
        start, right, style = frame.width - CELL, "›", style + " yellow"
    line = Text(" " * start)
    line.append(f"{left}{face}{right}", style=style.strip())
    return line


def building_lines(companies: Sequence[dict[str, Any]], frame: Frame, active: str | None) -> list[Text]:
    """The buildings side by side, the tops up, the ruler on the left: each line shows, of the dice from its level down
    to the next line's, the highest each building has (so every top die is drawn); the lines count down from the
    tallest building's top, ``frame.step`` dice apart."""
    lines: list[Text] = []
    tallest = max(c["height"] for c in companies)
    for row in range(frame.rows):
        level = tallest - row * frame.step
        lowest = max(1, level - frame.step + 1)
        ruler = str(level) if frame.step > 1 or level % 5 == 0 or row == 0 else ""
        line = Text(f"{ruler:>{frame.label - 2}} ┤" if ruler else " " * (frame.label - 1) + "│", style="dim")
        for k, company in enumerate(companies):
            if k:
                line.append(" " * GAP)
            height = company["height"]
            index = min(level, height) - 1
            front = side = Text()
            if height >= lowest:
                x, y = offsets(company)[index]
                top = index == height - 1
                style = ("bold reverse" if company["company"] == active else "bold") if top else ""
                face = company["faces"][index]
                front, side = _cell(frame, x, face, style), _cell(frame, y, face, style)
            block = pad(front, frame.width)
            block.append("┊", style="dim")
            block.append_text(pad(side, frame.width))
            line.append_text(block)
        lines.append(line)
    return lines


def pad(text: Text, width: int) -> Text:
    """``text`` cut or padded to ``width`` characters."""
    text = text.copy()
    text.truncate(width, overflow="crop", pad=True)
    return text
