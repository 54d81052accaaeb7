"""Exact search: tile any board within reach, or prove it cannot be tiled.

The free cells are split into their connected regions: a region whose area
is not a multiple of 3 proves at once that there is no tiling, and each
region is then tiled on its own. A region at most :data:`SWEEP_WIDTH` cells
across (on its shorter side) goes to the profile sweep, which is exact in
time linear in its length; a wider one to a search on bitboards along its
shorter side. At each step the search looks at every free cell at once:
a cell no tromino can cover ends the branch, a cell with one tromino left
takes it, otherwise it branches on a cell with the fewest trominoes (the
first in reading order among equals). Dead positions are remembered, so
none is searched twice; a search that runs long on a region narrow enough
for the sweep hands it over.

Every call shares one :class:`~puzzlekit.limits.Budget`: ``node_limit=``
counts search nodes and sweep states together, and
:class:`~puzzlekit.LimitReached` says that a limit stopped the work.

>>> from puzzlekit.tromino import Board
>>> result = solve(Board.square(5, (1, 1)))
>>> result.complete, result.proved_unsolvable
(True, True)
>>> solve(Board.square(5, (2, 2))).final.is_solved
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator
from typing import Literal

import attrs

from puzzlekit.contract import SearchResult
from puzzlekit.errors import ArgumentError, LimitReached
from puzzlekit.grid import Cell, as_cell, check_int, where
from puzzlekit.limits import Budget, ProgressCallback, make_rng, on_time
from puzzlekit.tromino.board import (
    Board,
    Tromino,
    anchor_masks,
    bit_indices,
    cells_mask,
    check_blocked,
    check_size,
    full_mask,
)
from puzzlekit.tromino.count import (
    MAX_SWEEP_WIDTH,
    Pieces,
    check_pieces,
    profile_tiling,
    sweep_decides,
)
from puzzlekit.tromino.learning import LEARNING_MAX_CELLS, learning_tiling
from puzzlekit.tromino.regions import free_regions, stranded_cell

__all__ = [
    "CELL_SWEEP_SPAN",
    "POCKET_CELLS",
    "SEARCH_MAX_CELLS",
    "SWEEP_WIDTH",
    "TilingCount",
    "check_search_size",
    "connected_region",
    "obstruction",
    "quick_tiling",
    "search_count",
    "search_tiling",
    "solve",
    "sweep_cells",
    "tile_free_cells",
    "tile_pockets",
]

SEARCH_MAX_CELLS = 1 << 15
"""The largest box (in cells) the bitboard search takes on: a larger board or region
goes to the profile sweep when it is narrow enough, else to the learning search
(:func:`tile_free_cells`)."""

SWEEP_WIDTH = 7
"""Regions at most this many cells across go straight to the profile sweep."""

_SWEEP_FALLBACK_WIDTH = 12
"""A search that runs long on a region at most this wide hands it to the sweep."""

_PATIENCE = 4
"""Search nodes per tromino of a region before the search hands it to other methods."""

_PATIENCE_MAX = 1000
"""... and at most this many in all: a node splits the region's box into its regions, so
on a large box it costs more the larger the box, and the search that learns does better
there."""

_MEMO_LIMIT = 200_000
"""Dead positions remembered at most (then forgotten, and remembered anew)."""

Triple = tuple[Cell, Cell, Cell]


def _shapes(stride: int, pieces: Pieces) -> list[tuple[int, int, int]]:
    """Each piece's cell offsets from its block corner, at *stride* (width + 1)."""
    shapes: list[tuple[int, int, int]] = [
        (1, stride, stride + 1), (0, stride, stride + 1), (0, 1, stride + 1), (0, 1, stride)
    ]
    if pieces == "LI":
        shapes += [(0, 1, 2), (0, stride, 2 * stride)]
    return shapes


class _Impatient(Exception):
    """A search ran out of patience: another method should take over."""


