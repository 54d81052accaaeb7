"""Boards with holes, L-trominoes, and the player's placements.

A board is a ``height x width`` rectangle with some cells removed (*holes*).
An L-tromino covers three cells of a 2x2 block; it is named by the block's
top-left cell and by the block cell it leaves out (its *orientation*,
``0``-``3`` for ``nw``, ``ne``, ``sw``, ``se``). A :class:`Tromino` is the
move, a :class:`Board` the state: ``board.play(tromino)`` places it.

Text form: one line per row, ``#`` for a hole, ``.`` for a free cell and a
letter for each placed tromino (edge-adjacent trominoes get different
letters, so each letter group is one tromino).

>>> board = Board.parse('''
... #.
... ..
... ''')
>>> board.play("0,0 nw").is_solved
True
>>> print(board.play(Tromino.at(0, 0, 0)))
#a
aa
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Literal, TypeAlias

import attrs

from puzzlekit.contract import Moves
from puzzlekit.display import Displayed
from puzzlekit.errors import ArgumentError, IllegalMoveError, ParseError, quoted
from puzzlekit.grid import (
    Cell,
    as_cell,
    check_characters,
    check_int,
    check_on_board,
    parse_cell,
    parse_grid,
    where,
)
from puzzlekit.svg import Svg

if TYPE_CHECKING:
    from puzzlekit.tromino.tiling import Tiling

__all__ = [
    "FREE",
    "HOLE",
    "LABELS",
    "MAX_CELLS",
    "ORIENTATIONS",
    "Board",
    "Orientation",
    "Tromino",
    "TrominoMoves",
]

MAX_CELLS = 1 << 24
"""The largest board, in cells (``height * width``), that :class:`Board`, its text
form and :class:`~puzzlekit.tromino.Tiling` take: larger ones are an
:class:`~puzzlekit.ArgumentError` (or a :class:`~puzzlekit.ParseError` for text)
before anything is allocated."""

Orientation: TypeAlias = Literal[0, 1, 2, 3]
"""Which cell of its 2x2 block a tromino leaves out: 0 ``nw``, 1 ``ne``, 2 ``sw``, 3 ``se``."""

ORIENTATIONS: tuple[str, ...] = ("nw", "ne", "sw", "se")
"""The names of the orientations, indexed by :data:`Orientation` (the left-out cell)."""

HOLE = "#"
"""The character of a hole in the text form."""

FREE = "."
"""The character of a free (uncovered) cell in the text form."""

LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The letters that label trominoes in the text form (a tromino has at most 8 neighbours)."""

_WHAT = "tromino board"

_HOLES = re.compile(re.escape(HOLE))
_LETTERS = re.compile(f"[{LABELS}]")

_ORIENTATION_VALUES: tuple[Orientation, ...] = (0, 1, 2, 3)

# The cells of each orientation relative to the block's top-left cell, in reading order.
BLOCK_CELLS: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(cell for index, cell in enumerate(((0, 0), (0, 1), (1, 0), (1, 1))) if index != o)
    for o in range(4)
)


def _coordinate(name: str, value: object) -> int:
    # A tromino must fit some board: coordinates from 0 to the largest side, so that
    # its text (which has no minus sign) always reads back.
    return check_int(name, value, minimum=0, maximum=MAX_CELLS - 2)


def _l_cells(cells: Iterable[object]) -> tuple[Cell, Cell, Cell]:
    """Check that *cells* are the three cells of an L-tromino; return them sorted."""
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable):
        raise TypeError(f"tromino cells must be an iterable of (row, col) pairs, not {cells!r}")
    found = sorted({as_cell(cell) for cell in cells})
    if len(found) != 3:
        raise ArgumentError(f"an L-tromino has 3 distinct cells, not {len(found)}: {found!r}")
    top = min(row for row, _ in found)
    left = min(col for _, col in found)
    if {(row - top, col - left) for row, col in found} not in _SHAPES:
        raise ArgumentError(f"cells {found!r} are not three cells of one 2x2 block")
    _coordinate("row", top)
    _coordinate("column", left)
    return found[0], found[1], found[2]


