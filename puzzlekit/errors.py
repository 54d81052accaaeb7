"""The exceptions puzzlekit raises on purpose.

Every one derives from :class:`PuzzleError`; the ones about bad input or a
forbidden move are also :class:`ValueError` so that code written for the
standard library's conventions catches them too.

>>> from puzzlekit import ParseError
>>> issubclass(ParseError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "IllegalMoveError",
    "LimitReached",
    "ParseError",
    "PuzzleError",
    "UnsolvableError",
    "quoted",
]


class PuzzleError(Exception):
    """Base of every exception puzzlekit raises on purpose.

    >>> from puzzlekit import IllegalMoveError, PuzzleError
    >>> issubclass(IllegalMoveError, PuzzleError)
    True
    """


class ParseError(PuzzleError, ValueError):
    """Malformed text: the message quotes the input and says what and where.

    >>> from puzzlekit.grid import parse_cell
    >>> parse_cell("3;4")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: cell '3;4' is not of the form ROW,COL
    """


class IllegalMoveError(PuzzleError, ValueError):
    """A well-formed move that the state does not allow; the message says why.

    >>> raise IllegalMoveError("cell (0, 0) is empty")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.IllegalMoveError: cell (0, 0) is empty
    """


class UnsolvableError(PuzzleError, ValueError):
    """Asked for an answer that must exist (a tiling, a hint), and it is proved not to.

    Raised only on proof: a search stopped by a limit raises
    :class:`LimitReached` instead, and ``solve()`` functions return a
    :class:`~puzzlekit.SearchResult` either way.

    >>> issubclass(UnsolvableError, ValueError)
    True
    """


class LimitReached(PuzzleError, TimeoutError):
    """A node or time limit (or a request to stop) ended a computation before its answer.

    Raised by calls that must return an answer (``tile``, ``is_tileable``,
    ``hint``, counts, generators). It says nothing about the answer itself:
    the same call with a larger limit may succeed. It is not a
    :class:`ValueError`, since the input was fine.

    >>> issubclass(LimitReached, TimeoutError), issubclass(LimitReached, ValueError)
    (True, False)
    """


class ArgumentError(PuzzleError, ValueError):
    """An argument of the right type but outside its allowed range (a size, a limit, a count).

    >>> from puzzlekit.grid import check_int
    >>> check_int("kinds", 0, minimum=1)
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ArgumentError: kinds must be at least 1, not 0
    """


def quoted(text: str) -> str:
    """*text* as ``repr`` shows it, cut short when it is too long for an error message.

    Every message that quotes user input goes through this, so a megabyte of
    bad input gives a one-line error.

    >>> quoted("a1A0")
    "'a1A0'"
    >>> quoted("x" * 500)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (500 characters)"
    """
    if len(text) <= 100:
        return repr(text)
    return f"{text[:60]!r}... ({len(text)} characters)"
