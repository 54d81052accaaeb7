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
* Anything else: the exact search.

:func:`is_tileable` answers from the theorems where they apply and from the
exact profile sweep or search otherwise.

>>> from puzzlekit.tromino import Board
>>> tiling = tile(Board.square(8, (5, 2)))
>>> tiling.is_valid(), len(tiling)
(True, 21)
>>> is_tileable(Board.square(5, (1, 0)))
False
"""

from __future__ import annotations

from functools import cache

from puzzlekit.errors import UnsolvableError
from puzzlekit.limits import make_rng
from puzzlekit.tromino.board import Board, Tromino
from puzzlekit.tromino.count import has_tiling
from puzzlekit.tromino.search import solve
from puzzlekit.tromino.tiling import Tiling

__all__ = [
    "DEFAULT_MAX_CELLS",
    "hint",
    "is_tileable",
    "random_board",
    "rectangle_tileable",
    "tile",
    "untileable_reason",
]

DEFAULT_MAX_CELLS = 1 << 24
"""The largest board (in cells) :func:`tile` builds unless given ``max_cells=``."""

_BYTES_PER_TROMINO = 100  # peak while building: the codes' ints, lists and templates
_PROFILE_WIDTH = 8  # boards this narrow are decided by the exact profile sweep
_CORE = 11  # the strip decomposition leaves a core at most this wide
_RANDOM_TRIES = 1000  # draws random_board makes before giving up
_RANDOM_NODES = 20_000  # search nodes it spends deciding one draw


# -- divide and conquer on 2^k boards -----------------------------------------------------


def _is_power_of_two(n: int) -> bool:
    return n & (n - 1) == 0


def _corner_templates(size: int, cols: int) -> dict[int, list[list[int]]]:
    """For each power of two ``s`` up to *size* and each corner q (0 nw, 1 ne, 2 sw,
    3 se): the codes, at stride *cols* and relative to the square's top-left cell,
    of the ``s x s`` square whose hole is its corner q, in divide-and-conquer
    preorder. A corner-q square splits into a corner-q quadrant q and three
    quadrants whose hole is the corner facing the centre (``3 - quadrant``)."""
    templates = {2: [[q] for q in range(4)]}  # 2x2: one tromino, leaving out the hole
    half = 2
    while half < size:
        offsets = [((quadrant >> 1) * half * cols + (quadrant & 1) * half) * 4
                   for quadrant in range(4)]
        centre = ((half - 1) * cols + half - 1) * 4
        smaller = templates[half]
        bigger = []
        for q in range(4):
            codes = [centre + q]
            for quadrant in range(4):
                shift = offsets[quadrant]
                codes += [code + shift for code in smaller[q if quadrant == q else 3 - quadrant]]
            bigger.append(codes)
        half *= 2
        templates[half] = bigger
    return templates


def _divide_and_conquer(n: int, hole: tuple[int, int]) -> list[int]:
    """The codes of Golomb's tiling of the ``n x n`` board (n a power of two), in the
    order of the recursive method: the centre tromino, then the four quadrants."""
    if n == 1:
        return []
    templates = _corner_templates(n // 2, n)
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
                target = prefix if quadrant < q else after
                target += [code + shift for code in templates[half][3 - quadrant]]
        suffixes.append(after)
        top += below * half
        left += right * half
        size = half
    prefix.append((top * n + left) * 4 + 2 * (hole_row - top) + (hole_col - left))
    for after in reversed(suffixes):
        prefix += after
    return prefix


# -- rectangles -----------------------------------------------------------------------------

# Small block tilings as (row, col, orientation) of each tromino.
_BLOCK_2X3 = ((0, 0, 3), (0, 1, 0))
_BLOCK_3X2 = ((0, 0, 3), (1, 0, 0))


@cache
def _block(height: int, width: int) -> tuple[tuple[int, int, int], ...]:
    """A tiling of a small block, found once by the exact search (5x9 and 9x5)."""
    found = solve(Board(height, width)).tiling
    assert found is not None, f"{height}x{width} is tileable"
    return tuple(
        (tromino.row, tromino.col, tromino.orientation) for tromino in found.trominoes
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


def _fill_rectangle(out: list[int], cols: int, top: int, left: int, height: int,
                    width: int) -> None:
    """Append the codes of a tiling of a hole-free rectangle (one that
    :func:`rectangle_tileable` accepts) at (*top*, *left*) on a board *cols* wide."""
    work = [(top, left, height, width)]
    while work:
        top, left, height, width = work.pop()
        if height == 0 or width == 0:
            continue
        if height % 2 == 0 and width % 3 == 0:
            _repeat(out, cols, top, left, height, width, 2, 3, _BLOCK_2X3)
        elif height % 3 == 0 and width % 2 == 0:
            _repeat(out, cols, top, left, height, width, 3, 2, _BLOCK_3X2)
        elif height % 6 == 0:  # width odd, not a multiple of 3
            work += [(top, left, height, 3), (top, left + 3, height, width - 3)]
        elif width % 6 == 0:  # height odd, not a multiple of 3
            work += [(top, left, 3, width), (top + 3, left, height - 3, width)]
        elif width % 3 == 0:  # both odd, width >= 9, height >= 5
            _repeat(out, cols, top, left, 5, 9, 5, 9, _block(5, 9))
            work += [(top + 5, left, height - 5, 9), (top, left + 9, height, width - 9)]
        else:  # both odd, height >= 9, width >= 5
            _repeat(out, cols, top, left, 9, 5, 9, 5, _block(9, 5))
            work += [(top, left + 5, 9, width - 5), (top + 9, left, height - 9, width)]


def _repeat(out: list[int], cols: int, top: int, left: int, height: int, width: int,
            block_height: int, block_width: int,
            block: tuple[tuple[int, int, int], ...]) -> None:
    """Fill the rectangle with copies of a block tiling."""
    codes = [((row * cols) + col) * 4 + o for row, col, o in block]
    for row in range(top, top + height, block_height):
        for col in range(left, left + width, block_width):
            shift = (row * cols + col) * 4
            out += [code + shift for code in codes]


def _windows(length: int, hole: int) -> list[tuple[int, int]]:
    """The ways to keep a core ``(start, size)`` of a side of *length* around *hole*,
    cutting six-wide strips off both ends, smallest first: the core is at least 4
    long and never 5 (where some holes fail)."""
    size = length
    while size >= 10 and size != _CORE:
        size -= 6
    return [
        (start, core)
        for core in range(size, length + 1, 6)
        for start in range(0, length - core + 1, 6)
        if start <= hole < start + core
    ]


def _strips(board: Board, hole: tuple[int, int]) -> tuple[list[int], tuple[int, int, int, int]]:
    """Cut six-wide hole-free strips off a one-hole rectangle: their codes and a core
    ``(top, left, height, width)`` around the hole that can be tiled (Ash and Golomb's
    conditions, checked on each candidate core)."""
    core = next(
        (top, left, height, width)
        for top, height in _windows(board.rows, hole[0])
        for left, width in _windows(board.cols, hole[1])
        if _one_hole_reason(height, width, (hole[0] - top, hole[1] - left)) is None
    )
    top, left, height, width = core
    out: list[int] = []
    cols = board.cols
    # Full-width strips above and below the core, then core-high strips beside it.
    _fill_rectangle(out, cols, 0, 0, top, cols)
    _fill_rectangle(out, cols, top + height, 0, board.rows - top - height, cols)
    _fill_rectangle(out, cols, top, 0, height, left)
    _fill_rectangle(out, cols, top, left + width, height, cols - left - width)
    return out, core


# -- deciding --------------------------------------------------------------------------------


def _one_hole_reason(rows: int, cols: int, hole: tuple[int, int]) -> str | None:
    """Why the one-hole rectangle cannot be tiled (area a multiple of 3 assumed), or
    ``None`` when it can (Chu and Johnsonbaugh; Ash and Golomb)."""
    if min(rows, cols) == 1:
        return None if rows * cols == 1 else "a board one cell wide has no room for an L-tromino"
    row, col = hole
    if (rows, cols) == (5, 5):
        if row % 2 or col % 2:
            return (
                "5x5 colouring argument: the 9 cells with both coordinates even lie in "
                "different 2x2 blocks, so the 8 trominoes cover at most 8 of them and the "
                f"hole must be one of them; {hole} is not"
            )
        return None
    if cols == 2:
        rows, cols, row, col = cols, rows, col, row
    if rows == 2 and col % 3 == 2:
        return (
            f"Ash and Golomb: on a 2-wide board the hole must not be at a position 2 mod 3 "
            f"along it (0-based); {hole} is"
        )
    if cols == 5:
        rows, cols, row, col = cols, rows, col, row
    if rows == 5 and row == 2 and col in (1, cols - 2):
        return (
            "Ash and Golomb: on a 5-wide board the hole must not be the middle cell of the "
            f"second or second-to-last line across; {hole} is"
        )
    return None


def untileable_reason(board: Board) -> str | None:
    """Why *board* cannot be tiled, from a theorem, or ``None`` when no theorem rules
    it out. For a rectangle with at most one hole ``None`` means it can be tiled.

    >>> untileable_reason(Board.square(6, (0, 0)))
    '3 divides 6, so the 6x6 board minus one cell has 35 cells, not a multiple of 3'
    >>> print(untileable_reason(Board.square(5, (0, 1))))
    5x5 colouring argument: the 9 cells with both coordinates even lie in different 2x2 \
