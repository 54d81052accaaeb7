"""Constructions: tile the classic boards directly, decide the rest exactly.

* ``2^k x 2^k`` with one hole (Golomb 1954): divide and conquer. Every
  quadrant without the hole has its hole at the corner facing the centre, so
  its tiling is one of four *corner templates* of its size, shifted. The
  templates are built bottom up by concatenating shifted lists of codes; only
  the quadrants on the path to the real hole are handled one by one. The
  order is the recursive preorder (centre tromino, then the quadrants
  top-left, top-right, bottom-left, bottom-right) with no recursion at all.
* Other rectangles with one hole (Chu & Johnsonbaugh 1986 for squares, Ash &
  Golomb 2004 for rectangles): strips six cells wide that avoid the hole are
  cut off (each is tiled by 2x3, 3x2 and 5x9 blocks) until a core of at most
  11 x 11 around the hole is left, which the exact search tiles.
* Several holes on 1,000 cells or more: cuts into rectangles with at most one
  hole (:func:`decompose`, up to 64 holes), else full-width strips cut into
  blocks that the theorems or, when small, the search tile
  (:func:`strip_decompose`, any number of holes).
* What no cut tiles, on boards too large for the search: a sweep of bands a few
  rows high (:func:`~puzzlekit.tromino.bands.band_sweep`) over only the slabs of
  rows, and within them of columns, that hold blocked cells, the rest tiled by the
  theorems (:func:`slab_sweep`, any size; first, where the slabs are at most a
  quarter of the board).
* Anything else: the exact search of :mod:`puzzlekit.tromino.solver` (regions,
  profile sweep, bitboard search).

:func:`is_tileable` answers from the theorems where they apply and from the
exact search otherwise. Every call spends one budget (``node_limit=``,
``time_limit=``, ``progress=``) over all its phases, and raises
:class:`~puzzlekit.LimitReached` when it runs out.

>>> from puzzlekit.tromino import Board
>>> tiling = tile(Board.square(8, (5, 2)))
>>> tiling.is_valid(), len(tiling)
(True, 21)
>>> is_tileable(Board.square(5, (1, 0)))
False
"""

from __future__ import annotations

import gc
import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from itertools import pairwise
from typing import NamedTuple, TypeVar

import attrs

from puzzlekit.errors import ArgumentError, UnsolvableError
from puzzlekit.grid import Cell, check_int
from puzzlekit.limits import Budget, ProgressCallback, on_time
from puzzlekit.tromino.bands import BAND_MAX_CELLS, band_sweep, dense
from puzzlekit.tromino.board import BLOCK_CELLS, Board, Tromino, check_blocked, check_size
from puzzlekit.tromino.solver import (
    SEARCH_MAX_CELLS,
    Triple,
    as_trominoes,
    decide_free_cells,
    obstruction,
    quick_tiling,
    tile_free_cells,
    tile_pockets,
)
from puzzlekit.tromino.tiling import Tiling, tromino_of

__all__ = [
    "DEFAULT_MAX_CELLS",
    "decompose",
    "hint",
    "is_tileable",
    "rectangle_tileable",
    "slab_sweep",
    "strip_decompose",
    "tile",
    "untileable_reason",
]

DEFAULT_MAX_CELLS = 1 << 24
"""The largest board (in cells) :func:`tile` builds unless given ``max_cells=``."""

_T = TypeVar("_T")
_S = TypeVar("_S")
_BYTES_PER_TROMINO = 100  # peak while building: the codes' ints, lists and templates
_CORE = 11  # the strip decomposition leaves a core at most this wide


# -- divide and conquer on 2^k boards -----------------------------------------------------


def _is_power_of_two(n: int) -> bool:
    return n & (n - 1) == 0


def _corner_templates(size: int, stride: int, budget: Budget,
                      what: str) -> dict[int, list[list[int]]]:
    """For each power of two ``s`` up to *size* and each corner q (0 nw, 1 ne, 2 sw,
    3 se): the codes, at stride *stride* and relative to the square's top-left cell,
    of the ``s x s`` square whose hole is its corner q, in divide-and-conquer
    preorder. A corner-q square splits into a corner-q quadrant q and three
    quadrants whose hole is the corner facing the centre (``3 - quadrant``)."""
    templates = {2: [[q] for q in range(4)]}  # 2x2: one tromino, leaving out the hole
    half = 2
    while half < size:
        offsets = [((quadrant >> 1) * half * stride + (quadrant & 1) * half) * 4
                   for quadrant in range(4)]
        centre = ((half - 1) * stride + half - 1) * 4
        smaller = templates[half]
        bigger = []
        for q in range(4):
            codes = [centre + q]
            for quadrant in range(4):
                shifted(codes, smaller[q if quadrant == q else 3 - quadrant], offsets[quadrant],
                        budget, what)
            bigger.append(codes)
        half *= 2
        templates[half] = bigger
    return templates


