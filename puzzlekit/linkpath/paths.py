"""The link query and the mutable bitboard behind it (internal).

A :class:`Grid` holds a board padded with the ring of cells one step outside
it, so that ring cells are ordinary cells: padded row ``r + 1`` and padded
column ``c + 1`` hold board cell ``(r, c)``. Occupied cells are kept twice as
bitmasks, one int per padded row (bit = padded column) and one per padded
column (bit = padded row). When the rules close the ring, its cells are
marked occupied in the masks (the cells themselves stay empty), so no route
can use them and no code has to ask.

The query (:meth:`Grid.route`) follows the free runs of the two tiles, as in
the seed article: a link of at most two turns is a straight line, one corner
``(r1, c2)`` or ``(r2, c1)``, or a middle segment joining the tiles' free
runs. The candidate middle rows are those where the two vertical runs
overlap, tested one mask operation each (``rowmask & span == 0``) in order of
the length they give, so the first hit is the shortest; likewise for middle
columns. That is O(W + H) mask operations per pair, instead of walking every
cell of every candidate route.

With slides (KShisen's "tiles can slide" switch) a move may first push the
run of tiles next to one tile along its row or column, to free the corner of
a one-turn link (see :meth:`Grid.slides`); a move is then ``(i, j, shift)``:
the pusher *i*, the other tile *j* and the padded-index shift of the run
(0 for a plain removal).

>>> grid = Grid(((1, 2, 1),), outside=True, max_turns=2)
>>> grid.route(1, 1, 1, 3)  # around the 2, through the ring above
(4, ((0, 1), (0, 3)))
>>> Grid(((1, 2, 1),), outside=False, max_turns=2).route(1, 1, 1, 3) is None
True
>>> sliding = Grid(((1, 2, 0), (0, 1, 0)), outside=True, max_turns=1, slide=True)
>>> list(sliding.slides([6, 12]))  # the 1 at (0, 0) pushes the 2 right, then links down
[(6, 12, 1)]
"""

from __future__ import annotations

import bisect
import itertools
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from operator import and_
from typing import Any, TypeAlias

from puzzlekit.limits import Budget

__all__ = ["Changes", "Grid", "LinkIndex", "Move", "Reach", "Route", "crossing", "new_links"]

Route: TypeAlias = tuple[int, tuple[tuple[int, int], ...]]
"""A link as ``(length, corners)``, corners in padded coordinates, in path order."""

Reach: TypeAlias = tuple[int, int, int, int, int, int]
"""A tile and its free runs: ``(row, col, up, down, left, right)``, padded coordinates.

``up``..``down`` is the stretch of its column the tile sees (empty cells and
itself), ``left``..``right`` that of its row.
"""

Changes: TypeAlias = list[tuple[int, int]]
"""What a removal changed, as ``(padded index, old kind)``, so it can be undone."""

Move: TypeAlias = tuple[int, int, int]
"""A removal as ``(i, j, shift)``, padded indices: a plain pair ``i < j`` with shift 0, or a
slide: pusher *i*, other tile *j*, and the shift of the pushed run (columns, or rows times
the stride), which brings the link's corner to the pusher's line."""


def _span(lo: int, hi: int) -> int:
    """Bits ``lo`` to ``hi`` inclusive."""
    return (1 << (hi + 1)) - (1 << lo)


def _push(mask: int, at: int, unit: int, last: int) -> tuple[int, int]:
    """The run of tiles next to *at* in direction *unit* (+-1) along a line, and its room.

    Positions ``1..last`` are the board's; *mask* has their tiles (ring bits
    are ignored: a run stops at the board's edge). Returns ``(tiles, room)``:
    how many tiles lie side by side from ``at + unit`` on, and how many empty
    cells follow them before the next tile or the edge; ``(0, 0)`` when the
    cell next to *at* is empty or off the board. A few mask operations,
    whatever the lengths (a full line is common).
    """
    if unit > 0:
        # Board bits, and a wall bit just past the edge; bit 0 of ahead is at + 1.
        ahead = ((mask & ((1 << (last + 1)) - 2)) | 1 << (last + 1)) >> (at + 1)
        tiles = (ahead ^ (ahead + 1)).bit_length() - 1  # trailing ones
        if not tiles:
            return 0, 0
        if at + tiles > last:  # the run reaches the wall
            return last - at, 0
        beyond = ahead >> tiles
        return tiles, (beyond & -beyond).bit_length() - 1  # trailing zeros
    # Board bits below at, and a wall bit at 0.
    behind = (mask & ((1 << at) - 2)) | 1
    gaps = ~behind & ((1 << at) - 1)
    if not behind >> (at - 1) & 1:
        return 0, 0
    if not gaps:  # the run reaches the wall
        return at - 1, 0
    free = gaps.bit_length() - 1  # the first empty cell below the run
    return at - 1 - free, free - (behind & ((1 << free) - 1)).bit_length() + 1


def _middle(lines: list[int], lo_free: int, hi_free: int, p1: int, p2: int, mask: int) -> int:
    """The cheapest free middle line in ``lo_free..hi_free``, or -1.

    The cost of middle line ``y`` grows with its distance from the stretch
    between ``p1`` and ``p2``; equal costs go to the smaller ``y``. Lines
    ``p1`` and ``p2`` themselves would make a corner vanish, so they are not
    middle lines.
    """
    lo, hi = (p1, p2) if p1 < p2 else (p2, p1)
    for y in range(max(lo_free, lo), min(hi_free, hi) + 1):
        if y != p1 and y != p2 and not lines[y] & mask:
            return y
    distance = 1
    while lo - distance >= lo_free or hi + distance <= hi_free:
        y = lo - distance
        if y >= lo_free and not lines[y] & mask:
            return y
        y = hi + distance
        if y <= hi_free and not lines[y] & mask:
            return y
        distance += 1
    return -1


