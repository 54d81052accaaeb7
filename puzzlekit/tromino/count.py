"""The broken-profile sweep: count tilings, decide, and build one.

The board is swept cell by cell in reading order along its shorter side
(width ``W``). The state is a bitmask of which of the next cells are already
covered: ``W + 2`` cells when only L-trominoes are used (an L reaches one row
down and one column back), ``2W + 1`` with straight trominoes (a vertical one
reaches two rows down). At the first uncovered cell a piece must start there,
so each state has at most six successors. Successors are memoised per column
and state, so the sweep is a loop of dict look-ups and additions.

The work grows with the number of states, exponentially in ``W``: the sweeps
refuse boards wider than :data:`MAX_SWEEP_WIDTH` (after the answers that need
no sweep: an area not a multiple of 3, a board one cell wide), and take
``node_limit=`` (states visited), ``time_limit=`` and ``progress=``, raising
:class:`~puzzlekit.LimitReached` when one stops them.

>>> from puzzlekit.tromino import Board
>>> count_tilings(Board(2, 9))
8
>>> count_tilings(Board(3, 3), pieces="LI")
10
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from math import isqrt
from typing import Literal, TypeAlias

from puzzlekit.errors import ArgumentError
from puzzlekit.grid import Cell
from puzzlekit.limits import Budget, ProgressCallback
from puzzlekit.tromino.board import Board

__all__ = ["MAX_SWEEP_WIDTH", "Pieces", "count_completions", "count_tilings", "has_tiling"]

Pieces: TypeAlias = Literal["L", "LI"]
"""Which trominoes may be used: ``'L'`` only, or ``'LI'`` for L and straight ones."""

MAX_SWEEP_WIDTH: dict[str, int] = {"L": 16, "LI": 11}
"""The widest short side the sweeps take, per kind of pieces: beyond it one step can
hold millions of states (``count_tilings(Board(9, 12), "LI")`` takes about a second)."""


def check_pieces(pieces: object) -> Pieces:
    """Check the *pieces* argument.

    >>> check_pieces("I")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: pieces must be 'L' or 'LI', not 'I'
    """
    if pieces == "L":
        return "L"
    if pieces == "LI":
        return "LI"
    raise ArgumentError(f"pieces must be 'L' or 'LI', not {pieces!r}")


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
        self.shapes = [
            [
                (sum(1 << offset for offset in offsets), offsets)
                for offsets, shifts in shapes
                if all(0 <= col + shift < width for shift in shifts)
            ]
            for col in range(width)
        ]
        """For each column, the pieces that fit from it: (mask, offsets)."""
        self.masks = [tuple(mask for mask, _ in column) for column in self.shapes]
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


class _Sweep:
    """One sweep of a ``height x width`` board with *blocked* cells, along its shorter
    side: the cells in the sweep's reading order, the profile and the start state."""

    def __init__(
        self, height: int, width: int, blocked: Iterable[Cell], pieces: Pieces, budget: Budget
    ) -> None:
        self.transposed = width > height
        self.width = min(height, width)
        if self.transposed:
            self.blocked = {col * self.width + row for row, col in blocked}
        else:
            self.blocked = {row * self.width + col for row, col in blocked}
        self.size = height * width
        self.profile = _Profile(self.width, pieces)
        window = self.profile.window
        self.top = 1 << (window - 1)
        self.full = (1 << window) - 1
        self.start = sum(
            1 << i for i in range(window) if i >= self.size or i in self.blocked
        )
        self.budget = budget

    def cell(self, index: int) -> Cell:
        """The board cell of sweep position *index*."""
        row, col = divmod(index, self.width)
        return (col, row) if self.transposed else (row, col)

    def _charge(self, states: int, what: str) -> None:
        if self.budget.spend(states):
            raise self.budget.limit_reached(what)

    def step(self, index: int, states: set[int], what: str) -> set[int]:
        """The states after cell *index*."""
        self._charge(len(states), what)
        successors = self.profile.successors
        col = index % self.width
        following: set[int] = set()
        for number, state in enumerate(states):
            # One step of a wide sweep can hold a million states: look at the clock within.
            if not number & _CLOCK_EVERY and number and self.budget.check_clock():
                raise self.budget.limit_reached(what)
            following.update(successors(col, state))
        entering = index + self.profile.window
        if entering >= self.size or entering in self.blocked:
            top = self.top
            following = {state | top for state in following}
        return following

    def tiling(self, rng: random.Random | None) -> list[tuple[Cell, Cell, Cell]] | None:
        """The cells of each tromino of a tiling, or ``None`` when there is none.

        A forward pass keeps the state sets at every ``sqrt(size)``-th cell; the
        backward pass recomputes one stretch at a time and walks back from the
        final state, choosing at each cell a predecessor the forward pass reached
        (at random with *rng*): memory ``O(sqrt(size))`` sets, twice the work of
        the decision.
        """
        every = max(32, isqrt(self.size))
        saved = {0: {self.start}}
        states = {self.start}
        for index in range(self.size):
            states = self.step(index, states, "tile")
            if not states:
                return None
            if (index + 1) % every == 0:
                saved[index + 1] = states
        if self.full not in states:
            return None
        found: list[tuple[Cell, Cell, Cell]] = []
        target = self.full
        window, top = self.profile.window, self.top
        for first in sorted(saved, reverse=True):
            last = min(first + every, self.size)
            stretch = [saved[first]]
            for index in range(first, last - 1):
                stretch.append(self.step(index, stretch[-1], "tile"))
            for index in range(last - 1, first - 1, -1):
                reached = stretch[index - first]
                entering = index + window
                if entering >= self.size or entering in self.blocked:
                    target &= ~top
                covered = (target << 1) | 1  # the state with the cell's piece in it
                options: list[tuple[int, tuple[int, ...] | None]] = []
                if covered in reached:
                    options.append((covered, None))
                for mask, offsets in self.profile.shapes[index % self.width]:
                    if mask & covered == mask and covered & ~mask in reached:
                        options.append((covered & ~mask, offsets))
                target, piece = rng.choice(options) if rng is not None else options[0]
                if piece is not None:
                    a, b, c = (self.cell(index + offset) for offset in piece)
                    found.append((a, b, c))
        return found