_SHAPES = [set(cells) for cells in BLOCK_CELLS]


@attrs.frozen(repr=False)
class Tromino:
    """An L-tromino given by its three cells (any order; stored sorted), the move of
    the tromino puzzle. Its block's top-left cell must have coordinates from 0 to
    ``MAX_CELLS - 2``, so that ``Tromino.parse(str(t)) == t`` for every tromino.

    >>> Tromino([(1, 1), (0, 1), (1, 0)])
    Tromino.parse('0,0 nw')
    >>> Tromino.at(0, 0, 0).cells
    ((0, 1), (1, 0), (1, 1))
    >>> Tromino([(0, 0), (0, 1), (0, 2)])
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: cells [(0, 0), (0, 1), (0, 2)] are not three cells of \
one 2x2 block
    """

    cells: tuple[Cell, Cell, Cell] = attrs.field(converter=_l_cells)
    """The three covered cells, sorted in reading order."""

    @classmethod
    def at(cls, row: int, col: int, orientation: int | str) -> Tromino:
        """The tromino in the 2x2 block with top-left cell (*row*, *col*), leaving out
        the block cell *orientation* (``0``-``3`` or ``'nw'``, ``'ne'``, ``'sw'``, ``'se'``).

        >>> Tromino.at(2, 3, "se").cells
        ((2, 3), (2, 4), (3, 3))
        >>> Tromino.at(-1, -1, 0)
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ArgumentError: row must be from 0 to 16777214, not -1
        """
        row, col = as_cell((row, col))
        _coordinate("row", row)
        _coordinate("column", col)
        missing = _orientation(orientation)
        return cls(tuple((row + dr, col + dc) for dr, dc in BLOCK_CELLS[missing]))

    @classmethod
    def trusted(cls, row: int, col: int, orientation: int) -> Tromino:
        """:meth:`at` without its checks, for a block known to be on a board (the
        millions of trominoes a construction lays): the caller vouches for the
        arguments (coordinates from 0, an orientation from 0 to 3).

        >>> Tromino.trusted(2, 3, 3) == Tromino.at(2, 3, "se")
        True
        """
        tromino = object.__new__(cls)
        (a, b), (c, d), (e, f) = BLOCK_CELLS[orientation]
        _set_cells(tromino, ((row + a, col + b), (row + c, col + d), (row + e, col + f)))
        return tromino

    @classmethod
    def parse(cls, text: str) -> Tromino:
        """Read ``'ROW,COL ORIENTATION'`` as written by ``str``.

        >>> Tromino.parse("3,5 ne")
        Tromino.parse('3,5 ne')
        >>> Tromino.parse("3,5")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: tromino '3,5' is not of the form 'ROW,COL nw|ne|sw|se'
        """
        if not isinstance(text, str):
            raise TypeError(f"tromino text must be a str, not {type(text).__name__}")
        parts = text.split(maxsplit=2)
        if len(parts) != 2 or parts[1].lower() not in ORIENTATIONS:
            raise ParseError(f"tromino {quoted(text)} is not of the form 'ROW,COL nw|ne|sw|se'")
        try:
            row, col = parse_cell(parts[0])
            return cls.at(row, col, parts[1].lower())
        except (ParseError, ArgumentError) as error:
            raise ParseError(f"tromino {quoted(text)}: {error}") from None

    @property
    def row(self) -> int:
        """The top row of the tromino's 2x2 block.

        >>> Tromino.parse("3,5 ne").row
        3
        """
        return self.cells[0][0]

    @property
    def col(self) -> int:
        """The left column of the tromino's 2x2 block.

        >>> Tromino.parse("3,5 ne").col
        5
        """
        (_, first), (_, second), _ = self.cells
        return second if second < first else first  # the third cell is never further left

    @property
    def orientation(self) -> Orientation:
        """The block cell left out: 0 ``nw``, 1 ``ne``, 2 ``sw``, 3 ``se``.

        >>> [Tromino.at(0, 0, name).orientation for name in ORIENTATIONS]
        [0, 1, 2, 3]
        """
        # Cells in reading order: one cell on the top row leaves out nw or ne, two leave
        # out sw or se; the cell under the top-left one tells which.
        (top, first), (row, second), (_, third) = self.cells
        if row != top:
            return 0 if second < first else 1
        return 3 if third == first else 2

    def __str__(self) -> str:
        return f"{self.row},{self.col} {ORIENTATIONS[self.orientation]}"

    def __repr__(self) -> str:
        return f"Tromino.parse({str(self)!r})"


