"""Boards that can be cleared, each with a clearing line as a witness, and a difficulty grade.

:func:`clearable_board` builds a full board backwards from the empty one:
each step *inserts* a group (a vertical run into a column, a row of blocks
across neighbouring columns, or a new column) whose colour differs from every
block it touches, so that removing it again is a legal move that gives back
the board before. The groups removed in reverse order of insertion clear the
board: that line is the witness. Every column keeps room for 0 or at least
``min_group`` more blocks, so a step can always fill it; when no placement
fits for a while (few colours), the last few groups are taken back. Every
choice comes from one random stream, so a seed always gives the same board.

The grade is the share of random lines (each move the group of a random
playable block) that fail to clear the board: 0 when every one clears, 1 when
none does. Building needs enough colours to keep neighbouring groups apart:
four or more colours build boards of 50 x 50 in a tenth of a second; three
colours work up to about 15 x 15, two up to about 5 x 5, and past that the
construction often runs into its node limit (:class:`~puzzlekit.LimitReached`).

>>> puzzle = clearable_board(4, 5, 3, seed=1)
>>> board = puzzle.board
>>> for move in puzzle.witness:
...     board = board.play(move)
>>> board.is_solved, puzzle.board.count, 0 <= puzzle.difficulty <= 1
(True, 20, True)
"""

from __future__ import annotations

import random
from typing import Final

import attrs

from puzzlekit.errors import ArgumentError
from puzzlekit.grid import check_int
from puzzlekit.limits import Budget, ProgressCallback, make_rng
from puzzlekit.samegame.board import MAX_COLOURS, MAX_SIDE, Board, Move
from puzzlekit.samegame.core import Layout
from puzzlekit.samegame.rules import STANDARD, Rules

__all__ = ["TRIALS", "ClearableBoard", "clearable_board"]

TRIALS: Final = 16
"""How many random lines grade a board's difficulty by default.

>>> TRIALS
16
"""

_TRIES_PER_STEP = 64  # failed placements in a row before the last groups are taken back
_UNDO = 8  # at most this many

# A group inserted while building: its cells as (column, height from the bottom).
_Cells = list[tuple[int, int]]


@attrs.frozen
class ClearableBoard:
    """A board that can be cleared, a line that clears it, and how hard that is to find.

    >>> puzzle = clearable_board(2, 2, 2, seed=3)
    >>> len(puzzle.witness) >= 1, puzzle.board.play(puzzle.witness[0]).count < 4
    (True, True)
    """

    board: Board
    """The full board, under the rules it was built for."""
    witness: tuple[Move, ...]
    """A line of moves that clears :attr:`board` (each any cell of its group)."""
    difficulty: float
    """The share of random lines that fail to clear the board, from 0 to 1."""


