"""The fast inner board of the SameGame solvers: a whole board in one int.

The public :class:`~puzzlekit.samegame.Board` is a frozen object that is
pleasant to use and slow to build. Searches instead run on *packed boards*:
a single Python ``int`` holding one bit plane per colour. A :class:`Layout`
knows where every bit lives and has the masks that make the moves cheap.

Bit layout, for a board ``width`` wide and ``height`` high with ``k``
colours: a column takes ``height + 1`` bits, bottom row first, plus one
always-empty guard bit on top; a plane takes ``width + 1`` columns, the last
one an always-empty pad column; plane ``p`` (colour ``layout.colours[p]``)
starts at bit ``p * layout.plane_bits``. The empty guard bits and pad
columns mean that shifting the whole int by one bit or by one column never
carries a block into another column or another colour, so one expression
works on every colour at once:

* a block can be played when a neighbour has its colour:
  ``bits & (bits << 1 | bits >> 1 | bits << stride | bits >> stride)``;
* a group grows by the same shifts until it stops changing (bit flood fill);
* gravity moves the part of a column above a removed run down by the run's
  length, for all colours at once, with precomputed column and row masks;
* an empty column is removed by shifting everything right of it one column
  left, again with precomputed masks.

Packed boards are plain ints, so they hash and compare for free (a perfect
transposition key) and cost nothing to copy.

Boards of up to a few hundred thousand mask bits keep their masks in
tables; larger ones compute each mask when a move needs it, so that a
layout takes memory in proportion to one packed board.

>>> layout = Layout(3, 2, (0, 1))
>>> bits = layout.encode(((0, 0), (1, 1), (1,)))  # columns, bottom block first
>>> [layout.cells(group) for group in layout.groups(bits)]
[((0, 0), (1, 0)), ((0, 1), (1, 1), (1, 2))]
>>> layout.decode(layout.remove(bits, layout.groups(bits)[0]))
((1, 1), (1,), ())
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import Any, Final, NamedTuple, TypeAlias, final

from puzzlekit.grid import Cell
from puzzlekit.samegame.board import Columns

__all__ = ["Change", "ChangeFields", "Layout", "Listing", "shared_layout"]

Listing: TypeAlias = list[tuple[int, ...]]
"""The groups of a packed board as :meth:`Layout.listing` gives them: ``(key, group)`` each,
by key (``row * width + col`` of the group's canonical cell), the group as its bit mask; on a
board over ``_LAYER_BITS`` bits ``(key, group, first column, last column)``, the columns
that a listing after a move keeps its entries by (there a mask test would cost a pass over
a long int; a short board's listing goes by masks)."""


class Change(NamedTuple):
    """What a move changed, for :meth:`Layout.listing` of the board after it
    (:meth:`Layout.change` makes it).

    >>> layout = Layout(3, 1, (0, 1))
    >>> bits = layout.encode(((0,), (0,), (1,)))
    >>> change = layout.change(bits, layout.flood(bits, 1), layout.listing(bits))
    >>> change.first, change.last, change.emptied, layout.cells(change.zone & bits)
    (0, 1, 2, ((0, 0), (0, 1), (0, 2)))
    """

    listing: Listing
    """The listing of the board before the move."""
    first: int
    """The first column of the removed group when :attr:`changed` is 0 (else 0: a listing
    by the changed cells does not need it)."""
    last: int
    """The last column of the removed group when :attr:`changed` is 0 (else 0)."""
    emptied: int
    """How many columns the move emptied."""
    zone: int
    """The bits before the move that a kept group must not meet: on a board of up to
    ``_LAYER_BITS`` bits when no column emptied, the bits of :attr:`changed` and their
    neighbours in the same plane; else the group's columns and the two beside them, in
    every plane (on a longer board the listing compares its entries' columns with
    :attr:`first` and :attr:`last` instead, a mask test costing a pass over a long int)."""
    changed: int
    """The bits that the move changed (``bits ^ after``: in each plane, the cells that
    lost or gained a block of its colour), when :attr:`zone` is made of those; else 0."""
    region: int
    """The bits after the move whose groups are flooded again: :attr:`zone` when
    :attr:`changed` is not 0 (no block moved sideways), else columns around the group's, in
    every plane."""
    playable: int
    """:meth:`Layout.playable` of the board after the move: its seeds for a listing, and
    whether it has a move left under ``min_group`` 2 (without listing it)."""


ChangeFields: TypeAlias = tuple[Listing, int, int, int, int, int, int, int]
"""The fields of a :class:`Change` in a plain tuple, as :meth:`Layout.play` gives them (a
named tuple costs three times as much to make, and a move makes one)."""


_CACHED_HEIGHT = 16  # boards up to this high remember the runs of every column pattern
_TABLE_BITS = 1 << 27  # mask tables up to 16 MB; larger layouts compute masks on demand
_LAYER_BITS = 2500  # packed boards up to this long fall by whole layers, list again by zones
_PRODUCT_BITS = 1000  # packed boards up to this long spread a plane by a product (else shifts)
_PLANE_FLOOD_BITS = 4000  # packed boards longer than this flood a single block in its plane
_ONES = [bytes(49 if byte == colour else 48 for byte in range(256)) for colour in range(256)]
"""For each colour, the table that turns a column's bytes into its plane's binary digits
(the bytes of ``"1"`` and ``"0"``)."""
_BIT_BYTES = [bytes((byte >> bit) & 1 for bit in range(8)) for byte in range(256)]
"""Each byte value's 8 bits as 8 bytes, lowest bit first."""


@final
class Layout:
    """Where the bits of a packed board live, with the masks its moves use.

    One layout serves every board of its size and palette; build it once per
    search. *colours* lists the colour values the boards may hold (at most
    one plane each, in the given order).

    >>> layout = Layout(15, 15, range(5))
    >>> layout.stride, layout.plane_bits
    (16, 256)
    >>> Layout(0, 3, (1,))
    Traceback (most recent call last):
    ...
    ValueError: a board needs a width and height of at least 1, not 0 x 3
    """

    __slots__ = (
        "_around",
        "_bit_flood",
        "_bottoms",
        "_cells",
        "_column",
        "_columns_of",
        "_entry_tables",
        "_every_plane",
        "_fall_tables",
        "_folds",
        "_keys",
        "_layers",
        "_left",
        "_left_at",
        "_offsets",
        "_plane_floods",
        "_planes_at",
        "_product",
        "_right",
        "_rows_from",
        "_runs",
        "_tables",
        "_top",
        "colours",
        "column_mask",
        "full",
        "height",
        "plane_bits",
        "plane_of_colour",
        "planes",
        "stride",
        "width",
    )

    def __init__(self, width: int, height: int, colours: Iterable[int]) -> None:
        if width < 1 or height < 1:
            raise ValueError(
                f"a board needs a width and height of at least 1, not {width} x {height}"
            )
        self.width: Final = width
        """Columns of the board."""
        self.height: Final = height
        """Rows of the board."""
        self.colours: Final = tuple(dict.fromkeys(colours))
        """The colour of each plane, plane 0 first.

        >>> Layout(2, 2, (4, 1, 4)).colours
        (4, 1)
        """
        self.plane_of_colour: Final = {colour: p for p, colour in enumerate(self.colours)}
        """The plane index of each colour value."""
        self.planes: Final = len(self.colours)
        """How many colour planes a packed board has."""
        self.stride: Final = height + 1
        """Bits per column (the rows and one empty guard bit)."""
        self.plane_bits: Final = (width + 1) * self.stride
        """Bits per colour plane (the columns and one empty pad column)."""
        self.column_mask: Final = (1 << height) - 1
        """The rows of one column, as bits from bit 0."""
        # How moves are made on a board of this size, chosen once (see the thresholds).
        self._layers = self.planes * self.plane_bits <= _LAYER_BITS
        self._product = self.planes * self.plane_bits <= _PRODUCT_BITS
        # Multiplying a one-plane mask by this copies it into every plane.
        self._every_plane = sum(
            1 << (p * self.plane_bits) for p in range(self.planes)
        )
        self._offsets = [p * self.plane_bits for p in range(1, self.planes)]  # planes 1 on
        self.full: Final = self._spread(self._in_every_column(height, 0))
        """Every cell of every plane: the bits a packed board may use."""
        self._bottoms = self._spread(self._in_every_column(1, 0))  # the bottom row, every plane
        self._top = max(1, self.full.bit_length())
        self._plane_floods = self._top > _PLANE_FLOOD_BITS
        self._cells = self._in_every_column(height, 0)  # every cell of plane 0
        # For each number of columns, the shifts that fold that many columns onto the
        # first (or-ing them), halving.
        self._folds: list[list[int]] = [[]]
        for columns in range(1, width + 1):
            shifts, span = [], columns
            while span > 1:
                span = (span + 1) // 2
                shifts.append(span * self.stride)
            self._folds.append(shifts)
        self._tables = (4 * width + height + 3) * self._top <= _TABLE_BITS
        self._column: list[int] = []
        self._rows_from: list[int] = []
        self._left: list[int] = []
        self._right: list[int] = []
        self._keys: list[int] = []
        self._columns_of: list[int] = []
        self._left_at: list[int] = []
        self._planes_at: list[int] = []  # empty when the tables cover every plane
        if self._tables:
            self._column = [self._column_at(x) for x in range(width)]
            self._rows_from = [
                self._spread(self._in_every_column(height - r, r)) for r in range(height + 1)
            ]
            self._left = [self._left_of(x) for x in range(width + 1)]
            self._right = [self._right_of(x) for x in range(width + 1)]
            # By the bit length of each bit: its listing key (``row * width + col``), its
            # column, and a mask of cells left of its column. A short board covers every
            # plane (each list repeats one plane's objects: it costs a pointer a bit); a
            # long one covers plane 0, for a group shifted down to it (an int of one plane
            # is much shorter), with each bit's plane's first bit.
            column_of = [index // self.stride for index in range(self.plane_bits)]
            keys = [
                (height - 1 - index % self.stride) * width + x
                for index, x in enumerate(column_of)
            ]
            if not self._plane_floods:
                self._keys = [0] + keys * self.planes
                self._columns_of = [0] + column_of * self.planes
                # The mask: the cells left of the bit's column at its height or above, one
                # for each cell of a plane (a plane's cells times the board's bits: at
                # most 2 MB), shared by the planes.
                higher = [
                    self._left[index // self.stride] & self._rows_from[index % self.stride]
                    for index in range(self.plane_bits)
                ]
                self._left_at = [0] + higher * self.planes
            else:
                self._keys, self._columns_of = [0, *keys], [0, *column_of]
                under = [(1 << (x * self.stride)) - 1 for x in range(width + 1)]
                self._left_at = [0] + [under[x] for x in column_of]  # the whole columns
                for offset in range(0, self.planes * self.plane_bits, self.plane_bits):
                    self._planes_at += [offset] * self.plane_bits
        # What entries() reads, in one attribute.
        self._entry_tables = (self._keys, self._columns_of, self._left_at, self._planes_at)
        self._runs: dict[int, tuple[tuple[int, int], ...]] = {}
        self._bit_flood = _flood_by_shifts(self.stride)
        # A cell and its four neighbours, the cell at bit ``stride``.
        self._around = 0b111 << (self.stride - 1) | 1 | 1 << (2 * self.stride)
        # What _fall() reads, in one attribute (the last: how far down the last plane is).
        self._fall_tables = (
            self.plane_bits, self.stride, self._cells, self._every_plane, self._product,
            self._bottoms, self.plane_bits * (self.planes - 1),
        )

    def __reduce__(self) -> tuple[Callable[[int, int, tuple[int, ...]], Layout], tuple[Any, ...]]:
        # Pickled as its size and colours: the masks are rebuilt, once per process.
        return shared_layout, (self.width, self.height, self.colours)

    def _in_every_column(self, rows: int, low: int) -> int:
        """Plane 0's mask of *rows* rows from height *low* up, in every column, in linear time."""
        return int(("0" * (self.stride - rows - low) + "1" * rows + "0" * low) * self.width, 2)

    def _spread(self, mask: int) -> int:
        """*mask* (bits of plane 0) copied into every plane."""
        if self._product or mask.bit_length() < 64:
            return mask * self._every_plane
        spread = mask
        for offset in self._offsets:
            spread |= mask << offset
        return spread

    def _fold(self, bits: int) -> int:
        """The cells of *bits* in any plane, as a mask of plane 0."""
        plane_mask = (1 << self.plane_bits) - 1
        if self._layers:  # few short shifts, no loop test
            folded = bits
            for offset in self._offsets:
                folded |= bits >> offset
            return folded & plane_mask
        folded = 0
        while bits:  # a long board: each plane off the bottom, up to its last block
            folded |= bits & plane_mask
            bits >>= self.plane_bits
        return folded

    def _column_at(self, x: int) -> int:
        return self._spread(self.column_mask << (x * self.stride))

    def _left_of(self, x: int) -> int:
        return self._spread((1 << (x * self.stride)) - 1)

    def _right_of(self, x: int) -> int:
        return self._spread(((1 << ((self.width - x) * self.stride)) - 1) << (x * self.stride))

    def _above(self, x: int, row: int) -> int:
        """Column *x* from height *row* up, in every plane."""
        if self._tables:
            return self._column[x] & self._rows_from[row]
        return self._spread(((self.column_mask >> row) << row) << (x * self.stride))

    # -- conversion -------------------------------------------------------------------------

    def encode(self, columns: Columns) -> int:
        """The packed board of *columns* (bottom block first), built at C speed.

        >>> layout = Layout(2, 2, (7, 3))
        >>> bin(layout.encode(((3,), (7,))))  # 3 at bit 9 + 0, 7 at bit 3
        '0b1000001000'
        >>> layout.encode(((3,), (5,)))
        Traceback (most recent call last):
        ...
        ValueError: colours {5} are not among (7, 3)
        """
        if len(columns) != self.width or any(len(column) > self.height for column in columns):
            raise ValueError(f"columns must be {self.width} columns of at most {self.height}")
        raw = [bytes(column) for column in columns]
        unknown = set(b"".join(raw)) - set(self.colours)
        if unknown:
            raise ValueError(f"colours {unknown} are not among {self.colours}")
        stride = self.stride
        digits = []  # binary digits, highest bit first: last plane, last column, top row
        for colour in reversed(self.colours):
            ones = _ONES[colour]
            digits.append(b"0" * stride)  # the pad column
            for column in reversed(raw):
                digits.append(b"0" * (stride - len(column)))
                digits.append(column.translate(ones)[::-1])
        return int(b"".join(digits) or b"0", 2)

    def decode(self, bits: int) -> Columns:
        """The columns (bottom block first) of a packed board: the inverse of :meth:`encode`.

        >>> layout = Layout(2, 2, (7, 3))
        >>> layout.decode(layout.encode(((3, 7), (7,))))
        ((3, 7), (7,))
        """
        plane_bits = self.plane_bits
        plane_mask = (1 << plane_bits) - 1
        size = (plane_bits + 7) // 8
        lanes = 0  # one byte per bit of a plane: 0 when empty, else its plane + 1
        for p in range(self.planes):
            plane = ((bits >> (p * plane_bits)) & plane_mask).to_bytes(size, "little")
            spread = b"".join(map(_BIT_BYTES.__getitem__, plane))
            lanes += int.from_bytes(spread, "little") * (p + 1)
        cells = lanes.to_bytes(8 * size, "little")
        back = bytes.maketrans(bytes(range(1, self.planes + 1)), bytes(self.colours))
        stride = self.stride
        return tuple(
            tuple(cells[x * stride : x * stride + self.height].rstrip(b"\0").translate(back))
            for x in range(self.width)
        )

    @staticmethod
    def indices(bits: int) -> list[int]:
        """The positions of the set bits of *bits*, lowest first (in time linear in its bits).

        >>> Layout.indices(0b10110)
        [1, 2, 4]
        """
        digits = bin(bits)[:1:-1]  # lowest bit first, without the "0b"
        found = []
        index = digits.find("1")
        while index >= 0:
            found.append(index)
            index = digits.find("1", index + 1)
        return found

    def cell(self, index: int) -> Cell:
        """The ``(row, col)`` cell (row 0 at the top) of bit *index*.

        >>> Layout(3, 4, (0, 1)).cell(4 * 5 + 1 * 5 + 3)
        (0, 1)
        """
        x, r = divmod(index % self.plane_bits, self.stride)
        return (self.height - 1 - r, x)

    def cells(self, group: int) -> tuple[Cell, ...]:
        """The cells of a set of blocks (usually a group), in ``(row, col)`` order.

        >>> layout = Layout(2, 2, (0,))
        >>> layout.cells(layout.encode(((0,), (0,))))
        ((1, 0), (1, 1))
        """
        return tuple(sorted(self.cell(index) for index in self.indices(group)))

    def block_at(self, bits: int, cell: Cell) -> int:
        """The single bit of the block at *cell*, or 0 when it is empty or off the board.

        >>> layout = Layout(2, 2, (0, 1))
        >>> bits = layout.encode(((0,), (1,)))
        >>> layout.block_at(bits, (1, 1)) == 1 << (layout.plane_bits + 3)
        True
        >>> layout.block_at(bits, (0, 0)), layout.block_at(bits, (5, 0))
        (0, 0)
        """
        row, col = cell
        if not (0 <= row < self.height and 0 <= col < self.width):
            return 0
        offset = col * self.stride + self.height - 1 - row
        # At most one plane has the block: at most one bit is left.
        return ((bits >> offset) & self._every_plane) << offset

    # -- counting ---------------------------------------------------------------------------

    def counts(self, bits: int) -> list[int]:
        """Blocks of each colour, plane order.

        >>> layout = Layout(2, 2, (0, 1))
        >>> layout.counts(layout.encode(((0, 0), (1,))))
        [2, 1]
        """
        plane_mask = (1 << self.plane_bits) - 1
        return [
            ((bits >> (p * self.plane_bits)) & plane_mask).bit_count() for p in range(self.planes)
        ]

    def plane(self, group: int) -> int:
        """The plane (colour index) of a non-empty group.

        >>> layout = Layout(2, 2, (0, 1))
        >>> layout.plane(layout.encode(((0,), (1,))) >> 1)
        1
        """
        return (group.bit_length() - 1) // self.plane_bits

    # -- moves ------------------------------------------------------------------------------

    def playable(self, bits: int) -> int:
        """The blocks with a neighbour of their own colour (all blocks of groups of 2+).

        >>> layout = Layout(3, 1, (0, 1))
        >>> layout.cells(layout.playable(layout.encode(((0,), (0,), (1,)))))
        ((0, 0), (0, 1))
        """
        stride = self.stride
        return bits & ((bits << 1) | (bits >> 1) | (bits << stride) | (bits >> stride))

    def flood(self, bits: int, seed: int) -> int:
        """The group of the blocks in *seed* (bit flood fill through same-coloured neighbours).

        On a board of many bits a single block is flooded in its own plane
        alone, whose shorter int makes each step cheaper.

        >>> layout = Layout(3, 2, (0, 1))
        >>> bits = layout.encode(((0, 0), (0,), (1,)))
        >>> layout.cells(layout.flood(bits, layout.block_at(bits, (0, 0))))
        ((0, 0), (1, 0), (1, 1))
        """
        if self._plane_floods and not seed & (seed - 1):
            plane_bits = self.plane_bits
            low = (seed.bit_length() - 1) // plane_bits * plane_bits
            plane = (bits >> low) & ((1 << plane_bits) - 1)
            return self._bit_flood(plane, seed >> low) << low
        return self._bit_flood(bits, seed)

    def groups(self, bits: int, min_group: int = 2) -> list[int]:
        """Every group of at least *min_group* blocks, each as a bit mask.

        Groups come in order of their lowest bit (by colour plane, then
        column, then row from the bottom).

        >>> layout = Layout(3, 2, (0, 1))
        >>> bits = layout.encode(((0, 0), (0, 1), (1,)))
        >>> [len(layout.cells(g)) for g in layout.groups(bits)]
        [3]
        >>> [len(layout.cells(g)) for g in layout.groups(bits, 1)]
        [3, 1, 1]
        """
        return list(self.iter_groups(bits, min_group))

    def iter_groups(self, bits: int, min_group: int = 2) -> Iterator[int]:
        """:meth:`groups` one by one, for callers that watch the clock between them.

        >>> layout = Layout(2, 1, (0,))
        >>> next(layout.iter_groups(layout.encode(((0,), (0,))))) == layout.full
        True
        """
        seeds = bits if min_group <= 1 else self.playable(bits)
        flood = self.flood
        while seeds:
            group = flood(bits, seeds & -seeds)
            seeds &= ~group
            if min_group <= 2 or group.bit_count() >= min_group:
                yield group

    def listing(
        self, bits: int, min_group: int = 2, after: ChangeFields | None = None
    ) -> Listing:
        """Every group of at least *min_group* blocks as ``(key, group)``, sorted by key:
        ``row * width + col`` of its canonical cell (the top-most, then left-most one), so
        in reading order of those cells; the group is its bit mask.

        *after*, when given, says that *bits* is the board after a move from a board
        whose listing (for the same *min_group*) was ``after.listing``, and what the move
        changed (:meth:`change`). A group that meets none of the cells whose block or
        neighbour changed is the same group after the move (moved left when columns
        emptied), so it is kept; only the groups that meet those cells are flooded again.

        >>> layout = Layout(3, 2, (0, 1))
        >>> bits = layout.encode(((0, 0), (1, 1), (1,)))
        >>> listed = layout.listing(bits)
        >>> [(divmod(key, 3), layout.cells(group)) for key, group in listed]
        [((0, 0), ((0, 0), (1, 0))), ((0, 1), ((0, 1), (1, 1), (1, 2)))]
        >>> group = listed[0][1]
        >>> later = layout.remove(bits, group)
        >>> [entry[0] for entry in layout.listing(later, after=layout.change(bits, group, listed))]
        [0]
        """
        stride = self.stride
        found: Listing = []
        new: list[int] = []  # the groups flooded here, whose entries are made at the end
        # A listing is a few short floods: on most boards inline, without the checks of
        # flood() (a call costs about as much as a step of the flood).
        small = not self._plane_floods
        around = self._around
        if after is None:
            seeds = bits if min_group <= 1 else self.playable(bits)
        else:
            before, first, last, emptied, zone, changed, region, playable = after
            seeds = (bits if min_group <= 1 else playable) & region  # found by the move
            if changed:  # a small board, no column emptied: the groups that meet the zone
                # One pass, in listing order: the entries kept stay sorted. (found.append
                # each time: CPython 3.11 makes that call cheaper than a kept bound method.)
                for old in before:
                    group = old[1]
                    if not group & zone:
                        found.append(old)
                    elif not group & changed and group & seeds:  # not yet flooded here
                        # None of its blocks changed, yet it meets the zone: a block of its
                        # colour came beside it (one that left was one of its blocks), and
                        # joined it. Flood on from the group.
                        grown = self._bit_flood(bits, group)
                        seeds &= ~grown
                        new.append(grown)
            elif self._layers:  # a short board, columns emptied: by the zone's mask
                # A group off the zone's columns lies wholly left of them, or wholly right
                # (its columns follow each other): those right of them move left.
                low = max(first - 1, 0)
                lefts = self._left[low] if self._tables else self._left_of(low)
                shift = emptied * stride
                found = [
                    kept if kept[1] & lefts else (kept[0] - emptied, kept[1] >> shift)
                    for kept in before
                    if not kept[1] & zone
                ]
            else:  # by the columns each entry keeps: the group's, and one either side
                low, high = first - 1, last + 1
                if emptied:
                    shift = emptied * stride
                    found = [kept for kept in before if kept[3] < low]
                    found += [
                        (key - emptied, group >> shift, first - emptied, last - emptied)
                        for key, group, first, last in before
                        if first > high
                    ]
                else:  # nothing moved sideways: the kept groups are as they were, in order
                    found = [kept for kept in before if kept[3] < low or kept[2] > high]
        while seeds:
            if small:  # the flood inline: a call costs about as much as a step of it
                # Its first step: the seed's cell and the four beside it, as one pattern
                # shifted to the seed (a step costs five shifts). The ends that fall off
                # the board land in empty guard and pad bits, or below bit 0.
                group = bits & (around << (seeds & -seeds).bit_length()) >> stride + 1
                while True:
                    grown = bits & (
                        group | group << 1 | group >> 1 | group << stride | group >> stride
                    )
                    if grown == group:
                        break
                    group = grown
            else:
                group = self.flood(bits, seeds & -seeds)
            seeds &= ~group
            if min_group <= 2 or group.bit_count() >= min_group:
                new.append(group)
        if new:
            self._add_entries(new, found)
            found.sort()
        elif after is not None and emptied:  # the groups moved left come out of order
            found.sort()
        return found

    def entry(self, group: int) -> tuple[int, ...]:
        """The listing entry of a non-empty group of one colour: ``row * width + col`` of
        its canonical cell (its top-most, then left-most block) and the group, then on a
        board over ``_LAYER_BITS`` bits its first and last column (see :data:`Listing`).

        >>> layout = Layout(3, 2, (0, 1))
        >>> bits = layout.encode(((0,), (0, 0), (1,)))
        >>> key, _ = layout.entry(layout.flood(bits, 1))
        >>> divmod(key, 3)
        (0, 1)
        """
        return self.entries((group,))[0]

    def entries(self, groups: Iterable[int]) -> Listing:
        """:meth:`entry` of each of *groups*, in one call (a listing makes several).

        >>> layout = Layout(3, 2, (0, 1))
        >>> bits = layout.encode(((0,), (0, 0), (1,)))
        >>> [divmod(key, 3) for key, *_ in layout.entries(layout.groups(bits, 1))]
        [(0, 1), (1, 2)]
        """
        made: Listing = []
        self._add_entries(groups, made)
        return made

    def _add_entries(self, groups: Iterable[int], made: Listing) -> None:
        """:meth:`entries` appended to *made* (a listing appends them to its own)."""
        if not self._tables:
            made += map(self._computed_entry, groups)
            return
        keys, columns, left, planes_at = self._entry_tables
        short = self._layers  # its entries keep no columns
        if not planes_at:  # a short board: the tables cover every plane
            for group in groups:
                last = top = group.bit_length()
                # The canonical cell is the top block of a column of the group, the one of
                # least key: from the last column's, step to the nearest column left whose
                # top is as high or higher, until there is none.
                rest = group & left[top]
                while rest:
                    top = rest.bit_length()
                    rest &= left[top]
                if short:
                    made.append((keys[top], group))
                else:
                    made.append(
                        (keys[top], group, columns[(group & -group).bit_length()], columns[last])
                    )
            return
        for group in groups:  # a long board: each group shifted down to plane 0
            high = group.bit_length()
            offset = planes_at[high]
            local = group >> offset
            high -= offset
            # The same walk, through every column left of the last one.
            key = keys[high]
            rest = local & left[high]
            while rest:
                top = rest.bit_length()
                if keys[top] < key:
                    key = keys[top]
                rest &= left[top]
            if short:
                made.append((key, group))
            else:
                made.append((key, group, columns[(local & -local).bit_length()], columns[high]))

    def _computed_entry(self, group: int) -> tuple[int, ...]:
        """:meth:`entry` without the tables of small layouts."""
        stride = self.stride
        local = group >> ((group.bit_length() - 1) // self.plane_bits * self.plane_bits)
        first = ((local & -local).bit_length() - 1) // stride
        last = (local.bit_length() - 1) // stride
        folded = local >> first * stride
        for shift in self._folds[last - first + 1]:  # its columns or-ed onto the first
            folded |= folded >> shift
        top = (folded & self.column_mask).bit_length()
        row = local & self._in_every_column(1, top - 1)
        col = ((row & -row).bit_length() - 1) // stride
        key = (self.height - top) * self.width + col
        return (key, group) if self._layers else (key, group, first, last)

    def _columns_between(self, first: int, last: int) -> int:
        """Columns *first* to *last* of every plane."""
        if self._tables:
            return self._right[first] & self._left[last + 1]
        return self._right_of(first) & self._left_of(last + 1)

    def change(self, bits: int, group: int, listing: Listing) -> Change:
        """What removing *group* (a group of *bits*) changes, for :meth:`listing` of the
        board after it: *listing* is that of *bits*.

        A group changes only when one of its blocks changed, or when a block of its colour
        came beside it: when it meets neither the bits that changed (in the plane of each
        block) nor their neighbours in the same plane, it is the same. When the move empties
        columns, the columns right of them move left, and every group that meets the
        group's columns or the two beside them is flooded again.

        >>> layout = Layout(3, 2, (0, 1))
        >>> bits = layout.encode(((0, 1), (0, 1), (0,)))
        >>> ones = layout.flood(bits, layout.block_at(bits, (0, 0)))
        >>> change = layout.change(bits, ones, layout.listing(bits))
        >>> change.emptied, layout.cells(change.changed), layout.cells(change.zone & layout.full)
        (0, ((0, 0), (0, 1)), ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1)))
        """
        return Change._make(self.play(bits, group, listing)[1])

    def play(self, bits: int, group: int, listing: Listing) -> tuple[int, ChangeFields]:
        """:meth:`remove` and :meth:`change` of a group of *bits* at once, *listing* being
        that of *bits*: the board after the move, and what the move changed (the fields of
        a :class:`Change`).

        >>> layout = Layout(3, 2, (0, 1))
        >>> bits = layout.encode(((0, 1), (0, 1), (0,)))
        >>> ones = layout.flood(bits, layout.block_at(bits, (0, 0)))
        >>> after, change = layout.play(bits, ones, layout.listing(bits))
        >>> layout.decode(after), change == layout.change(bits, ones, change[0])
        (((0,), (0,), (0,)), True)
        >>> Change._make(change).playable == layout.playable(after)
        True
        """
        stride = self.stride
        if not self._layers:
            after = self.remove(bits, group)
            local = self._fold(group)
            first = ((local & -local).bit_length() - 1) // stride
            last = (local.bit_length() - 1) // stride
            emptied = 0
            if group & self._bottoms:  # only a group that reaches a column's bottom can empty it
                column = self._column.__getitem__ if self._tables else self._column_at
                rest = bits & ~group
                for x in range(first, last + 1):
                    if not rest & column(x):
                        emptied += 1
            return after, self._by_columns(listing, first, last, emptied, self.playable(after))
        after, local, emptied = self._fall(bits, group)
        playable = after & (after << 1 | after >> 1 | after << stride | after >> stride)
        if emptied:
            first = ((local & -local).bit_length() - 1) // stride
            last = (local.bit_length() - 1) // stride
            return after, self._by_columns(listing, first, last, emptied, playable)
        changed = bits ^ after
        # The shifts carry a plane's cells at most into guard and pad bits, which hold no
        # block (or below bit 0).
        zone = changed | changed << 1 | changed >> 1 | changed << stride | changed >> stride
        return after, (listing, 0, 0, 0, zone, changed, zone, playable)

    def _by_columns(
        self, listing: Listing, first: int, last: int, emptied: int, playable: int
    ) -> ChangeFields:
        """The change of a move that floods again every group meeting the removed group's
        columns (*first* to *last*) or the two beside them."""
        low, high = max(first - 1, 0), min(last + 1, self.width - 1)
        zone = self._columns_between(low, high)
        region = self._columns_between(low, high - emptied) if emptied else zone
        return (listing, first, last, emptied, zone, 0, region, playable)

    def _fall(self, bits: int, group: int) -> tuple[int, int, int]:
        """:meth:`remove` on a board of up to ``_LAYER_BITS`` bits, by whole layers: the
        board after, the group's blocks in plane 0 and how many columns emptied."""
        plane_bits, stride, cells, every, product, bottoms, last_plane = self._fall_tables
        offset = (group.bit_length() - 1) // plane_bits * plane_bits
        local = group >> offset
        if local << offset != group:  # blocks of several colours
            local = self._fold(group)
        # Adding a column's full mask to a set of its blocks clears them but the lowest.
        low = local & ~(local + cells)
        above = cells & ~(cells + low)  # each column from the lowest block up
        moved = above * every if product else self._spread(above)  # every plane
        after, rest = bits, local
        while True:  # the lowest block left in each column goes, the blocks above fall one
            # In a moved cell, the block above it (or the empty guard bit at the top).
            after ^= (after ^ after >> 1) & moved
            rest = (rest ^ low) >> 1
            if not rest:
                break
            low = rest & ~(rest + cells)
            above = cells & ~(cells + low)
            moved = above * every if product else self._spread(above)
        emptied = 0
        if group & bottoms:  # only a group that reaches a column's bottom can empty it
            left = after & bottoms  # a column keeps a block when it keeps its bottom one
            # Or-ed into plane 0: a product adds every plane into the last (a cell has one
            # block), shifted down from there.
            left = (left * every) >> last_plane if product else self._fold(left)
            empty = local & bottoms & ~left
            emptied = empty.bit_count()
            while empty:  # close the empty columns, the rightmost first
                bottom = empty.bit_length() - 1
                x = bottom // stride
                if self._tables:
                    after = (after & self._left[x]) | ((after >> stride) & self._right[x])
                else:
                    after = (after & self._left_of(x)) | ((after >> stride) & self._right_of(x))
                empty ^= 1 << bottom
        return after, local, emptied

    def _column_runs(self, column: int) -> tuple[tuple[int, int], ...]:
        """The runs ``(start row, length)`` of set bits of a column, top run first."""
        runs = self._runs.get(column)
        if runs is None:
            found = []
            rest = column
            while rest:
                start = (rest & -rest).bit_length() - 1
                length = ((rest >> start) + 1 & ~(rest >> start)).bit_length() - 1
                found.append((start, length))
                rest &= ~(((1 << length) - 1) << start)
            runs = tuple(reversed(found))
            if self.height <= _CACHED_HEIGHT:  # at most 2 ** height patterns to remember
                self._runs[column] = runs
        return runs

    def remove(self, bits: int, group: int) -> int:
        """The packed board after removing the blocks of *group* (any set of blocks).

        Blocks above removed ones fall down; empty columns are closed up from
        the right. The caller checks that *group* is a legal move. On a board of up
        to ``_LAYER_BITS`` bits the blocks fall by whole layers: each step removes
        the lowest block of the group left in every column at once; larger boards
        move each column's runs.

        >>> layout = Layout(3, 2, (0, 1))
        >>> bits = layout.encode(((0, 1), (1, 0), (1,)))
        >>> layout.decode(layout.remove(bits, layout.block_at(bits, (1, 0))))
        ((1,), (1, 0), (1,))
        """
        if not group:
            return bits
        if self._layers:
            return self._fall(bits, group)[0]
        stride = self.stride
        column_mask = self.column_mask
        above = self._above
        plane_bits = self.plane_bits
        tables = self._tables
        offset = (group.bit_length() - 1) // plane_bits * plane_bits
        local = group >> offset
        if local << offset != group:  # blocks of several colours: fold them into one plane
            local = group
            while local >> plane_bits:
                local = (local >> plane_bits) | (local & ((1 << plane_bits) - 1))
        emptied = []
        x = 0
        while local:
            skip = ((local & -local).bit_length() - 1) // stride
            x += skip
            local >>= skip * stride
            if tables:  # the masks straight from the tables, the hot case
                column, rows_from = self._column[x], self._rows_from
                for start, length in self._column_runs(local & column_mask):
                    bits = (bits & ~(column & rows_from[start])) | (
                        (bits & column & rows_from[start + length]) >> length
                    )
            else:
                column = self._column_at(x)
                for start, length in self._column_runs(local & column_mask):
                    bits = (bits & ~above(x, start)) | ((bits & above(x, start + length)) >> length)
            if not bits & column:
                emptied.append(x)
            local >>= stride
            x += 1
        for x in reversed(emptied):
            if tables:
                bits = (bits & self._left[x]) | ((bits >> stride) & self._right[x])
            else:
                bits = (bits & self._left_of(x)) | ((bits >> stride) & self._right_of(x))
        return bits

    def random_block(self, bits: int, rng: random.Random) -> int:
        """One block of *bits* (a set of blocks) chosen uniformly at random, as its bit.

        >>> layout = Layout(3, 1, (0,))
        >>> layout.random_block(0b10, random.Random(1))
        2
        """
        # Halve the range until one bit is left, counting bits on each side.
        wanted = rng.randrange(bits.bit_count())
        low, width = 0, bits.bit_length()
        while width > 1:
            half = width >> 1
            lower = ((bits >> low) & ((1 << half) - 1)).bit_count()
            if wanted < lower:
                width = half
            else:
                wanted -= lower
                low += half
                width -= half
        return 1 << low

    def any_block(self, bits: int, rng: random.Random) -> int:
        """A block of *bits* picked fast at random: the first at or after a random bit position.

        Cheaper than :meth:`random_block` and not uniform: a block just
        after a gap in the bit layout (the bottom of a column, say) is picked
        more often. Random playouts of the solver use it.

        >>> layout = Layout(3, 1, (0,))
        >>> layout.any_block(0b110, random.Random(1)) in (0b10, 0b100)
        True
        """
        start = rng.randrange(self._top)
        after = bits >> start
        return (after & -after) << start if after else bits & -bits


def _flood_by_shifts(stride: int) -> Callable[[int, int], int]:
    """The bit flood fill of a layout whose columns take *stride* bits: ``flood(bits,
    seed)`` is the group of the blocks of *bits* in *seed*."""

    def flood(bits: int, group: int) -> int:
        group &= bits
        while True:
            grown = bits & (
                group | (group << 1) | (group >> 1) | (group << stride) | (group >> stride)
            )
            if grown == group:
                return group
            group = grown

    return flood


@lru_cache(maxsize=64)
def shared_layout(width: int, height: int, colours: tuple[int, ...]) -> Layout:
    """The :class:`Layout` of boards *width* x *height* of *colours*, made once and shared
    (boards keep theirs; a pickled layout is read back as this one).

    >>> shared_layout(3, 2, (0, 1)) is shared_layout(3, 2, (0, 1))
    True
    """
    return Layout(width, height, colours)