def _divide_and_conquer(n: int, hole: tuple[int, int], budget: Budget, what: str) -> list[int]:
    """The codes of Golomb's tiling of the ``n x n`` board (n a power of two), in the
    order of the recursive method: the centre tromino, then the four quadrants."""
    if n == 1:
        return []
    templates = _corner_templates(n // 2, n, budget, what)
    # Walk down to the hole; the quadrants before the hole's come before its subtree,
    # those after it come after the whole subtree.
    prefix: list[int] = []
    suffixes: list[list[int]] = []
    top = left = 0
    size = n
    hole_row, hole_col = hole
    while size > 2:
        half = size // 2
        below, right = hole_row >= top + half, hole_col >= left + half
        q = 2 * below + right
        prefix.append(((top + half - 1) * n + left + half - 1) * 4 + q)
        after: list[int] = []
        for quadrant in range(4):
            if quadrant != q:
                shift = ((top + (quadrant >> 1) * half) * n + left + (quadrant & 1) * half) * 4
                shifted(prefix if quadrant < q else after, templates[half][3 - quadrant], shift,
                        budget, what)
        suffixes.append(after)
        top += below * half
        left += right * half
        size = half
    prefix.append((top * n + left) * 4 + 2 * (hole_row - top) + (hole_col - left))
    for after in reversed(suffixes):
        prefix += after
    return prefix


_CODES_PER_LOOK = 1 << 16  # codes built between two looks at the clock (a few milliseconds)


def shifted(out: list[int], codes: list[int], shift: int, budget: Budget, what: str) -> None:
    """Append the *codes* moved by *shift* (a code's difference) to *out*, looking at the
    clock (:func:`on_time`) between chunks.

    >>> out = [1]
    >>> shifted(out, [0, 8], 4, Budget(), "tile")
    >>> out
    [1, 4, 12]
    """
    for start in range(0, len(codes), _CODES_PER_LOOK):
        out += [code + shift for code in codes[start:start + _CODES_PER_LOOK]]
        on_time(budget, what)


# -- rectangles -----------------------------------------------------------------------------

# Small block tilings as (row, col, orientation) of each tromino.
_BLOCK_2X3 = ((0, 0, 3), (0, 1, 0))
_BLOCK_3X2 = ((0, 0, 3), (1, 0, 0))


@cache
def _block(height: int, width: int) -> tuple[tuple[int, int, int], ...]:
    """A tiling of a small block, found once by the exact search (5x9 and 9x5)."""
    found = tile_free_cells(height, width, (), Budget())
    assert found is not None, f"{width}x{height} is tileable"
    return tuple(
        (tromino.row, tromino.col, tromino.orientation) for tromino in as_trominoes(found)
    )


def rectangle_tileable(height: int, width: int) -> bool:
    """Chu & Johnsonbaugh: a hole-free rectangle can be tiled iff 3 divides its area,
    both sides are at least 2, and it is not 3 by an odd number.

    >>> rectangle_tileable(3, 4), rectangle_tileable(3, 5), rectangle_tileable(5, 9)
    (True, False, True)
    """
    if (height * width) % 3 or min(height, width) < 2:
        return False
    return not ((height == 3 and width % 2) or (width == 3 and height % 2))


def fill_rectangle(out: list[int], stride: int, top: int, left: int, height: int,
                    width: int, budget: Budget, what: str) -> None:
    """Append the codes of a tiling of a hole-free rectangle (one that
    :func:`rectangle_tileable` accepts) at (*top*, *left*) on a board *stride* wide,
    looking at *budget*'s clock as it goes (:func:`on_time`).

    >>> out = []
    >>> fill_rectangle(out, 3, 0, 0, 2, 3, Budget(), "tile")
    >>> out
    [3, 4]
    """
    work = [(top, left, height, width)]
    while work:
        top, left, height, width = work.pop()
        if height == 0 or width == 0:
            continue
        if height % 2 == 0 and width % 3 == 0:
            _repeat(out, stride, top, left, height, width, 2, 3, _BLOCK_2X3, budget, what)
        elif height % 3 == 0 and width % 2 == 0:
            _repeat(out, stride, top, left, height, width, 3, 2, _BLOCK_3X2, budget, what)
        elif height % 6 == 0:  # width odd, not a multiple of 3
            work += [(top, left, height, 3), (top, left + 3, height, width - 3)]
        elif width % 6 == 0:  # height odd, not a multiple of 3
            work += [(top, left, 3, width), (top + 3, left, height - 3, width)]
        elif width % 3 == 0:  # both odd, width >= 9, height >= 5
            _repeat(out, stride, top, left, 5, 9, 5, 9, _block(5, 9), budget, what)
            work += [(top + 5, left, height - 5, 9), (top, left + 9, height, width - 9)]
        else:  # both odd, height >= 9, width >= 5
            _repeat(out, stride, top, left, 9, 5, 9, 5, _block(9, 5), budget, what)
            work += [(top, left + 5, 9, width - 5), (top + 9, left, height - 9, width)]


def _repeat(out: list[int], stride: int, top: int, left: int, height: int, width: int,
            block_height: int, block_width: int, block: tuple[tuple[int, int, int], ...],
            budget: Budget, what: str) -> None:
    """Fill the rectangle with copies of a block tiling: one row of blocks, then that
    row shifted down."""
    first = [((top + row) * stride + col + at) * 4 + o
             for at in range(left, left + width, block_width) for row, col, o in block]
    for row in range(0, height, block_height):
        shifted(out, first, row * stride * 4, budget, what)


def _windows(length: int, hole: int) -> Iterator[tuple[int, int]]:
    """The ways to keep a core ``(start, size)`` of a side of *length* around *hole*,
    cutting six-wide strips off both ends, smallest first: the core is at least 4
    long and never 5 (where some holes fail). Generated as needed: listing them
    all would take time quadratic in *length*."""
    size = length
    while size >= 10 and size != _CORE:
        size -= 6
    for core in range(size, length + 1, 6):
        first = max(0, -(-(hole - core + 1) // 6) * 6)  # the first multiple of 6 that fits
        for start in range(first, min(hole, length - core) + 1, 6):
            yield start, core


def _strips(board: Board, hole: tuple[int, int], budget: Budget,
            what: str) -> tuple[list[int], tuple[int, int, int, int]]:
    """Cut six-wide hole-free strips off a one-hole rectangle: their codes and a core
    ``(top, left, height, width)`` around the hole that can be tiled (Ash and Golomb's
    conditions, checked on each candidate core)."""
    core = next(
        (top, left, height, width)
        for top, height in _windows(board.height, hole[0])
        for left, width in _windows(board.width, hole[1])
        if one_hole_reason(height, width, (hole[0] - top, hole[1] - left)) is None
    )
    top, left, height, width = core
    out: list[int] = []
    stride = board.width
    # Full-width strips above and below the core, then core-high strips beside it.
    fill_rectangle(out, stride, 0, 0, top, stride, budget, what)
    fill_rectangle(out, stride, top + height, 0, board.height - top - height, stride, budget,
                   what)
    fill_rectangle(out, stride, top, 0, height, left, budget, what)
    fill_rectangle(out, stride, top, left + width, height, stride - left - width, budget, what)
    return out, core


# -- deciding --------------------------------------------------------------------------------


def one_hole_reason(height: int, width: int, hole: Cell) -> str | None:
    """Why the one-hole rectangle cannot be tiled (area a multiple of 3 assumed), or
    ``None`` when it can (Chu and Johnsonbaugh; Ash and Golomb)."""
    if min(height, width) == 1:
        if height * width == 1:
            return None
        return "a board one cell wide has no room for an L-tromino"
    row, col = hole
    if (height, width) == (5, 5):
        if row % 2 or col % 2:
            return (
                "5x5 colouring argument: the 9 cells with both coordinates even lie in "
                "different 2x2 blocks, so the 8 trominoes cover at most 8 of them and the "
                f"hole must be one of them; {hole} is not"
            )
        return None
    if width == 2:
        height, width, row, col = width, height, col, row
    if height == 2 and col % 3 == 2:
        return (
            f"Ash and Golomb: on a 2-wide board the hole must not be at a position 2 mod 3 "
            f"along it (0-based); {hole} is"
        )
    if width == 5:
        height, width, row, col = width, height, col, row
    if height == 5 and row == 2 and col in (1, width - 2):
        return (
            "Ash and Golomb: on a 5-wide board the hole must not be the middle cell of the "
            f"second or second-to-last line across; {hole} is"
        )
    return None


def untileable_reason(board: Board) -> str | None:
    """Why *board* cannot be tiled, from a theorem or at a glance, or ``None`` when
    neither rules it out. For a rectangle with at most one hole ``None`` means it
    can be tiled. With several holes (on a board of any size) it also names a
    free cell no tromino fits around, or a region walled off by holes whose
    cells are not a multiple of 3 (``search.obstruction``).

    >>> untileable_reason(Board.square(6, (0, 0)))
    '3 divides 6, so the 6x6 board minus one cell has 35 cells, not a multiple of 3'
    >>> print(untileable_reason(Board.square(5, (0, 1))))
    5x5 colouring argument: the 9 cells with both coordinates even lie in different 2x2 \
blocks, so the 8 trominoes cover at most 8 of them and the hole must be one of them; \
(0, 1) is not
    >>> untileable_reason(Board(4, 4, [(0, 2), (1, 2), (2, 0), (2, 1)]))
    'the free cells joined to row 0, column 0 are walled off by holes and number 4, not a \
multiple of 3'
    """
    height, width = board.height, board.width
    if board.area % 3:
        if height == width and height % 3 == 0 and len(board.holes) == 1:
            return (
                f"3 divides {height}, so the {width}x{height} board minus one cell has "
                f"{board.area} cells, not a multiple of 3"
            )
        return f"the board has {board.area} cells to cover, not a multiple of 3"
    if board.area and min(height, width) == 1:
        return "a board one cell wide has no room for an L-tromino"
    if len(board.holes) >= 2:
        reason = obstruction(height, width, board.holes)
        if reason is not None:
            return reason
    if len(board.holes) == 1:
        (hole,) = board.holes
        return one_hole_reason(height, width, hole)
    if not board.holes and not rectangle_tileable(height, width):
        return f"a {width}x{height} rectangle cannot be tiled (Chu and Johnsonbaugh: 3 by odd)"
    return None


def _budget(
    node_limit: int | None, time_limit: float | None, progress: ProgressCallback | None
) -> Budget:
    return Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)


def is_tileable(
    board: Board,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> bool:
    """Whether *board* (holes removed, placed trominoes ignored) can be tiled.

    Exact, by the same route as :func:`tile` at every size: the theorems for
    rectangles with at most one hole, proofs from regions and pockets, the
    decomposition into rectangles the theorems tile, and the exact search
    (regions, profile sweep, bitboard and learning searches) on what is left. A
    limit raises :class:`~puzzlekit.LimitReached`, never a guess. The one board
    refused (an :class:`~puzzlekit.ArgumentError`, and :func:`tile` and
    :func:`~puzzlekit.tromino.solve` refuse it the same way) is one that leaves a
    region of over :data:`~puzzlekit.tromino.learning.LEARNING_MAX_CELLS` free cells
    that none of these settles, since the learning search would need gigabytes.

    >>> is_tileable(Board.square(7, (3, 3))), is_tileable(Board(2, 5, [(0, 2)]))
    (True, False)
    >>> is_tileable(Board(10, 10, [(2, 4), (5, 9), (8, 6), (8, 7)]))
    False
    """
    if not isinstance(board, Board):
        raise TypeError(f"is_tileable() needs a Board, not {type(board).__name__}")
    budget = _budget(node_limit, time_limit, progress)
    board = board.cleared()
    if untileable_reason(board) is not None:
        return False
    if len(board.holes) <= 1:
        return True
    built = _construct(board.height, board.width, board.holes, budget, None, "is_tileable",
                       build=False, screened=True)
    if isinstance(built, Residue):
        return decide_free_cells(board.height, board.width, built.blocked, budget)
    return built is not None


def one_hole_codes(height: int, width: int, hole: Cell, budget: Budget, what: str) -> list[int]:
    """The codes (at stride *width*) of a tiling of a one-hole rectangle that
    :func:`untileable_reason` accepts: Golomb's for ``2^k`` squares, else strips
    around a small searched core."""
    if height == width and _is_power_of_two(height):
        return _divide_and_conquer(height, hole, budget, what)
    codes, (top, left, core_height, core_width) = _strips(Board(height, width, [hole]), hole,
                                                          budget, what)
    found = tile_free_cells(core_height, core_width, [(hole[0] - top, hole[1] - left)],
                            budget)
    if found is None:
        raise AssertionError("the core of a tileable board is tileable")  # pragma: no cover
    return codes + codes_of(found, width, top, left)


_DECOMPOSE_HOLES = 64  # more blocked cells than this: straight to the exact search
_DECOMPOSE_STEPS = 20_000  # rectangles the decomposition looks at before giving up
_SEARCHED_LEAF = 200  # cells: a rectangle this small with several holes may be searched
_LAID_DEPTH = 0  # a rectangle with more cells of laid trominoes is only cut straight
_LAID_STEPS = 300  # rectangles a side of a cut with a tromino laid across may look at

Rectangle = tuple[int, int, int, int]  # top, left, height, width
Piece = tuple[Rectangle, frozenset[Cell]]  # a rectangle and the cells of laid trominoes in it
Plan = tuple[list[Piece], list[int]]  # the pieces, and the codes of the trominoes laid across
Planner = Callable[[Rectangle, frozenset[Cell]], "Plan | None"]


def _within(rect: Rectangle, cells: Iterable[Cell]) -> frozenset[Cell]:
    top, left, rows, cols = rect
    return frozenset((r, c) for r, c in cells if top <= r < top + rows and left <= c < left + cols)


class _GiveUp(Exception):
    """The decomposition looked at too many rectangles."""


def decompose(
    height: int, width: int, blocked: frozenset[Cell], budget: Budget, *, what: str = "tile",
    build: bool = True,
) -> list[int] | None:
    """A tiling (codes at stride *width*) built by cutting the board across, again and
    again, into rectangles with at most one blocked cell that the theorems say can be
    tiled; ``None`` when no such cut is found (which proves nothing). A cut is straight,
    or has one tromino laid across it (two cells on one side, one on the other) where
    the free cells on each side are not a multiple of 3: holes near all four sides leave
    no straight cut. Fast where holes are few and far apart, where searches struggle.
    With ``build=False`` it only decides: ``[]`` when the cuts are found.

    >>> len(decompose(8, 9, frozenset({(0, 0), (7, 8), (3, 4)}), Budget()))
    23
    >>> len(decompose(63, 63, frozenset({(0, 31), (31, 0), (62, 62)}), Budget()))
    1322
    """
    height, width = check_size(height, width)
    cells = check_blocked(height, width, blocked)
    if not 2 <= len(cells) <= _DECOMPOSE_HOLES:  # before sorting a million cells
        return None
    holes = sorted(cells)
    plans: dict[Piece, Plan | None] = {}
    searched: dict[Piece, list[Triple]] = {}  # small leaves tiled by the search
    steps = 0
    limit = _DECOMPOSE_STEPS
    laying = False  # the first pass cuts straight only: laid trominoes multiply the cuts

    def plan(rect: Rectangle, laid: frozenset[Cell]) -> Plan | None:
        nonlocal steps
        if (rect, laid) in plans:
            return plans[rect, laid]
        steps += 1
        if budget.spend():
            raise budget.limit_reached(what)
        if steps > limit:
            raise _GiveUp
        top, left, rows, cols = rect
        cells = sorted(_within(rect, holes) | laid)
        inside = [(r - top, c - left) for r, c in cells]
        found: Plan | None = None
        if (rows * cols - len(inside)) % 3:
            found = None
        elif not inside:
            found = ([(rect, laid)], []) if rectangle_tileable(rows, cols) else None
        elif len(inside) == 1:
            found = ([(rect, laid)], []) if one_hole_reason(rows, cols, inside[0]) is None else None
        else:
            found = _cut(rect, cells, laid, plan, attempt if laying else None, width)
            if found is None and rows * cols <= _SEARCHED_LEAF:
                leaf = tile_free_cells(rows, cols, inside, budget)
                if leaf is not None:
                    searched[rect, laid] = leaf
                    found = ([(rect, laid)], [])
        plans[rect, laid] = found
        return found

    def attempt(rect: Rectangle, laid: frozenset[Cell]) -> Plan | None:
        # A side of a cut with a tromino laid across, given a few steps of its own: most
        # such sides fail, and a failure can take many.
        nonlocal limit
        outer = limit
        limit = min(outer, steps + _LAID_STEPS)
        try:
            return plan(rect, laid)
        except _GiveUp:
            if steps > outer:
                raise
            return None
        finally:
            limit = outer

    planned = None
    for laying in (False, True):  # noqa: B007 - plan reads it
        plans.clear()
        steps, limit = 0, _DECOMPOSE_STEPS
        try:
            planned = plan((0, 0, height, width), frozenset())
        except _GiveUp:
            continue
        if planned is not None:
            break
    if planned is None or not build:
        return None if planned is None else []
    pieces, codes = planned
    codes = list(codes)
    for piece in pieces:
        (top, left, rows, cols), laid = piece
        if piece in searched:
            codes += codes_of(searched[piece], width, top, left)
            continue
        inside = [(r - top, c - left) for r, c in _within(piece[0], holes) | laid]
        if not inside:
            fill_rectangle(codes, width, top, left, rows, cols, budget, what)
            continue
        codes += restrided(one_hole_codes(rows, cols, inside[0], budget, what), cols, width, top,
                           left, budget, what)
    return codes


def _cut_positions(lines: list[int], length: int, across: bool) -> list[tuple[int, bool, int]]:
    """Cuts of a side of *length* around the lines holding holes, each as (distance
    from the middle of the holes, across, position): in each gap between two hole
    lines, and in the gaps before the first and after the last (which peel off a
    strip without holes), those within 6 of either end and of its middle (enough
    to meet every remainder mod 6), not all of a long gap. A peel keeps 6 lines or
    fewer beside the holes: thinner peels would only lead to the same cuts again."""
    middle = lines[0] + lines[-1]
    found: set[int] = set()
    last = len(lines)
    for gap, (low, high) in enumerate(pairwise([0, *lines, length - 1])):
        centre = (low + high) // 2
        near_low, near_high = range(low + 1, low + 7), range(high - 5, high + 1)
        if gap == 0:
            spots: Iterable[int] = near_high
        elif gap == last:
            spots = near_low
        else:
            spots = (*near_low, *near_high, *range(centre - 3, centre + 4))
        found.update(at for at in spots if low < at <= high)
    # Peels first (nearest the holes first): they keep the holes together.
    return [(abs(2 * at - middle) - (4 * length if at <= lines[0] or at > lines[-1] else 0),
             across, at) for at in found]


def _along(length: int) -> list[int]:
    """Where along a cut of *length* a tromino laid across it may sit (its block's first
    line): a few near each end and the middle, enough to meet every remainder mod 6."""
    middle = length // 2 - 1
    spots = {*range(6), *range(middle - 3, middle + 3), *range(length - 8, length - 1)}
    return sorted(spot for spot in spots if 0 <= spot <= length - 2)


def _cut(
    rect: Rectangle, cells: list[Cell], laid: frozenset[Cell], plan: Planner,
    attempt: Planner | None, stride: int,
) -> Plan | None:
    """A plan for *rect* (whose blocked *cells*, holes and *laid* tromino cells, are
    given) cut once between its blocked cells, nearest their middle first: straight
    cuts (each side by *plan*), then, given an *attempt*, cuts with a tromino laid
    across (each side by *attempt*)."""
    top, left, rows, cols = rect
    cuts = sorted([*_cut_positions(sorted({r - top for r, _ in cells}), rows, True),
                   *_cut_positions(sorted({c - left for _, c in cells}), cols, False)])
    halves = []
    for _, across, at in cuts:
        if across:
            first, second = (top, left, at, cols), (top + at, left, rows - at, cols)
        else:
            first, second = (top, left, rows, at), (top, left + at, rows, cols - at)
        halves.append((across, at, first, second))
        above = plan(first, _within(first, laid))
        if above is None:
            continue
        below = plan(second, _within(second, laid))
        if below is not None:
            return above[0] + below[0], above[1] + below[1]
    if attempt is None or len(laid) > _LAID_DEPTH:
        return None
    taken = set(cells)
    spots = {True: _along(cols), False: _along(rows)}
    for across, at, first, second in halves:
        short = (first[2] * first[3] - len(_within(first, cells))) % 3
        if not short:
            continue  # the straight cut was tried
        # The tromino's 2x2 block straddles the cut; it leaves out a cell on the side
        # that takes one.
        for spot in spots[across]:
            if across:
                corner = (top + at - 1, left + spot)
                left_out = (2, 3) if short == 2 else (0, 1)
            else:
                corner = (top + spot, left + at - 1)
                left_out = (1, 3) if short == 2 else (0, 2)
            for orientation in left_out:
                piece = {(corner[0] + dr, corner[1] + dc) for dr, dc in BLOCK_CELLS[orientation]}
                if piece & taken:
                    continue
                above = attempt(first, _within(first, laid | piece))
                if above is None:
                    continue
                below = attempt(second, _within(second, laid | piece))
                if below is not None:
                    code = (corner[0] * stride + corner[1]) * 4 + orientation
                    return above[0] + below[0], [*above[1], *below[1], code]
    return None


# -- strips and blocks: boards with many holes ----------------------------------------------

_STRIP_HOLES = 30  # blocked cells a strip holds at most
_BLOCK_LEAF = 300  # cells: a block with several blocked cells is searched up to this size
_STRIP_STEPS = 2000  # blocks the strip decomposition looks at before giving up, and
_STRIP_STEPS_PER_CELL = 8  # ... this many more a blocked cell (plans take about 2)
_STRIP_STEPS_FIRST = 3  # ... or this many, in a first round each way
_STRIP_STALL = 400  # blocks thin strips look at without reaching further down before giving up
_DENSE_STALL = 300  # ... and the larger blocks of packed holes
_DENSE_LEAF = 600  # cells: with holes packed closely, blocks are searched up to this size
_DENSE_SIDE = 18  # ... and strips and blocks about this many lines across are tried first
_DENSE_PATIENCE = 8  # ... with this many search nodes a free cell
_DENSE_STEPS_FIRST = 300  # ... and this many blocks looked at in a first round each way,
_DENSE_STEPS = 800  # ... this many in all
_DENSE_STEPS_LAST = 20_000  # ... at most, one more a blocked cell where the band sweep cannot go
_TRANSPOSE = (0, 2, 1, 3)  # a tromino's left-out block cell, rows and columns swapped

Block = tuple[int, int, tuple[Cell, ...], "list[Triple] | None"]  # left, width, blocked, leaf
Strip = tuple[int, list[Block], "int | None"]  # height, blocks, laid tromino code below


def cut_candidates(lines: list[int], length: int) -> list[int]:
    """Where a side of *length* may be cut (a cut at ``x`` splits off the lines before
    ``x``) around the sorted blocked *lines*: both ends, and the six places on each
    side of every blocked line, which meet every remainder mod 6 however far apart
    the lines are.

    >>> cut_candidates([10], 30)
    [0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 30]
    """
    found = {0, length}
    for line in lines:
        found.update(range(max(1, line - 5), min(length, line + 7)))
    return sorted(found)


Cut = tuple[int, "tuple[int, int] | None"]  # a cut's line, and the tromino laid across it


class _Strips:
    """A plan cutting a board into full-width strips, and each strip into blocks, so
    that every block has a multiple of 3 free cells and is tiled by a theorem (no
    blocked cell, or one) or, when small, by the exact search. Where a strip's free
    cells are not a multiple of 3, a tromino laid across the cut below it (its 2x2
    block's column and left-out cell) gives it one or two cells more to be blocked
    and the next strip the rest."""

    def __init__(self, height: int, width: int, blocked: Iterable[Cell],
                 budget: Budget, what: str, *, dense: bool = False) -> None:
        self.height, self.width = height, width
        # Dense: holes too close together for thin strips and small blocks, so strips
        # and blocks about _DENSE_SIDE lines across, searched longer, are tried first.
        self.dense = dense
        self.leaf = _DENSE_LEAF if dense else _BLOCK_LEAF
        self.budget, self.what = budget, what
        self.cells = sorted(blocked)
        self.rows = [row for row, _ in self.cells]
        self.blocked = frozenset(self.cells)
        self.steps = 0
        self.limit = _STRIP_STEPS + _STRIP_STEPS_PER_CELL * len(self.cells)
        # Strips that stall (the deepest strip found stays put) rarely get on: the blocks
        # are better spent on the other planners.
        self.deepest = 0
        self.stalled_from = 0
        self.exhausted = False  # every cut was tried: no plan of this kind
        self.strips: dict[tuple[Cut, Cut], Strip | None] = {}  # kept between rounds
        # Columns for trominoes laid across a cut: at both sides of the board and in
        # the middle, where they rarely meet a hole.
        self.spots = sorted({col for col in (0, width // 2 - 1, width - 2) if col >= 0})
        on_time(budget, what)  # a million blocked cells take a second to sort

    def spend(self) -> None:
        self.steps += 1
        if self.budget.spend():
            raise self.budget.limit_reached(self.what)
        if self.steps > self.limit or \
                self.steps - self.stalled_from > (_DENSE_STALL if self.dense else _STRIP_STALL):
            raise _GiveUp

    def laid_cells(self, cut: Cut) -> list[Cell]:
        """The cells of the tromino laid across *cut* (none for a straight cut)."""
        line, laid = cut
        if laid is None:
            return []
        col, orientation = laid
        return [(line + dr - 1, col + dc) for dr, dc in BLOCK_CELLS[orientation]]

    def plan(self) -> list[Strip] | None:
        """The strips from the top down (a search over the cuts, each tried once), or
        ``None`` when none fits: straight cuts first, laid trominoes where needed."""
        height, width = self.height, self.width
        candidates = cut_candidates(sorted(set(self.rows)), height)
        on_time(self.budget, self.what)
        strips = self.strips
        self.stalled_from = self.steps

        def strip(upper: Cut, lower: Cut) -> Strip | None:
            if (upper, lower) not in strips:
                top, bottom = upper[0], lower[0]
                inside = self.cells[bisect_left(self.rows, top):bisect_left(self.rows, bottom)]
                inside += [cell for cell in self.laid_cells(upper) if cell[0] >= top]
                inside += [cell for cell in self.laid_cells(lower) if cell[0] < bottom]
                blocks = self.blocks(bottom - top, [(row - top, col) for row, col in inside])
                strips[upper, lower] = None if blocks is None else (
                    bottom - top, blocks, self.laid_code(lower))
                if blocks is not None and bottom > self.deepest:
                    self.deepest, self.stalled_from = bottom, self.steps
            return strips[upper, lower]

        def options(upper: Cut) -> list[Cut]:
            top = upper[0]
            start = bisect_left(self.rows, top)
            extra = sum(cell[0] >= top for cell in self.laid_cells(upper))
            holed: list[Cut] = []
            clear: list[Cut] = []
            laid: list[Cut] = []
            for bottom in candidates[bisect_right(candidates, top + 1):]:
                count = bisect_left(self.rows, bottom) - start
                if (count and bottom - top > 2 * _DENSE_SIDE) if self.dense \
                        else count > _STRIP_HOLES:
                    break
                short = ((bottom - top) * width - count - extra) % 3
                if not short:
                    if count or extra:
                        holed.append((bottom, None))
                    elif rectangle_tileable(bottom - top, width):
                        clear.append((bottom, None))
                elif bottom < height:
                    # Left-out cells 2 and 3 leave two cells above the cut, 0 and 1 one.
                    for col in self.spots:
                        for orientation in ((0, 1) if short == 1 else (2, 3)):
                            cut = (bottom, (col, orientation))
                            if not self.blocked.intersection(self.laid_cells(cut)):
                                laid.append(cut)
            # A strip with blocked cells, fewest first, else the tallest clear strip,
            # else one with a tromino laid across the cut below it.
            if self.dense:
                holed.sort(key=lambda cut: abs(cut[0] - top - _DENSE_SIDE))
            return holed + clear[::-1] + laid

        first: Cut = (0, None)
        last: Cut = (height, None)
        return self.walk(first, last, options, strip)

    def laid_code(self, cut: Cut) -> int | None:
        line, laid = cut
        if laid is None:
            return None
        col, orientation = laid
        return (((line - 1) * self.width + col) << 2) | orientation

    def blocks(self, rows: int, cells: list[Cell]) -> list[Block] | None:
        """The blocks of a strip *rows* high with blocked *cells* (relative to it)."""
        width = self.width
        cells = sorted(cells, key=lambda cell: cell[1])
        cols = [col for _, col in cells]
        candidates = cut_candidates(sorted(set(cols)), width)
        found: dict[tuple[int, int], Block | None] = {}

        def block(left: int, right: int) -> Block | None:
            if (left, right) not in found:
                self.spend()
                inside = tuple((row, col - left) for row, col in
                               cells[bisect_left(cols, left):bisect_left(cols, right)])
                found[left, right] = _block_of(left, rows, right - left, inside, self.budget,
                                               _DENSE_PATIENCE if self.dense else None)
            return found[left, right]

        def options(left: int) -> list[int]:
            start = bisect_left(cols, left)
            single: list[int] = []
            clear: list[int] = []
            several: list[int] = []
            for right in candidates[bisect_right(candidates, left + 1):]:
                count = bisect_left(cols, right) - start
                if count > 1 and rows * (right - left) > self.leaf:
                    break
                if (rows * (right - left) - count) % 3:
                    continue
                (clear, single, several)[min(count, 2)].append(right)
            # One blocked cell (narrowest first), else the widest clear block, else a
            # small block with several, for the search.
            if self.dense:
                several.sort(key=lambda right: abs(right - left - _DENSE_SIDE))
            return single + clear[::-1] + several

        return self.walk(0, width, options, block)

    def walk(self, first: _S, last: _S, options: Callable[[_S], list[_S]],
             part: Callable[[_S, _S], _T | None]) -> list[_T] | None:
        """Parts from cut *first* to cut *last*, each from *part* between two cuts
        (``None`` when it does not fit), by depth-first search over the cuts."""
        dead: set[_S] = set()
        stack: list[tuple[_S, Iterator[_S]]] = [(first, iter(options(first)))]
        found: list[_T] = []
        while stack:
            start, ends = stack[-1]
            if start == last:
                return found
            for end in ends:
                if end in dead:
                    continue
                piece = part(start, end)
                if piece is not None:
                    found.append(piece)
                    stack.append((end, iter(options(end))))
                    break
            else:
                stack.pop()
                dead.add(start)
                if found:
                    found.pop()
        return None


def _block_of(left: int, rows: int, cols: int, inside: tuple[Cell, ...],
             budget: Budget, patience: int | None) -> Block | None:
    """The block *cols* wide at *left* of a strip *rows* high, with blocked cells
    *inside* (relative to it, free cells a multiple of 3), when it can be tiled: by
    the theorems with no blocked cell or one, else by the exact search."""
    if not inside:
        return (left, cols, inside, None) if rectangle_tileable(rows, cols) else None
    if len(inside) == 1:
        return (left, cols, inside, None) if one_hole_reason(rows, cols, inside[0]) is None \
            else None
    leaf = quick_tiling(rows, cols, inside, budget, patience=patience)
    return None if leaf is None else (left, cols, inside, leaf)


def _strip_codes(strips: list[Strip], width: int, budget: Budget, what: str) -> list[int]:
    """The codes (stride *width*) of the tiling a strip plan describes."""
    codes: list[int] = []
    top = 0
    for rows, blocks, laid in strips:
        if laid is not None:
            codes.append(laid)
        for left, cols, inside, leaf in blocks:
            if leaf is not None:
                codes += codes_of(leaf, width, top, left)
            elif not inside:
                fill_rectangle(codes, width, top, left, rows, cols, budget, what)
            else:
                codes += restrided(one_hole_codes(rows, cols, inside[0], budget, what), cols,
                                   width, top, left, budget, what)
        top += rows
    return codes


def strip_decompose(
    height: int, width: int, blocked: Iterable[Cell], budget: Budget, *,
    what: str = "tile", build: bool = True,
) -> list[int] | None:
    """A tiling (codes at stride *width*) built by cutting the board into full-width
    strips and each strip into blocks, every block with a multiple of 3 free cells
    and tiled by the theorems (no blocked cell, or one) or, when it is small, by the
    exact search; then the same with rows and columns swapped; last, for holes packed
    closely, both ways with larger blocks searched longer. ``None`` when none finds
    such a cut (which proves nothing). The cuts are looked for near the
    blocked lines only, so the work grows with the number of blocked cells, not with
    the board. With ``build=False`` it only decides: ``[]`` when the cuts are found.

    >>> holes = frozenset({(1, 1), (1, 7), (5, 4), (8, 2), (8, 9), (11, 6)})
    >>> codes = strip_decompose(12, 12, holes, Budget())
    >>> Tiling(Board(12, 12, holes), tuple(codes)).is_valid()
    True
    """
    height, width = check_size(height, width)
    blocked = check_blocked(height, width, blocked)
    swapped = [(c, r) for r, c in blocked]
    planners = [_Strips(height, width, blocked, budget, what),
                _Strips(width, height, swapped, budget, what)]
    dense = [_Strips(height, width, blocked, budget, what, dense=True),
             _Strips(width, height, swapped, budget, what, dense=True)]
    # Both ways with a few blocks a blocked cell first (most plans need about 2), then
    # the larger blocks searched longer that packed holes need, then both kinds with
    # more; a planner keeps the strips it has tiled from one round to the next. On a
    # board too large for the band sweep's second pass, the larger blocks look at one
    # more a blocked cell (the quick pass alone gives up more often).
    more = len(blocked) if height * width > BAND_MAX_CELLS else 0
    rounds = [(planners, _STRIP_STEPS + _STRIP_STEPS_FIRST * len(blocked)),
              (dense, min(_DENSE_STEPS_LAST, _DENSE_STEPS_FIRST + more // 3)),
              (planners, _STRIP_STEPS + _STRIP_STEPS_PER_CELL * len(blocked)),
              (dense, min(_DENSE_STEPS_LAST, _DENSE_STEPS + more))]
    for group, limit in rounds:
        for transposed, planner in enumerate(group):
            if planner.exhausted:
                continue
            planner.limit = limit
            try:
                strips = planner.plan()
            except _GiveUp:
                continue
            if strips is None:
                planner.exhausted = True
                continue
            if not build:
                return []
            codes = _strip_codes(strips, planner.width, budget, what)
            return _swapped_back(codes, height, width, budget, what) if transposed else codes
    return None


def _swapped_back(codes: list[int], height: int, width: int, budget: Budget,
                  what: str) -> list[int]:
    """The codes (stride *width*) of a tiling given by its *codes* on the board with rows
    and columns swapped (stride *height*)."""
    back: list[int] = []
    for start in range(0, len(codes), _CODES_PER_LOOK):
        back += [((anchor % height * width + anchor // height) << 2) | _TRANSPOSE[code & 3]
                 for code in codes[start:start + _CODES_PER_LOOK] for anchor in (code >> 2,)]
        on_time(budget, what)
    return back


_SLAB_GAP = 8  # rows: blocked cells this close (or closer) are swept in one slab
_SLAB_MARGIN = 4  # free rows a slab keeps beyond its blocked cells where it can
_SLAB_TRIES = 2  # heights tried per slab, when it is at most a quarter of the board
_SLAB_REACH = 12  # free rows a slab may keep beyond its blocked cells (all residues mod 3)


def slab_sweep(height: int, width: int, blocked: Iterable[Cell], budget: Budget, *,
               what: str = "tile", build: bool = True) -> list[int] | None:
    """A tiling (codes at stride *width*) that sweeps band by band
    (:func:`~puzzlekit.tromino.bands.band_sweep`) only the slabs of full-width rows
    that hold blocked cells (rows of blocked cells up to 8 apart share a slab), and
    tiles the hole-free rectangles between them (and slabs of one blocked cell) by the
    theorems; or the same with rows and columns swapped, the way that sweeps fewer cells
    first; then, on a board of at most
    :data:`~puzzlekit.tromino.bands.BAND_MAX_CELLS` cells, the whole board. ``None``
    when none finds one (which proves nothing). So a board of any size whose blocked
    cells are packed into a few places is swept only there. With ``build=False`` it
    only decides: ``[]`` when it finds a tiling, without laying the trominoes of the
    hole-free rectangles.

    >>> holes = {(r, c) for r in range(60, 80) for c in range(60, 80) if (r + c) % 4 == 0}
    >>> holes |= {(150, 150), (190, 190), (230, 230)}  # far apart: slabs of their own
    >>> codes = slab_sweep(301, 301, holes, Budget())
    >>> Tiling(Board(301, 301, frozenset(holes)), tuple(codes)).is_valid()
    True
    """
    height, width = check_size(height, width)
    cells = check_blocked(height, width, blocked)
    on_time(budget, what)
    plans = _slab_plans(height, width, cells, budget, what)
    whole = height * width
    for swept, transposed, holes, cores in plans:
        if transposed and plans[0].swept == whole and swept == whole:
            break  # the whole board both ways: one sweep is enough
        rows, cols = (width, height) if transposed else (height, width)
        codes = _slabs(rows, cols, holes, cores, budget, what, build=build)
        if codes is not None:
            if not build:
                return []
            return _swapped_back(codes, height, width, budget, what) if transposed else codes
    if plans[0].swept < whole <= BAND_MAX_CELLS:  # slabs can miss what the whole sweep finds
        codes = band_sweep(height, width, cells, budget, what=what)
        return codes if build or codes is None else []
    return None


class _SlabPlan(NamedTuple):
    swept: int  # the cells of the rows (or columns) holding blocked cells
    transposed: bool  # along the columns
    holes: list[Cell]  # the blocked cells, sorted, as (row, col) or, transposed, (col, row)
    cores: list[tuple[int, int]]


def _slab_plans(height: int, width: int, cells: Collection[Cell], budget: Budget,
                what: str) -> list[_SlabPlan]:
    """:func:`slab_sweep`'s plans along the rows and along the columns, fewest cells
    swept first (each sorts every blocked cell: the clock is looked at after each)."""
    plans = []
    for transposed in (False, True):
        cols = height if transposed else width
        holes = sorted((c, r) for r, c in cells) if transposed else sorted(cells)
        cores = _cores([row for row, _ in holes])
        plans.append(_SlabPlan(sum(bottom - top for top, bottom in cores) * cols, transposed,
                               holes, cores))
        on_time(budget, what)
    return sorted(plans, key=lambda plan: plan[:2])


def _cores(rows: list[int]) -> list[tuple[int, int]]:
    """The runs ``(top, bottom)`` of rows from a blocked cell's row to the next one
    at most :data:`_SLAB_GAP` lower (*rows* sorted)."""
    cores: list[tuple[int, int]] = []
    for row in rows:
        if cores and row - cores[-1][1] < _SLAB_GAP:
            cores[-1] = (cores[-1][0], row + 1)
        else:
            cores.append((row, row + 1))
    return cores


_CARRIER = 6  # columns of a gap that carry one or two cells between the slabs either side


def _slabs(height: int, width: int, holes: list[Cell], cores: list[tuple[int, int]],
           budget: Budget, what: str, nested: bool = True, build: bool = True,
           ) -> list[int] | None:
    """:func:`slab_sweep` along the rows of one board: *holes* sorted, *cores* theirs;
    *nested*: a slab whose blocked cells lie in few of its columns is swept the same way
    along its columns; not *build*: the hole-free rectangles are not laid (the codes are
    only the slabs').

    A slab whose rows cannot hold a multiple of 3 free cells (whatever their number, when
    *width* is a multiple of 3) takes one or two cells at the left of the row below it, and
    the next slab the two or one left at the bottom of that gap, whose first
    :data:`_CARRIER` columns are swept to carry them."""

    def gap(rows: int, owed: int) -> bool:
        """Whether *rows* hole-free full-width rows tile, less *owed* cells at the left of
        the first row and the cells that make up a multiple of 3 at the left of the last."""
        if not owed:
            return rows == 0 or rectangle_tileable(rows, width)
        return (rows >= 2 and rows * _CARRIER <= BAND_MAX_CELLS and width >= _CARRIER
                and (width == _CARRIER or rectangle_tileable(rows, width - _CARRIER)))

    def gap_codes(top: int, rows: int, owed: int) -> list[int] | None:
        codes: list[int] = []
        left = 0
        if owed:
            blocked = [(0, col) for col in range(owed)]
            blocked += [(rows - 1, col) for col in range(-owed % 3)]
            carried = band_sweep(rows, _CARRIER, blocked, budget, what=what)
            if carried is None:
                return None
            codes = restrided(carried, _CARRIER, width, top, 0, budget, what) if build else []
            left = _CARRIER
        if build:
            fill_rectangle(codes, width, top, left, rows, width - left, budget, what)
        return codes

    def sweep(rows: int, inside: list[Cell], taken: int, lent: int) -> list[int] | None:
        """A tiling of a slab of *rows* with blocked cells *inside*, whose first row (if
        *taken*) and last row (if *lent*) have only that many cells at the left."""

        def notched(end: int) -> list[Cell]:  # the notch rows' cells blocked, up to *end*
            return ([(0, col) for col in range(taken, end)] if taken else []) \
                + ([(rows - 1, col) for col in range(lent, end)] if lent else [])

        if nested:  # along the columns holding blocked cells, the notches' cells apart
            first, last = int(taken > 0), rows - (lent > 0)  # the slab's full rows
            for left in range(_CARRIER, _CARRIER + 3) if taken or lent else (0,):
                rest = [(row - first, col - left) for row, col in inside if col >= left]
                if ((last - first) * (width - left) - len(rest)) % 3:
                    continue
                turned = sorted((col, row) for row, col in rest)
                on_time(budget, what)  # a slab can hold hundreds of thousands of cells
                cores = _cores([row for row, _ in turned])
                if 2 * sum(bottom - top for top, bottom in cores) > width - left:
                    break  # its blocked cells are in most of its columns
                found = _slabs(width - left, last - first, turned, cores, budget, what,
                               nested=False, build=build)
                if found is None:
                    continue
                found = _swapped_back(found, last - first, width - left, budget, what) \
                    if build else []
                if not left:
                    return found
                notches = [(row, col) for row, col in inside if col < left] + notched(left)
                tabs = band_sweep(rows, left, notches, budget, what=what)
                if tabs is not None:
                    if not build:
                        return []
                    return (restrided(tabs, left, width, 0, 0, budget, what)
                            + restrided(found, width - left, width, first, left, budget, what))
        return band_sweep(rows, width, inside + notched(width), budget, what=what)

    codes: list[int] = []
    tiled = 0  # the rows above this are tiled, but for *owed* cells at the left of this one
    owed = 0
    first = 0  # the first core not yet in a slab
    hole_rows = [row for row, _ in holes]
    while first < len(cores):
        last = first  # cores are joined into one slab until it can be swept
        taken = -owed % 3  # cells at the left of the row above the slab that it takes
        while True:
            core_top, core_bottom = cores[first][0], cores[last][1]
            below = cores[last + 1][0] if last + 1 < len(cores) else height
            inside = holes[bisect_left(hole_rows, core_top):bisect_left(hole_rows, core_bottom)]
            tops = sorted((top for top in range(max(tiled, core_top - _SLAB_REACH), core_top + 1)
                           if gap(top - tiled, owed)),
                          key=lambda top: abs(core_top - _SLAB_MARGIN - top))
            options = []  # (cells it takes at the left of the row below, top, bottom)
            for top in tops[:_SLAB_TRIES]:
                for bottom in sorted(range(core_bottom, min(below, core_bottom + _SLAB_REACH) + 1),
                                     key=lambda bottom: abs(core_bottom + _SLAB_MARGIN - bottom)):
                    lent = (len(inside) - taken - (bottom - top) * width) % 3
                    if below == height and (lent or not gap(height - bottom, 0)):
                        continue  # the last slab: hole-free rows below it, if any
                    if lent and below - bottom < 2:
                        continue  # no room for the next gap to carry the cells
                    options.append((lent, top, bottom))
            if options or last + 1 == len(cores):
                break
            last += 1
        # Slabs of whole rows first; then, for the notches' columns to make up a multiple
        # of 3 free cells (nested sweeps), a number of full rows that is not one.
        options.sort(key=lambda option: (option[0] > 0, (taken or option[0])
                                         and (option[2] - option[1]) % 3 == 0))
        if not options:
            return None
        tries = _SLAB_TRIES if 4 * (options[0][2] - options[0][1]) <= height else 1
        for lent, top, bottom in options[:tries]:
            upper = top - (taken > 0)  # the slab's first row, on the board
            rows = bottom + (lent > 0) - upper
            slab = [(r - upper, c) for r, c in inside]
            found: list[int] | None
            if len(slab) == 1 and not taken and not lent \
                    and one_hole_reason(rows, width, slab[0]) is None:
                found = one_hole_codes(rows, width, slab[0], budget, what) if build else []
            else:
                found = sweep(rows, slab, taken, lent)
            above = gap_codes(tiled, top - tiled, owed) if found is not None else None
            if found is not None and above is not None:
                if build:
                    codes += above
                    shifted(codes, found, upper * width << 2, budget, what)
                tiled, owed = bottom, lent
                break
        else:
            return None
        first = last + 1
    if not gap(height - tiled, 0):  # no blocked cells, on a rectangle with no tiling
        return None
    if build:
        fill_rectangle(codes, width, tiled, 0, height - tiled, width, budget, what)
    return codes


def restrided(codes: list[int], cols: int, width: int, top: int, left: int, budget: Budget,
              what: str) -> list[int]:
    """The codes (stride *width*) of a tiling given by its *codes* (stride *cols*) of a
    block placed at (*top*, *left*), looking at the clock between chunks (:func:`on_time`).

    >>> restrided([3, 4], 3, 5, 1, 2, Budget(), "tile")  # a 2 x 3 block at (1, 2), 5 wide
    [31, 32]
    """
    extra = width - cols  # a row of the block is this much longer on the board
    corner = top * width + left
    moved: list[int] = []
    for start in range(0, len(codes), _CODES_PER_LOOK):
        moved += [code + (((code >> 2) // cols * extra + corner) << 2)
                  for code in codes[start:start + _CODES_PER_LOOK]]
        on_time(budget, what)
    return moved


_SLABS_FIRST = 4  # slabs are swept before the strips when they hold at most 1/4 of the board
_DECOMPOSE_FROM = 1000  # cells: smaller boards go to the search (random tilings for solve)


@attrs.frozen
class Residue:
    """What the constructions leave to the exact search: the codes built so far and the
    cells (holes, and cells the codes cover) the search must work around.

    >>> Residue([], frozenset({(0, 0)})).blocked
    frozenset({(0, 0)})
    """

    codes: list[int]
    blocked: frozenset[Cell]


def _construct(
    height: int, width: int, blocked: frozenset[Cell], budget: Budget,
    rng: random.Random | None, what: str, *, build: bool = True, screened: bool = False,
) -> list[int] | Residue | None:
    """Everything but the search, at any size: a tiling's codes (stride *width*),
    ``None`` when it is proved that there is none, or the :class:`Residue` left.

    The counts and obstructions first (unless *screened*: the caller has had
    :func:`untileable_reason` pass them, and on a board with a million cells they
    take a fifth of a second); one blocked cell or none by the theorems
    (with an *rng* on a board the search takes, the search instead, for a random
    tiling); on a board over :data:`SEARCH_MAX_CELLS` cells the pockets by the
    search; then :func:`decompose`."""
    if not screened and (
            (height * width - len(blocked)) % 3 or obstruction(height, width, blocked)):
        return None
    on_time(budget, what)
    cells = height * width
    if len(blocked) <= 1 and (rng is None or cells > SEARCH_MAX_CELLS):
        if not blocked:
            if not rectangle_tileable(height, width):
                return None
            codes: list[int] = []
            fill_rectangle(codes, width, 0, 0, height, width, budget, what)
            return codes
        (hole,) = blocked
        if one_hole_reason(height, width, hole) is not None:
            return None
        return one_hole_codes(height, width, hole, budget, what)
    codes = []
    rest = blocked
    if cells > SEARCH_MAX_CELLS:
        pockets = tile_pockets(height, width, blocked, budget, rng, what=what)
        if pockets is None:
            return None
        found, filled = pockets
        codes = codes_of(found, width)
        rest = blocked | filled
        if len(rest) == cells:
            return codes
    if cells >= _DECOMPOSE_FROM:
        decomposed = decompose(height, width, rest, budget, what=what, build=build)
        if decomposed is None:
            # Blocked cells packed into a few slabs, or as dense as a random tiling leaves
            # them: those are swept first, since the strips and blocks can take seconds to
            # give up on them.
            packed = cells > SEARCH_MAX_CELLS and (
                dense(height, width, len(rest))  # first: the plans sort every blocked cell
                or _slab_plans(height, width, rest, budget, what)[0].swept * _SLABS_FIRST <= cells)
            if packed:
                decomposed = slab_sweep(height, width, rest, budget, what=what, build=build)
            if decomposed is None:
                decomposed = strip_decompose(height, width, rest, budget, what=what,
                                             build=build)
            if decomposed is None and cells > SEARCH_MAX_CELLS and not packed:
                decomposed = slab_sweep(height, width, rest, budget, what=what, build=build)
        if decomposed is not None:
            return codes + decomposed
    return Residue(codes, rest)


def codes_of(found: list[Triple], width: int, top: int = 0, left: int = 0) -> list[int]:
    """The codes (stride *width*) of trominoes given as cell triples, shifted by
    (*top*, *left*).

    >>> codes_of([((0, 1), (1, 0), (1, 1))], 5, 1, 1)
    [24]
    """
    return [(((t.row + top) * width + t.col + left) << 2) | t.orientation
            for t in as_trominoes(found)]


def tiling_codes(
    height: int, width: int, blocked: frozenset[Cell], budget: Budget,
    rng: random.Random | None = None, *, what: str = "tile", screened: bool = False,
) -> list[int] | None:
    """The codes (stride *width*) of a tiling of the board minus *blocked*, ``None``
    when there is none: the constructions (counts, obstructions unless *screened*,
    theorems, pockets, :func:`decompose`), then the exact
    search (:func:`~puzzlekit.tromino.solver.tile_free_cells`) on what they leave.

    >>> tiling_codes(2, 3, frozenset({(0, 0), (1, 0), (0, 1)}), Budget())  # 0,1 nw
    [4]
    >>> len(tiling_codes(1000, 1000, frozenset({(0, 0), (999, 999), (5, 7), (6, 7)}),
    ...                  Budget()))
    333332
    """
    built = _construct(height, width, blocked, budget, rng, what, screened=screened)
    if not isinstance(built, Residue):
        return built
    found = tile_free_cells(height, width, built.blocked, budget, rng, what=what)
    if found is None:
        return None
    return built.codes + codes_of(found, width)


def complete(
    height: int,
    width: int,
    taken: set[Cell],
    budget: Budget,
    rng: random.Random | None = None,
    *,
    what: str = "tile",
) -> list[Tromino] | None:
    """The trominoes of a tiling of the board minus *taken*, in reading order of their
    first cells, ``None`` when there is none (:func:`tiling_codes`).

    >>> complete(2, 3, {(0, 0), (1, 0), (0, 1)}, Budget())
    [Tromino.parse('0,1 nw')]
    """
    codes = tiling_codes(height, width, frozenset(taken), budget, rng, what=what)
    if codes is None:
        return None
    with collector_paused():
        return _reading_order(codes, width, budget, what)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while millions of trominoes (and their cells) are
    made: none of them is in a cycle, but the collector would walk them again and again
    (over half the time of 5.6 million).

    >>> import gc
    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _reading_order(codes: list[int], width: int, budget: Budget, what: str) -> list[Tromino]:
    """The trominoes of *codes*, in reading order of their first cells."""
    # The order of the anchors: a first cell is its anchor or the cell after it, and a
    # tromino with the next anchor would cover that cell too.
    codes = sorted(codes)
    on_time(budget, what)
    found: list[Tromino] = []
    for start in range(0, len(codes), _CODES_PER_LOOK):
        found += [tromino_of(code, width) for code in codes[start:start + _CODES_PER_LOOK]]
        on_time(budget, what)
    return found


def _tile(board: Board, budget: Budget) -> Tiling:
    """:func:`tile` of a cleared board under *budget*."""
    reason = untileable_reason(board)
    if reason is not None:
        raise UnsolvableError(reason)
    codes = tiling_codes(board.height, board.width, board.holes, budget, screened=True)
    if codes is None:
        raise UnsolvableError(
            "no tiling exists: the exact search (regions, profile sweep, search) "
            "exhausted every way"
        )
    return Tiling.trusted(board, tuple(codes))


def _check_max_cells(board: Board, max_cells: int) -> None:
    check_int("max_cells", max_cells, minimum=1)
    cells = board.height * board.width
    if cells > max_cells:
        need = board.area // 3 * _BYTES_PER_TROMINO
        raise ArgumentError(
            f"a {board.width}x{board.height} board has {cells:,} cells, over max_cells="
            f"{max_cells:,}; its {board.area // 3:,} trominoes would need about "
            f"{need / 2**20:,.0f} MiB (pass a larger max_cells= to build it anyway)"
        )


def tile(
    board: Board,
    *,
    max_cells: int = DEFAULT_MAX_CELLS,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Tiling:
    """A tiling of *board* (holes removed, placed trominoes ignored).

    ``2^k`` squares with one hole get Golomb's divide-and-conquer tiling, in
    preorder (linear time, about 0.1 s for 1024 x 1024); other rectangles with at
    most one hole the strip construction of Chu and Johnsonbaugh (squares) and
    Ash and Golomb (rectangles) around a searched core of at most 11 x 11;
    boards with several holes the cuts into such rectangles, or into strips and
    blocks (:func:`strip_decompose`); anything else comes from the exact search
    (see :mod:`puzzlekit.tromino.solver`).
    The limits bound every phase, the linear-time constructions too (they look
    at the clock as they build, and report progress); running out raises
    :class:`~puzzlekit.LimitReached`. Raises
    :class:`~puzzlekit.UnsolvableError` with the reason only when it is proved
    that there is no tiling, and :class:`~puzzlekit.ArgumentError` for boards
    over *max_cells* cells, saying how much memory they would take.

    >>> print(tile(Board.square(4, (0, 0))))
    #abb
    aacb
    bcca
    bbaa
    >>> tile(Board(3, 5))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.UnsolvableError: a 5x3 rectangle cannot be tiled (Chu and Johnsonbaugh: \
3 by odd)
    """
    if not isinstance(board, Board):
        raise TypeError(f"tile() needs a Board, not {type(board).__name__}")
    _check_max_cells(board, max_cells)
    return _tile(board.cleared(), _budget(node_limit, time_limit, progress))


def _codes(board: Board) -> set[int]:
    width = board.width
    return {(t.row * width + t.col) * 4 + t.orientation for t in board.trominoes}


def hint(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> Tromino | None:
    """A tromino to place next that keeps *board* solvable; ``None`` exactly when no
    tromino can be placed (:attr:`Board.is_over`, solved or stuck).

    While the placements so far follow :func:`tile`'s tiling, the hint is its next
    move (the demonstration order); otherwise it is the tromino covering the
    first free cell in a tiling of the cells still free. Raises
    :class:`~puzzlekit.UnsolvableError` when the free cells are proved to have
    no tiling, :class:`~puzzlekit.LimitReached` when a limit stops it first.

    >>> board = Board.square(4, (0, 0))
    >>> hint(board)
    Tromino.parse('1,1 nw')
    >>> hint(board.play("0,1 sw"))  # leaves (0, 3) no room
    Traceback (most recent call last):
    ...
    puzzlekit.errors.UnsolvableError: the free cells cannot be tiled
    >>> hint(Board(2, 6).play("0,0 ne"))  # another tiling's piece
    Tromino.parse('0,1 sw')
    """
    if not isinstance(board, Board):
        raise TypeError(f"hint() needs a Board, not {type(board).__name__}")
    if board.is_over:
        return None
    budget = _budget(node_limit, time_limit, None)
    cleared = board.cleared()
    if board.height * board.width <= DEFAULT_MAX_CELLS:
        planned = _tile(cleared, budget)
        placed = _codes(board)
        if placed <= set(planned.codes):
            code = next(code for code in planned.codes if code not in placed)
            row, col = divmod(code >> 2, board.width)
            return Tromino.at(row, col, code & 3)
    taken = {*board.holes, *(cell for t in board.trominoes for cell in t.cells)}
    found = complete(board.height, board.width, taken, budget, what="hint")
    if found is None:
        raise UnsolvableError("the free cells cannot be tiled")
    first = board.free_cells[0]
    return next(tromino for tromino in found if first in tromino.cells)