_set_cells = Tromino.__dict__["cells"].__set__  # the slot itself, past the frozen check


@lru_cache(maxsize=1 << 16)
def _placed(row: int, col: int, orientation: Orientation) -> Tromino:
    """:meth:`Tromino.at` for a block known to be on a board, without its checks (kept:
    a listing of moves asks for the same trominoes again and again)."""
    return Tromino.trusted(row, col, orientation)


_TABLE_CELLS = 1 << 12  # boards of up to this many bits list their moves from tables


@lru_cache(maxsize=16)
def _move_table(height: int, width: int) -> tuple[int, list[int], list[Tromino]]:
    """For a board's four anchor masks side by side (each *span* bits): each bit's place in
    the order of the moves (block by block in reading order, then orientation) and, by
    that place, its tromino."""
    stride = width + 1
    span = height * stride
    order = [(bit % span) * 4 + bit // span for bit in range(4 * span)]
    trominoes = [
        _placed(*divmod(place >> 2, stride), _ORIENTATION_VALUES[place & 3])
        if (place >> 2) % stride < width - 1 and (place >> 2) // stride < height - 1
        else Tromino.at(0, 0, 0)  # a bit that no anchor mask sets
        for place in range(4 * span)
    ]
    return span, order, trominoes


def _orientation(value: int | str) -> Orientation:
    if isinstance(value, str):
        if value.lower() in ORIENTATIONS:
            return _ORIENTATION_VALUES[ORIENTATIONS.index(value.lower())]
        raise ArgumentError(f"orientation {quoted(value)} is not one of {ORIENTATIONS}")
    if type(value) is not int:
        raise TypeError(f"orientation must be an int 0-3 or a name, not {type(value).__name__}")
    if not 0 <= value <= 3:
        shown = value if abs(value) < 10**9 else "a huge int"
        raise ArgumentError(f"orientation must be 0-3, not {shown}")
    return _ORIENTATION_VALUES[value]


def _holes(holes: Iterable[object]) -> frozenset[Cell]:
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Iterable):
        raise TypeError(f"holes must be an iterable of (row, col) pairs, not {holes!r}")
    return frozenset(as_cell(hole) for hole in holes)


def _trominoes(trominoes: Iterable[object]) -> frozenset[Tromino]:
    if isinstance(trominoes, (str, bytes)) or not isinstance(trominoes, Iterable):
        raise TypeError(f"trominoes must be an iterable of Tromino, not {trominoes!r}")
    if type(trominoes) is frozenset and set(map(type, trominoes)) <= {Tromino}:
        return trominoes  # play()'s case, checked in C: a Python loop made a long game slow
    found = []
    for tromino in trominoes:
        if not isinstance(tromino, Tromino):
            raise TypeError(f"not a Tromino: {tromino!r}")
        found.append(tromino)
    return frozenset(found)


def check_size(height: object, width: object) -> tuple[int, int]:
    """Check a board size against :data:`MAX_CELLS` before anything is allocated.

    >>> check_size(3, 4)
    (3, 4)
    >>> check_size(2**64, 2**64)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: height must be from 1 to 16777216, not \
(an int of 65 bits)
    """
    height = check_int("height", height, minimum=1, maximum=MAX_CELLS)
    width = check_int("width", width, minimum=1, maximum=MAX_CELLS)
    if height * width > MAX_CELLS:
        raise ArgumentError(
            f"a {width}x{height} board has {height * width:,} cells, over MAX_CELLS="
            f"{MAX_CELLS:,}"
        )
    return height, width



