"""The SameGame board: blocks, groups, moves, gravity and column shift.

A board is a rectangle of coloured blocks. Colours are ints from 0 to
``MAX_COLOURS - 1``; an empty cell is ``None``. Cells are ``(row, col)``,
0-based, row 0 at the top. A *group* is a maximal set of same-coloured blocks
joined through edges; a move removes a group of two or more blocks, lets the
blocks above fall and shifts the columns right of any emptied column left.

Text form: one line per row, top row first, one character per cell, ``.``
for empty. Colour ``k`` is written ``COLOUR_CHARS[k]``: the digits ``0``-``9``
for colours 0-9, then ``a``-``z`` for 10-35 and ``A``-``Z`` for 36-61, so the
standard test set's colours 0-4 read the same as characters and as numbers.
Rows of whitespace-separated numbers (``0 3 1``, ``.`` for empty), the form of
the standard test set, are read too.

>>> board = Board.parse('''
... 1..
... 12.
... 221
... ''')
>>> board.legal_moves()
(Move(row=0, col=0), Move(row=1, col=1))
>>> board.play((1, 1))
Board.parse('...\\n1..\\n11.')
>>> board.play((1, 1)).play((2, 0)).is_cleared
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import NamedTuple, TypeAlias

import attrs

from puzzlekit.errors import IllegalMoveError, ParseError, quoted
from puzzlekit.grid import (
    Cell,
    as_cell,
    check_characters,
    parse_cell,
    parse_grid,
    parse_token_grid,
    where,
)

__all__ = [
    "COLOUR_CHARS",
    "MAX_COLOURS",
    "Board",
    "Colour",
    "Group",
    "Move",
    "Rows",
    "settle",
]

Colour: TypeAlias = int
"""A block colour, an int from 0 to ``MAX_COLOURS - 1``."""

Rows: TypeAlias = tuple[tuple[Colour | None, ...], ...]
"""A board as rows, top row first; ``None`` is an empty cell."""

COLOUR_CHARS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The character of each colour in the compact text form: colour ``k`` is ``COLOUR_CHARS[k]``."""

MAX_COLOURS = len(COLOUR_CHARS)
"""How many colours a board may use (62): every board has a compact text form.

>>> MAX_COLOURS
62
"""

EMPTY = "."
"""The character of an empty cell."""

_WHAT = "samegame board"


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
        height += len(list(blocks))
        ends.append(height)
        colours.append(colour)
    return starts, ends, colours


class _RunIndex:
    """The runs of a board's columns, computed on first use."""

    __slots__ = ("_columns", "_runs")

    def __init__(self, columns: tuple[tuple[Colour, ...], ...]) -> None:
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


def _label_runs(columns: tuple[tuple[Colour, ...], ...]) -> tuple[list[_Runs], list[int]]:
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


class Move(NamedTuple):
    """A move: any cell ``(row, col)`` of the group to remove.

    A move *is* a cell (a named tuple), so a plain ``(row, col)`` pair works
    wherever a move does. Its text form is ``ROW,COL`` (0-based, row 0 at the
    top), the notation of the command line.

    >>> move = Move.parse("3,4")
    >>> move, str(move), move == (3, 4)
    (Move(row=3, col=4), '3,4', True)
    """

    row: int
    """The row, 0 at the top."""
    col: int
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


def _check_rows(rows: object) -> Rows:
    """*rows* as a tuple of equally long tuples of colours or ``None``."""
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise TypeError(f"rows must be a sequence of sequences, not {type(rows).__name__}")
    if not rows:
        raise ValueError("a board needs at least one row")
    checked: list[tuple[Colour | None, ...]] = []
    for number, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise TypeError(f"row {number} must be a sequence, not {type(row).__name__}")
        for col, value in enumerate(row):
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(
                    f"cell at {where(number, col)} must be an int colour or None, "
                    f"not {value!r}"
                )
            if not 0 <= value < MAX_COLOURS:
                raise ValueError(
                    f"colour {value} at {where(number, col)} is outside 0-{MAX_COLOURS - 1}"
                )
        checked.append(tuple(row))
    width = len(checked[0])
    if width == 0:
        raise ValueError("a board needs at least one column")
    for number, row in enumerate(checked):
        if len(row) != width:
            raise ValueError(f"row {number} has {len(row)} cells, expected {width} like row 0")
    return tuple(checked)


