"""Tile a board with many holes band by band: a profile sweep down each band of a few
rows, whose trominoes may reach into the row below it.

For boards no cut into strips and blocks tiles (holes about as close as a random tiling
leaves them) and too large for the exact search. Each band of :data:`BAND_ROWS` rows is
swept column by column: a state is which cells of the column being filled and of the
next one are covered. The ways to fill a column from a state are worked out once per
state and band height and then looked up, since a few hundred states recur all over the
board, so a sweep is linear in its width. The sweep goes on through the
:data:`QUICK_AHEAD_ROWS` rows below the band and keeps only the band's own trominoes, so
that what it lays leaves the rows below a way on (without that, on random boards one band
in three could not be continued). Among those tilings it keeps one reaching into the
fewest cells below the rows swept. When the next band cannot be tiled, the sweep tries
other heights for the last bands (the trouble is usually one awkward spot near a
boundary), then a band of both together. Where that gets no further for a while, and
near the bottom edge, the bands are swept through :data:`AHEAD_ROWS` rows below them,
which stalls less but costs about 4x; where even that gives up, the board is swept
again that way from the top. A board that gets the quick sweeps only (over
:data:`BAND_MAX_CELLS` cells, and not :func:`dense`) and stalls at the bottom edge,
which the last bands cannot leave, is swept again turned half a turn: that edge is then
where the sweep starts. Where all that gives up, the rows below a band may have fallen
apart into parts (:func:`parts_below`) that the bands left a count or a shape no
tiling covers: the board is swept once more from the top, each band keeping every part
below it a way on (a small part a shape the exact search tiles, a larger one a count
that is a multiple of 3), through :data:`AHEAD_ROWS` rows near such parts.

This proves nothing when it fails: :func:`band_sweep` answers ``None`` and the caller
refuses the board.

>>> from puzzlekit.limits import Budget
>>> holes = {(0, 0), (2, 4), (4, 1), (5, 6)}
>>> codes = band_sweep(8, 8, holes, Budget())
>>> from puzzlekit.tromino import Board, Tiling
>>> Tiling(Board(8, 8, frozenset(holes)), tuple(codes)).is_valid()
True
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import NamedTuple

from puzzlekit.errors import ArgumentError
from puzzlekit.grid import Cell
from puzzlekit.limits import Budget, on_time
from puzzlekit.tromino.board import check_blocked, check_size
from puzzlekit.tromino.solver import SEARCH_MAX_CELLS, tile_free_cells

__all__ = ["AHEAD_ROWS", "BAND_MAX_CELLS", "BAND_ROWS", "DENSE_SHARE", "QUICK_AHEAD_ROWS",
           "Parts", "band_sweep", "dense", "parts_below", "turned_codes"]

BAND_ROWS = 4
"""Rows a band has unless a neighbour's trouble makes it taller or shorter."""

AHEAD_ROWS = 2
"""Rows below a band that its sweep tiles too (and then leaves to the next band), so that
the band is laid in a way the rows below can go on from."""

QUICK_AHEAD_ROWS = 1
"""Rows below a band that its sweep tiles too where the bands go on: each row more
costs a band's sweep about 4x, and one row is enough for most bands."""

BAND_MAX_CELLS = 1 << 18
"""The largest board (in cells) whose bands are swept through :data:`AHEAD_ROWS` rows
where the quick sweeps stall, and swept again that way from the top where it gives up,
unless it is :func:`dense`: a larger board gets the quick sweeps only, which cost some
5 us a cell before a refusal where they fail, and where they stall at the bottom edge,
the same again on the board turned half a turn."""

DENSE_SHARE = 20
"""A board with a blocked cell in this many cells or fewer is :func:`dense`."""


def dense(height: int, width: int, blocked: int) -> bool:
    """Whether a board with *blocked* blocked cells has them as closely as a random tiling
    leaves them: one in :data:`DENSE_SHARE` cells or more. No cut into strips and blocks
    splits such a board, and the band sweep rarely stalls there, so it is swept first,
    and at any size through :data:`AHEAD_ROWS` rows where the quick sweeps stall.

    >>> dense(60, 60, 270), dense(600, 600, 9000)
    (True, False)
    """
    return blocked * DENSE_SHARE >= height * width


