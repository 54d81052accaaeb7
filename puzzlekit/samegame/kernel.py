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
    "CLASSES",
    "END_RULES",
    "GROUP_FIELDS",
    "SIZE_CLASS_BOUNDS",
    "KernelBoard",
    "KernelRules",
    "Scratch",
    "adapt",
    "allowed_moves",
    "column_heights",
    "encode",
    "end_score",
    "find_groups",
    "flood",
    "level_one",
    "line_choices",
    "playout",
    "remove_cells",
    "update_groups",
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

CLASSES: Final = len(SIZE_CLASS_BOUNDS) + 1
"""How many size classes there are.

>>> CLASSES
8
"""

GROUP_FIELDS: Final = 6
"""A group's row in the kernel's group list: its first cell (in column order), size, colour,
first and last column, and policy code.

>>> GROUP_FIELDS
6
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

    >>> Scratch(6).mark.shape
    (6,)
    """

    __slots__ = ("chances", "counts", "grid", "groups", "heights", "mark", "picks", "queue")

    def __init__(self, cells: int, colours: int = 62, columns: int | None = None) -> None:
        self.grid = np.empty(cells, dtype=np.int8)
        """A board the kernel plays on."""
        self.heights = np.zeros(cells if columns is None else columns, dtype=np.int32)
        """Blocks per column of the array (the guard columns hold 0)."""
        self.mark = np.zeros(cells, dtype=np.int32)
        """The stamp of the last flood fill that reached each cell (no reset between fills)."""
        self.queue = np.empty(cells, dtype=np.int32)
        """The flood fill's queue: the cells of the group it filled, in its first slots."""
        self.groups = np.empty((cells, GROUP_FIELDS), dtype=np.int32)
        """The groups of at least ``min_group`` blocks, one row each (:data:`GROUP_FIELDS`)."""
        self.picks = np.empty(cells, dtype=np.int32)
        """The rows of ``groups`` that the tabu policy allows now."""
        self.chances = np.empty(cells, dtype=np.float64)
        """The policy weight of each allowed move."""
        self.counts = np.empty(colours, dtype=np.int64)
        """Blocks left of each colour."""


# -- the compiled functions ---------------------------------------------------------------


@njit(cache=True, error_model="numpy")
def flood(grid, stride, cell, mark, stamp, queue):  # type: ignore[no-untyped-def]
    """Stamp the group of the block at *cell* in *mark*; its cells go to ``queue[:size]``.

    Returns ``(size, first, last)``: its blocks, its lowest and its highest
    cell index. A cell whose mark already is *stamp* counts as filled, so one
    stamp serves every group of a position.
    """
    colour = grid[cell]
    mark[cell] = stamp
    queue[0] = cell
    head = 0
    tail = 1
    first = cell
    last = cell
    # The guard cells around the board are never a colour: no bounds checks.
    while head < tail:
        i = queue[head]
        head += 1
        j = i + 1
        if grid[j] == colour and mark[j] != stamp:
            mark[j] = stamp
            queue[tail] = j
            tail += 1
            last = max(last, j)
        j = i - 1
        if grid[j] == colour and mark[j] != stamp:
            mark[j] = stamp
            queue[tail] = j
            tail += 1
            first = min(first, j)
        j = i + stride
        if grid[j] == colour and mark[j] != stamp:
            mark[j] = stamp
            queue[tail] = j
            tail += 1
            last = max(last, j)
        j = i - stride
        if grid[j] == colour and mark[j] != stamp:
            mark[j] = stamp
            queue[tail] = j
            tail += 1
            first = min(first, j)
    return tail, first, last


@njit(cache=True, error_model="numpy")
def column_heights(grid, used, stride, heights):  # type: ignore[no-untyped-def]
    """Fill ``heights[1:used + 1]`` with the blocks of each used column of *grid*."""
    heights[:] = 0
    for x in range(1, used + 1):
        i = x * stride
        while grid[i] >= 0:
            i += 1
        heights[x] = i - x * stride


