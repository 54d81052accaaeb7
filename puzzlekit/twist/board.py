"""Placements and board states of IQ-Twist, with their text forms and rules.

A :class:`Placement` is one piece or peg on the board (``'f3C4'``: piece
``f`` with its bounding box's left column 3 and top row C, orientation 4).
A :class:`State` is a set of placements: at most one of each piece and no
more pegs than the game has. ``str(state)`` is its placement string in the
standard order (pieces ``a``-``h``, then pegs ``i``-``l``, pegs of one letter
in board reading order), so ``State.parse(str(state)) == state``.

>>> start = State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")
>>> start.place("d2A6").pieces
(Placement.parse('d2A6'), Placement.parse('f3C4'))
>>> start.place("c2B0")
Traceback (most recent call last):
...
puzzlekit.errors.IllegalMoveError: cannot place c2B0: peg j at 2B under a filled loop
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Self

import attrs

from puzzlekit.display import Displayed
from puzzlekit.errors import ArgumentError, IllegalMoveError, ParseError, quoted
from puzzlekit.grid import Cell, check_int, check_on_board
from puzzlekit.twist.pieces import (
    COLOUR,
    COLUMNS,
    HEIGHT,
    ON_BOARD,
    PEG_COUNT,
    PEGS,
    PIECES,
    ROWS,
    WIDTH,
    Colour,
    location_name,
    loops,
)

if TYPE_CHECKING:
    from puzzlekit.svg import Svg

__all__ = ["LegalMoves", "Placement", "State", "letter_count_problem", "placement_problem"]

_LETTERS = PIECES + PEGS


def _check_piece(_instance: object, _attribute: object, value: Any) -> None:
    if not isinstance(value, str):
        raise TypeError(f"piece must be a letter a-l, not {type(value).__name__}")
    if len(value) != 1 or value not in _LETTERS:
        raise ArgumentError(f"piece must be a letter a-l, not {quoted(value)}")


@attrs.frozen(repr=False, cache_hash=True)  # placements key the move tables
class Placement:
    """One piece (``a``-``h``) or peg (``i``-``l``) at a location in an orientation.

    ``col`` and ``row`` are 0-based and name the top-left corner of the
    piece's bounding box; the text form writes them as the board does
    (column ``1``-``8``, row ``A``-``D``). Pegs have orientation 0.

    >>> p = Placement("f", col=2, row=2, orientation=4)
    >>> p, str(p), p.location
    (Placement.parse('f3C4'), 'f3C4', '3C')
    >>> Placement.parse("f3C4") == p
    True
    """

    piece: str = attrs.field(validator=_check_piece)
    """The letter: a piece ``a``-``h`` or a peg ``i``-``l``."""
    col: int
    """0-based column of the bounding box's left edge (``0`` is column ``1``)."""
    row: int
    """0-based row of the bounding box's top edge (``0`` is row ``A``)."""
    orientation: int = 0
    """0-3: turned that many quarters clockwise; 4-7: flipped top to bottom first."""

    def __attrs_post_init__(self) -> None:
        check_int("col", self.col, minimum=0, maximum=WIDTH - 1)
        check_int("row", self.row, minimum=0, maximum=HEIGHT - 1)
        check_int("orientation", self.orientation, minimum=0, maximum=0 if self.is_peg else 7)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a 4-character placement such as ``'a7A7'`` or ``'j2B0'``.

        >>> Placement.parse("j2B0").cells
        ((1, 1),)
        >>> Placement.parse("j2B1")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: placement 'j2B1' has '1' at character 4; expected ...
        """
        if not isinstance(text, str):
            raise TypeError(f"a placement is a str, not {type(text).__name__}")
        problem = placement_problem(text)
        if problem:
            raise ParseError(f"placement {quoted(text)} {problem}")
        return cls(text[0], COLUMNS.index(text[1]), ROWS.index(text[2]), int(text[3]))

    def __str__(self) -> str:
        return f"{self.piece}{COLUMNS[self.col]}{ROWS[self.row]}{self.orientation}"

    def __repr__(self) -> str:
        return f"Placement.parse({str(self)!r})"

    @property
    def is_peg(self) -> bool:
        """Whether this is a peg (``i``-``l``) rather than a piece.

        >>> Placement.parse("k3C0").is_peg
        True
        """
        return self.piece in PEGS

    @property
    def colour(self) -> Colour:
        """The colour of the piece or peg.

        >>> Placement.parse("d2A6").colour
        'blue'
        """
        return COLOUR[self.piece]

    @property
    def location(self) -> str:
        """The top-left location as the board names it (``'3C'``).

        >>> Placement.parse("f3C4").location
        '3C'
        """
        return location_name((self.row, self.col))

    @property
    def loops(self) -> tuple[tuple[Cell, bool], ...]:
        """Each loop's ``(row, col)`` cell and whether it has a hole (a peg: one holed loop).

        Cells may lie off the board when the piece hangs over an edge.

        >>> Placement.parse("e1A0").loops
        (((0, 0), False), ((0, 1), True), ((1, 1), True))
        """
        found = _LOOPS.get(self)
        if found is None:
            if self.is_peg:
                found = (((self.row, self.col), True),)
            else:
                shape = loops(self.piece, self.orientation)
                found = tuple(((self.row + r, self.col + c), hole) for r, c, hole in shape)
            _LOOPS[self] = found
        return found

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The ``(row, col)`` cells covered, in reading order.

        >>> Placement.parse("h6D0").cells
        ((3, 5), (3, 6), (3, 7))
        """
        return tuple(cell for cell, _ in self.loops)

    @property
    def holes(self) -> tuple[Cell, ...]:
        """The cells of the loops that have a hole (where a peg may sit).

        >>> Placement.parse("h6D0").holes
        ((3, 5),)
        """
        return tuple(cell for cell, hole in self.loops if hole)

    @property
    def number(self) -> int:
        """The move number of a piece placement, in reading order of piece, top row, left
        column and orientation: ``'a1A0'`` is 0, ``'h8D7'`` is 2047 (the gym's action).

        >>> Placement.parse("a1A0").number, Placement.parse("a2A0").number
        (0, 8)
        """
        if self.is_peg:
            raise ArgumentError(f"{self} is a peg; only piece placements have move numbers")
        return ((PIECES.index(self.piece) * HEIGHT + self.row) * WIDTH + self.col) * 8 + (
            self.orientation
        )

    def is_on_board(self) -> bool:
        """Whether every loop lies on the board.

        >>> Placement.parse("a7A7").is_on_board(), Placement.parse("a7D7").is_on_board()
        (True, False)
        """
        return all(0 <= r < HEIGHT and 0 <= c < WIDTH for r, c in self.cells)