_OTHER_HEIGHTS = (-1, 1, -2, 2, -3, 3)  # tried for a band before the next one gives up
_BACK = 2  # bands looked back at for other heights
_MAX_ROWS = 8  # rows a band of two joined bands may have at most (a sweep costs about 2^rows)
_TRIES_PER_BAND = 6  # band sweeps allowed a band of the plain plan, and
_TRIES_EXTRA = 50  # ... this many more
_STALL = 10  # band sweeps in a row that get no further down before they look further,
_CAREFUL_ROWS = 12  # ... until a band is laid this many rows past where they stalled
_GIVE_UP = 100  # band sweeps in a row that get no further down before a sweep gives up

_SMALL_PART = 256  # cells a part cut off below a band may have to be checked exactly,
_SMALL_TOP = 8  # ... and cells in the band's row below (each subset of them is searched)

_Piece = tuple[int, int]  # a tromino laid in a column: its block's top row, left-out cell
_Ways = list[tuple[int, int, tuple[_Piece, ...]]]  # state reached, cells below, trominoes
_NEVER = 1 << 62  # more cells below than any sweep reaches

# Per band height (at most _MAX_ROWS), for a column whose cell below must be covered or
# not: the ways to fill it from each state met so far, kept for every sweep (a few
# hundred states recur on every board).
_FILLS: dict[int, tuple[dict[int, _Ways], dict[int, _Ways]]] = {}
# The same per band height and rows kept: for each way, which cells of the row below the
# rows kept it covers (see _covered).
_REACHES: dict[tuple[int, int], tuple[dict[int, list[int]], dict[int, list[int]]]] = {}


class Parts(NamedTuple):
    """The connected parts of a board's free cells from *row* down that touch *row*, when
    there are several (:func:`parts_below`): each column's part in *row* (-1 where
    blocked), and per part its cells and its last column in *row*.

    >>> Parts(1, [0, -1, 1], [2, 2], [0, 2]).sizes
    [2, 2]
    """

    row: int
    labels: list[int]
    sizes: list[int]
    last: list[int]


class _Rules(NamedTuple):
    """How a band keeps the parts of a :class:`Parts` a way on: per column of the row
    below it (and one past), the mark a tromino covering that cell leaves (the part's
    offset in a state's marks and its bit there, or 0 to count mod 3), and per column,
    the parts whose last column it is, each as its offset, field and allowed values."""

    marks: list[tuple[int, int] | None]
    closed: dict[int, list[tuple[int, int, frozenset[int]]]]


class _Laid(NamedTuple):
    """A band laid: where it starts, its rows, the columns covered from above, its
    codes, the columns it covers below, and the other heights it may still take."""

    top: int
    rows: int
    above: set[int]
    codes: list[int]
    below: set[int]
    others: list[int]