@njit(cache=True, error_model="numpy")
def remove_cells(grid, used, stride, heights, queue, size, low, high):  # type: ignore[no-untyped-def]
    """Remove the group in ``queue[:size]`` (as :func:`flood` left it), which lies in
    columns *low* to *high*: blocks fall, emptied columns close from the right.
    Returns the columns still used.

    Only the columns the group touches are compacted; the ones on their
    right move only when a column empties.
    """
    for k in range(size):
        grid[queue[k]] = -1
    emptied = False
    for x in range(low, high + 1):
        base = x * stride
        kept = 0
        for i in range(base, base + heights[x]):
            if grid[i] >= 0:
                grid[base + kept] = grid[i]
                kept += 1
        for i in range(base + kept, base + heights[x]):
            grid[i] = -1
        heights[x] = kept
        emptied |= kept == 0
    if not emptied:
        return used
    target = low
    for x in range(low, used + 1):
        h = heights[x]
        if h == 0:
            continue
        if x != target:
            base = x * stride
            into = target * stride
            for y in range(h):
                grid[into + y] = grid[base + y]
                grid[base + y] = -1
            heights[target] = h
            heights[x] = 0
        target += 1
    return target - 1


@njit(cache=True, error_model="numpy")
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


@njit(cache=True, error_model="numpy")
def find_groups(  # type: ignore[no-untyped-def]
    grid, stride, heights, lo, hi, min_group, size_class, classes, colours, table,
    mark, stamp, queue, groups, count,
):
    """Add every group of at least *min_group* blocks with a block in columns *lo* to *hi*
    to ``groups[count:]``; returns the new count.

    One flood fill per group, all under *stamp* (fresh: no cell marked with
    it yet); a group reaching past the columns is filled whole. A move is
    named by its group's first cell in column order; its code combines that
    cell, the colour and the size class, folded into a policy of *table*
    entries.
    """
    for x in range(lo, hi + 1):
        base = x * stride
        for cell in range(base, base + heights[x]):
            if mark[cell] == stamp:
                continue
            colour = grid[cell]
            if min_group > 1 and (
                grid[cell + 1] != colour and grid[cell - 1] != colour
                and grid[cell + stride] != colour and grid[cell - stride] != colour
            ):
                continue  # a lone block (most of them): no fill
            size, first, last = flood(grid, stride, cell, mark, stamp, queue)
            if size < min_group:
                continue
            code = (first * colours + colour) * classes + size_class[size]
            if code >= table:
                code %= table
            groups[count, 0] = first
            groups[count, 1] = size
            groups[count, 2] = colour
            groups[count, 3] = first // stride
            groups[count, 4] = last // stride
            groups[count, 5] = code
            count += 1
    return count


@njit(cache=True, error_model="numpy")
def update_groups(  # type: ignore[no-untyped-def]
    grid, used, stride, heights, queue, size, first, last, min_group, size_class, classes,
    colours, table, mark, stamp, groups, count, tabu, counts, weights, picks, chances,
):
    """Remove the group :func:`flood` left in ``queue[:size]`` (cells *first* to *last*),
    bring the group list up to date, and list the moves now allowed as
    :func:`allowed_moves` does (*counts* already without the group):
    ``(used, count, found, total)``, the columns and groups now and the allowed moves.

    The columns left of the group and, when no column empties, the ones
    right of it do not change: only the groups within a column of the group
    (or right of it, when columns close) are filled again, under *stamp*.
    The walk that drops the stale groups also offers the kept ones, so the
    list is walked once per move (the same moves, in the same order, as
    :func:`allowed_moves` would list).
    """
    low = first // stride
    high = last // stride
    now = remove_cells(grid, used, stride, heights, queue, size, low, high)
    lo = max(1, low - 1)
    hi = used if now < used else high + 1  # groups that may have changed
    limit = counts[tabu] if tabu >= 0 else 0
    found = 0
    total = 0.0
    k = 0
    while k < count:
        if groups[k, 4] < lo or groups[k, 3] > hi:
            found, total = _offer(groups, k, tabu, limit, weights, picks, chances, found, total)
            k += 1
        else:  # may have changed: the last row takes its place (the order does not matter)
            count -= 1
            for f in range(GROUP_FIELDS):
                groups[k, f] = groups[count, f]
    kept = count
    count = find_groups(
        grid, stride, heights, lo, min(hi, now), min_group, size_class, classes, colours,
        table, mark, stamp, queue, groups, count,
    )
    for k in range(kept, count):
        found, total = _offer(groups, k, tabu, limit, weights, picks, chances, found, total)
    if found == 0:  # only the tabu colour is left to play
        for k in range(count):
            found, total = _offer(groups, k, -1, 0, weights, picks, chances, found, total)
    return now, count, found, total


