"""IQ-Twist as an exact-cover problem on bitsets: the tables the solver and the grader share.

Every cell still to cover and every piece still to place is an *item*
(bit ``col * 4 + row`` for a cell, ``32 + i`` for piece ``i``). The
candidates are the *footprints*: a piece on a set of cells, whatever the
orientation that puts it there (632 on the empty board). Per footprint the
tables hold its items as an int (:data:`FOOTPRINT_ITEMS`), and per item the
set of footprints covering it as a bitset (an int with bit ``j`` for
footprint ``j``), so that

* the footprints still open at a node are one int, and choosing footprint
  ``j`` keeps only those sharing no item with it in one ``&``
  (:data:`COMPATIBLE`);
* the number of open footprints covering a cell is one ``bit_count()``
  (:func:`fewest_covering`).

A start (:func:`cover_problem`) removes the footprints that overlap its
pieces, that use its pieces, or that cover a peg with no orientation
putting a hole of the peg's colour there; a footprint's placement is its
lowest such orientation, which is the canonical rule.

>>> from puzzlekit.twist import State
>>> problem = cover_problem(State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7i6B0"))
>>> [str(problem.placement(footprint)) for footprint in bit_numbers(problem.open)]
['h6D0']
>>> problem.items == FOOTPRINT_ITEMS[next(bit_numbers(problem.open))]
True
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property

import attrs

from puzzlekit.twist.board import Placement, State
from puzzlekit.twist.pieces import COLOUR, HEIGHT, ON_BOARD, PIECES, WIDTH

__all__ = [
    "CELL_ITEMS",
    "COMPATIBLE",
    "FOOTPRINT_ITEMS",
    "FOOTPRINT_OPTIONS",
    "CoverProblem",
    "Option",
    "bit_numbers",
    "cover_problem",
    "fewest_covering",
    "piece_items",
]

_CELLS = WIDTH * HEIGHT
_ITEMS = _CELLS + len(PIECES)

CELL_ITEMS = (1 << _CELLS) - 1
"""The items that are cells (the pieces' items lie above them)."""

Option = tuple[int, int, int, int]
"""One orientation putting a piece on a footprint: ``(orientation, hole mask, col, row)``."""


def _cell_item(row: int, col: int) -> int:
    """The item number of a cell: column by column, so the lowest open one is leftmost."""
    return col * HEIGHT + row


def _bit(row: int, col: int) -> int:
    return 1 << _cell_item(row, col)


def _footprints() -> tuple[list[int], list[tuple[str, tuple[Option, ...]]]]:
    """Every footprint's items, and its piece and orientations (lowest first)."""
    items: list[int] = []
    options: list[tuple[str, tuple[Option, ...]]] = []
    for index, letter in enumerate(PIECES):
        by_mask: dict[int, list[Option]] = {}
        for orientation, row, col, cells, holes in ON_BOARD[letter]:
            mask = sum(_bit(r, c) for r, c in cells)
            hole_mask = sum(_bit(r, c) for r, c in holes)
            by_mask.setdefault(mask, []).append((orientation, hole_mask, col, row))
        for mask, found in by_mask.items():
            items.append(mask | 1 << (_CELLS + index))
            options.append((letter, tuple(found)))
    return items, options


def bit_numbers(value: int) -> Iterator[int]:
    """The numbers of the bits set in *value* (a non-negative int), lowest first.

    >>> list(bit_numbers(0b10110))
    [1, 2, 4]
    """
    while value:
        low = value & -value
        yield low.bit_length() - 1
        value ^= low


def piece_items(piece: Placement) -> int:
    """The items a placed piece takes: its cells' bits and its piece's bit (the items of its
    footprint, one of :data:`FOOTPRINT_ITEMS`, when it lies on the board).

    >>> piece_items(Placement.parse("a1A0")) in FOOTPRINT_ITEMS
    True
    """
    items = 1 << (_CELLS + PIECES.index(piece.piece))
    for row, col in piece.cells:
        items |= _bit(row, col)
    return items


def _tables() -> tuple[list[int], list[int], dict[tuple[int, str], int]]:
    """Per item the footprints covering it; per footprint those sharing no item with it;
    per (cell, colour) the footprints of that colour with a hole there in some
    orientation, which may cover a peg of that colour on that cell."""
    covering = [0] * _ITEMS
    for footprint, mask in enumerate(FOOTPRINT_ITEMS):
        for item in bit_numbers(mask):
            covering[item] |= 1 << footprint
    every = (1 << len(FOOTPRINT_ITEMS)) - 1
    compatible = [every] * len(FOOTPRINT_ITEMS)
    for footprint, mask in enumerate(FOOTPRINT_ITEMS):
        for item in bit_numbers(mask):
            # Kept positive: ``&`` with a negative int (``& ~clashing``) is slower.
            compatible[footprint] &= every ^ covering[item]
    holding: dict[tuple[int, str], int] = {}
    for footprint, (letter, options) in enumerate(FOOTPRINT_OPTIONS):
        for option in options:
            for item in bit_numbers(option[1]):
                key = (item, COLOUR[letter])
                holding[key] = holding.get(key, 0) | 1 << footprint
    return covering, compatible, holding


FOOTPRINT_ITEMS, FOOTPRINT_OPTIONS = _footprints()
"""``FOOTPRINT_ITEMS``: per footprint, its items (its cells' bits and its piece's bit) as an
int. ``FOOTPRINT_OPTIONS``: per footprint, its piece and every orientation (an
:data:`Option`) putting the piece on those cells, lowest first."""
_COVERING, COMPATIBLE, _HOLDING = _tables()
"""``COMPATIBLE``: per footprint, the footprints sharing no item with it, as a bitset."""
_COVERING_BIT = {1 << item: footprints for item, footprints in enumerate(_COVERING)}
"""``_COVERING`` keyed by the item's bit, for the inner loop."""
_ALL_FOOTPRINTS = (1 << len(FOOTPRINT_ITEMS)) - 1


@attrs.frozen
class CoverProblem:
    """One start as an exact-cover problem: open footprints, items to cover, the pegs.

    Built by :func:`cover_problem`.

    >>> problem = cover_problem(State())
    >>> problem.open.bit_count(), problem.items.bit_count()   # footprints; cells and pieces
    (632, 40)
    """

    open: int
    """The footprints that may still be placed (bit ``j`` for footprint ``j``)."""
    items: int
    """The cells and pieces left to cover."""
    start: State
    """The start, its pieces in canonical orientations."""
    pegs: int
    """The cells of all pegs."""
    colour_pegs: dict[str, int]
    """Per colour, the cells of its pegs."""

    def orientation(self, footprint: int) -> Option | None:
        """The lowest orientation putting *footprint* on the board legally with the pegs.

        >>> cover_problem(State()).orientation(138)[0]   # piece b on 5B 6B 6C 7C
        0
        >>> cover_problem(State.parse("i6B0")).orientation(138)[0]   # a hole over the peg
        2
        """
        letter, options = FOOTPRINT_OPTIONS[footprint]
        under = FOOTPRINT_ITEMS[footprint] & self.pegs
        mine = self.colour_pegs.get(COLOUR[letter], 0)
        # Every peg under the piece must sit in a hole, and be of the piece's colour.
        return next((option for option in options if not under & ~(option[1] & mine)), None)

    @cached_property
    def _placements(self) -> dict[int, Placement]:
        return {}

    def placement(self, footprint: int) -> Placement:
        """The canonical placement of an open footprint (built once per problem).

        >>> problem = cover_problem(State())
        >>> problem.placement(0)
        Placement.parse('a1A0')
        """
        found = self._placements.get(footprint)
        if found is None:
            option = self.orientation(footprint)
            assert option is not None, "open footprints have a legal orientation"
            orientation, _, col, row = option
            found = Placement(FOOTPRINT_OPTIONS[footprint][0], col, row, orientation)
            self._placements[footprint] = found
        return found


def cover_problem(state: State) -> CoverProblem | None:
    """The exact-cover form of *state*, or ``None`` when the state breaks a rule.

    >>> cover_problem(State.parse("f3C4i6B0")).items.bit_count()   # 28 cells, 7 pieces
    35
    >>> cover_problem(State.parse("a7A7b7A0")) is None
    True
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a State, not {type(state).__name__}")
    if not state.is_valid():
        return None
    items = (1 << _ITEMS) - 1
    for piece in state.pieces:
        items &= ~piece_items(piece)
    open_ = _ALL_FOOTPRINTS
    for item in bit_numbers(~items & ((1 << _ITEMS) - 1)):
        open_ &= ~_COVERING[item]
    all_pegs = once = twice = 0
    colour_pegs: dict[str, int] = {}
    for peg in state.pegs:
        item = _cell_item(peg.row, peg.col)
        all_pegs |= 1 << item
        colour_pegs[peg.colour] = colour_pegs.get(peg.colour, 0) | 1 << item
        # Only footprints of the peg's colour with a hole on it may cover it.
        open_ &= ~_COVERING[item] | _HOLDING.get((item, peg.colour), 0)
        twice |= once & _COVERING[item]
        once |= _COVERING[item]
    problem = CoverProblem(open_, items, state.canonical(), all_pegs, colour_pegs)
    # A footprint over two pegs needs one orientation with holes under both.
    for footprint in bit_numbers(open_ & twice):
        if problem.orientation(footprint) is None:
            open_ &= ~(1 << footprint)
    return attrs.evolve(problem, open=open_)


def fewest_covering(open_: int, items: int, good_enough: int) -> int:
    """The open footprints covering the item of *items* (a cell or a piece) that fewest
    of them cover, scanning items lowest bit first and taking at once one with at most
    *good_enough* (0: some item has none, a dead end).

    >>> problem = cover_problem(State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7i6B0"))
    >>> fewest_covering(problem.open, problem.items, 1) == problem.open   # h's one place
    True
    """
    best = 0
    fewest = len(FOOTPRINT_ITEMS) + 1
    while items:
        low = items & -items
        items ^= low
        covering = open_ & _COVERING_BIT[low]
        count = covering.bit_count()
        if count < fewest:
            if count <= good_enough:
                return covering
            best, fewest = covering, count
    return best