class _Sweep:
    """The rows of a board's blocked cells, and the sweep of one band."""

    def __init__(self, height: int, width: int, blocked: Iterable[Cell], budget: Budget,
                 what: str) -> None:
        height, width = check_size(height, width)
        cells = check_blocked(height, width, blocked)
        on_time(budget, what)  # hundreds of thousands of blocked cells take a second
        # Bands swept through AHEAD_ROWS rows where the quick sweeps stall.
        self.careful = height * width <= BAND_MAX_CELLS or dense(height, width, len(cells))
        self.height, self.width = height, width
        self.budget, self.what = budget, what
        self.furthest = 0  # the most rows from the top that its bands have been laid down to
        # Per row, the parts of the free cells from it down that it touches, when there are
        # several (see find_parts); None: the bands do not look at them.
        self.parts: list[Parts | None] | None = None
        self.near_parts: set[int] = set()  # rows up to _CAREFUL_ROWS above such a row
        self._rules: dict[int, _Rules] = {}  # per row of self.parts, worked out once
        self._shapes: dict[frozenset[Cell], frozenset[int]] = {}  # small parts checked
        self.rows: list[set[int]] = [set() for _ in range(height)]
        for row, col in cells:
            self.rows[row].add(col)

    def turned(self) -> _Sweep:
        """The sweep of the board turned half a turn (its bottom row first, each row
        right to left)."""
        turned = copy.copy(self)
        turned.furthest = 0
        turned.parts, turned.near_parts, turned._rules, turned._shapes = None, set(), {}, {}
        last = self.width - 1
        turned.rows = [{last - col for col in row} for row in reversed(self.rows)]
        return turned

    def free(self, row: int, col: int) -> bool:
        return 0 <= row < self.height and 0 <= col < self.width and col not in self.rows[row]

    def own_reach(self, row: int, col: int) -> bool:
        """Whether a tromino within rows *row* and *row* + 1 can cover (*row*, *col*)."""
        for left in (col - 1, col):
            block = [self.free(row + dr, left + dc) for dr in (0, 1) for dc in (0, 1)]
            if block[col - left] and sum(block) >= 3:
                return True
        return False

    def band(self, top: int, rows: int, above: set[int], ahead: int
             ) -> tuple[list[int], set[int]] | None:
        """A tiling of rows ``top .. top + rows - 1`` minus their blocked cells and the
        cells *above* (columns of the top row the band above covers), as codes, and the
        columns of the row below it covers; ``None`` when there is none. It is one that
        goes on into the *ahead* rows below, whose trominoes are then left out; with
        :attr:`parts` known, one that leaves each part cut off below it a way on."""
        height, width = self.height, self.width
        kept = rows
        rows = min(rows + ahead, height - top)
        spine = rows + 1  # the band's rows and the row below, which it may reach into
        ones = (1 << spine) - 1
        column = [0] * (width + 2)  # per column: bit i when (top + i, col) is not free
        for i in range(spine):
            if top + i >= height:
                for col in range(width):
                    column[col] |= 1 << i
                continue
            for col in self.rows[top + i]:
                column[col] |= 1 << i
        for col in above:
            column[col] |= 1
        column[width] = column[width + 1] = ones
        below = top + rows
        # A cell below that no tromino of its own band can reach must be covered from here.
        must = [below < height and self.free(below, col) and not self.own_reach(below, col)
                for col in range(width)]
        split = self.parts[top + kept] if self.parts and top + kept < height else None
        if split is None:
            laid = self._sweep_band(column, must, rows)
        else:
            laid = self._sweep_split_band(column, must, rows, kept, self._part_rules(split))
        if laid is None:
            return None
        codes: list[int] = []
        reached: set[int] = set()
        for col, pieces in enumerate(laid):
            for row, left_out in pieces:
                if row >= kept:
                    continue
                codes.append(((top + row) * width + col) << 2 | left_out)
                if row + 1 == kept:  # its lower cells are in the row below
                    reached.update(col + dc for dc in (0, 1) if 2 + dc != left_out)
        return codes, reached

    def _sweep_band(self, column: list[int], must: list[bool], rows: int
                    ) -> list[tuple[_Piece, ...]] | None:
        """The trominoes laid in each column by a sweep of a band of *rows* rows (with
        the row below) whose cells not free are *column*'s bits; ``None`` when there is
        no tiling. Of the tilings, one that reaches into the fewest cells below."""
        width = self.width
        spine = rows + 1
        ones = (1 << spine) - 1
        fills = _FILLS.setdefault(rows, ({}, {}))
        # Per column: each state reached, with the fewest cells below (costs) and the
        # state it came from (parents); the trominoes are looked up again on the way back,
        # which is cheaper than keeping them for every state.
        costs: list[dict[int, int]] = []
        parents: list[dict[int, int]] = []
        layer = {column[0] | column[1] << spine: 0}
        for col in range(width):
            if self.budget.spend(spine):
                raise self.budget.limit_reached(self.what)
            known = fills[must[col]]
            incoming = column[col + 2] << spine
            moved: dict[int, int] = {}
            parent: dict[int, int] = {}
            for state, cost in layer.items():
                ways = known.get(state)
                if ways is None:
                    ways = known[state] = _fill_column(state, rows, must[col])
                for to, extra, _ in ways:
                    to |= incoming
                    total = cost + extra
                    if moved.get(to, _NEVER) > total:
                        moved[to] = total
                        parent[to] = state
            if not moved:
                return None
            costs.append(layer)
            parents.append(parent)
            layer = moved
        state = ones | ones << spine
        if state not in layer:
            return None
        laid: list[tuple[_Piece, ...]] = [()] * width
        for col in range(width - 1, -1, -1):
            came = parents[col][state]
            incoming = column[col + 2] << spine
            total = layer[state] - costs[col][came]
            laid[col] = next(pieces for to, extra, pieces in fills[must[col]][came]
                             if to | incoming == state and extra == total)
            state, layer = came, costs[col]
        return laid

    def _sweep_split_band(self, column: list[int], must: list[bool], rows: int, kept: int,
                          rules: _Rules) -> list[tuple[_Piece, ...]] | None:
        """:meth:`_sweep_band` keeping only the tilings whose first *kept* rows' trominoes
        leave each part below them a way on (*rules*): a state also holds, per part still
        open, how many of its cells they cover (mod 3), or for a small part which."""
        width = self.width
        spine = rows + 1
        ones = (1 << spine) - 1
        profile = (1 << 2 * spine) - 1
        fills = _FILLS.setdefault(rows, ({}, {}))
        reaches = _REACHES.setdefault((rows, kept), ({}, {}))
        shift = 2 * spine
        # Per column: each state reached, with the fewest cells below, and the state it
        # came from with the way taken.
        parents: list[dict[int, tuple[int, int]]] = []
        layer = {column[0] | column[1] << spine: 0}
        for col in range(width):
            if self.budget.spend(spine):
                raise self.budget.limit_reached(self.what)
            known, reached = fills[must[col]], reaches[must[col]]
            incoming = column[col + 2] << spine
            here, there = rules.marks[col], rules.marks[col + 1]
            moved: dict[int, int] = {}
            parent: dict[int, tuple[int, int]] = {}
            for key, cost in layer.items():
                state = key & profile
                ways = known.get(state)
                if ways is None:
                    ways = known[state] = _fill_column(state, rows, must[col])
                covers = reached.get(state)
                if covers is None:
                    covers = reached[state] = [_covered(pieces, kept) for _, _, pieces in ways]
                # The marks after a way, by which of (kept, col) and (kept, col + 1) it covers.
                marked = key >> shift
                after_here = marked if here is None else _marked(marked, here)
                if there is None:
                    after = (marked, after_here, marked, after_here)
                else:
                    after = (marked, after_here, _marked(marked, there),
                             _marked(after_here, there))
                for way, (to, extra, _) in enumerate(ways):
                    to = to | incoming | after[covers[way]] << shift
                    total = cost + extra
                    if moved.get(to, _NEVER) > total:
                        moved[to] = total
                        parent[to] = (key, way)
            for offset, field, allowed in rules.closed.get(col, ()):
                # The part's last column is laid: keep the states that leave it a way on,
                # forgetting what they covered of it.
                at = shift + offset
                left: dict[int, tuple[int, tuple[int, int]]] = {}
                for key, cost in moved.items():
                    if key >> at & field in allowed:
                        origin = parent[key]
                        key &= ~(field << at)
                        if left.get(key, (_NEVER,))[0] > cost:
                            left[key] = (cost, origin)
                moved = {key: cost for key, (cost, _) in left.items()}
                parent = {key: origin for key, (_, origin) in left.items()}
            if not moved:
                return None
            parents.append(parent)
            layer = moved
        state = ones | ones << spine
        if state not in layer:
            return None
        laid: list[tuple[_Piece, ...]] = [()] * width
        for col in range(width - 1, -1, -1):
            came, way = parents[col][state]
            laid[col] = fills[must[col]][came & profile][way][2]
            state = came
        return laid

    def find_parts(self) -> None:
        """Work out :attr:`parts` (see :func:`parts_below`) and the rows near a row where
        a part is cut off (where there are more parts than in the row below, or fewer)."""
        blocked = [(row, col) for row, cols in enumerate(self.rows) for col in cols]
        self.parts = parts_below(self.height, self.width, blocked, self.budget, what=self.what)
        counts = [1 if split is None else len(split.sizes) for split in self.parts]
        for row in range(self.height - 1):
            if counts[row] != counts[row + 1]:
                self.near_parts.update(range(max(0, row - _CAREFUL_ROWS), row + 1))

    def _part_rules(self, split: Parts) -> _Rules:
        """The marks and checks that keep *split*'s parts a way on (worked out once per
        row): a part of at most :data:`_SMALL_PART` cells with at most
        :data:`_SMALL_TOP` in its first row is checked exactly, by which of those cells
        are covered from above; a larger one by how many, mod 3."""
        rules = self._rules.get(split.row)
        if rules is not None:
            return rules
        marks: list[tuple[int, int] | None] = [None] * (self.width + 1)
        closed: dict[int, list[tuple[int, int, frozenset[int]]]] = {}
        tops: list[list[int]] = [[] for _ in split.sizes]  # each part's columns in the row
        for col, label in enumerate(split.labels):
            if label >= 0:
                tops[label].append(col)
        exact = [self._small_part(split.row, top)
                 if size <= _SMALL_PART and len(top) <= _SMALL_TOP else None
                 for size, top in zip(split.sizes, tops, strict=True)]
        # The cells left below come to a multiple of 3 in all (the band's trominoes and
        # those above cover the rest), so the widest part counted needs no count.
        counted = [number for number, allowed in enumerate(exact) if allowed is None]
        widest = max(counted, key=lambda number: len(tops[number]), default=None)
        offset = 0
        for number, (size, top, allowed) in enumerate(zip(split.sizes, tops, exact,
                                                          strict=True)):
            if number == widest:
                continue
            if allowed is None:  # covered cells counted mod 3, in two bits
                for col in top:
                    marks[col] = (offset, 0)
                field, allowed = 3, frozenset({size % 3})
            else:  # covered cells one bit each
                for i, col in enumerate(top):
                    marks[col] = (offset, 1 << offset + i)
                field = (1 << len(top)) - 1
            closed.setdefault(split.last[number], []).append((offset, field, allowed))
            offset += field.bit_length()
        rules = self._rules[split.row] = _Rules(marks, closed)
        return rules

    def _small_part(self, row: int, top: list[int]) -> frozenset[int] | None:
        """For the part of the free cells from *row* down holding the cells *top* of
        *row*: the sets of those cells (bit i for ``top[i]``) that can be covered from
        above with the rest of it tiled; ``None`` when the part is too large to search."""
        found = {(row, col) for col in top}
        stack = list(found)
        while stack:
            r, c = stack.pop()
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell[0] >= row and cell not in found and self.free(*cell):
                    if len(found) == _SMALL_PART:
                        return None
                    found.add(cell)
                    stack.append(cell)
        left = min(c for _, c in found)
        shape = frozenset((r - row, c - left) for r, c in found)
        allowed = self._shapes.get(shape)
        if allowed is None:
            height = max(r for r, _ in shape) + 1
            width = max(c for _, c in shape) + 1
            if height * width > SEARCH_MAX_CELLS:
                return None
            outside = {(r, c) for r in range(height) for c in range(width)} - shape
            allowed = frozenset(
                covered for covered in range(1 << len(top))
                if (len(shape) - covered.bit_count()) % 3 == 0
                and tile_free_cells(height, width, outside | {
                    (0, col - left) for i, col in enumerate(top) if covered >> i & 1},
                    self.budget, what=self.what) is not None)
            self._shapes[shape] = allowed
        return allowed


