"""Levels: boards that can be cleared, each with a line that clears it, and a grade.

A board comes one of two ways, whichever is faster for its colours:

* up to three colours (:data:`SEARCHED_COLOURS`), a random board (on boards
  of at most 225 cells or 2 wide, one draw in four is built as below), kept
  when the clearing search (:func:`~puzzlekit.samegame.clearing_line`)
  finds a line that clears it: with so few colours most random boards can be
  cleared, and the search finds a line in a fraction of a second even on
  30 x 30 boards. A board the search does not clear within its node
  allotment is dropped and the next one drawn;
* with more colours random boards can rarely be cleared, so the board is
  built backwards from the empty one: each step *inserts* a group (a
  vertical run into a column, a row of blocks across neighbouring columns,
  or a new column) whose colour differs from every block it touches, so
  that removing it again is a legal move that gives back the board before.
  The groups removed in reverse order of insertion clear the board. Every
  column keeps room for 0 or at least ``min_group`` more blocks, so a step
  can always fill it; when no placement fits for a while, the last few
  groups are taken back, and a board that still does not fill is dropped.

The witness is the line the clearing search finds, or for a built board it
does not clear within its allotment, the groups in reverse order of insertion.

The grade (:func:`grade_of`) is the effort of the clearing search: the nodes
(moves made) it needs before its first clearing line, per block of the
board, which is about the number of random playouts it tries. Up to
:data:`EASY_EFFORT` is ``"easy"``, up to :data:`HARD_EFFORT` ``"medium"``, more
``"hard"``. Every choice comes from one random stream and every search runs
under node limits, so a seed always gives the same level.

>>> level = generate("medium", Params(width=6, height=5), seed=1)
>>> level.grade, level.start.count, level.replayed().is_solved
('medium', 30, True)
>>> grade_of(level.start)
'medium'
"""

from __future__ import annotations

import random
from typing import Final

from puzzlekit import levels
from puzzlekit.contract import Level, SearchResult
from puzzlekit.errors import ArgumentError, UnsolvableError
from puzzlekit.limits import Budget, ProgressCallback
from puzzlekit.samegame.board import Board, Move
from puzzlekit.samegame.params import Params, params_or_default
from puzzlekit.samegame.positions import random_board
from puzzlekit.samegame.solver import clearing_search

__all__ = [
    "EASY_EFFORT", "GRADES", "HARD_EFFORT", "SEARCHED_COLOURS",
    "clearable_board", "generate", "grade_of",
]

GRADES: Final = levels.GRADES
"""The grades of SameGame levels, easiest first: those of :data:`puzzlekit.levels.GRADES`.

>>> GRADES
('easy', 'medium', 'hard')
"""

EASY_EFFORT: Final = 1.0
"""The most clearing-search nodes per block of an ``"easy"`` board.

>>> EASY_EFFORT
1.0
"""

HARD_EFFORT: Final = 4.0
"""The most clearing-search nodes per block of a ``"medium"`` board; past it, ``"hard"``.

>>> HARD_EFFORT
4.0
"""

SEARCHED_COLOURS: Final = 3
"""Up to this many colours, levels are random boards checked by the clearing search.

With more, random boards can rarely be cleared, and levels are built backwards.

>>> SEARCHED_COLOURS
3
"""

_SEARCHES = 3  # clearing searches, seeds 0, 1, 2, whose median effort grades a board
_SEARCH_EFFORT = 64  # nodes per block a search spends on a random board before dropping it
_LEVEL_EFFORT = 500  # nodes per block (plus _LEVEL_NODES) a generator spends without limits
_LEVEL_NODES = 10_000
_BUILT_SHARE = 0.25  # of the draws with few colours on small boards, those built backwards
_SMALL_CELLS = 225
_BUILD_EFFORT = 20  # placements per cell (plus _BUILD_NODES) before a board is dropped
_BUILD_NODES = 100
_TRIES_PER_STEP = 64  # failed placements in a row before the last groups are taken back
_UNDO = 8  # at most this many

# A group inserted while building: its cells as (column, height from the bottom).
_Cells = list[tuple[int, int]]


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


def _nodes(count: int, effort: float) -> int:
    """The clearing-search nodes *effort* per block allows on a board of *count* blocks."""
    return max(1, int(effort * count))


def _band(nodes: int, count: int) -> int:
    """The index in :data:`GRADES` of a clearing search that cleared *count* blocks in *nodes*."""
    if nodes <= _nodes(count, EASY_EFFORT):
        return 0
    return 1 if nodes <= _nodes(count, HARD_EFFORT) else 2


