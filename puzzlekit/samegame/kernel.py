"""The compiled SameGame kernel: boards as small int arrays, moves in numba.

This module needs the optional extra ``fast`` (``pip install -e '.[fast]'``,
which brings numba); nothing imports it until a search picks the ``numba``
engine (see :func:`puzzlekit.samegame.solver.solve`), so ``import
puzzlekit`` never loads numba, and only boards that
:func:`~puzzlekit.samegame.solver.kernel_supports` accepts come here.
Compiled functions are cached on disk (``cache=True``): only the first run
on a machine pays the compile.

A board is a flat ``int8`` array, column by column, each column bottom
cell first and ``height + 1`` cells long (:func:`encode`); a cell holds the
index of its colour in the board's sorted palette, ``-1`` when empty, and
``-2`` in the guard cells around the board (so neighbours need no bounds
checks). Rules travel as
:class:`KernelRules`: the score of each group size in a table, the end rule
as a small int. The same moves as :meth:`puzzlekit.samegame.Board.play`:
remove a group, let the blocks above fall, close emptied columns from the
right; the tests check every function against :class:`~puzzlekit.samegame.Board`.

Playouts follow the *selective tabu policy* of T. Cazenave ("Nested Rollout
Policy Adaptation with Selective Policies", CGW 2016): a move is drawn with
probability proportional to ``exp(policy[code])``, its *code* being its
colour, the size class of its group (:data:`SIZE_CLASS_BOUNDS`) and the
group's first cell (in column order), among the
moves that do not break up the tabu colour (one colour chosen per search): a
group of that colour is played only when it holds all its blocks or when no
other move is left.

>>> from puzzlekit.samegame import Board
>>> kernel = KernelBoard(Board.parse("1.\\n12\\n22"))
>>> kernel.groups()
[((0, 0), (1, 0)), ((1, 1), (2, 0), (2, 1))]
>>> kernel.play((2, 1)), kernel.board()
(3, Board.parse('..\\n1.\\n1.'))
"""

from __future__ import annotations

from typing import Final

import attrs
import numpy as np
from numba import njit

from puzzlekit.grid import Cell
from puzzlekit.samegame.board import Board
from puzzlekit.samegame.rules import Rules

__all__ = [
    "END_RULES",
    "SIZE_CLASS_BOUNDS",
    "KernelBoard",
    "KernelRules",
    "Scratch",
    "adapt",
    "count_moves",
    "encode",
    "end_score",
    "label_groups",
    "legal_moves",
    "line_choices",
    "playout",
    "remove_group",
]

END_RULES: Final = {"none": 0, "per-colour": 1, "total": 2}
"""The int each :data:`~puzzlekit.samegame.rules.EndPenalty` travels as.

>>> END_RULES["total"]
2
"""

SIZE_CLASS_BOUNDS: Final = (2, 3, 4, 6, 9, 14, 22)
"""Upper bounds of the group-size classes of a move's policy code (the last class is open).

Groups of up to 2 blocks are class 0, 3 blocks class 1, 4 class 2, 5-6
class 3, 7-9 class 4, 10-14 class 5, 15-22 class 6, larger ones class 7.

>>> len(SIZE_CLASS_BOUNDS) + 1
8
"""

