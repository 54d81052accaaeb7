"""Grid text and coordinates shared by every puzzle module.

Boards are written one line per row, top row first. These helpers split such
text into rows, check that it is rectangular and made of allowed characters,
and report problems with the 0-based position where they are found, so that
every module's ``parse`` speaks the same way.

>>> parse_grid("ab.\\n.ba\\n")
('ab.', '.ba')
>>> parse_cell("2,3")
(2, 3)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, TypeAlias, TypeVar

from puzzlekit.errors import ArgumentError, IllegalMoveError, ParseError, quoted

__all__ = [
    "MAX_COORDINATE",
    "NUMBERS_HEADER",
    "RULES_HEADER",
    "Cell",
    "as_cell",
    "check_characters",
    "check_int",
    "check_on_board",
    "parse_cell",
    "parse_grid",
    "parse_size",
    "parse_token_grid",
    "read_headers",
    "where",
]

Cell: TypeAlias = tuple[int, int]
"""A grid position ``(row, col)``, 0-based, row 0 at the top."""


def where(row: int, col: int) -> str:
    """Name a grid position in error messages, 0-based.

    >>> where(2, 3)
    'row 2, column 3'
    >>> where(10**5000, 0)
    'row (an int of 16610 bits), column 0'
    """
    return f"row {_number(row)}, column {_number(col)}"


def _number(value: int) -> str:
    # str() of an int past 4300 digits raises; a message must never fail.
    return str(value) if value.bit_length() < 64 else f"(an int of {value.bit_length()} bits)"


def _lines(text: object, what: str) -> list[str]:
    if not isinstance(text, str):
        raise TypeError(f"{what} text must be a str, not {type(text).__name__}")
    lines = [line.strip() for line in text.splitlines()]
    # Slice off the blank margins once: popping them one by one is quadratic.
    first = next((number for number, line in enumerate(lines) if line), len(lines))
    last = next((number for number in range(len(lines) - 1, -1, -1) if lines[number]), -1)
    lines = lines[first : last + 1]
    if not lines:
        raise ParseError(f"{what} text {quoted(text)} has no rows")
    for number, line in enumerate(lines):
        if not line:
            raise ParseError(f"{what} text has an empty line at row {number}")
    return lines


_SPACE = re.compile(r"\s")


def parse_grid(text: str, *, what: str = "board") -> tuple[str, ...]:
    """Split *text* into equally long rows of single-character cells.

    Leading and trailing blank lines and the white space around each row are
    ignored. A blank line inside the grid, a row of another length or a
    space inside a row raises :class:`~puzzlekit.ParseError` naming the row.

    >>> parse_grid("..a\\n.b")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: board row 1 '.b' has 2 cells, expected 3 like row 0
    """
    rows = _lines(text, what)
    width = len(rows[0])
    for number, row in enumerate(rows):
        if len(row) != width:
            raise ParseError(
                f"{what} row {number} {quoted(row)} has {len(row)} cells, "
                f"expected {width} like row 0"
            )
        space = _SPACE.search(row)
        if space is not None:
            raise ParseError(f"{what} has white space at {where(number, space.start())}")
    return tuple(rows)


def parse_token_grid(text: str, *, what: str = "board") -> tuple[tuple[str, ...], ...]:
    """Split *text* into equally long rows of white-space separated tokens.

    >>> parse_token_grid("0 1 2\\n2 1 0")
    (('0', '1', '2'), ('2', '1', '0'))
    """
    rows = tuple(tuple(line.split()) for line in _lines(text, what))
    width = len(rows[0])
    for number, row in enumerate(rows):
        if len(row) != width:
            raise ParseError(
                f"{what} row {number} has {len(row)} entries, expected {width} like row 0"
            )
    return rows


RULES_HEADER: Final = "rules:"
"""Starts the header line of a board text whose rules are not the puzzle's defaults."""

NUMBERS_HEADER: Final = "numbers:"
"""A header line saying a board text's cells are written as whitespace-separated numbers."""

T = TypeVar("T")  # a puzzle's rules type


def read_headers(
    text: str, rules: T | None, parse_rules: Callable[[str], T], *, what: str = "board"
) -> tuple[str, T | None, bool]:
    """The body of a board *text* after its header lines, its rules and whether
    its cells are numbers.

    A ``rules: ...`` line is read by *parse_rules* and must agree with *rules*
    when those are given (otherwise *rules* stand); a ``numbers:`` line takes
    nothing after it. Each header may come once, so the text is copied a
    bounded number of times.

    >>> read_headers("rules: x\\nnumbers:\\n1 2", None, str.strip)
    ('1 2', 'x', True)
    >>> read_headers("numbers: 3\\n1", None, str.strip)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: board header 'numbers: 3' takes nothing after 'numbers:'
    """
    body, numbers, headers = text.lstrip(), False, set()
    while body.startswith((RULES_HEADER, NUMBERS_HEADER)):
        header, _, body = body.partition("\n")
        body = body.lstrip()
        name = NUMBERS_HEADER if header.startswith(NUMBERS_HEADER) else RULES_HEADER
        if name in headers:
            raise ParseError(f"{what} text {quoted(text)} has a second {name!r} line")
        headers.add(name)
        if name == NUMBERS_HEADER:
            if header.strip() != NUMBERS_HEADER:
                raise ParseError(
                    f"board header {quoted(header)} takes nothing after {NUMBERS_HEADER!r}"
                )
            numbers = True
            continue
        named = parse_rules(header[len(RULES_HEADER) :])
        if rules is not None and rules != named:
            raise ParseError(f"{what} text names rules {str(named)!r} that differ from {rules}")
        rules = named
    return body, rules, numbers