_LOOPS: dict[Placement, tuple[tuple[Cell, bool], ...]] = {}
"""Each placement's loops, worked out once (there are at most 2,176 placements)."""


def placement_problem(text: str) -> str | None:
    """What is wrong with the text of a placement (4 characters), or ``None``.

    >>> placement_problem("f3C4") is None
    True
    >>> placement_problem("f9C4")
    "has '9' at character 2; expected a column 1-8"
    """
    if len(text) != 4:
        plural = "" if len(text) == 1 else "s"
        return f"has {len(text)} character{plural}, not 4 (piece, column, row, orientation)"
    piece = text[0]
    orientations = "0" if piece in PEGS else "01234567"
    expected = (
        (_LETTERS, "a piece a-h or a peg i-l"),
        (COLUMNS, "a column 1-8"),
        (ROWS, "a row A-D"),
        (orientations, "orientation 0 (a peg)" if piece in PEGS else "an orientation 0-7"),
    )
    for number, (char, (allowed, what)) in enumerate(zip(text, expected, strict=True), 1):
        if char not in allowed:
            return f"has {char!r} at character {number}; expected {what}"
    return None


_standard_key = attrgetter("piece", "row", "col", "orientation")
"""The standard order: by letter, then pegs of one letter in reading order."""


def letter_count_problem(placements: Iterable[Placement]) -> str | None:
    """Why *placements* cannot form one state (a piece twice, too many pegs), or ``None``.

    >>> letter_count_problem(map(Placement.parse, ["j2B0", "j1C0"])) is None
    True
    >>> letter_count_problem(map(Placement.parse, ["a7A7", "a1A0"]))
    "'a' appears twice (the game has one)"
    """
    seen: dict[str, int] = {}
    for placement in placements:
        letter = placement.piece
        seen[letter] = seen.get(letter, 0) + 1
        limit = PEG_COUNT.get(letter, 1)
        if seen[letter] > limit:
            if limit == 1:
                return f"{letter!r} appears twice (the game has one)"
            return f"{letter!r} appears {seen[letter]} times (the game has {limit})"
    return None


