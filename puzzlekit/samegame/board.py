"""The SameGame board: blocks, groups, moves, gravity and column shift.

A board is a rectangle of coloured blocks under a :class:`Rules` value.
Colours are ints from 0 to ``MAX_COLOURS - 1``; an empty cell is ``None``.
Cells are ``(row, col)``, 0-based, row 0 at the top. A *group* is a maximal
set of same-coloured blocks joined through edges; a move removes a group of
``rules.min_group`` (2) or more blocks, lets the blocks above fall and
shifts the columns right of any emptied column left.

Text form: one line per row, top row first, one character per cell, ``.``
for empty. Colour ``k`` is written ``COLOUR_CHARS[k]``: the digits ``0``-``9``
for colours 0-9, then ``a``-``z`` for 10-35 and ``A``-``Z`` for 36-61. Rows of
whitespace-separated numbers (``0 3 1``, ``.`` for empty), the form of the
standard test set, are read too. The rule that tells the two apart: the text
is read as numbers when it starts with a ``numbers:`` line or when some row
has two or more entries separated by white space; otherwise every character
is a cell (so ``12`` is two cells, colours 1 and 2; a one-column board of
numbers needs the ``numbers:`` line). Rules other than :data:`STANDARD` are
written on a ``rules:`` line before the rows.

>>> board = Board.parse('''
... 1..
... 12.
... 221
... ''')
>>> list(board.legal_moves())
[Move(row=0, col=0), Move(row=1, col=1)]
>>> board.play("1,1")
Board.parse('...\\n1..\\n11.')
>>> board.play(Move(1, 1)).play((2, 0)).is_solved
True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, groupby
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from puzzlekit.contract import FreshMoves, Moves
from puzzlekit.display import Displayed
from puzzlekit.errors import ArgumentError, IllegalMoveError, ParseError, quoted
from puzzlekit.grid import (
    MAX_COORDINATE,
    RULES_HEADER,
    Cell,
    as_cell,
    check_characters,
    check_int,
    check_on_board,
    parse_cell,
    parse_grid,
    parse_token_grid,
    read_headers,
    where,
)
from puzzlekit.samegame.rules import STANDARD, Rules
from puzzlekit.svg import Svg

if TYPE_CHECKING:
    from puzzlekit.samegame.core import ChangeFields, Layout, Listing

__all__ = [
    "COLOUR_CHARS",
    "MAX_COLOURS",
    "MAX_SIDE",
    "Board",
    "Colour",
    "Group",
    "Move",
    "Rows",
    "play_sequence",
    "settle",
]

Colour: TypeAlias = int
"""A block colour, an int from 0 to ``MAX_COLOURS - 1``."""

Rows: TypeAlias = tuple[tuple[Colour | None, ...], ...]
"""A board as rows, top row first; ``None`` is an empty cell."""

Columns: TypeAlias = tuple[tuple[Colour, ...], ...]
"""A board as columns, bottom block first, the empty columns on the right."""

COLOUR_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The character of each colour in the compact text form: colour ``k`` is ``COLOUR_CHARS[k]``."""

MAX_COLOURS = len(COLOUR_CHARS)
"""How many colours a board may use (62): every board has a compact text form.

>>> MAX_COLOURS
62
"""

MAX_SIDE = 1000
"""The most rows, and the most columns, a board may have (so at most a million cells).

Checked before anything is allocated, by the constructor, :meth:`Board.parse`,
:func:`settle` and :func:`~puzzlekit.samegame.random_board`: a larger board
would take seconds for each move and gigabytes for a search.

>>> Board(columns=((1,),), height=10**6)
Traceback (most recent call last):
...
puzzlekit.errors.ArgumentError: height must be from 1 to 1000, not 1000000
>>> Board.parse("1" * 1001)
Traceback (most recent call last):
...
puzzlekit.errors.ParseError: a samegame board has at most 1000 rows and 1000 columns, not 1 x 1001
"""

EMPTY = "."
"""The character of an empty cell."""

_WHAT = "samegame board"
_COLOUR_OF = {char: colour for colour, char in enumerate(COLOUR_CHARS)}
# A numeric token as the character of its colour: "7", "07" and "61" are colours.
_CHAR_OF_TOKEN = {
    **{str(colour): COLOUR_CHARS[colour] for colour in range(MAX_COLOURS)},
    **{f"0{colour}": COLOUR_CHARS[colour] for colour in range(10)},
    EMPTY: EMPTY,
}


# A run is a maximal vertical stretch of one colour in one column, written
# (start, end) in heights counted from the bottom, end exclusive. Groups are
# found run by run, so a tall one-colour board costs one step per column.
_Runs: TypeAlias = tuple[list[int], list[int], list[Colour]]


def _column_runs(column: tuple[Colour, ...]) -> _Runs:
    starts: list[int] = []
    ends: list[int] = []
    colours: list[Colour] = []
    height = 0
    for colour, blocks in groupby(column):
        starts.append(height)
        height += sum(1 for _ in blocks)
        ends.append(height)
        colours.append(colour)
    return starts, ends, colours


