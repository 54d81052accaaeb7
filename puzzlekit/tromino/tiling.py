"""Tilings: a board with every tromino in place, compact enough for a million cells.

A :class:`Tiling` keeps each tromino as one int, its *code*
``(row * width + col) * 4 + orientation`` (the top-left cell of its 2x2 block
and the block cell it leaves out), in the order the trominoes were placed.
Two tilings are equal when they cover the same board with the same set of
trominoes, whatever the order.

>>> tiling = Tiling.parse('''
... #a
... aa
... ''')
>>> tiling.is_valid(), len(tiling), tiling.trominoes
(True, 1, (Tromino.parse('0,0 nw'),))
>>> colour(tiling, 4)
(0,)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cached_property
from itertools import chain, pairwise
from typing import Literal, TypeAlias

import attrs

from puzzlekit.display import Displayed
from puzzlekit.errors import ArgumentError, IllegalMoveError, UnsolvableError
from puzzlekit.grid import Cell, check_on_board, where
from puzzlekit.svg import Svg
from puzzlekit.tromino.board import (
    Board,
    Tromino,
    check_tromino_fits,
    label_rows,
    neighbour_pairs,
    read_rows,
)

__all__ = ["ColourCount", "Tiling", "colour", "is_proper_colouring"]

ColourCount: TypeAlias = Literal[3, 4]
"""How many colours :func:`colour` may use."""

_WHAT = "tromino tiling"


def block_offsets(width: int) -> tuple[tuple[int, int, int], ...]:
    """Flat offsets of the three cells of each orientation from the block's top-left cell.

    >>> block_offsets(5)[0]
    (1, 5, 6)
    """
    block = (0, 1, width, width + 1)
    return tuple(tuple(block[i] for i in range(4) if i != o) for o in range(4))  # type: ignore[misc]


def _as_codes(codes: Iterable[int]) -> tuple[int, ...]:
    if isinstance(codes, (str, bytes)) or not isinstance(codes, Iterable):
        raise TypeError(f"codes must be an iterable of ints, not {codes!r}")
    return tuple(codes)


@attrs.frozen(eq=False, repr=False)
class Tiling(Displayed):
    """Trominoes on a *board* (holes only, nothing placed), each given by its code.

    The constructor checks that every tromino lies on the board, off the
    holes and apart from the others (:class:`~puzzlekit.IllegalMoveError` naming
    the cell); it may leave cells uncovered, which :meth:`is_valid` and
    :meth:`problems` report.

    >>> board = Board.square(2, (0, 0))
    >>> Tiling(board, (0 * 4 + 0,)).is_valid()
    True
    >>> Tiling(board, ()).problems()
    ('row 0, column 1 is not covered', 'row 1, column 0 is not covered', \
'row 1, column 1 is not covered')
    """

    board: Board = attrs.field()
    """The board tiled: its size and holes (no placed trominoes)."""
    codes: tuple[int, ...] = attrs.field(converter=_as_codes)
    """Each tromino as ``(row * width + col) * 4 + orientation``, in placing order."""
    _trusted: bool = attrs.field(default=False, kw_only=True, alias="_trusted", eq=False,
                                 repr=False)
    # True only from constructions proven correct (see trusted()): no check.

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.board, Board):
            raise TypeError(f"board must be a Board, not {self.board!r}")
        if self.board.trominoes:
            raise ArgumentError(
                "a tiling's board must have no trominoes placed; use board.cleared()"
            )
        if self._trusted:
            return
        height, width = self.board.height, self.board.width
        offsets = block_offsets(width)
        holes = {row * width + col for row, col in self.board.holes}
        owners = [-1] * (height * width)
        for index, code in enumerate(self.codes):
            if type(code) is not int:
                raise TypeError(f"a tromino code is an int, not {type(code).__name__}")
            if not 0 <= code < height * width * 4:
                shown = code if abs(code) < 10**18 else "a huge int"
                raise IllegalMoveError(
                    f"tromino code {shown} is outside the {width}x{height} board"
                )
            anchor = code >> 2
            cells = [anchor + offset for offset in offsets[code & 3]]
            if anchor % width + 1 >= width or anchor // width + 1 >= height or any(
                owners[cell] != -1 or cell in holes for cell in cells
            ):
                self._explain(code, owners)
            for cell in cells:
                owners[cell] = index
        object.__setattr__(self, "_owners", owners)  # fills the cached_property

    def _explain(self, code: int, owners: list[int]) -> None:
        """Raise :class:`~puzzlekit.IllegalMoveError` saying why *code* does not fit."""
        width = self.board.width
        covered = {divmod(cell, width): tromino_of(self.codes[index], width)
                   for cell, index in enumerate(owners) if index >= 0}
        check_tromino_fits(self.board.height, width, self.board.holes, covered,
                           tromino_of(code, width))

    @classmethod
    def trusted(cls, board: Board, codes: tuple[int, ...]) -> Tiling:
        """Build without checking (for constructions proven correct, such as
        :func:`~puzzlekit.tromino.tile`): the caller vouches for *codes*.

        >>> Tiling.trusted(Board.square(2, (0, 0)), (0,)).is_valid()
        True
        """
        return cls(board, codes, _trusted=True)

    @classmethod
    def of(cls, board: Board, trominoes: Iterable[Tromino]) -> Tiling:
        """The tiling of *board* by *trominoes* (in that order).

        >>> Tiling.of(Board.square(2, (1, 1)), [Tromino.at(0, 0, "se")])
        Tiling.parse('aa\\na#')
        """
        width = board.width
        codes = []
        for tromino in trominoes:
            if not isinstance(tromino, Tromino):
                raise TypeError(f"not a Tromino: {tromino!r}")
            if tromino.col + 1 >= width:  # its code would name a cell of the next row
                check_tromino_fits(board.height, width, board.holes, {}, tromino)
            codes.append((tromino.row * width + tromino.col) * 4 + tromino.orientation)
        return cls(board.cleared(), tuple(codes))

    @classmethod
    def parse(cls, text: str) -> Tiling:
        """Read the text form: ``#`` holes, letters trominoes, ``.`` uncovered cells.

        >>> Tiling.parse("#a\\naa").is_valid()
        True
        >>> Tiling.parse("aa.\\na..").problems()
        ('row 0, column 2 is not covered', 'row 1, column 1 is not covered', \
'row 1, column 2 is not covered')
        >>> Tiling.parse("#a\\na.")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: tromino tiling row 0 '#a': the letter 'a' at row 0, \
