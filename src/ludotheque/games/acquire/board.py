"""The board (rulebook §1, RULINGS "Board 12 × 9"): 108 squares, columns 1–12, rows A–I, named like ``5C``.

A tile is an ``int`` from 0 to 107, ordered by number then letter (``1A`` = 0, ``1B`` = 1, … ``12I`` = 107),
which is the order in which the starting player is chosen (§3: "le chiffre le moins élevé … la lettre la
plus proche du A").
"""

from __future__ import annotations

from ...engine.errors import InvalidActionError, Reason

Tile = int

COLUMNS = 12
ROWS = 9
ROW_LETTERS = "ABCDEFGHI"
NUM_TILES = COLUMNS * ROWS


def tile_of(column: int, row: int) -> Tile:
    """The tile at column 1–12 and row 0–8 (A–I)."""
    return (column - 1) * ROWS + row


def column_of(tile: Tile) -> int:
    """The tile's number, 1–12 (also the bank's holding in the two-player rules)."""
    return tile // ROWS + 1


def row_of(tile: Tile) -> int:
    return tile % ROWS


def tile_name(tile: Tile) -> str:
    return f"{tile // ROWS + 1}{ROW_LETTERS[tile % ROWS]}"


TILE_NAMES: tuple[str, ...] = tuple(tile_name(t) for t in range(NUM_TILES))
_BY_NAME = {name: t for t, name in enumerate(TILE_NAMES)}


def parse_tile(text: str) -> Tile:
    """``"5C"``, ``"5c"`` or ``"C5"`` -> the tile; anything else raises ``InvalidActionError``."""
    s = text.strip().upper()
    if s and s[0].isalpha():
        s = s[1:] + s[0]
    tile = _BY_NAME.get(s)
    if tile is None:
        raise InvalidActionError(f"{text!r} is not a tile: tiles are 1A to 12I (number 1–12, letter A–I)",
                                 Reason("not_tile", {"text": text}))
    return tile


def _neighbours(tile: Tile) -> tuple[Tile, ...]:
    """Squares sharing a side (§4.1: "verticalement ou horizontalement, mais jamais en diagonale")."""
    col, row = tile // ROWS, tile % ROWS
    out = []
    if row > 0:
        out.append(tile - 1)
    if row < ROWS - 1:
        out.append(tile + 1)
    if col > 0:
        out.append(tile - ROWS)
    if col < COLUMNS - 1:
        out.append(tile + ROWS)
    return tuple(out)


NEIGHBOURS: tuple[tuple[Tile, ...], ...] = tuple(_neighbours(t) for t in range(NUM_TILES))