@attrs.frozen
class KernelRules:
    """A :class:`~puzzlekit.samegame.Rules` value as the kernel reads it.

    >>> from puzzlekit.samegame import STANDARD
    >>> rules = KernelRules.of(STANDARD, 5)
    >>> rules.move_scores.tolist(), rules.clear_bonus, rules.end_rule
    ([4, 1, 0, 1, 4, 9], 1000, 0)
    """

    min_group: int
    """The fewest blocks a move removes."""
    move_scores: np.ndarray
    """The score of a move removing ``n`` blocks, at index ``n``."""
    clear_bonus: int
    """What a cleared board adds at the end."""
    end_rule: int
    """The end penalty as its :data:`END_RULES` int."""
    size_class: np.ndarray
    """The policy's size class of a group of ``n`` blocks, at index ``n``."""

    @classmethod
    def of(cls, rules: Rules, cells: int) -> KernelRules:
        """The kernel's form of *rules* for boards of at most *cells* blocks."""
        sizes = range(cells + 1)
        return cls(
            min_group=rules.min_group,
            move_scores=np.array([rules.score_move(n) for n in sizes], dtype=np.int64),
            clear_bonus=rules.clear_bonus,
            end_rule=END_RULES[rules.end_penalty],
            size_class=np.array(
                [sum(n > bound for bound in SIZE_CLASS_BOUNDS) for n in sizes], dtype=np.int64
            ),
        )


class Scratch:
    """The work arrays of the kernel's moves for boards of *cells* cells (reused, never shared).

    >>> Scratch(6).labels.shape
    (6,)
    """

    __slots__ = ("cells", "codes", "counts", "grid", "labels", "sizes", "stack", "starts")

    def __init__(self, cells: int, colours: int = 62) -> None:
        self.grid = np.empty(cells, dtype=np.int8)
        """A board the kernel plays on."""
        self.labels = np.empty(cells, dtype=np.int32)
        """The group of each cell (``-1`` for empty cells)."""
        self.sizes = np.empty(cells, dtype=np.int64)
        """Blocks per group."""
        self.starts = np.empty(cells, dtype=np.int64)
        """The first cell found of each group (any cell names it in a move)."""
        self.stack = np.empty(cells, dtype=np.int64)
        """The flood fill's stack."""
        self.cells = np.empty(cells, dtype=np.int64)
        """The legal moves of a position, each as one cell of its group."""
        self.codes = np.empty(cells, dtype=np.int64)
        """The policy code of each legal move."""
        self.counts = np.empty(colours, dtype=np.int64)
        """Blocks left of each colour."""


# -- the compiled functions ---------------------------------------------------------------


@njit(cache=True)
def label_groups(grid, used, stride, labels, sizes, starts, stack):  # type: ignore[no-untyped-def]
    """Label the groups of the first *used* columns: ``labels[cell]``, ``sizes[g]``,
    ``starts[g]`` (the group's first cell); returns their number.

    Groups are numbered in the order of their first cell (column by column,
    bottom up). Only blocks get labels: the caller looks at the colour first.
    """
    end = (used + 1) * stride
    for base in range(stride, end, stride):
        i = base
        while grid[i] >= 0:
            labels[i] = -1
            i += 1
    groups = 0
    for base in range(stride, end, stride):
        first = base
        while grid[first] >= 0:
            if labels[first] < 0:
                colour = grid[first]
                labels[first] = groups
                starts[groups] = first
                stack[0] = first
                top = 0
                size = 0
                while top >= 0:
                    i = stack[top]
                    top -= 1
                    size += 1
                    # The guard cells around the board are never a colour: no bounds checks.
                    for j in (i + 1, i - 1, i + stride, i - stride):
                        if grid[j] == colour and labels[j] < 0:
                            labels[j] = groups
                            top += 1
                            stack[top] = j
                sizes[groups] = size
                groups += 1
            first += 1
    return groups


@njit(cache=True)
def remove_group(grid, used, stride, labels, group):  # type: ignore[no-untyped-def]
    """Remove the blocks labelled *group* from the first *used* columns: blocks fall,
    emptied columns close from the right. Returns the columns still used."""
    kept = 0
    for x in range(used):
        base = (x + 1) * stride
        target = (kept + 1) * stride
        h = 0
        i = base
        while grid[i] >= 0:
            if labels[i] != group:
                grid[target + h] = grid[i]
                h += 1
            i += 1
        if h > 0:
            for y in range(h, stride - 1):
                grid[target + y] = -1
            kept += 1
    for x in range(kept, used):
        base = (x + 1) * stride
        for y in range(stride - 1):
            grid[base + y] = -1
    return kept