@njit(cache=True, error_model="numpy")
def _offer(groups, k, tabu, limit, weights, picks, chances, found, total):  # type: ignore[no-untyped-def]
    """Add row *k* of *groups* to the allowed moves unless it breaks up the colour *tabu*
    (*limit* blocks of it left): ``(found, total)`` after it."""
    if groups[k, 2] == tabu and groups[k, 1] < limit:
        return found, total
    weight = weights[groups[k, 5]]
    picks[found] = k
    chances[found] = weight
    return found + 1, total + weight


@njit(cache=True, error_model="numpy")
def allowed_moves(groups, count, tabu, counts, weights, picks, chances):  # type: ignore[no-untyped-def]
    """The rows of *groups* the tabu policy allows, in ``picks``, with their weights in
    ``chances``: ``(number, total weight)``.

    A group of colour *tabu* is allowed only when it holds every block of
    that colour left, or when no other move exists (``tabu = -1``: no tabu).
    """
    limit = counts[tabu] if tabu >= 0 else 0
    found = 0
    total = 0.0
    for k in range(count):
        found, total = _offer(groups, k, tabu, limit, weights, picks, chances, found, total)
    if found == 0:  # only the tabu colour is left to play
        for k in range(count):
            found, total = _offer(groups, k, -1, 0, weights, picks, chances, found, total)
    return found, total