def parts_below(height: int, width: int, blocked: Iterable[Cell], budget: Budget | None = None,
                *, what: str = "tile") -> list[Parts | None]:
    """For each row of the board minus *blocked*, the connected parts of its free cells
    from that row down which touch that row, when there are several (else ``None``).
    Worked out going up row by row, joining each run of free cells to the runs it
    touches below, in time about linear in the runs. A band laid down to a row with
    several parts must leave each of them a way on. *budget* counts runs; a blocked cell
    off the board is an :class:`~puzzlekit.ArgumentError`.

    >>> parts = parts_below(3, 3, [(1, 1), (2, 1)])
    >>> parts[0] is None, parts[1]
    (True, Parts(row=1, labels=[0, -1, 1], sizes=[2, 2], last=[0, 2]))
    """
    height, width = check_size(height, width)
    rows: list[list[int]] = [[] for _ in range(height)]
    for row, col in check_blocked(height, width, blocked):
        rows[row].append(col)
    budget = Budget() if budget is None else budget
    owner: list[int] = []  # per run: a run of its part (the part's own run: itself)
    cells: list[int] = []  # per part's own run: the part's cells

    def part(run: int) -> int:
        while owner[run] != run:
            owner[run] = owner[owner[run]]
            run = owner[run]
        return run

    parts: list[Parts | None] = [None] * height
    lower: list[tuple[int, int, int]] = []  # the runs of the row below: start, end, id
    for row in range(height - 1, -1, -1):
        runs = []
        start = 0
        for end in (*sorted(rows[row]), width):
            if end > start:
                runs.append((start, end, len(owner)))
                owner.append(len(owner))
                cells.append(end - start)
            start = end + 1
        if budget.spend(len(runs)):
            raise budget.limit_reached(what)
        i = j = 0
        while i < len(runs) and j < len(lower):
            start, end, run = runs[i]
            low_start, low_end, low_run = lower[j]
            if start < low_end and low_start < end:
                one, other = part(run), part(low_run)
                if one != other:
                    if cells[one] < cells[other]:
                        one, other = other, one
                    owner[other] = one
                    cells[one] += cells[other]
            if end < low_end:
                i += 1
            else:
                j += 1
        numbers: dict[int, int] = {}
        for _, _, run in runs:
            numbers.setdefault(part(run), len(numbers))
        if len(numbers) > 1:
            labels = [-1] * width
            last = [0] * len(numbers)
            for start, end, run in runs:
                number = numbers[part(run)]
                labels[start:end] = [number] * (end - start)
                last[number] = end - 1
            sizes = [0] * len(numbers)
            for run, number in numbers.items():
                sizes[number] = cells[run]
            parts[row] = Parts(row, labels, sizes, last)
        lower = runs
    return parts