def check_blocked(height: int, width: int, blocked: Iterable[object]) -> list[Cell]:
    """Check that every blocked cell is a ``(row, col)`` pair on a *height* x *width*
    board, and return them as tuples; the low-level planners call it first.

    >>> check_blocked(2, 3, [[1, 2]])
    [(1, 2)]
    >>> check_blocked(2, 3, [(2, 0)])
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: blocked cell at row 2, column 0 is off the 3x2 board
    """
    cells = [as_cell(cell) for cell in blocked]
    for row, col in cells:
        if not (0 <= row < height and 0 <= col < width):
            raise ArgumentError(f"blocked cell at {where(row, col)} is off the "
                                f"{width}x{height} board")
    return cells

# -- bitboards: cell (row, col) is bit row * (width + 1) + col ------------------------------
# The extra column is always 0, so a shifted mask never wraps from one row to the next.


def full_mask(height: int, width: int) -> int:
    """Every cell of a ``height x width`` board as a bitboard (stride ``width + 1``).

    >>> bin(full_mask(2, 2))
    '0b11011'
    """
    stride = width + 1
    # Binary doubling: a block of 1, 2, 4, ... rows, added where the height has a 1 bit;
    # each step is linear in the bits made so far, so a million rows take milliseconds.
    block, block_rows = (1 << width) - 1, 1
    mask = rows = 0
    remaining = height
    while remaining:
        if remaining & 1:
            mask |= block << (rows * stride)
            rows += block_rows
        remaining >>= 1
        if remaining:
            block |= block << (block_rows * stride)
            block_rows *= 2
    return mask


