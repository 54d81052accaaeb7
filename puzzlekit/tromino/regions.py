"""The free regions of a board of any size, found from its blocked cells alone.

Rows holding a blocked cell stay single lines and each run of rows between
them becomes one *band*. A band between blocked rows is one free rectangle
across the board; a blocked row is split by its blocked cells into free
runs. Runs of neighbouring bands that share a column are joined (union-find),
and a region's size is the sum of its runs' areas. The work grows with the
number of blocked cells (sorting them), not with the board: a 2048 x 2048
board with 1,000 holes has at most 2,001 bands and 3,001 runs.

:func:`stranded_cell` finds a cell no L-tromino fits around with bitboards of
the whole board instead: shifts of a million bits take microseconds.

>>> regions = free_regions(1000, 1000, {(0, 1), (1, 0)})
>>> [(region.cells, region.first) for region in regions]
[(1, (0, 0)), (999997, (0, 2))]
>>> stranded_cell(1000, 1000, {(0, 1), (1, 1)})
(0, 0)
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

import attrs

from puzzlekit.grid import Cell
from puzzlekit.tromino.board import cells_mask, full_mask

__all__ = ["Region", "free_regions", "stranded_cell"]

Rectangle = tuple[int, int, int, int]  # top, left, height, width


@attrs.frozen
class Region:
    """A connected region of free cells, as free rectangles (runs of bands).

    >>> Region(6, ((0, 0, 2, 3),)).first
    (0, 0)
    """

    cells: int
    """How many free cells the region holds."""
    rectangles: tuple[Rectangle, ...]
    """Free rectangles ``(top, left, height, width)`` that make up the region, the one
    holding its first cell in reading order first."""

    @property
    def first(self) -> Cell:
        """The region's first cell in reading order.

        >>> Region(1, ((4, 2, 1, 1),)).first
        (4, 2)
        """
        top, left, _, _ = self.rectangles[0]
        return top, left

    def cell_list(self) -> Iterator[Cell]:
        """Every cell of the region (for small regions: it is linear in their size).

        >>> sorted(Region(3, ((0, 0, 1, 2), (1, 0, 1, 1))).cell_list())
        [(0, 0), (0, 1), (1, 0)]
        """
        for top, left, height, width in self.rectangles:
            for row in range(top, top + height):
                for col in range(left, left + width):
                    yield row, col


def free_regions(height: int, width: int, blocked: Collection[Cell]) -> list[Region]:
    """The connected regions of the free cells of a ``height x width`` board minus
    *blocked* (all on the board), in reading order of their first cells.

    >>> [region.cells for region in free_regions(3, 3, {(0, 1), (1, 0), (2, 2)})]
    [1, 5]
    """
    by_row: dict[int, list[int]] = {}
    for row, col in blocked:
        by_row.setdefault(row, []).append(col)
    # Each band's runs: (left, right) column ranges, a band a blocked row or the rows
    # between two of them.
    bands: list[tuple[int, int]] = []
    runs: list[list[tuple[int, int]]] = []
    at = 0
    for row in [*sorted(by_row), height]:
        if row > at:
            bands.append((at, row - at))
            runs.append([(0, width)])
        if row == height:
            break
        free, left = [], 0
        for col in sorted(by_row[row]):
            if col > left:
                free.append((left, col))
            left = col + 1
        if left < width:
            free.append((left, width))
        bands.append((row, 1))
        runs.append(free)
        at = row + 1
    # Union-find over the runs; runs of neighbouring bands sharing a column are joined.
    first_run = [0]
    for band in runs:
        first_run.append(first_run[-1] + len(band))
    parent = list(range(first_run[-1]))

    def root(run: int) -> int:
        while parent[run] != run:
            parent[run] = parent[parent[run]]
            run = parent[run]
        return run

    for index in range(1, len(runs)):
        above, below = runs[index - 1], runs[index]
        i = j = 0
        while i < len(above) and j < len(below):
            if above[i][0] < below[j][1] and below[j][0] < above[i][1]:
                a, b = root(first_run[index - 1] + i), root(first_run[index] + j)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            if above[i][1] <= below[j][1]:
                i += 1
            else:
                j += 1
    members: dict[int, list[tuple[int, int, int, int]]] = {}
    for index, band in enumerate(runs):
        top, rows = bands[index]
        for offset, (left, right) in enumerate(band):
            members.setdefault(root(first_run[index] + offset), []).append(
                (top, left, rows, right - left))
    # A region's first run is its first in reading order, and the regions come in the
    # order of their first runs (the roots are the smallest run numbers).
    return [Region(sum(h * w for _, _, h, w in rectangles), tuple(rectangles))
            for _, rectangles in sorted(members.items())]


def stranded_cell(height: int, width: int, blocked: Collection[Cell]) -> Cell | None:
    """The first free cell, in reading order, that no L-tromino fits around (every
    2x2 block holding it is off the board or has two more cells blocked), or
    ``None``. Found with bitboards of the whole board, a few milliseconds for a
    million cells.

    >>> stranded_cell(4, 4, {(1, 2), (2, 1)}), stranded_cell(4, 4, {(1, 1)})
    (None, None)
    >>> stranded_cell(3, 3, {(0, 1), (1, 1)}), stranded_cell(1, 4, {(0, 0)})
    ((0, 0), (0, 1))
    """
    stride = width + 1
    board, taken = full_mask(height, width), cells_mask(blocked, height, width)
    # A 2x2 block is named by its top left cell (the spare column of the stride keeps
    # blocks from wrapping); an L-tromino fits in it around a free cell when at most
    # one of its cells is blocked.
    on_board = board & board >> 1 & board >> stride
    # Two of a block's cells blocked: both of its top row, both of its bottom row, or one
    # of each (a row's pair read off its left cell).
    either, both = taken | taken >> 1, taken & taken >> 1
    crowded = both | both >> stride | either & either >> stride
    roomy = on_board & ~crowded
    fits = roomy | roomy << 1 | roomy << stride | roomy << (stride + 1)
    stranded = board & ~taken & ~fits
    if not stranded:
        return None
    return divmod((stranded & -stranded).bit_length() - 1, stride)