class _RunIndex:
    """The runs of a board's columns, computed on first use."""

    __slots__ = ("_columns", "_runs")

    def __init__(self, columns: Columns) -> None:
        self._columns = columns
        self._runs: dict[int, _Runs] = {}

    def runs(self, col: int) -> _Runs:
        runs = self._runs.get(col)
        if runs is None:
            runs = self._runs[col] = _column_runs(self._columns[col])
        return runs

    def fill(self, col: int, index: int) -> dict[int, list[int]]:
        """The group of run *index* of column *col*, as run indices per column."""
        width = len(self._columns)
        colour = self.runs(col)[2][index]
        group: dict[int, list[int]] = {}
        seen = {(col, index)}
        stack = [(col, index)]
        while stack:
            col, index = stack.pop()
            group.setdefault(col, []).append(index)
            starts, ends, _ = self.runs(col)
            start, end = starts[index], ends[index]
            for side in (col - 1, col + 1):
                if not 0 <= side < width or not self._columns[side]:
                    continue
                side_starts, side_ends, side_colours = self.runs(side)
                other = max(bisect_right(side_starts, start) - 1, 0)
                while other < len(side_starts) and side_starts[other] < end:
                    if (
                        side_colours[other] == colour
                        and side_ends[other] > start
                        and (side, other) not in seen
                    ):
                        seen.add((side, other))
                        stack.append((side, other))
                    other += 1
        return group

    def size(self, group: dict[int, list[int]]) -> int:
        total = 0
        for col, indices in group.items():
            starts, ends, _ = self.runs(col)
            total += sum(ends[index] - starts[index] for index in indices)
        return total


def _label_runs(columns: Columns) -> tuple[list[_Runs], list[int]]:
    """The runs of every non-empty column, and for each run the id of its group.

    Runs are numbered column by column, bottom up. Neighbouring columns are
    walked side by side, joining overlapping runs of one colour (union-find),
    which labels the whole board in one pass over its runs.
    """
    runs = [_column_runs(column) for column in columns if column]
    firsts = [0]
    for starts, _, _ in runs:
        firsts.append(firsts[-1] + len(starts))
    parent = list(range(firsts[-1]))

    def root(run: int) -> int:
        while parent[run] != run:
            parent[run] = parent[parent[run]]
            run = parent[run]
        return run

    for col in range(len(runs) - 1):
        _, left_ends, left_colours = runs[col]
        _, right_ends, right_colours = runs[col + 1]
        left = right = 0
        # Both walks start at the bottom, so runs `left` and `right` always overlap.
        while left < len(left_ends) and right < len(right_ends):
            if left_colours[left] == right_colours[right]:
                parent[root(firsts[col] + left)] = root(firsts[col + 1] + right)
            left_end, right_end = left_ends[left], right_ends[right]
            if left_end <= right_end:
                left += 1
            if right_end <= left_end:
                right += 1
    return runs, [root(run) for run in range(len(parent))]


PACKED_BITS = 1 << 15
"""The largest packed form (see :mod:`puzzlekit.samegame.core`), in bits, on which a board
lists, plays and checks its moves: up to about 80 x 80 of 5 colours. Bigger boards walk their
column runs instead, which costs less there than shifting ints of that length at every move."""


def _layout(width: int, height: int, colours: tuple[Colour, ...]) -> Layout:
    from puzzlekit.samegame.core import shared_layout  # here: core imports this module

    return shared_layout(width, height, colours)


@lru_cache(maxsize=1 << 16)
def _trusted_move(row: int, col: int) -> Move:
    """The move of a cell known to be on the board, without the checks of ``Move()`` (kept:
    every listing of moves asks for the same ones again)."""
    move = object.__new__(Move)
    object.__setattr__(move, "row", row)
    object.__setattr__(move, "col", col)
    return move


def _too_small(cell: Cell, removed: int, colour: Colour, min_group: int) -> IllegalMoveError:
    what = "a lone block" if removed == 1 else f"a group of {removed} blocks"
    return IllegalMoveError(
        f"cell {cell} holds {what} of colour {colour}; "
        f"a move removes a group of {min_group} or more"
    )