class _Search:
    """A search over the free cells of one region, as a bitboard of stride ``width + 1``."""

    def __init__(
        self, width: int, pieces: Pieces, budget: Budget, what: str, *, regions: bool = True
    ) -> None:
        self.stride = width + 1
        self.regions = regions
        self.shapes = _shapes(width + 1, pieces)
        self.patterns = [sum(1 << offset for offset in offsets) for offsets in self.shapes]
        self.budget = budget
        self.what = what

    def options(self, free: int) -> list[int]:
        """The pieces (as masks) that can cover the most constrained free cell, or
        ``[]`` when some free cell can no longer be covered."""
        anchors = []
        once = twice = thrice = 0
        for a, b, c in self.shapes:
            anchor = (free >> a) & (free >> b) & (free >> c)
            anchors.append(anchor)
            if anchor:
                for offset in (a, b, c):
                    cover = anchor << offset
                    thrice |= twice & cover
                    twice |= once & cover
                    once |= cover
        if free & ~once:
            return []
        if self.regions and any(region.bit_count() % 3 for region in _regions(free, self.stride)):
            return []  # the free cells fell apart into a piece no tiling can fill
        pick = once & ~twice or twice & ~thrice or free
        cell = pick & -pick
        found = []
        for anchor, offsets, pattern in zip(anchors, self.shapes, self.patterns, strict=True):
            for offset in offsets:
                if (anchor << offset) & cell:
                    found.append(pattern * (cell >> offset))
        return found

    def run(
        self, free: int, rng: random.Random | None, *, patience: int | None = None
    ) -> Iterator[list[int]]:
        """Each tiling of *free* (as its pieces' masks); stops with
        :class:`~puzzlekit.LimitReached` on the budget, and with :class:`_Impatient`
        after *patience* nodes."""
        budget = self.budget
        dead: set[int] = set()
        placed: list[int] = []
        # Each frame: [free cells, options, next option, tilings found before it].
        stack: list[list[object]] = []
        found = nodes = 0
        while True:
            options: list[int] = []
            if not free:
                found += 1
                yield list(placed)
            else:
                nodes += 1
                if budget.spend():
                    raise budget.limit_reached(self.what)
                if patience is not None and nodes > patience:
                    raise _Impatient
                if free not in dead:
                    options = self.options(free)
                    if rng is not None:
                        rng.shuffle(options)
            stack.append([free, options, 0, found])
            while stack:
                frame = stack[-1]
                tried: int = frame[2]  # type: ignore[assignment]
                choices: list[int] = frame[1]  # type: ignore[assignment]
                if tried < len(choices):
                    frame[2] = tried + 1
                    del placed[len(stack) - 1 :]
                    placed.append(choices[tried])
                    free = frame[0] ^ choices[tried]  # type: ignore[operator]
                    break
                stack.pop()
                if frame[3] == found:  # nothing below it: remember it as dead
                    if len(dead) >= _MEMO_LIMIT:
                        dead.clear()
                    dead.add(frame[0])  # type: ignore[arg-type]
            else:
                return


def connected_region(seed: int, free: int, stride: int) -> int:
    """The cells of the bitboard *free* (stride *stride*) connected to those of *seed*.

    >>> bin(connected_region(0b1, 0b1000011, 4))  # rows of 3 cells: the far cell apart
    '0b11'
    """
    region = seed & free
    while True:
        grown = (region | region << 1 | region >> 1 | region << stride | region >> stride) & free
        if grown == region:
            return region
        region = grown


def _regions(free: int, stride: int) -> list[int]:
    """The connected regions of the bitboard *free* (stride *stride*), smallest first."""
    regions = []
    rest = free
    while rest:
        region = connected_region(rest & -rest, free, stride)
        regions.append(region)
        rest &= ~region
    return sorted(regions, key=int.bit_count)


