"""Which tromino of Golomb's tiling covers a cell, without building the board.

The divide-and-conquer tiling of a ``2^k`` board lists its trominoes in
preorder: the centre tromino of the whole board, then all of the top-left
quadrant's, the top-right's, the bottom-left's and the bottom-right's. A
quadrant of side ``s`` holds ``(s*s - 1) / 3`` trominoes, so walking down from
the whole board to the cell (one quadrant per level) adds up the index in
``O(log n)`` steps, for any ``n`` up to ``2**4096``.

>>> from puzzlekit.tromino import Board, tile
>>> golomb_owner(1 << 30, (123, 456789), (1 << 29, 1 << 29))
0
>>> tiling = tile(Board.square(8, (2, 5)))
>>> all(golomb_owner(8, (2, 5), (r, c)) == tiling.owner((r, c))
...     for r in range(8) for c in range(8))
True
"""

from __future__ import annotations

from puzzlekit.errors import ArgumentError, IllegalMoveError
from puzzlekit.grid import Cell, check_on_board

__all__ = ["golomb_owner"]

_MAX_LOG = 4096
"""The largest k taken for n = 2**k: each step works on k-bit ints, so time grows as k**2."""


def golomb_owner(n: int, hole: Cell, cell: Cell) -> int | None:
    """The index into ``tile(Board.square(n, hole)).trominoes`` of the tromino
    covering *cell*, or ``None`` when *cell* is the hole; *n* a power of two.

    >>> golomb_owner(4, (0, 0), (1, 2)), golomb_owner(4, (0, 0), (0, 0))
    (0, None)
    >>> golomb_owner(6, (0, 0), (1, 1))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: n must be a power of two, not 6
    """
    if type(n) is not int:
        raise TypeError(f"n must be an int, not {n!r}")
    if n.bit_length() > _MAX_LOG + 1:
        raise ArgumentError(
            f"n must be at most 2**{_MAX_LOG}, not about 2**{n.bit_length() - 1}"
        )
    if n < 1 or n & (n - 1):
        raise ArgumentError(f"n must be a power of two, not {n}")
    try:
        hole_row, hole_col = check_on_board(hole, n, n)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"hole: {error}") from None
    row, col = check_on_board(cell, n, n)
    if (row, col) == (hole_row, hole_col):
        return None
    # Walk down the quadrants holding the cell; once the cell leaves the hole's
    # quadrant, that quadrant's hole is its corner at the centre (covered by the
    # centre tromino of that level), and so on down.
    index = 0
    top = left = 0
    half = n >> 1
    while half:
        mid_row, mid_col = top + half, left + half
        below, right = row >= mid_row, col >= mid_col
        if (hole_row >= mid_row) != below or (hole_col >= mid_col) != right:
            hole_row, hole_col = mid_row - 1 + below, mid_col - 1 + right
            if row == hole_row and col == hole_col:
                return index
        index += 1 + (2 * below + right) * ((half * half - 1) // 3)
        if below:
            top = mid_row
        if right:
            left = mid_col
        half >>= 1
    raise AssertionError("the walk ends at the hole")  # pragma: no cover