_CLOCK_EVERY = 0xFFF
"""The sweeps look at the clock at every cell and every 4096 states within one."""


def _check_width(height: int, width: int, pieces: Pieces) -> None:
    widest = MAX_SWEEP_WIDTH[pieces]
    if min(height, width) > widest:
        raise ArgumentError(
            f"the profile sweep with pieces {pieces} takes boards at most {widest} cells "
            f"across, not {width}x{height}"
        )


def _trivial(board: Board, pieces: Pieces) -> bool | None:
    """Whether *board* has a tiling, when that needs no sweep; else ``None``."""
    if board.area % 3:
        return False
    if board.area == 0:
        return True
    if min(board.height, board.width) == 1:
        return pieces == "LI" and _line_runs_fit(board)
    return None


def _line_runs_fit(board: Board) -> bool:
    """Whether every run of free cells of a board one cell wide is a multiple of 3 long:
    then straight trominoes tile it in exactly one way, otherwise in none."""
    along = sorted(row + col for row, col in board.holes)  # one coordinate is always 0
    starts = [-1, *along]
    ends = [*along, board.height * board.width]
    return all((end - start - 1) % 3 == 0 for start, end in zip(starts, ends, strict=True))


def profile_tiling(
    height: int,
    width: int,
    blocked: Iterable[Cell],
    budget: Budget,
    rng: random.Random | None = None,
) -> list[tuple[Cell, Cell, Cell]] | None:
    """An L-tromino tiling (each tromino's cells) of the board minus *blocked*, or
    ``None`` when there is none; :class:`~puzzlekit.LimitReached` when *budget*
    runs out.

    >>> profile_tiling(2, 3, [], Budget())
    [((0, 1), (0, 2), (1, 2)), ((0, 0), (1, 0), (1, 1))]
    """
    return _Sweep(height, width, blocked, "L", budget).tiling(rng)


