"""Exact search: tile any small board, or prove it cannot be tiled.

The search is an exact cover over the free cells, held as one int bitmask:
at each step it takes the uncovered cell with the fewest trominoes that
still fit (most constrained first; a cell with none ends the branch) and
tries each. It runs on an explicit stack, honours ``node_limit=`` and
``time_limit=``, and says whether it finished.

>>> from puzzlekit.tromino import Board
>>> result = solve(Board.square(5, (1, 1)))
>>> result.tiling is None, result.complete
(True, True)
>>> solve(Board.square(5, (2, 2))).tiling.is_valid()
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Literal, TypeAlias

import attrs

from puzzlekit.limits import Budget, make_rng
from puzzlekit.tromino.board import Board
from puzzlekit.tromino.tiling import Tiling, block_offsets

__all__ = ["SEARCH_MAX_CELLS", "Pieces", "SearchResult", "search_count", "solve"]

SEARCH_MAX_CELLS = 10_000
"""The largest board (in cells) the exact search takes on; larger ones raise ``ValueError``."""

Pieces: TypeAlias = Literal["L", "LI"]
"""Which trominoes may be used: ``'L'`` only, or ``'LI'`` for L and straight ones."""


def check_pieces(pieces: object) -> Pieces:
    """Check the *pieces* argument.

    >>> check_pieces("I")
    Traceback (most recent call last):
    ...
    ValueError: pieces must be 'L' or 'LI', not 'I'
    """
    if pieces == "L":
        return "L"
    if pieces == "LI":
        return "LI"
    raise ValueError(f"pieces must be 'L' or 'LI', not {pieces!r}")


@attrs.frozen
class SearchResult:
    """What :func:`solve` found.

    >>> SearchResult(None, complete=True, nodes=0).tiling is None
    True
    """

    tiling: Tiling | None
    """A tiling, or ``None`` when none exists (``complete``) or none was found in time."""
    complete: bool
    """``True`` when the answer is final: a tiling, or a proof that there is none."""
    nodes: int
    """Search nodes expanded."""


def _shapes(cols: int, pieces: Pieces) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """Each piece as (code orientation or -1, height, width, flat offsets at stride *cols*)."""
    shapes: list[tuple[int, int, int, tuple[int, ...]]] = [
        (o, 2, 2, offsets) for o, offsets in enumerate(block_offsets(cols))
    ]
    if pieces == "LI":
        shapes.append((-1, 1, 3, (0, 1, 2)))
        shapes.append((-1, 3, 1, (0, cols, 2 * cols)))
    return shapes


def _problem(board: Board, pieces: Pieces) -> tuple[list[list[tuple[int, int]]], int]:
    """The exact cover: for each free cell (bit), the placements (mask, code) covering it."""
    rows, cols = board.rows, board.cols
    if rows * cols > SEARCH_MAX_CELLS:
        raise ValueError(
            f"the exact search takes boards of up to {SEARCH_MAX_CELLS:,} cells, "
            f"not {rows}x{cols}"
        )
    bit: dict[int, int] = {}
    for row in range(rows):
        for col in range(cols):
            if (row, col) not in board.holes:
                bit[row * cols + col] = len(bit)
    cover: list[list[tuple[int, int]]] = [[] for _ in bit]
    for orientation, height, width, offsets in _shapes(cols, pieces):
        for row in range(rows - height + 1):
            for col in range(cols - width + 1):
                anchor = row * cols + col
                cells = [anchor + offset for offset in offsets]
                if all(cell in bit for cell in cells):
                    mask = sum(1 << bit[cell] for cell in cells)
                    code = anchor * 4 + orientation if orientation >= 0 else -1
                    for cell in cells:
                        cover[bit[cell]].append((mask, code))
    return cover, len(bit)


def _exact_cover(
    cover: list[list[tuple[int, int]]],
    size: int,
    budget: Budget,
    scan: int,
    rng: random.Random | None = None,
) -> Iterator[list[int]]:
    """Every exact cover, as lists of codes; stops quietly when *budget* runs out.

    Each step branches on the most constrained of the first *scan* uncovered cells
    (in reading order): the constrained cells sit at the frontier of the covered
    part, and looking only there keeps a step cheap on large boards. With *rng*
    the options of each step are tried in random order."""
    full = (1 << size) - 1
    chosen: list[int] = []
    # Each frame: (covered mask before the choice, options, next option to try).
    stack: list[tuple[int, list[tuple[int, int]], int]] = []
    covered = 0
    while True:
        if covered == full:
            yield list(chosen)
            options: list[tuple[int, int]] = []
        else:
            # A step can be costly on a large board: look at the clock every time.
            if budget.spend() or budget.check_clock():
                return
            options = _most_constrained(cover, covered, full, scan)
            if rng is not None:
                rng.shuffle(options)
        stack.append((covered, options, 0))
        # Advance to the next untried option, popping exhausted frames.
        while stack:
            base, options, tried = stack[-1]
            if tried < len(options):
                stack[-1] = (base, options, tried + 1)
                mask, code = options[tried]
                del chosen[len(stack) - 1 :]
                chosen.append(code)
                covered = base | mask
                break
            stack.pop()
        else:
            return


def _most_constrained(
    cover: list[list[tuple[int, int]]], covered: int, full: int, scan: int
) -> list[tuple[int, int]]:
    best: list[tuple[int, int]] | None = None
    free = full & ~covered
    while free and scan:
        scan -= 1
        low = free & -free
        cell = low.bit_length() - 1
        free ^= low
        options = [option for option in cover[cell] if not option[0] & covered]
        if best is None or len(options) < len(best):
            best = options
            if len(options) <= 1:
                break
    return best if best is not None else []


def solve(
    board: Board,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    seed: int | None = None,
) -> SearchResult:
    """Find an L-tromino tiling of *board* by exact search, or prove there is none.

    Meant for small boards with any holes (up to :data:`SEARCH_MAX_CELLS` cells);
    :func:`~puzzlekit.tromino.tile` uses constructions for the large classic boards.
    With a *seed* the search tries its options in a random order, the same for
    the same seed, and so finds a random tiling.

    >>> solve(Board(2, 3)).tiling
    Tiling.parse('abb\\naab')
    >>> solve(Board(6, 6), node_limit=0).complete
    False
    >>> solve(Board(6, 6), seed=1) == solve(Board(6, 6), seed=1)
    True
    """
    if not isinstance(board, Board):
        raise TypeError(f"solve() needs a Board, not {type(board).__name__}")
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    rng = None if seed is None else make_rng(seed)
    board = board.cleared()
    if board.area % 3:
        return SearchResult(None, complete=True, nodes=0)
    cover, size = _problem(board, "L")
    for codes in _exact_cover(cover, size, budget, 2 * board.cols + 2, rng):
        return SearchResult(Tiling.trusted(board, tuple(codes)), True, budget.nodes)
    return SearchResult(None, complete=not budget.exhausted, nodes=budget.nodes)


def search_count(
    board: Board,
    pieces: Pieces = "L",
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> tuple[int, bool]:
    """Count tilings by enumerating them all: ``(count, complete)``.

    A check on :func:`~puzzlekit.tromino.count_tilings` for small boards.

    >>> search_count(Board(2, 6))
    (4, True)
    >>> search_count(Board(3, 3), "LI")
    (10, True)
    """
    pieces = check_pieces(pieces)
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    board = board.cleared()
    if board.area % 3:
        return 0, True
    cover, size = _problem(board, pieces)
    count = sum(1 for _ in _exact_cover(cover, size, budget, 2 * board.cols + 2))
    return count, not budget.exhausted