def _normalise(placements: Iterable[Placement]) -> tuple[Placement, ...]:
    if isinstance(placements, (str, bytes)):
        raise TypeError("placements must be Placement objects; use State.parse for text")
    items = tuple(placements)
    for item in items:
        if not isinstance(item, Placement):
            raise TypeError(f"placements must be Placement objects, not {type(item).__name__}")
    letters = [item.piece for item in items]
    if len(set(letters)) < len(letters):  # a letter twice: fine only for pegs, up to their count
        problem = letter_count_problem(items)
        if problem:
            raise ArgumentError(f"placement {problem}")
    return tuple(sorted(items, key=_standard_key))


class _Board:
    """Who occupies each cell: the loops of placed pieces and the pegs."""

    __slots__ = ("loops", "pegs", "pieces")

    def __init__(self, placements: Iterable[Placement]) -> None:
        self.loops: dict[Cell, tuple[str, bool]] = {}
        self.pegs: dict[Cell, str] = {}
        self.pieces: set[str] = set()
        for placement in placements:
            self.add(placement)

    def add(self, placement: Placement) -> None:
        if placement.is_peg:
            self.pegs[(placement.row, placement.col)] = placement.piece
            return
        self.pieces.add(placement.piece)
        for cell, hole in placement.loops:
            self.loops.setdefault(cell, (placement.piece, hole))

    def clashes(self, placement: Placement) -> Iterator[str]:
        """Every rule *placement* breaks against what is already on the board."""
        letter = placement.piece
        if placement.is_peg:
            cell = (placement.row, placement.col)
            name = location_name(cell)
            if cell in self.pegs:
                yield f"peg {letter} at {name} on peg {self.pegs[cell]}"
            if cell in self.loops:
                yield from _peg_under(letter, *self.loops[cell], name)
            return
        if letter in self.pieces:
            yield f"piece {letter} is already on the board"
        for cell, hole in placement.loops:
            name = location_name(cell)
            if not (0 <= cell[0] < HEIGHT and 0 <= cell[1] < WIDTH):
                try:  # the library's one off-board message, with the board's name of the cell
                    check_on_board(cell, HEIGHT, WIDTH)
                except IllegalMoveError as error:
                    yield f"loop at {name}: {error}"
            elif cell in self.loops:
                yield f"overlaps piece {self.loops[cell][0]} at {name}"
            elif cell in self.pegs:
                yield from _peg_under(self.pegs[cell], letter, hole, name)


def _peg_under(peg: str, piece: str, hole: bool, name: str) -> Iterator[str]:
    if not hole:
        yield f"peg {peg} at {name} under a filled loop"
    elif COLOUR[peg] != COLOUR[piece]:
        yield f"peg {peg} ({COLOUR[peg]}) at {name} under a hole of {COLOUR[piece]} piece {piece}"


def _as_placement(value: Placement | str) -> Placement:
    if isinstance(value, Placement):
        return value
    if isinstance(value, str):
        return Placement.parse(value)
    raise TypeError(f"a placement is a Placement or a str, not {type(value).__name__}")