def count_tilings(
    board: Board,
    pieces: Pieces = "L",
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> int:
    """The exact number of tilings of *board* (holes left out) with L-trominoes,
    or with L and straight trominoes when *pieces* is ``'LI'``.

    Placed trominoes are ignored: this counts tilings of the empty board. The
    work grows exponentially with the shorter side (9 x 12 with both pieces
    takes about a second, each extra unit of width several times more);
    boards wider than :data:`MAX_SWEEP_WIDTH` are an
    :class:`~puzzlekit.ArgumentError` unless the answer needs no sweep.
    *node_limit* counts the states visited; a limit raises
    :class:`~puzzlekit.LimitReached`.

    >>> count_tilings(Board(6, 4)), count_tilings(Board.square(5, (0, 0)))
    (18, 8)
    >>> count_tilings(Board(1, 3 * 10**6))  # one cell wide: no room for an L
    0
    >>> count_tilings(Board(3 * 10**6 + 1, 1, [(3, 0)]), "LI")  # a straight piece per 3
    1
    """
    if not isinstance(board, Board):
        raise TypeError(f"count_tilings() needs a Board, not {type(board).__name__}")
    pieces = check_pieces(pieces)
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    trivial = _trivial(board, pieces)
    if trivial is not None:
        return int(trivial)
    _check_width(board.height, board.width, pieces)
    sweep = _Sweep(board.height, board.width, board.holes, pieces, budget)
    profile, blocked, size = sweep.profile, sweep.blocked, sweep.size
    window, width, top = profile.window, sweep.width, sweep.top
    states: dict[int, int] = {sweep.start: 1}
    for cell in range(size):
        if budget.spend(len(states)):
            raise budget.limit_reached("count_tilings")
        col = cell % width
        memo = profile.memo[col]
        # A covered current cell just shifts (one successor, distinct for each state).
        following = {state >> 1: ways for state, ways in states.items() if state & 1}
        get = following.get
        for number, (state, ways) in enumerate(states.items()):
            if not number & _CLOCK_EVERY and number and budget.check_clock():
                raise budget.limit_reached("count_tilings")
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
    return states.get(sweep.full, 0)


def count_completions(
    board: Board,
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> int:
    """How many ways the free cells of *board* can be tiled with L-trominoes: the
    tilings that complete it, keeping the trominoes placed (the puzzle's count).

    :func:`count_tilings` of the board with the covered cells as holes: the
    same width cap and limits.

    >>> board = Board(2, 6)
    >>> count_completions(board), count_completions(board.play("0,0 ne"))
    (4, 2)
    >>> count_completions(board.play("0,1 se"))  # (0, 0) and (1, 0) are walled off
    0
    """
    if not isinstance(board, Board):
        raise TypeError(f"count_completions() needs a Board, not {type(board).__name__}")
    covered = [cell for tromino in board.trominoes for cell in tromino.cells]
    free_only = Board(board.height, board.width, [*board.holes, *covered])
    return count_tilings(
        free_only, node_limit=node_limit, time_limit=time_limit, progress=progress
    )


def has_tiling(
    board: Board,
    pieces: Pieces = "L",
    *,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> bool:
    """Whether *board* has a tiling: the same sweep keeping states, not counts.

    Exact for any holes; its cost grows with the number of states of the
    shorter side (fine up to a width of about 10) times the number of cells.
    Limits and the width cap as for :func:`count_tilings`.

    >>> has_tiling(Board.square(5, (0, 1))), has_tiling(Board(2, 2000, [(0, 1)]))
    (False, True)
    """
    if not isinstance(board, Board):
        raise TypeError(f"has_tiling() needs a Board, not {type(board).__name__}")
    pieces = check_pieces(pieces)
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    trivial = _trivial(board, pieces)
    if trivial is not None:
        return trivial
    _check_width(board.height, board.width, pieces)
    return sweep_decides(board.height, board.width, board.holes, pieces, budget)


def sweep_decides(
    height: int, width: int, blocked: Iterable[Cell], pieces: Pieces, budget: Budget
) -> bool:
    """Whether the board minus *blocked* has a tiling, by the sweep under *budget*.

    >>> sweep_decides(5, 5, [(0, 1)], "L", Budget())
    False
    """
    sweep = _Sweep(height, width, blocked, pieces, budget)
    states = {sweep.start}
    for index in range(sweep.size):
        states = sweep.step(index, states, "has_tiling")
        if not states:
            return False
    return sweep.full in states
