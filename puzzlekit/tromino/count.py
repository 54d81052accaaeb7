"""Counting tilings with a broken-profile dynamic programme.

The board is swept cell by cell in reading order along its shorter side
(width ``W``). The state is a bitmask of which of the next cells are already
covered: ``W + 2`` cells when only L-trominoes are used (an L reaches one row
down and one column back), ``2W + 1`` with straight trominoes (a vertical one
reaches two rows down). At the first uncovered cell a piece must start there,
so each state has at most six successors. Successors are memoised per column
and state, so the sweep is a loop of dict look-ups and additions.

>>> from puzzlekit.tromino import Board
>>> count_tilings(Board(2, 9))
8
>>> count_tilings(Board(3, 3), pieces="LI")
10
"""

from __future__ import annotations

from puzzlekit.limits import Budget
from puzzlekit.tromino.board import Board
from puzzlekit.tromino.search import Pieces, check_pieces

__all__ = ["count_tilings", "has_tiling"]


class _Profile:
    """The shapes of a sweep of width *width*, with memoised successor states."""

    def __init__(self, width: int, pieces: Pieces) -> None:
        # Each piece as (offsets, column shifts) from its first cell in reading order.
        shapes = [
            ((0, 1, width), (0, 1, 0)),
            ((0, 1, width + 1), (0, 1, 1)),
            ((0, width, width + 1), (0, 0, 1)),
            ((0, width - 1, width), (0, -1, 0)),
        ]
        if pieces == "LI":
            shapes += [((0, 1, 2), (0, 1, 2)), ((0, width, 2 * width), (0, 0, 0))]
        self.window = max(max(offsets) for offsets, _ in shapes) + 1
        """How many cells, from the current one on, the state covers."""
        self.masks = [
            tuple(
                sum(1 << offset for offset in offsets)
                for offsets, shifts in shapes
                if all(0 <= col + shift < width for shift in shifts)
            )
            for col in range(width)
        ]
        self.memo: list[dict[int, tuple[int, ...]]] = [{} for _ in range(width)]

    def successors(self, col: int, state: int) -> tuple[int, ...]:
        """The states after the cell in column *col*, before the entering cell is added.

        >>> bin(*_Profile(3, "L").successors(0, 0b10))  # only the L below fits
        '0b1101'
        """
        found = self.memo[col].get(state)
        if found is None:
            if state & 1:
                found = (state >> 1,)
            else:
                found = tuple(
                    (state | mask) >> 1 for mask in self.masks[col] if not state & mask
                )
            self.memo[col][state] = found
        return found


def _sweep(board: Board, pieces: Pieces) -> tuple[_Profile, int, set[int], int]:
    """``(profile, cell count, blocked cells, start state)`` of the sweep along the
    shorter side; cells past the end count as blocked."""
    rows, cols = board.rows, board.cols
    if cols <= rows:
        width, blocked = cols, {row * cols + col for row, col in board.holes}
    else:
        width, blocked = rows, {col * rows + row for row, col in board.holes}
    size = rows * cols
    profile = _Profile(width, pieces)
    start = sum(1 << i for i in range(profile.window) if i >= size or i in blocked)
    return profile, size, blocked, start


_CLOCK_EVERY = 0xFFF
"""The sweeps look at the clock at every cell and every 4096 states within one."""


def _stopped(name: str, time_limit: float | None, cell: int, size: int) -> TimeoutError:
    return TimeoutError(f"{name} stopped by time_limit={time_limit} s at cell {cell} of {size}")


def count_tilings(board: Board, pieces: Pieces = "L", *, time_limit: float | None = None) -> int:
    """The exact number of tilings of *board* (holes left out) with L-trominoes,
    or with L and straight trominoes when *pieces* is ``'LI'``.

    Placed trominoes are ignored: this counts tilings of the empty board. The
    work grows exponentially with the shorter side (9 x 12 with both pieces
    takes about half a second, each extra unit of width several times more);
    with *time_limit* (seconds) a count that runs longer raises
    :class:`TimeoutError`.

    >>> count_tilings(Board(6, 4)), count_tilings(Board.square(5, (0, 0)))
    (18, 8)
    """
    if not isinstance(board, Board):
        raise TypeError(f"count_tilings() needs a Board, not {type(board).__name__}")
    pieces = check_pieces(pieces)
    if board.area % 3:
        return 0
    budget = Budget(time_limit=time_limit)
    profile, size, blocked, start = _sweep(board, pieces)
    window = profile.window
    width = len(profile.memo)
    top = 1 << (window - 1)
    states: dict[int, int] = {start: 1}
    for cell in range(size):
        col = cell % width
        memo = profile.memo[col]
        # A covered current cell just shifts (one successor, distinct for each state).
        following = {state >> 1: ways for state, ways in states.items() if state & 1}
        get = following.get
        for number, (state, ways) in enumerate(states.items()):
            # One step of a wide sweep can hold millions of states: look at the clock within.
            if not number & _CLOCK_EVERY and budget.check_clock():
                raise _stopped("count_tilings", time_limit, cell, size)
            if state & 1:
                continue
            found = memo.get(state)
            if found is None:
                found = profile.successors(col, state)
            for successor in found:
                following[successor] = get(successor, 0) + ways
        entering = cell + window
        if entering >= size or entering in blocked:
            states = {state | top: ways for state, ways in following.items()}
        else:
            states = following
    return states.get((1 << window) - 1, 0)


def has_tiling(board: Board, pieces: Pieces = "L", *, time_limit: float | None = None) -> bool:
    """Whether *board* has a tiling: the same sweep keeping states, not counts.

    Exact for any holes; its cost grows with the number of states of the
    shorter side (fine up to a width of about 10) times the number of cells.
    With *time_limit* (seconds) a sweep that runs longer raises :class:`TimeoutError`.

    >>> has_tiling(Board.square(5, (0, 1))), has_tiling(Board(2, 2000, [(0, 1)]))
    (False, True)
    """
    if not isinstance(board, Board):
        raise TypeError(f"has_tiling() needs a Board, not {type(board).__name__}")
    pieces = check_pieces(pieces)
    if board.area % 3:
        return False
    budget = Budget(time_limit=time_limit)
    profile, size, blocked, start = _sweep(board, pieces)
    window = profile.window
    width = len(profile.memo)
    top = 1 << (window - 1)
    states = {start}
    for cell in range(size):
        col = cell % width
        following: set[int] = set()
        for number, state in enumerate(states):
            if not number & _CLOCK_EVERY and budget.check_clock():
                raise _stopped("has_tiling", time_limit, cell, size)
            following.update(profile.successors(col, state))
        entering = cell + window
        if entering >= size or entering in blocked:
            following = {state | top for state in following}
        if not following:
            return False
        states = following
    return (1 << window) - 1 in states