def _check_coordinate(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    check_int(attribute.name, value, minimum=0, maximum=MAX_COORDINATE)


@attrs.frozen(order=True)
class Move:
    """A move: any cell ``(row, col)`` of the group to remove.

    Its text form is ``ROW,COL`` (0-based, row 0 at the top), the notation of
    the command line; ``play`` and ``in legal_moves()`` also take the plain
    ``(row, col)`` pair and the text. Coordinates are ints from 0 to
    ``10**18 - 1``, so that every move's text reads back.

    >>> move = Move.parse("3,4")
    >>> move, str(move), move.cell
    (Move(row=3, col=4), '3,4', (3, 4))
    >>> Move(-1, 0)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: row must be from 0 to 999999999999999999, not -1
    """

    row: int = attrs.field(validator=_check_coordinate)
    """The row, 0 at the top."""
    col: int = attrs.field(validator=_check_coordinate)
    """The column, 0 on the left."""

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move written ``ROW,COL``.

        >>> Move.parse("0,12")
        Move(row=0, col=12)
        >>> Move.parse("a,b")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: cell 'a,b' is not of the form ROW,COL
        """
        row, col = parse_cell(text)
        return cls(row, col)

    def __str__(self) -> str:
        return f"{self.row},{self.col}"

    @property
    def cell(self) -> Cell:
        """The ``(row, col)`` pair.

        >>> Move(2, 5).cell
        (2, 5)
        """
        return (self.row, self.col)


class _MovesByKey(dict[int, Move]):
    """The moves of a board *width* wide by listing key (``row * width + col``), each made
    once, when first asked for."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def __missing__(self, key: int) -> Move:
        move = self[key] = _trusted_move(*divmod(key, self.width))
        return move


_LISTED_CELLS = 4096  # boards up to this many cells make all their moves at once, in a list


class _MovesOfLayout(dict[Any, "list[Move] | _MovesByKey"]):
    """The moves of the boards of each layout (a :class:`~puzzlekit.samegame.core.Layout`)
    by listing key: on a small board a list (its items are read several times faster than
    a dict's), else made when first asked for. Looked up by the layout itself: a dict read,
    where a cached function of the board's size costs three times as much."""

    def __missing__(self, layout: Layout) -> list[Move] | _MovesByKey:
        if len(self) >= 64:  # boards of many sizes: keep the tables of the latest ones
            self.clear()
        width, height = layout.width, layout.height
        moves: list[Move] | _MovesByKey
        if width * height > _LISTED_CELLS:
            moves = _MovesByKey(width)
        else:
            moves = [_trusted_move(*divmod(key, width)) for key in range(width * height)]
        self[layout] = moves
        return moves


_MOVES_OF = _MovesOfLayout()


def _listed_group(listed: Listing, move: Move, width: int, height: int) -> int:
    """The group that *move* names in the listing *listed* of a board *width* x *height*
    (a :meth:`~puzzlekit.samegame.core.Layout.listing`), or 0 when it names none.

    >>> from puzzlekit.samegame.core import Layout
    >>> layout = Layout(3, 2, (0, 1))
    >>> listed = layout.listing(layout.encode(((0, 0), (1, 1), (1,))))
    >>> [_listed_group(listed, Move(*cell), 3, 2) == listed[1][1] for cell in ((0, 1), (1, 1))]
    [True, False]
    """
    row, col = move.row, move.col  # ints: only their range is unchecked
    if col < width and row < height:
        # A listed move names its group's canonical cell: the listing has the group, of
        # min_group blocks or more, under that cell's key.
        key = row * width + col
        found = bisect_left(listed, (key,))
        if found < len(listed) and listed[found][0] == key:
            return listed[found][1]
    return 0


def _move_cell(move: object) -> Cell:
    """The cell of *move* in any form ``play`` takes: a :class:`Move`, a pair, or its text."""
    if isinstance(move, Move):
        return move.cell
    if isinstance(move, str):
        return parse_cell(move)
    return as_cell(move)


@attrs.frozen
class Group:
    """A maximal set of same-coloured blocks joined through edges.

    >>> group = Board.parse("11\\n21").group_at((1, 1))
    >>> group
    Group(colour=1, cells=((0, 0), (0, 1), (1, 1)))
    >>> group.size, group.cell
    (3, Move(row=0, col=0))
    """

    colour: Colour
    """The colour of its blocks."""
    cells: tuple[Cell, ...]
    """Its cells in reading order (by row, then column); the first is the canonical cell."""

    @property
    def size(self) -> int:
        """How many blocks it has.

        >>> Board.parse("22").groups()[0].size
        2
        """
        return len(self.cells)

    @property
    def cell(self) -> Move:
        """Its canonical cell: the top-most, then left-most one, as a :class:`Move`.

        >>> Board.parse(".1\\n11").groups()[0].cell
        Move(row=0, col=1)
        """
        return Move(*self.cells[0])


def _check_size(height: int, width: int, error: type[ValueError]) -> None:
    if height > MAX_SIDE or width > MAX_SIDE:
        raise error(
            f"a {_WHAT} has at most {MAX_SIDE} rows and {MAX_SIDE} columns, "
            f"not {height} x {width}"
        )


def _check_rows(rows: object) -> Rows:
    """*rows* as a tuple of equally long tuples of colours or ``None``."""
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise TypeError(f"rows must be a sequence of sequences, not {type(rows).__name__}")
    if not rows:
        raise ArgumentError("a board needs at least one row")
    first = rows[0]
    if isinstance(first, (str, bytes)) or not isinstance(first, Sequence):
        raise TypeError(f"row 0 must be a sequence, not {type(first).__name__}")
    _check_size(len(rows), len(first), ArgumentError)
    checked: list[tuple[Colour | None, ...]] = []
    for number, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise TypeError(f"row {number} must be a sequence, not {type(row).__name__}")
        if len(row) != len(first):
            raise ArgumentError(
                f"row {number} has {len(row)} cells, expected {len(first)} like row 0"
            )
        for col, value in enumerate(row):
            if value is None:
                continue
            if type(value) is not int:
                raise TypeError(
                    f"cell at {where(number, col)} must be an int colour or None, not {value!r}"
                )
            if not 0 <= value < MAX_COLOURS:
                raise ArgumentError(
                    f"colour {value} at {where(number, col)} is outside 0-{MAX_COLOURS - 1}"
                )
        checked.append(tuple(row))
    if not checked[0]:
        raise ArgumentError("a board needs at least one column")
    return tuple(checked)


def _column_text(rows: Sequence[Sequence[Any]]) -> list[str]:
    """Each column of *rows* (cells as characters) as a string, bottom cell first."""
    return ["".join(column) for column in zip(*reversed(rows), strict=True)]


def _settled_columns(texts: list[str], settle: bool) -> Columns:
    """The columns of column texts (bottom first, ``.`` empty), checked or settled."""
    columns: list[tuple[Colour, ...]] = []
    first_empty = None
    height = len(texts[0])
    for col, text in enumerate(texts):
        blocks = text.replace(EMPTY, "") if settle else text.rstrip(EMPTY)
        if not settle and EMPTY in blocks:
            gap = blocks.index(EMPTY)
            lift = len(blocks) - len(blocks[gap:].lstrip(EMPTY))  # the lowest floating block
            row = height - 1 - lift
            raise ValueError(
                f"the block at {where(row, col)} floats over the empty cell "
                f"at {where(row + 1, col)}"
            )
        if not blocks:
            first_empty = col if first_empty is None else first_empty
            continue
        if first_empty is not None and not settle:
            raise ValueError(f"column {first_empty} is empty but column {col} to its right is not")
        columns.append(tuple(map(_COLOUR_OF.__getitem__, blocks)))
    return tuple(columns) + ((),) * (len(texts) - len(columns))


def _row_characters(rows: Rows) -> list[str]:
    return ["".join(EMPTY if cell is None else COLOUR_CHARS[cell] for cell in row) for row in rows]


def _read_text(text: str, rules: Rules | None, *, settle: bool) -> Board:
    """The board of *text*: headers, then compact or numeric rows; see :meth:`Board.parse`."""
    if not isinstance(text, str):
        raise TypeError(f"{_WHAT} text must be a str, not {type(text).__name__}")
    if rules is not None and not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    body, rules, numbers = read_headers(text, rules, Rules.parse, what=_WHAT)
    # Every cell takes at least one non-blank character, at most two: a text with
    # too many of them is refused before its cells are built.
    if len("".join(body.split())) > 2 * MAX_SIDE * MAX_SIDE:
        raise ParseError(
            f"{_WHAT} text {quoted(text)} has more than {MAX_SIDE} x {MAX_SIDE} cells"
        )
    numbers = numbers or any(len(line.split(maxsplit=1)) > 1 for line in body.splitlines())
    if numbers:
        tokens = parse_token_grid(body, what=_WHAT)
        _check_size(len(tokens), len(tokens[0]), ParseError)
        lines = [_token_characters(row, number) for number, row in enumerate(tokens)]
    else:
        lines = list(parse_grid(body, what=_WHAT))
        _check_size(len(lines), len(lines[0]), ParseError)
        check_characters(tuple(lines), EMPTY + COLOUR_CHARS, what=_WHAT)
    try:
        columns = _settled_columns(_column_text(lines), settle)
    except ValueError as error:
        raise ParseError(
            f"{_WHAT} {quoted(text)} cannot occur in a game: {error} (settle() lets it fall)"
        ) from None
    return Board(columns, len(lines), STANDARD if rules is None else rules)


def _token_characters(tokens: tuple[str, ...], row: int) -> str:
    try:
        return "".join(map(_CHAR_OF_TOKEN.__getitem__, tokens))
    except KeyError:
        col = next(col for col, token in enumerate(tokens) if token not in _CHAR_OF_TOKEN)
        raise ParseError(
            f"{_WHAT} has {quoted(tokens[col])} at {where(row, col)}; "
            f"expected '.' or a colour number 0-{MAX_COLOURS - 1}"
        ) from None


def _check_columns(board: Board) -> None:
    """Check a board's fields: types, the size cap first, colours, settledness."""
    columns, height = board.columns, board.height
    check_int("height", height, minimum=1, maximum=MAX_SIDE)
    if not isinstance(columns, tuple):
        raise TypeError(f"columns must be a tuple of tuples, not {type(columns).__name__}")
    if not columns:
        raise ArgumentError("a board needs at least one column")
    _check_size(height, len(columns), ArgumentError)
    if not all(type(column) is tuple for column in columns):
        raise TypeError("columns must be a tuple of tuples of colours")
    for col, column in enumerate(columns):
        if len(column) > height:
            raise ArgumentError(
                f"column {col} has {len(column)} blocks, more than height {height}"
            )
    # Whole-board checks at C speed: a board has up to a million blocks.
    if set(map(type, chain.from_iterable(columns))) - {int}:
        colour = next(c for c in chain.from_iterable(columns) if type(c) is not int)
        raise TypeError(f"columns hold {colour!r}, not an int colour")
    colours = set(chain.from_iterable(columns))
    if colours and not (min(colours) >= 0 and max(colours) < MAX_COLOURS):
        colour = min(colours) if min(colours) < 0 else max(colours)
        raise ArgumentError(f"columns hold colour {colour}, outside 0-{MAX_COLOURS - 1}")
    filled = sum(1 for column in columns if column)
    if not all(columns[:filled]):
        raise ArgumentError(f"column {columns.index(())} is empty but a column to its right is not")
    if not isinstance(board.rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(board.rules).__name__}")


class _LazyColumns:
    """The ``columns`` slot of :class:`Board`, read through: a board built by a move
    (:func:`_after_move`) leaves it unset, and its columns are decoded from the packed
    form when first read. Only this attribute is intercepted: a ``__getattr__`` would
    take every attribute read of a board off CPython's fast path."""

    __slots__ = ("_slot",)

    def __init__(self, slot: Any) -> None:
        self._slot = slot

    def __get__(self, board: Board | None, owner: type | None = None) -> Any:
        if board is None:  # on the class: the slot itself, as without this wrapper
            return self._slot
        try:
            return self._slot.__get__(board, owner)
        except AttributeError:  # unset: a board built by a move, which has its packed form
            packed = board._packed
            if packed is None:
                raise
            columns = packed[0].decode(packed[1])
            self._slot.__set__(board, columns)
            return columns

    def __set__(self, board: Board, columns: Columns) -> None:
        self._slot.__set__(board, columns)

    def __delete__(self, board: Board) -> None:
        self._slot.__delete__(board)


@attrs.frozen(repr=False)
class Board(Displayed):
    """A SameGame position and its rules: immutable, hashable, picklable.

    It is stored by columns, bottom block first, with the non-empty columns
    on the left, which is exactly the set of states a game can reach. Build it
    with :meth:`parse`, :meth:`from_rows`, :func:`settle` or
    :func:`~puzzlekit.samegame.random_board`; ``repr`` shows code that rebuilds it.
    *rules* (:data:`~puzzlekit.samegame.STANDARD` by default) decide which
    groups may be removed and how a line scores. A board has at most
    :data:`MAX_SIDE` rows and columns.

    >>> board = Board.parse("1.\\n12")
    >>> board.columns, board.height
    (((1, 1), (2,)), 2)
    >>> board
    Board.parse('1.\\n12')
    >>> Board(columns=((1, 1), (2,)), height=2) == board
    True
    """

    columns: Columns
    """The blocks of each column, bottom block first; empty columns are all on the right."""
    height: int
    """The number of rows."""
    rules: Rules = STANDARD
    """The rules of play and scoring."""
    _packed: tuple[Any, int] | None = attrs.field(
        default=None, kw_only=True, alias="_packed", eq=False, repr=False
    )
    # The layout (a core.Layout; Any for autodoc, as below) and the packed board of this
    # position, once computed; play() hands the next board its own.
    _groups: Any = attrs.field(default=None, init=False, eq=False, repr=False)
    # The playable groups of the packed board once listed (a core.Listing), or before that
    # what the move that made this board changed since its parent's listing (core.ChangeFields,
    # None if it had none), so that only the groups near the move are searched again. Typed
    # Any: core imports this module, so its types are not here at run time for autodoc.

    def __attrs_post_init__(self) -> None:
        _check_columns(self)

    @property
    def packed(self) -> tuple[Layout, int] | None:
        """The board packed into one int (see :mod:`puzzlekit.samegame.core`) with its layout,
        on which the moves are listed and played; ``None`` for a board over
        ``PACKED_BITS`` (in :mod:`puzzlekit.samegame.board`).

        >>> layout, bits = Board.parse("1.\\n12").packed
        >>> layout.decode(bits)
        ((1, 1), (2,))
        """
        packed = self._packed
        if packed is None:
            colours, width = self.colours, self.width
            if (len(colours) or 1) * (width + 1) * (self.height + 1) > PACKED_BITS:
                return None
            layout = _layout(width, self.height, colours)
            packed = (layout, layout.encode(self.columns))
            object.__setattr__(self, "_packed", packed)
        return packed

    # -- text and rows ------------------------------------------------------

    @classmethod
    def parse(cls, text: str, *, rules: Rules | None = None) -> Board:
        """Read a board: compact characters or whitespace-separated colour numbers.

        The text may start with a ``rules:`` line (:meth:`Rules.parse` words,
        or a preset name) and a ``numbers:`` line (see the module docs);
        *rules* apply when the text names none. Reading takes time linear in
        the text. A block over an empty cell, or an empty column left of a
        non-empty one, cannot happen in a game and is refused; :func:`settle`
        lets such text fall into place instead.

        >>> Board.parse("0 3\\n4 1") == Board.parse("03\\n41")
        True
        >>> Board.parse("numbers:\\n12\\n34").columns
        ((34, 12),)
        >>> Board.parse("rules: clickomania\\n11").rules.squared
        False
        >>> Board.parse("1.\\n.2")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: samegame board '1.\\n.2' cannot occur in a game: \
the block at row 0, column 0 floats over the empty cell at row 1, column 0 (settle() lets it fall)
        """
        return _read_text(text, rules, settle=False)

    @classmethod
    def from_rows(
        cls, rows: Sequence[Sequence[Colour | None]], *, rules: Rules = STANDARD
    ) -> Board:
        """Build a board from rows of colours (``None`` for empty), top row first.

        >>> Board.from_rows([[None, 2], [1, 2]])
        Board.parse('.2\\n12')
        >>> Board.from_rows([[1], [None]])
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ArgumentError: rows cannot occur in a game: the block at row 0, \
column 0 floats over the empty cell at row 1, column 0 (settle() lets it fall)
        """
        checked = _check_rows(rows)
        try:
            columns = _settled_columns(_column_text(_row_characters(checked)), False)
        except ValueError as error:
            raise ArgumentError(
                f"rows cannot occur in a game: {error} (settle() lets it fall)"
            ) from None
        return cls(columns, len(checked), rules)

    def __str__(self) -> str:
        header = "" if self.rules == STANDARD else f"{RULES_HEADER} {self.rules}\n"
        lines = []
        for lift in range(self.height - 1, -1, -1):
            lines.append(
                "".join(
                    COLOUR_CHARS[column[lift]] if lift < len(column) else EMPTY
                    for column in self.columns
                )
            )
        return header + "\n".join(lines)

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"

    def with_rules(self, rules: Rules) -> Board:
        """The same blocks under other *rules*.

        >>> from puzzlekit.samegame import CLICKOMANIA
        >>> print(Board.parse("11").with_rules(CLICKOMANIA))
        rules: min_group=2 offset=0 squared=no clear_bonus=0 end_penalty=none
        11
        """
        return attrs.evolve(self, rules=rules)

    @property
    def rows(self) -> Rows:
        """The cells row by row, top row first, ``None`` for empty.

        >>> Board.parse("1.\\n12").rows
        ((1, None), (1, 2))
        """
        height = self.height
        padded = [column + (None,) * (height - len(column)) for column in self.columns]
        return tuple(tuple(column[lift] for column in padded) for lift in range(height - 1, -1, -1))

    @property
    def width(self) -> int:
        """The number of columns.

        >>> Board.parse("1..\\n122").width
        3
        """
        packed = self._packed
        return len(self.columns) if packed is None else packed[0].width

    @property
    def count(self) -> int:
        """How many blocks are left.

        >>> Board.parse("1..\\n122").count
        4
        """
        return sum(map(len, self.columns))

    @property
    def colours(self) -> tuple[Colour, ...]:
        """The colours on the board, sorted.

        >>> Board.parse("3..\\n300").colours
        (0, 3)
        """
        return tuple(sorted(set(chain.from_iterable(self.columns))))

    def colour_counts(self) -> dict[Colour, int]:
        """How many blocks of each colour are left, by colour (sorted).

        >>> Board.parse("3..\\n300").colour_counts()
        {0: 2, 3: 2}
        """
        counts: dict[Colour, int] = {}
        for column in self.columns:
            for colour in column:
                counts[colour] = counts.get(colour, 0) + 1
        return dict(sorted(counts.items()))

    def __getitem__(self, cell: Cell) -> Colour | None:
        """The colour at *cell*, or ``None`` when it is empty.

        >>> Board.parse("1.\\n12")[0, 1] is None, Board.parse("1.\\n12")[1, 1]
        (True, 2)
        """
        row, col = check_on_board(cell, self.height, self.width)
        column = self.columns[col]
        lift = self.height - 1 - row
        return column[lift] if lift < len(column) else None

    # -- groups and moves ---------------------------------------------------

    def groups(self) -> tuple[Group, ...]:
        """Every group on the board, lone blocks included, by canonical cell.

        >>> [(g.colour, g.size, g.cell) for g in Board.parse("11\\n21").groups()]
        [(1, 3, Move(row=0, col=0)), (2, 1, Move(row=1, col=0))]
        """
        top = self.height - 1
        runs, labels = _label_runs(self.columns)
        cells: dict[int, list[Cell]] = {}
        colours: dict[int, Colour] = {}
        run_id = 0
        for col, (starts, ends, run_colours) in enumerate(runs):
            for start, end, colour in zip(starts, ends, run_colours, strict=True):
                label = labels[run_id]
                run_id += 1
                colours[label] = colour
                cells.setdefault(label, []).extend(
                    (top - lift, col) for lift in range(start, end)
                )
        found = [Group(colours[label], tuple(sorted(group))) for label, group in cells.items()]
        found.sort(key=lambda group: group.cells[0])
        return tuple(found)

    def group_at(self, cell: Cell | Move | str) -> Group | None:
        """The group holding *cell* (in any form :meth:`play` takes), ``None`` if it is empty.

        >>> Board.parse("1.\\n12").group_at((1, 0))
        Group(colour=1, cells=((0, 0), (1, 0)))
        >>> Board.parse("1.\\n12").group_at("0,1") is None
        True
        """
        located = self._locate(cell)
        if located is None:
            return None
        index, col, run = located
        top = self.height - 1
        cells: list[Cell] = []
        for side, indices in index.fill(col, run).items():
            starts, ends, _ = index.runs(side)
            for side_run in indices:
                cells.extend((top - lift, side) for lift in range(starts[side_run], ends[side_run]))
        return Group(index.runs(col)[2][run], tuple(sorted(cells)))

    def _locate(self, move: object) -> tuple[_RunIndex, int, int] | None:
        row, col = check_on_board(_move_cell(move), self.height, self.width)
        lift = self.height - 1 - row
        if lift >= len(self.columns[col]):
            return None
        index = _RunIndex(self.columns)
        return index, col, bisect_right(index.runs(col)[0], lift) - 1

    def _canonical_moves(self) -> Iterable[Move]:
        packed = self._packed
        if packed is None:
            packed = self.packed
            if packed is None:
                return self._run_moves()
        layout, bits = packed
        groups = self._groups
        if type(groups) is not list:  # not listed yet
            groups = layout.listing(bits, self.rules.min_group, groups)
            _set_groups(self, groups)
        moves = _MOVES_OF[layout]
        return [moves[entry[0]] for entry in groups]

    def _run_moves(self) -> Iterator[Move]:
        """:meth:`_canonical_moves` of a board over ``PACKED_BITS``, from its column runs (a
        method of its own: its closures would cost the packed path a cell each)."""
        runs, labels = _label_runs(self.columns)
        sizes: dict[int, int] = {}
        canonical: dict[int, Cell] = {}
        run_id = 0
        for col, (starts, ends, _) in enumerate(runs):
            for start, end in zip(starts, ends, strict=True):
                label = labels[run_id]
                run_id += 1
                sizes[label] = sizes.get(label, 0) + end - start
                # Columns come left to right, so only a higher run (smaller row) wins.
                best = canonical.get(label)
                if best is None or self.height - end < best[0]:
                    canonical[label] = (self.height - end, col)
        min_group = self.rules.min_group
        playable = sorted(canonical[label] for label, size in sizes.items() if size >= min_group)
        return (_trusted_move(row, col) for row, col in playable)

    def _accepts(self, move: object) -> bool:
        try:
            self.play_counted(move)  # type: ignore[arg-type]
        except (TypeError, ValueError):  # ValueError: ParseError and IllegalMoveError too
            return False
        return True

    def legal_moves(self) -> Moves[Move]:
        """The playable groups, each once, named by their canonical cell, in reading order.

        The view also answers ``move in view`` for any cell of a playable
        group, in every form :meth:`play` takes.

        >>> moves = Board.parse("12\\n11").legal_moves()
        >>> list(moves), len(moves), (1, 1) in moves, "0,1" in moves
        ([Move(row=0, col=0)], 1, True, False)
        >>> bool(Board.parse("rules: min_group=4\\n12\\n11").legal_moves())
        False
        """
        return FreshMoves(self._canonical_moves, self._accepts)

    def _has_group(self) -> bool:
        min_group = self.rules.min_group
        if min_group <= 1:
            return not self.is_solved
        packed = self.packed
        if packed is not None:
            layout, bits = packed
            if min_group == 2:  # a block beside one of its colour, in one pass of shifts
                return layout.playable(bits) != 0
            return next(layout.iter_groups(bits, min_group), None) is not None
        if min_group > 2:
            return next(iter(self._canonical_moves()), None) is not None
        columns = self.columns
        for col, column in enumerate(columns):
            if any(map(int.__eq__, column, column[1:])):
                return True
            if col + 1 < len(columns) and any(map(int.__eq__, column, columns[col + 1])):
                return True
        return False

    @property
    def is_over(self) -> bool:
        """Whether no group of ``rules.min_group`` or more blocks is left (the game has ended).

        >>> Board.parse("12\\n21").is_over, Board.parse("12\\n11").is_over
        (True, False)
        """
        groups = self._groups
        if type(groups) is list:  # listed: over when the listing is empty
            return not groups
        min_group = self.rules.min_group
        if groups is not None and min_group == 2:  # played from a listed board
            return not groups[7]  # Change.playable, found by the move
        packed = self._packed
        if packed is not None and min_group == 2:  # the usual case, in one step
            return not packed[0].playable(packed[1])
        return not self._has_group()

    @property
    def is_solved(self) -> bool:
        """Whether no block is left (the board is cleared).

        >>> Board.parse("...\\n...").is_solved, Board.parse("1").is_solved
        (True, False)
        """
        packed = self._packed
        return not self.columns[0] if packed is None else not packed[1]

    @property
    def end_score(self) -> int:
        """What the end of the game adds under :attr:`rules`: 0 while moves are left.

        >>> Board.parse("..").end_score, Board.parse("11").end_score, Board.parse("12").end_score
        (1000, 0, 0)
        """
        if not self.is_over:
            return 0
        return self.rules.score_end(self.colour_counts().values())

    def play(self, move: Move | Cell | str) -> Board:
        """Remove the group at *move* (any of its cells): blocks fall, empty columns close.

        *move* is a :class:`Move`, a ``(row, col)`` pair or the text ``ROW,COL``.
        Raises :class:`~puzzlekit.IllegalMoveError` when the cell is off the
        board, empty, or in a group smaller than ``rules.min_group``.

        >>> Board.parse("1..\\n12.\\n221").play((2, 0))
        Board.parse('...\\n1..\\n11.')
        >>> Board.parse("12\\n21").play("0,0")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.IllegalMoveError: cell (0, 0) holds a lone block of colour 1; \
a move removes a group of 2 or more
        """
        listed, packed = self._groups, self._packed
        if type(listed) is list and type(move) is Move and packed is not None:  # the usual case
            layout, bits = packed
            group = _listed_group(listed, move, layout.width, layout.height)
            if group:
                after, change = layout.play(bits, group, listed)
                return _after_move(layout, self.rules, after, change)
        if packed is not None:
            return self._packed_play(move, packed[0], packed[1])[0]
        return self.play_counted(move)[0]

    def play_counted(self, move: Move | Cell | str) -> tuple[Board, int]:
        """Like :meth:`play`, also giving how many blocks the move removed (to score it).

        >>> board, removed = Board.parse("11\\n21").play_counted((0, 0))
        >>> print(board), removed
        ..
        2.
        (None, 3)
        """
        packed = self.packed
        if packed is not None:
            layout, bits = packed
            board, blocks = self._packed_play(move, layout, bits)
            return board, blocks.bit_count()
        located = self._locate(move)
        cell = _move_cell(move)
        if located is None:
            raise IllegalMoveError(f"cell {cell} is empty")
        index, col, run = located
        group = index.fill(col, run)
        removed = index.size(group)
        min_group = self.rules.min_group
        if removed < min_group:
            raise _too_small(cell, removed, index.runs(col)[2][run], min_group)
        columns = list(self.columns)
        for col, runs in group.items():
            starts, ends, _ = index.runs(col)
            column = columns[col]
            kept: list[Colour] = []
            done = 0
            for run in sorted(runs):
                kept.extend(column[done : starts[run]])
                done = ends[run]
            kept.extend(column[done:])
            columns[col] = tuple(kept)
        filled = [column for column in columns if column]
        if len(filled) < len(columns):
            columns = filled + [()] * (len(columns) - len(filled))
        return Board(tuple(columns), self.height, self.rules), removed

    def _packed_play(self, move: Move | Cell | str, layout: Layout, bits: int) -> tuple[Board, int]:
        """:meth:`play` on the packed form *bits*: the board after *move*, and the group it
        removed."""
        listed = self._groups
        group = 0
        if type(listed) is list and type(move) is Move:  # a listed move?
            group = _listed_group(listed, move, layout.width, layout.height)
        if not group:
            group = self._checked_group(move, layout, bits)
        if type(listed) is list:  # the listing after the move is made from this one
            after, change = layout.play(bits, group, listed)
            return _after_move(layout, self.rules, after, change), group
        return _after_move(layout, self.rules, layout.remove(bits, group), None), group

    def _checked_group(self, move: Move | Cell | str, layout: Layout, bits: int) -> int:
        """The group *move* removes on the packed form; raises
        :class:`~puzzlekit.IllegalMoveError` when it is not a move."""
        if type(move) is Move:  # ints: only their range is unchecked
            cell = (move.row, move.col)
            block = layout.block_at(bits, cell)
        else:
            cell = _move_cell(move)
            block = layout.block_at(bits, check_on_board(cell, self.height, self.width))
        if not block:
            check_on_board(cell, self.height, self.width)
            raise IllegalMoveError(f"cell {cell} is empty")
        group = layout.flood(bits, block)
        removed = group.bit_count()
        min_group = self.rules.min_group
        if removed < min_group:
            raise _too_small(cell, removed, layout.colours[layout.plane(group)], min_group)
        return group

    def hint(
        self, *, node_limit: int | None = None, time_limit: float | None = None
    ) -> Move | None:
        """:func:`puzzlekit.samegame.hint` of this board: the best line's first move, or ``None``.

        >>> Board.parse("1122\\n2211").hint(node_limit=2000)
        Move(row=1, col=2)
        """
        from puzzlekit.samegame.solver import hint  # here: the solver imports this module

        return hint(self, node_limit=node_limit, time_limit=time_limit)

    # -- pictures -----------------------------------------------------------

    def to_svg(self, *, cell_size: int = 24, highlight: Move | Cell | str | None = None) -> Svg:
        """An SVG picture: one coloured square per block, *highlight* outlining a group.

        >>> svg = Board.parse("1.\\n12").to_svg(highlight=(0, 0))
        >>> svg.startswith("<svg") and svg.count("<rect") > 3 and "<title>" in svg
        True
        """
        from puzzlekit.samegame.render import board_svg  # here: render imports this module

        return board_svg(self, cell_size=cell_size, highlight=highlight)


_new_board = object.__new__
_set_height, _set_rules, _set_packed, _set_groups = (
    Board.__dict__[name].__set__ for name in ("height", "rules", "_packed", "_groups")
)
Board.columns = _LazyColumns(Board.__dict__["columns"])  # type: ignore[assignment]


def _after_move(
    layout: Layout, rules: Rules, bits: int, change: ChangeFields | None
) -> Board:
    """The board of the packed *bits*, reached by a move from a checked board (so not
    checked again). Its columns are decoded when first read (:class:`_LazyColumns`): a
    line of play through ``legal_moves`` and ``play`` never needs them. A function, not a
    classmethod: binding one costs about as much as a slot's setter."""
    board = _new_board(Board)
    # The slots' own setters: what object.__setattr__ reaches, without looking them up.
    _set_height(board, layout.height)
    _set_rules(board, rules)
    _set_packed(board, (layout, bits))
    _set_groups(board, change)
    return board


def settle(
    source: str | Iterable[Sequence[Colour | None]], *, rules: Rules | None = None
) -> Board:
    """Build a board from text or rows, letting floating blocks fall and empty columns close.

    :meth:`Board.parse` and :meth:`Board.from_rows` refuse such layouts since
    no game reaches them; this normalises them instead. Text may name its
    rules as :meth:`Board.parse` reads them.

    >>> settle("1.\\n.2")
    Board.parse('..\\n12')
    >>> settle([[None, 1], [None, 2]])
    Board.parse('1.\\n2.')
    """
    if isinstance(source, str):
        return _read_text(source, rules, settle=True)
    if isinstance(source, bytes) or not isinstance(source, Iterable):
        raise TypeError(f"source must be text or rows, not {type(source).__name__}")
    checked = _check_rows(source if isinstance(source, Sequence) else list(source))
    columns = _settled_columns(_column_text(_row_characters(checked)), True)
    return Board(columns, len(checked), STANDARD if rules is None else rules)


def play_sequence(board: Board, moves: Iterable[Move | Cell | str]) -> tuple[Board, int]:
    """Play *moves* from *board* and return the final board and the score under its rules.

    Each move is any cell of the group to remove, in any form
    :meth:`Board.play` takes. The total is the sum of ``rules.score_move``
    over the moves, plus :attr:`Board.end_score` of the final board: the end
    score counts exactly when the final board is over, whether or not the
    moves made it so (an empty sequence on a finished board scores its end
    score); a line that stops while moves remain earns none.

    Raises :class:`~puzzlekit.IllegalMoveError` naming the first illegal move
    (counted from 0).

    >>> board = Board.parse("12\\n12")
    >>> play_sequence(board, ["0,0"])
    (Board.parse('2.\\n2.'), 0)
    >>> play_sequence(board, [(0, 0), (0, 1)])
    Traceback (most recent call last):
    ...
    puzzlekit.errors.IllegalMoveError: move 1 (0,1): cell (0, 1) is empty
    """
    if not isinstance(board, Board):
        raise TypeError(f"board must be a Board, not {type(board).__name__}")
    score = 0
    rules = board.rules
    for number, move in enumerate(moves):
        try:
            board, removed = board.play_counted(move)
        except IllegalMoveError as error:
            shown = move if isinstance(move, str) else "{},{}".format(*_move_cell(move))
            raise IllegalMoveError(f"move {number} ({shown}): {error}") from error
        score += rules.score_move(removed)
    return board, score + board.end_score