@njit(cache=True)
def end_score(counts, colours, clear_bonus, end_rule):  # type: ignore[no-untyped-def]
    """What the end adds, given the blocks left of each of the *colours* colours."""
    left = 0
    penalty = 0
    for c in range(colours):
        left += counts[c]
        if counts[c] > 2:
            penalty += (counts[c] - 2) * (counts[c] - 2)
    if left == 0:
        return clear_bonus
    if end_rule == 1:
        return -penalty
    if end_rule == 2 and left > 2:
        return -(left - 2) * (left - 2)
    return 0


@njit(cache=True)
def count_moves(grid, used, stride, min_group, labels, sizes, starts, stack):  # type: ignore[no-untyped-def]
    """How many groups of at least *min_group* blocks *grid* has (0: the game is over)."""
    groups = label_groups(grid, used, stride, labels, sizes, starts, stack)
    found = 0
    for g in range(groups):
        if sizes[g] >= min_group:
            found += 1
    return found


@njit(cache=True)
def legal_moves(  # type: ignore[no-untyped-def]
    grid, used, stride, min_group, tabu, counts, size_class, classes, colours, table,
    labels, sizes, starts, stack, cells, codes,
):
    """The moves the tabu policy allows, as ``cells`` and policy ``codes``; their number.

    A group of colour *tabu* is allowed only when it holds every block of
    that colour left, or when no other move exists (``tabu = -1``: no tabu).
    A move's code combines its group's first cell, colour and size class,
    folded into a policy of *table* entries.
    """
    groups = label_groups(grid, used, stride, labels, sizes, starts, stack)
    found = 0
    for g in range(groups):
        size = sizes[g]
        if size < min_group:
            continue
        colour = grid[starts[g]]
        if colour == tabu and size < counts[tabu]:
            continue
        cells[found] = starts[g]
        codes[found] = ((starts[g] * colours + colour) * classes + size_class[size]) % table
        found += 1
    if found == 0:
        for g in range(groups):
            size = sizes[g]
            if size >= min_group:
                colour = grid[starts[g]]
                cells[found] = starts[g]
                codes[found] = (
                    (starts[g] * colours + colour) * classes + size_class[size]
                ) % table
                found += 1
    return found


