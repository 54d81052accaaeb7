"""The free regions of a board of any size, found from its blocked cells alone.

Rows holding a blocked cell stay single lines and each run of rows between
them becomes one *band*; the same for columns. Every cell of this compressed
grid is then a rectangle of the board that is wholly free, or one blocked
cell, and compressed cells side by side share a whole edge: the connected
regions of the compressed grid are those of the board, each region's size
the sum of its rectangles' areas. The work grows with the square of the
number of blocked cells, not with the board: a 2048 x 2048 board with 30
holes is a grid of at most 61 x 61.

A cell no L-tromino fits around lies next to a blocked cell (or the board
is one cell wide), so :func:`stranded_cell` looks only there.

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

__all__ = ["COMPRESSED_MAX_CELLS", "Region", "free_regions", "stranded_cell"]

COMPRESSED_MAX_CELLS = 1 << 18
"""The largest compressed grid :func:`free_regions` builds (about 250 blocked cells
spread over distinct rows and columns); beyond it, it answers ``None``."""

Rectangle = tuple[int, int, int, int]  # top, left, height, width


@attrs.frozen
class Region:
    """A connected region of free cells, as rectangles of the compressed grid.

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


def _bands(length: int, lines: list[int]) -> list[tuple[int, int]]:
    """``(start, size)`` of each band of a side of *length*: every line of *lines*
    (sorted, distinct) alone, and each run of lines between them as one band."""
    bands = []
    at = 0
    for line in lines:
        if line > at:
            bands.append((at, line - at))
        bands.append((line, 1))
        at = line + 1
    if at < length:
        bands.append((at, length - at))
    return bands


def free_regions(height: int, width: int, blocked: Collection[Cell]) -> list[Region] | None:
    """The connected regions of the free cells of a ``height x width`` board minus
    *blocked* (all on the board), in reading order of their first cells; ``None``
    when the compressed grid would exceed :data:`COMPRESSED_MAX_CELLS` cells.

    >>> [region.cells for region in free_regions(3, 3, {(0, 1), (1, 0), (2, 2)})]
    [1, 5]
    """
    rows = _bands(height, sorted({row for row, _ in blocked}))
    cols = _bands(width, sorted({col for _, col in blocked}))
    across = len(cols)
    if len(rows) * across > COMPRESSED_MAX_CELLS:
        return None
    row_of = {start: index for index, (start, size) in enumerate(rows) if size == 1}
    col_of = {start: index for index, (start, size) in enumerate(cols) if size == 1}
    seen = bytearray(len(rows) * across)
    for row, col in blocked:  # every blocked line is a band of its own
        seen[row_of[row] * across + col_of[col]] = 1
    regions = []
    for start in range(len(seen)):
        if seen[start]:
            continue
        seen[start] = 1
        stack, members = [start], []
        while stack:
            index = stack.pop()
            members.append(index)
            band_row, band_col = divmod(index, across)
            for near, inside in ((index - across, band_row > 0),
                                 (index + across, band_row + 1 < len(rows)),
                                 (index - 1, band_col > 0),
                                 (index + 1, band_col + 1 < across)):
                if inside and not seen[near]:
                    seen[near] = 1
                    stack.append(near)
        members.sort()
        rectangles = tuple(
            (rows[index // across][0], cols[index % across][0],
             rows[index // across][1], cols[index % across][1])
            for index in members
        )
        regions.append(Region(sum(h * w for _, _, h, w in rectangles), rectangles))
    return regions


def stranded_cell(height: int, width: int, blocked: Collection[Cell]) -> Cell | None:
    """The first free cell, in reading order, that no L-tromino fits around (every
    2x2 block holding it is off the board or has two more cells blocked), or
    ``None``. Only cells next to a blocked cell can be such a cell on a board at
    least 2 wide, so the work is linear in the blocked cells.

    >>> stranded_cell(4, 4, {(1, 2), (2, 1)}), stranded_cell(4, 4, {(1, 1)})
    (None, None)
    >>> stranded_cell(3, 3, {(0, 1), (1, 1)}), stranded_cell(1, 4, {(0, 0)})
    ((0, 0), (0, 1))
    """
    if min(height, width) == 1:  # no 2x2 block at all: the first free cell
        return next((divmod(index, width) for index in range(height * width)
                     if divmod(index, width) not in blocked), None)
    near = sorted({
        (row + dr, col + dc) for row, col in blocked for dr in (-1, 0, 1) for dc in (-1, 0, 1)
    })
    for row, col in near:
        if not (0 <= row < height and 0 <= col < width) or (row, col) in blocked:
            continue
        fits = False
        for top in (row - 1, row):
            for left in (col - 1, col):
                if top >= 0 and top + 1 < height and left >= 0 and left + 1 < width:
                    others = sum((r, c) in blocked for r in (top, top + 1)
                                 for c in (left, left + 1))
                    fits = fits or others <= 1
        if not fits:
            return row, col
    return None
