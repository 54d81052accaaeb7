"""The exceptions puzzlekit raises on purpose.

Every one derives from :class:`PuzzleError`; the ones about bad input or a
forbidden move are also :class:`ValueError` so that code written for the
standard library's conventions catches them too.

>>> from puzzlekit import ParseError
>>> issubclass(ParseError, ValueError)
True
"""

from __future__ import annotations

__all__ = ["IllegalMoveError", "ParseError", "PuzzleError", "UnsolvableError", "quoted"]


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
    """Asked for a solution (or tiling) of something that has none.

    Solvers themselves return ``None``; this is raised where the caller asked
    for a result that must exist.

    >>> issubclass(UnsolvableError, ValueError)
    True
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