def check_characters(rows: tuple[str, ...], allowed: str, *, what: str = "board") -> None:
    """Raise :class:`~puzzlekit.ParseError` at the first character not in *allowed*.

    >>> check_characters(("..#", ".x."), ".#", what="tromino board")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: tromino board has 'x' at row 1, column 1; expected one of '.#'
    """
    allowed_set = set(allowed)
    for row_number, row in enumerate(rows):
        if set(row) <= allowed_set:  # the common case, without a Python loop per cell
            continue
        for col, char in enumerate(row):
            if char not in allowed_set:
                raise ParseError(
                    f"{what} has {char!r} at {where(row_number, col)}; expected one of {allowed!r}"
                )


MAX_COORDINATE = 10**18 - 1
"""The largest row or column :func:`parse_cell` reads (18 digits): moves whose text must
read back check their coordinates against it.

>>> parse_cell(f"{MAX_COORDINATE},0")[0] == MAX_COORDINATE
True
"""

_CELL = re.compile(r"\s*(-?[0-9]{1,18})\s*,\s*(-?[0-9]{1,18})\s*")
"""ASCII digits only, and few enough to stay far from int's string limit."""


def parse_cell(text: str) -> Cell:
    """Read a cell written ``ROW,COL`` (0-based), as the command line takes it.

    >>> parse_cell(" 4, 0 ")
    (4, 0)
    >>> parse_cell("4,-1")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: cell '4,-1' has a negative coordinate
    """
    if not isinstance(text, str):
        raise TypeError(f"a cell is written as a str, not {type(text).__name__}")
    match = _CELL.fullmatch(text)
    if match is None:
        raise ParseError(f"cell {quoted(text)} is not of the form ROW,COL")
    if "-" in text:
        raise ParseError(f"cell {quoted(text)} has a negative coordinate")
    row, col = int(match[1]), int(match[2])
    return row, col


_SIZE = re.compile(r"\s*([0-9]{1,9})\s*[xX]\s*([0-9]{1,9})\s*")


def parse_size(text: str) -> tuple[int, int]:
    """Read a board size written ``ROWSxCOLS``, as the command line takes it.

    >>> parse_size("12x16")
    (12, 16)
    >>> parse_size("12 by 16")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: board size '12 by 16' is not of the form ROWSxCOLS (e.g. 12x16)
    """
    if not isinstance(text, str):
        raise TypeError(f"a board size is written as a str, not {type(text).__name__}")
    match = _SIZE.fullmatch(text)
    if match is None:
        raise ParseError(f"board size {quoted(text)} is not of the form ROWSxCOLS (e.g. 12x16)")
    return int(match[1]), int(match[2])


def as_cell(value: object) -> Cell:
    """Check that *value* is a ``(row, col)`` pair of ints and return it as a tuple.

    Public move functions call this first, so that a wrong type gives a
    :class:`TypeError` that says so rather than an error deep inside.

    >>> as_cell([1, 2])
    (1, 2)
    >>> as_cell((1, "2"))
    Traceback (most recent call last):
    ...
    TypeError: a cell is a (row, col) pair of ints, not a tuple of int, str
    """
    if isinstance(value, (tuple, list)) and len(value) == 2:
        row, col = value
        if type(row) is int and type(col) is int:
            return row, col
    shown = quoted(value) if isinstance(value, str) else f"a {type(value).__name__}"
    if isinstance(value, (tuple, list)):
        shown = f"a {type(value).__name__} of {', '.join(type(item).__name__ for item in value)}"
    raise TypeError(f"a cell is a (row, col) pair of ints, not {shown}")


def check_int(
    name: str, value: object, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """Check an int argument at the public boundary and return it.

    Booleans are refused (they are ints to Python, never what the caller
    meant): a wrong type is a :class:`TypeError`, a value out of range a
    :class:`ValueError`, each naming the argument.

    >>> check_int("rows", 3, minimum=1)
    3
    >>> check_int("kinds", 0, minimum=1, maximum=24)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: kinds must be from 1 to 24, not 0
    >>> check_int("rows", 2.0)
    Traceback (most recent call last):
    ...
    TypeError: rows must be an int, not float
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        if maximum is None:
            bound = f"at least {minimum}"
        elif minimum is None:
            bound = f"at most {maximum}"
        else:
            bound = f"from {minimum} to {maximum}"
        raise ArgumentError(f"{name} must be {bound}, not {_number(value)}")
    return value


def check_on_board(cell: object, height: int, width: int) -> Cell:
    """Check that *cell* is a ``(row, col)`` pair of ints on a *height* x *width* board.

    Every module's moves and queries use this, so an off-board cell is always
    an :class:`~puzzlekit.IllegalMoveError` with the same message.

    >>> check_on_board((1, 2), 3, 4)
    (1, 2)
    >>> check_on_board((3, 0), 3, 4)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.IllegalMoveError: cell (3, 0) is off the board (3 rows, 4 columns)
    """
    row, col = as_cell(cell)
    if not (0 <= row < height and 0 <= col < width):
        raise IllegalMoveError(
            f"cell ({_number(row)}, {_number(col)}) is off the board "
            f"({height} rows, {width} columns)"
        )
    return row, col