@attrs.frozen(repr=False)
class State(Displayed):
    """A board: the placed pieces and the pegs, kept in the standard order.

    ``State()`` is the empty board. :meth:`parse` accepts placements in any
    order; rule problems (overlaps, loops off the board, pegs under filled
    loops) are reported by :meth:`problems`, not refused.

    >>> s = State.parse("j1C0f3C4j2B0")
    >>> s, str(s)
    (State.parse('f3C4j2B0j1C0'), 'f3C4j2B0j1C0')
    >>> s.is_valid(), s.is_solved
    (True, False)
    """

    placements: tuple[Placement, ...] = attrs.field(default=(), converter=_normalise)
    """Pieces then pegs, in the standard order."""
    _legal: int | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """The legal moves as a bitset of move numbers, worked out once (see :attr:`legal_bits`)."""

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a placement string (4 characters a placement, in any order).

        Surrounding white space is ignored and ``''`` is the empty board.

        >>> State.parse("c1A3a7A7").pieces
        (Placement.parse('a7A7'), Placement.parse('c1A3'))
        >>> State.parse("a7A7c1A")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: placement 2 'c1A' of 'a7A7c1A' has 3 characters, not 4 ...
        """
        if not isinstance(text, str):
            raise TypeError(f"a placement string is a str, not {type(text).__name__}")
        body = text.strip()
        placements: list[Placement] = []
        for start in range(0, len(body), 4):
            chunk = body[start : start + 4]
            where = f"placement {start // 4 + 1} {chunk!r} of {quoted(text)}"
            problem = placement_problem(chunk)
            if problem:
                raise ParseError(f"{where} {problem}")
            placements.append(Placement.parse(chunk))
            # Checked as we go, so that a long string fails at its first surplus placement.
            problem = letter_count_problem(placements)
            if problem:
                raise ParseError(f"{where}: {problem}")
        return cls(placements)

    def __str__(self) -> str:
        return "".join(map(str, self.placements))

    def __repr__(self) -> str:
        return f"State.parse({str(self)!r})" if self.placements else "State()"

    @property
    def pieces(self) -> tuple[Placement, ...]:
        """The piece placements, ``a`` to ``h``.

        >>> State.parse("f3C4i6B0").pieces
        (Placement.parse('f3C4'),)
        """
        return tuple(p for p in self.placements if not p.is_peg)

    @property
    def pegs(self) -> tuple[Placement, ...]:
        """The peg placements.

        >>> State.parse("f3C4i6B0").pegs
        (Placement.parse('i6B0'),)
        """
        return tuple(p for p in self.placements if p.is_peg)

    def piece(self, letter: str) -> Placement | None:
        """The placement of piece *letter*, or ``None`` when it is not on the board.

        >>> State.parse("f3C4").piece("f"), State.parse("f3C4").piece("a")
        (Placement.parse('f3C4'), None)
        """
        return next((p for p in self.placements if p.piece == letter), None)

    def missing_pieces(self) -> str:
        """The letters of the pieces not yet placed.

        >>> State.parse("b6A7f3C4").missing_pieces()
        'acdegh'
        """
        placed = {p.piece for p in self.pieces}
        return "".join(letter for letter in PIECES if letter not in placed)

    def problems(self) -> tuple[str, ...]:
        """Every rule the placements break, in words; empty when the state is valid.

        >>> State.parse("a7A7b7A0").problems()  # doctest: +NORMALIZE_WHITESPACE
        ('b7A0 overlaps piece a at 7A', 'b7A0 overlaps piece a at 8A',
         'b7A0 overlaps piece a at 8B',
         'b7A0 loop at 9B: cell (1, 8) is off the board (4 rows, 8 columns)')
        >>> State.parse("c1A3k1A0").problems()
        ('k1A0 peg k at 1A under a filled loop',)
        """
        board = _Board(())
        found: list[str] = []
        for placement in self.placements:
            found.extend(f"{placement} {clash}" for clash in board.clashes(placement))
            board.add(placement)
        return tuple(found)

    def is_valid(self) -> bool:
        """Whether no placement breaks a rule (see :meth:`problems`).

        >>> State.parse("a7A7b7A0").is_valid()
        False
        """
        return not self.problems()

    @property
    def is_solved(self) -> bool:
        """Whether all 8 pieces are placed validly, so every peg sits in a hole of its colour.

        >>> State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0i6B0").is_solved
        True
        """
        # Pieces come first, one of each letter at most: all 8 are there when the 8th is h.
        placements = self.placements
        complete = len(placements) >= len(PIECES) and placements[len(PIECES) - 1].piece == "h"
        return complete and self.is_valid()

    @property
    def legal_bits(self) -> int:
        """The legal piece placements as one int: bit :attr:`Placement.number` of each.

        Worked out once per state; :meth:`play` passes it on to the next state
        with the moves the new piece rules out struck off.

        >>> moves = State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7l6D0").legal_bits
        >>> moves == 1 << Placement.parse("h6D0").number | 1 << Placement.parse("h6D4").number
        True
        """
        if self._legal is None:
            object.__setattr__(self, "_legal", _legal_bits(self.placements))
        assert self._legal is not None
        return self._legal

    @property
    def is_over(self) -> bool:
        """Whether no piece can be placed any more: the board is solved, or stuck.

        >>> State().is_over, State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0").is_over
        (False, True)
        >>> stuck = State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7i6D0")  # h cannot cover a red peg
        >>> stuck.is_over, stuck.is_solved
        (True, False)
        """
        return not self.legal_bits

    def hint(
        self, *, node_limit: int | None = None, time_limit: float | None = None
    ) -> Placement | None:
        """A piece placement on the way to a solution (see :func:`puzzlekit.twist.hint`).

        >>> State.parse("b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0").hint()
        Placement.parse('a7A7')
        """
        from puzzlekit.twist.solver import hint

        return hint(self, node_limit=node_limit, time_limit=time_limit)

    def place(self, placement: Placement | str) -> State:
        """The state with one more piece, or :class:`~puzzlekit.IllegalMoveError` saying why not.

        Pegs belong to the challenge: build starts with :meth:`parse`.

        >>> State().place("a7A7").place("b7A0")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.IllegalMoveError: cannot place b7A0: overlaps piece a at 7A
        """
        move = _as_placement(placement)
        if move.is_peg:
            raise IllegalMoveError(
                f"cannot place {move}: pegs are set by the challenge (use State.parse)"
            )
        legal = self.legal_bits
        number = move.number
        if legal >> number & 1:
            # Known legal: the piece goes in its place in the standard order, unchecked.
            placements = self.placements
            at = next(
                (i for i, other in enumerate(placements) if other.piece > move.piece),
                len(placements),
            )
            after = State.__new__(State)
            object.__setattr__(after, "placements", (*placements[:at], move, *placements[at:]))
            object.__setattr__(after, "_legal", legal & ~_RULED_OUT[number])
            return after
        clash = next(_Board(self.placements).clashes(move), None)
        if clash is not None:
            raise IllegalMoveError(f"cannot place {move}: {clash}")
        return State((*self.placements, move))

    def play(self, placement: Placement | str) -> State:
        """The house name for :meth:`place` (same argument, same result).

        >>> State().play("a7A7")
        State.parse('a7A7')
        """
        return self.place(placement)

    def remove(self, piece: str) -> State:
        """The state without piece *piece* (a letter ``a``-``h``).

        >>> State.parse("a7A7i6B0").remove("a")
        State.parse('i6B0')
        """
        if self.piece(piece) is None or piece in PEGS:
            raise IllegalMoveError(f"cannot remove {piece!r}: no such piece on the board")
        return State(p for p in self.placements if p.piece != piece)

    def legal_moves(self) -> LegalMoves:
        """A view of every legal placement of the pieces not yet on the board.

        >>> moves = State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7l6D0").legal_moves()
        >>> list(moves), "h6D0" in moves, len(moves)
        ([Placement.parse('h6D0'), Placement.parse('h6D4')], True, 2)
        """
        return LegalMoves(self)

    def canonical(self) -> State:
        """The same board with each piece in its lowest orientation of the same cells.

        Only orientations legal with the pegs present count, so a piece whose
        hole covers a peg keeps an orientation with a hole there.

        >>> State.parse("f3C4i6B0j2B0j1C0k3C0l4B0l5C0").canonical().pieces
        (Placement.parse('f3C2'),)
        """
        pegs = _Board(self.pegs)
        return State(_canonical(p, pegs) if not p.is_peg else p for p in self.placements)

    def grid(self) -> str:
        """The board as 4 lines of 8: piece letters, peg letters where uncovered, ``.`` empty.

        >>> print(State.parse("a7A7c1A3i6B0j2B0").grid())
        c.....aa
        cj...i.a
        c......a
        c.......
        """
        from puzzlekit.twist.render import text_grid

        return text_grid(self)

    def to_svg(self, *, cell_size: int = 48) -> Svg:
        """An SVG picture: board, pegs, and pieces in their colours with their holes.

        *cell_size* (user units a location) is checked by
        :func:`puzzlekit.svg.check_cell_size`.

        >>> picture = State.parse("a7A7i6B0").to_svg()
        >>> picture.startswith("<svg"), "<title>IQ-Twist a7A7i6B0</title>" in picture
        (True, True)
        """
        from puzzlekit.twist.render import svg

        return svg(self, cell_size=cell_size)


def _canonical(placement: Placement, pegs: _Board) -> Placement:
    if next(pegs.clashes(placement), None) is not None:
        return placement
    cells = set(placement.cells)
    for orientation in range(placement.orientation):
        other = attrs.evolve(placement, orientation=orientation)
        if set(other.cells) == cells and next(pegs.clashes(other), None) is None:
            return other
    return placement


def _mask(row: int, col: int) -> int:
    return 1 << (row * WIDTH + col)


_CELLS = WIDTH * HEIGHT


_MoveTables = tuple[
    list[Placement | None], list[int], list[int], list[int], dict[tuple[int, str], int]
]


def _move_tables() -> _MoveTables:
    """Per move number its placement (``None`` off the board); per piece its moves; per
    cell the moves covering it; per move those it rules out (the same piece, or a cell
    in common); per (cell, colour) the moves of that colour with a hole there."""
    by_number: list[Placement | None] = [None] * (len(PIECES) * _CELLS * 8)
    per_piece = [0] * len(PIECES)
    covering = [0] * _CELLS
    holding: dict[tuple[int, str], int] = {}
    cells_of: dict[int, int] = {}
    for index, letter in enumerate(PIECES):
        for orientation, row, col, cells, holes in ON_BOARD[letter]:
            placement = Placement(letter, col, row, orientation)
            number = placement.number
            by_number[number] = placement
            per_piece[index] |= 1 << number
            cells_of[number] = sum(_mask(r, c) for r, c in cells)
            for r, c in cells:
                covering[r * WIDTH + c] |= 1 << number
            for r, c in holes:
                key = (r * WIDTH + c, COLOUR[letter])
                holding[key] = holding.get(key, 0) | 1 << number
    ruled_out = [0] * len(by_number)
    for number, mask in cells_of.items():
        found = per_piece[number // (_CELLS * 8)]
        for cell in range(_CELLS):
            if mask >> cell & 1:
                found |= covering[cell]
        ruled_out[number] = found
    return by_number, per_piece, covering, ruled_out, holding


_BY_NUMBER, _PIECE_MOVES, _COVERING, _RULED_OUT, _HOLDING = _move_tables()
"""The legal-move tables over move numbers (:attr:`Placement.number`), built once."""


_EVERY_MOVE = sum(_PIECE_MOVES)
_BLOCKING: dict[Placement, int] = {}
"""Per placement, the moves it rules out on any board (worked out once each)."""


def _blocking(placement: Placement) -> int:
    """The moves *placement* rules out: for a piece, its own and those sharing a cell on the
    board; for a peg, those over it without a hole of its colour there."""
    found = _BLOCKING.get(placement)
    if found is None:
        found = 0
        for row, col in placement.cells:
            if 0 <= row < HEIGHT and 0 <= col < WIDTH:  # a loop off the board blocks nothing
                cell = row * WIDTH + col
                found |= _COVERING[cell]
                if placement.is_peg:
                    found &= ~_HOLDING.get((cell, placement.colour), 0)
        if not placement.is_peg:
            found |= _PIECE_MOVES[PIECES.index(placement.piece)]
        _BLOCKING[placement] = found
    return found


def _legal_bits(placements: tuple[Placement, ...]) -> int:
    """The legal moves of a state as a bitset: a missing piece, no piece under it, and every
    peg under it in a hole of the peg's colour."""
    blocked = 0
    for placement in placements:
        blocked |= _blocking(placement)
    return _EVERY_MOVE & ~blocked


