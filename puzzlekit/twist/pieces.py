"""The IQ-Twist board, pieces and pegs: shapes, colours and orientations.

The board has 8 columns ``1``-``8`` and 4 rows ``A``-``D``; a location is
written column then row (``3C``) and held as a 0-based ``(row, col)`` cell.
Each of the 8 pieces ``a``-``h`` is made of 3 to 5 loops, each either filled
(``X``) or with a hole (``O``); the 7 pegs ``i``-``l`` are single pins.

>>> loops("e", 0)
((0, 0, False), (0, 1, True), (1, 1, True))
>>> COLOUR["j"], PEG_COUNT["j"]
('blue', 2)
>>> location_name((2, 2))
'3C'
>>> len(ON_BOARD["c"]), ON_BOARD["c"][0][:3]
(112, (0, 0, 0))
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from puzzlekit.errors import ArgumentError, quoted
from puzzlekit.grid import Cell, check_int

__all__ = [
    "COLOUR",
    "COLUMNS",
    "HEIGHT",
    "ON_BOARD",
    "ORIENTATIONS",
    "PEGS",
    "PEG_COUNT",
    "PIECES",
    "ROWS",
    "SHAPES",
    "WIDTH",
    "Colour",
    "Loop",
    "flipped",
    "location_name",
    "loops",
    "next_orientation",
    "rotated",
]

Colour: TypeAlias = Literal["red", "blue", "green", "yellow"]
"""The four colours of pieces and pegs."""

Loop: TypeAlias = tuple[int, int, bool]
"""One loop of an oriented piece: ``(row, col, has_hole)`` inside its bounding box."""

WIDTH = 8
"""Columns on the board."""
HEIGHT = 4
"""Rows on the board."""
COLUMNS = "12345678"
"""Column names, left to right."""
ROWS = "ABCD"
"""Row names, top to bottom."""
PIECES = "abcdefgh"
"""The piece letters, in the standard order."""
PEGS = "ijkl"
"""The peg letters, in the standard order (after the pieces)."""
ORIENTATIONS = range(8)
"""Orientation numbers: 0-3 rotate clockwise, 4-7 flip top to bottom first."""

SHAPES: dict[str, tuple[str, ...]] = {
    "a": ("OXO", "..X"),
    "b": ("XX.", ".OX"),
    "c": ("XOXX",),
    "d": ("XXX", ".OO"),
    "e": ("XO", ".O"),
    "f": ("XXO", ".O."),
    "g": ("O..", "OXX", ".O."),
    "h": ("OXX",),
}
"""Orientation 0 of each piece, rows top to bottom: ``X`` filled, ``O`` hole, ``.`` none."""

COLOUR: dict[str, Colour] = {
    "a": "red", "b": "red", "c": "blue", "d": "blue",
    "e": "green", "f": "green", "g": "yellow", "h": "yellow",
    "i": "red", "j": "blue", "k": "green", "l": "yellow",
}  # fmt: skip
"""The colour of every piece and peg letter."""

PEG_COUNT: dict[str, int] = {"i": 1, "j": 2, "k": 2, "l": 2}
"""How many pegs of each letter the game has."""


def _orient(shape: tuple[str, ...], orientation: int) -> tuple[str, ...]:
    rows = shape[::-1] if orientation >= 4 else shape
    for _ in range(orientation % 4):
        # A clockwise quarter turn: the new rows are the old columns read bottom up.
        rows = tuple("".join(row[col] for row in reversed(rows)) for col in range(len(rows[0])))
    return rows


def _loops(piece: str, orientation: int) -> tuple[Loop, ...]:
    rows = _orient(SHAPES[piece], orientation)
    return tuple(
        (r, c, char == "O")
        for r, row in enumerate(rows)
        for c, char in enumerate(row)
        if char != "."
    )


_LOOPS = {(piece, o): _loops(piece, o) for piece in PIECES for o in ORIENTATIONS}


def loops(piece: str, orientation: int) -> tuple[Loop, ...]:
    """The loops of *piece* in *orientation*, relative to its bounding box's top left.

    >>> loops("h", 1)  # OXX turned a quarter clockwise stands upright, hole on top
    ((0, 0, True), (1, 0, False), (2, 0, False))
    >>> loops("a", 4)
    ((0, 2, False), (1, 0, True), (1, 1, False), (1, 2, True))
    >>> loops("i", 0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: piece must be a letter a-h, not 'i'
    """
    if not isinstance(piece, str):
        raise TypeError(f"piece must be a letter a-h, not {type(piece).__name__}")
    if len(piece) != 1 or piece not in PIECES:
        raise ArgumentError(f"piece must be a letter a-h, not {quoted(piece)}")
    check_int("orientation", orientation, minimum=0, maximum=len(ORIENTATIONS) - 1)
    return _LOOPS[piece, orientation]


def rotated(orientation: int, quarters: int = 1) -> int:
    """The orientation of a piece in *orientation* turned *quarters* quarters clockwise
    (negative: anticlockwise), as a player turns a held piece with the wheel.

    >>> rotated(0), rotated(3), rotated(5), rotated(4, -1)
    (1, 0, 6, 7)
    """
    check_int("orientation", orientation, minimum=0, maximum=len(ORIENTATIONS) - 1)
    base = orientation - orientation % 4
    return base + (orientation + check_int("quarters", quarters)) % 4


def flipped(orientation: int) -> int:
    """The orientation of a piece in *orientation* flipped top to bottom.

    A flip turns a clockwise turn into an anticlockwise one, so flipping a
    piece turned *k* quarters gives the flipped shape turned *-k* quarters.

    >>> flipped(0), flipped(1), flipped(4), flipped(7)
    (4, 7, 0, 1)
    >>> all(flipped(flipped(o)) == o for o in ORIENTATIONS)
    True
    """
    check_int("orientation", orientation, minimum=0, maximum=len(ORIENTATIONS) - 1)
    return (0 if orientation >= 4 else 4) + (-orientation) % 4


def next_orientation(piece: str, orientation: int) -> int:
    """The next orientation (in the order 0-7, wrapping) whose loops differ from
    *orientation*'s: a symmetric piece skips the turns that look the same.

    >>> next_orientation("h", 1), next_orientation("c", 1), next_orientation("a", 7)
    (2, 2, 0)
    """
    shape = loops(piece, orientation)
    for step in range(1, len(ORIENTATIONS)):
        candidate = (orientation + step) % len(ORIENTATIONS)
        if loops(piece, candidate) != shape:
            return candidate
    return orientation  # pragma: no cover - every piece has at least two looks


def location_name(cell: Cell) -> str:
    """The board's name of a 0-based ``(row, col)`` cell, column first (``'3C'``).

    Cells just off the board (a loop hanging over the edge) are named the
    same way, continuing the digits and letters.

    >>> location_name((0, 8)), location_name((4, 0))
    ('9A', '1E')
    """
    row, col = cell
    return f"{col + 1}{chr(ord('A') + row)}"


def _footprints(piece: str) -> tuple[tuple[int, int, int, frozenset[Cell], frozenset[Cell]], ...]:
    found = []
    for o in ORIENTATIONS:
        shape = loops(piece, o)
        height = 1 + max(r for r, _, _ in shape)
        width = 1 + max(c for _, c, _ in shape)
        for row in range(HEIGHT - height + 1):
            for col in range(WIDTH - width + 1):
                cells = frozenset((row + r, col + c) for r, c, _ in shape)
                holes = frozenset((row + r, col + c) for r, c, hole in shape if hole)
                found.append((o, row, col, cells, holes))
    return tuple(found)


ON_BOARD: dict[str, tuple[tuple[int, int, int, frozenset[Cell], frozenset[Cell]], ...]] = {
    piece: _footprints(piece) for piece in PIECES
}
"""Every placement of each piece that lies wholly on the board, by orientation:
``(orientation, row, col, cells, holes)`` with 0-based ``(row, col)`` cells
(``c``, a straight four, has 112: 8 orientations of 20 or 8 positions each)."""