class Grid:
    """A padded, mutable board with row and column occupancy masks.

    Built from rows of kinds (0 empty). Search code copies it, plays and
    undoes removals on it, and asks it for routes; the public :class:`Board`
    keeps one per instance as a cache and never changes it.

    >>> grid = Grid(((1, 1),), outside=True, max_turns=2)
    >>> grid.rows()
    ((1, 1),)
    """

    __slots__ = (
        "cells",
        "colm",
        "gravity",
        "groups",
        "height",
        "max_turns",
        "outside",
        "rowm",
        "slide",
        "stride",
        "width",
    )

    def __init__(
        self,
        rows: Sequence[Sequence[int]],
        *,
        outside: bool,
        max_turns: int,
        gravity: bool = False,
        groups: bool = False,
        slide: bool = False,
    ) -> None:
        height, width = len(rows), len(rows[0])
        self.height = height
        self.width = width
        self.stride = stride = width + 2
        self.max_turns = max_turns
        self.gravity = gravity
        self.groups = groups
        """Whether tiles match by group of four kinds (see ``Rules.groups``)."""
        self.slide = slide
        """Whether a move may push tiles first (see ``Rules.slide``)."""
        self.outside = outside
        cells = [0] * ((height + 2) * stride)
        for r, row in enumerate(rows):
            start = (r + 1) * stride + 1
            cells[start : start + width] = row
        self.cells = cells
        self.rowm = [0] * (height + 2)
        self.colm = [0] * stride
        for index in itertools.compress(range(len(cells)), cells):  # the tiles (a deal's: none)
            r, c = divmod(index, stride)
            self.rowm[r] |= 1 << c
            self.colm[c] |= 1 << r
        if not outside:  # a closed ring is a wall round the board
            last_row, last_col = height + 1, width + 1
            self.rowm[0] = self.rowm[last_row] = (1 << stride) - 1
            self.colm[0] = self.colm[last_col] = (1 << (height + 2)) - 1
            for r in range(1, last_row):
                self.rowm[r] |= 1 | 1 << last_col
            for c in range(1, last_col):
                self.colm[c] |= 1 | 1 << last_row

    def copy(self) -> Grid:
        """An independent copy (lists copied, ints shared)."""
        other = Grid.__new__(Grid)
        other.height = self.height
        other.width = self.width
        other.stride = self.stride
        other.max_turns = self.max_turns
        other.gravity = self.gravity
        other.groups = self.groups
        other.slide = self.slide
        other.outside = self.outside
        other.cells = self.cells.copy()
        other.rowm = self.rowm.copy()
        other.colm = self.colm.copy()
        return other

    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The board's kinds, ring left out."""
        stride, width = self.stride, self.width
        return tuple(
            tuple(self.cells[r * stride + 1 : r * stride + 1 + width])
            for r in range(1, self.height + 1)
        )

    def key(self) -> bytes:
        """A compact snapshot of the cells, for memoising visited boards."""
        cells = self.cells
        return bytes(cells) if max(cells) < 256 else array("q", cells).tobytes()

    def set(self, index: int, kind: int) -> None:
        """Put *kind* (0 empty) at padded *index*, keeping the masks in step."""
        self.cells[index] = kind
        r, c = divmod(index, self.stride)
        if kind:
            self.rowm[r] |= 1 << c
            self.colm[c] |= 1 << r
        else:
            self.rowm[r] &= ~(1 << c)
            self.colm[c] &= ~(1 << r)

    def empty(self, i: int, j: int) -> None:
        """Empty the cells at padded *i* and *j*, keeping the masks in step: :meth:`set` of
        both to 0 in one call (a move's two cells, the hot path).

        >>> grid = Grid(((1, 1, 2),), outside=True, max_turns=2)
        >>> grid.empty(6, 7)
        >>> grid.rows(), grid.rowm[1], grid.colm[1]
        (((0, 0, 2),), 8, 0)
        """
        cells, rowm, colm, stride = self.cells, self.rowm, self.colm, self.stride
        cells[i] = cells[j] = 0
        r, c = divmod(i, stride)
        rowm[r] &= ~(1 << c)
        colm[c] &= ~(1 << r)
        r, c = divmod(j, stride)
        rowm[r] &= ~(1 << c)
        colm[c] &= ~(1 << r)

    # -- moves ---------------------------------------------------------------

    def remove(self, i: int, j: int, shift: int = 0) -> Changes:
        """Play the move ``(i, j, shift)`` (see :data:`Move`); return the undo list.

        A slide first pushes the run next to *i*; then *i* and *j* are
        emptied and, with gravity, every column the move touched settles.
        """
        cells, stride = self.cells, self.stride
        changes: Changes = []
        columns = {i % stride, j % stride}
        if shift:
            columns.update(index % stride for index in self.push_run(i, shift, changes))
        changes += [(i, cells[i]), (j, cells[j])]
        self.empty(i, j)
        if self.gravity:
            for column in sorted(columns):
                self._settle(column, changes)
        return changes

    def push_run(self, i: int, shift: int, changes: Changes) -> list[int]:
        """Push the run of tiles next to *i* by *shift* (legal); its old cells, then its new."""
        cells = self.cells
        unit = 1 if -self.stride < shift < self.stride else self.stride
        step = unit if shift > 0 else -unit
        run = []
        index = i + step
        while cells[index]:  # ring cells are empty, and a legal run ends on the board
            run.append(index)
            index += step
        for index in reversed(run):  # the far end first: it moves into free cells
            changes += [(index + shift, cells[index + shift]), (index, cells[index])]
            self.set(index + shift, cells[index])
            self.set(index, 0)
        return run + [index + shift for index in run]

    def _settle(self, column: int, changes: Changes) -> None:
        """Let the tiles of padded *column* fall to its bottom, in order (KShisen's gravity)."""
        height, stride, colm = self.height, self.stride, self.colm
        board_rows = (1 << (height + 1)) - 2
        occupied = colm[column] & board_rows
        count = occupied.bit_count()
        settled = board_rows & -(1 << (height + 1 - count))  # the bottom *count* rows
        if occupied == settled:
            return
        # Only the cells from the top tile to the lowest empty one change: they are read and
        # written at once, and the masks flipped where a cell filled or emptied.
        flipped = occupied ^ settled
        top = (occupied & -occupied).bit_length() - 1
        bottom = (flipped & settled).bit_length() - 1
        cells = self.cells
        moving = range(top * stride + column, bottom * stride + column + 1, stride)
        kinds = cells[moving.start : moving.stop : stride]
        tiles = list(filter(None, kinds))  # in C: no loop of the interpreter's
        fallen = [0] * (len(kinds) - len(tiles)) + tiles
        cells[moving.start : moving.stop : stride] = fallen
        for index, old, new in zip(moving, kinds, fallen, strict=True):
            if old != new:
                changes.append((index, old))
        colm[column] ^= flipped
        rowm, bit = self.rowm, 1 << column
        while flipped:
            low = flipped & -flipped
            rowm[low.bit_length() - 1] ^= bit
            flipped ^= low

    def undo(self, changes: Changes) -> None:
        """Revert a :meth:`remove`."""
        for index, kind in reversed(changes):
            self.set(index, kind)

    # -- links ---------------------------------------------------------------

    def walled(self, index: int) -> bool:
        """Whether the four neighbours of padded *index* hold tiles: a tile there links
        only with a neighbour (any other link leaves it through an empty one).

        >>> grid = Grid(((1, 2, 1), (2, 3, 2), (1, 2, 1)), outside=True, max_turns=2)
        >>> grid.walled(2 * grid.stride + 2), grid.walled(grid.stride + 1)
        (True, False)
        """
        cells, stride = self.cells, self.stride
        return bool(
            cells[index - 1] and cells[index + 1] and cells[index - stride]
            and cells[index + stride]
        )

    def reach(self, r: int, c: int) -> Reach:
        """The free runs from the tile at padded ``(r, c)``: see :data:`Reach`."""
        # The first tile each way along the column, then the row, off the masks (hot).
        mask = self.colm[c]
        above = mask >> (r + 1)
        down = r + (above & -above).bit_length() - 1 if above else self.height + 1
        up = (mask & ((1 << r) - 1)).bit_length()
        mask = self.rowm[r]
        above = mask >> (c + 1)
        right = c + (above & -above).bit_length() - 1 if above else self.width + 1
        return r, c, up, down, (mask & ((1 << c) - 1)).bit_length(), right

    def route(self, r1: int, c1: int, r2: int, c2: int, *, best: bool = True) -> Route | None:
        """The canonical link between the occupied padded cells, or ``None``.

        Canonical: shortest, then fewest turns, then the smallest corners in
        ``(row, col)`` order. With ``best=False`` any link will do (faster
        when only existence matters).
        """
        return self.link(self.reach(r1, c1), self.reach(r2, c2), best=best)

    def link(self, one: Reach, two: Reach, *, best: bool = True) -> Route | None:
        """:meth:`route` between two tiles whose runs are known (computed once per tile)."""
        r1, c1, up1, down1, left1, right1 = one
        r2, c2, up2, down2, left2, right2 = two
        if r1 == r2:  # a straight link: one tile's run reaches the cell beside the other
            if right1 >= c2 - 1 if c1 < c2 else left1 <= c2 + 1:
                return abs(c1 - c2), ()
        elif c1 == c2 and (down1 >= r2 - 1 if r1 < r2 else up1 <= r2 + 1):
            return abs(r1 - r2), ()
        max_turns = self.max_turns
        if max_turns == 0:
            return None
        manhattan = abs(r1 - r2) + abs(c1 - c2)
        if r1 != r2 and c1 != c2:  # one corner, reached by a run of each tile
            first = left1 <= c2 <= right1 and up2 <= r1 <= down2  # corner (r1, c2)
            second = up1 <= r2 <= down1 and left2 <= c1 <= right2  # corner (r2, c1)
            if first and (not second or (r1, c2) < (r2, c1)):
                return manhattan, ((r1, c2),)
            if second:
                return manhattan, ((r2, c1),)
        if max_turns == 1:
            return None
        found: list[Route] = []
        low, high = max(up1, up2), min(down1, down2)
        if c1 != c2 and low <= high:  # a middle row both vertical runs reach
            y = _middle(self.rowm, low, high, r1, r2, _span(min(c1, c2), max(c1, c2)))
            if y >= 0:
                extra = 2 * max(min(r1, r2) - y, y - max(r1, r2), 0)
                found.append((manhattan + extra, ((y, c1), (y, c2))))
                if not best:
                    return found[0]
        low, high = max(left1, left2), min(right1, right2)
        if r1 != r2 and low <= high:  # a middle column both horizontal runs reach
            x = _middle(self.colm, low, high, c1, c2, _span(min(r1, r2), max(r1, r2)))
            if x >= 0:
                extra = 2 * max(min(c1, c2) - x, x - max(c1, c2), 0)
                found.append((manhattan + extra, ((r1, x), (r2, x))))
        if len(found) < 2:
            return found[0] if found else None
        return min(found, key=lambda route: (route[0], sorted(route[1])))

    def joined(self, one: Reach, two: Reach) -> bool:
        """Whether :meth:`link` would find a link: the same tests, no route built.

        A middle line through a tile's own row (column) is never free, as
        the span it must clear holds the tile, so no line is left out.

        >>> grid = Grid(((1, 2, 1),), outside=False, max_turns=2)
        >>> one, two, three = grid.reach(1, 1), grid.reach(1, 2), grid.reach(1, 3)
        >>> grid.joined(one, three), grid.joined(one, two)
        (False, True)
        """
        r1, c1, up1, down1, left1, right1 = one
        r2, c2, up2, down2, left2, right2 = two
        if r1 == r2:
            if right1 >= c2 - 1 if c1 < c2 else left1 <= c2 + 1:
                return True
        elif c1 == c2:
            if down1 >= r2 - 1 if r1 < r2 else up1 <= r2 + 1:
                return True
        elif (left1 <= c2 <= right1 and up2 <= r1 <= down2) or (
            up1 <= r2 <= down1 and left2 <= c1 <= right2
        ):
            return self.max_turns > 0  # one corner
        if self.max_turns < 2:
            return False
        low = up1 if up1 > up2 else up2
        high = down1 if down1 < down2 else down2
        if c1 != c2 and low <= high:  # a middle row both vertical runs reach
            span = (2 << c2) - (1 << c1) if c1 < c2 else (2 << c1) - (1 << c2)
            rowm = self.rowm
            for y in range(low, high + 1):
                if not rowm[y] & span:
                    return True
        low = left1 if left1 > left2 else left2
        high = right1 if right1 < right2 else right2
        if r1 != r2 and low <= high:  # a middle column both horizontal runs reach
            span = (2 << r2) - (1 << r1) if r1 < r2 else (2 << r1) - (1 << r2)
            colm = self.colm
            for x in range(low, high + 1):
                if not colm[x] & span:
                    return True
        return False

    def linked(self, i: int, j: int) -> bool:
        """Whether the tiles at padded indices *i* and *j* can be joined (kinds not checked)."""
        stride = self.stride
        return self.joined(self.reach(*divmod(i, stride)), self.reach(*divmod(j, stride)))

    # -- slides ----------------------------------------------------------------

    def _run_and_room(self, index: int, step: int) -> tuple[int, int]:
        """:func:`_push` from the tile at padded *index* in direction *step* (+-1 or +-stride)."""
        r, c = divmod(index, self.stride)
        unit = 1 if step > 0 else -1
        if step in (1, -1):
            return _push(self.rowm[r], c, unit, self.width)
        return _push(self.colm[c], r, unit, self.height)

    def seen(self, index: int, step: int) -> int:
        """The first occupied padded cell from *index* in direction *step*, or -1.

        Read off the masks, so it may be a ring cell of a closed ring (an
        empty cell marked occupied): callers check the kind there.
        """
        r, c = divmod(index, self.stride)
        mask, at, unit = (self.rowm[r], c, 1) if step in (1, -1) else (self.colm[c], r, self.stride)
        if step < 0:
            below = mask & ((1 << at) - 1)
            return index - (at - below.bit_length() + 1) * unit if below else -1
        above = mask >> (at + 1)
        return index + (above & -above).bit_length() * unit if above else -1

    def slides(self, tiles: list[int]) -> Iterator[Move]:
        """Every slide among *tiles* (all matching): ``(pusher, other, shift)``, as in KShisen.

        A tile *p* pushes the run of tiles beside it, along its row or
        column, by ``d`` cells, when the run has at least ``d`` empty cells
        beyond it on the board; the run's first ``d`` cells from *p* are then
        free, and *p* links with one turn at ``p + d`` to the first tile
        seen from there across the line (the push changes no cell of that
        crossing line but the corner, so the masks as they are tell).
        """
        matching = set(tiles)
        cells, stride, rowm, colm = self.cells, self.stride, self.rowm, self.colm
        width, height = self.width, self.height
        # A corner's crossing line must hold one of the tiles: only those lines are read,
        # nearest first.
        rows = sorted({tile // stride for tile in tiles})
        columns = sorted({tile % stride for tile in tiles})
        for p in tiles:
            r, c = divmod(p, stride)
            # Per axis: the mask of p's line along it, p's place and the last place on that
            # line, the kind's lines across it (where a corner may be) and their masks, the
            # place of p's line on those, and the steps of an index along it and across it.
            along_column = (colm[c], r, height, rows, rowm, c, stride, 1)
            along_row = (rowm[r], c, width, columns, colm, r, 1, stride)
            for step, axis in (
                (-stride, along_column), (-1, along_row), (1, along_row), (stride, along_column)
            ):
                if not cells[p + step]:  # nothing beside it to push
                    continue
                line, at, last, lines, crossing, place, along, across = axis
                free = ((1 << (last + 1)) - 2) & ~line
                if step > 0:
                    if lines[-1] <= at or not free >> (at + 1):
                        continue
                    room = _push(line, at, 1, last)[1]
                    corners = [x for x in lines if at < x <= at + room]
                else:
                    if lines[0] >= at or not free & ((1 << at) - 1):
                        continue
                    room = _push(line, at, -1, last)[1]
                    corners = [x for x in reversed(lines) if at - room <= x < at]
                for x in corners:
                    shift = (x - at) * along
                    corner, mask = p + shift, crossing[x]
                    if (before := mask & ((1 << place) - 1)) and (
                        q := corner - (place - before.bit_length() + 1) * across
                    ) in matching:
                        yield p, q, shift
                    if (after := mask >> (place + 1)) and (
                        q := corner + (after & -after).bit_length() * across
                    ) in matching:
                        yield p, q, shift

    def why_not_slide(self, i: int, j: int, shift: int) -> str | None:
        """Why :meth:`slides` would not give ``(i, j, shift)`` (kinds not checked), or ``None``.

        *shift* must already bring the corner ``i + shift`` onto *j*'s line
        (a :class:`~puzzlekit.linkpath.Pair` checks that); this checks the
        run, its room, and the straight line from the corner to *j*.
        """
        stride = self.stride
        along_row = -stride < shift < stride
        step = (1 if along_row else stride) * (1 if shift > 0 else -1)
        run, room = self._run_and_room(i, step)
        distance = abs(shift) if along_row else abs(shift) // stride
        if not run:
            return "there is no tile beside it on that side to push"
        if not room:
            return f"its {run} tiles on that side reach the edge of the board: no room to slide"
        if distance > room:
            return f"the {run} tiles on that side can slide {room} cells, not {distance}"
        corner = i + shift
        side = (stride if j > corner else -stride) if along_row else (1 if j > corner else -1)
        if self.seen(corner, side) != j:
            return "the line from the corner to the other tile is blocked"
        return None

    def moves(self) -> Iterator[Move]:
        """Every legal move (see :data:`Move`), by kind (ascending): plain pairs, then slides."""
        groups = self.tiles_by_kind()
        for kind in sorted(groups):
            for i, j in self.kind_pairs(groups[kind]):
                yield i, j, 0
            if self.slide:
                yield from self.slides(groups[kind])

    def match_key(self, kind: int) -> int:
        """What tiles of *kind* match on here: the kind, or with ``groups`` its group of four
        (as :func:`puzzlekit.linkpath.match_key` gives it for a board's rules).

        >>> Grid(((6, 8),), outside=True, max_turns=2, groups=True).match_key(6)
        2
        """
        return (kind + 3) // 4 if self.groups else kind

    def match_keys(self) -> list[int]:
        """:meth:`match_key` of every padded cell, by index (0 where empty): for whole-board
        scans, in one comprehension rather than a call a cell.

        >>> Grid(((6, 0, 8),), outside=True, max_turns=2, groups=True).match_keys()[6:9]
        [2, 0, 2]
        """
        cells = self.cells
        return [(kind + 3) // 4 for kind in cells] if self.groups else cells.copy()

    def tiles_by_kind(self) -> dict[int, list[int]]:
        """Padded indices of the tiles that match each other, in reading order.

        Keyed by kind, or with ``groups`` by group of four kinds (kinds 1-4
        are group 1, ...).
        """
        groups: dict[int, list[int]] = {}
        by_group = self.groups
        for index, kind in enumerate(self.cells):
            if kind > 0:
                groups.setdefault((kind + 3) // 4 if by_group else kind, []).append(index)
        return groups

    def kind_pairs(
        self, tiles: list[int], budget: Budget | None = None
    ) -> Iterator[tuple[int, int]]:
        """Every linkable pair among *tiles* (all matching, in reading order), once each.

        Neighbours always link. Any other link leaves both tiles through an
        empty neighbour, so a tile walled in on four sides is only paired
        with its neighbours, without a query (on a full board that leaves
        only the edges to test), and the runs of the open tiles are computed
        once, not once per pair.
        """
        stride, walled = self.stride, self.walled
        opened = [i for i in tiles if not walled(i)]
        reaches = {i: self.reach(*divmod(i, stride)) for i in opened}
        joined = self.joined
        later_open = iter(range(1, len(opened) + 1))
        matching = set(tiles)
        for i in tiles:
            neighbours = [j for j in (i + 1, i + stride) if j in matching]
            reach_i = reaches.get(i)
            if reach_i is None:
                for j in neighbours:
                    yield i, j
                continue
            others = opened[next(later_open) :]
            for j in sorted({*neighbours, *others}):
                if j - i == 1 or j - i == stride or joined(reach_i, reaches[j]):
                    yield i, j
            if budget is not None and budget.check_clock():
                return

    def settled_links(
        self, since: tuple[Mapping[int, list[tuple[int, int]]], Changes] | None = None
    ) -> dict[int, list[tuple[int, int]]] | None:
        """Every linkable pair, by kind, of a board whose columns have settled (as gravity
        leaves them), as :meth:`kind_pairs` gives them, for links of at most one turn;
        ``None`` when a column has a gap or links may turn twice.

        In settled columns a tile is straight above a full column, so a link of one turn has
        its corner in the higher tile's row, over shorter columns, and runs down to the top
        tile of the lower one's column; a straight link joins neighbours in a column, or the
        next tiles along a row. So each tile needs only its row read, not each pair tested,
        and the tiles at the ends of a row's free stretch find the tops below it of their kind
        by one mask (the columns whose top tile is of that kind).

        *since*, when given, is ``(links, changes)``: the links of this grid before the
        cells of *changes* (an undo list, as :meth:`remove` gives it) changed. A link
        between two rows changes only with one of its columns, and a link within a row or
        from a free stretch only with that row or the column it runs down: so only the
        rows and columns the changes touched are read again (a few, after a move).

        >>> grid = Grid(((1, 0, 0), (2, 0, 1), (2, 1, 3)), outside=True, max_turns=1, gravity=True)
        >>> links = grid.settled_links()
        >>> links
        {1: [(6, 13), (6, 17), (13, 17)], 2: [(11, 16)]}
        >>> changes = grid.remove(6, 13)  # the two 1s above: the 2 falls beside a 1
        >>> grid.settled_links(since=(links, changes)) == grid.settled_links()
        True
        """
        if self.max_turns > 1:
            return None
        height, width, stride = self.height, self.width, self.stride
        colm = self.colm
        keys = self.match_keys() if self.groups else self.cells  # only read
        board_rows = (1 << (height + 1)) - 2
        occupied = [0, *(mask & board_rows for mask in colm[1 : width + 1]), 0]
        if since is not None:  # the rows and columns the changes touched
            before, changes = since
            rows = {index // stride for index, _ in changes}
            columns = {index % stride for index, _ in changes}
        # Settled, a column's tiles fill it from the bottom row up: its mask plus its lowest
        # bit carries into the row below the board (since the links before: only the
        # columns the changes touched).
        below_board = 1 << (height + 1)
        for col in range(1, width + 1) if since is None else columns:
            if (column := occupied[col]) and column + (column & -column) != below_board:
                return None
        counts = [column.bit_count() for column in occupied]
        tops = [  # the top tile of each column (0: none)
            (height + 1 - count) * stride + col if count else 0 for col, count in enumerate(counts)
        ]
        top_columns: dict[int, int] = {}  # per kind, a bit per column whose top tile is of it
        for col, top in enumerate(tops):
            if top:
                top_columns[keys[top]] = top_columns.get(keys[top], 0) | 1 << col
        first_row = height + 1 - max(counts)  # the rows above are empty
        if since is None:
            first = first_row * stride
            tiles = list(itertools.compress(range(first, len(keys)), keys[first:]))
            found = [(i, i + stride) for i in tiles if keys[i] == keys[i + stride]]
        else:
            # Kept: links down a column not read again, and the others from a row not read
            # again that run down no such column.
            found = [
                (i, j)
                for pairs in before.values()
                for i, j in pairs
                if (
                    i % stride not in columns
                    if j - i == stride
                    else i // stride not in rows
                    and (i // stride == j // stride or j % stride not in columns)
                )
            ]
            board_columns = (1 << (width + 1)) - 2
            for col in columns:
                top = tops[col]
                if not top:
                    continue
                found += [
                    (i, i + stride)
                    for i in range(top, (height + 1) * stride, stride)
                    if keys[i] == keys[i + stride]
                ]
                # The rows not read again whose free stretch over this column has an end
                # of the top's kind: the first tiles left and right of it.
                kind = keys[top]
                for row in range(first_row, top // stride if self.max_turns else 0):
                    if row in rows:
                        continue
                    line = self.rowm[row] & board_columns
                    if (left := line & ((1 << col) - 1)) and keys[
                        end := row * stride + left.bit_length() - 1
                    ] == kind:
                        found.append((end, top))
                    if (right := line >> (col + 1)) and keys[
                        end := row * stride + col + (right & -right).bit_length()
                    ] == kind:
                        found.append((end, top))
            tiles = [
                index
                for row in sorted(rows)
                if row >= first_row
                for index in itertools.compress(
                    range(row * stride + 1, row * stride + 1 + width),
                    keys[row * stride + 1 : row * stride + 1 + width],
                )
            ]
        found += self._row_links(tiles, keys, tops, top_columns)
        links: dict[int, list[tuple[int, int]]] = {}
        for pair in sorted(found):
            links.setdefault(keys[pair[0]], []).append(pair)
        return links

    def _row_links(
        self, tiles: list[int], keys: list[int], tops: list[int], top_columns: dict[int, int]
    ) -> list[tuple[int, int]]:
        """The links of :meth:`settled_links` within the rows of *tiles* (whole rows, in
        reading order) and from their free stretches down to the *tops* of columns
        (*top_columns*: per kind, a bit per column whose top tile is of it)."""
        stride = self.stride
        found: list[tuple[int, int]] = []
        corners = self.max_turns > 0
        # The free stretches of a row lie between two tiles next in reading order, or
        # between a row's edge and its first or last tile: their ends see down into them,
        # to the tops of their kind there (a bit per column).
        seen_down: list[tuple[int, int]] = []  # (a stretch's end, the columns it links down to)
        below = top_columns.get
        previous = -1
        for i in [*tiles, len(keys) - 1]:  # and an empty cell of the ring's last row
            if previous >= 0 and previous // stride == i // stride:
                if keys[i] == keys[previous]:
                    found.append((previous, i))
                if corners and i - previous > 1:
                    stretch = (1 << (i % stride)) - (1 << (previous % stride + 1))
                    if seen := below(keys[previous], 0) & stretch:
                        seen_down.append((previous, seen))
                    if seen := below(keys[i], 0) & stretch:
                        seen_down.append((i, seen))
            elif corners:  # i is the first tile of its row, previous the last of its own
                if seen := below(keys[i], 0) & ((1 << (i % stride)) - 2):
                    seen_down.append((i, seen))
                if previous >= 0 and (seen := below(keys[previous], 0) >> (previous % stride + 1)):
                    seen_down.append((previous, seen << (previous % stride + 1)))
            previous = i
        for end, seen in seen_down:
            while seen:
                low = seen & -seen
                seen ^= low
                found.append((end, tops[low.bit_length() - 1]))
        return found

    def pairs(self) -> Iterator[tuple[int, int]]:
        """Every linkable pair of equal tiles, grouped by kind (ascending), once each."""
        groups = self.tiles_by_kind()
        for kind in sorted(groups):
            yield from self.kind_pairs(groups[kind])


def crossing(
    grid: Grid, empty: list[int], *, before: Grid | None = None
) -> tuple[set[int], set[int]]:
    """The tiles at an end of a link of *grid* through one of the *empty* cells:
    ``(near, middle)``. A link through a cell passes it on its first or last
    segment, and its tile is then the first one seen from the cell along a row
    or column (*near*); or on a middle segment, which then lies in the free
    stretch of the cell's row (or column), and both tiles are the first seen
    across it from cells of that stretch (*middle*). Only the stretches with a
    cell strictly inside are swept: a middle segment through a cell at the end
    of its stretch ends there, so one of its tiles is in *near*.

    *before*, when given, is the grid before the *empty* cells were emptied
    (other tiles may have moved too), and the middle ends are wanted only for
    links that are new: a stretch with a free line beside it on *before* (the
    row above or below it, the column left or right of it, free all along it;
    a closed ring's line never is) is then not swept. A link through it on a
    middle segment, between two tiles that did not move and are not *near*
    (those are tested on their own), reaches the stretch along lines that were
    free on *before* too (a cell emptied on them would see the tile, making it
    *near*); so the same link with its middle segment one line over, in the
    free one, was there on *before* already.

    >>> before = Grid(((0, 0, 0, 0), (0, 2, 2, 0), (1, 3, 3, 1)), outside=True, max_turns=2)
    >>> grid = before.copy()
    >>> grid.empty(14, 15)  # the 2s go: the 1s below link across their row, or the one above
    >>> sorted(crossing(grid, [14, 15])[1]), crossing(grid, [14, 15], before=before)[1]
    ([19, 20, 21, 22], set())

    >>> grid = Grid(((1, 0, 1), (2, 0, 2), (3, 0, 3)), outside=False, max_turns=2)
    >>> near, middle = crossing(grid, [12])  # the cell between the 2s (padded 11 and 13)
    >>> sorted(near), sorted(middle)  # the 1s and 3s are seen across its column's stretch
    ([11, 13], [6, 8, 11, 13, 16, 18])
    >>> near, middle = crossing(grid, [7])  # the top of its column's stretch: none swept
    >>> sorted(near), middle
    ([6, 8], set())
    """
    cells, stride, rowm, colm = grid.cells, grid.stride, grid.rowm, grid.colm
    height, width = grid.height, grid.width
    sweep = grid.max_turns >= 2
    near: set[int] = set()
    middle: set[int] = set()
    swept_rows: set[int] = set()  # the first cell of each row stretch swept, and
    swept_cols: set[int] = set()  # the top cell of each column stretch
    for cell in empty:
        row, col = divmod(cell, stride)
        # The cell's free runs (Grid.reach, inlined: hot), and the first cell seen each way
        # (not past the edge; a closed ring's cells are left out at the end).
        mask = colm[col]
        above = mask >> (row + 1)
        if above:
            down = row + (above & -above).bit_length() - 1
            near.add((down + 1) * stride + col)
        else:
            down = height + 1
        up = (mask & ((1 << row) - 1)).bit_length()
        if up:
            near.add((up - 1) * stride + col)
        mask = rowm[row]
        above = mask >> (col + 1)
        if above:
            right = col + (above & -above).bit_length() - 1
            near.add(cell - col + right + 1)
        else:
            right = width + 1
        left = (mask & ((1 << col) - 1)).bit_length()
        if left:
            near.add(cell - col + left - 1)
        if not sweep:
            continue
        # What grid.seen gives across the free stretches, read off the masks inline (hot);
        # a stretch two cells share (side by side, say) is swept once, and with *before* only
        # when both lines beside it were blocked somewhere there.
        if left < col < right and (start := cell - col + left) not in swept_rows:
            swept_rows.add(start)
            span = (2 << right) - (1 << left)
            if before is None or (before.rowm[row - 1] & span and before.rowm[row + 1] & span):
                low, high = (1 << row) - 1, row + 1
                for x, mask in enumerate(colm[left : right + 1], left):
                    below = mask & low
                    if below:
                        middle.add((below.bit_length() - 1) * stride + x)
                    above = mask >> high
                    if above:
                        middle.add((high + (above & -above).bit_length() - 1) * stride + x)
        if up < row < down and (start := up * stride + col) not in swept_cols:
            swept_cols.add(start)
            span = (2 << down) - (1 << up)
            if before is None or (before.colm[col - 1] & span and before.colm[col + 1] & span):
                low, high = (1 << col) - 1, col + 1
                for y, mask in enumerate(rowm[up : down + 1], up):
                    below = mask & low
                    if below:
                        middle.add(y * stride + below.bit_length() - 1)
                    above = mask >> high
                    if above:
                        middle.add(y * stride + high + (above & -above).bit_length() - 1)
    if grid.outside:  # no cell of the ring is marked: every end seen or swept is a tile
        return near, middle
    return {a for a in near if cells[a] > 0}, {a for a in middle if cells[a] > 0}


def new_links(
    grid: Grid,
    freed: list[int],
    kind_of: Mapping[int, int],
    tiles: Mapping[int, set[int] | frozenset[int]],
    partners: Mapping[int, set[int] | frozenset[int]],
    budget: Budget | None = None,
    *,
    done: AbstractSet[int] = frozenset(),
    reaches: dict[int, Reach] | None = None,
    before: Grid | None = None,
) -> list[tuple[int, int]]:
    """The pairs ``(a, b)``, ``a < b``, not linked before that link now the cells *freed* are
    empty, when the other tiles did not move (or, those in *done*, are paired already).

    *kind_of* gives each tile's match key, *tiles* the tiles of each key
    left on *grid*, *partners* the tiles each one linked with before. A new
    link passes through a freed cell. On its first or last segment: then its
    tile is the first one seen from that cell along a row or column. On a
    middle segment: then that segment lies in the free stretch of the cell's
    row (or column), and both tiles are the first seen across it from cells
    of that stretch. So only those pairs are tested, but for a tile walled in on
    four sides: it links only with its neighbours, which linked already.

    The tiles in *done* (those that fell, say) have every link of theirs in
    *partners* already: they are not taken as ends seen from the freed cells,
    nor tested as the other end.
    *reaches* holds the runs of tiles on *grid* computed already, if any
    (those computed here are added). *before*, the grid before the cells were
    freed, when given, spares the stretches :func:`crossing` can tell hold no
    new middle link.

    >>> grid = Grid(((1, 2, 2, 1),), outside=False, max_turns=2)
    >>> _ = grid.remove(8, 9)  # the 2s between the 1s at padded 7 and 10
    >>> new_links(grid, [8, 9], {7: 1, 10: 1}, {1: {7, 10}}, {7: set(), 10: set()})
    [(7, 10)]
    """
    near, middle = crossing(grid, freed, before=before)
    if done:
        near -= done
        middle -= done
    cells, stride, reach, joined = grid.cells, grid.stride, grid.reach, grid.joined
    if reaches is None:
        reaches = {}
    # Plain loops below, not generators: a handful of tiles each, so setting one up costs
    # as much as its work. Each tile's runs are computed once.
    found: list[tuple[int, int]] = []
    tested = 0
    for a in near:
        known = partners[a]
        group = tiles[kind_of[a]]
        if len(known) + 1 == len(group):  # linked with every tile of its kind already
            continue
        reach_a = None
        for b in group:
            # A pair of two near tiles is tested from the smaller one; a tile of *done* has
            # its links, and one walled in on four sides links only with its neighbours,
            # which are linked already (one whose runs are known is not asked: a walled
            # tile would fail the test anyway).
            if b == a or b in known or (b < a and b in near) or b in done:
                continue
            reach_b = reaches.get(b)
            if reach_b is None:
                if cells[b - 1] and cells[b + 1] and cells[b - stride] and cells[b + stride]:
                    continue  # Grid.walled, inlined (hot)
                reach_b = reaches[b] = reach(b // stride, b % stride)
            if reach_a is None:  # not before: often no tile is left to test
                reach_a = reaches.get(a) or reach(a // stride, a % stride)
                reaches[a] = reach_a
            # Kinds of thousands of tiles give as many pairs: watch the clock (the search
            # stops then, so the links missed do not matter).
            if budget is not None:
                tested += 1
                if not tested % 1024 and budget.check_clock():
                    return found
            if joined(reach_a, reach_b):
                found.append((a, b) if a < b else (b, a))
    # The pairs of middle tiles left: both ends off the near ones, of one kind (often
    # there is none: then the kinds are told apart in one set).
    middle -= near
    if len(middle) < 2:  # no pair: the kinds need not be read
        return found
    kinds = [kind_of[a] for a in middle]
    if len(set(kinds)) == len(kinds):
        return found
    by_kind: dict[int, list[int]] = {}
    for a, kind in zip(middle, kinds, strict=True):
        alike = by_kind.get(kind)
        if alike is None:
            by_kind[kind] = [a]
        else:
            alike.append(a)
    for alike in by_kind.values():
        if len(alike) > 1:
            for a, b in itertools.combinations(sorted(alike), 2):
                if b not in partners[a]:
                    tested += 1
                    if budget is not None and not tested % 1024 and budget.check_clock():
                        return found
                    reach_a = reaches.get(a)
                    if reach_a is None:
                        reach_a = reaches[a] = reach(a // stride, a % stride)
                    reach_b = reaches.get(b)
                    if reach_b is None:
                        reach_b = reaches[b] = reach(b // stride, b % stride)
                    if joined(reach_a, reach_b):
                        found.append((a, b))
    return found


def _relisted(
    ordered: list[int],
    lost: Iterable[int],
    gained: Iterable[tuple[int, int]],
    kind_of: Mapping[int, int],
) -> list[int]:
    """A copy of the listing *ordered* (see :meth:`LinkIndex.listing`) without the packed
    pairs *lost* (all in it) and with the pairs *gained*, in its order."""
    ordered = ordered.copy()
    for code in lost:  # a few, in a short list: found by a scan in C
        ordered.remove(code)

    def key(code: int) -> int:  # (key of i, code) as one int: codes are below 2**32
        return kind_of[code >> 16] << 32 | code

    for a, b in gained:
        bisect.insort(ordered, a << 16 | b, key=key)
    return ordered


class LinkIndex:
    """Every linked pair of a grid whose tiles never move, kept per tile (an immutable value).

    *kind_of* maps each tile (padded index) to its match key, *tiles* each
    key to its tiles, *partners* each tile to the tiles it links with. Built
    by :meth:`of` (a full scan), or by :meth:`after` from the index before a
    removal (only the pairs :func:`new_links` names are tested). The sets are
    shared between an index and those derived from it, so none is changed.

    >>> grid = Grid(((1, 2, 2, 1),), outside=False, max_turns=2)
    >>> index = LinkIndex.of(grid)
    >>> index.pairs()  # padded indices: the 2s side by side
    [(8, 9)]
    >>> _ = grid.remove(8, 9)
    >>> index.after(grid, 8, 9).pairs()
    [(7, 10)]
    """

    __slots__ = ("gained", "kind_of", "ordered", "partners", "tiles")

    def __init__(
        self,
        kind_of: dict[int, int],
        tiles: dict[int, frozenset[int]],
        partners: dict[int, frozenset[int]],
        gained: list[tuple[int, int]] | None = None,
    ) -> None:
        self.kind_of = kind_of
        self.tiles = tiles
        self.partners = partners
        self.gained = gained
        """The pairs ``(a, b)``, ``a < b``, that link here and did not before the removal
        :meth:`after` made this index from; ``None`` for an index built otherwise."""
        self.ordered: list[int] | None = None
        """What :meth:`listing` gives, once it has been asked (or derived by :meth:`after`)."""

    @classmethod
    def of(cls, grid: Grid, budget: Budget | None = None) -> LinkIndex:
        """The index of *grid* by a full scan, as :meth:`Grid.kind_pairs` finds the pairs of
        every kind (when *budget*'s clock runs out, some pairs are missing).

        One pass pairs the neighbours of every kind; then only the open tiles (not walled in
        on four sides) of each kind are tested against each other: on a full board, the
        edges' tiles alone, by the side of the board they share (a link there runs through
        the ring).

        >>> LinkIndex.of(Grid(((1, 1),), outside=True, max_turns=2)).partners
        {5: frozenset({6}), 6: frozenset({5})}
        >>> grid = Grid(((1, 2, 1), (2, 3, 2), (1, 3, 1)), outside=True, max_turns=2)
        >>> LinkIndex.of(grid).pairs()  # padded indices: the 1s round the ring, the 3s
        [(6, 8), (6, 16), (8, 18), (16, 18), (12, 17)]
        """
        cells, stride, reach, joined = grid.cells, grid.stride, grid.reach, grid.joined
        # Comprehensions over whole lists, as a full board has a tile in nearly every cell.
        keys = grid.match_keys()
        kind_of = {index: key for index, key in enumerate(keys) if key > 0}
        members: dict[int, list[int]] = {}
        for index, key in kind_of.items():
            members.setdefault(key, []).append(index)
        linked: dict[int, list[int]] = {}
        # Neighbours always link: the tiles equal to the cell after them in the row, or below
        # (never past the end: the last cells are ring cells, empty).
        for step in (1, stride):
            for i in [i for i, key in kind_of.items() if keys[i + step] == key]:
                linked.setdefault(i, []).append(i + step)
                linked.setdefault(i + step, []).append(i)
        # Any other link leaves both tiles through an empty neighbour: only open tiles (not
        # walled in on four sides) of a kind are tested against each other, by their runs.
        height, width = grid.height, grid.width
        if len(kind_of) < height * width:
            runs_of: Callable[[int, int], object] = reach
            joins: Callable[[Any, Any], object] = joined
            open_tiles = [
                i for i in kind_of
                if not (cells[i - 1] and cells[i + 1] and cells[i - stride] and cells[i + stride])
            ]
        else:
            # Full: only the ring is empty, so a link goes straight out of one tile into the
            # ring, along one line of it and straight into the other: two turns through the
            # ring, between tiles on one side of the board. A tile's sides (as bits) do for
            # its runs then, and a side in common for a link; the open tiles are the edges'.
            def sides(r: int, c: int) -> int:
                return (r == 1) | (r == height) << 1 | (c == 1) << 2 | (c == width) << 3

            runs_of, joins = sides, and_
            open_tiles = []
            if grid.outside and grid.max_turns == 2:
                top, bottom = stride + 1, height * stride + 1  # the first cells of the two rows
                edges = {
                    *range(top, top + width),
                    *range(bottom, bottom + width),
                    *range(top, bottom + 1, stride),
                    *range(top + width - 1, bottom + width, stride),
                }
                open_tiles = sorted(edges)
        opened: dict[int, list[int]] = {}
        for i in open_tiles:
            opened.setdefault(kind_of[i], []).append(i)
        for group in opened.values():
            if len(group) < 2:
                continue
            runs = [(i, runs_of(i // stride, i % stride)) for i in group]
            for n, (i, reach_i) in enumerate(runs, 1):
                for j, reach_j in runs[n:]:
                    if j - i != 1 and j - i != stride and joins(reach_i, reach_j):
                        linked.setdefault(i, []).append(j)
                        linked.setdefault(j, []).append(i)
                if budget is not None and budget.check_clock():
                    break
        none: frozenset[int] = frozenset()  # shared: the index never changes a set
        partners = dict.fromkeys(kind_of, none)
        for tile, group in linked.items():  # fewer than the tiles: only these are looked at
            partners[tile] = frozenset(group)
        return cls(kind_of, {key: frozenset(group) for key, group in members.items()}, partners)

    def after(self, grid: Grid, i: int, j: int, before: Grid | None = None) -> LinkIndex:
        """The index of *grid*, which is this index's grid (*before*, when given) once tiles
        *i* and *j* (linked, of one kind) are removed; only the pairs near the freed cells
        are tested (see :func:`new_links`).

        >>> grid = Grid(((1, 1, 2, 2),), outside=True, max_turns=2)
        >>> index = LinkIndex.of(grid)
        >>> _ = grid.remove(7, 8)
        >>> index.after(grid, 7, 8).tiles
        {2: frozenset({9, 10})}
        """
        kind = self.kind_of[i]
        tiles = self.tiles.copy()
        left = tiles[kind] - {i, j}
        if left:
            tiles[kind] = left
        else:
            del tiles[kind]
        partners = self.partners.copy()
        linked_i, linked_j = partners.pop(i), partners.pop(j)
        for tile, linked in ((i, linked_i), (j, linked_j)):
            for other in linked:
                if other in partners:  # not the other tile removed
                    partners[other] = partners[other] - {tile}
        found = new_links(grid, [i, j], self.kind_of, tiles, partners, before=before)
        for a, b in found:  # a handful a move
            partners[a] = partners[a] | {b}
            partners[b] = partners[b] | {a}
        index = LinkIndex(self.kind_of, tiles, partners, found)
        if self.ordered is not None:  # listed here: list the next one from it, not afresh
            # The pairs lost, packed: those of the two tiles ((i, j) once). Only here, as a
            # line of play that never lists (the gym's) has no use for them.
            lost = [min(i, other) << 16 | max(i, other) for other in linked_i]
            lost += [min(j, other) << 16 | max(j, other) for other in linked_j if other != i]
            index.ordered = _relisted(self.ordered, lost, found, self.kind_of)
        return index

    def moved(self, before: Grid, grid: Grid, changes: Changes) -> LinkIndex:
        """The index of *grid*, which is *before* (this index's grid) after a move that
        changed the cells in *changes* (:meth:`Grid.remove`'s undo list): tiles may have
        moved (gravity, slides).

        A changed cell's old tile leaves the index and its new one joins it,
        tested against every tile of its kind (walled in on four sides: against
        its neighbours only). Links between the tiles that stayed can only be
        lost through the cells that filled up, and gained through those that
        emptied: the pairs :func:`crossing` names there (on *before*, on
        *grid*) are tested again, but for those of the tiles that joined.

        >>> before = Grid(((1, 0), (2, 1), (2, 1)), outside=False, max_turns=2, gravity=True)
        >>> index = LinkIndex.of(before)
        >>> grid = before.copy()
        >>> changes = grid.remove(9, 13)  # the 2s; the 1 above falls into the left column
        >>> grid.rows()
        ((0, 0), (0, 1), (1, 1))
        >>> index.moved(before, grid, changes).pairs() == LinkIndex.of(grid).pairs()
        True
        """
        cells, groups, stride, joined = grid.cells, grid.groups, grid.stride, grid.joined
        # Each changed cell's kind on *before*: its first entry, the last one read backwards.
        first = dict(reversed(changes))
        kind_of = self.kind_of.copy()
        tiles = self.tiles.copy()
        partners = self.partners.copy()
        lost: set[int] = set()  # packed as in listing()
        added = []  # the new tiles of changed cells (those that fell)
        freed = []
        filled = []
        none: frozenset[int] = frozenset()
        for index, kind in first.items():
            now = cells[index]
            if now == kind:
                continue
            if kind:  # its tile leaves
                key = kind_of[index]
                members = tiles[key] - {index}
                if members:
                    tiles[key] = members
                else:
                    del tiles[key]
                for other in partners[index]:
                    lost.add(index << 16 | other if index < other else other << 16 | index)
                    partners[other] = partners[other] - {index}
            if now:  # a new tile joins, linked with none yet
                key = (now + 3) // 4 if groups else now
                kind_of[index] = key
                tiles[key] = tiles[key] | {index} if key in tiles else frozenset((index,))
                partners[index] = none
                added.append(index)
            else:
                del kind_of[index], partners[index]
                freed.append(index)
            if not kind:
                filled.append(index)
        reaches: dict[int, Reach] = {}  # each tile's runs on *grid*, computed once
        reach = grid.reach
        if filled:  # never under gravity alone on a settled board
            near, middle = crossing(before, filled)
            suspects = {
                (a, b) if a < b else (b, a) for a in near if a in kind_of for b in partners[a]
            }
            suspects.update(
                (a, b) for a in middle if a in kind_of for b in partners[a] if a < b and b in middle
            )
            for a, b in suspects:
                if not joined(reach(a // stride, a % stride), reach(b // stride, b % stride)):
                    partners[a] = partners[a] - {b}
                    partners[b] = partners[b] - {a}
                    lost.add(a << 16 | b)
        found = set()
        done = set(added)
        for a in added:
            # A tile walled in on four sides links only with its neighbours, and a neighbour
            # always links: only open tiles need their runs (Grid.walled, inlined: hot).
            group = tiles[kind_of[a]]
            if cells[a - 1] and cells[a + 1] and cells[a - stride] and cells[a + stride]:
                for b in (a - stride, a - 1, a + 1, a + stride):
                    if b in group:
                        found.add((a, b) if a < b else (b, a))
                continue
            reach_a = reaches.get(a)
            if reach_a is None:
                reach_a = reaches[a] = reach(a // stride, a % stride)
            for b in group:
                # Two new tiles are tested once, from the greater (the test is symmetric).
                if b == a or (b < a and b in done):
                    continue
                reach_b = reaches.get(b)  # runs known: not walled, no need to ask
                if reach_b is None:
                    if cells[b - 1] and cells[b + 1] and cells[b - stride] and cells[b + stride]:
                        if b - a in (1, -1, stride, -stride):
                            found.add((a, b) if a < b else (b, a))
                        continue
                    reach_b = reaches[b] = reach(b // stride, b % stride)
                if joined(reach_a, reach_b):
                    found.add((a, b) if a < b else (b, a))
        for a, b in found:
            partners[a] = partners[a] | {b}
            partners[b] = partners[b] | {a}
        gained = new_links(
            grid, freed, kind_of, tiles, partners, done=done, reaches=reaches, before=before
        )
        for a, b in gained:
            partners[a] = partners[a] | {b}
            partners[b] = partners[b] | {a}
        result = LinkIndex(kind_of, tiles, partners)
        if self.ordered is not None:  # listed here: list the next one from it, not afresh
            result.ordered = _relisted(self.ordered, lost, (*found, *gained), kind_of)
        return result

    def pairs(self) -> list[tuple[int, int]]:
        """Every linked pair ``(i, j)``, ``i < j``: by key (ascending), then by *i*, then *j*
        (the order of :meth:`Grid.pairs`).

        >>> LinkIndex.of(Grid(((2, 2, 1, 1),), outside=False, max_turns=2)).pairs()
        [(9, 10), (7, 8)]
        """
        return [(code >> 16, code & 0xFFFF) for code in self.listing()]

    def listing(self) -> Sequence[int]:
        """:meth:`pairs` packed, each ``(i, j)`` as the int ``i << 16 | j`` (padded indices are
        below 2**16: boards have at most 200 rows and columns), not copied: the index keeps
        it (do not change it). Ints, as they hash and compare fastest.

        >>> LinkIndex.of(Grid(((1, 1),), outside=True, max_turns=2)).listing() == [5 << 16 | 6]
        True
        """
        if self.ordered is None:
            partners = self.partners
            self.ordered = [
                i << 16 | j
                for kind in sorted(self.tiles)
                for i in sorted(self.tiles[kind])
                for j in sorted(partners[i])
                if i < j
            ]
        return self.ordered