def obstruction(height: int, width: int, blocked: Iterable[Cell]) -> str | None:
    """What shows at a glance that the board minus *blocked* has no tiling: a free cell
    no L-tromino fits around, or a connected region of free cells whose count is
    not a multiple of 3; ``None`` when there is neither (which proves nothing).
    At any size and with any number of blocked cells: the regions come from runs of
    free cells between the blocked cells (:mod:`puzzlekit.tromino.regions`).

    >>> obstruction(3, 3, [(0, 1), (1, 0), (2, 2)])
    'the free cells joined to row 0, column 0 are walled off by holes and number 1, not a \
multiple of 3'
    >>> obstruction(2, 3, []) is None, obstruction(1, 3, [])
    (True, 'row 0, column 0 is free but no L-tromino fits around it')
    >>> obstruction(4000, 4000, [(3998, 3999), (3999, 3998)])[:43]
    'the free cells joined to row 3999, column 3'
    """
    blocked = frozenset(blocked)
    sizes = [(region.cells, region.first) for region in free_regions(height, width, blocked)]
    for size, first in sorted(sizes):
        if size % 3:
            return (f"the free cells joined to {where(*first)} are walled off by holes and "
                    f"number {size}, not a multiple of 3")
    stranded = stranded_cell(height, width, blocked)
    if stranded is not None:
        return f"{where(*stranded)} is free but no L-tromino fits around it"
    return None


_BAND_HEIGHTS = (6, 4, 5, 7, 3, 2)
"""Band heights tried, most often tileable first (6 x n is tileable for every n >= 2)."""


def _bands(
    inside: set[Cell], height: int, width: int, budget: Budget, rng: random.Random | None
) -> list[Triple] | None:
    """A tiling made of bands of 2 to 7 full rows, each tiled by the sweep on its own,
    or ``None`` when no cut into such bands works (which proves nothing)."""
    by_row: list[list[Cell]] = [[] for _ in range(height)]
    for cell in inside:
        by_row[cell[0]].append(cell)
    tried: dict[tuple[int, int], list[Triple] | None] = {}

    def band(top: int, bottom: int) -> list[Triple] | None:
        if (top, bottom) not in tried:
            cells = {(row - top, col) for row in range(top, bottom) for _, col in by_row[row]}
            found = None
            if len(cells) % 3 == 0:
                blocked = [(r, c) for r in range(bottom - top) for c in range(width)
                           if (r, c) not in cells]
                found = profile_tiling(bottom - top, width, blocked, budget, rng)
            tried[top, bottom] = None if found is None else [
                ((a[0] + top, a[1]), (b[0] + top, b[1]), (c[0] + top, c[1]))
                for a, b, c in found
            ]
        return tried[top, bottom]

    dead: set[int] = set()
    stack: list[tuple[int, Iterator[int]]] = [(0, iter(_BAND_HEIGHTS))]
    found: list[list[Triple]] = []
    while stack:
        top, heights = stack[-1]
        if top == height:
            return [triple for part in found for triple in part]
        for size in heights:
            bottom = top + size
            if bottom > height or bottom in dead or height - bottom == 1:
                continue
            part = band(top, bottom)
            if part is not None:
                found.append(part)
                stack.append((bottom, iter(_BAND_HEIGHTS)))
                break
        else:
            stack.pop()
            dead.add(top)
            if found:
                found.pop()
    return None


def _region_cells(region: int, stride: int) -> list[Cell]:
    return [divmod(index, stride) for index in bit_indices(region)]


def _tile_region(
    cells: list[Cell], budget: Budget, rng: random.Random | None, what: str
) -> list[Triple] | None:
    """A tiling of one connected region (its cells, at any size and place), ``None`` when
    it has none."""
    top = min(row for row, _ in cells)
    left = min(col for _, col in cells)
    height = max(row for row, _ in cells) - top + 1
    width = max(col for _, col in cells) - left + 1
    narrow = min(height, width)
    if narrow > SWEEP_WIDTH and height * width > SEARCH_MAX_CELLS:
        # A box too large for the bitboards: the sweep over the region's own cells when
        # they lie close in some order, else the learning search (which needs no box).
        swept = sweep_cells(cells, budget, what=what)
        return learning_tiling(cells, budget, rng, what=what) if swept is False else swept
    inside = {(row - top, col - left) for row, col in cells}

    def shifted(found: list[Triple] | None) -> list[Triple] | None:
        if found is None:
            return None
        return [((a[0] + top, a[1] + left), (b[0] + top, b[1] + left),
                 (c[0] + top, c[1] + left)) for a, b, c in found]

    if narrow <= SWEEP_WIDTH:
        blocked = [(r, c) for r in range(height) for c in range(width) if (r, c) not in inside]
        return shifted(profile_tiling(height, width, blocked, budget, rng))
    # Search along the shorter side: the first free cell in reading order then moves
    # along a short frontier.
    transposed = width > height
    if transposed:
        height, width = width, height
        inside = {(col, row) for row, col in inside}
    found = _search_region(inside, height, width, budget, rng, what)
    if found is None:
        return None
    if found is not None and transposed:
        found = [((a[1], a[0]), (b[1], b[0]), (c[1], c[0])) for a, b, c in found]
    return shifted(found)