def _covered(pieces: tuple[_Piece, ...], kept: int) -> int:
    """Which cells of row *kept* of a band, in the column the trominoes *pieces* are laid
    in (1) and the next one (2), those of them in row ``kept - 1`` cover."""
    covered = 0
    for row, left_out in pieces:
        if row + 1 == kept:  # the lower left cell, unless left out, and the lower right
            covered |= (left_out != 2) | (left_out != 3) << 1
    return covered


def _marked(marked: int, mark: tuple[int, int]) -> int:
    """*marked* with one more cell covered of the part *mark* says: its bit set, or one
    more counted mod 3 in the two bits at its offset."""
    offset, bit = mark
    if bit:
        return marked | bit
    return marked + (1 << offset if marked >> offset & 3 < 2 else -(2 << offset))


def _fill_column(state: int, rows: int, must: bool) -> _Ways:
    """Every way to cover the free cells of one column of a band, from *state* (bits
    ``0 .. rows``: the column and the row below; bits above: the next column): the states
    reached with the column full (shifted out), each with the fewest cells below it covers
    and the trominoes laid there."""
    spine = rows + 1
    layer: dict[int, tuple[int, tuple[_Piece, ...]]] = {state: (0, ())}
    for row in range(spine):
        cell = 1 << row
        right = cell << spine
        down, right_down, right_up = cell << 1, right << 1, right >> 1
        last = row + 1 == rows  # a tromino from this row reaches below
        # The trominoes covering this cell first, their cells and how many of them are
        # in the row below.
        options: list[tuple[int, int, _Piece | None]]
        if row < rows:
            options = [(cell | down | right, last, (row, 3)),
                       (cell | down | right_down, 2 * last, (row, 1)),
                       (cell | right | right_down, last, (row, 2))]
            if row:
                options.append((cell | right | right_up, 0, (row - 1, 0)))
        else:  # the row below: left alone unless it must be covered from here
            options = [] if must else [(cell, 0, None)]
            options.append((cell | right | right_up, 2, (row - 1, 0)))
        new: dict[int, tuple[int, tuple[_Piece, ...]]] = {}
        for now, (cost, pieces) in layer.items():
            if now & cell:
                old = new.get(now)
                if old is None or old[0] > cost:
                    new[now] = (cost, pieces)
                continue
            for cells, below_cells, piece in options:
                if not now & cells:
                    to, total = now | cells, cost + below_cells
                    old = new.get(to)
                    if old is None or old[0] > total:
                        new[to] = (total, pieces if piece is None else (*pieces, piece))
        layer = new
    return [(to >> spine, cost, pieces) for to, (cost, pieces) in layer.items()]