def cells_mask(cells: Iterable[Cell], height: int, width: int) -> int:
    """The bitboard of *cells* (all on the board), built in linear time.

    >>> bin(cells_mask([(0, 0), (1, 1)], 2, 2))
    '0b10001'
    """
    stride = width + 1
    bits = bytearray((height * stride + 7) // 8)
    for row, col in cells:
        index = row * stride + col
        bits[index >> 3] |= 1 << (index & 7)
    return int.from_bytes(bits, "little")


def bit_indices(mask: int) -> Iterator[int]:
    """The indices of the set bits of *mask*, lowest first, in linear time.

    >>> list(bit_indices(0b10110))
    [1, 2, 4]
    """
    text = bin(mask)[:1:-1]
    index = text.find("1")
    while index >= 0:
        yield index
        index = text.find("1", index + 1)


def anchor_masks(free: int, width: int) -> tuple[int, int, int, int]:
    """For each orientation, the bitboard of block corners where that tromino fits in
    *free* (the free cells of a board *width* wide).

    >>> anchor_masks(full_mask(2, 2) & ~1, 2)  # (0, 0) taken: only the nw tromino fits
    (1, 0, 0, 0)
    """
    stride = width + 1
    right, down, diagonal = free >> 1, free >> stride, free >> (stride + 1)
    lower = down & diagonal
    return (right & lower, free & lower, free & right & diagonal, free & right & down)


def tromino_mask(row: int, col: int, orientation: int, width: int) -> int:
    """The bitboard of a tromino's three cells.

    >>> bin(tromino_mask(0, 0, 0, 2))
    '0b11010'
    """
    stride = width + 1
    return sum(1 << ((row + dr) * stride + col + dc) for dr, dc in BLOCK_CELLS[orientation])


# -- the text form, shared with Tiling ---------------------------------------------------


def neighbour_pairs(owner: list[int], width: int) -> set[tuple[int, int]]:
    """The pairs ``(a, b)``, ``a < b``, of pieces sharing an edge, from *owner* (each
    cell's piece in reading order, ``-1`` for none) of a board *width* wide.

    >>> sorted(neighbour_pairs([0, 0, 1, 0, 1, 1], 3))
    [(0, 1)]
    """
    pairs: set[tuple[int, int]] = set()
    for start in range(0, len(owner), width):
        pairs.update(pairwise(owner[start : start + width]))
    pairs.update(zip(owner, owner[width:], strict=False))
    return {(a, b) if a < b else (b, a) for a, b in pairs if a != b and a >= 0 and b >= 0}


def label_rows(height: int, width: int, holes: Iterable[Cell], owner: list[int]) -> str:
    """Write a board as text from *owner* (each cell's tromino index in reading order,
    ``-1`` for none); edge-adjacent trominoes get different letters.

    Letters go greedily in reading order of each tromino's first cell, so the
    text depends only on the set of trominoes, not on their indices.

    >>> print(label_rows(2, 3, [(0, 0)], [-1, 1, 0, 1, 1, 0]))
    #ab
    aab
    """
    count = max(owner, default=-1) + 1
    near: list[list[int]] = [[] for _ in range(count)]
    for a, b in neighbour_pairs(owner, width):
        near[a].append(b)
        near[b].append(a)
    label = [""] * count + [FREE]  # owner -1 reads the last entry
    for index in dict.fromkeys(piece for piece in owner if piece >= 0):
        used = {label[other] for other in near[index]}
        label[index] = next(char for char in LABELS if char not in used)
    chars = [label[piece] for piece in owner]
    for row, col in holes:
        chars[row * width + col] = HOLE
    return "\n".join("".join(chars[row * width : (row + 1) * width]) for row in range(height))


def read_rows(
    text: str, *, what: str = _WHAT
) -> tuple[int, int, frozenset[Cell], list[Tromino]]:
    """Read the text form: ``(height, width, holes, trominoes)``, trominoes in reading
    order. Linear in the length of *text*.

    >>> read_rows("#a\\naa")
    (2, 2, frozenset({(0, 0)}), [Tromino.parse('0,0 nw')])
    >>> read_rows("aa\\naa")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: tromino board row 0 'aa': the letter 'a' at row 0, column 0 \
marks 4 or more joined cells, not the 3 of one L-tromino (adjacent trominoes need different \
letters)
    """
    grid = parse_grid(text, what=what)
    height, width = len(grid), len(grid[0])
    if height * width > MAX_CELLS:
        raise ParseError(
            f"{what} text has {width}x{height} cells, over MAX_CELLS={MAX_CELLS:,}"
        )
    check_characters(grid, HOLE + FREE + LABELS, what=what)
    # Regular expressions find the holes and letters, so that the free cells of a
    # large board cost no Python-level step.
    holes = frozenset(
        (row, match.start()) for row, line in enumerate(grid) for match in _HOLES.finditer(line)
    )
    seen = bytearray(height * width)
    found: list[Tromino] = []
    for row, line in enumerate(grid):
        for match in _LETTERS.finditer(line):
            col, letter = match.start(), match.group()
            if seen[row * width + col]:
                continue
            seen[row * width + col] = True
            group = [(row, col)]
            stack = [(row, col)]
            while stack and len(group) <= 3:
                r, c = stack.pop()
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if (
                        0 <= nr < height
                        and 0 <= nc < width
                        and not seen[nr * width + nc]
                        and grid[nr][nc] == letter
                    ):
                        seen[nr * width + nc] = True
                        group.append((nr, nc))
                        stack.append((nr, nc))
            try:
                found.append(Tromino(group))
            except ArgumentError:
                size = f"{len(group)}" if len(group) <= 3 else "4 or more"
                raise ParseError(
                    f"{what} row {row} {quoted(grid[row])}: the letter {letter!r} at "
                    f"{where(row, col)} marks {size} joined cells, not the 3 of one "
                    "L-tromino (adjacent trominoes need different letters)"
                ) from None
    return height, width, holes, found


def check_tromino_fits(
    height: int,
    width: int,
    holes: frozenset[Cell],
    covered: Mapping[Cell, object],
    tromino: Tromino,
) -> None:
    """Raise :class:`~puzzlekit.IllegalMoveError` naming the first cell of *tromino*
    that is off the board, a hole or already in *covered*.

    >>> check_tromino_fits(2, 2, frozenset({(0, 0)}), {}, Tromino.at(0, 0, "se"))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.IllegalMoveError: tromino 0,0 se: row 0, column 0 is a hole
    """
    for cell in tromino.cells:
        try:
            check_on_board(cell, height, width)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"tromino {tromino}: {error}") from None
        if cell in holes:
            raise IllegalMoveError(f"tromino {tromino}: {where(*cell)} is a hole")
        if cell in covered:
            raise IllegalMoveError(
                f"tromino {tromino}: {where(*cell)} is already covered by {covered[cell]}"
            )