@njit(cache=True, error_model="numpy")
def _random(state):  # type: ignore[no-untyped-def]
    """A float in [0, 1) from the xorshift64* generator whose state is ``state[0]``."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return float((x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, error_model="numpy")
def _start(root, used, stride, colours, grid, heights, mark, counts):  # type: ignore[no-untyped-def]
    """Copy *root* into *grid* with its heights and colour counts, marks cleared."""
    grid[:] = root
    column_heights(grid, used, stride, heights)
    mark[:] = 0
    for c in range(colours):
        counts[c] = 0
    for i in range(grid.shape[0]):
        if grid[i] >= 0:
            counts[grid[i]] += 1


@njit(cache=True, error_model="numpy")
def playout(  # type: ignore[no-untyped-def]
    root, used, stride, colours, min_group, move_scores, clear_bonus, end_rule,
    size_class, classes, tabu, weights, state, max_moves, line,
    grid, heights, mark, queue, groups, picks, chances, counts,
):
    """One policy playout from *root*: ``(score, moves, finished)``, move ``k`` in ``line[k]``.

    A move is drawn among :func:`allowed_moves` with probability
    proportional to ``weights[code]`` (the exponentials of the policy, kept
    beside it); ``line[k]`` is the first cell of its group. It stops after
    *max_moves* moves; a line cut short (``finished`` false) scores its
    moves only, no end score.
    """
    _start(root, used, stride, colours, grid, heights, mark, counts)
    count = find_groups(
        grid, stride, heights, 1, used, min_group, size_class, classes, colours,
        weights.shape[0], mark, 1, queue, groups, 0,
    )
    return _play(
        used, count, stride, colours, min_group, move_scores, clear_bonus, end_rule,
        size_class, classes, tabu, weights, state, max_moves, line,
        grid, heights, mark, queue, groups, picks, chances, counts,
    )


@njit(cache=True, error_model="numpy")
def _play(  # type: ignore[no-untyped-def]
    used, count, stride, colours, min_group, move_scores, clear_bonus, end_rule,
    size_class, classes, tabu, weights, state, max_moves, line,
    grid, heights, mark, queue, groups, picks, chances, counts,
):
    """:func:`playout` from the position in *grid* (its *count* groups listed, no cell
    marked with a stamp above 1)."""
    table = weights.shape[0]
    stamp = 1
    score = 0
    made = 0
    found, total = allowed_moves(groups, count, tabu, counts, weights, picks, chances)
    while True:
        if found == 0:
            return score + end_score(counts, colours, clear_bonus, end_rule), made, True
        if made >= max_moves:
            return score, made, False
        pick = _random(state) * total
        chosen = found - 1
        for m in range(found):
            pick -= chances[m]
            if pick < 0.0:
                chosen = m
                break
        cell = groups[picks[chosen], 0]
        stamp += 1
        size, first, last = flood(grid, stride, cell, mark, stamp, queue)
        counts[grid[cell]] -= size
        score += move_scores[size]
        stamp += 1
        used, count, found, total = update_groups(
            grid, used, stride, heights, queue, size, first, last, min_group, size_class,
            classes, colours, table, mark, stamp, groups, count, tabu, counts, weights, picks,
            chances,
        )
        line[made] = cell
        made += 1


@njit(cache=True, error_model="numpy")
def line_choices(  # type: ignore[no-untyped-def]
    root, used, stride, colours, min_group, size_class, classes, tabu, table, line, length,
    grid, heights, mark, queue, groups, picks, chances, counts,
):
    """Replay *line*: the codes each of its moves was chosen among, and the code chosen.

    Returns ``(codes, offsets, chosen, touched)``: step ``k`` had the moves
    ``codes[offsets[k]:offsets[k + 1]]`` and made ``chosen[k]``; *touched*
    lists every code of the line once. That is what :func:`adapt` needs
    (computed once per best line, then reused). A move may name any cell of
    its group.
    """
    _start(root, used, stride, colours, grid, heights, mark, counts)
    stamp = 1
    count = find_groups(
        grid, stride, heights, 1, used, min_group, size_class, classes, colours, table,
        mark, stamp, queue, groups, 0,
    )
    ones = np.ones(table)
    offsets = np.empty(length + 1, dtype=np.int64)
    chosen = np.empty(length, dtype=np.int64)
    flat = np.empty(max(16, 8 * length), dtype=np.int64)
    filled = 0
    found, _ = allowed_moves(groups, count, tabu, counts, ones, picks, chances)
    for step in range(length):
        offsets[step] = filled
        if filled + found > flat.shape[0]:
            grown = np.empty(2 * (filled + found), dtype=np.int64)
            grown[:filled] = flat[:filled]
            flat = grown
        for m in range(found):
            flat[filled + m] = groups[picks[m], 5]
        filled += found
        cell = line[step]
        stamp += 1
        size, first, last = flood(grid, stride, cell, mark, stamp, queue)
        colour = grid[cell]
        code = (first * colours + colour) * classes + size_class[size]
        chosen[step] = code % table
        counts[colour] -= size
        stamp += 1
        used, count, found, _ = update_groups(
            grid, used, stride, heights, queue, size, first, last, min_group, size_class,
            classes, colours, table, mark, stamp, groups, count, tabu, counts, ones, picks,
            chances,
        )
    offsets[length] = filled
    codes_seen = flat[:filled].copy()
    touched = np.unique(np.concatenate((codes_seen, chosen)))
    return codes_seen, offsets, chosen, touched


@njit(cache=True, error_model="numpy")
def adapt(policy, weights, alpha, codes, offsets, chosen, touched, length):  # type: ignore[no-untyped-def]
    """NRPA's adaptation towards a line (:func:`line_choices` describes it).

    Each step moves ``alpha`` of weight to the code of the move made, from
    the moves it was chosen among, in proportion to their probabilities
    under the policy as it was before the adaptation (Rosin 2011). *policy*
    (log weights) and *weights* (their exponentials) are updated in place.
    """
    # The weights change only at the end, so each step reads the policy from before.
    for step in range(length):
        first = offsets[step]
        last = offsets[step + 1]
        total = 0.0
        for k in range(first, last):
            total += weights[codes[k]]
        for k in range(first, last):
            policy[codes[k]] += -alpha * weights[codes[k]] / total
    for step in range(length):
        policy[chosen[step]] += alpha
    for code in touched:
        weights[code] = np.exp(policy[code])


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

    __slots__ = (
        "colours", "count", "found", "grid", "height", "rules", "scratch", "stamp", "stride",
        "table", "used", "width",
    )

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
        self.scratch = s = Scratch(self.grid.shape[0], max(1, len(self.colours)), board.width + 2)
        """Work arrays; ``scratch.groups[:count]`` are the groups of at least ``min_group``."""
        self.table = self.grid.shape[0] * len(s.counts) * CLASSES
        """Policy codes: as many as there are, none folded."""
        column_heights(self.grid, self.used, self.stride, s.heights)
        s.counts[:] = np.bincount(self.grid[self.grid >= 0], minlength=len(s.counts))
        s.mark[:] = 0
        self.stamp = 1
        """The last stamp of a flood fill (each fill of a position takes a fresh one)."""
        self.count = int(find_groups(
            self.grid, self.stride, s.heights, 1, self.used, self.rules.min_group,
            self.rules.size_class, CLASSES, len(s.counts), self.table, s.mark, self.stamp,
            s.queue, s.groups, 0,
        ))
        """How many groups the group list holds."""
        self.found = 0
        """How many moves the last :meth:`play` allowed (:meth:`offered`)."""

    def index(self, cell: Cell) -> int:
        """The kernel's index of the ``(row, col)`` cell *cell*."""
        row, col = cell
        return (col + 1) * self.stride + self.height - 1 - row

    def cell(self, index: int) -> Cell:
        """The ``(row, col)`` cell of a kernel index: the inverse of :meth:`index`."""
        col, lift = divmod(index, self.stride)
        return (self.height - 1 - lift, col - 1)

    def _fill(self, index: int) -> tuple[int, int, int]:
        """:func:`flood` from the cell *index* under a fresh stamp."""
        self.stamp += 1
        size, first, last = flood(
            self.grid, self.stride, index, self.scratch.mark, self.stamp, self.scratch.queue
        )
        return int(size), int(first), int(last)

    def groups(self) -> list[tuple[Cell, ...]]:
        """Every group, lone blocks included, each as its sorted cells, sorted."""
        found = []
        self.stamp += 1
        for index in range(self.grid.shape[0]):
            if self.grid[index] >= 0 and self.scratch.mark[index] != self.stamp:
                size, _, _ = flood(
                    self.grid, self.stride, index, self.scratch.mark, self.stamp,
                    self.scratch.queue,
                )
                found.append(tuple(sorted(self.cell(int(i)) for i in self.scratch.queue[:size])))
        return sorted(found)

    def moves(self, tabu: int = -1) -> list[tuple[Cell, int]]:
        """The moves :func:`allowed_moves` allows under the tabu colour *tabu*, from the group
        list kept up to date move by move: each as the first cell of its group (in the
        kernel's column order) and its policy code, in that order."""
        s = self.scratch
        found, _ = allowed_moves(
            s.groups, self.count, tabu, s.counts, np.ones(self.table), s.picks, s.chances
        )
        rows = sorted(s.groups[s.picks[:found]].tolist())
        return [(self.cell(row[0]), row[5]) for row in rows]

    def play(self, cell: Cell, tabu: int = -1) -> int:
        """Remove the group at *cell* (the caller checks it is legal); the blocks it removed.

        :meth:`offered` then lists the moves the update allowed under *tabu*.
        """
        s = self.scratch
        index = self.index(cell)
        size, first, last = self._fill(index)
        s.counts[self.grid[index]] -= size
        self.stamp += 1
        used, count, found, _ = update_groups(
            self.grid, self.used, self.stride, s.heights, s.queue, size, first, last,
            self.rules.min_group, self.rules.size_class, CLASSES, len(s.counts), self.table,
            s.mark, self.stamp, s.groups, self.count, tabu, s.counts, np.ones(self.table),
            s.picks, s.chances,
        )
        self.used, self.count, self.found = int(used), int(count), int(found)
        return size

    def offered(self) -> list[tuple[Cell, int]]:
        """The moves the last :meth:`play` listed while it updated the groups (the list a
        playout draws from), as :meth:`moves` gives them."""
        rows = sorted(self.scratch.groups[self.scratch.picks[: self.found]].tolist())
        return [(self.cell(row[0]), row[5]) for row in rows]

    def is_over(self) -> bool:
        """Whether no group of ``min_group`` blocks is left."""
        return self.count == 0

    def end_score(self) -> int:
        """The end score of the blocks left (whether or not the game is over)."""
        counts = self.scratch.counts
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


