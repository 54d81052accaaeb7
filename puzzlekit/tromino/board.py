"""Boards with holes, L-trominoes, and the player's placements.

A board is a ``rows x cols`` rectangle with some cells removed (*holes*). An
L-tromino covers three cells of a 2x2 block; it is named by the block's
top-left cell and by the block cell it leaves out (its *orientation*,
``0``-``3`` for ``nw``, ``ne``, ``sw``, ``se``).

Text form: one line per row, ``#`` for a hole, ``.`` for a free cell and a
letter for each placed tromino (edge-adjacent trominoes get different
letters, so each letter group is one tromino).

>>> board = Board.parse('''
... #.
... ..
... ''')
>>> board.place(Tromino.at(0, 0, 0)).is_solved
True
>>> print(board.place(Tromino.at(0, 0, 0)))
#a
aa
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Literal, TypeAlias

import attrs

from puzzlekit.errors import IllegalMoveError, ParseError, quoted
from puzzlekit.grid import Cell, as_cell, check_characters, check_int, parse_cell, parse_grid, where

__all__ = [
    "FREE",
    "HOLE",
    "LABELS",
    "ORIENTATIONS",
    "Board",
    "Orientation",
    "Tromino",
]

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


def _l_cells(cells: Iterable[object]) -> tuple[Cell, Cell, Cell]:
    """Check that *cells* are the three cells of an L-tromino; return them sorted."""
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Iterable):
        raise TypeError(f"tromino cells must be an iterable of (row, col) pairs, not {cells!r}")
    found = sorted({as_cell(cell) for cell in cells})
    if len(found) != 3:
        raise ValueError(f"an L-tromino has 3 distinct cells, not {len(found)}: {found!r}")
    rows = {row for row, _ in found}
    cols = {col for _, col in found}
    if len(rows) != 2 or len(cols) != 2 or max(rows) - min(rows) != 1 or (
        max(cols) - min(cols) != 1
    ):
        raise ValueError(f"cells {found!r} are not three cells of one 2x2 block")
    return found[0], found[1], found[2]


@attrs.frozen(repr=False)
class Tromino:
    """An L-tromino given by its three cells (any order; stored sorted).

    >>> Tromino([(1, 1), (0, 1), (1, 0)])
    Tromino.parse('0,0 nw')
    >>> Tromino.at(0, 0, 0).cells
    ((0, 1), (1, 0), (1, 1))
    >>> Tromino([(0, 0), (0, 1), (0, 2)])
    Traceback (most recent call last):
    ...
    ValueError: cells [(0, 0), (0, 1), (0, 2)] are not three cells of one 2x2 block
    """

    cells: tuple[Cell, Cell, Cell] = attrs.field(converter=_l_cells)
    """The three covered cells, sorted in reading order."""

    @classmethod
    def at(cls, row: int, col: int, orientation: int | str) -> Tromino:
        """The tromino in the 2x2 block with top-left cell (*row*, *col*), leaving out
        the block cell *orientation* (``0``-``3`` or ``'nw'``, ``'ne'``, ``'sw'``, ``'se'``).

        >>> Tromino.at(2, 3, "se").cells
        ((2, 3), (2, 4), (3, 3))
        """
        row, col = as_cell((row, col))
        missing = _orientation(orientation)
        block = ((row, col), (row, col + 1), (row + 1, col), (row + 1, col + 1))
        return cls(cell for index, cell in enumerate(block) if index != missing)

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
        except ParseError as error:
            raise ParseError(f"tromino {quoted(text)}: {error}") from None
        return cls.at(row, col, parts[1].lower())

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
        return min(col for _, col in self.cells)

    @property
    def orientation(self) -> Orientation:
        """The block cell left out: 0 ``nw``, 1 ``ne``, 2 ``sw``, 3 ``se``.

        >>> Tromino.at(0, 0, "sw").orientation
        2
        """
        row, col = self.row, self.col
        block = ((row, col), (row, col + 1), (row + 1, col), (row + 1, col + 1))
        for index, cell in enumerate(block):
            if cell not in self.cells:
                return _ORIENTATION_VALUES[index]
        raise AssertionError("an L-tromino leaves out one block cell")  # pragma: no cover

    def __str__(self) -> str:
        return f"{self.row},{self.col} {ORIENTATIONS[self.orientation]}"

    def __repr__(self) -> str:
        return f"Tromino.parse({str(self)!r})"


_ORIENTATION_VALUES: tuple[Orientation, ...] = (0, 1, 2, 3)


def _orientation(value: int | str) -> Orientation:
    if isinstance(value, str):
        if value.lower() in ORIENTATIONS:
            return _ORIENTATION_VALUES[ORIENTATIONS.index(value.lower())]
        raise ValueError(f"orientation {quoted(value)} is not one of {ORIENTATIONS}")
    if type(value) is not int:
        raise TypeError(f"orientation must be an int 0-3 or a name, not {value!r}")
    if not 0 <= value <= 3:
        raise ValueError(f"orientation must be 0-3, not {value!r}")
    return _ORIENTATION_VALUES[value]


def _holes(holes: Iterable[object]) -> frozenset[Cell]:
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Iterable):
        raise TypeError(f"holes must be an iterable of (row, col) pairs, not {holes!r}")
    return frozenset(as_cell(hole) for hole in holes)


def _trominoes(trominoes: Iterable[object]) -> frozenset[Tromino]:
    if isinstance(trominoes, (str, bytes)) or not isinstance(trominoes, Iterable):
        raise TypeError(f"trominoes must be an iterable of Tromino, not {trominoes!r}")
    found = []
    for tromino in trominoes:
        if not isinstance(tromino, Tromino):
            raise TypeError(f"not a Tromino: {tromino!r}")
        found.append(tromino)
    return frozenset(found)


# -- the text form, shared with Tiling ---------------------------------------------------


def neighbour_pairs(owner: list[int], cols: int) -> set[tuple[int, int]]:
    """The pairs ``(a, b)``, ``a < b``, of pieces sharing an edge, from *owner* (each
    cell's piece in reading order, ``-1`` for none) of a board *cols* wide.

    >>> sorted(neighbour_pairs([0, 0, 1, 0, 1, 1], 3))
    [(0, 1)]
    """
    pairs: set[tuple[int, int]] = set()
    for start in range(0, len(owner), cols):
        pairs.update(pairwise(owner[start : start + cols]))
    pairs.update(zip(owner, owner[cols:], strict=False))
    return {(a, b) if a < b else (b, a) for a, b in pairs if a != b and a >= 0 and b >= 0}


def label_rows(rows: int, cols: int, holes: Iterable[Cell], owner: list[int]) -> str:
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
    for a, b in neighbour_pairs(owner, cols):
        near[a].append(b)
        near[b].append(a)
    label = [""] * count + [FREE]  # owner -1 reads the last entry
    for index in dict.fromkeys(piece for piece in owner if piece >= 0):
        used = {label[other] for other in near[index]}
        label[index] = next(char for char in LABELS if char not in used)
    chars = [label[piece] for piece in owner]
    for row, col in holes:
        chars[row * cols + col] = HOLE
    return "\n".join("".join(chars[row * cols : (row + 1) * cols]) for row in range(rows))


def read_rows(
    text: str, *, what: str = _WHAT
) -> tuple[int, int, frozenset[Cell], list[Tromino]]:
    """Read the text form: ``(rows, cols, holes, trominoes)``, trominoes in reading order.

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
    check_characters(grid, HOLE + FREE + LABELS, what=what)
    rows, cols = len(grid), len(grid[0])
    # Regular expressions find the holes and letters, so that the free cells of a
    # large board cost no Python-level step.
    holes = frozenset(
        (row, match.start()) for row, line in enumerate(grid) for match in _HOLES.finditer(line)
    )
    seen = bytearray(rows * cols)
    found: list[Tromino] = []
    for row, line in enumerate(grid):
        for match in _LETTERS.finditer(line):
            col, letter = match.start(), match.group()
            if seen[row * cols + col]:
                continue
            seen[row * cols + col] = True
            group = [(row, col)]
            stack = [(row, col)]
            while stack and len(group) <= 3:
                r, c = stack.pop()
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if (
                        0 <= nr < rows
                        and 0 <= nc < cols
                        and not seen[nr * cols + nc]
                        and grid[nr][nc] == letter
                    ):
                        seen[nr * cols + nc] = True
                        group.append((nr, nc))
                        stack.append((nr, nc))
            try:
                found.append(Tromino(group))
            except ValueError:
                size = f"{len(group)}" if len(group) <= 3 else "4 or more"
                raise ParseError(
                    f"{what} row {row} {quoted(grid[row])}: the letter {letter!r} at "
                    f"{where(row, col)} marks {size} joined cells, not the 3 of one "
                    "L-tromino (adjacent trominoes need different letters)"
                ) from None
    return rows, cols, holes, found


def check_tromino_fits(
    rows: int, cols: int, holes: frozenset[Cell], covered: Mapping[Cell, object], tromino: Tromino
) -> None:
    """Raise :class:`~puzzlekit.IllegalMoveError` naming the first cell of *tromino*
    that is off the board, a hole or already in *covered*.

    >>> check_tromino_fits(2, 2, frozenset({(0, 0)}), {}, Tromino.at(0, 0, "se"))
    Traceback (most recent call last):
    ...
    puzzlekit.errors.IllegalMoveError: tromino 0,0 se: row 0, column 0 is a hole
    """
    for row, col in tromino.cells:
        if not (0 <= row < rows and 0 <= col < cols):
            raise IllegalMoveError(
                f"tromino {tromino}: {where(row, col)} is off the {rows}x{cols} board"
            )
        if (row, col) in holes:
            raise IllegalMoveError(f"tromino {tromino}: {where(row, col)} is a hole")
        if (row, col) in covered:
            raise IllegalMoveError(
                f"tromino {tromino}: {where(row, col)} is already covered by {covered[row, col]}"
            )


@attrs.frozen(repr=False)
class Board:
    """A ``rows x cols`` board with *holes* and the trominoes placed on it so far.

    >>> board = Board(2, 2, holes=[(1, 1)])
    >>> board.free_cells
    ((0, 0), (0, 1), (1, 0))
    >>> board.place(Tromino.at(0, 0, "se"))
    Board.parse('aa\\na#')
    >>> Board(0, 3)
    Traceback (most recent call last):
    ...
    ValueError: rows must be at least 1, not 0
    """

    rows: int = attrs.field()
    """Number of rows (at least 1)."""
    cols: int = attrs.field()
    """Number of columns (at least 1)."""
    holes: frozenset[Cell] = attrs.field(default=frozenset(), converter=_holes)
    """The removed cells, which no tromino may cover."""
    trominoes: frozenset[Tromino] = attrs.field(default=frozenset(), converter=_trominoes)
    """The trominoes placed so far."""
    _covered: dict[Cell, Tromino] = attrs.field(init=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        check_int("rows", self.rows, minimum=1)
        check_int("cols", self.cols, minimum=1)
        for row, col in sorted(self.holes):
            if not (0 <= row < self.rows and 0 <= col < self.cols):
                raise ValueError(f"hole {(row, col)} is off the {self.rows}x{self.cols} board")
        covered: dict[Cell, Tromino] = {}
        for tromino in sorted(self.trominoes, key=lambda t: t.cells):
            check_tromino_fits(self.rows, self.cols, self.holes, covered, tromino)
            for cell in tromino.cells:
                covered[cell] = tromino
        object.__setattr__(self, "_covered", covered)

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
        rows, cols, holes, found = read_rows(text)
        return cls(rows, cols, holes, found)

    @property
    def area(self) -> int:
        """The number of cells that must be covered (cells minus holes).

        >>> Board.square(4, (0, 0)).area
        15
        """
        return self.rows * self.cols - len(self.holes)

    @property
    def free_cells(self) -> tuple[Cell, ...]:
        """The cells neither holes nor covered, in reading order.

        >>> Board.parse("#a\\naa").free_cells
        ()
        """
        return tuple(
            (row, col)
            for row in range(self.rows)
            for col in range(self.cols)
            if (row, col) not in self.holes and (row, col) not in self._covered
        )

    @property
    def is_solved(self) -> bool:
        """Whether every cell that is not a hole is covered.

        >>> Board.square(2, (0, 0)).is_solved
        False
        """
        return len(self._covered) == self.area

    def owner(self, cell: Cell) -> Tromino | None:
        """The tromino covering *cell*, or ``None`` when it is free or a hole.

        >>> Board.parse("#a\\naa").owner((1, 1))
        Tromino.parse('0,0 nw')
        """
        row, col = as_cell(cell)
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"{where(row, col)} is off the {self.rows}x{self.cols} board")
        return self._covered.get((row, col))

    def can_place(self, tromino: Tromino) -> bool:
        """Whether :meth:`place` would accept *tromino*.

        >>> Board.square(2, (0, 0)).can_place(Tromino.at(0, 0, "se"))
        False
        """
        if not isinstance(tromino, Tromino):
            raise TypeError(f"not a Tromino: {tromino!r}")
        return all(
            0 <= row < self.rows
            and 0 <= col < self.cols
            and (row, col) not in self.holes
            and (row, col) not in self._covered
            for row, col in tromino.cells
        )

    def place(self, tromino: Tromino) -> Board:
        """The board with *tromino* placed; :class:`~puzzlekit.IllegalMoveError` names
        the cell that is off the board, a hole or already covered.

        >>> board = Board.square(2, (0, 0)).place(Tromino.at(0, 0, "nw"))
        >>> board.place(Tromino.at(0, 0, "nw"))
        Traceback (most recent call last):
        ...
        puzzlekit.errors.IllegalMoveError: tromino 0,0 nw: row 0, column 1 is already \
covered by 0,0 nw
        """
        if not isinstance(tromino, Tromino):
            raise TypeError(f"not a Tromino: {tromino!r}")
        check_tromino_fits(self.rows, self.cols, self.holes, self._covered, tromino)
        # Checked just now: build the next board without checking every tromino again.
        board = object.__new__(Board)
        covered = {**self._covered, **dict.fromkeys(tromino.cells, tromino)}
        for name, value in (
            ("rows", self.rows),
            ("cols", self.cols),
            ("holes", self.holes),
            ("trominoes", self.trominoes | {tromino}),
            ("_covered", covered),
        ):
            object.__setattr__(board, name, value)
        return board

    def play(self, tromino: Tromino) -> Board:
        """The house name for :meth:`place` (same argument, same result).

        >>> Board.square(2, (1, 1)).play(Tromino.at(0, 0, "se")).is_solved
        True
        """
        return self.place(tromino)

    def legal_moves(self) -> tuple[Tromino, ...]:
        """Every tromino that may be placed now, block by block in reading order.

        >>> Board.square(2, (0, 0)).legal_moves()
        (Tromino.parse('0,0 nw'),)
        """
        return tuple(
            tromino
            for row in range(self.rows - 1)
            for col in range(self.cols - 1)
            for orientation in _ORIENTATION_VALUES
            if self.can_place(tromino := Tromino.at(row, col, orientation))
        )

    def cleared(self) -> Board:
        """The same board with no trominoes placed.

        >>> Board.parse("#a\\naa").cleared()
        Board.parse('#.\\n..')
        """
        return Board(self.rows, self.cols, self.holes)

    def to_svg(self, *, cell_size: int = 24) -> str:
        """An SVG picture: holes dark, placed trominoes coloured (4 colours).

        >>> Board.parse("#a\\naa").to_svg().startswith("<svg")
        True
        """
        from puzzlekit.tromino.render import board_svg

        return board_svg(self, cell_size=cell_size)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def __str__(self) -> str:
        owner = [-1] * (self.rows * self.cols)
        for index, tromino in enumerate(self.trominoes):
            for row, col in tromino.cells:
                owner[row * self.cols + col] = index
        return label_rows(self.rows, self.cols, self.holes, owner)

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"