def _unreachable(rows: Rows) -> str | None:
    """Say where *rows* show a state no game reaches, or ``None`` when they do not."""
    height = len(rows)
    first_empty_column = None
    for col in range(len(rows[0])):
        bottom_up = [rows[row][col] for row in range(height - 1, -1, -1)]
        if None in bottom_up:
            gap = bottom_up.index(None)
            for lift in range(gap + 1, height):
                if bottom_up[lift] is not None:
                    # Everything between the gap and this block is empty too.
                    row = height - 1 - lift
                    return (
                        f"the block at {where(row, col)} floats over the empty cell "
                        f"at {where(row + 1, col)}"
                    )
        if bottom_up[0] is None:
            if first_empty_column is None:
                first_empty_column = col
        elif first_empty_column is not None:
            return (
                f"column {first_empty_column} is empty but column {col} to its right is not"
            )
    return None


def _columns_of(rows: Rows) -> tuple[tuple[Colour, ...], ...]:
    """The blocks of each column of *rows*, bottom-up, settled: blocks fall, columns shift left."""
    width = len(rows[0])
    columns = [
        tuple(colour for row in reversed(rows) if (colour := row[col]) is not None)
        for col in range(width)
    ]
    filled = [column for column in columns if column]
    return tuple(filled + [()] * (width - len(filled)))


def _read_rows(text: str) -> Rows:
    """The rows of board *text*, compact or numeric, not yet checked for reachability."""
    if not isinstance(text, str):
        raise TypeError(f"{_WHAT} text must be a str, not {type(text).__name__}")
    if any(len(line.split()) > 1 for line in text.splitlines()):
        return tuple(
            tuple(_read_token(token, row, col) for col, token in enumerate(tokens))
            for row, tokens in enumerate(parse_token_grid(text, what=_WHAT))
        )
    lines = parse_grid(text, what=_WHAT)
    check_characters(lines, EMPTY + COLOUR_CHARS, what=_WHAT)
    return tuple(
        tuple(None if char == EMPTY else COLOUR_CHARS.index(char) for char in line)
        for line in lines
    )


def _read_token(token: str, row: int, col: int) -> Colour | None:
    if token == EMPTY:
        return None
    # The length test comes first: int() of a huge string is slow or refused.
    if len(token) <= 2 and token.isascii() and token.isdigit() and int(token) < MAX_COLOURS:
        return int(token)
    raise ParseError(
        f"{_WHAT} has {token!r} at {where(row, col)}; "
        f"expected '.' or a colour number 0-{MAX_COLOURS - 1}"
    )


def _board_text(columns: tuple[tuple[Colour, ...], ...], height: int) -> str:
    lines = []
    for lift in range(height - 1, -1, -1):
        lines.append(
            "".join(COLOUR_CHARS[column[lift]] if lift < len(column) else EMPTY
                    for column in columns)
        )
    return "\n".join(lines)


def _check_columns(columns: object, height: object) -> None:
    if isinstance(height, bool) or not isinstance(height, int):
        raise TypeError(f"height must be an int, not {type(height).__name__}")
    if height < 1:
        raise ValueError(f"height must be at least 1, not {height}")
    if not isinstance(columns, tuple) or not all(isinstance(c, tuple) for c in columns):
        raise TypeError("columns must be a tuple of tuples of colours")
    if not columns:
        raise ValueError("a board needs at least one column")
    for col, column in enumerate(columns):
        if len(column) > height:
            raise ValueError(f"column {col} has {len(column)} blocks, more than height {height}")
        for colour in column:
            if isinstance(colour, bool) or not isinstance(colour, int):
                raise TypeError(f"column {col} holds {colour!r}, not an int colour")
            if not 0 <= colour < MAX_COLOURS:
                raise ValueError(
                    f"column {col} holds colour {colour}, outside 0-{MAX_COLOURS - 1}"
                )
    filled = sum(1 for column in columns if column)
    if not all(columns[:filled]):
        raise ValueError(
            f"column {columns.index(())} is empty but a column to its right is not"
        )