class _Builder:
    """The columns under construction (lists, bottom block first) and the groups inserted."""

    def __init__(self, height: int, width: int, colours: int, min_group: int) -> None:
        self.height, self.width, self.colours, self.min_group = height, width, colours, min_group
        self.columns: list[list[int]] = []
        self.inserted: list[_Cells] = []

    def _fits(self, room: int) -> bool:
        """Whether a column with *room* free cells can still be filled by later steps."""
        return room == 0 or room >= self.min_group

    def _colour(self, neighbours: list[int], rng: random.Random) -> int | None:
        allowed = sorted(set(range(self.colours)) - set(neighbours))
        return rng.choice(allowed) if allowed else None

    def _at(self, x: int, y: int) -> list[int]:
        """The colour at column *x*, height *y*, as a list of none or one."""
        if 0 <= x < len(self.columns) and 0 <= y < len(self.columns[x]):
            return [self.columns[x][y]]
        return []

    def step(self, rng: random.Random) -> bool:
        """Try to insert one random group; ``False`` when the drawn placement does not fit."""
        # All columns first, low: a new column between tall ones would be a deep well.
        kind = 2 if len(self.columns) < self.width else rng.randrange(2)
        if kind == 0:
            return self._vertical(rng)
        if kind == 1:
            return self._row(rng)
        return self._new_columns(rng)

    def _sizes(self, room: int) -> list[int]:
        return [k for k in range(self.min_group, room + 1) if self._fits(room - k)]

    def _vertical(self, rng: random.Random) -> bool:
        open_columns = [x for x, column in enumerate(self.columns) if len(column) < self.height]
        if not open_columns:
            return False
        # A lowest open column, mostly on top and by short runs: the board grows
        # level, since deep narrow wells (every cell touching all colours) are what
        # ends in a dead end.
        low = min(len(self.columns[x]) for x in open_columns)
        x = rng.choice([x for x in open_columns if len(self.columns[x]) == low])
        column = self.columns[x]
        sizes = self._sizes(self.height - len(column))
        if not sizes:
            return False
        k = sizes[0] if rng.random() < 0.7 else rng.choice(sizes)
        y = len(column) if rng.random() < 0.5 else rng.randint(0, len(column))
        touching = self._at(x, y - 1) + self._at(x, y)
        for side in (x - 1, x + 1):
            for lift in range(y, y + k):
                touching += self._at(side, lift)
        colour = self._colour(touching, rng)
        if colour is None:
            return False
        column[y:y] = [colour] * k
        self.inserted.append([(x, lift) for lift in range(y, y + k)])
        return True

    def _row(self, rng: random.Random) -> bool:
        k = rng.randint(max(2, self.min_group), max(2, self.min_group) + 2)
        if len(self.columns) < k:
            return False
        starts = [x for x, column in enumerate(self.columns[: len(self.columns) - k + 1])
                  if len(column) < self.height]
        if not starts:
            return False
        x0 = rng.choice(starts)
        span = range(x0, x0 + k)
        if not all(self._fits(self.height - len(self.columns[x]) - 1)
                   and len(self.columns[x]) < self.height for x in span):
            return False
        lowest = min(len(self.columns[x]) for x in span)
        y = lowest if rng.random() < 0.5 else rng.randint(0, lowest)
        touching = self._at(x0 - 1, y) + self._at(x0 + k, y)
        for x in span:
            touching += self._at(x, y - 1) + self._at(x, y)
        colour = self._colour(touching, rng)
        if colour is None:
            return False
        for x in span:
            self.columns[x].insert(y, colour)
        self.inserted.append([(x, y) for x in span])
        return True

    def _new_columns(self, rng: random.Random) -> bool:
        free = self.width - len(self.columns)
        if not free:
            return False
        x = rng.randint(0, len(self.columns))
        # Either one new column of a vertical run, or a row of one-block new columns.
        sizes = self._sizes(self.height)
        if sizes and (rng.random() < 0.5 or not self._fits(self.height - 1)):
            k = sizes[0] if rng.random() < 0.7 else rng.choice(sizes)
            cells = [(x, lift) for lift in range(k)]
            touching = [c for lift in range(k) for c in self._at(x - 1, lift) + self._at(x, lift)]
            blocks = [[0] * k]
        else:
            if not self._fits(self.height - 1) or free < self.min_group:
                return False
            k = rng.randint(self.min_group, min(free, self.min_group + 2))
            cells = [(x + i, 0) for i in range(k)]
            touching = self._at(x - 1, 0) + self._at(x, 0)
            blocks = [[0] for _ in range(k)]
        colour = self._colour(touching, rng)
        if colour is None:
            return False
        self.columns[x:x] = [[colour] * len(column) for column in blocks]
        self.inserted.append(cells)
        return True

    def undo(self, rng: random.Random) -> None:
        """Remove the last few groups inserted (a move each), to get out of a dead end."""
        for _ in range(rng.randint(1, min(len(self.inserted), _UNDO))):
            cells = self.inserted.pop()
            for x, y in sorted(cells, key=lambda cell: -cell[1]):
                del self.columns[x][y]
            for x in sorted({x for x, _ in cells}, reverse=True):
                if not self.columns[x]:
                    del self.columns[x]

    @property
    def full(self) -> bool:
        return len(self.columns) == self.width and all(
            len(column) == self.height for column in self.columns
        )