def _search_region(
    inside: set[Cell], height: int, width: int, budget: Budget, rng: random.Random | None,
    what: str,
) -> list[Triple] | None:
    """Tile a region at least :data:`SWEEP_WIDTH` across, *width* its shorter side:
    a short search first (it proves the usual local obstructions and finds easy
    tilings), then a cut into bands the sweep tiles, then the sweep for a narrow
    region, or else the search that learns from its dead ends
    (:func:`~puzzlekit.tromino.learning.learning_tiling`), which does not thrash where
    holes are all over the region."""
    stride = width + 1
    search = _Search(width, "L", budget, what)
    free = cells_mask(inside, height, width)
    masks: list[int] | None
    try:
        patience = min(_PATIENCE * len(inside) // 3, _PATIENCE_MAX)
        masks = next(search.run(free, rng, patience=patience), None)
    except _Impatient:
        found = _bands(inside, height, width, budget, rng)
        if found is not None:
            return found
        if width <= _SWEEP_FALLBACK_WIDTH:
            blocked = [(r, c) for r in range(height) for c in range(width)
                       if (r, c) not in inside]
            return profile_tiling(height, width, blocked, budget, rng)
        return learning_tiling(inside, budget, rng, what=what)
    if masks is None:
        return None
    return [
        (divmod(a, stride), divmod(b, stride), divmod(c, stride))
        for a, b, c in (tuple(bit_indices(mask)) for mask in masks)
    ]


POCKET_CELLS = 4096
"""Regions of at most this many free cells are tiled (or proved untileable) by the
search on their own, on a board of any size (:func:`tile_pockets`)."""


def tile_pockets(
    height: int, width: int, blocked: frozenset[Cell], budget: Budget,
    rng: random.Random | None = None, *, what: str = "tile",
) -> tuple[list[Triple], frozenset[Cell]] | None:
    """Tile each small region (a *pocket*: at most :data:`POCKET_CELLS` cells, however
    spread out) of a board with several regions, at any size: the trominoes
    and the cells they cover, or ``None`` when some pocket has no tiling (a proof
    for the whole board). The regions come from the runs between the cells of
    *blocked*; with one region there is nothing to split.

    >>> found, filled = tile_pockets(5000, 5000, frozenset({(0, 2), (1, 1), (2, 0)}), Budget())
    >>> found, sorted(filled)
    ([((0, 0), (0, 1), (1, 0))], [(0, 0), (0, 1), (1, 0)])
    >>> tile_pockets(5000, 5000, frozenset({(0, 3), (1, 0), (1, 1), (1, 2)}), Budget())
    """
    regions = free_regions(height, width, blocked)
    if len(regions) == 1:
        return [], frozenset()
    found: list[Triple] = []
    filled: list[Cell] = []
    for region in regions:
        if region.cells > POCKET_CELLS:
            continue
        cells = list(region.cell_list())
        tiled = _tile_region(cells, budget, rng, what)
        if tiled is None:
            return None
        found += tiled
        filled += cells
    return found, frozenset(filled)


CELL_SWEEP_SPAN = 24
"""The most free cells, counted in reading order, that a tromino's cells may lie apart for
:func:`sweep_cells` to take a region (its state holds one bit for each)."""


def sweep_cells(cells: Iterable[Cell], budget: Budget, *, what: str = "tile"
                ) -> list[Triple] | Literal[False] | None:
    """A tiling of a region given by its free *cells* (any shape, at any place), by a
    sweep over those cells alone in reading order (or column by column, whichever keeps
    a tromino's cells closer in that order); ``None`` when it has none, and ``False``
    when a tromino's cells may lie more than :data:`CELL_SWEEP_SPAN` free cells apart
    both ways (the sweep would not pay). It costs the cells times the ways the cells
    just ahead can be covered, whatever the region's bounding box: for thin regions
    spread far, such as a free diagonal strip across a large board.

    >>> def strip(first):  # the cells of a 60 x 60 board with first <= row + col <= first + 2
    ...     return [(r, c) for r in range(60) for c in range(60) if 0 <= r + c - first <= 2]
    >>> len(sweep_cells(strip(31), Budget()))  # 99 cells: 33 trominoes
    33
    >>> sweep_cells(strip(30), Budget()) is None  # its ends take rows in pairs that clash
    True
    >>> sweep_cells([(0, 0), (0, 0), (0, 1)], Budget())
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: cell row 0, column 0 is given twice
    """
    cells = [as_cell(cell) for cell in cells]
    seen: set[Cell] = set()
    for cell in cells:
        if cell in seen:
            raise ArgumentError(f"cell {where(*cell)} is given twice")
        seen.add(cell)
    if len(cells) % 3:
        return None
    best: tuple[int, bool, list[Cell], dict[Cell, int]] | None = None
    for transposed in (False, True):
        order = sorted((col, row) for row, col in cells) if transposed else sorted(cells)
        index = {cell: i for i, cell in enumerate(order)}
        span = _span(order, index)
        if best is None or span < best[0]:
            best = (span, transposed, order, index)
        on_time(budget, what)  # a region of a million cells takes a second each way
    assert best is not None
    span, transposed, order, index = best
    if span > CELL_SWEEP_SPAN:
        return False
    # Per cell: the trominoes whose first cell in the order it is, as the offsets of their
    # cells from it (a mask) and their cells.
    placements: list[list[tuple[int, Triple]]] = []
    for i, (row, col) in enumerate(order):
        right, below, below_left, below_right = (
            (row, col + 1), (row + 1, col), (row + 1, col - 1), (row + 1, col + 1))
        here = []
        for other, last in ((right, below), (right, below_right), (below, below_right),
                            (below_left, below)):
            if other in index and last in index:
                mask = 1 | 1 << index[other] - i | 1 << index[last] - i
                here.append((mask, ((row, col), other, last)))
        placements.append(here)
    # Per cell: each state (bit k: the cell k places on is covered) reached before it,
    # with the state it came from and the tromino laid.
    layers: list[dict[int, tuple[int, Triple | None]]] = []
    layer: dict[int, tuple[int, Triple | None]] = {0: (0, None)}
    for here in placements:
        if budget.spend(len(layer)):
            raise budget.limit_reached(what)
        moved: dict[int, tuple[int, Triple | None]] = {}
        for state in layer:
            if state & 1:
                moved.setdefault(state >> 1, (state, None))
                continue
            for mask, triple in here:
                if not state & mask:
                    moved.setdefault((state | mask) >> 1, (state, triple))
        if not moved:
            return None
        layers.append(layer)
        layer = moved
    if 0 not in layer:
        return None
    found: list[Triple] = []
    state = 0
    for i in range(len(order) - 1, -1, -1):
        state, laid = layer[state]
        if laid is not None:
            found.append(laid)
        layer = layers[i]
    if transposed:
        found = [((a[1], a[0]), (b[1], b[0]), (c[1], c[0])) for a, b, c in found]
    return found


def _span(order: list[Cell], index: dict[Cell, int]) -> int:
    """How many cells, in *order*, a tromino's cells lie apart at most; once that is over
    :data:`CELL_SWEEP_SPAN`, any number over it (a wide region is found so at once)."""
    span = 0
    for at, (row, col) in enumerate(order):
        for cell in ((row, col + 1), (row + 1, col - 1), (row + 1, col), (row + 1, col + 1)):
            apart = index.get(cell, -1) - at
            if apart > span:
                span = apart
        if span > CELL_SWEEP_SPAN:
            break
    return span


def check_search_size(height: int, width: int) -> None:
    """Refuse a board the bitboard search cannot take (over :data:`SEARCH_MAX_CELLS`
    cells and too wide for the sweep), before anything the size of the board is made:
    for the graders, which play the board on bitboards
    (:func:`~puzzlekit.tromino.walkthrough`).

    >>> check_search_size(16, 10**5)  # (height, width): a sweep 16 across
    >>> check_search_size(2048, 2048)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: a 2048x2048 board with these holes is too large for \
the bitboard search (at most 32,768 cells, or 16 across for the sweep)
    """
    if height * width > SEARCH_MAX_CELLS and min(height, width) > MAX_SWEEP_WIDTH["L"]:
        raise ArgumentError(
            f"a {width}x{height} board with these holes is too large for the bitboard "
            f"search (at most {SEARCH_MAX_CELLS:,} cells, or "
            f"{MAX_SWEEP_WIDTH['L']} across for the sweep)"
        )


def tile_free_cells(
    height: int,
    width: int,
    blocked: Iterable[Cell],
    budget: Budget,
    rng: random.Random | None = None,
    *,
    what: str = "tile",
) -> list[Triple] | None:
    """The trominoes (as cell triples) of a tiling of the board minus *blocked*, or
    ``None`` when it has none; :class:`~puzzlekit.LimitReached` when *budget* runs
    out first. A board over :data:`SEARCH_MAX_CELLS` cells goes to the profile sweep
    when it is at most :data:`~puzzlekit.tromino.MAX_SWEEP_WIDTH` across, and is
    otherwise split into its regions, which are tiled one by one (the learning
    search takes the large ones: a region of over
    :data:`~puzzlekit.tromino.learning.LEARNING_MAX_CELLS` free cells is an
    :class:`~puzzlekit.ArgumentError`).

    >>> tile_free_cells(2, 2, [(0, 0)], Budget())
    [((0, 1), (1, 0), (1, 1))]
    >>> tile_free_cells(4, 4, [(0, 1), (1, 0)], Budget()) is None  # (0, 0) cut off
    True
    >>> len(tile_free_cells(200, 200, [(0, 0), (0, 1), (0, 2), (0, 3)], Budget()))
    13332
    >>> tile_free_cells(200, 200, [(500, 500), (0, 0), (0, 1), (0, 2)], Budget())
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: blocked cell at row 500, column 500 is off the \
200x200 board
    """
    height, width = check_size(height, width)
    blocked = set(check_blocked(height, width, blocked))
    if (height * width - len(blocked)) % 3:
        return None
    if height * width > SEARCH_MAX_CELLS:
        if min(height, width) == 1:
            return None if height * width > len(blocked) else []
        if min(height, width) <= MAX_SWEEP_WIDTH["L"]:
            return profile_tiling(height, width, blocked, budget, rng)
        return _tile_large(height, width, frozenset(blocked), budget, rng, what)
    stride = width + 1
    free = full_mask(height, width) & ~cells_mask(blocked, height, width)
    regions = _regions(free, stride)
    if any(region.bit_count() % 3 for region in regions):
        return None
    if any(not any(anchor_masks(region, width)) for region in regions):
        return None  # a region no tromino fits in
    found: list[Triple] = []
    for region in regions:
        tiled = _tile_region(_region_cells(region, stride), budget, rng, what)
        if tiled is None:
            return None
        found += tiled
    return found


def _tile_large(
    height: int, width: int, blocked: frozenset[Cell], budget: Budget,
    rng: random.Random | None, what: str,
) -> list[Triple] | None:
    """:func:`tile_free_cells` of a board too large for the bitboards, region by region."""
    regions = free_regions(height, width, blocked)
    if any(region.cells % 3 for region in regions):
        return None
    for region in regions:
        if region.cells > LEARNING_MAX_CELLS:  # refused before its cells are listed
            raise ArgumentError(
                f"a {width}x{height} board with {len(blocked):,} blocked cells has a region "
                f"of {region.cells:,} free cells that no construction splits: too large for "
                f"the learning search (at most {LEARNING_MAX_CELLS:,} cells)")
    found: list[Triple] = []
    for region in regions:
        on_time(budget, what)
        tiled = _tile_region(list(region.cell_list()), budget, rng, what)
        if tiled is None:
            return None
        found += tiled
    return found


def search_tiling(
    height: int, width: int, blocked: Iterable[Cell], budget: Budget,
    rng: random.Random | None = None, *, what: str = "tile",
) -> list[Triple] | None:
    """:func:`tile_free_cells` by the bitboard search alone, without splitting the
    board into regions or handing it to the sweep: faster on boards of a few dozen
    cells, where setting those up costs more than the search (keep to about 12 x 12).

    >>> search_tiling(2, 3, [], Budget(), random.Random(1))
    [((0, 0), (0, 1), (1, 0)), ((0, 2), (1, 1), (1, 2))]
    """
    stride = width + 1
    free = full_mask(height, width) & ~cells_mask(blocked, height, width)
    masks = next(_Search(width, "L", budget, what).run(free, rng), None)
    if masks is None:
        return None
    return [
        (divmod(a, stride), divmod(b, stride), divmod(c, stride))
        for a, b, c in (tuple(bit_indices(mask)) for mask in masks)
    ]


def quick_tiling(
    height: int, width: int, blocked: Iterable[Cell], budget: Budget, *, what: str = "tile",
    patience: int | None = None,
) -> list[Triple] | None:
    """A tiling of a small board minus *blocked* found by the bitboard search within
    *patience* (default 4) nodes a free cell (along the shorter side), or ``None``: none
    exists, or none was found so soon. For pieces of a construction, where a
    piece that does not fit at once is better cut another way.

    >>> quick_tiling(2, 3, [(0, 0), (1, 0), (0, 1)], Budget())
    [((0, 2), (1, 1), (1, 2))]
    """
    cells = set(blocked)
    transposed = width > height
    if transposed:
        height, width = width, height
        cells = {(col, row) for row, col in cells}
    stride = width + 1
    free = full_mask(height, width) & ~cells_mask(cells, height, width)
    try:
        masks = next(_Search(width, "L", budget, what).run(
            free, None, patience=(patience or _PATIENCE) * free.bit_count()), None)
    except _Impatient:
        return None
    if masks is None:
        return None
    found = [tuple(divmod(index, stride) for index in bit_indices(mask)) for mask in masks]
    if transposed:
        found = [tuple(sorted((col, row) for row, col in triple)) for triple in found]
    return found  # type: ignore[return-value]


def decide_free_cells(
    height: int, width: int, blocked: Iterable[Cell], budget: Budget
) -> bool:
    """Whether the board minus *blocked* has a tiling (as :func:`tile_free_cells`, but
    a narrow board over :data:`SEARCH_MAX_CELLS` cells only needs the decision sweep).

    >>> decide_free_cells(5, 5, [(1, 1)], Budget())
    False
    """
    blocked = set(blocked)
    if height * width > SEARCH_MAX_CELLS and min(height, width) <= MAX_SWEEP_WIDTH["L"]:
        if (height * width - len(blocked)) % 3:
            return False
        if min(height, width) == 1:
            return height * width == len(blocked)
        return sweep_decides(height, width, blocked, "L", budget)
    return tile_free_cells(height, width, blocked, budget, what="is_tileable") is not None


def _taken(board: Board) -> set[Cell]:
    return {*board.holes, *(cell for tromino in board.trominoes for cell in tromino.cells)}


def as_trominoes(found: Iterable[Triple]) -> list[Tromino]:
    """The trominoes of cell triples, in reading order of their first cells.

    >>> as_trominoes([((1, 1), (0, 1), (1, 0))])
    [Tromino.parse('0,0 nw')]
    """
    return sorted((Tromino(cells) for cells in found), key=lambda t: t.cells)


def solve(
    board: Board,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    seed: int | None = None,
    worker: int = 0,
) -> SearchResult[Board, Tromino]:
    """Complete *board* (keeping the trominoes already placed) by exact search, or
    prove that it cannot be completed.

    The result's ``moves`` are the trominoes added, in reading order; with
    ``complete=True`` its ``final`` board is solved, or ``proved_unsolvable``
    holds. A limit (or Ctrl-C) gives ``complete=False`` and no moves. The
    search tries its options in a random order: the same *seed* (and *worker*)
    gives the same tiling, ``seed=None`` a fresh one each time. *worker*, this
    run's index in a portfolio, draws another order from the same seed.

    >>> result = solve(Board(2, 3), seed=1)
    >>> result.final.is_solved, len(result.moves), result.replayed() == result.final
    (True, 2, True)
    >>> solve(Board(6, 6), node_limit=0).complete
    False
    >>> solve(Board(6, 6), seed=1) == solve(Board(6, 6), seed=1, worker=0)
    True
    """
    if not isinstance(board, Board):
        raise TypeError(f"solve() needs a Board, not {type(board).__name__}")
    worker = check_int("worker", worker, minimum=0)
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    rng = make_rng(seed)
    if seed is not None and worker:
        # A tuple of ints hashes the same in every process, so (seed, worker) reproduces.
        rng = make_rng(hash((seed, worker)))
    started = time.perf_counter()

    def result(moves: list[Tromino], complete: bool) -> SearchResult[Board, Tromino]:
        final = board
        if moves:  # they tile every free cell (checked by the search): nothing left free
            final = Board(board.height, board.width, board.holes,
                          board.trominoes.union(moves), _free=0)
        return SearchResult(board, tuple(moves), final, complete, budget.nodes,
                            time.perf_counter() - started)

    # It builds on this module.
    from puzzlekit.tromino.construct import collector_paused, complete

    try:
        found = complete(board.height, board.width, _taken(board), budget, rng, what="solve")
    except LimitReached:
        return result([], False)
    except KeyboardInterrupt:
        budget.interrupt()
        return result([], False)
    with collector_paused():  # a large board's final board holds millions of trominoes
        return result([] if found is None else found, True)


@attrs.frozen
class TilingCount:
    """What :func:`search_count` found: how many tilings, and whether it counted them all.

    >>> TilingCount(4, True).count
    4
    """

    count: int
    """The tilings counted (all of them when :attr:`complete`)."""
    complete: bool
    """Whether the enumeration finished, so that :attr:`count` is exact."""


def search_count(
    board: Board,
    pieces: Pieces = "L",
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> TilingCount:
    """Count tilings by enumerating them all (placed trominoes ignored).

    A check on :func:`~puzzlekit.tromino.count_tilings` for small boards, by
    another method; the board must have at most :data:`SEARCH_MAX_CELLS` cells.

    >>> search_count(Board(2, 6))
    TilingCount(count=4, complete=True)
    >>> search_count(Board(3, 3), "LI").count
    10
    """
    if not isinstance(board, Board):
        raise TypeError(f"search_count() needs a Board, not {type(board).__name__}")
    pieces = check_pieces(pieces)
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    if board.area % 3:
        return TilingCount(0, True)
    if board.height * board.width > SEARCH_MAX_CELLS:
        raise ArgumentError(
            f"search_count takes boards of up to {SEARCH_MAX_CELLS:,} cells, "
            f"not {board.width}x{board.height}"
        )
    free = full_mask(board.height, board.width) & ~cells_mask(
        board.holes, board.height, board.width
    )
    search = _Search(board.width, pieces, budget, "search_count")
    count = 0
    try:
        for _ in search.run(free, None):
            count += 1
    except LimitReached:
        return TilingCount(count, False)
    return TilingCount(count, True)