@attrs.frozen(repr=False)
class Board:
    """A SameGame position: immutable, hashable, picklable.

    It is stored by columns, bottom block first, with the non-empty columns
    on the left, which is exactly the set of states a game can reach. Build it
    with :meth:`parse`, :meth:`from_rows`, :func:`settle` or
    :func:`~puzzlekit.samegame.random_board`; ``repr`` shows code that rebuilds it.

    >>> board = Board.parse("1.\\n12")
    >>> board.columns, board.height
    (((1, 1), (2,)), 2)
    >>> board
    Board.parse('1.\\n12')
    >>> Board(columns=((1, 1), (2,)), height=2) == board
    True
    """

    columns: tuple[tuple[Colour, ...], ...]
    """The blocks of each column, bottom block first; empty columns are all on the right."""
    height: int
    """The number of rows."""

    def __attrs_post_init__(self) -> None:
        _check_columns(self.columns, self.height)

    @classmethod
    def _make(cls, columns: tuple[tuple[Colour, ...], ...], height: int) -> Board:
        # Moves build boards that are valid by construction: skip the checks.
        board = object.__new__(cls)
        object.__setattr__(board, "columns", columns)
        object.__setattr__(board, "height", height)
        return board

    # -- text and rows ------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read a board: compact characters or whitespace-separated colour numbers.

        A block over an empty cell, or an empty column left of a non-empty one,
        cannot happen in a game and is refused; :func:`settle` lets such text
        fall into place instead.

        >>> Board.parse("0 3\\n4 1") == Board.parse("03\\n41")
        True
        >>> Board.parse("1.\\n.2")
        Traceback (most recent call last):
        ...
        puzzlekit.errors.ParseError: samegame board '1.\\n.2' cannot occur in a game: \
the block at row 0, column 0 floats over the empty cell at row 1, column 0 (settle() lets it fall)
        """
        rows = _read_rows(text)
        problem = _unreachable(rows)
        if problem is not None:
            raise ParseError(
                f"{_WHAT} {quoted(text)} cannot occur in a game: {problem} "
                "(settle() lets it fall)"
            )
        return cls._make(_columns_of(rows), len(rows))

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[Colour | None]]) -> Board:
        """Build a board from rows of colours (``None`` for empty), top row first.

        >>> Board.from_rows([[None, 2], [1, 2]])
        Board.parse('.2\\n12')
        >>> Board.from_rows([[1], [None]])
        Traceback (most recent call last):
        ...
        ValueError: rows cannot occur in a game: the block at row 0, column 0 floats over \
the empty cell at row 1, column 0 (settle() lets it fall)
        """
        checked = _check_rows(rows)
        problem = _unreachable(checked)
        if problem is not None:
            raise ValueError(f"rows cannot occur in a game: {problem} (settle() lets it fall)")
        return cls._make(_columns_of(checked), len(checked))

    def __str__(self) -> str:
        return _board_text(self.columns, self.height)

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"

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
        return len(self.columns)

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
        return tuple(sorted(set().union(*self.columns)))

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
        row, col = self._on_board(cell, ValueError)
        column = self.columns[col]
        lift = self.height - 1 - row
        return column[lift] if lift < len(column) else None

    # -- groups and moves ---------------------------------------------------

    def _on_board(self, cell: object, error: type[ValueError]) -> Cell:
        row, col = as_cell(cell)
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise error(
                f"cell {(row, col)} is off the board of {self.height} rows "
                f"and {self.width} columns"
            )
        return row, col

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

    def group_at(self, cell: Cell) -> Group | None:
        """The group holding *cell*, or ``None`` when the cell is empty.

        >>> Board.parse("1.\\n12").group_at((1, 0))
        Group(colour=1, cells=((0, 0), (1, 0)))
        >>> Board.parse("1.\\n12").group_at((0, 1)) is None
        True
        """
        located = self._locate(cell, ValueError)
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

    def _locate(
        self, cell: object, error: type[ValueError]
    ) -> tuple[_RunIndex, int, int] | None:
        row, col = self._on_board(cell, error)
        lift = self.height - 1 - row
        if lift >= len(self.columns[col]):
            return None
        index = _RunIndex(self.columns)
        return index, col, bisect_right(index.runs(col)[0], lift) - 1

    def legal_moves(self, *, min_group: int = 2) -> tuple[Move, ...]:
        """The playable groups, each once, named by their canonical cell, in reading order.

        >>> Board.parse("12\\n11").legal_moves()
        (Move(row=0, col=0),)
        >>> Board.parse("12\\n11").legal_moves(min_group=4)
        ()
        """
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
        return tuple(
            Move(*cell)
            for cell in sorted(canonical[label] for label, size in sizes.items()
                               if size >= min_group)
        )

    def has_moves(self, *, min_group: int = 2) -> bool:
        """Whether some group has *min_group* or more blocks.

        >>> Board.parse("12\\n21").has_moves(), Board.parse("12\\n11").has_moves(min_group=3)
        (False, True)
        """
        if min_group <= 1:
            return self.count > 0
        if min_group > 2:
            return bool(self.legal_moves(min_group=min_group))
        columns = self.columns
        for col, column in enumerate(columns):
            if any(map(int.__eq__, column, column[1:])):
                return True
            if col + 1 < len(columns) and any(map(int.__eq__, column, columns[col + 1])):
                return True
        return False

    @property
    def is_over(self) -> bool:
        """Whether no group of two or more blocks is left (the game has ended).

        >>> Board.parse("12\\n21").is_over, Board.parse("12\\n11").is_over
        (True, False)
        """
        return not self.has_moves()

    @property
    def is_cleared(self) -> bool:
        """Whether no block is left.

        >>> Board.parse("...\\n...").is_cleared
        True
        """
        return not self.columns[0]

    def play(self, cell: Cell, *, min_group: int = 2) -> Board:
        """Remove the group at *cell* (any of its cells): blocks fall, empty columns close.

        Raises :class:`~puzzlekit.IllegalMoveError` when *cell* is off the
        board, empty, or in a group smaller than *min_group*.

        >>> Board.parse("1..\\n12.\\n221").play((2, 0))
        Board.parse('...\\n1..\\n11.')
        >>> Board.parse("12\\n21").play((0, 0))
        Traceback (most recent call last):
        ...
        puzzlekit.errors.IllegalMoveError: cell (0, 0) holds a lone block of colour 1; \