blocks, so the 8 trominoes cover at most 8 of them and the hole must be one of them; \
(0, 1) is not
    """
    rows, cols = board.rows, board.cols
    if board.area % 3:
        if rows == cols and rows % 3 == 0 and len(board.holes) == 1:
            return (
                f"3 divides {rows}, so the {rows}x{cols} board minus one cell has "
                f"{board.area} cells, not a multiple of 3"
            )
        return f"the board has {board.area} cells to cover, not a multiple of 3"
    if board.area and min(rows, cols) == 1:
        return "a board one cell wide has no room for an L-tromino"
    if len(board.holes) == 1:
        (hole,) = board.holes
        return _one_hole_reason(rows, cols, hole)
    if not board.holes and not rectangle_tileable(rows, cols):
        return f"a {rows}x{cols} rectangle cannot be tiled (Chu and Johnsonbaugh: 3 by odd)"
    return None


def _sweep_says(board: Board, time_limit: float | None) -> bool:
    """:func:`has_tiling`, a time limit reported as :class:`~puzzlekit.UnsolvableError`."""
    try:
        return has_tiling(board, time_limit=time_limit)
    except TimeoutError as error:
        raise UnsolvableError(f"stopped without an answer: {error}") from None


def is_tileable(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> bool:
    """Whether *board* (holes removed, placed trominoes ignored) can be tiled.

    Exact: the theorems answer for rectangles with at most one hole, the profile
    sweep for other boards at most 8 cells across, the exhaustive search otherwise.
    ``time_limit=`` bounds the sweep and the search, ``node_limit=`` the search;
    running out raises :class:`~puzzlekit.UnsolvableError` saying it stopped,
    rather than guessing. A board that needs the search and has more than
    :data:`~puzzlekit.tromino.search.SEARCH_MAX_CELLS` cells raises ``ValueError``.

    >>> is_tileable(Board.square(7, (3, 3))), is_tileable(Board(2, 5, [(0, 2)]))
    (True, False)
    """
    if not isinstance(board, Board):
        raise TypeError(f"is_tileable() needs a Board, not {type(board).__name__}")
    board = board.cleared()
    if untileable_reason(board) is not None:
        return False
    if len(board.holes) <= 1:
        return True
    if min(board.rows, board.cols) <= _PROFILE_WIDTH:
        return _sweep_says(board, time_limit)
    result = solve(board, node_limit=node_limit, time_limit=time_limit)
    if not result.complete:
        raise UnsolvableError(f"search stopped after {result.nodes} nodes without an answer")
    return result.tiling is not None


def tile(
    board: Board,
    *,
    max_cells: int = DEFAULT_MAX_CELLS,
    node_limit: int | None = None,
    time_limit: float | None = None,
) -> Tiling:
    """A tiling of *board* (holes removed, placed trominoes ignored).

    ``2^k`` squares with one hole get Golomb's divide-and-conquer tiling, in
    preorder (linear time, about 0.1 s for 1024 x 1024); other rectangles with at
    most one hole the strip construction of Chu and Johnsonbaugh (squares) and
    Ash and Golomb (rectangles) around a searched core of at most 11 x 11;
    anything else comes from the exact search. ``node_limit=``/``time_limit=``
    bound the searches, not the linear-time constructions. Raises
    :class:`~puzzlekit.UnsolvableError` with the reason when there is no tiling
    (or a search gave up), and ``ValueError`` for boards over *max_cells* cells,
    saying how much memory they would take.

    >>> print(tile(Board.square(4, (0, 0))))
    #abb
    aacb
    bcca
    bbaa
    >>> tile(Board(3, 5))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.UnsolvableError: a 3x5 rectangle cannot be tiled (Chu and Johnsonbaugh: \
3 by odd)
    """
    if not isinstance(board, Board):
        raise TypeError(f"tile() needs a Board, not {type(board).__name__}")
    if type(max_cells) is not int:
        raise TypeError(f"max_cells must be an int, not {max_cells!r}")
    cells = board.rows * board.cols
    if cells > max_cells:
        need = board.area // 3 * _BYTES_PER_TROMINO
        raise ValueError(
            f"a {board.rows}x{board.cols} board has {cells:,} cells, over max_cells="
            f"{max_cells:,}; its {board.area // 3:,} trominoes would need about "
            f"{need / 2**20:,.0f} MiB (pass a larger max_cells= to build it anyway)"
        )
    board = board.cleared()
    reason = untileable_reason(board)
    if reason is not None:
        raise UnsolvableError(reason)
    rows, cols = board.rows, board.cols
    if not board.holes:
        codes: list[int] = []
        _fill_rectangle(codes, cols, 0, 0, rows, cols)
        return Tiling.trusted(board, tuple(codes))
    if len(board.holes) == 1:
        (hole,) = board.holes
        if rows == cols and _is_power_of_two(rows):
            return Tiling.trusted(board, tuple(_divide_and_conquer(rows, hole)))
        if min(rows, cols) >= 2:  # tileable: untileable_reason said nothing
            codes, (top, left, height, width) = _strips(board, hole)
            core = Board(height, width, [(hole[0] - top, hole[1] - left)])
            found = solve(core, node_limit=node_limit, time_limit=time_limit).tiling
            if found is None:
                raise UnsolvableError(
                    f"search stopped on the {height}x{width} core around the hole "
                    "(raise node_limit=/time_limit=)"
                )
            shift = top * cols + left
            for code in found.codes:
                row, col = divmod(code >> 2, width)
                codes.append(((row * cols + col + shift) << 2) | (code & 3))
            return Tiling.trusted(board, tuple(codes))
    if min(rows, cols) <= _PROFILE_WIDTH and not _sweep_says(board, time_limit):
        raise UnsolvableError("the exhaustive profile sweep finds no tiling")
    result = solve(board, node_limit=node_limit, time_limit=time_limit)
    if result.tiling is not None:
        return result.tiling
    if not result.complete:
        raise UnsolvableError(
            f"search stopped after {result.nodes} nodes without finding a tiling "
            "(raise node_limit=/time_limit=)"
        )
    raise UnsolvableError("search exhausted: no tiling exists")


def hint(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> Tromino | None:
    """A tromino to place next that keeps *board* solvable, or ``None`` when it is
    solved or its free cells cannot be tiled (or the search gave up).

    While the placements so far follow :func:`tile`'s tiling, the hint is its next
    move (the demonstration order); otherwise it comes from a tiling of the cells
    still free.

    >>> board = Board.square(4, (0, 0))
    >>> hint(board)
    Tromino.parse('1,1 nw')
    >>> print(hint(board.place(Tromino.at(0, 1, "sw"))))  # leaves (0, 3) no room
    None
    >>> hint(Board(2, 6).place(Tromino.at(0, 0, "ne")))  # another tiling's piece
    Tromino.parse('0,1 sw')
    """
    if not isinstance(board, Board):
        raise TypeError(f"hint() needs a Board, not {type(board).__name__}")
    if board.is_solved:
        return None
    try:
        planned = tile(board.cleared(), node_limit=node_limit, time_limit=time_limit)
        if board.trominoes <= set(planned.trominoes):
            return next(move for move in planned.moves() if move not in board.trominoes)
        covered = {cell for tromino in board.trominoes for cell in tromino.cells}
        rest = Board(board.rows, board.cols, board.holes | covered)
        tiling = tile(rest, node_limit=node_limit, time_limit=time_limit)
    except UnsolvableError:
        return None
    index = tiling.owner(board.free_cells[0])
    return None if index is None else tiling.trominoes[index]


def random_board(
    rows: int, cols: int | None = None, *, holes: int = 1, seed: int | None = None
) -> Board:
    """A random board that can be tiled: ``rows x cols`` (square when *cols* is
    ``None``) with *holes* holes drawn uniformly until the board is tileable; the
    same *seed* gives the same board.

    >>> random_board(8, seed=3) == random_board(8, seed=3)
    True
    >>> random_board(5, holes=2)
    Traceback (most recent call last):
    ...
    ValueError: a 5x5 board with 2 holes has 23 cells to cover, not a multiple of 3
    """
    cols = rows if cols is None else cols
    Board(rows, cols)  # checks the sizes
    if type(holes) is not int or not 0 <= holes <= rows * cols:
        raise ValueError(f"holes must be an int from 0 to {rows * cols}, not {holes!r}")
    if (rows * cols - holes) % 3:
        raise ValueError(
            f"a {rows}x{cols} board with {holes} holes has {rows * cols - holes} cells to "
            "cover, not a multiple of 3"
        )
    rng = make_rng(seed)
    for _ in range(_RANDOM_TRIES):
        cells = rng.sample(range(rows * cols), holes)
        board = Board(rows, cols, [divmod(cell, cols) for cell in cells])
        try:
            if is_tileable(board, node_limit=_RANDOM_NODES):
                return board
        except UnsolvableError:
            continue
    raise UnsolvableError(
        f"no tileable {rows}x{cols} board with {holes} holes turned up in {_RANDOM_TRIES} draws"
    )