class TrominoMoves(Moves[Tromino]):
    """The legal moves of a :class:`Board`: a view whose length and truth come straight
    from the bitboards, without listing the moves.

    >>> moves = Board.square(2, (0, 0)).legal_moves()
    >>> len(moves), bool(moves), "0,0 nw" in moves, list(moves)
    (1, True, True, [Tromino.parse('0,0 nw')])
    """

    __slots__ = ("_anchors",)

    def __init__(self, board: Board) -> None:
        super().__init__(board._generate_moves, board._accepts)
        self._anchors = anchor_masks(board._free, board.width)

    def __len__(self) -> int:
        return sum(mask.bit_count() for mask in self._anchors)

    def __bool__(self) -> bool:
        return any(self._anchors)


@attrs.frozen(repr=False)
class Board(Displayed):
    """A ``height x width`` board with *holes* and the trominoes placed on it so far:
    the state of the tromino puzzle. At most :data:`MAX_CELLS` cells.

    >>> board = Board(2, 2, holes=[(1, 1)])
    >>> board.free_cells
    ((0, 0), (0, 1), (1, 0))
    >>> board.play(Tromino.at(0, 0, "se"))
    Board.parse('aa\\na#')
    >>> Board(0, 3)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: height must be from 1 to 16777216, not 0
    """

    height: int = attrs.field()
    """Number of rows (at least 1)."""
    width: int = attrs.field()
    """Number of columns (at least 1)."""
    holes: frozenset[Cell] = attrs.field(default=frozenset(), converter=_holes)
    """The removed cells, which no tromino may cover."""
    trominoes: frozenset[Tromino] = attrs.field(default=frozenset(), converter=_trominoes)
    """The trominoes placed so far."""
    _free: int = attrs.field(default=-1, kw_only=True, alias="_free", eq=False, repr=False)
    # The bitboard of free cells; -1 (the public default) computes and checks it.
    # play() passes the next board's mask, having checked the one new tromino.

    def __attrs_post_init__(self) -> None:
        if self._free >= 0:
            return
        height, width = check_size(self.height, self.width)
        for hole in sorted(self.holes):
            if not (0 <= hole[0] < height and 0 <= hole[1] < width):
                raise ArgumentError(f"hole {hole} is off the {width}x{height} board")
        covered: dict[Cell, Tromino] = {}
        for tromino in sorted(self.trominoes, key=lambda t: t.cells):
            check_tromino_fits(height, width, self.holes, covered, tromino)
            for cell in tromino.cells:
                covered[cell] = tromino
        taken = cells_mask([*self.holes, *covered], height, width)
        object.__setattr__(self, "_free", full_mask(height, width) & ~taken)

    @classmethod
    def square(cls, n: int, hole: Cell) -> Board:
        """The ``n x n`` board with one *hole*, the classic deficient board.

        >>> Board.square(4, (1, 2))
        Board.parse('....\\n..#.\\n....\\n....')
        """
        return cls(n, n, holes=[hole])

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read the text form (``#`` hole, ``.`` free, letters placed trominoes).

        >>> Board.parse("#a\\naa").is_solved
        True
        >>> Board.parse("#a\\na")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: tromino board row 1 'a' has 1 cells, expected 2 like row 0
        """
        height, width, holes, found = read_rows(text)
        try:
            return cls(height, width, holes, found)
        except IllegalMoveError as error:  # letter groups cannot overlap: kept for safety
            raise ParseError(f"{_WHAT} text: {error}") from None

    @property
    def area(self) -> int:
        """The number of cells that must be covered (cells minus holes).

        >>> Board.square(4, (0, 0)).area
        15
        """
        return self.height * self.width - len(self.holes)

    @property
    def free_cells(self) -> tuple[Cell, ...]:
        """The cells neither holes nor covered, in reading order.

        >>> Board.parse("#a\\naa").free_cells
        ()
        """
        stride = self.width + 1
        return tuple(divmod(index, stride) for index in bit_indices(self._free))

    @property
    def is_solved(self) -> bool:
        """Whether every cell that is not a hole is covered.

        >>> Board.square(2, (0, 0)).is_solved
        False
        """
        return self._free == 0

    @property
    def free_bits(self) -> int:
        """The free cells as a bitboard: cell ``(row, col)`` is bit ``row * (width + 1) + col``
        (``anchor_masks`` in :mod:`puzzlekit.tromino.board` gives the trominoes that fit them).

        >>> bin(Board.parse("#.\\n..").free_bits)
        '0b11010'
        """
        return self._free

    @property
    def is_over(self) -> bool:
        """Whether no tromino can be placed any more (solved, or stuck).

        >>> Board.square(2, (0, 0)).is_over, Board(2, 3).play("0,0 nw").is_over
        (False, True)
        """
        return not any(anchor_masks(self._free, self.width))

    def owner(self, cell: Cell) -> Tromino | None:
        """The tromino covering *cell*, or ``None`` when it is free or a hole.

        >>> Board.parse("#a\\naa").owner((1, 1))
        Tromino.parse('0,0 nw')
        """
        row, col = check_on_board(cell, self.height, self.width)
        if (row, col) in self.holes or self._free >> (row * (self.width + 1) + col) & 1:
            return None
        for dr, dc in ((0, 0), (0, 1), (1, 0), (1, 1)):
            if row - dr < 0 or col - dc < 0 or row - dr + 1 >= self.height:
                continue
            if col - dc + 1 >= self.width:
                continue
            for orientation in _ORIENTATION_VALUES:
                candidate = Tromino.at(row - dr, col - dc, orientation)
                if (row, col) in candidate.cells and candidate in self.trominoes:
                    return candidate
        raise AssertionError("a covered cell has its tromino")  # pragma: no cover

    def _as_tromino(self, move: object) -> Tromino:
        if isinstance(move, Tromino):
            return move
        if isinstance(move, str):
            return Tromino.parse(move)
        raise TypeError(f"a move is a Tromino or its text, not {type(move).__name__}")

    def _mask(self, tromino: Tromino) -> int | None:
        """The bitboard of *tromino* when it fits on the board, else ``None``."""
        (r1, c1), (r2, c2), (r3, c3) = tromino.cells  # in reading order: r3 is the lowest
        width = self.width
        if r3 >= self.height or max(c1, c2, c3) >= width:
            return None
        stride = width + 1
        return 1 << (r1 * stride + c1) | 1 << (r2 * stride + c2) | 1 << (r3 * stride + c3)

    def can_place(self, tromino: Tromino | str) -> bool:
        """Whether :meth:`play` would accept *tromino* (or its text).

        >>> Board.square(2, (0, 0)).can_place(Tromino.at(0, 0, "se"))
        False
        """
        mask = self._mask(self._as_tromino(tromino))
        return mask is not None and mask & self._free == mask

    def _accepts(self, move: object) -> bool:
        try:
            return self.can_place(move)  # type: ignore[arg-type]
        except (TypeError, ParseError):
            return False

    def play(self, move: Tromino | str) -> Board:
        """The board with the tromino *move* (a :class:`Tromino` or its text) placed;
        :class:`~puzzlekit.IllegalMoveError` names the cell that is off the board, a
        hole or already covered.

        >>> board = Board.square(2, (0, 0)).play("0,0 nw")
        >>> board.play(Tromino.at(0, 0, "nw"))
        Traceback (most recent call last):
        ...
        puzzlekit.errors.IllegalMoveError: tromino 0,0 nw: row 0, column 1 is already \
covered by 0,0 nw
        """
        tromino = move if type(move) is Tromino else self._as_tromino(move)
        mask = self._mask(tromino)
        if mask is None or mask & self._free != mask:
            covered = {cell: owner for cell in tromino.cells
                       if self._on_board(cell) and (owner := self.owner(cell)) is not None}
            check_tromino_fits(self.height, self.width, self.holes, covered, tromino)
            raise AssertionError("a tromino that does not fit has a reason")  # pragma: no cover
        # The one new tromino is checked: the rest of the board is built unchecked.
        after = object.__new__(Board)
        setattr_ = object.__setattr__
        setattr_(after, "height", self.height)
        setattr_(after, "width", self.width)
        setattr_(after, "holes", self.holes)
        setattr_(after, "trominoes", self.trominoes | {tromino})
        setattr_(after, "_free", self._free & ~mask)
        return after

    def _on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.height and 0 <= cell[1] < self.width

    place = play
    """The same as :meth:`play` (the name of puzzlekit 0.1)."""

    def _generate_moves(self) -> Iterator[Tromino]:
        nw, ne, sw, se = anchor_masks(self._free, self.width)
        if self.height * (self.width + 1) <= _TABLE_CELLS:
            # The four masks side by side in one int, its set bits found by one string
            # search each; a table gives each bit's tromino and its place in the order.
            span, order, trominoes = _move_table(self.height, self.width)
            text = bin(nw | ne << span | sw << 2 * span | se << 3 * span)[:1:-1]
            codes = []
            found = text.find("1")
            while found >= 0:
                codes.append(order[found])
                found = text.find("1", found + 1)
            codes.sort()
            return iter(list(map(trominoes.__getitem__, codes)))
        stride = self.width + 1
        moves = []
        for index in bit_indices(nw | ne | sw | se):
            row, col = divmod(index, stride)
            if nw >> index & 1:
                moves.append(_placed(row, col, 0))
            if ne >> index & 1:
                moves.append(_placed(row, col, 1))
            if sw >> index & 1:
                moves.append(_placed(row, col, 2))
            if se >> index & 1:
                moves.append(_placed(row, col, 3))
        return iter(moves)

    def legal_moves(self) -> TrominoMoves:
        """Every tromino that may be placed now, block by block in reading order, as a
        view (``len``, ``in`` and truth without listing them).

        >>> list(Board.square(2, (0, 0)).legal_moves())
        [Tromino.parse('0,0 nw')]
        """
        return TrominoMoves(self)

    def hint(
        self, *, node_limit: int | None = None, time_limit: float | None = None
    ) -> Tromino | None:
        """A tromino to place next that keeps the board solvable; see
        :func:`puzzlekit.tromino.hint`.

        >>> Board.square(4, (0, 0)).hint()
        Tromino.parse('1,1 nw')
        """
        from puzzlekit.tromino.construct import hint

        return hint(self, node_limit=node_limit, time_limit=time_limit)

    def cleared(self) -> Board:
        """The same board with no trominoes placed.

        >>> Board.parse("#a\\naa").cleared()
        Board.parse('#.\\n..')
        """
        return Board(self.height, self.width, self.holes)

    def to_tiling(self) -> Tiling:
        """The placed trominoes as a :class:`~puzzlekit.tromino.Tiling` of the cleared board.

        >>> Board.parse("#a\\naa").to_tiling().is_valid()
        True
        """
        from puzzlekit.tromino.tiling import Tiling

        return Tiling.of(self.cleared(), sorted(self.trominoes, key=lambda t: t.cells))

    def to_svg(self, *, cell_size: int = 24) -> Svg:
        """An SVG picture: holes dark, placed trominoes coloured (4 colours).

        >>> Board.parse("#a\\naa").to_svg().startswith("<svg")
        True
        """
        from puzzlekit.tromino.render import board_svg

        return board_svg(self, cell_size=cell_size)


    def __str__(self) -> str:
        owner = [-1] * (self.height * self.width)
        for index, tromino in enumerate(sorted(self.trominoes, key=lambda t: t.cells)):
            for row, col in tromino.cells:
                owner[row * self.width + col] = index
        return label_rows(self.height, self.width, self.holes, owner)

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"