@njit(cache=True)
def _random(state):  # type: ignore[no-untyped-def]
    """A float in [0, 1) from the xorshift64* generator whose state is ``state[0]``."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return float((x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def playout(  # type: ignore[no-untyped-def]
    root, used, stride, colours, min_group, move_scores, clear_bonus, end_rule,
    size_class, classes, tabu, policy, state, max_moves, line,
    grid, labels, sizes, starts, stack, cells, codes, counts,
):
    """One policy playout from *root*: ``(score, moves, finished)``, move ``k`` in ``line[k]``.

    A move is drawn among :func:`legal_moves` with weight
    ``exp(policy[code])``; ``line[k]`` is a cell of its group. It stops
    after *max_moves* moves; a line cut short (``finished`` false) scores
    its moves only, no end score.
    """
    grid[:] = root
    _count_colours(grid, counts, colours)
    table = policy.shape[0]
    weights = np.empty(cells.shape[0])
    score = 0
    made = 0
    while True:
        found = legal_moves(
            grid, used, stride, min_group, tabu, counts, size_class, classes, colours, table,
            labels, sizes, starts, stack, cells, codes,
        )
        if found == 0:
            return score + end_score(counts, colours, clear_bonus, end_rule), made, True
        if made >= max_moves:
            return score, made, False
        total = 0.0
        for m in range(found):
            weight = np.exp(policy[codes[m]])
            weights[m] = weight
            total += weight
        pick = _random(state) * total
        chosen = found - 1
        for m in range(found):
            pick -= weights[m]
            if pick < 0.0:
                chosen = m
                break
        cell = cells[chosen]
        group = labels[cell]
        size = sizes[group]
        counts[grid[cell]] -= size
        score += move_scores[size]
        used = remove_group(grid, used, stride, labels, group)
        line[made] = cell
        made += 1


@njit(cache=True)
def line_choices(  # type: ignore[no-untyped-def]
    root, used, stride, colours, min_group, size_class, classes, tabu, table, line, length,
    grid, labels, sizes, starts, stack, cells, codes, counts,
):
    """Replay *line*: the codes each of its moves was chosen among, and the code chosen.

    Returns ``(codes, offsets, chosen)``: step ``k`` had the moves
    ``codes[offsets[k]:offsets[k + 1]]`` and made ``chosen[k]``, what
    :func:`adapt` needs (computed once per best line, then reused).
    """
    grid[:] = root
    _count_colours(grid, counts, colours)
    offsets = np.empty(length + 1, dtype=np.int64)
    chosen = np.empty(length, dtype=np.int64)
    flat = np.empty(max(16, 8 * length), dtype=np.int64)
    filled = 0
    for step in range(length):
        found = legal_moves(
            grid, used, stride, min_group, tabu, counts, size_class, classes, colours, table,
            labels, sizes, starts, stack, cells, codes,
        )
        offsets[step] = filled
        if filled + found > flat.shape[0]:
            grown = np.empty(2 * (filled + found), dtype=np.int64)
            grown[:filled] = flat[:filled]
            flat = grown
        flat[filled : filled + found] = codes[:found]
        filled += found
        cell = line[step]
        group = labels[cell]
        size = sizes[group]
        colour = grid[cell]
        chosen[step] = ((starts[group] * colours + colour) * classes + size_class[size]) % table
        counts[colour] -= size
        used = remove_group(grid, used, stride, labels, group)
    offsets[length] = filled
    return flat[:filled].copy(), offsets, chosen


@njit(cache=True)
def adapt(policy, alpha, codes, offsets, chosen, length):  # type: ignore[no-untyped-def]
    """NRPA's adaptation towards a line (:func:`line_choices` describes it).

    Each step moves ``alpha`` of weight to the code of the move made, from
    the moves it was chosen among, in proportion to their probabilities
    under the policy as it was before the adaptation (Rosin 2011). *policy*
    is updated in place.
    """
    deltas = np.empty(codes.shape[0])
    for step in range(length):
        first = offsets[step]
        last = offsets[step + 1]
        total = 0.0
        for k in range(first, last):
            deltas[k] = np.exp(policy[codes[k]])
            total += deltas[k]
        for k in range(first, last):
            deltas[k] *= -alpha / total
    for k in range(codes.shape[0]):
        policy[codes[k]] += deltas[k]
    for step in range(length):
        policy[chosen[step]] += alpha


@njit(cache=True)
def _count_colours(grid, counts, colours):  # type: ignore[no-untyped-def]
    for c in range(colours):
        counts[c] = 0
    for i in range(grid.shape[0]):
        if grid[i] >= 0:
            counts[grid[i]] += 1


# -- the board in Python, for tests and the solver's set-up ---------------------------------


class KernelBoard:
    """A :class:`~puzzlekit.samegame.Board` on the kernel's arrays, moved by the kernel.

    For tests and for turning the kernel's lines back into moves: cells and
    groups are ``(row, col)`` as on :class:`~puzzlekit.samegame.Board`.

    >>> from puzzlekit.samegame import Board
    >>> board = KernelBoard(Board.parse("11\\n21"))
    >>> board.is_over(), board.play((0, 0)), board.is_over(), board.end_score()
    (False, 3, True, 0)
    """

    __slots__ = ("colours", "grid", "height", "rules", "scratch", "stride", "used", "width")

    def __init__(self, board: Board) -> None:
        self.width = board.width
        """Columns."""
        self.height = board.height
        """Rows."""
        self.stride = board.height + 1
        """Cells per column in the array, the guard cell on top included."""
        self.colours = board.colours
        """The board's colours, sorted: the kernel's colour ``k`` is ``colours[k]``."""
        self.rules = KernelRules.of(board.rules, board.width * board.height)
        """The board's rules in the kernel's form."""
        self.grid = encode(board)
        """The cells, as the kernel reads them."""
        self.used = sum(1 for column in board.columns if column)
        """How many columns hold blocks (the empty ones are on the right)."""
        self.scratch = Scratch(self.grid.shape[0], max(1, len(self.colours)))
        """Work arrays."""

    def index(self, cell: Cell) -> int:
        """The kernel's index of the ``(row, col)`` cell *cell*."""
        row, col = cell
        return (col + 1) * self.stride + self.height - 1 - row

    def cell(self, index: int) -> Cell:
        """The ``(row, col)`` cell of a kernel index: the inverse of :meth:`index`."""
        col, lift = divmod(index, self.stride)
        return (self.height - 1 - lift, col - 1)

    def _label(self) -> int:
        s = self.scratch
        return int(
            label_groups(self.grid, self.used, self.stride, s.labels, s.sizes, s.starts, s.stack)
        )

    def groups(self) -> list[tuple[Cell, ...]]:
        """Every group, lone blocks included, each as its sorted cells, sorted."""
        groups = self._label()
        labels = self.scratch.labels
        found: list[list[Cell]] = [[] for _ in range(groups)]
        for index in range(self.grid.shape[0]):
            if self.grid[index] >= 0:
                found[labels[index]].append(self.cell(index))
        return sorted(tuple(sorted(cells)) for cells in found)

    def play(self, cell: Cell) -> int:
        """Remove the group at *cell* (the caller checks it is legal); the blocks it removed."""
        self._label()
        group = self.scratch.labels[self.index(cell)]
        removed = int(self.scratch.sizes[group])
        self.used = int(
            remove_group(self.grid, self.used, self.stride, self.scratch.labels, group)
        )
        return removed

    def is_over(self) -> bool:
        """Whether no group of ``min_group`` blocks is left."""
        s = self.scratch
        return not count_moves(
            self.grid, self.used, self.stride, self.rules.min_group,
            s.labels, s.sizes, s.starts, s.stack,
        )

    def end_score(self) -> int:
        """The end score of the blocks left (whether or not the game is over)."""
        counts = self.scratch.counts
        _count_colours(self.grid, counts, len(counts))
        return int(end_score(counts, len(counts), self.rules.clear_bonus, self.rules.end_rule))

    def board(self) -> Board:
        """The blocks now as a public board (under ``STANDARD`` rules)."""
        columns = []
        for x in range(self.width):
            base = (x + 1) * self.stride
            column = self.grid[base : base + self.height]
            columns.append(tuple(self.colours[c] for c in column if c >= 0))
        return Board(tuple(columns), self.height)


def encode(board: Board) -> np.ndarray:
    """*board*'s cells as the kernel's ``int8`` array (colour indices into ``board.colours``).

    Column ``x`` starts at ``(x + 1) * (height + 1)``, bottom cell first; a
    guard column on each side and a guard cell on top of each column hold
    ``-2``, empty cells ``-1``.

    >>> from puzzlekit.samegame import Board
    >>> encode(Board.parse("3.\\n35")).tolist()
    [-2, -2, -2, 0, 0, -2, 1, -1, -2, -2, -2, -2]
    """
    index = {colour: k for k, colour in enumerate(board.colours)}
    stride = board.height + 1
    grid = np.full((board.width + 2) * stride, -2, dtype=np.int8)
    for x, column in enumerate(board.columns):
        base = (x + 1) * stride
        grid[base : base + board.height] = -1
        for y, colour in enumerate(column):
            grid[base + y] = index[colour]
    return grid