column 1 marks 1 joined cells, not the 3 of one L-tromino (adjacent trominoes need different \
letters)
        """
        height, width, holes, found = read_rows(text, what=_WHAT)
        return cls.of(Board(height, width, holes), found)

    @cached_property
    def trominoes(self) -> tuple[Tromino, ...]:
        """The trominoes in placing order (index ``i`` is code ``i``).

        >>> Tiling.parse("#a\\naa").trominoes
        (Tromino.parse('0,0 nw'),)
        """
        width = self.board.width
        return tuple(tromino_of(code, width) for code in self.codes)

    def __len__(self) -> int:
        return len(self.codes)

    @cached_property
    def _owners(self) -> list[int]:
        """Each cell's tromino index in reading order, ``-1`` for none."""
        width = self.board.width
        offsets = block_offsets(width)
        owners = [-1] * (self.board.height * width)
        for index, code in enumerate(self.codes):
            anchor = code >> 2
            for offset in offsets[code & 3]:
                owners[anchor + offset] = index
        return owners

    def owner(self, cell: Cell) -> int | None:
        """The index (into :attr:`trominoes`) of the tromino covering *cell*, or ``None``
        for a hole or an uncovered cell.

        >>> tiling = Tiling.parse("#a\\naa")
        >>> tiling.owner((1, 0)), tiling.owner((0, 0))
        (0, None)
        """
        board = self.board
        row, col = check_on_board(cell, board.height, board.width)
        index = self._owners[row * board.width + col]
        return None if index < 0 else index

    def problems(self) -> tuple[str, ...]:
        """What keeps this from being a tiling: the uncovered cells (empty when valid).

        >>> Tiling.parse("#.\\n..").problems()[0]
        'row 0, column 1 is not covered'
        """
        if 3 * len(self.codes) == self.board.area:
            return ()
        owners = self._owners
        width = self.board.width
        holes = self.board.holes
        return tuple(
            f"{where(*divmod(cell, width))} is not covered"
            for cell, index in enumerate(owners)
            if index < 0 and divmod(cell, width) not in holes
        )

    def is_valid(self) -> bool:
        """Whether every cell that is not a hole is covered (exactly once).

        >>> Tiling.parse("#.\\n..").is_valid()
        False
        """
        return 3 * len(self.codes) == self.board.area

    def moves(self) -> tuple[Tromino, ...]:
        """The trominoes in the order a demonstration places them: for :func:`tile` on a
        ``2^k`` board the divide-and-conquer order (centre tromino first, then the
        quadrants top-left, top-right, bottom-left, bottom-right).

        >>> from puzzlekit.tromino import tile
        >>> tile(Board.square(4, (0, 0))).moves()[0]
        Tromino.parse('1,1 nw')
        """
        return self.trominoes

    def to_board(self) -> Board:
        """The board with every tromino of this tiling placed.

        >>> Tiling.parse("#a\\naa").to_board().is_solved
        True
        """
        board = self.board
        if self.is_valid():  # every cell covered: nothing left free, nothing to check again
            return Board(board.height, board.width, board.holes, self.trominoes, _free=0)
        return Board(board.height, board.width, board.holes, self.trominoes)

    def to_svg(self, *, cell_size: int = 24, colours: ColourCount = 4) -> Svg:
        """An SVG picture, trominoes filled by :func:`colour` with *colours* colours.

        >>> Tiling.parse("#a\\naa").to_svg().count("<polygon")
        1
        """
        from puzzlekit.tromino.render import tiling_svg

        return tiling_svg(self, cell_size=cell_size, colours=colours)

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)`` of the board, as params write a size.

        >>> Tiling.parse("#a.\\naa.").size
        (3, 2)
        """
        return self.board.width, self.board.height

    @property
    def caption(self) -> str:
        """One line on the tiling, under its picture in a notebook.

        >>> Tiling.parse("#a\\naa").caption
        'L-tromino tiling, 2x2 with 1 hole: 1 tromino, every free cell covered'
        """
        board = self.board
        holes = len(board.holes)
        free = board.height * board.width - holes
        covered = "every free cell covered" if 3 * len(self) == free else (
            f"{free - 3 * len(self):,} cells left")
        return (f"L-tromino tiling, {board.width}x{board.height} with {holes:,} "
                f"hole{'s' * (holes != 1)}: {len(self):,} tromino{'es' * (len(self) != 1)}, "
                f"{covered}")


    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tiling):
            return NotImplemented
        return self.board == other.board and (
            self.codes == other.codes or frozenset(self.codes) == frozenset(other.codes)
        )

    def __hash__(self) -> int:
        return hash((self.board, frozenset(self.codes)))

    def __str__(self) -> str:
        return label_rows(self.board.height, self.board.width, self.board.holes, self._owners)

    def __repr__(self) -> str:
        return f"Tiling.parse({str(self)!r})"


def tromino_of(code: int, width: int) -> Tromino:
    """The tromino of *code* on a board *width* wide (a code on the board: not checked)."""
    row, col = divmod(code >> 2, width)
    return Tromino.trusted(row, col, code & 3)


def adjacency(tiling: Tiling) -> list[list[int]]:
    """For each tromino, the indices of the trominoes sharing an edge with it.

    >>> adjacency(Tiling.parse("aab\\nabb"))
    [[1], [0]]
    """
    near: list[list[int]] = [[] for _ in tiling.codes]
    for a, b in neighbour_pairs(tiling._owners, tiling.board.width):
        near[a].append(b)
        near[b].append(a)
    return near


def is_proper_colouring(tiling: Tiling, colours: Iterable[int]) -> bool:
    """Whether *colours* (one int per tromino) give edge-adjacent trominoes different
    colours. Linear time: it compares the cells side by side.

    >>> is_proper_colouring(Tiling.parse("aab\\nabb"), [0, 0])
    False
    """
    colours = list(colours)
    if len(colours) != len(tiling.codes) or not all(type(c) is int for c in colours):
        return False
    if not colours:
        return True
    # One key per cell, owner and colour together: two cells side by side clash when
    # their keys differ (different trominoes) but agree modulo spread (same colour).
    low = min(colours)
    spread = max(colours) - low + 1
    keys = [owner * spread + colours[owner] - low if owner >= 0 else -1
            for owner in tiling._owners]
    width = tiling.board.width
    pairs = chain(
        chain.from_iterable(pairwise(keys[start : start + width])
                            for start in range(0, len(keys), width)),
        zip(keys, keys[width:], strict=False),
    )
    return not any(
        a != b and a >= 0 and b >= 0 and a % spread == b % spread for a, b in pairs
    )


def _three_colours(tiling: Tiling) -> tuple[int, ...]:
    """The constructive 3-colouring of divide-and-conquer tilings.

    In a divide-and-conquer tiling of a ``2^k`` board every tromino sits in an
    even-aligned 2x2 block (the last level) or an odd-aligned one (a centre
    tromino). Centre trominoes never touch each other, so they all get 0; two
    even-aligned trominoes touch only across neighbouring blocks, whose block
    coordinates differ in parity, so colour ``1 + (block row + block col) % 2``
    separates them.
    """
    width = tiling.board.width
    result = []
    for code in tiling.codes:
        row, col = divmod(code >> 2, width)
        if row % 2 != col % 2:
            raise UnsolvableError(
                f"the tromino at {where(row, col)} is not block-aligned, so the constructive "
                "3-colouring (for divide-and-conquer tilings) does not apply; use 4 colours"
            )
        result.append(0 if row % 2 else 1 + (row // 2 + col // 2) % 2)
    return tuple(result)


def _four_colours(tiling: Tiling) -> tuple[int, ...]:
    """Greedy colouring in reading order, repaired by Kempe chain swaps where a
    tromino finds all four colours around it; if a repair fails (possible, if
    rare, for four colours), the same in reverse order."""
    near = adjacency(tiling)
    order = list(dict.fromkeys(owner for owner in tiling._owners if owner >= 0))
    for attempt in (order, order[::-1]):
        colours = [-1] * len(near)
        for index in attempt:
            used = {colours[other] for other in near[index]}
            free = [c for c in range(4) if c not in used]
            if free:
                colours[index] = free[0]
            elif not _kempe_free(index, near, colours):
                break
        else:
            return tuple(colours)
    raise UnsolvableError("4-colouring gave up: no Kempe chain swap frees a colour")


def _kempe_free(index: int, near: list[list[int]], colours: list[int]) -> bool:
    """Swap two colours on a Kempe chain so that one is free around *index*; use it."""
    for first in range(4):
        for second in range(first + 1, 4):
            starts = [other for other in near[index] if colours[other] == first]
            component = {*starts}
            queue = deque(starts)
            while queue:
                node = queue.popleft()
                for other in near[node]:
                    if other not in component and colours[other] in (first, second):
                        component.add(other)
                        queue.append(other)
            if any(colours[other] == second and other in component for other in near[index]):
                continue
            for node in component:
                colours[node] = second if colours[node] == first else first
            colours[index] = first
            return True
    return False


def colour(tiling: Tiling, colours: ColourCount = 4) -> tuple[int, ...]:
    """Colour indices (``0`` to ``colours - 1``), one per tromino, with edge-adjacent
    trominoes different.

    ``colours=3`` uses the constructive linear-time rule for divide-and-conquer
    tilings (those of :func:`~puzzlekit.tromino.tile` on ``2^k`` boards) and raises
    :class:`~puzzlekit.UnsolvableError` (a ``ValueError``) for any tiling it does not
    colour properly. ``colours=4`` colours any tiling (greedy in reading order
    with Kempe chain repairs; should both orders it tries meet a failed repair,
    which four colours make possible in principle, it raises ``UnsolvableError``).

    >>> from puzzlekit.tromino import tile
    >>> colour(tile(Board.square(4, (0, 0))), 3)
    (0, 1, 2, 2, 1)
    >>> colour(Tiling.parse("aab\\nabb"), 3)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.UnsolvableError: the tromino at row 0, column 1 is not block-aligned, \
so the constructive 3-colouring (for divide-and-conquer tilings) does not apply; use 4 colours
    """
    if not isinstance(tiling, Tiling):
        raise TypeError(f"colour() needs a Tiling, not {type(tiling).__name__}")
    if colours == 3:
        result = _three_colours(tiling)
        if not is_proper_colouring(tiling, result):
            raise UnsolvableError(
                "the constructive 3-colouring (for divide-and-conquer tilings) leaves two "
                "touching trominoes the same colour here; use 4 colours"
            )
        return result
    if colours == 4:
        return _four_colours(tiling)
    raise ArgumentError(f"colours must be 3 or 4, not {colours!r}")