def band_sweep(height: int, width: int, blocked: Iterable[Cell], budget: Budget, *,
               what: str = "tile", ahead: int = AHEAD_ROWS) -> list[int] | None:
    """A tiling (codes at stride *width*) of the board minus *blocked*, swept band by band
    (see the module), each band's sweep going on through :data:`QUICK_AHEAD_ROWS` rows
    below it (or *ahead*, if fewer), and through *ahead* where the bands stall (on a
    board of at most :data:`BAND_MAX_CELLS` cells, or :func:`dense`; a larger board
    stuck at its bottom edge is swept again turned half a turn; then one more sweep keeps
    the parts each band cuts off below it a way on); ``None`` when the sweep finds none,
    which proves nothing. A blocked cell off the board, or *ahead* not
    from 0 to 4, is an :class:`~puzzlekit.ArgumentError`.

    >>> band_sweep(1, 3, [], Budget()) is None  # three cells in a line
    True
    >>> band_sweep(2, 3, [(0, 0), (1, 0), (1, 2)], Budget())
    [7]
    >>> band_sweep(2, 3, [(2, 0)], Budget())
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: blocked cell at row 2, column 0 is off the 3x2 board
    """
    most = _MAX_ROWS - BAND_ROWS
    if isinstance(ahead, bool) or not isinstance(ahead, int) or not 0 <= ahead <= most:
        raise ArgumentError(f"ahead must be from 0 to {most} rows, not {ahead!r}")
    sweep = _Sweep(height, width, blocked, budget, what)
    codes = _from_the_top(sweep, ahead)
    if codes is None and not sweep.careful and sweep.furthest + _CAREFUL_ROWS >= sweep.height:
        # Quick sweeps stuck at the bottom edge, which the last bands cannot leave: turned,
        # it is where the sweep starts, and nothing binds the bands yet.
        turned = _from_the_top(sweep.turned(), ahead)
        if turned is not None:
            codes = turned_codes(turned, sweep.height, sweep.width)
    if codes is None:
        # The bands may have left a part they cut off a count or a shape that cannot be
        # tiled: again, keeping each such part a way on.
        sweep.find_parts()
        if any(split is not None for split in sweep.parts or ()):
            codes = _from_the_top(sweep, ahead)
    return codes