class LegalMoves:
    """The legal piece placements of a state: iterate, test with ``in``, ``len``, ``bool``.

    Built on demand from :meth:`State.legal_moves`; nothing is listed until asked.

    >>> moves = State().legal_moves()
    >>> bool(moves), Placement.parse("c1A0") in moves, moves.count() == len(moves)
    (True, True, True)
    """

    __slots__ = ("_state",)

    def __init__(self, state: State) -> None:
        self._state = state

    def __iter__(self) -> Iterator[Placement]:
        by_number = _BY_NUMBER
        legal = self._state.legal_bits
        while legal:
            low = legal & -legal
            legal ^= low
            placement = by_number[low.bit_length() - 1]
            assert placement is not None, "only placements on the board are legal"
            yield placement

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Placement, str)):
            return False
        try:
            placement = _as_placement(move)
        except ParseError:
            return False
        if placement.is_peg:
            return False
        return bool(self._state.legal_bits >> placement.number & 1)

    def __len__(self) -> int:
        return self._state.legal_bits.bit_count()

    def __bool__(self) -> bool:
        return bool(self._state.legal_bits)

    def count(self) -> int:
        """How many legal placements there are (as ``len``).

        >>> State.parse("a7A7b6A7c1A3d2A6e2C3f3C2g4A7l6D0").legal_moves().count()
        2
        """
        return len(self)

    def __repr__(self) -> str:
        return f"<LegalMoves of {self._state!r}>"