a move removes a group of 2 or more
        """
        return self.play_counted(cell, min_group=min_group)[0]

    def play_counted(self, cell: Cell, *, min_group: int = 2) -> tuple[Board, int]:
        """Like :meth:`play`, also giving how many blocks the move removed (to score it).

        >>> board, removed = Board.parse("11\\n21").play_counted((0, 0))
        >>> print(board), removed
        ..
        2.
        (None, 3)
        """
        located = self._locate(cell, IllegalMoveError)
        if located is None:
            raise IllegalMoveError(f"cell {as_cell(cell)} is empty")
        index, col, run = located
        group = index.fill(col, run)
        removed = index.size(group)
        if removed < min_group:
            colour = index.runs(col)[2][run]
            what = "a lone block" if removed == 1 else f"a group of {removed} blocks"
            raise IllegalMoveError(
                f"cell {as_cell(cell)} holds {what} of colour {colour}; "
                f"a move removes a group of {min_group} or more"
            )
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
        return Board._make(tuple(columns), self.height), removed

    # -- pictures -----------------------------------------------------------

    def to_svg(self, *, cell_size: int = 24, highlight: Cell | None = None) -> str:
        """An SVG picture: one coloured square per block, *highlight* outlining a group.

        >>> svg = Board.parse("1.\\n12").to_svg(highlight=(0, 0))
        >>> svg.startswith("<svg") and svg.count("<rect") > 3
        True
        """
        from puzzlekit.samegame.render import board_svg  # here: render imports this module

        return board_svg(self, cell_size=cell_size, highlight=highlight)

    def _repr_svg_(self) -> str:
        """The SVG picture, for notebooks.

        >>> Board.parse("1").to_svg() == Board.parse("1")._repr_svg_()
        True
        """
        return self.to_svg()


def settle(source: str | Iterable[Sequence[Colour | None]]) -> Board:
    """Build a board from text or rows, letting floating blocks fall and empty columns close.

    :meth:`Board.parse` and :meth:`Board.from_rows` refuse such layouts since
    no game reaches them; this normalises them instead.

    >>> settle("1.\\n.2")
    Board.parse('..\\n12')
    >>> settle([[None, 1], [None, 2]])
    Board.parse('1.\\n2.')
    """
    rows = _read_rows(source) if isinstance(source, str) else _check_rows(list(source))
    return Board._make(_columns_of(rows), len(rows))