def turned_codes(codes: Iterable[int], height: int, width: int) -> list[int]:
    """The codes (stride *width*) of trominoes given by their *codes* on a ``height x
    width`` board turned half a turn: turned again, they tile the board the same way.

    A code that names no tromino of the board is an :class:`~puzzlekit.ArgumentError`.

    >>> turned_codes([0], 2, 3)  # the tromino leaving out (0, 0), turned: out (1, 2)
    [7]
    >>> turned_codes([8], 2, 3)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: code 8 names no tromino of a 3x2 board
    """
    height, width = check_size(height, width)
    corner = (height - 1) * width - 2  # the anchor of the block at the bottom right
    turned = []
    for code in codes:
        # A block's anchor is its top left cell, in a column that has one to its right.
        anchor = code >> 2 if type(code) is int and code >= 0 else -1
        if not 0 <= anchor <= corner or anchor % width == width - 1:
            raise ArgumentError(f"code {code!r} names no tromino of a {width}x{height} board")
        # Turned, the block's anchor is counted from the other end; the left-out cell is
        # the opposite one.
        turned.append((corner - anchor) << 2 | (code & 3) ^ 3)
    return turned


def _from_the_top(sweep: _Sweep, ahead: int) -> list[int] | None:
    """:func:`band_sweep` of *sweep*'s board from its top row down."""
    quick = min(ahead, QUICK_AHEAD_ROWS)
    careful = ahead if sweep.careful or sweep.parts else quick
    tries = _TRIES_PER_BAND * -(-sweep.height // BAND_ROWS) + _TRIES_EXTRA
    codes = _swept(sweep, quick, careful, tries, _GIVE_UP)
    if codes is None and quick < careful and sweep.careful:
        # The trouble may lie above where it stalled (a full careful pass costs too much
        # on a larger board).
        codes = _swept(sweep, careful, careful, tries, tries)
    return codes


def _swept(sweep: _Sweep, quick: int, careful: int, tries: int, give_up: int
           ) -> list[int] | None:
    """:func:`band_sweep` with each band's sweep going on through *quick* rows, or
    *careful* rows from where :data:`_STALL` band sweeps in a row got no further down
    until a band is laid :data:`_CAREFUL_ROWS` rows past it; giving up after *tries*
    band sweeps, or *give_up* in a row that get no further."""
    height = sweep.height
    look = quick  # the rows ahead bands are swept through
    furthest = stalled = calm = 0  # calm: where careful sweeps give way to quick ones
    laid: list[_Laid] = []
    top, rows = 0, BAND_ROWS
    above: set[int] = set()
    others: list[int] = []
    fresh = True  # the band at *top* was not tried at another height yet
    while top < height:
        if tries == 0 or stalled == give_up:
            return None
        tries -= 1
        rows = min(rows, height - top)
        if top + _CAREFUL_ROWS >= height or top in sweep.near_parts:
            look = careful  # the bottom edge, or a part cut off, leaves few ways out
        found = sweep.band(top, rows, above, max(0, min(look, _MAX_ROWS - rows)))
        if found is not None and top + rows > furthest:
            furthest, stalled = top + rows, 0
            sweep.furthest = max(sweep.furthest, furthest)
            if furthest >= calm:
                look = quick
        else:
            stalled += 1
            if stalled == _STALL and look < careful:
                look, calm, stalled = careful, furthest + _CAREFUL_ROWS, 0
        if found is not None:
            if fresh:
                others = [rows + d for d in _OTHER_HEIGHTS if 0 < rows + d < height - top]
            codes, below = found
            laid.append(_Laid(top, rows, above, codes, below, others))
            top, above, rows, fresh = top + rows, below, BAND_ROWS, True
            continue
        if not fresh and others:
            rows = others.pop(0)
            continue
        back = next((i for i in range(1, min(_BACK, len(laid)) + 1) if laid[-i].others), None)
        if back is not None:  # another height for a band above
            del laid[len(laid) - back + 1:]
            band = laid.pop()
            top, above, others = band.top, band.above, band.others
            rows, fresh = others.pop(0), False
            continue
        if not laid:
            return None
        band = laid.pop()  # one band of the last and this one
        top, above = band.top, band.above
        rows, others, fresh = band.rows + rows, [], False
        if rows > _MAX_ROWS:
            return None
    return [code for band in laid for code in band.codes]