def grade_of(
    board: Board, *, node_limit: int | None = None, time_limit: float | None = None
) -> str:
    """How hard *board* is to clear: ``"easy"``, ``"medium"`` or ``"hard"`` (see :data:`GRADES`).

    The grade of the median effort of three clearing searches
    (:func:`~puzzlekit.samegame.clearing_line` with seeds 0, 1 and 2):
    up to :data:`EASY_EFFORT` nodes per block before the first clearing line
    is easy, up to :data:`HARD_EFFORT` medium, more (or no clearing line by
    then) hard. A board a search proves cannot be cleared raises
    :class:`~puzzlekit.UnsolvableError`; the limits raise
    :class:`~puzzlekit.LimitReached` when they stop the searches before the
    grade is known (they need at most ``3 * HARD_EFFORT * board.count`` nodes).

    >>> grade_of(Board.parse("1122\\n2211"))
    'easy'
    >>> grade_of(Board.parse("12\\n21"))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.UnsolvableError: no line clears this board
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    budget = Budget(node_limit=node_limit, time_limit=time_limit)
    graded = _graded(board, None, _nodes(board.count, HARD_EFFORT), budget)
    if graded is None:
        raise budget.limit_reached("grade_of")
    return graded[0]


def _graded(
    board: Board, wanted: str | None, nodes: int, budget: Budget
) -> tuple[str, tuple[Move, ...] | None] | None:
    """The grade of *board* and a line that clears it (``None`` when no search found one).

    The searches with seeds 0, 1, 2 are paid from *budget*; the first may
    make *nodes* nodes, the others at most as many as tell medium from hard.
    ``None`` when the budget stops them or as soon as the median cannot be
    *wanted* (``None``: any grade). Raises :class:`~puzzlekit.UnsolvableError`
    when a search proves that no line clears the board.
    """
    count = board.count
    bands: list[int] = []
    line = None
    for seed in range(_SEARCHES):
        result = _search(board, nodes if seed == 0 else min(nodes, _nodes(count, HARD_EFFORT)),
                         seed, budget)
        if result is None:
            return None
        if result.proved_unsolvable:
            raise UnsolvableError("no line clears this board")
        # A search that ran out of nodes only says the board is harder than its limit.
        bands.append(_band(result.nodes, count) if result.solved else len(GRADES) - 1)
        if result.solved and line is None:
            line = result.moves
        if wanted is not None:
            index = GRADES.index(wanted)
            if sum(band < index for band in bands) > 1 or sum(band > index for band in bands) > 1:
                return None
        if len(bands) == 2 and bands[0] == bands[1] and line is not None:
            break  # the third search cannot move the median
    return GRADES[sorted(bands)[len(bands) // 2]], line


def generate(
    grade: str,
    params: Params | None = None,
    *,
    seed: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Level[Board, Move]:
    """A level of *grade*: a full board of *params* (its size, at most its colours, its
    rules; default: the ``default`` preset, 10 x 10 of 3 colours), a line that clears it
    (the witness) and its grade (``grade_of(level.start)``).

    The same *seed* gives the same level (``None``: a fresh one). Nodes are
    the blocks of the random boards drawn, the placements tried while
    building, and the moves of the clearing searches; the limits raise
    :class:`~puzzlekit.LimitReached` when they stop the work (without limits,
    after ``500 * width * height + 10_000`` nodes: some grades are rare at
    some sizes and colours, such as easy boards of five colours past 15 x 15,
    and some small shapes have none). A time limit never changes the level,
    it only stops the work sooner.

    >>> level = generate("easy", Params.parse("5x4 colours=2"), seed=7)
    >>> level.grade, level.replayed().is_solved, level.start.width
    ('easy', True, 5)
    >>> generate("hard", Params.parse("2x1 colours=2"), seed=1, node_limit=100)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.LimitReached: samegame.generate stopped by its node limit after ...
    """
    params = _checked(params)
    levels.check_grade(grade, GRADES)  # draw() takes None for any grade; generate() does not
    return _draw(params, grade, seed, node_limit, time_limit, progress, "samegame.generate")


def clearable_board(
    params: Params | None = None,
    *,
    seed: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
) -> Level[Board, Move]:
    """A level of any grade: a full board of *params* that its rules let be cleared, a line
    that clears it and its grade (see :func:`generate`).

    A board no game can clear (fewer cells than ``rules.min_group``) is an
    :class:`~puzzlekit.ArgumentError`.

    >>> level = clearable_board(Params.parse("3x3 colours=1"), seed=0)
    >>> level.witness, level.grade
    ((Move(row=2, col=0),), 'easy')
    >>> clearable_board(Params.parse("1x1 colours=2"))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: no 1 x 1 board can be cleared with min_group 2
    """
    return _draw(_checked(params), None, seed, node_limit, time_limit, progress,
                 "clearable_board")


def _draw(
    params: Params, grade: str | None, seed: int | None, node_limit: int | None,
    time_limit: float | None, progress: ProgressCallback | None, what: str,
) -> Level[Board, Move]:
    """The first level of *grade* (``None``: any) drawn for *seed*, for :func:`generate`
    and :func:`clearable_board` (with checked params)."""

    def candidate(rng: random.Random, budget: Budget) -> Level[Board, Move] | None:
        return _level(params, grade, rng, budget)

    return levels.draw(
        grade, GRADES, candidate, seed=seed, node_limit=node_limit, time_limit=time_limit,
        progress=progress, default_node_limit=_LEVEL_EFFORT * params.width * params.height
        + _LEVEL_NODES, what=what,
    )


def _checked(params: Params | None) -> Params:
    params = params_or_default(params)
    if params.width * params.height < params.rules.min_group:
        raise ArgumentError(
            f"no {params.width} x {params.height} board can be cleared with min_group "
            f"{params.rules.min_group}"
        )
    return params


def _level(
    params: Params, grade: str | None, rng: random.Random, budget: Budget
) -> Level[Board, Move] | None:
    """One level drawn from *rng*, graded, or ``None`` when this draw gives none.

    The clearing search runs only as far as it must to tell whether the
    board has *grade* (any grade for ``None``).
    """
    height, width, colours, rules = params.height, params.width, params.colours, params.rules
    count = height * width
    witness: tuple[Move, ...] | None = None
    # Few colours: a random board and a search, except one draw in four on small or
    # narrow boards (a single column, say), whose random boards can rarely be cleared
    # and whose builds are cheap.
    small = count <= _SMALL_CELLS or min(height, width) <= 2
    built = None
    if colours > SEARCHED_COLOURS or (small and rng.random() < _BUILT_SHARE):
        built = _build(height, width, colours, rules.min_group, rng, budget)
        if built is None:
            if budget.exhausted or not small:
                return None
            # The builder inserts straight groups only, which some small boards cannot be
            # cleared by (a 2 x 2 square under min_group 3): a random board of fewer colours.
            colours = min(colours, rng.randint(1, SEARCHED_COLOURS))
    if built is None:
        if budget.spend(count):  # a node per block drawn
            return None
        board = random_board(height, width, colours, seed=rng.getrandbits(64), rules=rules)
    else:
        board = Board(tuple(map(tuple, built.columns)), height, rules)
        witness = tuple(Move(height - 1 - y, x) for x, y in (cells[0] for cells in
                                                             reversed(built.inserted)))
    # A random board also needs a search to find a clearing line; a built one has its own.
    if grade == "easy":
        effort = EASY_EFFORT
    elif grade == "medium" or witness is not None:
        effort = HARD_EFFORT
    else:
        effort = _SEARCH_EFFORT
    try:
        graded = _graded(board, grade, _nodes(count, effort), budget)
    except UnsolvableError:
        return None
    if graded is None:
        return None
    found, line = graded
    witness = line or witness
    return None if witness is None else Level(board, witness, found)


def _search(
    board: Board, nodes: int, seed: int, budget: Budget
) -> SearchResult[Board, Move] | None:
    """The clearing search with *seed* on *board*, of at most *nodes* nodes paid from *budget*.

    ``None`` when the budget stops it: the search does not depend on its
    limits, so a line it finds within what the budget allows is the line it
    finds with all *nodes*. Ctrl-C stops the caller too.
    """
    if budget.node_limit is not None:
        nodes = min(nodes, budget.node_limit - budget.nodes)
    inner = Budget(node_limit=max(0, nodes), time_limit=budget.remaining)
    result = clearing_search(board, inner, seed)
    if inner.stopped_by == "interrupted":
        raise KeyboardInterrupt
    budget.spend(result.nodes)
    return None if budget.exhausted or budget.check_clock() else result


def _build(
    height: int, width: int, colours: int, min_group: int, rng: random.Random, budget: Budget
) -> _Builder | None:
    """Insert groups until the board is full, taking some back after a dead end; ``None``
    when the budget or this board's allotment of placements runs out first."""
    builder = _Builder(height, width, colours, min_group)
    failures = 0
    for _ in range(_BUILD_EFFORT * height * width + _BUILD_NODES):
        if builder.full:
            return builder
        if budget.spend():
            return None
        failures = 0 if builder.step(rng) else failures + 1
        if failures >= _TRIES_PER_STEP and builder.inserted:
            builder.undo(rng)
            failures = 0
    return None
