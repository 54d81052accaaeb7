"""The one reader of ``key=value`` settings, for every rules text and every params text.

A settings text is words separated by spaces, each ``key=value``. Every key
must be known, none may be given twice, and each value is read by the
key's reader; anything else is a :class:`~puzzlekit.ParseError` that quotes
the whole text and names the word. :func:`write_settings` writes the form
back, so ``read_settings(write_settings(values), ...) == values``.

>>> readers = {"colours": integer(1, 62), "squared": yes_no, "gravity": one_of("none", "down")}
>>> read_settings("colours=5 squared=no", readers, what="rules")
{'colours': 5, 'squared': False}
>>> read_settings("colours=5 colours=6", readers, what="rules")
Traceback (most recent call last):
...
puzzlekit.errors.ParseError: rules 'colours=5 colours=6': colours is set twice
>>> write_settings({"colours": 5, "squared": False, "gravity": "down"})
'colours=5 squared=no gravity=down'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from puzzlekit.errors import ParseError, quoted

__all__ = ["Reader", "integer", "one_of", "read_settings", "write_settings", "yes_no"]

Reader = Callable[[str], object]
"""Reads one value; raises :class:`ValueError` saying what the value must be."""

_MAX_DIGITS = 18  # an int setting is read only this long, so a huge one fails at once


def read_settings(
    text: str, readers: Mapping[str, Reader], *, what: str, within: str | None = None
) -> dict[str, object]:
    """The values of the ``key=value`` words of *text*, each read by ``readers[key]``.

    *what* names the text in errors (``rules``, ``params``), which quote
    *within* (the whole text *text* is part of) or else *text*.

    >>> read_settings("squared=maybe", {"squared": yes_no}, what="rules")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: rules 'squared=maybe': squared must be yes or no
    >>> read_settings("size", {"squared": yes_no}, what="rules")
    Traceback (most recent call last):
    ...
    puzzlekit.errors.ParseError: rules 'size': unknown setting 'size'; the settings are squared
    """
    if not isinstance(text, str):
        raise TypeError(f"{what} text must be a str, not {type(text).__name__}")
    where = f"{what} {quoted(text if within is None else within)}"
    values: dict[str, object] = {}
    for word in text.split():
        key, equals, value = word.partition("=")
        if not equals or key not in readers:
            known = ", ".join(readers) or "none"
            raise ParseError(
                f"{where}: unknown setting {quoted(word)}; the settings are {known}"
            )
        if key in values:
            raise ParseError(f"{where}: {key} is set twice")
        try:
            values[key] = readers[key](value)
        except ValueError as error:
            raise ParseError(f"{where}: {key} must be {error}") from None
    return values


def write_settings(values: Mapping[str, object]) -> str:
    """The ``key=value`` words of *values*, in their order: ``yes``/``no`` for a bool,
    ``none`` for ``None``.

    >>> write_settings({"outside": True, "gravity": None})
    'outside=yes gravity=none'
    """
    return " ".join(f"{key}={_text(value)}" for key, value in values.items())


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def yes_no(value: str) -> bool:
    """Read ``yes`` or ``no``.

    >>> yes_no("yes"), yes_no("no")
    (True, False)
    """
    if value not in ("yes", "no"):
        raise ValueError("yes or no")
    return value == "yes"


def one_of(*choices: str, none: str | None = "none") -> Reader:
    """A reader of one of *choices*; the choice spelled *none* reads as ``None``.

    >>> one_of("none", "down")("none") is None, one_of("none", "down")("down")
    (True, 'down')
    """
    expected = ", ".join(choices[:-1]) + f" or {choices[-1]}" if len(choices) > 1 else choices[0]

    def read(value: str) -> object:
        if value not in choices:
            raise ValueError(expected)
        return None if value == none else value

    return read


def integer(minimum: int, maximum: int) -> Reader:
    """A reader of a whole number from *minimum* to *maximum*.

    >>> integer(0, 2)("1")
    1
    >>> integer(0, 2)("9")
    Traceback (most recent call last):
    ...
    ValueError: a whole number from 0 to 2
    """
    expected = f"a whole number from {minimum} to {maximum}"

    def read(value: str) -> int:
        digits = value[1:] if value[:1] == "-" else value
        if not digits.isascii() or not digits.isdigit() or len(digits) > _MAX_DIGITS:
            raise ValueError(expected)
        number = int(value)
        if not minimum <= number <= maximum:
            raise ValueError(expected)
        return number

    return read