@njit(cache=True, error_model="numpy")
def _same_line(line, other, length, other_length):  # type: ignore[no-untyped-def]
    """Whether ``line[:length]`` and ``other[:other_length]`` are the same moves."""
    if length != other_length:
        return False
    for k in range(length):  # noqa: SIM110 (a plain loop: numba compiles no all() of a generator)
        if line[k] != other[k]:
            return False
    return True


@njit(cache=True, error_model="numpy")
def level_one(  # type: ignore[no-untyped-def]
    root, used, stride, colours, min_group, move_scores, clear_bonus, end_rule,
    size_class, classes, tabu, policy, alpha, iterations, state, room, best_line, line,
    grid, heights, mark, queue, groups, picks, chances, counts,
):
    """A level-1 NRPA search: *iterations* :func:`playout` calls, each followed by an
    :func:`adapt` of *policy* (log weights in row 0, their exponentials in row 1) towards
    the best line so far. Returns ``(score, length, moves, finished)``: the best line
    (in ``best_line[:length]``), the moves made, and false when *room* moves ran out
    (the playout cut short is left out).
    """
    table = policy.shape[1]
    best = -np.inf
    length = 0
    spent = 0
    codes = np.empty(0, dtype=np.int64)
    offsets = np.empty(1, dtype=np.int64)
    chosen = np.empty(0, dtype=np.int64)
    touched = np.empty(0, dtype=np.int64)
    # The start position once, then copied for each playout.
    _start(root, used, stride, colours, grid, heights, mark, counts)
    root_count = find_groups(
        grid, stride, heights, 1, used, min_group, size_class, classes, colours, table,
        mark, 1, queue, groups, 0,
    )
    root_groups = groups[:root_count].copy()
    root_heights = heights.copy()
    root_counts = counts.copy()
    for _ in range(iterations):
        grid[:] = root
        heights[:] = root_heights
        counts[:] = root_counts
        groups[:root_count] = root_groups
        mark[:] = 0
        score, made, finished = _play(
            used, root_count, stride, colours, min_group, move_scores, clear_bonus, end_rule,
            size_class, classes, tabu, policy[1], state, room - spent, line,
            grid, heights, mark, queue, groups, picks, chances, counts,
        )
        spent += made
        if not finished:
            return best, length, spent, False
        if score > best or (score == best and not _same_line(line, best_line, made, length)):
            # A policy that has learnt its line replays it often: the choices stay.
            best = score
            length = made
            best_line[:made] = line[:made]
            codes, offsets, chosen, touched = line_choices(
                root, used, stride, colours, min_group, size_class, classes, tabu, table,
                best_line, length, grid, heights, mark, queue, groups, picks, chances, counts,
            )
        adapt(policy[0], policy[1], alpha, codes, offsets, chosen, touched, length)
    return best, length, spent, True