def clearable_board(
    height: int,
    width: int,
    colours: int,
    *,
    seed: int | None = None,
    rules: Rules = STANDARD,
    trials: int = TRIALS,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> ClearableBoard:
    """A full *height* x *width* board of at most *colours* colours that *rules* let be cleared.

    The same *seed* gives the same board (``None``: a fresh one). Each
    placement tried and each move of a grading line is a node; the limits
    raise :class:`~puzzlekit.LimitReached` when they stop the work (without
    limits, after ``200 * height * width + 10_000`` nodes: some small shapes
    with few colours have no board this construction reaches). A board
    no game can clear (fewer cells than ``rules.min_group``) is an
    :class:`~puzzlekit.ArgumentError`. *trials* random lines grade the
    difficulty (0: no grading, difficulty 0.0).

    >>> clearable_board(3, 3, 1, seed=0).witness
    (Move(row=2, col=0),)
    >>> clearable_board(1, 1, 2)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: no 1 x 1 board can be cleared with min_group 2
    """
    check_int("height", height, minimum=1, maximum=MAX_SIDE)
    check_int("width", width, minimum=1, maximum=MAX_SIDE)
    check_int("colours", colours, minimum=1, maximum=MAX_COLOURS)
    check_int("trials", trials, minimum=0, maximum=10**6)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    if height * width < rules.min_group:
        raise ArgumentError(
            f"no {height} x {width} board can be cleared with min_group {rules.min_group}"
        )
    if node_limit is None and time_limit is None:
        node_limit = 200 * height * width + 10_000
    budget = Budget(node_limit=node_limit, time_limit=time_limit, progress=progress)
    rng = make_rng(seed)
    if colours == 1:  # one group of every block
        builder = _Builder(height, width, 1, rules.min_group)
        builder.columns = [[0] * height for _ in range(width)]
        builder.inserted = [[(0, 0)]]
    else:
        builder = _build(height, width, colours, rules.min_group, rng, budget)
    board = Board(tuple(map(tuple, builder.columns)), height, rules)
    witness = tuple(Move(height - 1 - y, x) for x, y in (cells[0] for cells in
                                                         reversed(builder.inserted)))
    return ClearableBoard(board, witness, _grade(board, trials, rng, budget))


def _build(
    height: int, width: int, colours: int, min_group: int, rng: random.Random, budget: Budget
) -> _Builder:
    """Insert groups until the board is full, taking some back after a dead end."""
    builder = _Builder(height, width, colours, min_group)
    failures = 0
    while not builder.full:
        if budget.spend():
            raise budget.limit_reached("clearable_board")
        failures = 0 if builder.step(rng) else failures + 1
        if failures >= _TRIES_PER_STEP and builder.inserted:
            builder.undo(rng)
            failures = 0
    return builder


def _grade(board: Board, trials: int, rng: random.Random, budget: Budget) -> float:
    """The share of *trials* random lines that do not clear *board*.

    Each move removes the group of a block drawn from the playable ones, as
    the solver's playouts do (cheap on packed boards, so large boards grade
    fast; groups are drawn in proportion to their size).
    """
    if not trials:
        return 0.0
    layout = Layout(board.width, board.height, board.colours)
    start = layout.encode(board.columns)
    min_group = board.rules.min_group
    failed = 0
    for _ in range(trials):
        bits = start
        while True:
            if min_group == 2:
                seeds = layout.playable(bits)
                group = layout.flood(bits, layout.any_block(seeds, rng)) if seeds else 0
            else:
                groups = layout.groups(bits, min_group)
                group = rng.choice(groups) if groups else 0
            if not group:
                break
            if budget.spend():
                raise budget.limit_reached("clearable_board")
            bits = layout.remove(bits, group)
        failed += bits != 0
    return failed / trials
